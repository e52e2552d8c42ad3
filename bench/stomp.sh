#!/usr/bin/env bash
# Does the Maestro STOMP driver cost throughput over its client library? Against one Artemis started for the run
# (its own JVM, STOMP on a free loopback port), in fresh JVMs of their own, one after the other:
#   bare    a send loop on the Eclipse Vert.x STOMP client itself (org.maestro.driver.stomp.bench.StompBenchmark);
#   driver  the same loop through the Maestro STOMP driver (DriverProducer.send);
# both sending 256-byte messages as fast as they can on one connection, each SEND asking for a receipt with at most
# 1000 without one, consumed by a second connection (the driver's consumer; by default with ack=auto, so that the
# consumer, the same for both, keeps up and the send loops are what is compared).
# Prints each run (sent and received msg/s in the measured window, p99 of receive − send time, CPU time of the JVM per
# message) and the driver's ratios to the bare loop (medians over the rounds).
#
# Usage: bench/stomp.sh [seconds=15] [warmup-seconds=5] [rounds=3] [URL query=ack=auto]
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh

SECONDS_PER_RUN=${1:-15}
WARMUP=${2:-5}
ROUNDS=${3:-3}
QUERY=${4-ack=auto}   # "" for none: the driver's default client-individual acknowledgements

print_machine
build_test_classpath maestro-driver-stomp
LOGBACK="-Dlogback.configurationFile=bench/logback-bench.xml"
MAIN=org.maestro.driver.stomp.bench.StompBenchmark
out=$(mktemp -d /tmp/stomp-bench.XXXXXX)

echo "== starting Artemis"
java -Xmx1g $LOGBACK -cp "$CP" $MAIN broker "$out/port" > "$out/broker.log" 2>&1 &
broker=$!
trap 'kill $broker 2>/dev/null || true' EXIT
for _ in $(seq 1 120); do
    [ -s "$out/port" ] && break
    kill -0 $broker 2>/dev/null || { echo "the broker did not start: $(cat "$out/broker.log")" >&2; exit 1; }
    sleep 0.5
done
[ -s "$out/port" ] || { echo "the broker did not start within 60 s: see $out/broker.log" >&2; exit 1; }
port=$(cat "$out/port")

echo "== ${SECONDS_PER_RUN} s measured after ${WARMUP} s of warm-up, ${ROUNDS} round(s), URL query '$QUERY'; results in $out"
for round in $(seq 1 "$ROUNDS"); do
    order="bare driver"
    [ $((round % 2)) -eq 0 ] && order="driver bare"
    for client in $order; do
        line=$(java -Xmx512m $LOGBACK -cp "$CP" $MAIN "$client" "$port" "$WARMUP" "$SECONDS_PER_RUN" "$QUERY" \
            2>"$out/$client-$round.err" | grep '^RESULT' || true)
        [ -n "$line" ] || { echo "$client gave no result: see $out/$client-$round.err" >&2; continue; }
        echo "$line load=$(cut -d' ' -f1 /proc/loadavg)" | tee -a "$out/results"
    done
done

echo "== medians, and the driver's ratios to the bare loop"
python3 - "$out/results" <<'PY'
import sys, statistics, collections
runs = collections.defaultdict(list)
for line in open(sys.argv[1]):
    fields = dict(f.split('=', 1) for f in line.split()[1:])
    runs[fields['client']].append(fields)
def median(client, key):
    values = [float(f[key]) for f in runs.get(client, [])]
    return statistics.median(values) if values else float('nan')
print("%-7s %12s %12s %10s %12s" % ("client", "sent msg/s", "recv msg/s", "p99 ms", "cpu µs/msg"))
for client in ("bare", "driver"):
    print("%-7s %12.0f %12.0f %10.3f %12.2f" % (client, median(client, 'sent'), median(client, 'throughput'),
                                               median(client, 'p99'), median(client, 'cpu')))
print("driver / bare: sent %.2f, received %.2f, p99 %.2f, cpu per message %.2f" % (
      median('driver', 'sent') / median('bare', 'sent'), median('driver', 'throughput') / median('bare', 'throughput'),
      median('driver', 'p99') / median('bare', 'p99'), median('driver', 'cpu') / median('bare', 'cpu')))
PY
