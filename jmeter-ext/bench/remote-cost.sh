#!/usr/bin/env bash
# What going distributed costs: runs jmx/soap-http.jmx (scenario direct, 1 KiB) straight against the echo backend
# (no server in between, so the load generators are the busy processes) once in one local JMeter (-n, as today)
# and then through JMeter's remote engines over RMI, and prints per sample in the measured window the CPU time of
# the client and of the engines (utime + stime from /proc/<pid>/stat, all threads, GC and JIT included; the method
# of check-cost.sh), their total and the total against the local run's:
#   local    one JMeter, USERS users;
#   remote1  a client (-n -R) and one engine (-s) running USERS users;
#   remote2  a client and two engines, USERS/2 users each (an equal split: -Gusers needs no share hook).
# Each remote variant runs with every sample sender MODE (StrippedAsynch, StrippedBatch). RMI runs over SSL with a
# keystore the script makes with keytool in a temporary folder (JMeter's create-rmi-keystore procedure, PKCS12,
# relative file name, password in a -q properties file only); SSLS="on off" also measures plain RMI. The engines
# stay up across variants, as the suite's local engines stay up across a run's points.
# QueueWaits is what the engines' StrippedAsynch sender logged at the end of the test (samplers that waited for a
# full queue: > 0 means the client did not keep up); StrippedBatch has no queue (its samplers send every 100th
# sample themselves): "-". The warm-up counts from the first sample (a remote test
# first ships the plan to its engines). Loopback only; every test ends by itself (closed model, hold = warm-up +
# measurement + 5 s); it stops what it starts and holds /tmp/esbbench-ports.lock while it runs.
#
#   mvn -B install -DskipTests             # once: jars, JMeter laid out by the suite, payloads in data/generated
#   bash jmeter-ext/bench/remote-cost.sh   # USERS=20 WARMUP=20 MEASURE=40 SIZE=1024 SSLS=on
#                                          # VARIANTS="local remote1 remote2" MODES="StrippedAsynch StrippedBatch"
#                                          # JMETER_DIR=<a JMeter home> PAYLOAD_DIR=<data/generated> BACKEND_JAR=<jar>
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
LOCK=/tmp/esbbench-ports.lock
if [[ -z "${ESBBENCH_PORTS_LOCKED:-}" ]]; then
  # the standard ports and the machine's cores are shared: one load test at a time
  exec env ESBBENCH_PORTS_LOCKED=1 flock "$LOCK" bash "$0" "$@"
