#!/usr/bin/env bash
# What securing each request costs the load generator: runs jmx/ws-security.jmx in real JMeter against the bundled
# reference server (with the echo backend behind it) in wsMode=pool (requests secured before the run, sent in
# turn) and wsMode=fresh (each request signed and encrypted as it is sent), per algorithm suite, and prints per
# sample in the measured window: JMeter's CPU time (utime + stime from /proc/<pid>/stat, all threads, GC and JIT
# included; the same method as check-cost.sh) and, for reference, the reference server's. Both modes verify and
# decrypt every reply (Scenario Reply Assertion), so the difference between them is the securing.
# Loopback only; each JMeter run ends by itself (closed model, hold = warm-up + measurement + 3 s); stops what it
# starts. The server runs with --algorithm-suite of the suite measured; a fresh pool is generated for the run.
#
#   mvn -B install -DskipTests           # once: jars, JMeter laid out by the suite
#   bash jmeter-ext/bench/ws-cost.sh     # USERS=10 WARMUP=30 MEASURE=60 SIZES=1024 SUITES="modern classic"
#                                        # MODES="pool fresh" JMETER_DIR=<a JMeter home with the ext jar in lib/ext>
#                                        # PLAN=<another ws-security plan, e.g. an older version to compare pool mode>
#                                        # ESB_JAVA_OPTS / JMETER_JAVA_OPTS=<extra JVM flags, e.g. JFR; %s = suite-mode>
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
USERS=${USERS:-10}
WARMUP=${WARMUP:-30}
MEASURE=${MEASURE:-60}
SIZES=${SIZES:-1024}
SUITES=${SUITES:-"modern classic"}
MODES=${MODES:-"pool fresh"}
POOL=${POOL:-100}
BACKEND_PORT=${BACKEND_PORT:-18688}
ESB_PORT=${ESB_PORT:-18280}
BROKER_PORT=${BROKER_PORT:-61626}
KEYSTORES=${KEYSTORES:-$root/config/keystores}
PLAN=${PLAN:-$root/jmx/ws-security.jmx}
ESB_JAVA_OPTS=${ESB_JAVA_OPTS:-}
JMETER_JAVA_OPTS=${JMETER_JAVA_OPTS:-}
RAMPUP=$(( WARMUP / 2 < 5 ? WARMUP / 2 : 5 ))
source "$here/laid-out-jmeter.sh"
ext_jar=$(ls "$jmeter_dir"/lib/ext/esb-bench-jmeter-ext-*-jmeter.jar | head -1)
work=$(mktemp -d)
pids=()
esb=""
stop() { kill -TERM "$1" 2>/dev/null && wait "$1" 2>/dev/null || true; }
cleanup() {
  [[ -n "$esb" ]] && stop "$esb"
  for pid in "${pids[@]}"; do stop "$pid"; done
  rm -rf "$work"
}
trap cleanup EXIT
wait_up() { for _ in $(seq 1 240); do curl -fs -o /dev/null "$1" && return 0; sleep 0.5; done; echo "not up: $1" >&2; exit 1; }

# Payloads with the core the JMeter extension jar carries: a pool per suite and size, plain requests for fresh.
upper() { echo "$1" | tr '[:lower:]' '[:upper:]'; }
java -cp "$ext_jar:$jmeter_dir/lib/*" org.esbbench.core.PayloadGenerator --out "$work/data" --formats SOAP \
  --sizes "$(echo $SIZES | tr ' ' ,)" --ws-pool "$POOL" --ws-suites "$(upper "$(echo $SUITES | tr ' ' ,)")" \
  --keystore-dir "$KEYSTORES" >"$work/generate.log" 2>&1 || { cat "$work/generate.log" >&2; exit 1; }

