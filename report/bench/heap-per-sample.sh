#!/usr/bin/env bash
# Heap per sample of JMeter's dashboards and of the suite's analysis, the figures `check` uses to say before a run
# whether the dashboards and the analysis fit the heap they will get (maven-plugin's MemoryEstimate).
#
# For each size of SIZES (rows of a synthetic results file, SyntheticJtlCommand from report's test-jar):
#  1. JMeter 5.6.3's report generator (-g) on the whole file, as the analysis runs it (every sample in the
#     percentiles, statistic_window=-1): the smallest -Xmx it completes with, found by bisection between 64 MB and
#     JMeterDashboard.heapFor(rows) = 512 MB + 256 B a row, to STEP_MB (-XX:+ExitOnOutOfMemoryError, a time-out
#     of TIMEOUT s per attempt: a generator thrashing in GC fails);
#  2. the suite's streaming analysis of the same file (the CLI jar runs ScenarioRunAnalyser, the build's reader and
#     HDR histograms) with a fixed small heap (ANALYSIS_HEAP), and its largest heap after a collection (-Xlog:gc).
# Prints, per size, the smallest dashboard heap and the analysis' heap, then the bytes per sample: the slope of the
# smallest dashboard heap between the smallest and the largest size (which removes the fixed part, JMeter's own
# classes and buffers). Stops what it starts; deletes its files unless KEEP=1.
#
#   mvn -B -q -pl report package -DskipTests
#   JMETER_HOME=/path/to/jmeter bash report/bench/heap-per-sample.sh   # SIZES="1000000 2000000 4000000"
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
SIZES=${SIZES:-"1000000 2000000 4000000"}
USERS=${USERS:-50}
DURATION=${DURATION:-900}
ANALYSIS_HEAP=${ANALYSIS_HEAP:-64m}
STEP_MB=${STEP_MB:-16}
TIMEOUT=${TIMEOUT:-600}
KEEP=${KEEP:-0}

jar_built="$root/report/target/esb-bench-report-cli.jar"
tests_built=$(ls "$root"/report/target/esb-bench-report-*-tests.jar 2>/dev/null | tail -n 1 || true)
if [[ ! -f "$jar_built" || -z "$tests_built" ]]; then
  echo "no $jar_built or report/target/esb-bench-report-*-tests.jar: run 'mvn -B -q -pl report package -DskipTests' first" >&2
  exit 1
fi
if [[ -n "${JMETER_HOME:-}" ]]; then
  jmeter_dir="$JMETER_HOME"
else
  jmeter_dir=""
  for dir in $(grep -o '"jmeterDirectoryPath":"[^"]*"' "$root/suite/target/config.json" 2>/dev/null | cut -d'"' -f4); do
    [[ -d "$dir/bin" ]] && ls "$dir"/bin/ApacheJMeter*.jar >/dev/null 2>&1 && jmeter_dir="$dir"
  done
fi
launcher=$(ls "$jmeter_dir"/bin/ApacheJMeter*.jar 2>/dev/null | tail -n 1 || true)
if [[ -z "$launcher" ]]; then
  echo "no laid-out JMeter (set JMETER_HOME, or run: mvn -B -pl suite -DskipTests -Desbbench.skip jmeter:configure@configuration)" >&2
  exit 1
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/heap-per-sample.XXXXXX")
child=""
cleanup() {
  if [[ -n "$child" ]]; then kill -TERM "$child" 2>/dev/null && wait "$child" 2>/dev/null || true; fi
  if [[ "$KEEP" == 1 ]]; then echo "files kept in $work" >&2; else rm -rf "$work"; fi
}
trap cleanup EXIT
jar="$work/esb-bench-report-cli.jar"
cp "$jar_built" "$jar"
tests_jar="$work/esb-bench-report-tests.jar"
cp "$tests_built" "$tests_jar"

