#!/usr/bin/env bash
# CPU cost per message of the reference server (CPU time of its process / messages, as the IBM App
# Connect reports count it), for the direct and xslt scenarios at 1 KiB, under a bounded loopback load.
#
#   bash reference-esb/bench/cpu-per-message.sh
#   WARMUP=30 MEASURE=60 CONNECTIONS=32 SCENARIOS="direct xslt cbr-body" bash reference-esb/bench/cpu-per-message.sh
#   SCENARIOS=direct SERVER_GC=-XX:+UseParallelGC ESB_ARGS="--set esb.http.workers=2" bash reference-esb/bench/cpu-per-message.sh
#   ESB_JAR=/tmp/reference-esb-before.jar SCENARIOS=direct bash reference-esb/bench/cpu-per-message.sh
#
# Starts the echo backend and the reference server jars on loopback ports (below), drives each scenario
# with wrk (installed with apt-get when missing) for WARMUP seconds (the JIT needs ~20-30 s), then
# MEASURE seconds during which utime+stime of the server and of the backend process are read from
# /proc/PID/stat. It prints each process's CPU time per message and their ratio, server / backend, against
# the target of issue 16 (at most 8x: the server's whole mediation may cost at most eight times what the
# bare echo costs for the same request). The server and the backend run with the JVM flags the suite gives
# them (ServerLauncher), so the figures are the suite's. Every process it starts is stopped on exit, by its PID.
set -euo pipefail
COMMAND_LINE="$(for v in ESB_JAR IDLE WARMUP MEASURE CONNECTIONS WRK_THREADS SIZE SCENARIOS HEAP SERVER_GC ESB_JAVA_OPTS ESB_ARGS; do
    if [[ -n ${!v:-} ]]; then printf '%s=%q ' "$v" "${!v}"; fi; done)bash reference-esb/bench/cpu-per-message.sh"

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
WARMUP=${WARMUP:-30}
MEASURE=${MEASURE:-30}
CONNECTIONS=${CONNECTIONS:-16}
WRK_THREADS=${WRK_THREADS:-1}
SIZE=${SIZE:-1024}
# Seconds without load, after the start, over which the idle CPU of both processes is read
IDLE=${IDLE:-10}
SCENARIOS=${SCENARIOS:-"direct xslt"}
HTTP_PORT=${HTTP_PORT:-18280}
BACKEND_PORT=${BACKEND_PORT:-18688}
BROKER_PORT=${BROKER_PORT:-61716}
HEAP=${HEAP:-512m}
# Extra JVM flags for the server, e.g. ESB_JAVA_OPTS="-XX:StartFlightRecording=filename=/tmp/esb.jfr"
ESB_JAVA_OPTS=${ESB_JAVA_OPTS:-}
# The server's collector; the suite's is G1 (ServerLauncher.serverJvmFlags)
SERVER_GC=${SERVER_GC:--XX:+UseG1GC}
# Extra server arguments, e.g. ESB_ARGS="--set esb.http.workers=2"
ESB_ARGS=${ESB_ARGS:-}
# The target of issue 16: server CPU per message at most this many times the backend's per request.
TARGET_RATIO=${TARGET_RATIO:-8}

# The server jar; ESB_JAR=... compares another build (e.g. a copy of the jar before a change)
ESB_JAR=${ESB_JAR:-$ROOT/reference-esb/target/reference-esb.jar}
BACKEND_JAR=$ROOT/backend-netty/target/backend-netty.jar
WORK=$(mktemp -d -t reference-esb-bench-XXXXXX)
PIDS=()

cleanup() {
    for pid in "${PIDS[@]}"; do
        kill "$pid" 2>/dev/null || true
    done
    for pid in "${PIDS[@]}"; do
        wait "$pid" 2>/dev/null || true
    done
    rm -rf "$WORK"
}
trap cleanup EXIT

if [[ ! -f $ESB_JAR || ! -f $BACKEND_JAR ]]; then
    echo "building the jars ..." >&2
    (cd "$ROOT" && mvn -B -o -q -pl backend-netty,reference-esb -am package -DskipTests)
