#!/usr/bin/env bash
# What the reply check costs the load generator: runs jmx/direct.jmx in real JMeter against the echo backend
# (no server in between, so JMeter is the busy process) twice per size, with the Scenario Reply Assertion
# enabled and disabled, and prints JMeter's CPU time per sample in the measured window (utime + stime from
# /proc/<pid>/stat, all JMeter threads, GC and JIT included). Loopback only; stops what it starts.
#
#   mvn -B install -DskipTests            # once: jars, JMeter laid out by the suite, payloads in data/generated
#   bash jmeter-ext/bench/check-cost.sh   # USERS=20 WARMUP=30 MEASURE=60 SIZES="1024 102400"
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
USERS=${USERS:-20}
WARMUP=${WARMUP:-30}
MEASURE=${MEASURE:-60}
SIZES=${SIZES:-"1024 102400"}
PORT=${PORT:-18688}
# config.json lists every layout jmeter:configure made; take the newest one still on disk.
jmeter_dir=""
for dir in $(grep -o '"jmeterDirectoryPath":"[^"]*"' "$root/suite/target/config.json" 2>/dev/null | cut -d'"' -f4); do
  [[ -f "$dir/bin/ApacheJMeter-5.6.3.jar" ]] && jmeter_dir="$dir"
done
if [[ -z "$jmeter_dir" ]]; then
  echo "no laid-out JMeter: run 'mvn -B install -DskipTests' first" >&2; exit 1
fi
work=$(mktemp -d)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT

java -jar "$root/backend-netty/target/backend-netty.jar" --port "$PORT" 2>"$work/backend.log" &
pids+=($!)
for _ in $(seq 1 100); do curl -fs -o /dev/null "http://127.0.0.1:$PORT/health" && break; sleep 0.1; done

cp "$root/jmx/direct.jmx" "$work/checked.jmx"
# The same plan with the reply assertion switched off (the element named "verify reply").
sed 's/testname="verify reply" enabled="true"/testname="verify reply" enabled="false"/' "$root/jmx/direct.jmx" >"$work/unchecked.jmx"
grep -q 'testname="verify reply" enabled="false"' "$work/unchecked.jmx" || { echo "could not disable the assertion" >&2; exit 1; }

ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
hz=$(getconf CLK_TCK)
printf '%-8s %-10s %10s %12s %16s\n' size check samples 'samples/s' 'JMeter CPU us/sample'
for size in $SIZES; do
  for variant in unchecked checked; do
    jtl="$work/$variant-$size.csv"
    java -Xms1g -Xmx1g -jar "$jmeter_dir/bin/ApacheJMeter-5.6.3.jar" -n -t "$work/$variant.jmx" -l "$jtl" \
      -j "$work/jmeter.log" -Jhost=127.0.0.1 -Jport="$PORT" -Jpath=/service/EchoService -Jusers="$USERS" \
      -Jrampup=5 -Jwarmup="$WARMUP" -Jmeasurement="$MEASURE" -Jsize="$size" -JpayloadDir="$root/data/generated" \
      -Jjmeter.save.saveservice.output_format=csv -Jjmeter.save.saveservice.timestamp_format=ms \
      -Jhttpclient.reset_state_on_thread_group_iteration=false >/dev/null 2>&1 &
    jm=$!
    pids+=($jm)
    sleep "$WARMUP"
    t0=$(date +%s%3N); c0=$(ticks "$jm")
    sleep "$MEASURE"
    t1=$(date +%s%3N); c1=$(ticks "$jm")
    wait "$jm" || true
    samples=$(awk -F, -v a="$t0" -v b="$t1" 'NR > 1 && $1 >= a && $1 < b' "$jtl" | wc -l)
    failed=$(awk -F, 'NR > 1 && $8 == "false"' "$jtl" | wc -l)
    awk -v s="$size" -v v="$variant" -v n="$samples" -v ms=$((t1 - t0)) -v t=$((c1 - c0)) -v hz="$hz" -v f="$failed" \
      'BEGIN { printf "%-8s %-10s %10d %12.0f %16.1f%s\n", s, v, n, n * 1000 / ms, t / hz * 1e6 / n, (f > 0 ? "  (" f " failed samples)" : "") }'
  done
done