fi
USERS=${USERS:-20}
WARMUP=${WARMUP:-20}
MEASURE=${MEASURE:-40}
SIZE=${SIZE:-1024}
SSLS=${SSLS:-on}
VARIANTS=${VARIANTS:-"local remote1 remote2"}
MODES=${MODES:-"StrippedAsynch StrippedBatch"}
HEAP=${HEAP:-512}
PORT=${PORT:-18690}
ENGINE_PORT=${ENGINE_PORT:-18691}   # engine k: registry ENGINE_PORT + 2(k-1), object port the next one
PAYLOAD_DIR=${PAYLOAD_DIR:-$root/data/generated}
BACKEND_JAR=${BACKEND_JAR:-$root/backend-netty/target/backend-netty.jar}
RAMPUP=$(( WARMUP / 2 < 5 ? WARMUP / 2 : 5 ))
# shellcheck source=laid-out-jmeter.sh
source "$here/laid-out-jmeter.sh"
jar="$jmeter_dir/bin/ApacheJMeter-5.6.3.jar"
[[ -f "$BACKEND_JAR" ]] || { echo "no echo backend jar $BACKEND_JAR: build backend-netty or set BACKEND_JAR" >&2; exit 1; }
[[ -d "$PAYLOAD_DIR/soap" ]] || { echo "no payloads in $PAYLOAD_DIR: build the suite or set PAYLOAD_DIR" >&2; exit 1; }
work=$(mktemp -d)
pids=()
engines=()
stop() { if kill -TERM "$1" 2>/dev/null; then wait "$1" 2>/dev/null || true; fi; }
cleanup() {
  for pid in "${engines[@]}" "${pids[@]}"; do stop "$pid"; done
  if [[ -n "${KEEP:-}" ]]; then echo "kept $work" >&2; else rm -rf "$work"; fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# The RMI keystore: one key pair that is also the trust store (the engines ask for client authentication).
mkdir -p "$work/rmi"
pass=$(head -c 18 /dev/urandom | base64 | tr -dc 'A-Za-z0-9' | head -c 24)
keytool=keytool
[[ -n "${JAVA_HOME:-}" ]] && keytool="$JAVA_HOME/bin/keytool"
ESB_BENCH_RMI_PASS="$pass" "$keytool" -genkeypair -alias rmi -keyalg RSA -keysize 2048 -validity 1 \
  -dname CN=esb-bench-rmi -storetype PKCS12 -keystore "$work/rmi/rmi_keystore.p12" \
  -storepass:env ESB_BENCH_RMI_PASS -keypass:env ESB_BENCH_RMI_PASS -noprompt 2>/dev/null
umask 077
cat >"$work/rmi/rmi.properties" <<EOF
server.rmi.ssl.keystore.file=rmi_keystore.p12
server.rmi.ssl.keystore.type=PKCS12
server.rmi.ssl.keystore.alias=rmi
server.rmi.ssl.keystore.password=$pass
EOF
umask 022

java -jar "$BACKEND_JAR" --port "$PORT" 2>"$work/backend.log" >/dev/null &
pids+=("$!")
for _ in $(seq 1 100); do curl -fs -o /dev/null "http://127.0.0.1:$PORT/health" && break; sleep 0.1; done

# Every JMeter here: CSV results with ms timestamps and failure messages, the UDP shutdown listener off (several
# JMeters on one machine would compete for its ports).
common=(-Jjmeter.save.saveservice.output_format=csv -Jjmeter.save.saveservice.timestamp_format=ms
        -Jjmeter.save.saveservice.assertion_results_failure_message=true -Jjmeterengine.nongui.port=0)
plan_props() { # users -> the plan's properties, as NAME=VALUE
  printf '%s\n' host=127.0.0.1 "port=$PORT" protocol=http path=/x scenario=direct model=closed "users=$1" \
    "rampup=$RAMPUP" "hold=$((WARMUP + MEASURE + 5))" rate=0 duration=1 drain=0 "size=$SIZE" delay=0 reuse=5000 \
    connectTimeout=5000 responseTimeout=30000
}

start_engines() { # ssl n -> starts engine 1..n, waits until each has exported its engine object
  local ssl=$1 n=$2 k reg plain=()
  if [[ $ssl == off ]]; then plain=(-Jserver.rmi.ssl.disable=true); fi
  for k in $(seq 1 "$n"); do
    reg=$((ENGINE_PORT + 2 * (k - 1)))
    (cd "$work/rmi" && exec java -Xms"${HEAP}m" -Xmx"${HEAP}m" -Djava.awt.headless=true -Djava.rmi.server.hostname=127.0.0.1 \
      -jar "$jar" -s -j "$work/engine-$k.log" -q "$work/rmi/rmi.properties" -Jserver_port=$reg \
      -Jserver.rmi.localport=$((reg + 1)) -JpayloadDir="$PAYLOAD_DIR" "${common[@]}" \
      "${plain[@]}" >"$work/engine-$k.out" 2>&1) &
    engines+=("$!")
  done
  for k in $(seq 1 "$n"); do
    for _ in $(seq 1 300); do
      grep -q 'Created remote object' "$work/engine-$k.out" && break
      kill -0 "${engines[$((k - 1))]}" 2>/dev/null || { echo "engine-$k exited:" >&2; tail "$work/engine-$k.out" >&2; exit 1; }
      sleep 0.1
    done
    grep -q 'Created remote object' "$work/engine-$k.out" || { echo "engine-$k not ready in 30 s" >&2; exit 1; }
  done
}
stop_engines() {
  for pid in "${engines[@]}"; do stop "$pid"; done
  engines=()
}

ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
sum_ticks() { local t=0 p; for p in "$@"; do t=$((t + $(ticks "$p"))); done; echo "$t"; }
queue_waits() { { grep -ho 'QueueWaits: [0-9]*' "$work"/engine-*.log 2>/dev/null || true; } | awk '{s += $2} END {print s + 0}'; }
hz=$(getconf CLK_TCK)
local_us=""

# run NAME ssl mode engines: one test; prints its row
run() {
  local name=$1 ssl=$2 mode=$3 n=$4 jtl="$work/$1-$2-$3.csv" cmd client c0 c1 e0=0 e1=0 t0 t1 waits0 waits1
  if (( n == 0 )); then
    cmd=(java -Xms"${HEAP}m" -Xmx"${HEAP}m" -Djava.awt.headless=true -jar "$jar" -n -t "$root/jmx/soap-http.jmx" -l "$jtl"
         -j "$work/$name.log" -Jjmeterengine.force.system.exit=true -JpayloadDir="$PAYLOAD_DIR" "${common[@]}")
    while read -r p; do cmd+=("-J$p"); done < <(plan_props "$USERS")
  else
    local hosts="" k
    for k in $(seq 1 "$n"); do hosts+="${hosts:+,}127.0.0.1:$((ENGINE_PORT + 2 * (k - 1)))"; done
    cmd=(java -Xms"${HEAP}m" -Xmx"${HEAP}m" -Djava.awt.headless=true -Djava.rmi.server.hostname=127.0.0.1 -jar "$jar"
         -n -t "$root/jmx/soap-http.jmx" -l "$jtl" -j "$work/$name-$ssl-$mode.log" -R "$hosts"
         -q "$work/rmi/rmi.properties" -Jclient.tries=1 -Jclient.continue_on_fail=false -Jmode="$mode"
         -Jasynch.batch.queue.size=1000 "${common[@]}")
    if [[ $ssl == off ]]; then cmd+=(-Jserver.rmi.ssl.disable=true); fi
    while read -r p; do cmd+=("-G$p"); done < <(plan_props $((USERS / n)))
  fi
  waits0=$(queue_waits)
  (cd "$work/rmi" && exec "${cmd[@]}") >"$work/$name-$ssl-$mode.out" 2>&1 &
  client=$!
  pids+=("$client")
  # The warm-up counts from the first sample: a remote test first ships the plan to the engines (seconds here).
  for _ in $(seq 1 600); do
    [[ -f $jtl && $(wc -l <"$jtl") -gt 1 ]] && break
    kill -0 "$client" 2>/dev/null || break
    sleep 0.1
  done
  sleep "$WARMUP"
  t0=$(date +%s%3N); c0=$(ticks "$client"); if (( n > 0 )); then e0=$(sum_ticks "${engines[@]:0:$n}"); fi
  sleep "$MEASURE"
  t1=$(date +%s%3N); c1=$(ticks "$client"); if (( n > 0 )); then e1=$(sum_ticks "${engines[@]:0:$n}"); fi
  wait "$client" || true
  sleep 1   # the engines log their sender's QueueWaits as the test ends
  waits1=$(queue_waits)
  local samples failed
  samples=$(awk -F, -v a="$t0" -v b="$t1" 'NR > 1 && $1 >= a && $1 < b' "$jtl" | wc -l)
  failed=$(awk -F, 'NR > 1 && $8 == "false"' "$jtl" | wc -l)
  if (( samples == 0 )); then
    echo "$name $ssl $mode: no samples in the window (see $work/$name-$ssl-$mode.out)" >&2; return
  fi
  local row waits=-
  if [[ $mode == StrippedAsynch ]]; then waits=$((waits1 - waits0)); fi
  row=$(awk -v v="$name" -v m="$([[ $n == 0 ]] && echo - || echo "$mode")" -v s="$ssl" -v n="$samples" -v ms=$((t1 - t0)) \
    -v c=$((c1 - c0)) -v e=$((e1 - e0)) -v hz="$hz" -v l="$local_us" -v q="$waits" -v f="$failed" \
    'BEGIN { cu = c / hz * 1e6 / n; eu = e / hz * 1e6 / n; t = cu + eu;
             printf "%-8s %-15s %-4s %8d %10.0f %13.1f %14.1f %13.1f %10s %10s%s\n", v, m, s, n, n * 1000 / ms, cu, eu, t,
               (l == "" ? "-" : sprintf("%.2f", t / l)), q, (f > 0 ? "  (" f " failed samples)" : "") }')
  echo "$row"
  if [[ $name == local ]]; then
    local_us=$(awk '{print $8}' <<<"$row")
  fi
  return 0
}

echo "# $(date -u +%Y-%m-%dT%H:%MZ) $(nproc) cores, USERS=$USERS WARMUP=$WARMUP MEASURE=$MEASURE SIZE=$SIZE HEAP=${HEAP}m," \
  "JMeter $jmeter_dir"
printf '%-8s %-15s %-4s %8s %10s %13s %14s %13s %10s %10s\n' variant mode ssl samples samples/s 'client µs/s' \
  'engines µs/s' 'total µs/s' total/local QueueWaits
if [[ " $VARIANTS " == *" local "* ]]; then
  run local - - 0
fi
for ssl in $SSLS; do
  needed=0
  for variant in $VARIANTS; do
    case "$variant" in
      local) ;;
      remote1) needed=$(( needed < 1 ? 1 : needed )) ;;
      remote2) needed=2 ;;
      *) echo "unknown variant $variant (local, remote1, remote2)" >&2; exit 1 ;;
    esac
  done
  if (( needed == 0 )); then continue; fi
  start_engines "$ssl" "$needed"
  for variant in $VARIANTS; do
    if [[ $variant == local ]]; then continue; fi
    for mode in $MODES; do
      run "$variant" "$ssl" "$mode" "${variant#remote}"
    done
  done
  stop_engines
done