fi
if ! command -v wrk >/dev/null; then
    echo "installing wrk ..." >&2
    apt-get install -y wrk >/dev/null 2>&1 || { apt-get update >/dev/null && apt-get install -y wrk >/dev/null; }
fi

(cd "$ROOT" && mvn -B -o -q -pl core exec:java@generate-payloads \
    -Dexec.args="--out $WORK/payloads --sizes $SIZE --formats SOAP") >"$WORK/payloads.log" 2>&1 \
    || { cat "$WORK/payloads.log" >&2; exit 1; }
PAYLOAD=$WORK/payloads/soap/buyStocks-$SIZE.xml

cat > "$WORK/post.lua" <<'LUA'
wrk.method = "POST"
local file = assert(io.open(os.getenv("PAYLOAD"), "rb"))
wrk.body = file:read("*a")
file:close()
wrk.headers["Content-Type"] = "text/xml; charset=UTF-8"
wrk.headers["SOAPAction"] = '"urn:buyStocks"'
wrk.headers["routing"] = "xadmin;server1;community#1.0##"
done = function(summary, latency, requests)
    local e = summary.errors
    io.write(string.format("RESULT %d %d %d\n", summary.requests,
        e.connect + e.read + e.write + e.timeout, e.status))
end
LUA

wait_healthy() {
    local url=$1 pid=$2
    for _ in $(seq 1 240); do
        kill -0 "$pid" 2>/dev/null || { echo "process $pid died; see $WORK" >&2; exit 1; }
        curl -sf -o /dev/null "$url" && return 0
        sleep 0.5
    done
    echo "no healthy answer from $url" >&2
    exit 1
}

# utime and stime of a process, in clock ticks (fields 14 and 15 of /proc/PID/stat, after the command name)
cpu_ticks() {
    sed 's/^.*) //' "/proc/$1/stat" | awk '{print $12, $13}'
}

# JVM flags as the suite starts them (maven-plugin ServerLauncher: BACKEND_JVM_FLAGS, serverJvmFlags)
java -Xms256m -Xmx256m -XX:+UseParallelGC -jar "$BACKEND_JAR" --port "$BACKEND_PORT" >"$WORK/backend.log" 2>&1 &
BACKEND_PID=$!
PIDS+=("$BACKEND_PID")
java -Xms"$HEAP" -Xmx"$HEAP" $SERVER_GC $ESB_JAVA_OPTS -Xlog:gc*:file="$WORK/gc.log":time,uptime,level,tags \
    -jar "$ESB_JAR" --port "$HTTP_PORT" --broker-url "tcp://127.0.0.1:$BROKER_PORT" \
    --backend-url "http://127.0.0.1:$BACKEND_PORT/service/EchoService" \
    --keystore-dir "$ROOT/config/keystores" $ESB_ARGS >"$WORK/esb.log" 2>&1 &
ESB_PID=$!
PIDS+=("$ESB_PID")
wait_healthy "http://127.0.0.1:$BACKEND_PORT/health" "$BACKEND_PID"
wait_healthy "http://127.0.0.1:$HTTP_PORT/health" "$ESB_PID"

