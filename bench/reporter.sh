#!/usr/bin/env bash
# Measures how long the reporter takes and how much heap it needs for a long test:
#  1. writes the results of one iteration of `seconds` (1 hour by default) from 5 senders and 5 receivers
#     (1 s HDR intervals, rate.csv rows, RoaringBitmap sequences), an artemis inspector polled every 5 s and an agent;
#  2. builds the report `runs` times, each in a fresh JVM limited to `heap` (-Xmx), printing time, peak heap and the
#     size of the report; the message counts are checked against the ones written.
# Target: under 10 s and under 512 MiB of heap for 1 hour of 10 peers.
# Usage: bench/reporter.sh [seconds=3600] [runs=2] [heap=512m] [rate-per-sender=1000]
# JFR=1 bench/reporter.sh … also records the last build with Java Flight Recorder (path printed at the end).
set -euo pipefail
cd "$(dirname "$0")/.."

SECONDS_OF_TEST=${1:-3600}
RUNS=${2:-2}
HEAP=${3:-512m}
RATE=${4:-1000}

. bench/lib.sh
print_machine
build_test_classpath maestro-reporter
LOGBACK="-Dlogback.configurationFile=maestro-reporter/src/test/resources/logback-test.xml"

WORK=$(mktemp -d /tmp/maestro-reporter-bench.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
RESULTS="$WORK/results"

echo "== writing the results"
java -Xmx2g $LOGBACK -cp "$CP" org.maestro.reporter.bench.ReporterBenchmark generate "$RESULTS" \
    "$SECONDS_OF_TEST" 5 5 "$RATE"
du -sh "$RESULTS" | sed 's/^/on disk: /'

for run in $(seq 1 "$RUNS"); do
    echo "== build $run of $RUNS (-Xmx$HEAP, fresh JVM)"
    JFR_OPTION=()
    if [[ "${JFR:-0}" == 1 && "$run" == "$RUNS" ]]; then
        JFR_OPTION=("-XX:StartFlightRecording=filename=/tmp/reporter-bench.jfr,settings=profile")
    fi
    java -Xmx"$HEAP" -Xlog:gc:file="$WORK/gc-$run.log" "${JFR_OPTION[@]}" $LOGBACK -cp "$CP" \
        org.maestro.reporter.bench.ReporterBenchmark build "$RESULTS"
    awk '/Pause/ { n++; sub(/ms$/, "", $NF); ms += $NF; split($(NF-1), h, "->"); sub(/M.*/, "", h[2]);
                   if (h[2] + 0 > max) max = h[2] + 0 }
         END { printf "GC log: %d pauses, %.0f ms paused in total; largest heap after a pause: %d MiB\n", n, ms, max }' \
        "$WORK/gc-$run.log"
done
if [[ "${JFR:-0}" == 1 ]]; then
    echo "== hottest methods of the last build (JFR execution samples, top frames)"
    jfr print --events jdk.ExecutionSample /tmp/reporter-bench.jfr \
        | grep -A1 'stackTrace = \[' | grep -v 'stackTrace\|^--' | sed 's/line:.*//' | sort | uniq -c \
        | sort -rn | head -15
    echo "recording: /tmp/reporter-bench.jfr"
fi
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
