#!/usr/bin/env bash
# Measures what the artemis inspector costs the broker it watches: one embedded Artemis broker (JMX on) with a real
# Jolokia agent carries one unbounded Qpid JMS load (256 B, non-persistent) while equal windows alternate between no
# inspector, the inspector polling every 5 s and every 1 s (order A B C, then C B A, … to cancel drift); prints each
# window's throughput (messages acknowledged by the broker's consumers per second) and its ratio to the baseline.
# Usage: bench/inspector-overhead.sh [seconds=30] [settle-seconds=3] [rounds=6] [connections=2]
set -euo pipefail
cd "$(dirname "$0")/.."

SECONDS_PER_WINDOW=${1:-30}
SETTLE=${2:-3}
ROUNDS=${3:-6}
CONNECTIONS=${4:-2}

. bench/lib.sh
print_machine
build_test_classpath maestro-inspector

echo "== throughput without and with the inspector (${SECONDS_PER_WINDOW} s windows, ${ROUNDS} rounds)"
java -Xmx1g -Dlogback.configurationFile=bench/logback-bench.xml -cp "$CP" \
    org.maestro.inspector.bench.InspectorOverheadBenchmark "$SECONDS_PER_WINDOW" "$SETTLE" "$ROUNDS" "$CONNECTIONS" \
    2>&1 | grep -v 'AMQ22216[56]'
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
