#!/usr/bin/env bash
# A JMeter engine on another host for distributed runs (-Dgenerators=HOST:PORT,...): JMeter's own remote engine
# (jmeter -s) with what the suite's plans need there, always over SSL (RMI with the run's keystore, client and
# engine authenticated both ways).
#
# On the controller (the machine that runs Maven), after a build and after esb-bench:check with -Dgenerators
# (which creates config/rmi/):
#   jmeter-engine.sh --bundle FILE            tar.gz of what an engine host needs: the laid-out JMeter (jmeter/,
#                                             the esb-bench extension in lib/ext), data/generated, config/keystores,
#                                             config/rmi's keystore and properties (rmi/), scripts/jmeter/engine-init.groovy
#                                             (the load-share hook), this script and the PerfMon agent
#                                             (scripts/perfmon-agent.sh, scripts/perfmon/, perfmon-agent/)
#   jmeter-engine.sh --push USER@HOST:DIR     the same tree copied to DIR over ssh (rsync); again after every build:
#                                             the payloads change and the engines' probe refuses stale ones
# On the engine host (Java 17, DIR from the bundle or --push), in the foreground, Ctrl-C stops it:
#   jmeter-engine.sh --dir DIR --bind ADDRESS [--port 1099] [--local-port 1100] [--heap MB] [--perfmon 4444]
#     --bind        the address the controller reaches this host at (java.rmi.server.hostname; with SSL JMeter binds
#                   its RMI ports on it only)
#     --port        the RMI registry port (server_port): the -Dgenerators entry is ADDRESS:PORT
#     --local-port  the engine object's port (server.rmi.localport); open both ports to the controller
#     --heap        the engine's heap in MB (-Xms = -Xmx), default 1024
#     --perfmon     also run the PerfMon agent on ADDRESS:PORT (the suite's generatorPerfmonPort, default 4444):
#                   the engine's CPU and its host's then reach the run's cpu.csv; open it to the controller only
# The suite never stops an engine it did not start: stop it here when the runs are done. Several engines on one host
# need distinct --port and --local-port (and one --perfmon among them). JMS plans reply to this engine's own queue,
# perf.reply.ADDRESS-PORT. Logs: DIR/logs/engine-PORT.log and .out.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
JAR=ApacheJMeter-5.6.3.jar
usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; }
fail() { echo "jmeter-engine: $*" >&2; exit 1; }

bundle="" push="" dir="" bind="" port=1099 local_port=1100 heap=1024 perfmon=""
while [ $# -gt 0 ]; do
  case "$1" in
    --bundle) bundle="${2:?--bundle needs a file name}"; shift 2 ;;
    --push) push="${2:?--push needs USER@HOST:DIR}"; shift 2 ;;
    --dir) dir="${2:?--dir needs a folder}"; shift 2 ;;
    --bind) bind="${2:?--bind needs an address}"; shift 2 ;;
    --port) port="${2:?--port needs a number}"; shift 2 ;;
    --local-port) local_port="${2:?--local-port needs a number}"; shift 2 ;;
    --heap) heap="${2:?--heap needs MB}"; shift 2 ;;
    --perfmon) perfmon="${2:?--perfmon needs a port}"; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) fail "unknown argument $1 (see --help)" ;;
  esac
done

# The tree an engine host needs, as symbolic links into this checkout (tar -h and rsync -L copy their targets).
stage_tree() { # stage-folder
  local stage=$1 root jmeter_dir=""
  root="$(cd "$here/.." && pwd)"
  [ -f "$root/suite/pom.xml" ] || fail "--bundle and --push run in a checkout of the suite (no suite/pom.xml under $root)"
  # the newest JMeter the suite's jmeter:configure laid out (the benchmarks' laid-out-jmeter.sh logic)
  while read -r d; do
    if [ -f "$d/bin/$JAR" ]; then jmeter_dir="$d"; fi
  done < <(grep -o '"jmeterDirectoryPath":"[^"]*"' "$root/suite/target/config.json" 2>/dev/null | cut -d'"' -f4)
  [ -n "$jmeter_dir" ] || fail "no laid-out JMeter under suite/target: build first (mvn -B install -DskipTests)"
  ls "$jmeter_dir"/lib/ext/esb-bench-jmeter-ext-*.jar >/dev/null 2>&1 \
    || fail "$jmeter_dir/lib/ext has no esb-bench extension jar: build first (mvn -B install -DskipTests)"
  [ -d "$root/data/generated" ] || fail "no payloads in $root/data/generated: build first (mvn -B install -DskipTests)"
  for f in config/rmi/rmi_keystore.p12 config/rmi/rmi.properties; do
    [ -f "$root/$f" ] || fail "no $f: run esb-bench:check with -Dgenerators=... once (it creates the RMI keystore)"
  done
  [ -f "$root/scripts/jmeter/engine-init.groovy" ] || fail "no scripts/jmeter/engine-init.groovy in $root"
  [ -d "$root/suite/target/perfmon-agent/lib" ] \
    || fail "no PerfMon agent in suite/target/perfmon-agent: build the suite module (mvn -pl suite process-resources)"
  mkdir -p "$stage/jmeter-engine/config" "$stage/jmeter-engine/data" "$stage/jmeter-engine/rmi" \
    "$stage/jmeter-engine/scripts/jmeter"
  local e="$stage/jmeter-engine"
  ln -s "$jmeter_dir" "$e/jmeter"
  ln -s "$root/data/generated" "$e/data/generated"
  ln -s "$root/config/keystores" "$e/config/keystores"
  ln -s "$root/config/rmi/rmi_keystore.p12" "$e/rmi/rmi_keystore.p12"
  ln -s "$root/config/rmi/rmi.properties" "$e/rmi/rmi.properties"
  ln -s "$root/scripts/jmeter/engine-init.groovy" "$e/scripts/jmeter/engine-init.groovy"
  ln -s "$root/scripts/jmeter-engine.sh" "$e/scripts/jmeter-engine.sh"
  ln -s "$root/scripts/perfmon-agent.sh" "$e/scripts/perfmon-agent.sh"
  ln -s "$root/scripts/perfmon" "$e/scripts/perfmon"
  ln -s "$root/suite/target/perfmon-agent" "$e/perfmon-agent"
  echo "jmeter-engine: JMeter from $jmeter_dir" >&2
}

