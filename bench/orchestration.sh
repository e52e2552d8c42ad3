#!/usr/bin/env bash
# Measures the control plane with a fleet of in-process peers (a role that does nothing) on one MQTT broker, once
# on the embedded Artemis MQTT acceptor and once on a Mosquitto process:
#  - cold: time from the first peer connecting to all of them discovered (PING), set (one SET per option of a
#    test, each awaited from every peer) and started (START_SENDER);
#  - the same setup on the running fleet, repeated (p50/p99/max);
#  - the round trip of a PING until every peer answered (p50/p99/max);
# and, to explain the round trip, one request/reply over plain Paho clients with and without TCP_NODELAY
# (org.maestro.client.bench.MqttRoundTripBenchmark).
# Usage: bench/orchestration.sh [peers=50] [pings=100] [setups=20] [brokers=artemis,mosquitto]
set -euo pipefail
cd "$(dirname "$0")/.."

PEERS=${1:-50}
PINGS=${2:-100}
SETUPS=${3:-20}
BROKERS=${4:-artemis,mosquitto}

echo "== machine"
echo "nproc: $(nproc)"
free -g | head -2
grep -m1 'model name' /proc/cpuinfo || true
java -version 2>&1 | head -1
command -v mosquitto >/dev/null && echo "mosquitto: $(mosquitto -h 2>/dev/null | head -1)" || true
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"

echo "== building the client's test classes"
mvn -q -pl maestro-client -am test-compile dependency:build-classpath \
    -Dmdep.outputFile=target/test.classpath -Dmdep.includeScope=test
CP="maestro-client/target/test-classes:maestro-client/target/classes:$(cat maestro-client/target/test.classpath)"
LOGBACK="-Dlogback.configurationFile=maestro-client/src/test/resources/logback-test.xml"

for BROKER in ${BROKERS//,/ }; do
    echo "== ${BROKER}"
    java -Xmx1g $LOGBACK -cp "$CP" org.maestro.client.bench.OrchestrationBenchmark \
        "$BROKER" "$PEERS" "$PINGS" "$SETUPS" 2>&1 | grep -v ' INFO \| WARN .*AMQ22216[56]'
done
echo "== one request/reply over plain Paho clients (QoS 1), with and without TCP_NODELAY"
java -Xmx512m $LOGBACK -cp "$CP" org.maestro.client.bench.MqttRoundTripBenchmark "$PINGS" 2>&1 | grep -v ' INFO \| WARN '
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
