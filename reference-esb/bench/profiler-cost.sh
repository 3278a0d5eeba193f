#!/usr/bin/env bash
# async-profiler's cost on the reference server's own work, apart from everything else a run measures: its xslt and
# ws-security work in a loop on one thread pinned to one CPU (CPU, default 1), after WARMUP s, ROUNDS rounds of two
# halves of HALF s, one profiled (cpu every INTERVAL, JFR), off,on / on,off / ...; per workload and interval the
# operations per second and the process's CPU time per operation, off and on, and their paired change ± standard
# error (ProfilerCostBench). At the suite's 10 ms the cost is below what this 2-CPU VM resolves in minutes (its CPU's
# speed moves by a few % from one 2 s half to the next), so the intervals of 100 us and 1 ms, 100 and 10 times as many
# samples, measure the cost per sample, which the 10 ms figure is then read against.
#
#   mvn -B -q -pl reference-esb -am install -DskipTests && mvn -B -q -pl reference-esb test-compile
#   bash reference-esb/bench/profiler-cost.sh      # WORKLOADS="xslt ws-security" INTERVALS="100us 1ms 10ms"
#                                                  # ROUNDS=20 HALF=2 WARMUP=60 CPU=1
# Needs the payloads (data/generated, written by any suite build). Its files lie in reference-esb/target.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
WORKLOADS=${WORKLOADS:-"xslt ws-security"}
INTERVALS=${INTERVALS:-"100us 1ms 10ms"}
ROUNDS=${ROUNDS:-20}
HALF=${HALF:-2}
WARMUP=${WARMUP:-60}
CPU=${CPU:-1}
work="$ROOT/reference-esb/target/profiler-cost"
mkdir -p "$work"
jar=$(ls ~/.m2/repository/tools/profiler/async-profiler/4.5/async-profiler-4.5.jar)
arch=linux-x64; [ "$(uname -m)" = aarch64 ] && arch=linux-arm64
unzip -q -o -j "$jar" "$arch/libasyncProfiler.so" -d "$work"
(cd "$ROOT" && mvn -B -q -o -pl reference-esb dependency:build-classpath -Dmdep.outputFile="$work/classpath" \
    -Dmdep.includeScope=test > /dev/null)
cp="$ROOT/reference-esb/target/test-classes:$ROOT/reference-esb/target/classes:$(cat "$work/classpath")"
printf '| interval | workload | rounds | ops/s off | on | change (paired, ± s.e.) | CPU µs/op off | on | change (paired, ± s.e.) |\n'
printf '|---|---|---|---:|---:|---:|---:|---:|---:|\n'
for interval in $INTERVALS; do
  for w in $WORKLOADS; do
    printf '| %s ' "$interval"
    taskset -c "$CPU" java -Xms512m -Xmx512m -XX:+UseG1GC -cp "$cp" org.esbbench.esb.bench.ProfilerCostBench "$w" \
        "$work/libasyncProfiler.so" "$ROOT" "$work/$w.jfr" "$ROUNDS" "$HALF" "$WARMUP" "$interval"
  done
done
rm -f "$work/libasyncProfiler.so" "$work"/*.jfr
