#!/bin/sh
# Starts nginx in the foreground for the suite (target profile nginx): writes the run's nginx.conf into the
# working folder with the profile's listen address and backend, then becomes nginx (exec), so the process the
# suite started is nginx's master and its workers are that process's children.
#   run-nginx.sh WORK_DIR HOST PORT BACKEND_HOST BACKEND_PORT [CONF]
# CONF is the configuration to start from, default this folder's nginx.conf; another profile passes its own (e.g.
# nginx-limited: ${artefacts}/nginx.conf), written with the same listen and upstream lines so they are replaced too.
set -eu
if [ $# -ne 5 ] && [ $# -ne 6 ]; then
  echo "usage: run-nginx.sh WORK_DIR HOST PORT BACKEND_HOST BACKEND_PORT [CONF]" >&2
  exit 2
fi
WORK=$1 HOST=$2 PORT=$3 BACKEND_HOST=$4 BACKEND_PORT=$5
HERE=$(cd "$(dirname "$0")" && pwd)
CONF=${6:-$HERE/nginx.conf}
if [ ! -f "$CONF" ]; then
  echo "run-nginx: no configuration $CONF" >&2
  exit 1
fi
NGINX=$(command -v nginx || true)
[ -n "$NGINX" ] || { [ -x /usr/sbin/nginx ] && NGINX=/usr/sbin/nginx; } || true
if [ -z "$NGINX" ]; then
  echo "run-nginx: no nginx binary; run scripts/install-nginx.sh" >&2
  exit 1
fi
mkdir -p "$WORK/logs" "$WORK/temp"
sed -e "s/listen 127\.0\.0\.1:8380;/listen $HOST:$PORT;/" \
    -e "s/server 127\.0\.0\.1:8688;/server $BACKEND_HOST:$BACKEND_PORT;/" \
    "$CONF" > "$WORK/nginx.conf"
# -e: errors before the configuration is read go to stderr (the suite's server log), not to /var/log/nginx.
exec "$NGINX" -p "$WORK/" -c "$WORK/nginx.conf" -e stderr -g 'daemon off;'
