#!/usr/bin/env bash
# What a request costs when it finds the chain idle, measured without JMeter: starts the echo backend and the
# reference server (the suite's command lines, loopback only), then a plain keep-alive HTTP client (Python's
# http.client, one connection) sends the 1 KiB SOAP payload 2,000 times back to back (after 2,000 to warm up), then
# 200 times one every 50 ms (20/s, the open model's low rate), to the backend alone and to the server's direct proxy,
# and prints each p50 and p90. The open model at 20 arrivals/s cannot be faster than the second figure on this
# machine, whatever the generator; the closed model at one user sees about the first. Stops what it starts.
#
#   mvn -B install -DskipTests               # once: jars and payloads in data/generated
#   bash jmeter-ext/bench/idle-penalty.sh    # CLIENT_CPUS=0 SERVER_CPUS=1 (taskset lists; empty: any CPU)
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
BACKEND_PORT=${BACKEND_PORT:-18688}
SERVER_PORT=${SERVER_PORT:-18280}
CLIENT_CPUS=${CLIENT_CPUS:-}
SERVER_CPUS=${SERVER_CPUS:-}
payload="$root/data/soap/buyStocks-1024.xml"
# the command prefixes that pin each side to its CPUs (nothing: any CPU)
client=(); [ -z "$CLIENT_CPUS" ] || client=(taskset -c "$CLIENT_CPUS")
server=(); [ -z "$SERVER_CPUS" ] || server=(taskset -c "$SERVER_CPUS")
work=$(mktemp -d)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT

"${client[@]}" java -Xms256m -Xmx256m -XX:+UseParallelGC -jar "$root/backend-netty/target/backend-netty.jar" \
  --port "$BACKEND_PORT" --bind 127.0.0.1 --delay-ms 0 >"$work/backend.log" 2>&1 &
pids+=($!)
"${server[@]}" java -Xms512m -Xmx512m -XX:+UseG1GC -jar "$root/reference-esb/target/reference-esb.jar" \
  --port "$SERVER_PORT" --bind 127.0.0.1 --backend-url "http://127.0.0.1:$BACKEND_PORT/service/EchoService" \
  --broker-url tcp://127.0.0.1:61616 --keystore-dir "$root/config/keystores" --algorithm-suite MODERN \
  >"$work/server.log" 2>&1 &
pids+=($!)
for _ in $(seq 1 300); do
  curl -fs -o /dev/null "http://127.0.0.1:$SERVER_PORT/health" 2>/dev/null && break
  sleep 0.1
done

probe() {
  "${client[@]}" python3 - "$1" "$2" "$payload" <<'PY'
import http.client, sys, time
port, path, payload = int(sys.argv[1]), sys.argv[2], open(sys.argv[3], "rb").read()
headers = {"Content-Type": "text/xml; charset=UTF-8", "SOAPAction": "urn:mediate"}
c = http.client.HTTPConnection("127.0.0.1", port)
def one():
    t = time.perf_counter_ns(); c.request("POST", path, payload, headers); r = c.getresponse(); r.read()
    if r.status != 200: raise SystemExit(f"{path}: status {r.status}")
    return (time.perf_counter_ns() - t) / 1e6
for _ in range(2000): one()
b2b = sorted(one() for _ in range(2000))
paced = []
for _ in range(200):
    time.sleep(0.05); paced.append(one())
paced.sort()
print("%-24s back to back p50 %.3f ms p90 %.3f ms | one per 50 ms p50 %.3f ms p90 %.3f ms (%.1fx at p50)"
      % (path, b2b[1000], b2b[1800], paced[100], paced[180], paced[100] / b2b[1000]))
PY
}
probe "$BACKEND_PORT" /service/EchoService
probe "$SERVER_PORT" /services/DirectProxy
