#!/usr/bin/env bash
# Streaming analysis against JMeter's own report generator, on the same synthetic results file and window:
#  1. writes an N-row JTL (SyntheticJtlCommand from report's test-jar: closed model, realistic times, some
#     failures, completion order);
#  2. times the suite's summariser (the CLI jar, heap HEAP) under /usr/bin/time -v: wall, CPU, max RSS;
#  3. times JMeter 5.6.3's `-g` dashboard of the same measurement window, with JMeter's default settings
#     (heap JMETER_HEAP as its launcher script sets it, percentiles over its last 20000 samples), and checks
#     that counts, failures, mean, min and max agree exactly (these do not depend on that setting);
#  4. on a smaller file (AGREE_N rows) makes the dashboard with every sample in the percentiles
#     (statistic_window=-1, which costs JMeter memory per sample) and checks all figures, percentiles within
#     the histogram's precision, max(1 ms, 0.1 %).
# Prints a table and exits 1 if anything disagrees. Stops what it starts; deletes its files unless KEEP=1.
#
#   mvn -B -q -pl report package -DskipTests         # CLI jar + test-jar; JMeter laid out by the suite (suite/target)
#   bash report/bench/streaming-benchmark.sh         # N=10000000 AGREE_N=1000000 HEAP=256m JMETER_HEAP=1g KEEP=0
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
N=${N:-10000000}
AGREE_N=${AGREE_N:-1000000}
USERS=${USERS:-50}
WARMUP=${WARMUP:-300}
MEASUREMENT=${MEASUREMENT:-900}
HEAP=${HEAP:-256m}
JMETER_HEAP=${JMETER_HEAP:-1g}
# JMeter keeps every response time for exact percentiles: JMeterDashboard.heapFor's rule, 256 MB + 200 B a row.
JMETER_FULL_HEAP=${JMETER_FULL_HEAP:-$((256 + AGREE_N * 200 / 1048576))m}
KEEP=${KEEP:-0}
# The span the samples cover: warm-up, measurement and a little after, like a real run.
DURATION=$((WARMUP + MEASUREMENT + 60))

if [[ ! -x /usr/bin/time ]]; then
  echo "installing GNU time (for wall time and max RSS)" >&2
  apt-get install -y -q time >/dev/null 2>&1 || { apt-get update -q >/dev/null && apt-get install -y -q time >/dev/null; }
fi
jar_built="$root/report/target/esb-bench-report-cli.jar"
# The synthetic results file writer is test tooling: it ships in report's test-jar, not in the CLI jar.
tests_built=$(ls "$root"/report/target/esb-bench-report-*-tests.jar 2>/dev/null | tail -n 1 || true)
if [[ ! -f "$jar_built" || -z "$tests_built" ]]; then
  echo "no $jar_built or report/target/esb-bench-report-*-tests.jar: run 'mvn -B -q -pl report package -DskipTests' first" >&2
  exit 1
fi
if [[ -n "${JMETER_HOME:-}" ]]; then
  jmeter_dir="$JMETER_HOME"
else
  # config.json lists every layout jmeter:configure made; take the newest one still on disk.
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

work=$(mktemp -d "${TMPDIR:-/tmp}/streaming-benchmark.XXXXXX")
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true; done
  if [[ "$KEEP" == 1 ]]; then echo "files kept in $work" >&2; else rm -rf "$work"; fi
}
trap cleanup EXIT
# Copies, so a rebuild of report/ meanwhile cannot pull the jars from under the run.
jar="$work/esb-bench-report-cli.jar"
cp "$jar_built" "$jar"
tests_jar="$work/esb-bench-report-tests.jar"
cp "$tests_built" "$tests_jar"

# Runs "$@" in the background under /usr/bin/time -v (so the trap can stop it), output to $1.out/$1.time.
timed() {
  local name=$1; shift
  (cd "$work" && exec /usr/bin/time -v "$@" >"$work/$name.out" 2>"$work/$name.time") &
  pids+=($!)
  wait "$!"
}
field() { grep "$2" "$work/$1.time" | awk -F': ' '{print $2}'; }
seconds() { # m:ss.ss or h:mm:ss -> seconds
  awk -F: '{ if (NF == 3) print $1 * 3600 + $2 * 60 + $3; else print $1 * 60 + $2 }' <<<"$(field "$1" "Elapsed (wall clock)")"
}
cpu() { awk -v u="$(field "$1" "User time")" -v s="$(field "$1" "System time")" 'BEGIN { print u + s }'; }
rss_mb() { awk -v k="$(field "$1" "Maximum resident")" 'BEGIN { printf "%.0f", k / 1024 }'; }

