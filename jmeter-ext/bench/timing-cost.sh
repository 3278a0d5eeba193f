#!/usr/bin/env bash
# What the Microsecond Timing (elapsed_us) costs the load generator: runs jmx/soap-http.jmx (scenario direct) in real
# JMeter straight against the echo backend (no server in between, so JMeter is the busy process) and prints JMeter's
# CPU time per sample in the measured window (utime + stime from /proc/<pid>/stat, all JMeter threads, GC and JIT
# included), for
#   without  soap-http.jmx with its Microsecond Timing ("microsecond timing") disabled,
#   with     soap-http.jmx as it is.
# Both write the elapsed_us column (sample_variables=elapsed_us), `null` without the element. The variants alternate
# REPEATS times, so that a drift of the machine shows in both; the element's own cost per sample (about 0.1 us) is far
# below the run-to-run noise of this figure, which is why MicrosecondTimingCostBenchmark measures it in isolation:
# this script gives JMeter's CPU per sample to set it against. Loopback only; every run ends by itself (closed
# model, hold = warm-up + measurement + 3 s); stops what it starts.
#
#   mvn -B install -DskipTests             # once: jars, JMeter laid out by the suite, payloads in data/generated
#   bash jmeter-ext/bench/timing-cost.sh   # USERS=20 WARMUP=20 MEASURE=40 SIZE=1024 REPEATS=3 VARIANTS="without with"
#                                          # JMETER_DIR=<a JMeter home>
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
USERS=${USERS:-20}
WARMUP=${WARMUP:-20}
MEASURE=${MEASURE:-40}
SIZE=${SIZE:-1024}
REPEATS=${REPEATS:-3}
VARIANTS=${VARIANTS:-"without with"}   # the order within each repeat
PORT=${PORT:-18688}
RAMPUP=$(( WARMUP / 2 < 5 ? WARMUP / 2 : 5 ))
source "$here/laid-out-jmeter.sh"
work=$(mktemp -d)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT

java -jar "$root/backend-netty/target/backend-netty.jar" --port "$PORT" 2>"$work/backend.log" >/dev/null &
pids+=($!)
for _ in $(seq 1 100); do curl -fs -o /dev/null "http://127.0.0.1:$PORT/health" && break; sleep 0.1; done

cp "$root/jmx/soap-http.jmx" "$work/with.jmx"
sed 's/testname="microsecond timing" enabled="true"/testname="microsecond timing" enabled="false"/' \
  "$root/jmx/soap-http.jmx" >"$work/without.jmx"
grep -q 'testname="microsecond timing" enabled="false"' "$work/without.jmx" \
  || { echo "could not disable the Microsecond Timing" >&2; exit 1; }

ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
hz=$(getconf CLK_TCK)
echo "# $(date -u +%Y-%m-%dT%H:%MZ) $(nproc) cores, USERS=$USERS WARMUP=$WARMUP MEASURE=$MEASURE SIZE=$SIZE, JMeter $jmeter_dir"
printf '%-6s %-8s %10s %12s %22s %22s\n' repeat variant samples 'samples/s' 'JMeter CPU us/sample' 'mean elapsed_us'
for repeat in $(seq 1 "$REPEATS"); do
  for variant in $VARIANTS; do
    jtl="$work/$variant-$repeat.csv"
    java -Xms1g -Xmx1g -jar "$jmeter_dir/bin/ApacheJMeter-5.6.3.jar" -n -t "$work/$variant.jmx" -l "$jtl" \
      -j "$work/jmeter-$variant-$repeat.log" -Jjmeterengine.force.system.exit=true \
      -Jhost=127.0.0.1 -Jport="$PORT" -Jscenario=direct -Jpath=/x \
      -Jusers="$USERS" -Jrampup="$RAMPUP" -Jhold=$((WARMUP + MEASURE + 3)) -Jrate=0 -Jduration=1 \
      -Jsize="$SIZE" -JpayloadDir="$root/data/generated" \
      -Jjmeter.save.saveservice.output_format=csv -Jjmeter.save.saveservice.timestamp_format=ms \
      -Jjmeter.save.saveservice.assertion_results_failure_message=true -Jsample_variables=elapsed_us \
      -Jhttpclient.reset_state_on_thread_group_iteration=false >/dev/null 2>&1 &
    jm=$!
    pids+=($jm)
    sleep "$WARMUP"
    t0=$(date +%s%3N); c0=$(ticks "$jm")
    sleep "$MEASURE"
    t1=$(date +%s%3N); c1=$(ticks "$jm")
    wait "$jm" || true
    # The last column is elapsed_us; a quoted message with commas never occurs here (every sample passes).
    read -r samples micros < <(awk -F, -v a="$t0" -v b="$t1" \
      'NR > 1 && $1 >= a && $1 < b { n++; if ($NF != "" && $NF != "null") { m += $NF; k++ } } END { printf "%d %s\n", n, (k ? m / k : "-") }' "$jtl")
    failed=$(awk -F, 'NR > 1 && $8 == "false"' "$jtl" | wc -l)
    if (( samples == 0 )); then
      echo "$variant: no samples in the window (see $work/jmeter-$variant-$repeat.log)" >&2; continue
    fi
    awk -v r="$repeat" -v v="$variant" -v n="$samples" -v ms=$((t1 - t0)) -v t=$((c1 - c0)) -v hz="$hz" -v f="$failed" \
      -v us="$micros" 'BEGIN { printf "%-6s %-8s %10d %12.0f %22.1f %22s%s\n", r, v, n, n * 1000 / ms, t / hz * 1e6 / n, us, (f > 0 ? "  (" f " failed samples)" : "") }'
  done
done