TICK=$(getconf CLK_TCK)
echo "command: $COMMAND_LINE"
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "java: $(java -version 2>&1 | head -1); server heap $HEAP $SERVER_GC $ESB_JAVA_OPTS $ESB_ARGS; wrk $CONNECTIONS connections, $WRK_THREADS thread(s); payload $SIZE B"
echo "backend µs/req: the echo backend's CPU per request; every message of these scenarios is one backend request"
printf '%-16s %9s %7s %6s %7s %13s %9s %14s %11s\n' scenario requests req/s errors non-2xx "server µs/msg" "(sys µs)" "backend µs/req" "ratio (≤${TARGET_RATIO}×)"
total_requests=0
for scenario in $SCENARIOS; do
    path=$(case $scenario in
        direct) echo /services/DirectProxy ;;
        cbr-body) echo /services/CBRProxy ;;
        cbr-soap-header) echo /services/CBRSOAPHeaderProxy ;;
        cbr-transport-header) echo /services/CBRTransportHeaderProxy ;;
        xslt) echo /services/XSLTProxy ;;
        soap) echo /services/SOAPProxy ;;
        *) echo "unsupported scenario $scenario (SOAP-over-HTTP scenarios only)" >&2; exit 2 ;;
    esac)
    url="http://127.0.0.1:$HTTP_PORT$path"
    warm=$(PAYLOAD=$PAYLOAD wrk -t"$WRK_THREADS" -c"$CONNECTIONS" -d"${WARMUP}s" -s "$WORK/post.lua" "$url" | grep '^RESULT')
    read -r esb_user0 esb_sys0 <<<"$(cpu_ticks "$ESB_PID")"; read -r be_user0 be_sys0 <<<"$(cpu_ticks "$BACKEND_PID")"
    result=$(PAYLOAD=$PAYLOAD wrk -t"$WRK_THREADS" -c"$CONNECTIONS" -d"${MEASURE}s" -s "$WORK/post.lua" "$url" | grep '^RESULT')
    read -r esb_user1 esb_sys1 <<<"$(cpu_ticks "$ESB_PID")"; read -r be_user1 be_sys1 <<<"$(cpu_ticks "$BACKEND_PID")"
    read -r _ requests errors non2xx <<<"$result"
    read -r _ warm_requests _ _ <<<"$warm"
    total_requests=$((total_requests + requests + warm_requests))
    awk -v s="$scenario" -v n="$requests" -v e="$errors" -v x="$non2xx" -v d="$MEASURE" -v t="$TICK" -v target="$TARGET_RATIO" \
        -v c="$((esb_user1 + esb_sys1 - esb_user0 - esb_sys0))" -v cs="$((esb_sys1 - esb_sys0))" \
        -v b="$((be_user1 + be_sys1 - be_user0 - be_sys0))" 'BEGIN {
            if (n == 0) { printf "%-16s no requests completed\n", s; exit }
            server = c / t * 1e6 / n; backend = b / t * 1e6 / n
            ratio = backend > 0 ? sprintf("%.1f× %s", server / backend, server / backend <= target ? "ok" : "OVER") : "-"
            printf "%-16s %9d %7.0f %6d %7d %13.1f %9.1f %14.1f %11s\n", s, n, n / d, e, x, server, cs / t * 1e6 / n, backend, ratio }'
done
# The processes' CPU with no load, once warm: the floor that a low message rate divides among few
# messages (broker, timers, JIT), which is why CPU per message grows as the rate falls.
read -r esb_user0 esb_sys0 <<<"$(cpu_ticks "$ESB_PID")"; read -r be_user0 be_sys0 <<<"$(cpu_ticks "$BACKEND_PID")"
sleep "$IDLE"
read -r esb_user1 esb_sys1 <<<"$(cpu_ticks "$ESB_PID")"; read -r be_user1 be_sys1 <<<"$(cpu_ticks "$BACKEND_PID")"
awk -v d="$IDLE" -v t="$TICK" -v c="$((esb_user1 + esb_sys1 - esb_user0 - esb_sys0))" \
    -v b="$((be_user1 + be_sys1 - be_user0 - be_sys0))" 'BEGIN {
        printf "idle for %d s: server %.1f ms CPU/s, backend %.1f ms CPU/s\n", d, c / t * 1000 / d, b / t * 1000 / d }'
# Cross-check that the backend served one request per message: its own count, printed when it stops.
kill "$BACKEND_PID" 2>/dev/null || true
wait "$BACKEND_PID" 2>/dev/null || true
served=$(grep -o 'requests=[0-9]*' "$WORK/backend.log" | tail -1 | cut -d= -f2)
echo "backend served ${served:-?} requests in all (health checks included); wrk sent $total_requests messages"
