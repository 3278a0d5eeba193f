#!/usr/bin/env bash
# WS-Security per message against its raw cryptography, in one JVM (core's WsSecurityCostBenchmark): the JCA
# operations one message needs on each side (RSA-2048 private/public operations, AES-CBC on the Body, exclusive
# C14N + digests of the signed parts) and the thread CPU time of the parties doing the same message (server:
# verify+decrypt the request, secure the reply; client: the reply check of wsMode=pool, plus securing in
# wsMode=fresh), with the ratios party/raw. Single thread; holds the ports lock (a timing measurement) although it
# binds nothing, so it does not overlap another measurement.
#
#   mvn -B -o -q test-compile -pl core -am     # once
#   bash core/bench/ws-crypto-cost.sh          # SIZE=1024 SUITE=MODERN WARMUP=8 MEASURE=5 JAVA_OPTS=<e.g. JFR flags>
#                                              # EXTRA_CP=<jars first on the class path, e.g. another JCA provider>
# Another JCA provider for both the raw operations and the parties (the ratio stays like for like), e.g. Amazon
# Corretto Crypto Provider: EXTRA_CP=<its linux-x86_64 jar> JAVA_OPTS=-Djava.security.properties=<file with
#   security.provider.1=com.amazon.corretto.crypto.provider.AmazonCorrettoCryptoProvider>
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
SIZE=${SIZE:-1024}
SUITE=${SUITE:-MODERN}
WARMUP=${WARMUP:-8}
MEASURE=${MEASURE:-5}
JAVA_OPTS=${JAVA_OPTS:-}
EXTRA_CP=${EXTRA_CP:-}
cp_file=$(mktemp)
trap 'rm -f "$cp_file"' EXIT
(cd "$root" && mvn -B -o -q -pl core dependency:build-classpath -Dmdep.outputFile="$cp_file" >/dev/null)
command="SIZE=$SIZE SUITE=$SUITE WARMUP=$WARMUP MEASURE=$MEASURE${EXTRA_CP:+ EXTRA_CP=$EXTRA_CP}${JAVA_OPTS:+ JAVA_OPTS='$JAVA_OPTS'} bash core/bench/ws-crypto-cost.sh"
flock /tmp/esbbench-ports.lock java -Xmx512m $JAVA_OPTS -DwarmupSeconds="$WARMUP" -DmeasureSeconds="$MEASURE" \
  -Dbenchmark.command="$command" \
  -cp "${EXTRA_CP:+$EXTRA_CP:}$root/core/target/test-classes:$root/core/target/classes:$(cat "$cp_file")" \
  org.esbbench.core.wssec.WsSecurityCostBenchmark "$root/config/keystores" "$SIZE" "$SUITE"
