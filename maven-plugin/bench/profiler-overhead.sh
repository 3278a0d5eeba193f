#!/usr/bin/env bash
# What profiling costs the server, with and without the profiler in one run, interleaved: for each scenario, one
# ordinary run of the reference server (closed model, USERS users, 1 KiB, -Dprofile=off) whose measurement window is
# cut into 2 x CYCLES periods of PERIOD seconds; async-profiler is started and stopped in the server's JVM so that
# half the periods are profiled (cpu, every INTERVAL, JFR written into the run folder, as -Dprofile=cpu records), in
# the order off,on / on,off / off,on ... so that a drift over the window falls on both. Per period, from the run's
# own files: the throughput (correct samples that started in it, per second; JTL) and the server's CPU per message
# (its CPU time over the period, cpu.csv, per sample). Each period loses its first 1.5 s and last 0.5 s (the
# profiler's start and stop, jcmd's JVM on the generator's CPU). Prints per scenario the means of the off and on
# periods and, cycle by cycle, the change of the profiled period against the unprofiled one beside it (paired, so
# that a drift over the window cancels): its mean over the cycles ± its standard error (the noise it is read against).
# RUNS=maven-plugin/target/profiler-overhead/runs reports again on the runs of a former invocation, measuring nothing.
#
# The library is loaded by attaching (JVMTI.agent_load), not as an agent from the JVM's start as -Dprofile=cpu does:
# the sampling, the recording and their cost are the same; an agent from the start also keeps debug information
# for inlined frames, which costs compiled code nothing measurable (async-profiler's docs).
#
#   mvn -B -q install -DskipTests                    # the suite's modules, JMeter laid out once by a first run
#   bash maven-plugin/bench/profiler-overhead.sh     # SCENARIOS=direct,cbr-body,xslt,ws-security USERS=10
#                                                    # WARMUP=60 PERIOD=20 CYCLES=6 INTERVAL=10ms
# Stops what it starts (the run stops its own processes); the library it writes lies in maven-plugin/target.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
SCENARIOS=${SCENARIOS:-direct,cbr-body,xslt,ws-security}
USERS=${USERS:-10}
WARMUP=${WARMUP:-60}
PERIOD=${PERIOD:-20}
CYCLES=${CYCLES:-6}
INTERVAL=${INTERVAL:-10ms}
work="$root/maven-plugin/target/profiler-overhead"
[ -n "${RUNS:-}" ] || { rm -rf "$work" && mkdir -p "$work"; }
jar=$(ls ~/.m2/repository/tools/profiler/async-profiler/4.5/async-profiler-4.5.jar)
arch=linux-x64; [ "$(uname -m)" = aarch64 ] && arch=linux-arm64
unzip -q -o -j "$jar" "$arch/libasyncProfiler.so" -d "$work"
lib="$work/libasyncProfiler.so"
jcmd="$(dirname "$(readlink -f "$(command -v java)")")/jcmd"