# Runs "$@" in the background (so the trap can stop it) and waits; 0 or its exit status.
run() { "$@" & child=$!; local rc=0; wait "$child" || rc=$?; child=""; return $rc; }
# Largest heap after any collection in a -Xlog:gc file ("Pause Young (...) 300M->200M(500M)"), in MB.
after_any_mb() {
  { grep -E 'Pause (Young|Full)' "$1" || true; } | sed -E 's/.* ([0-9]+)([KMG])->([0-9]+)([KMG])\(.*/\3 \4/' |
    awk 'BEGIN { m = 0 } { v = $1 * ($2 == "K" ? 1 / 1024 : $2 == "M" ? 1 : 1024); if (v > m) m = v } END { printf "%.0f", m }'
}
jmeter_date() { date -u -d "@$(($1 / 1000))" +%Y%m%d%H%M%S; }
# dashboard FILE START END HEAP_MB: 0 when JMeter's generator made the dashboard with that heap.
dashboard() {
  rm -rf "$work/dash" "$work/tmp"
  run timeout "$TIMEOUT" java -Xmx"$4"m -XX:+ExitOnOutOfMemoryError -Duser.timezone=UTC -Djava.awt.headless=true \
    -jar "$launcher" -g "$1" -o "$work/dash" -j "$work/jm.log" -Jsampleresult.timestamp.start=true \
    -Jjmeter.save.saveservice.timestamp_format=ms -Jjmeter.reportgenerator.statistic_window=-1 \
    -Jjmeter.reportgenerator.temp_dir="$work/tmp" \
    -Jjmeter.reportgenerator.start_date="$(jmeter_date "$2")" -Jjmeter.reportgenerator.end_date="$(jmeter_date "$3")" \
    >"$work/jm.out" 2>&1 && [[ -f "$work/dash/index.html" ]]
}

printf '%-9s %-26s %10s %10s %8s\n' rows what "heap MB" "B/row" "wall s"
declare -A least
first_size=""; last_size=""
for n in $SIZES; do
  [[ -z "$first_size" ]] && first_size=$n
  last_size=$n
  file="$work/r$n.csv"
  java -cp "$tests_jar:$jar" org.esbbench.report.synthetic.SyntheticJtlCommand --samples "$n" --users "$USERS" \
    --duration "$DURATION" "$file" >"$file.written"
  first=$(sed -n 's/^first_start_ms=//p' "$file.written")
  last=$(sed -n 's/^last_start_ms=//p' "$file.written")
  start=$((first / 1000 * 1000)); end=$(((last + 999) / 1000 * 1000))

  began=$(date +%s)
  lo=64; hi=$((512 + n * 256 / 1048576))
  if ! dashboard "$file" "$start" "$end" "$hi"; then
    echo "JMeter's generator failed even with ${hi} MB on $n rows; its output:" >&2; tail -20 "$work/jm.out" >&2; exit 1
  fi
  while (( hi - lo > STEP_MB )); do
    mid=$(((lo + hi) / 2))
    if dashboard "$file" "$start" "$end" "$mid"; then hi=$mid; else lo=$mid; fi
  done
  least[$n]=$hi
  printf '%-9s %-26s %10s %10s %8s\n' "$n" "dashboard: least -Xmx" "$hi" "$((hi * 1048576 / n))" "$(($(date +%s) - began))"

  began=$(date +%s)
  status=ok
  run java -Xmx"$ANALYSIS_HEAP" -XX:+UseSerialGC -Xlog:gc:file="$work/an$n.gc" -jar "$jar" --warmup 0 \
    --measurement $((DURATION + 120)) "$file" >"$work/an$n.out" 2>&1 || true
  grep -q "^| r$n " "$work/an$n.out" || status=failed
  a=$(after_any_mb "$work/an$n.gc")
  printf '%-9s %-26s %10s %10s %8s\n' "$n" "analysis ($status, -Xmx$ANALYSIS_HEAP)" "$a" "$((a * 1048576 / n))" \
    "$(($(date +%s) - began))"
  rm -f "$file"
done
if [[ "$first_size" != "$last_size" ]]; then
  echo "dashboard heap per added row, $first_size -> $last_size rows:" \
    "$(( (least[$last_size] - least[$first_size]) * 1048576 / (last_size - first_size) )) B/row (+-$((STEP_MB * 1048576 / (last_size - first_size))))"
fi
