#!/usr/bin/env bash
# Runs the PerfMon ServerAgent (kg.apc perfmon 2.2.2), whose host CPU and memory the plans' PerfMon collector
# records, in the foreground (stop it with Ctrl-C or TERM). Meant for the host of a server the suite measures
# from elsewhere (target profile perfmon=HOST:PORT); for a local server the suite starts it itself
# (perfmon=start).
#
#   perfmon-agent.sh [--dir DIR] [--bind ADDRESS] [--port PORT] [--layout-only]
#
# DIR holds the agent: lib/ (the agent and the five jars it loads) and native/ (SIGAR's Linux libraries). By
# default: suite/target/perfmon-agent when this script sits in a checkout whose suite module was built, else
# perfmon-agent/ beside this script. To use it on another host, copy this script and that folder there
# (scp -r scripts/perfmon-agent.sh scripts/perfmon suite/target/perfmon-agent HOST:), or let the script lay the folder out with
# Maven (mvn on the PATH, Maven Central or a mirror of it reachable). Needs Java 11 or later (the launcher runs in source-file mode).
#
# The agent listens on TCP PORT (default 4444) of ADDRESS only (default 127.0.0.1; on a server's host give the
# address the load generator reaches it on). It runs commands for a client that asks for its exec metric, so
# open the port to the load generator only. The agent's own launcher binds every interface: this script runs
# it through perfmon/BoundPerfMonAgent.java (beside this script), which binds ADDRESS.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
port=4444
bind=127.0.0.1
layout_only=false
dir=""
while [ $# -gt 0 ]; do
  case "$1" in
    --dir) dir="$2"; shift 2 ;;
    --port) port="$2"; shift 2 ;;
    --bind) bind="$2"; shift 2 ;;
    --layout-only) layout_only=true; shift ;;
    -h|--help) sed -n '2,19p' "$0"; exit 0 ;;
    *) echo "perfmon-agent: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
done
if [ -z "$dir" ]; then
  if [ -d "$here/../suite/target/perfmon-agent/lib" ]; then
    dir="$here/../suite/target/perfmon-agent"
  else
    dir="$here/perfmon-agent"
  fi
fi

# What the suite pom's maven-dependency-plugin copies: the agent's pom pulls ~45 more jars it never loads.
JARS=(kg.apc:perfmon:2.2.2 kg.apc:cmdrunner:1.0.1 org.fusesource:sigar:1.6.4 org.apache.jmeter:jorphan:2.6
      avalon-framework:avalon-framework:4.1.5 logkit:logkit:2.0)
DEPENDENCY_PLUGIN=org.apache.maven.plugins:maven-dependency-plugin:3.8.1

lay_out() {
  command -v mvn >/dev/null 2>&1 || {
    echo "perfmon-agent: $dir has no lib/ and native/, and there is no mvn here to lay them out;" \
      "copy suite/target/perfmon-agent from a built checkout to $dir" >&2
    exit 1
  }
  echo "perfmon-agent: laying the agent out in $dir with Maven"
  mkdir -p "$dir/lib" "$dir/native"
  for jar in "${JARS[@]}"; do
    mvn -B -q -Dstyle.color=never "$DEPENDENCY_PLUGIN:copy" -Dartifact="$jar" -DoutputDirectory="$dir/lib"
  done
  mvn -B -q -Dstyle.color=never "$DEPENDENCY_PLUGIN:unpack" -Dartifact=org.fusesource:sigar:1.6.4:jar:native \
    -DoutputDirectory="$dir/native" -Dmdep.unpack.includes='libsigar-*-linux-*.so'
}

if [ ! -d "$dir/lib" ] || [ ! -d "$dir/native" ]; then
  lay_out
fi
if $layout_only; then
  echo "perfmon-agent: laid out in $dir"
  exit 0
fi

dir="$(cd "$dir" && pwd)"
java_bin="${JAVA_HOME:+$JAVA_HOME/bin/}java"
# From DIR: the agent's launcher scans lib/ under its working folder and complains when there is none.
cd "$dir"
echo "perfmon-agent: starting from $dir on TCP $bind:$port (UDP off)"
exec "$java_bin" -Xms16m -Xmx64m -XX:+UseSerialGC -Djava.library.path="$dir/native" -cp "$dir/lib/*" \
  "$here/perfmon/BoundPerfMonAgent.java" --bind "$bind" --port "$port"
