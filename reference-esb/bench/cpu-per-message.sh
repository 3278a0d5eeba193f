#!/usr/bin/env bash
# CPU cost per message of the reference server (CPU time of its process / messages, as the IBM App
# Connect reports count it), for the direct and xslt scenarios at 1 KiB, under a bounded loopback load.
#
#   bash reference-esb/bench/cpu-per-message.sh
#   WARMUP=30 MEASURE=60 CONNECTIONS=32 SCENARIOS="direct xslt cbr-body" bash reference-esb/bench/cpu-per-message.sh
#
# Starts the echo backend and the reference server jars on loopback ports (below), drives each scenario
# with wrk (installed with apt-get when missing) for WARMUP seconds (the JIT needs ~20-30 s), then
# MEASURE seconds during which utime+stime of the server process are read from /proc/PID/stat.
# Every process it starts is stopped on exit, by its PID.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
WARMUP=${WARMUP:-30}
MEASURE=${MEASURE:-30}
CONNECTIONS=${CONNECTIONS:-16}
WRK_THREADS=${WRK_THREADS:-1}
SIZE=${SIZE:-1024}
SCENARIOS=${SCENARIOS:-"direct xslt"}
HTTP_PORT=${HTTP_PORT:-18280}
BACKEND_PORT=${BACKEND_PORT:-18688}
BROKER_PORT=${BROKER_PORT:-61716}
HEAP=${HEAP:-512m}
# Extra JVM flags for the server, e.g. ESB_JAVA_OPTS="-XX:StartFlightRecording=filename=/tmp/esb.jfr"
ESB_JAVA_OPTS=${ESB_JAVA_OPTS:-}

ESB_JAR=$ROOT/reference-esb/target/reference-esb.jar
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
    (cd "$ROOT" && mvn -B -q -pl backend-netty,reference-esb -am install -DskipTests)
fi
if ! command -v wrk >/dev/null; then
    echo "installing wrk ..." >&2
    apt-get install -y wrk >/dev/null 2>&1 || { apt-get update >/dev/null && apt-get install -y wrk >/dev/null; }
fi

(cd "$ROOT" && mvn -B -q -pl core exec:java@generate-payloads \
    -Dexec.args="--out $WORK/payloads --sizes $SIZE --formats SOAP") >/dev/null
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

# utime + stime of a process, in clock ticks (fields 14 and 15 of /proc/PID/stat, after the command name)
cpu_ticks() {
    sed 's/^.*) //' "/proc/$1/stat" | awk '{print $12 + $13}'
}

java -jar "$BACKEND_JAR" --port "$BACKEND_PORT" >"$WORK/backend.log" 2>&1 &
BACKEND_PID=$!
PIDS+=("$BACKEND_PID")
java -Xms"$HEAP" -Xmx"$HEAP" $ESB_JAVA_OPTS -Xlog:gc*:file="$WORK/gc.log":time,uptime,level,tags \
    -jar "$ESB_JAR" --port "$HTTP_PORT" --broker-url "tcp://127.0.0.1:$BROKER_PORT" \
    --backend-url "http://127.0.0.1:$BACKEND_PORT/service/EchoService" \
    --keystore-dir "$ROOT/config/keystores" >"$WORK/esb.log" 2>&1 &
ESB_PID=$!
PIDS+=("$ESB_PID")
wait_healthy "http://127.0.0.1:$BACKEND_PORT/health" "$BACKEND_PID"
wait_healthy "http://127.0.0.1:$HTTP_PORT/health" "$ESB_PID"

TICK=$(getconf CLK_TCK)
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "java: $(java -version 2>&1 | head -1); heap $HEAP; wrk $CONNECTIONS connections, $WRK_THREADS thread(s); payload $SIZE B"
printf '%-22s %10s %10s %8s %8s %14s %14s\n' scenario requests req/s errors non-2xx "server µs/msg" "backend µs/msg"
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
    PAYLOAD=$PAYLOAD wrk -t"$WRK_THREADS" -c"$CONNECTIONS" -d"${WARMUP}s" -s "$WORK/post.lua" "$url" >/dev/null
    esb0=$(cpu_ticks "$ESB_PID"); backend0=$(cpu_ticks "$BACKEND_PID")
    result=$(PAYLOAD=$PAYLOAD wrk -t"$WRK_THREADS" -c"$CONNECTIONS" -d"${MEASURE}s" -s "$WORK/post.lua" "$url" | grep '^RESULT')
    esb1=$(cpu_ticks "$ESB_PID"); backend1=$(cpu_ticks "$BACKEND_PID")
    read -r _ requests errors non2xx <<<"$result"
    awk -v s="$scenario" -v n="$requests" -v e="$errors" -v x="$non2xx" -v d="$MEASURE" -v t="$TICK" \
        -v c="$((esb1 - esb0))" -v b="$((backend1 - backend0))" 'BEGIN {
            if (n == 0) { printf "%-22s no requests completed\n", s; exit }
            printf "%-22s %10d %10.0f %8d %8d %14.1f %14.1f\n", s, n, n / d, e, x, c / t * 1e6 / n, b / t * 1e6 / n }'
done
