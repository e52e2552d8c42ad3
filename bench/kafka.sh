#!/usr/bin/env bash
# The Maestro Kafka driver against a bare kafka-clients send loop, side by side against one KRaft broker started
# for the run (in a JVM of its own, on free loopback ports; InJvmKafka from maestro-driver-kafka's test classes):
#   bare-kafka  a bare kafka-clients loop (org.maestro.worker.bench.KafkaBareLoop): per connection one thread and
#               one producer (acks=all, a callback counting acknowledgements) writing 256-byte records on a fixed
#               timeline (or as fast as it can), the intended send time in the body, one consumer measuring
#               receive − intended;
#   kafka       the Maestro sender and receiver with the Kafka driver (kafka://…/topic, acks=all by default),
# each client in a fresh JVM, with the same warm-up (not measured) and measuring window, unbounded and at a fixed
# total rate. Prints each run and the ratios to the bare loop: throughput (records intended in the window and
# received, per second), response-time p99, and CPU time of the client JVM per record sent.
#
# Usage: bench/kafka.sh [seconds=20] [warmup-seconds=5] [connections=1] [rounds=1] [fixed-rate=2000]
#   fixed-rate is the total of all connections (msg/s), split evenly between them.
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh

SECONDS_PER_RUN=${1:-20}
WARMUP=${2:-5}
CONNECTIONS=${3:-1}
ROUNDS=${4:-1}
FIXED_RATE=${5:-2000}

print_machine
build_test_classpath maestro-worker
LOGBACK="-Dlogback.configurationFile=bench/logback-bench.xml"
out=$(mktemp -d /tmp/kafka-bench.XXXXXX)

echo "== starting the Kafka broker"
java -Xmx1g $LOGBACK -cp "$CP" org.maestro.driver.kafka.InJvmKafka "$out/port" > "$out/broker.log" 2>&1 &
broker=$!
trap 'kill $broker 2>/dev/null || true' EXIT
for _ in $(seq 1 240); do
    [ -s "$out/port" ] && break
    kill -0 $broker 2>/dev/null || { echo "the broker did not start: $(cat "$out/broker.log")" >&2; exit 1; }
    sleep 0.5
done
[ -s "$out/port" ] || { echo "the broker did not start within 120 s: see $out/broker.log" >&2; exit 1; }
port=$(cat "$out/port")

# run <client> <connections> <rate per connection>: one client in a fresh JVM; prints and keeps its RESULT line
run() {
    local line main
    if [ "$1" = bare-kafka ]; then
        main="org.maestro.worker.bench.KafkaBareLoop"
    else
        main="org.maestro.worker.bench.LoadGeneratorBenchmark $1"
    fi
    line=$(java -Xmx512m $LOGBACK -cp "$CP" $main "$port" "$2" "$3" "$WARMUP" "$SECONDS_PER_RUN" \
        2>"$out/$1-$2-$3.err" | grep '^RESULT' || true)
    [ -n "$line" ] || { echo "$1 at $2 connection(s), rate $3 gave no result: see $out/$1-$2-$3.err" >&2; return; }
    echo "$line load=$(cut -d' ' -f1 /proc/loadavg)" | tee -a "$out/results"
}

# the broker's JVM starts cold too: one short run of the bare loop, not counted, warms it for whichever client
# comes first
echo "== warming the broker up (10 s of the bare loop, unbounded, not counted)"
java -Xmx512m $LOGBACK -cp "$CP" org.maestro.worker.bench.KafkaBareLoop "$port" 1 0 5 5 > "$out/warm-up.out" \
    2>&1 || { echo "the warm-up run failed: see $out/warm-up.out" >&2; exit 1; }

echo "== ${SECONDS_PER_RUN} s measured after ${WARMUP} s of warm-up; results in $out"
for round in $(seq 1 "$ROUNDS"); do
    for connections in ${CONNECTIONS//,/ }; do
        rate=$((FIXED_RATE / connections))
        order="bare-kafka kafka"
        [ $((round % 2)) -eq 0 ] && order="kafka bare-kafka"
        for client in $order; do run "$client" "$connections" 0; done
        for client in $order; do run "$client" "$connections" "$rate"; done
    done
done

echo "== medians over $ROUNDS round(s), and ratios to the bare loop"
python3 - "$out/results" <<'PY'
import sys, statistics, collections
runs = collections.defaultdict(list)
for line in open(sys.argv[1]):
    fields = dict(f.split('=', 1) for f in line.split()[1:])
    runs[(fields['client'], int(fields['connections']), int(fields['rate']))].append(fields)
def median(client, connections, rate, key):
    values = [float(f[key]) for f in runs.get((client, connections, rate), [])]
    return statistics.median(values) if values else float('nan')
print("%-11s %-10s %-10s %12s %10s %10s %14s   %s" % ("connections", "rate/conn", "client", "throughput",
      "p99 ms", "max ms", "cpu µs/msg", "ratio to bare"))
for (connections, rate) in sorted({(c, r) for (_, c, r) in runs}):
    for client in ("bare-kafka", "kafka"):
        t = median(client, connections, rate, 'throughput')
        p99 = median(client, connections, rate, 'p99')
        mx = median(client, connections, rate, 'max')
        cpu = median(client, connections, rate, 'cpuMicrosPerMessage')
        ratio = ""
        if client != "bare-kafka":
            if rate == 0:
                ratio = "throughput %.2fx" % (t / median("bare-kafka", connections, rate, 'throughput'))
            else:
                ratio = "p99 %.2fx" % (p99 / median("bare-kafka", connections, rate, 'p99'))
            ratio += ", cpu %.2fx" % (cpu / median("bare-kafka", connections, rate, 'cpuMicrosPerMessage'))
        print("%-11d %-10s %-10s %12.0f %10.2f %10.2f %14.2f   %s" % (connections, rate or "unbounded", client, t,
              p99, mx, cpu, ratio))
PY
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
