#!/usr/bin/env bash
# What each kind of reply check costs the load generator, per payload size, against the issue-16 target (the check
# adds at most 5 % of JMeter's CPU per sample). Real JMeter straight against the echo backend (no server in
# between, so JMeter is the busy process; the echo returns the request, so every check sees the reply a correct
# server sends). Per size, the same plans with the Scenario Reply Assertion ("verify reply") disabled and enabled:
#   bytes  jmx/soap-http.jmx, scenario direct: byte-identical to the request  (direct, cbr-*, jms)
#   xml    jmx/soap-http.jmx, scenario xslt:   XML-equivalent (exclusive C14N) (xslt)
#   soap   jmx/soap-http.jmx, scenario soap:   the SOAP Body's content only   (soap)
#   json   jmx/rest.jmx,      scenario rest:   JSON-equal                      (rest)
# The scenario property only reaches the assertion, so bytes, xml and soap share one baseline: soap-http.jmx with
# the assertion disabled (`none-soap`), run before and after them (the mean of the two is the baseline, which
# evens out a drift of the machine's load); json has its own (`none-json`, rest.jmx, also before and after).
# The runs with the check also time the assertion itself (JMeter property esbbench.checkTiming, logged at the end):
# its mean wall time per check, over the whole run (warm-up and the first full parse of each thread included, so
# an upper bound), set against the baseline's CPU per sample: a figure far less noisy on a shared machine than the
# difference of two runs, which is printed beside it with the two baseline runs to show their spread.
# CPU = JMeter's utime + stime from /proc/<pid>/stat over the measured window (all threads, GC and JIT included)
# divided by the samples that started in that window. Payloads of every size (1 MiB too) are generated into a
# temporary folder by core's PayloadGenerator, so nothing large is committed. Loopback only; each JMeter run ends by
# itself (closed model, hold = warm-up + measurement + 3 s); the script stops what it starts.
#
#   mvn -B -o package -pl backend-netty,jmeter-ext -am -DskipTests   # the backend and jmeter-ext jars
#   bash jmeter-ext/bench/check-cost-kinds.sh   # USERS=20 WARMUP=10 MEASURE=20 SIZES="1024 10240 102400 1048576"
#                                               # KINDS="bytes xml soap json" JMETER_DIR=<JMeter home> PORT=18688
# JFR_DIR=<folder>: also record a JFR profile of every JMeter run there (<label>-<size>.jfr; it costs CPU
# itself, so take the figures from a run without it).
# JMETER_DIR: a JMeter home whose lib/ext has this checkout's esb-bench-jmeter-ext-*-jmeter.jar (by default the
# newest one the suite laid out, see laid-out-jmeter.sh).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
USERS=${USERS:-20}
WARMUP=${WARMUP:-10}
MEASURE=${MEASURE:-20}
SIZES=${SIZES:-"1024 10240 102400 1048576"}
KINDS=${KINDS:-"bytes xml soap json"}
PORT=${PORT:-18688}
TARGET_PERCENT=5
RAMPUP=$(( WARMUP / 2 < 5 ? WARMUP / 2 : 5 ))
source "$here/laid-out-jmeter.sh"
ext_jar=$(ls "$jmeter_dir"/lib/ext/esb-bench-jmeter-ext-*-jmeter.jar | head -1)
work=$(mktemp -d)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT

echo "# command: USERS=$USERS WARMUP=$WARMUP MEASURE=$MEASURE SIZES=\"$SIZES\" KINDS=\"$KINDS\" PORT=$PORT" \
  "JMETER_DIR=$jmeter_dir bash jmeter-ext/bench/check-cost-kinds.sh"
echo "# $(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg), $(java -version 2>&1 | head -1)"

# The payloads, every size, from the same generator the build uses.
java -cp "$ext_jar" org.esbbench.core.PayloadGenerator --out "$work/payloads" --formats SOAP,JSON \
  --sizes "$(echo $SIZES | tr ' ' ',')" >/dev/null

java -jar "$root/backend-netty/target/backend-netty.jar" --port "$PORT" 2>"$work/backend.log" >/dev/null &
pids+=($!)
for _ in $(seq 1 100); do curl -fs -o /dev/null "http://127.0.0.1:$PORT/health" && break; sleep 0.1; done

disable() { # file element-testname -> stdout with that element disabled
  sed "s/testname=\"$2\" enabled=\"true\"/testname=\"$2\" enabled=\"false\"/" "$1"
}
disable "$root/jmx/soap-http.jmx" "verify reply" >"$work/none-soap.jmx"
cp "$root/jmx/soap-http.jmx" "$work/check-soap.jmx"
disable "$root/jmx/rest.jmx" "verify reply" >"$work/none-json.jmx"
cp "$root/jmx/rest.jmx" "$work/check-json.jmx"
for plan in none-soap none-json; do
  grep -q 'testname="verify reply" enabled="false"' "$work/$plan.jmx" || { echo "could not disable the assertion in $plan" >&2; exit 1; }
done

ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
hz=$(getconf CLK_TCK)

