#!/bin/sh
# Starts the standalone Camel application of this folder with Camel Main, as the camel target profile's
# server.command does: the routes of routes/ (HTTP and jms), on the Camel that module reference-esb builds with
# (its classpath is written by the build into reference-esb/target/camel-main.classpath). The process is Camel's
# JVM (exec), so its CPU time is the server's.
#   run-camel.sh JAVA ROOT HOST PORT BACKEND_HOST BACKEND_PORT BROKER_URL [JVM flags...]
set -eu
java=$1 root=$2 host=$3 port=$4 backend_host=$5 backend_port=$6 broker_url=$7
shift 7
here=$(cd "$(dirname "$0")" && pwd)
classpath_file=$root/reference-esb/target/camel-main.classpath
if [ ! -f "$classpath_file" ]; then
  echo "run-camel.sh: $classpath_file missing: build module reference-esb first (mvn package)" >&2
  exit 1
fi
# Camel Main reads application.properties from the classpath (this folder first) and resolves routes/ and xslt/
# from the working directory; system properties override the file's placeholders.
cd "$here"
exec "$java" "$@" -cp "$here:$(cat "$classpath_file")" \
  -Dhost="$host" -Dport="$port" -Dbackend.url="http://$backend_host:$backend_port/service/EchoService" \
  -Dbroker.url="$broker_url" org.apache.camel.main.Main
