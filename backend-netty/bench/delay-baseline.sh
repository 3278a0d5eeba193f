#!/usr/bin/env bash
# The delay backend against its own baseline, in one run (DelayBaselineBenchmark): the backend jar and a bare
# delaying Netty echo (BareDelayingEcho: read the request, schedule() the echo on the event loop), one after the
# other, each in its own JVM with the same flags, driven by the same closed-loop load tool (ClosedLoopHttpLoad,
# in the test JVM) at each connection count and delay. Prints per point p50/p99, throughput against the ideal,
# the server's CPU per request, the load tool's own CPU and lateness and the machine's busy share, then the
# verdicts "p99 backend ≤ p99 bare (same run)" and "p99 within 1 % of the delay", judged only where the load
# tool was not saturated (it says which). Holds the ports lock for the whole run; loopback only.
#
#   bash backend-netty/bench/delay-baseline.sh                           # 1,000 and 5,000 connections, 1000 ms
#   ROUNDS=2 DELAYS=1000,10 bash backend-netty/bench/delay-baseline.sh   # two rounds, also a 10 ms delay
#   CONNECTIONS=1000 SECONDS_MEASURED=10 WARMUP=3 bash backend-netty/bench/delay-baseline.sh
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
CONNECTIONS=${CONNECTIONS:-1000,5000}
DELAYS=${DELAYS:-1000}
SECONDS_MEASURED=${SECONDS_MEASURED:-20}
WARMUP=${WARMUP:-10}
ROUNDS=${ROUNDS:-1}
CLIENT_THREADS=${CLIENT_THREADS:-1}
MVN_FLAGS=${MVN_FLAGS:--o}

ulimit -n 200000 2>/dev/null || ulimit -n "$(ulimit -Hn)"
largest=$(tr ',' '\n' <<<"$CONNECTIONS" | sort -n | tail -1)
if (( $(ulimit -n) < largest + 1000 )); then
  echo "open-files limit $(ulimit -n) is below the $((largest + 1000)) descriptors $largest connections need per" \
       "process, and raising it was refused: raise the hard limit (limits.conf, docker --ulimit nofile=...) or" \
       "lower CONNECTIONS" >&2
  exit 2
fi

echo "command: $0 (CONNECTIONS=$CONNECTIONS DELAYS=$DELAYS SECONDS_MEASURED=$SECONDS_MEASURED WARMUP=$WARMUP" \
     "ROUNDS=$ROUNDS CLIENT_THREADS=$CLIENT_THREADS)"
cd "$root"
set +e
# shellcheck disable=SC2086 # MVN_FLAGS is a list of flags
flock /tmp/esbbench-ports.lock mvn -B $MVN_FLAGS verify -pl backend-netty -DskipITs=false \
  -Dtest=none -Dsurefire.failIfNoSpecifiedTests=false -Dit.test=DelayBaselineBenchmark \
  -Dbench.connections="$CONNECTIONS" -Dbench.delays="$DELAYS" -Dbench.seconds="$SECONDS_MEASURED" \
  -Dbench.warmup="$WARMUP" -Dbench.rounds="$ROUNDS" -Dbench.clientThreads="$CLIENT_THREADS" \
  | grep -vE '^\[INFO\]|^\[WARNING\]|^$|^Download'
status=${PIPESTATUS[0]}
exit "$status"
