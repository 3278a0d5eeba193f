#!/usr/bin/env bash
# Checks that `mvn -Pgui -Dplan=NAME` opens the JMeter GUI on a plan, on a machine without a display: starts Xvfb,
# runs the build with DISPLAY set, waits for JMeter's window, screenshots the screen into target/gui-<plan>.png,
# then stops the JMeter GUI, the build and Xvfb it started (also on failure).
#
#   scripts/gui-screenshot.sh                 # -Dplan=direct
#   PLAN=rest scripts/gui-screenshot.sh -o    # extra arguments go to mvn
#
# GUI_WAIT: seconds to wait for the window (default 600: a first build compiles every module and downloads JMeter).
# Installs Debian's xvfb, imagemagick and x11-utils with apt-get when missing.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PLAN="${PLAN:-direct}"
GUI_WAIT="${GUI_WAIT:-600}"
# A file name for the plan: "direct", or "my-plan" for my-plans/my-plan.jmx.
NAME="$(basename "$PLAN" .jmx | tr -c 'A-Za-z0-9._\n-' '_')"
OUT_DIR="$ROOT/target"
PNG="$OUT_DIR/gui-$NAME.png"
MVN_LOG="$OUT_DIR/gui-$NAME.mvn.log"

log() { printf '[gui-screenshot] %s\n' "$*" >&2; }

ensure_packages() {
  local missing=()
  command -v Xvfb >/dev/null 2>&1 || missing+=(xvfb)
  command -v import >/dev/null 2>&1 || missing+=(imagemagick)
  command -v xwininfo >/dev/null 2>&1 || missing+=(x11-utils)
  [ "${#missing[@]}" -eq 0 ] && return 0
  local sudo=()
  [ "$(id -u)" -eq 0 ] || sudo=(sudo)
  log "installing ${missing[*]} with apt-get"
  "${sudo[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

XVFB_PID=""
MVN_PID=""
TMP="$(mktemp -d)"

# Every process below $1 (children first-level and deeper), by PID.
descendants() {
  local child
  for child in $(ps -o pid= --ppid "$1" 2>/dev/null); do
    echo "$child"
    descendants "$child"
  done
}

# The JMeter GUI this run's build started: a descendant of our mvn whose command line runs JMeter's launcher.
jmeter_pid() {
  [ -n "$MVN_PID" ] || return 0
  local pid
  for pid in $(descendants "$MVN_PID"); do
    if tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -q 'ApacheJMeter'; then
      echo "$pid"
      return 0
    fi
  done
}

stop_pid() { # pid name seconds
  local pid="$1" name="$2" waited=0
  kill -0 "$pid" 2>/dev/null || return 0
  log "stopping $name (pid $pid)"
  kill -TERM "$pid" 2>/dev/null || true
  while kill -0 "$pid" 2>/dev/null && [ "$waited" -lt "$3" ]; do
    sleep 1
    waited=$((waited + 1))
  done
  kill -0 "$pid" 2>/dev/null && kill -KILL "$pid" 2>/dev/null || true
}

cleanup() {
  local status=$?
  set +e
  local jmeter
  jmeter="$(jmeter_pid)"
  [ -n "$jmeter" ] && stop_pid "$jmeter" "JMeter GUI" 15
  # With the GUI gone the gui goal ends and the build with it; stop it if it does not.
  if [ -n "$MVN_PID" ]; then
    local waited=0
    while [ -n "$jmeter" ] && kill -0 "$MVN_PID" 2>/dev/null && [ "$waited" -lt 20 ]; do
      sleep 1
      waited=$((waited + 1))
    done
    stop_pid "$MVN_PID" "mvn" 30
  fi
  [ -n "$MVN_PID" ] && wait "$MVN_PID" 2>/dev/null
  [ -n "$XVFB_PID" ] && stop_pid "$XVFB_PID" "Xvfb" 10
  [ -n "$XVFB_PID" ] && wait "$XVFB_PID" 2>/dev/null
  rm -rf "$TMP"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

ensure_packages
mkdir -p "$OUT_DIR"
rm -f "$PNG"

# -displayfd: Xvfb picks a free display itself and writes its number, so two runs never collide.
Xvfb -displayfd 3 -screen 0 1600x1000x24 -nolisten tcp 3>"$TMP/display" 2>"$TMP/xvfb.log" &
XVFB_PID=$!
for _ in $(seq 1 100); do
  [ -s "$TMP/display" ] && break
  kill -0 "$XVFB_PID" 2>/dev/null || { cat "$TMP/xvfb.log" >&2; log "Xvfb did not start"; exit 1; }
  sleep 0.1
done
[ -s "$TMP/display" ] || { log "Xvfb named no display within 10 s"; exit 1; }
export DISPLAY=":$(tr -d '[:space:]' <"$TMP/display")"
log "Xvfb on DISPLAY=$DISPLAY (pid $XVFB_PID)"

cd "$ROOT"
log "mvn -B -Pgui -Dplan=$PLAN $* (log $MVN_LOG)"
started=$(date +%s)
mvn -B -Pgui "-Dplan=$PLAN" "$@" >"$MVN_LOG" 2>&1 </dev/null &
MVN_PID=$!

window=""
first_seen=""
while [ -z "$window" ]; do
  if ! kill -0 "$MVN_PID" 2>/dev/null; then
    wait "$MVN_PID" && rc=0 || rc=$?
    MVN_PID=""
    tail -n 40 "$MVN_LOG" >&2
    log "mvn ended (exit $rc) before a JMeter window appeared; full log: $MVN_LOG"
    exit 1
  fi
  if [ $(($(date +%s) - started)) -ge "$GUI_WAIT" ]; then
    tail -n 40 "$MVN_LOG" >&2
    log "no JMeter window within $GUI_WAIT s (GUI_WAIT); full log: $MVN_LOG"
    exit 1
  fi
  # JMeter titles its main frame "<plan> (<file>) - Apache JMeter (5.6.3)" once the plan is loaded; before that
  # (and when the plan failed to load) it is "Apache JMeter (5.6.3)", which counts after 60 s.
  titles="$(xwininfo -root -tree 2>/dev/null | grep -o '"[^"]*Apache JMeter[^"]*"' || true)"
  window="$(grep -F '.jmx) - Apache JMeter' <<<"$titles" | head -n 1 || true)"
  if [ -z "$window" ] && [ -n "$titles" ]; then
    first_seen="${first_seen:-$(date +%s)}"
    [ $(($(date +%s) - first_seen)) -ge 60 ] && window="$(head -n 1 <<<"$titles")"
  fi
  [ -n "$window" ] || sleep 2
done
log "window $window after $(($(date +%s) - started)) s"
# The main frame is mapped before its tree and dialogs are drawn.
sleep "${GUI_SETTLE:-8}"
import -window root "$PNG"
grep -E '\[esb-bench\] (plan |starting the JMeter GUI|Start sends)' "$MVN_LOG" >&2 || true
log "screenshot: $PNG"
echo "$PNG"