# One scenario's periods from its run's files: per period the throughput and CPU per message; per cycle the change
# of its profiled period against its unprofiled one (paired, so that a drift over the window cancels); their mean
# and standard error over the cycles.
report() {
  local scenario=$1 run=$2 periods=$3
  zcat "$run"/jtl/*.csv.gz | awk -F, -v periods="$periods" -v cpu="$run/cpu.csv" -v scenario="$scenario" '
    BEGIN {
      while ((getline line < periods) > 0) { split(line, p, " "); n++; on[n] = p[1]; a[n] = p[2]; b[n] = p[3] }
      # the server'"'"'s cumulative CPU ms: the last reading at or before each bound
      while ((getline line < cpu) > 0) {
        split(line, c, ","); if (c[2] != "server") continue
        for (i = 1; i <= n; i++) { if (c[1] <= a[i]) ca[i] = c[3]; if (c[1] <= b[i]) cb[i] = c[3] }
      }
    }
    NR == 1 { for (i = 1; i <= NF; i++) if ($i == "success") sc = i; next }
    $sc == "true" { t = $1; for (i = 1; i <= n; i++) if (t >= a[i] && t < b[i]) k[i]++ }
    END {
      for (i = 1; i <= n; i++) { tp[i] = k[i] * 1000 / (b[i] - a[i]); us[i] = (cb[i] - ca[i]) * 1000 / k[i]; all += k[i] }
      for (i = 1; i + 1 <= n; i += 2) {
        off = on[i] ? i + 1 : i; pr = on[i] ? i : i + 1; m++
        dt[m] = (tp[pr] - tp[off]) / tp[off]; dc[m] = (us[pr] - us[off]) / us[off]
        t0 += tp[off]; t1 += tp[pr]; c0 += us[off]; c1 += us[pr]
      }
      for (j = 1; j <= m; j++) { mt += dt[j]; mc += dc[j] }
      mt /= m; mc /= m
      for (j = 1; j <= m; j++) { vt += (dt[j] - mt) ^ 2; vc += (dc[j] - mc) ^ 2 }
      st = sqrt(vt / (m - 1) / m); scc = sqrt(vc / (m - 1) / m)
      printf "| %s | %.1f/s | %.1f/s | %+.1f %% ± %.1f | %.1f | %.1f | %+.1f %% ± %.1f | %d |\n", scenario, t0 / m,
        t1 / m, 100 * mt, 100 * st, c0 / m, c1 / m, 100 * mc, 100 * scc, all
    }'
}

# RUNS=FILE: report again on the runs a former invocation recorded there (scenario and run folder per line), with
# their periods beside it, measuring nothing.
if [ -n "${RUNS:-}" ]; then
  printf '| scenario | throughput off | on | change (paired, ± s.e.) | server CPU µs/msg off | on | change (paired, ± s.e.) | samples |\n'
  printf '|---|---:|---:|---:|---:|---:|---:|---:|\n'
  while read -r s run; do report "$s" "$run" "$(dirname "$RUNS")/$s.periods"; done < "$RUNS"
  exit 0
fi

mvn_pid=
cleanup() { [ -n "$mvn_pid" ] && kill -INT "$mvn_pid" 2>/dev/null && wait "$mvn_pid" 2>/dev/null; rm -f "$lib"; }
trap cleanup EXIT

now_ms() { date +%s%3N; }
sleep_until() { local d=$(( $1 - $(now_ms) )); [ "$d" -gt 0 ] && sleep "$(awk -v d="$d" 'BEGIN{printf "%.3f", d/1000}')"; true; }

printf '| scenario | throughput off | on | change (paired, ± s.e.) | server CPU µs/msg off | on | change (paired, ± s.e.) | samples |\n'
printf '|---|---:|---:|---:|---:|---:|---:|---:|\n'
for s in ${SCENARIOS//,/ }; do
  measurement=$(( 2 * CYCLES * PERIOD ))
  rm -f "$root/suite/target/esb-bench/current-run"
  ( cd "$root" && exec mvn -B -q -o verify -pl suite -Dscenarios="$s" -Dusers="$USERS" -Dwarmup="$WARMUP" \
      -Dmeasurement="$measurement" -Ddashboards=false -Dprofile=off ) > "$work/$s.log" 2>&1 &
  mvn_pid=$!
  until [ -f "$root/suite/target/esb-bench/current-run" ]; do sleep 0.2; done
  run=$(cat "$root/suite/target/esb-bench/current-run")
  until out=$(ls "$run"/logs/jmeter-*.out 2>/dev/null) && grep -q "esb-bench: load started at" $out; do sleep 0.2; done
  load=$(sed -n 's/^esb-bench: load started at \([0-9]*\).*/\1/p' $out | head -1)
  window=$(( (load + WARMUP * 1000 + 999) / 1000 * 1000 ))
  pid=$(awk -F, 'NR>1 && $1=="server" {p=$2} END {print p}' "$run/processes.csv")
  : > "$work/$s.periods"
  for ((c = 0; c < CYCLES; c++)); do
    for half in 0 1; do
      from=$(( window + (2 * c + half) * PERIOD * 1000 )); to=$(( from + PERIOD * 1000 ))
      on=$(( (c + half) % 2 ))    # off,on / on,off / ...
      sleep_until "$from"
      if [ "$on" = 1 ]; then
        "$jcmd" "$pid" JVMTI.agent_load "$lib" "start,event=cpu,interval=$INTERVAL,jfr,file=$run/overhead-$c.jfr,quiet" > /dev/null
      fi
      echo "$on $((from + 1500)) $((to - 500))" >> "$work/$s.periods"
      if [ "$on" = 1 ]; then
        sleep_until "$to"
        "$jcmd" "$pid" JVMTI.agent_load "$lib" "stop,quiet" > /dev/null
      fi
    done
  done
  wait "$mvn_pid" || { echo "run of $s failed: $work/$s.log" >&2; exit 1; }
  mvn_pid=
  echo "$s $run" >> "$work/runs"
  report "$s" "$run" "$work/$s.periods"
done