java -jar "$root/backend-netty/target/backend-netty.jar" --port "$BACKEND_PORT" >"$work/backend.log" 2>&1 &
pids+=($!)
wait_up "http://127.0.0.1:$BACKEND_PORT/health"

ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
hz=$(getconf CLK_TCK)
echo "# $(date -u +%Y-%m-%dT%H:%MZ) $(nproc) cores, USERS=$USERS WARMUP=$WARMUP MEASURE=$MEASURE POOL=$POOL, JMeter $jmeter_dir"
printf '%-8s %-7s %-6s %9s %10s %24s %24s\n' suite size wsMode samples samples/s 'JMeter CPU us/sample' 'server CPU us/sample'
for suite in $SUITES; do
  (cd "$root" && exec java -Xmx512m ${ESB_JAVA_OPTS//%s/$suite} -jar "$root/reference-esb/target/reference-esb.jar" --port "$ESB_PORT" \
    --backend-url "http://127.0.0.1:$BACKEND_PORT/service/EchoService" --broker-url "tcp://127.0.0.1:$BROKER_PORT" \
    --keystore-dir "$KEYSTORES" --algorithm-suite "$(upper "$suite")") >"$work/esb-$suite.log" 2>&1 &
  esb=$!
  wait_up "http://127.0.0.1:$ESB_PORT/health"
  for size in $SIZES; do
    for mode in $MODES; do
      jtl="$work/$suite-$size-$mode.csv"
      java -Xms1g -Xmx1g ${JMETER_JAVA_OPTS//%s/$suite-$mode} -jar "$jmeter_dir/bin/ApacheJMeter-5.6.3.jar" -n -t "$PLAN" -l "$jtl" \
        -j "$work/jmeter-$suite-$size-$mode.log" -Jjmeterengine.force.system.exit=true \
        -Jhost=127.0.0.1 -Jport="$ESB_PORT" -JwsMode="$mode" -JwsSuite="$suite" -JwsPool="$POOL" \
        -Jusers="$USERS" -Jrampup="$RAMPUP" -Jhold=$((WARMUP + MEASURE + 3)) -Jrate=0 -Jduration=1 \
        -Jsize="$size" -JpayloadDir="$work/data" -JkeystoreDir="$KEYSTORES" \
        -Jjmeter.save.saveservice.output_format=csv -Jjmeter.save.saveservice.timestamp_format=ms \
        -Jjmeter.save.saveservice.assertion_results_failure_message=true \
        -Jhttpclient.reset_state_on_thread_group_iteration=false >/dev/null 2>&1 &
      jm=$!
      pids+=($jm)
      sleep "$WARMUP"
      t0=$(date +%s%3N); c0=$(ticks "$jm"); s0=$(ticks "$esb")
      sleep "$MEASURE"
      t1=$(date +%s%3N); c1=$(ticks "$jm"); s1=$(ticks "$esb")
      wait "$jm" || true
      samples=$(awk -F, -v a="$t0" -v b="$t1" 'NR > 1 && $1 >= a && $1 < b' "$jtl" | wc -l)
      total=$(awk -F, 'NR > 1' "$jtl" | wc -l)
      failed=$(awk -F, 'NR > 1 && $8 == "false"' "$jtl" | wc -l)
      if (( samples == 0 )); then
        echo "$suite $size $mode: no samples in the window (see $work/jmeter-$suite-$size-$mode.log)" >&2; continue
      fi
      awk -v su="$suite" -v s="$size" -v m="$mode" -v n="$samples" -v ms=$((t1 - t0)) -v t=$((c1 - c0)) \
        -v st=$((s1 - s0)) -v hz="$hz" -v f="$failed" -v all="$total" \
        'BEGIN { printf "%-8s %-7s %-6s %9d %10.0f %24.1f %24.1f  %d of %d samples failed\n", su, s, m, n, n * 1000 / ms,
                 t / hz * 1e6 / n, st / hz * 1e6 / n, f, all }'
      if (( failed > 0 )); then
        awk -F, 'NR > 1 && $8 == "false" { print "  " $9 }' "$jtl" | sort | uniq -c | head -3
      fi
    done
  done
  stop "$esb"; esb=""
done