generate() { # rows file
  java -cp "$tests_jar:$jar" org.esbbench.report.synthetic.SyntheticJtlCommand --samples "$1" --users "$USERS" \
    --duration "$DURATION" "$2" >"$2.written"
  sed -n 's/^first_start_ms=//p' "$2.written"
}
# The measurement window as Window computes it: starts on the first whole second at or after the warm-up's end.
window_start() { echo $(( ($1 + WARMUP * 1000 + 999) / 1000 * 1000 )); }
jmeter_date() { date -u -d "@$(($1 / 1000))" +%Y%m%d%H%M%S; }

echo "== writing $N samples ($USERS users, about $DURATION s)" >&2
big="$work/big.csv"
began=$(date +%s.%N)
first=$(generate "$N" "$big")
echo "   $(du -h "$big" | cut -f1) in $(awk -v b="$began" -v e="$(date +%s.%N)" 'BEGIN { printf "%.1f", e - b }') s" >&2
start=$(window_start "$first")
end=$((start + MEASUREMENT * 1000))

echo "== suite's summariser: java -Xmx$HEAP -jar esb-bench-report-cli.jar --warmup $WARMUP --measurement $MEASUREMENT" >&2
timed ours java -Xmx"$HEAP" -jar "$jar" --warmup "$WARMUP" --measurement "$MEASUREMENT" "$big" || true
if ! grep -q '^| big ' "$work/ours.out"; then cat "$work/ours.out" "$work/ours.time" >&2; exit 1; fi

echo "== JMeter -g, default settings: java -Xmx$JMETER_HEAP -jar $(basename "$launcher") -g ... $(jmeter_date "$start")..$(jmeter_date "$end")" >&2
timed jmeter java -Xmx"$JMETER_HEAP" -Duser.timezone=UTC -jar "$launcher" -g "$big" -o "$work/dashboard" \
  -j "$work/jmeter.log" -Jsampleresult.timestamp.start=true \
  -Jjmeter.reportgenerator.start_date="$(jmeter_date "$start")" -Jjmeter.reportgenerator.end_date="$(jmeter_date "$end")"
java -cp "$jar" org.esbbench.report.dashboard.AgreementCommand --warmup "$WARMUP" --measurement "$MEASUREMENT" \
  --run-start "$first" --dashboard "$work/dashboard" --exact-only "$big" >"$work/agree-big.out" && big_ok=yes || big_ok=NO

echo "== agreement of every figure on $AGREE_N samples (JMeter with statistic_window=-1)" >&2
small="$work/small.csv"
small_first=$(generate "$AGREE_N" "$small")
java -cp "$jar" org.esbbench.report.dashboard.DashboardCommand --warmup "$WARMUP" --measurement "$MEASUREMENT" \
  --run-start "$small_first" --jmeter-home "$jmeter_dir" --heap "$JMETER_FULL_HEAP" \
  --statistic-window -1 --out "$work/dashboard-all" --check-agreement "$small" >"$work/agree-small.out" && small_ok=yes || small_ok=NO

ours_s=$(seconds ours); jm_s=$(seconds jmeter)
samples=$(awk -F'|' '/^\| big /{gsub(/ /, "", $7); print $7}' "$work/ours.out")
echo
echo "Streaming analysis vs JMeter's report generator: $N rows ($(du -h "$big" | cut -f1)), measurement window of $samples samples"
printf '%-28s %10s %10s %12s %10s\n' "" "wall s" "CPU s" "max RSS MB" "heap"
printf '%-28s %10s %10s %12s %10s\n' "suite summariser" "$ours_s" "$(cpu ours)" "$(rss_mb ours)" "$HEAP"
printf '%-28s %10s %10s %12s %10s\n' "JMeter 5.6.3 -g" "$jm_s" "$(cpu jmeter)" "$(rss_mb jmeter)" "$JMETER_HEAP"
awk -v o="$ours_s" -v j="$jm_s" -v oc="$(cpu ours)" -v jc="$(cpu jmeter)" \
  'BEGIN { printf "speed ratio (JMeter / suite): %.1fx wall, %.1fx CPU\n", j / o, jc / oc }'
echo
echo "Agreement on the $N-row file (JMeter's default settings; its percentiles cover its last 20000 samples): $big_ok"
cat "$work/agree-big.out"
echo
echo "Agreement on a $AGREE_N-row file, every sample in JMeter's percentiles: $small_ok"
cat "$work/agree-small.out"
[[ "$big_ok" == yes && "$small_ok" == yes ]]
