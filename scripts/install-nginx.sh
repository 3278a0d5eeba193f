#!/usr/bin/env bash
# Makes sure an nginx binary is here for the nginx target profile (config/targets/nginx.properties), which the
# suite starts itself (in the foreground, under the run's folder). Installs Debian's `nginx-light` only when no
# nginx is found, so running it again changes nothing. Uses sudo only when not already root.
#
# Installing the package must not leave Debian's own nginx service running on port 80: while apt-get runs, a
# temporary /usr/sbin/policy-rc.d denies every service start (the documented Debian mechanism, exit 101), and it
# is removed again afterwards (an existing one is left alone: it already decides).
set -euo pipefail

found() {
  command -v nginx 2>/dev/null || { [ -x /usr/sbin/nginx ] && echo /usr/sbin/nginx; } || true
}

NGINX="$(found)"
if [ -n "$NGINX" ]; then
  echo "install-nginx: $NGINX is present ($("$NGINX" -v 2>&1 | head -n 1))"
  exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "install-nginx: no nginx here and no apt-get; install nginx (1.19.5 or newer) so that 'nginx' is on the PATH" >&2
  exit 1
fi

SUDO=()
if [ "$(id -u)" -ne 0 ]; then
  if ! command -v sudo >/dev/null 2>&1; then
    echo "install-nginx: no nginx here; run 'apt-get install -y nginx-light' as root (no sudo here)" >&2
    exit 1
  fi
  SUDO=(sudo)
fi

POLICY=/usr/sbin/policy-rc.d
OWN_POLICY=no
if [ ! -e "$POLICY" ]; then
  printf '#!/bin/sh\n# install-nginx.sh: no service starts while it installs nginx\nexit 101\n' | "${SUDO[@]}" tee "$POLICY" >/dev/null
  "${SUDO[@]}" chmod 755 "$POLICY"
  OWN_POLICY=yes
fi
cleanup() {
  if [ "$OWN_POLICY" = yes ]; then
    "${SUDO[@]}" rm -f "$POLICY"
  fi
}
trap cleanup EXIT

echo "install-nginx: no nginx found; installing Debian's nginx-light (${SUDO[*]:+${SUDO[*]} }apt-get install -y nginx-light), service start denied"
export DEBIAN_FRONTEND=noninteractive
"${SUDO[@]}" apt-get update -qq
"${SUDO[@]}" apt-get install -y -qq --no-install-recommends nginx-light >/dev/null

# Belt and braces: if a service started anyway (no policy-rc.d honoured, e.g. another init), stop exactly the
# process the package started, from its pid file, and nothing else.
if [ -s /run/nginx.pid ]; then
  PID="$(cat /run/nginx.pid)"
  if [ -n "$PID" ] && kill -0 "$PID" 2>/dev/null; then
    echo "install-nginx: the package started nginx (pid $PID); stopping it"
    "${SUDO[@]}" kill -QUIT "$PID" || true
  fi
fi

NGINX="$(found)"
if [ -z "$NGINX" ]; then
  echo "install-nginx: nginx-light is installed but no nginx binary was found" >&2
  exit 1
fi
echo "install-nginx: installed $("$NGINX" -v 2>&1 | head -n 1)"
