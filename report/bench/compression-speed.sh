#!/usr/bin/env bash
# Speed and ratio of the suite's compression of results files (-DkeepResults=compressed, the default: the run goal
# gzips jtl/NAME.csv to NAME.csv.gz at Deflater.BEST_SPEED as soon as the scenario run's JMeter ended) and of
# reading either form (the analysis), on a synthetic results file of about 1 GB (ROWS rows, SyntheticJtlCommand
# from report's test-jar), or on FILE when given (a copy of it: e.g. a real run's jtl/NAME.csv). Prints MB/s of
# each step (MB of the plain file per second) and, for comparison, `gzip -1`'s time on the same file.
# The figures of docs/benchmarks.md ("Results compression") come from here. Deletes its files unless KEEP=1.
#
#   mvn -B -q -pl report package -DskipTests
#   bash report/bench/compression-speed.sh              # ROWS=7000000 (about 1 GB), or FILE=results/RUN/jtl/x.csv
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
ROWS=${ROWS:-7000000}
KEEP=${KEEP:-0}

jar="$root/report/target/esb-bench-report-cli.jar"
tests_jar=$(ls "$root"/report/target/esb-bench-report-*-tests.jar 2>/dev/null | tail -n 1 || true)
if [[ ! -f "$jar" || -z "$tests_jar" ]]; then
  echo "no $jar or report/target/esb-bench-report-*-tests.jar: run 'mvn -B -q -pl report package -DskipTests' first" >&2
  exit 1
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/compression-speed.XXXXXX")
cleanup() { if [[ "$KEEP" == 1 ]]; then echo "files kept in $work" >&2; else rm -rf "$work"; fi; }
trap cleanup EXIT

file="$work/results.csv"
if [[ -n "${FILE:-}" ]]; then
  cp "$FILE" "$file"
else
  java -cp "$tests_jar:$jar" org.esbbench.report.synthetic.SyntheticJtlCommand --samples "$ROWS" --duration 1200 \
    --users 10 "$file" | grep -E '^(samples|write_seconds)='
fi
echo "machine: $(nproc) cores, $(java -version 2>&1 | head -n 1)"
java -cp "$jar" "$here/CompressionSpeed.java" "$file"
if command -v gzip >/dev/null; then
  began=$(date +%s.%N)
  gzip -1 -c "$file" >"$file.gzip1"
  ended=$(date +%s.%N)
  echo "gzip_1_s=$(echo "$ended - $began" | bc)"
  echo "gzip_1_mb=$(echo "scale=1; $(stat -c %s "$file.gzip1") / 1000000" | bc)"
fi
