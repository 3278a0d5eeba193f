#!/usr/bin/env bash
# A round on one machine: the same parameters against several target servers, one suite run each, then `compare`
# of the runs (docs/benchmarks.md has the round measured here). Targets:
#   reference  the bundled reference server (Camel + embedded Artemis), started by the suite
#   synapse    Apache Synapse 3.0.1 laid out by module synapse-server, started by the suite (with ActiveMQ Classic)
#   nginx      Debian's nginx-light as a reverse proxy (its three scenarios), installed and started by the suite
#   camel      the standalone Camel application of config/targets/camel, run by Camel Main: started here (the
#              profile says start=false), on the reference server's test classpath, and stopped when its run ends;
#              its jms route needs a broker of its own, so it runs the HTTP scenarios only
# Every run gets the same users, size, delay and windows; each target runs the scenarios of SCENARIOS it serves.
#
#   bash suite/bench/round.sh                      # USERS=16 SIZE=1024 WARMUP=30 MEASURE=60 TARGETS="reference synapse camel nginx"
#   TARGETS="synapse nginx" WARMUP=10 MEASURE=20 bash suite/bench/round.sh
# The build must have been installed once (mvn -o install -DskipTests): each run is `mvn -o verify -pl suite`.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
USERS=${USERS:-16}
SIZE=${SIZE:-1024}
DELAY=${DELAY:-0}
WARMUP=${WARMUP:-30}
MEASURE=${MEASURE:-60}
TARGETS=${TARGETS:-reference synapse camel nginx}
SCENARIOS=${SCENARIOS:-direct,cbr-body,cbr-soap-header,cbr-transport-header,xslt,ws-security,rest,soap,jms}

camel_pid=""
stop_camel() {
  if [[ -n "$camel_pid" ]] && kill -0 "$camel_pid" 2>/dev/null; then
    kill "$camel_pid" 2>/dev/null || true
    wait "$camel_pid" 2>/dev/null || true
  fi
  camel_pid=""
}
trap stop_camel EXIT

# The scenarios of $SCENARIOS that target $1's profile lists (camel: its HTTP ones).
served() {
  local listed
  listed=$(sed -n 's/^scenarios=//p' "$root/config/targets/$1.properties")
  [[ "$1" == camel ]] && listed=${listed//,jms/}
  local out=()
  IFS=, read -ra wanted <<<"$SCENARIOS"
  for s in "${wanted[@]}"; do
    [[ ",$listed," == *",$s,"* ]] && out+=("$s")
  done
  (IFS=,; echo "${out[*]}")
}

start_camel() {
  local file classpath log
  file=$(mktemp); log="$root/results/camel-main.log"
  (cd "$root" && mvn -B -q -o -pl reference-esb dependency:build-classpath -Dmdep.includeScope=test \
      -Dmdep.outputFile="$file" >/dev/null)
  classpath=$(cat "$file"); rm -f "$file"
  # Camel Main reads application.properties from the classpath: the application's folder comes first.
  (cd "$root/config/targets/camel" && exec java -Xms512m -Xmx512m -cp ".:$root/reference-esb/target/classes:$classpath" \
      -Dcamel.main.routes-include-pattern=file:routes/http.xml org.apache.camel.main.Main >"$log" 2>&1) &
  camel_pid=$!
  for _ in $(seq 1 60); do
    if curl -s -o /dev/null -X POST -H 'Content-Type: text/xml' --data '<a/>' http://127.0.0.1:8280/services/DirectProxy; then
      return 0
    fi
    kill -0 "$camel_pid" 2>/dev/null || { tail -20 "$log" >&2; return 1; }
    sleep 1
  done
  echo "Camel Main did not answer on 127.0.0.1:8280 within 60 s ($log)" >&2
  return 1
}

runs=()
labels=()
for target in $TARGETS; do
  scenarios=$(served "$target")
  [[ -n "$scenarios" ]] || { echo "$target serves none of $SCENARIOS" >&2; continue; }
  [[ "$target" == camel ]] && start_camel
  log=$(mktemp)
  command="mvn -B -o verify -pl suite -Dtarget=$target -Dscenarios=$scenarios -Dusers=$USERS -Dsize=$SIZE -Ddelay=$DELAY -Dwarmup=$WARMUP -Dmeasurement=$MEASURE"
  echo "== $target: $command" >&2
  status=0
  (cd "$root" && $command >"$log" 2>&1) || status=$?
  [[ "$target" == camel ]] && stop_camel
  run=$(grep -o 'results/[0-9]\{8\}-[0-9]\{6\}-[A-Za-z0-9_-]*' "$log" | tail -1 || true)
  if [[ $status -ne 0 ]]; then
    echo "$target: the build failed (exit $status); its output ends with:" >&2
    tail -15 "$log" >&2
  fi
  rm -f "$log"
  if [[ -n "$run" ]]; then
    runs+=("$root/$run"); labels+=(--label "$target"); echo "$target: $run" >&2
  fi
done

[[ ${#runs[@]} -ge 2 ]] || { echo "fewer than two runs to compare" >&2; exit 1; }
out="$root/results/round-$(date +%Y%m%d-%H%M%S)"
mkdir -p "$out"
java -jar "$root/report/target/esb-bench-report-cli.jar" compare --out "$out" "${labels[@]}" "${runs[@]}"
echo "comparison: $out/comparison.md" >&2
