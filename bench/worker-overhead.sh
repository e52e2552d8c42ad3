#!/usr/bin/env bash
# Measures what Maestro's sender and receiver cost over a bare Qpid JMS loop, against one embedded Artemis broker:
#  1. throughput of a bare send/receive loop and of the Maestro sender/receiver (256 B, unbounded, 1 and 5
#     connections, same window), and their ratio;
#  2. the per-message cost of Maestro's recording (JMH, ns/message).
# Usage: bench/worker-overhead.sh [seconds=10] [warmup-seconds=3] [connections=1,5] [rounds=1]
set -euo pipefail
cd "$(dirname "$0")/.."

SECONDS_PER_RUN=${1:-10}
WARMUP=${2:-3}
CONNECTIONS=${3:-1,5}
ROUNDS=${4:-1}

echo "== machine"
echo "nproc: $(nproc)"
free -g | head -2
grep -m1 'model name' /proc/cpuinfo || true
java -version 2>&1 | head -1
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"

echo "== building the worker's test classes"
mvn -q -pl maestro-worker -am test-compile dependency:build-classpath \
    -Dmdep.outputFile=target/test.classpath -Dmdep.includeScope=test
CP="maestro-worker/target/test-classes:maestro-worker/target/classes:$(cat maestro-worker/target/test.classpath)"
LOGBACK="-Dlogback.configurationFile=maestro-worker/src/test/resources/logback-test.xml"

echo "== throughput: bare Qpid JMS loop vs Maestro sender/receiver (${SECONDS_PER_RUN} s window after ${WARMUP} s)"
java -Xmx1g $LOGBACK -cp "$CP" org.maestro.worker.bench.WorkerOverheadBenchmark \
    "$SECONDS_PER_RUN" "$WARMUP" "$CONNECTIONS" "$ROUNDS" 2>&1 | grep -v 'AMQ22216[56]'

echo "== recording cost per message (JMH)"
java $LOGBACK -cp "$CP" org.openjdk.jmh.Main RecordingCostBenchmark -f 1 -wi 3 -i 5 -w 1 -r 1 2>&1 \
    | sed -n '/^Benchmark/,$p'
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