if [ -n "$bundle" ] || [ -n "$push" ]; then
  stage="$(mktemp -d)"
  trap 'rm -rf "$stage"' EXIT
  stage_tree "$stage"
  if [ -n "$bundle" ]; then
    out="$(cd "$(dirname "$bundle")" && pwd)/$(basename "$bundle")"
    # the keystore's password is in rmi.properties: the bundle is readable by its owner only
    (umask 077 && tar -czhf "$out" -C "$stage" jmeter-engine)
    echo "jmeter-engine: wrote $out ($(du -h "$out" | cut -f1)); on the engine host:"
    echo "  mkdir -p DIR && tar -xzf $(basename "$out") -C DIR --strip-components=1"
    echo "  DIR/scripts/jmeter-engine.sh --dir DIR --bind ADDRESS --port 1099 --local-port 1100 --perfmon 4444"
  fi
  if [ -n "$push" ]; then
    case "$push" in *:*) ;; *) fail "--push needs USER@HOST:DIR, got $push" ;; esac
    command -v rsync >/dev/null || fail "--push needs rsync here (and on the engine host); or use --bundle and copy it"
    rsync -a -L --delete --chmod=go-rwx --exclude /logs/ "$stage/jmeter-engine/" "$push/"
    echo "jmeter-engine: copied to $push; there: DIR/scripts/jmeter-engine.sh --dir DIR --bind ADDRESS ..."
  fi
  exit 0
fi

[ -n "$dir" ] || { usage >&2; exit 2; }
[ -n "$bind" ] || fail "--bind ADDRESS is required: the address the controller reaches this host at"
for n in "$port" "$local_port" "$heap" ${perfmon:+"$perfmon"}; do
  [[ "$n" =~ ^[0-9]+$ ]] || fail "not a number: $n"
done
[ "$port" != "$local_port" ] || fail "--port and --local-port must differ (both $port)"
dir="$(cd "$dir" && pwd)"
[ -f "$dir/jmeter/bin/$JAR" ] || fail "$dir/jmeter/bin/$JAR missing: unpack a bundle there (--bundle, --push)"
if [ ! -f "$dir/rmi/rmi_keystore.p12" ] || [ ! -f "$dir/rmi/rmi.properties" ]; then
  fail "$dir/rmi has no rmi_keystore.p12 and rmi.properties: copy the bundle again"
fi
java_bin="${JAVA_HOME:+$JAVA_HOME/bin/}java"
command -v "$java_bin" >/dev/null || fail "no java (Java 17) on the PATH or in JAVA_HOME"
mkdir -p "$dir/logs"

agent="" engine=""
stop_all() { # the engine and the agent this script started, and nothing else
  for p in $engine $agent; do kill -TERM "$p" 2>/dev/null || true; done
  for p in $engine $agent; do wait "$p" 2>/dev/null || true; done
  engine="" agent=""
}
trap stop_all EXIT
trap 'stop_all; exit 130' INT TERM
if [ -n "$perfmon" ]; then
  bash "$dir/scripts/perfmon-agent.sh" --dir "$dir/perfmon-agent" --bind "$bind" --port "$perfmon" \
    >"$dir/logs/perfmon-$perfmon.out" 2>&1 &
  agent=$!
  echo "jmeter-engine: PerfMon agent on $bind:$perfmon (log $dir/logs/perfmon-$perfmon.out)"
fi

echo "jmeter-engine: engine on $bind:$port (object port $local_port), RMI over SSL, -Dgenerators entry $bind:$port"
# From rmi/: the keystore's file name is relative, and each JVM opens it against its own working folder (the stubs
# carry the name as the exporter wrote it).
cd "$dir/rmi"
"$java_bin" -Xms"${heap}m" -Xmx"${heap}m" -Djava.awt.headless=true -Djava.rmi.server.hostname="$bind" \
  -Desbbench.engine="$bind:$port" -jar "$dir/jmeter/bin/$JAR" -s -j "$dir/logs/engine-$port.log" \
  -q "$dir/rmi/rmi.properties" -Jserver_port="$port" -Jserver.rmi.localport="$local_port" \
  -Jjsr223.init.file="$dir/scripts/jmeter/engine-init.groovy" -JpayloadDir="$dir/data/generated" \
  -JkeystoreDir="$dir/config/keystores" -JreplyQueue="perf.reply.$bind-$port" \
  > >(tee "$dir/logs/engine-$port.out") 2>&1 &
# In the background and waited for, so that Ctrl-C or a TERM to this script reaches the trap at once, which stops
# the engine and the agent.
engine=$!
wait "$engine"