# run PLAN SCENARIO PATH SIZE LABEL -> appends "label size samples rate us_per_sample failed" to $work/runs
run() {
  local plan=$1 scenario=$2 path=$3 size=$4 label=$5
  local jtl="$work/$label-$size.csv"
  local profile=()
  if [[ -n "${JFR_DIR:-}" ]]; then
    mkdir -p "$JFR_DIR"
    profile=("-XX:StartFlightRecording=filename=$JFR_DIR/$label-$size.jfr,settings=profile")
  fi
  java "${profile[@]}" -Xms1g -Xmx1g -jar "$jmeter_dir/bin/ApacheJMeter-5.6.3.jar" -n -t "$work/$plan.jmx" -l "$jtl" \
    -j "$work/jmeter-$label-$size.log" -Jjmeterengine.force.system.exit=true \
    -Jhost=127.0.0.1 -Jport="$PORT" -Jscenario="$scenario" -Jpath="$path" \
    -Jusers="$USERS" -Jrampup="$RAMPUP" -Jhold=$((WARMUP + MEASURE + 3)) -Jrate=0 -Jduration=1 \
    -Jsize="$size" -JpayloadDir="$work/payloads" \
    -Jjmeter.save.saveservice.output_format=csv -Jjmeter.save.saveservice.timestamp_format=ms \
    -Jjmeter.save.saveservice.assertion_results_failure_message=true -Jesbbench.checkTiming=true \
    -Jhttpclient.reset_state_on_thread_group_iteration=false >/dev/null 2>&1 &
  local jm=$!
  pids+=($jm)
  sleep "$WARMUP"
  local t0 c0 t1 c1
  t0=$(date +%s%3N); c0=$(ticks "$jm")
  sleep "$MEASURE"
  t1=$(date +%s%3N); c1=$(ticks "$jm")
  wait "$jm" || true
  local samples failed
  samples=$(awk -F, -v a="$t0" -v b="$t1" 'NR > 1 && $1 >= a && $1 < b' "$jtl" | wc -l)
  failed=$(awk -F, 'NR > 1 && $8 == "false"' "$jtl" | wc -l)
  if (( samples == 0 )); then
    echo "$label $size: no samples in the window (see $work/jmeter-$label-$size.log)" >&2
    cat "$work/jmeter-$label-$size.log" >&2; exit 1
  fi
  if (( failed > 0 )); then
    echo "$label $size: $failed failed samples:" >&2
    awk -F, 'NR > 1 && $8 == "false" { print "  " $9 }' "$jtl" | sort | uniq -c | head -3 >&2
  fi
  local own
  # A run without the assertion logs no check time: grep's "no match" must not end the script (pipefail).
  own=$({ grep -o 'esb-bench: reply check time: .*' "$work/jmeter-$label-$size.log" || true; } | awk '{print $7}' | tail -1)
  awk -v s="$size" -v l="$label" -v n="$samples" -v ms=$((t1 - t0)) -v t=$((c1 - c0)) -v hz="$hz" -v f="$failed" \
    -v own="${own:--}" \
    'BEGIN { printf "%s %s %d %.0f %.1f %d %s\n", l, s, n, n * 1000 / ms, t / hz * 1e6 / n, f, own }' | tee -a "$work/runs"
}

echo "# runs: label size samples samples/s JMeter-CPU-us/sample failed check-us/check"
soap_kinds=$(for k in $KINDS; do [[ $k == json ]] || echo "$k"; done)
for size in $SIZES; do
  if [[ -n "$soap_kinds" ]]; then
    run none-soap direct /x "$size" none-soap-1
    for kind in $soap_kinds; do
      case $kind in
        bytes) run check-soap direct /x "$size" bytes ;;
        xml)   run check-soap xslt /x "$size" xml ;;
        soap)  run check-soap soap /x "$size" soap ;;
        *) echo "unknown kind $kind (bytes, xml, soap, json)" >&2; exit 1 ;;
      esac
    done
    run none-soap direct /x "$size" none-soap-2
  fi
  if [[ " $KINDS " == *" json "* ]]; then
    run none-json rest /x "$size" none-json-1
    run check-json rest /x "$size" json
    run none-json rest /x "$size" none-json-2
  fi
done

echo
echo "# JMeter CPU per sample: 'without' = mean of the plan's two runs without the check (both shown), 'with' = the"
echo "# run with it, 'difference' = with / without - 1 (noisy on a shared machine); 'check' = the assertion's own mean"
echo "# time per check in that run, 'cost' = check / without. Target: the check costs <= $TARGET_PERCENT % (judged on 'cost')."
awk -v kinds="$KINDS" -v sizes="$SIZES" -v target="$TARGET_PERCENT" '
  { cpu[$1 " " $2] = $5; failed[$1 " " $2] = $6; own[$1 " " $2] = $7 }
  END {
    printf "%-5s %8s %19s %10s %11s %10s %8s %8s %s\n", "kind", "size", "without us (runs)", "with us", "difference",
      "check us", "cost", "target", "failed"
    n = split(kinds, k, " "); m = split(sizes, s, " ")
    for (i = 1; i <= m; i++) for (j = 1; j <= n; j++) {
      base = k[j] == "json" ? "none-json" : "none-soap"
      a = cpu[base "-1 " s[i]]; b = cpu[base "-2 " s[i]]
      without = (a + b) / 2; with = cpu[k[j] " " s[i]]; check = own[k[j] " " s[i]]
      cost = check / without * 100
      printf "%-5s %8s %7.1f (%4.0f/%4.0f) %10.1f %+10.1f%% %10.2f %7.2f%% %8s %d\n", k[j], s[i], without, a, b, with,
        (with - without) / without * 100, check, cost, (cost <= target ? "met" : "NOT met"), failed[k[j] " " s[i]]
    }
  }' "$work/runs"
