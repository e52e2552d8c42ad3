#!/usr/bin/env bash
# Is the load generator ever the bottleneck? Against one Artemis started for the run (its own JVM, AMQP on a free
# loopback port; producers wait once an address holds 16 MB, as in the anchor harness, instead of the broker paging),
# each client in a fresh JVM of its own, so that every one starts cold:
#   bare    a bare Qpid JMS loop (org.maestro.worker.bench.LoadGeneratorBenchmark): per connection one thread
#           sending 256-byte non-durable messages on a fixed timeline (or as fast as it can), the intended send
#           time in the body, and one consumer connection measuring receive − intended;
#   amqp    the Maestro sender and receiver with the Qpid JMS driver;
#   bare-proton  a bare Proton-J loop (org.maestro.worker.bench.ProtonLoop): per connection one I/O thread, one
#           sender and one receiver link, the same timeline and body stamp; it checks itself (every message
#           accepted and received once, no stall) and gives no result when a check fails;
#   proton  the Maestro sender and receiver with the Proton-J driver;
# at 1 and 5 connections, unbounded and at a fixed total rate, with the same warm-up (not measured) and measuring
# window. Prints each run and the ratios to the bare loop of the same client library (amqp to bare, proton to
# bare-proton): throughput (messages intended in the window and received, per second), response-time p99, and CPU
# time of the client JVM per message sent.
#
# Usage: bench/load-generator.sh [seconds=20] [warmup-seconds=5] [connections=1,5] [rounds=1] [fixed-rate=4000]
#   fixed-rate is the total of all connections (msg/s), split evenly between them; 0 runs only unbounded.
#   CLIENTS="bare-proton proton" (environment) runs only those clients.
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh

SECONDS_PER_RUN=${1:-20}
WARMUP=${2:-5}
CONNECTIONS=${3:-1,5}
ROUNDS=${4:-1}
FIXED_RATE=${5:-4000}
CLIENTS=${CLIENTS:-bare amqp bare-proton proton}

print_machine
build_test_classpath maestro-worker
LOGBACK="-Dlogback.configurationFile=maestro-worker/src/test/resources/logback-test.xml"
MAIN=org.maestro.worker.bench.LoadGeneratorBenchmark
out=$(mktemp -d /tmp/load-generator.XXXXXX)

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

# run <client> <connections> <rate per connection>: one client in a fresh JVM; prints and keeps its RESULT line
run() {
    local line
    line=$(java -Xmx512m $LOGBACK -cp "$CP" $MAIN "$1" "$port" "$2" "$3" "$WARMUP" "$SECONDS_PER_RUN" 2>"$out/$1-$2-$3.err" \
        | grep '^RESULT' || true)
    [ -n "$line" ] || { echo "$1 at $2 connection(s), rate $3 gave no result: see $out/$1-$2-$3.err" >&2; return; }
    echo "$line load=$(cut -d' ' -f1 /proc/loadavg)" | tee -a "$out/results"
}

echo "== ${SECONDS_PER_RUN} s measured after ${WARMUP} s of warm-up; results in $out"
for round in $(seq 1 "$ROUNDS"); do
    for connections in ${CONNECTIONS//,/ }; do
        rate=$((FIXED_RATE / connections))
        # alternate the order of the clients from round to round
        order=$CLIENTS
        [ $((round % 2)) -eq 0 ] && order=$(echo "$CLIENTS" | tr ' ' '\n' | tac | tr '\n' ' ')
        for client in $order; do run "$client" "$connections" 0; done
        if [ "$FIXED_RATE" -gt 0 ]; then
            for client in $order; do run "$client" "$connections" "$rate"; done
        fi
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
anchor = {"amqp": "bare", "proton": "bare-proton"}
print("%-11s %-10s %-11s %12s %10s %10s %14s   %s" % ("connections", "rate/conn", "client", "throughput",
      "p99 ms", "max ms", "cpu µs/msg", "ratio to its bare loop"))
for (connections, rate) in sorted({(c, r) for (_, c, r) in runs}):
    for client in ("bare", "amqp", "bare-proton", "proton"):
        if not runs.get((client, connections, rate)):
            continue
        t = median(client, connections, rate, 'throughput')
        p99 = median(client, connections, rate, 'p99')
        mx = median(client, connections, rate, 'max')
        cpu = median(client, connections, rate, 'cpuMicrosPerMessage')
        ratio = ""
        if client in anchor:
            bare = anchor[client]
            if rate == 0:
                ratio = "throughput %.2fx %s" % (t / median(bare, connections, rate, 'throughput'), bare)
            else:
                ratio = "p99 %.2fx %s" % (p99 / median(bare, connections, rate, 'p99'), bare)
        print("%-11d %-10s %-11s %12.0f %10.2f %10.2f %14.2f   %s" % (connections, rate or "unbounded", client, t,
              p99, mx, cpu, ratio))
PY
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
