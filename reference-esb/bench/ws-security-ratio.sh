#!/usr/bin/env bash
# Issue 16's WS-Security ratios from ONE suite run of direct and ws-security (same machine, same moment), against
# the raw cryptography one message needs (core/bench/ws-crypto-cost.sh, same JVM build and providers):
#   server: cpu_us_per_msg(ws-security)  vs  2 x (server raw crypto + cpu_us_per_msg(direct))
#   client: CPU per sample of the load generator (run.json generator_cpu_us_per_sample: JMeter's CPU / samples)
#           vs 2 x client raw crypto (wsMode=pool: one unwrap + one verify + AES + C14N/digests per reply)
#   throughput_per_s(ws-security) / throughput_per_s(direct)  vs  0.15
# The figures come from the run's run.json (points[].figures); nothing is re-measured here except the raw crypto.
# The build runs from the checkout's root so that the JMeter extension and the server are this checkout's
# (unit tests are not run; the suite's goals are: -DskipTests would skip them).
#
#   bash reference-esb/bench/ws-security-ratio.sh     # USERS=8 WARMUP=20 MEASURE=40 SIZE=1024
#   RUN=results/<run-id> bash reference-esb/bench/ws-security-ratio.sh   # only read an existing run
#   RAW=<saved ws-crypto-cost.sh output>                                   # reuse raw crypto figures
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
USERS=${USERS:-8}
WARMUP=${WARMUP:-20}
MEASURE=${MEASURE:-40}
SIZE=${SIZE:-1024}
RUN=${RUN:-}

# jq reads run.json; Debian's package when it is missing.
if ! command -v jq >/dev/null 2>&1; then
  echo "installing jq (apt) for this benchmark" >&2
  sudo=""; [[ $(id -u) -ne 0 ]] && sudo="sudo"
  $sudo apt-get update -qq >/dev/null
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq jq >/dev/null
fi

if [[ -z "$RUN" ]]; then
  command="mvn -B -o verify -Dtest=NoSuchTest -Dsurefire.failIfNoSpecifiedTests=false -Dscenarios=direct,ws-security -Dusers=$USERS -Dwarmup=$WARMUP -Dmeasurement=$MEASURE -Dsize=$SIZE"
  log=$(mktemp)
  (cd "$root" && flock /tmp/esbbench-ports.lock $command >"$log" 2>&1) || { tail -40 "$log" >&2; exit 1; }
  RUN=$(grep -o 'results/[0-9]\{8\}-[0-9]\{6\}-[A-Za-z0-9_-]*' "$log" | tail -1)
  [[ -n "$RUN" ]] || { echo "no results folder named in the build's output ($log)" >&2; exit 1; }
  RUN="$root/$RUN"
  rm -f "$log"
else
  command="(read $RUN)"
fi
run_json="$RUN/run.json"
[[ -f "$run_json" ]] || { echo "no $run_json" >&2; exit 1; }

# RAW=<a saved output of core/bench/ws-crypto-cost.sh> reuses it instead of measuring again.
if [[ -n "${RAW:-}" ]]; then
  raw=$(cat "$RAW")
else
  raw=$(SIZE=$SIZE WARMUP=${RAW_WARMUP:-4} MEASURE=${RAW_MEASURE:-4} bash "$root/core/bench/ws-crypto-cost.sh" 2>/dev/null)
fi
raw_server=$(awk '/^server \(verify\+decrypt, secure\)/ { print $(NF-2) }' <<<"$raw")
raw_client=$(awk '/^client wsMode=pool/ { print $(NF-2) }' <<<"$raw")
party_server=$(awk '/^server \(verify\+decrypt, secure\)/ { print $(NF-1) }' <<<"$raw")
party_client=$(awk '/^client wsMode=pool/ { print $(NF-1) }' <<<"$raw")

cores=$(jq -r '.machine.cores // .machine.availableProcessors // empty' "$run_json")
cores=${cores:-$(nproc)}
figure() { # scenario field
  jq -r --arg s "$1" --arg f "$2" '[.points[] | select(.scenario == $s) | .figures[$f]][0] // empty' "$run_json"
}
d_cpu=$(figure direct cpu_us_per_msg); w_cpu=$(figure ws-security cpu_us_per_msg)
d_tps=$(figure direct throughput_per_s); w_tps=$(figure ws-security throughput_per_s)
d_gen=$(figure direct generator_cpu_us_per_sample); w_gen=$(figure ws-security generator_cpu_us_per_sample)
w_bad=$(figure ws-security incorrect); w_err=$(figure ws-security errors)

echo "# command: $command"
echo "# run: $RUN ($cores cores); raw crypto: core/bench/ws-crypto-cost.sh SIZE=$SIZE (single thread, thread CPU)"
awk -v dc="$d_cpu" -v wc="$w_cpu" -v dt="$d_tps" -v wt="$w_tps" -v dg="$d_gen" -v wg="$w_gen" -v n="$cores" \
    -v rs="$raw_server" -v rc="$raw_client" -v ps="$party_server" -v pc="$party_client" -v bad="$w_bad" -v err="$w_err" 'BEGIN {
  dcl = dg; wcl = wg
  printf "%-52s %12s %12s\n", "figure", "direct", "ws-security"
  printf "%-52s %12.0f %12.1f\n", "throughput /s", dt, wt
  printf "%-52s %12.1f %12.1f\n", "server CPU us/msg (run.json cpu_us_per_msg)", dc, wc
  printf "%-52s %12.1f %12.1f\n", "client CPU us/sample (generator_cpu_us_per_sample)", dcl, wcl
  printf "ws-security samples: %d errors, %d incorrect replies\n\n", err, bad
  printf "raw crypto per message: server %.1f us, client (pool) %.1f us; the parties in one thread: server %.1f us, client %.1f us\n", rs, rc, ps, pc
  lim = 2 * (rs + dc)
  printf "server:     %8.1f us/msg  vs 2 x (raw %.1f + direct %.1f) = %8.1f  -> %.2fx of the limit: %s\n", wc, rs, dc, lim, wc / lim, (wc <= lim ? "MET" : "NOT MET")
  printf "client:     %8.1f us/sample vs 2 x raw %.1f = %8.1f                -> %.2fx of the limit: %s\n", wcl, rc, 2 * rc, wcl / (2 * rc), (wcl <= 2 * rc ? "MET" : "NOT MET")
  printf "throughput: ws-security / direct = %.3f vs 0.15: %s\n", wt / dt, (wt / dt >= 0.15 ? "MET" : "NOT MET")
}'
