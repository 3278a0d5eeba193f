#!/usr/bin/env bash
# Makes sure Debian's Xvfb (a virtual X display) is installed, which jmeter-ext's GUI test opens the Scheduled
# Arrivals Thread Group's editor on. Installs the `xvfb` package only when `Xvfb` is missing, so running it again
# changes nothing. Uses sudo only when not already root.
set -euo pipefail

if command -v Xvfb >/dev/null 2>&1; then
  echo "ensure-xvfb: $(command -v Xvfb) is present"
  exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "ensure-xvfb: Xvfb is missing and there is no apt-get here; install Xvfb (the GUI test is skipped without it)" >&2
  exit 1
fi

SUDO=()
if [ "$(id -u)" -ne 0 ]; then
  if ! command -v sudo >/dev/null 2>&1; then
    echo "ensure-xvfb: Xvfb is missing; run 'apt-get install -y xvfb' as root (no sudo here)" >&2
    exit 1
  fi
  SUDO=(sudo)
fi

echo "ensure-xvfb: Xvfb is missing; installing Debian's xvfb package: ${SUDO[*]:+${SUDO[*]} }apt-get update && ${SUDO[*]:+${SUDO[*]} }apt-get install -y xvfb"
export DEBIAN_FRONTEND=noninteractive
"${SUDO[@]}" apt-get update
"${SUDO[@]}" apt-get install -y --no-install-recommends xvfb xauth

if ! command -v Xvfb >/dev/null 2>&1; then
  echo "ensure-xvfb: the xvfb package is installed but Xvfb is still missing" >&2
  exit 1
fi
echo "ensure-xvfb: installed $(command -v Xvfb)"
