#!/bin/sh
# Starts the Apache Synapse laid out in this home (its parent folder) in the foreground, so the process the suite
# started is Synapse's JVM itself (server.pid=process): its CPU time, GC log and management connection are the ones
# measured.
#
# usage: run-synapse.sh JAVA WORK HOST PORT JMS_URL [JVM flag...]
#   JAVA     the java launcher (the suite passes its own, ${java})
#   WORK     the run's server folder (${work}): the filled-in axis2.xml and the temporary files go there
#   HOST     the address the HTTP listener binds (${host}, 127.0.0.1 unless the profile says otherwise)
#   PORT     its port (${port})
#   JMS_URL  the ActiveMQ broker of the jms scenario (${jms.url})
#   flags    the JVM flags (${jvm.flags}: heap, GC log, management connection on loopback)
set -eu
if [ $# -lt 5 ]; then
    echo "usage: $0 JAVA WORK HOST PORT JMS_URL [JVM flag...]" >&2
    exit 2
fi
JAVA=$1 WORK=$2 HOST=$3 PORT=$4 JMS_URL=$5
shift 5
SYNAPSE_HOME=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$WORK/tmp"
sed -e "s|@HOST@|$HOST|g" -e "s|@PORT@|$PORT|g" -e "s|@JMS_URL@|$JMS_URL|g" \
    "$SYNAPSE_HOME/repository/conf/axis2-template.xml" > "$WORK/axis2.xml"
# Synapse and Rampart read repository/... relative to the working folder (the policy's keystore path).
cd "$SYNAPSE_HOME"
exec "$JAVA" "$@" \
    -Djava.io.tmpdir="$WORK/tmp" \
    -cp "$SYNAPSE_HOME/repository/conf:$SYNAPSE_HOME/lib/*" \
    org.apache.synapse.SynapseServer \
    "$SYNAPSE_HOME/repository" \
    "$WORK/axis2.xml" \
    "$SYNAPSE_HOME" \
    "$SYNAPSE_HOME/repository/conf/synapse-config" \
    "$SYNAPSE_HOME/repository"
