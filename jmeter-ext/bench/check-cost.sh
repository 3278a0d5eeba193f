#!/usr/bin/env bash
# What a reply check costs the load generator: runs jmx/soap-http.jmx (scenario direct) in real JMeter straight
# against the echo backend (no server in between, so JMeter is the busy process) and prints JMeter's CPU time per
# sample in the measured window (utime + stime from /proc/<pid>/stat, all JMeter threads, GC and JIT included), for
#   none      soap-http.jmx with its Scenario Reply Assertion ("verify reply") disabled,
#   scenario  soap-http.jmx as it is (Scenario Reply Assertion, byte-identical check),
#   groovy    jmx/examples/groovy-price-check.jmx with only its Groovy reply rule (JSR223 Assertion; the
#             "request id (Groovy)" pre-processor disabled),
#   groovy+pre the example plan as it is: Groovy reply rule plus Groovy pre-processor,
#   groovy-empty the example plan with an empty Groovy reply rule ("return") and no pre-processor: what a JSR223
#             Groovy element costs before its script does any work (not in the default VARIANTS).
# Loopback only; every run ends by itself (closed model, hold = warm-up + measurement + 3 s); stops what it starts.
#
#   mvn -B install -DskipTests            # once: jars, JMeter laid out by the suite, payloads in data/generated
#   bash jmeter-ext/bench/check-cost.sh   # USERS=20 WARMUP=30 MEASURE=60 SIZES="1024 102400"
#                                         # VARIANTS="none scenario groovy groovy+pre" JMETER_DIR=<a JMeter home>
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
USERS=${USERS:-20}
WARMUP=${WARMUP:-30}
MEASURE=${MEASURE:-60}
SIZES=${SIZES:-"1024 102400"}
VARIANTS=${VARIANTS:-"none scenario groovy groovy+pre"}
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

# Plans: copies in the plans' own folders would be found by JMeter's relative paths; these use absolute ones only.
disable() { # file element-testname -> stdout with that element disabled
  sed "s/testname=\"$2\" enabled=\"true\"/testname=\"$2\" enabled=\"false\"/" "$1"
}
plan_for() {
  case "$1" in
    none)       disable "$root/jmx/soap-http.jmx" "verify reply" ;;
    scenario)   cat "$root/jmx/soap-http.jmx" ;;
    groovy)     disable "$root/jmx/examples/groovy-price-check.jmx" "request id (Groovy)" ;;
    groovy+pre) cat "$root/jmx/examples/groovy-price-check.jmx" ;;
    groovy-empty)
      disable "$root/jmx/examples/groovy-price-check.jmx" "request id (Groovy)" | perl -0pe \
        's{(testname="verify reply \(Groovy\)".*?<stringProp name="script">).*?(</stringProp>)}{${1}return${2}}s' ;;
    *) echo "unknown variant $1" >&2; exit 1 ;;
  esac
}
for variant in $VARIANTS; do
  plan_for "$variant" >"$work/$variant.jmx"
done
if [[ " $VARIANTS " == *" none "* ]]; then
  grep -q 'testname="verify reply" enabled="false"' "$work/none.jmx" || { echo "could not disable the assertion" >&2; exit 1; }
fi
if [[ " $VARIANTS " == *" groovy "* ]]; then
  grep -q 'testname="request id (Groovy)" enabled="false"' "$work/groovy.jmx" || { echo "could not disable the pre-processor" >&2; exit 1; }
fi

ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
hz=$(getconf CLK_TCK)
echo "# $(date -u +%Y-%m-%dT%H:%MZ) $(nproc) cores, USERS=$USERS WARMUP=$WARMUP MEASURE=$MEASURE, JMeter $jmeter_dir"
printf '%-8s %-11s %10s %12s %22s\n' size check samples 'samples/s' 'JMeter CPU us/sample'
for size in $SIZES; do
  for variant in $VARIANTS; do
    jtl="$work/$variant-$size.csv"
    java -Xms1g -Xmx1g -jar "$jmeter_dir/bin/ApacheJMeter-5.6.3.jar" -n -t "$work/$variant.jmx" -l "$jtl" \
      -j "$work/jmeter-$variant-$size.log" -Jjmeterengine.force.system.exit=true \
      -Jhost=127.0.0.1 -Jport="$PORT" -Jscenario=direct -Jpath=/x \
      -Jusers="$USERS" -Jrampup="$RAMPUP" -Jhold=$((WARMUP + MEASURE + 3)) -Jrate=0 -Jduration=1 \
      -Jsize="$size" -JpayloadDir="$root/data/generated" \
      -Jjmeter.save.saveservice.output_format=csv -Jjmeter.save.saveservice.timestamp_format=ms \
      -Jjmeter.save.saveservice.assertion_results_failure_message=true \
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
    if (( samples == 0 )); then
      echo "$size $variant: no samples in the window (see $work/jmeter-$variant-$size.log)" >&2; continue
    fi
    awk -v s="$size" -v v="$variant" -v n="$samples" -v ms=$((t1 - t0)) -v t=$((c1 - c0)) -v hz="$hz" -v f="$failed" \
      'BEGIN { printf "%-8s %-11s %10d %12.0f %22.1f%s\n", s, v, n, n * 1000 / ms, t / hz * 1e6 / n, (f > 0 ? "  (" f " failed samples)" : "") }'
    if (( failed > 0 )); then
      awk -F, 'NR > 1 && $8 == "false" { print "  " $9 }' "$jtl" | sort | uniq -c | head -3
    fi
  done
done
