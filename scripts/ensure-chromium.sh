#!/usr/bin/env bash
# Makes sure Debian's headless-capable Chromium is at /usr/bin/chromium, which the report module's
# results-index test renders pages with. Installs the `chromium` package only when it is missing, so running
# it again changes nothing. Uses sudo only when not already root.
set -euo pipefail

CHROMIUM=/usr/bin/chromium

if [ -x "$CHROMIUM" ]; then
  echo "ensure-chromium: $CHROMIUM is present ($("$CHROMIUM" --version 2>/dev/null || echo 'version unknown'))"
  exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "ensure-chromium: $CHROMIUM is missing and there is no apt-get here; install Chromium so that $CHROMIUM exists" >&2
  exit 1
fi

SUDO=()
if [ "$(id -u)" -ne 0 ]; then
  if ! command -v sudo >/dev/null 2>&1; then
    echo "ensure-chromium: $CHROMIUM is missing; run 'apt-get install -y chromium' as root (no sudo here)" >&2
    exit 1
  fi
  SUDO=(sudo)
fi

echo "ensure-chromium: $CHROMIUM is missing; installing Debian's chromium package: ${SUDO[*]:+${SUDO[*]} }apt-get update && ${SUDO[*]:+${SUDO[*]} }apt-get install -y chromium"
export DEBIAN_FRONTEND=noninteractive
"${SUDO[@]}" apt-get update
"${SUDO[@]}" apt-get install -y --no-install-recommends chromium

if [ ! -x "$CHROMIUM" ]; then
  echo "ensure-chromium: the chromium package is installed but $CHROMIUM is still missing" >&2
  exit 1
fi
echo "ensure-chromium: installed $("$CHROMIUM" --version 2>/dev/null || echo "$CHROMIUM")"
