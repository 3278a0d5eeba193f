#!/usr/bin/env bash
# Benchmark of the Netty echo backend with wrk, on loopback only. Prints, per body size at 100 connections,
# requests/s, p50/p99 latency and the backend's CPU time per request (from /proc/<pid>/stat), then the delay
# mode (1000 ms delay, 5,000 connections): throughput against the ideal 5,000/s, p99, per-cycle efficiency and
# listen-queue overflows. wrk and the backend share the machine's cores, so CPU per request is the fair figure.
#
#   bash backend-netty/bench/echo-benchmark.sh            # 30 s per point after a 30 s warm-up
#   DURATION=10 WARMUP=5 bash backend-netty/bench/echo-benchmark.sh
#   BASELINE=1 bash backend-netty/bench/echo-benchmark.sh # also a bare Netty echo (BareNettyEcho.java), same sizes
# Warm-up matters: the JIT needs about 20 s of load before the CPU per request settles.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
DURATION=${DURATION:-30}
WARMUP=${WARMUP:-30}
BASELINE=${BASELINE:-0}
PORT=${PORT:-18688}
THREADS=${THREADS:-2}
DELAY_CONNECTIONS=${DELAY_CONNECTIONS:-5000}
JAR="$root/backend-netty/target/backend-netty.jar"
work=$(mktemp -d)
backend_pid=""

cleanup() {
  if [[ -n "$backend_pid" ]] && kill -0 "$backend_pid" 2>/dev/null; then
    kill -TERM "$backend_pid"
    wait "$backend_pid" || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT

need() { # command, Debian package
  command -v "$1" >/dev/null 2>&1 && return
  echo "installing $2 (apt) for this benchmark" >&2
  local sudo=""
  [[ $(id -u) -ne 0 ]] && sudo="sudo"
  $sudo apt-get update -qq >/dev/null
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$2" >/dev/null
}
need wrk wrk
need curl curl

if [[ ! -f "$JAR" ]]; then
  (cd "$root" && mvn -B -q -pl backend-netty -am package -DskipTests)
fi
ulimit -n 200000 2>/dev/null || ulimit -n "$(ulimit -Hn)"

clk_tck=$(getconf CLK_TCK)
cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }       # utime + stime of the backend process
listen_overflows() { awk '/^TcpExt:/ { if (!n) { for (i = 1; i <= NF; i++) col[$i] = i; n = 1 } else print $col["ListenOverflows"] }' /proc/net/netstat; }
field() { sed -n "s/.*$1=\([0-9.]*\).*/\1/p" <<<"$2"; }

start_backend() { # delay ms, or "bare" for the baseline echo
  if [[ "$1" == bare ]]; then
    java -Xms256m -Xmx1g -cp "$JAR" "$here/BareNettyEcho.java" "$PORT" 2>"$work/backend.log" &
  else
    java -Xms256m -Xmx1g -jar "$JAR" --port "$PORT" --delay-ms "$1" 2>"$work/backend.log" &
  fi
  backend_pid=$!
  for _ in $(seq 1 100); do
    curl -fs -o /dev/null "http://127.0.0.1:$PORT/health" 2>/dev/null && return
    sleep 0.1
  done
  echo "backend did not become healthy:" >&2; cat "$work/backend.log" >&2; exit 1
}

stop_backend() {
  kill -TERM "$backend_pid"; wait "$backend_pid" || true; backend_pid=""
}

run_wrk() { # connections, seconds, body file
  BODY_FILE="$3" wrk -t "$THREADS" -c "$1" -d "${2}s" --timeout 10s -s "$here/post.lua" \
    "http://127.0.0.1:$PORT/service/EchoService" | grep '^RESULT'
}

echo "machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo), $(uname -sr), $(java -version 2>&1 | head -1)"
echo "wrk: $THREADS threads; backend: $(java -jar "$JAR" --version | head -1); ${WARMUP} s warm-up + ${DURATION} s per point"
echo

measure_sizes() { # label; the backend is running
  for size in 1024 10240 102400; do
    body="$work/body-$size"
    head -c "$size" /dev/zero | tr '\0' 'x' >"$body"
    run_wrk 100 "$WARMUP" "$body" >/dev/null
    before=$(cpu_ticks "$backend_pid")
    result=$(run_wrk 100 "$DURATION" "$body")
    after=$(cpu_ticks "$backend_pid")
    requests=$(field requests "$result")
    awk -v label="$1" -v size="$size" -v req="$requests" -v dur="$(field duration_us "$result")" \
        -v p50="$(field p50_us "$result")" -v p99="$(field p99_us "$result")" -v ticks=$((after - before)) \
        -v hz="$clk_tck" -v err=$(( $(field errors "$result") + $(field status_errors "$result") )) \
        'BEGIN { printf "%-13s %-8s %6d %12.0f %10.2f %10.2f %14.1f %7d\n", label, size, 100, req / (dur / 1e6), p50 / 1000, p99 / 1000, ticks / hz * 1e6 / req, err }'
  done
}

printf '%-13s %-8s %6s %12s %10s %10s %14s %7s\n' backend size conns 'requests/s' 'p50 ms' 'p99 ms' 'CPU us/req' errors
start_backend 0
measure_sizes backend-netty
stop_backend
if [[ "$BASELINE" == 1 ]]; then
  start_backend bare
  measure_sizes bare-netty
  stop_backend
fi

echo
start_backend 1000
body="$work/body-1024"
run_wrk "$DELAY_CONNECTIONS" "$WARMUP" "$body" >/dev/null
overflows_before=$(listen_overflows)
result=$(run_wrk "$DELAY_CONNECTIONS" "$DURATION" "$body")
overflows_after=$(listen_overflows)
stop_backend
awk -v req="$(field requests "$result")" -v dur="$(field duration_us "$result")" -v conns="$DELAY_CONNECTIONS" \
    -v p50="$(field p50_us "$result")" -v p99="$(field p99_us "$result")" -v mean="$(field mean_us "$result")" \
    -v max="$(field max_us "$result")" -v err=$(( $(field errors "$result") + $(field status_errors "$result") )) \
    -v overflows=$((overflows_after - overflows_before)) \
    'BEGIN {
       rps = req / (dur / 1e6)
       printf "delay 1000 ms, %d connections, 1 KiB: %.0f requests/s = %.2f%% of the ideal %d/s\n", conns, rps, 100 * rps / conns, conns
       printf "  latency p50 %.1f ms, p99 %.1f ms, max %.1f ms; per-cycle efficiency (1000 ms / mean %.2f ms) %.2f%%\n", p50 / 1000, p99 / 1000, max / 1000, mean / 1000, 100 * 1e6 / mean
       printf "  errors %d, listen-queue overflows during the run %d\n", err, overflows
     }'
