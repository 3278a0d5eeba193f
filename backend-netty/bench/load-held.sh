#!/usr/bin/env bash
# The backend's "load held" test (TenThousandConnectionsIT) at any size: N keep-alive connections with a 1000 ms
# delay, a closed loop on each, p50/p99 against the delay, throughput against the ideal N/s, listen-queue
# overflows before/after. The test runs the backend jar as a child process and the client in the test JVM, so
# each side needs N descriptors (plus a few hundred): this script raises the open-files limit first (as root up
# to 200000, otherwise to the hard limit; a container without CAP_SYS_RESOURCE refuses even root, as on the
# project's 2-core VM with 20,000), which Maven's forked test JVM inherits. The ports lock keeps other
# load off the machine meanwhile. Loopback only; the client's ephemeral ports (net.ipv4.ip_local_port_range,
# 28,232 by default) cap N.
#
#   bash backend-netty/bench/load-held.sh                         # 10,000 connections, 20 s window
#   CONNECTIONS=25000 SECONDS_MEASURED=30 bash backend-netty/bench/load-held.sh
#   MVN_FLAGS=-o bash backend-netty/bench/load-held.sh            # Maven offline
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
CONNECTIONS=${CONNECTIONS:-10000}
SECONDS_MEASURED=${SECONDS_MEASURED:-20}
MVN_FLAGS=${MVN_FLAGS:-}

ulimit -n 200000 2>/dev/null || ulimit -n "$(ulimit -Hn)"
needed=$((CONNECTIONS + 1000))
if (( $(ulimit -n) < needed )); then
  echo "open-files limit $(ulimit -n) is below the $needed descriptors $CONNECTIONS connections need per process," \
       "and raising it was refused (not root, or a container without CAP_SYS_RESOURCE): raise the hard limit" \
       "(limits.conf, docker --ulimit nofile=..., LimitNOFILE= for a service) or lower CONNECTIONS" >&2
  exit 2
fi
read -r low high < /proc/sys/net/ipv4/ip_local_port_range
if (( CONNECTIONS > high - low )); then
  echo "$CONNECTIONS connections need as many local ports; net.ipv4.ip_local_port_range gives $((high - low))" \
       "($low-$high): widen it (sysctl -w net.ipv4.ip_local_port_range='1024 65000') or lower CONNECTIONS" >&2
  exit 2
fi
echo "open files $(ulimit -n), net.core.somaxconn $(cat /proc/sys/net/core/somaxconn), $CONNECTIONS connections" >&2

cd "$root"
set +e
# shellcheck disable=SC2086 # MVN_FLAGS is a list of flags
flock /tmp/esbbench-ports.lock mvn -B $MVN_FLAGS verify -pl backend-netty -DskipITs=false \
  -Dtest=none -Dsurefire.failIfNoSpecifiedTests=false -Dit.test=TenThousandConnectionsIT \
  -Dload.connections="$CONNECTIONS" -Dload.seconds="$SECONDS_MEASURED" \
  | grep -E 'connections|Tests run:|FAIL|ERROR\]'
status=${PIPESTATUS[0]}
exit "$status"
