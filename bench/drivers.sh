#!/usr/bin/env bash
# Does a Maestro driver keep up with its client library? For each case, against the servers of this machine
# (Mosquitto on 127.0.0.1:1883, RabbitMQ on 127.0.0.1:5672 as guest, NATS with JetStream on 127.0.0.1:4222), each
# client in a fresh JVM of its own (org.maestro.worker.bench.DriverBenchmark), alternating from round to round:
#   maestro  the Maestro sender and receiver with the driver, RATE=0 (unbounded);
#   bare     a bare loop of the same client library (Paho, amqp-client, jnats) doing the same sends and receives;
#   perftest RabbitMQ PerfTest (com.rabbitmq:perf-test, RabbitMQ cases only) with the same settings;
# cases: mqtt-qos0, mqtt-qos1, rabbitmq (no publisher confirms), rabbitmq-confirm, nats (core), nats-jetstream
# (a stream in memory). Same message size and number of connections (senders, and as many receivers), same warm-up
# (not measured) and measuring window. Throughput: messages sent in the window and received, per second. Every run
# uses a queue, topic, subject or stream of its own and removes it. Prints each run and, per case, the medians and
# the ratios maestro / bare and perftest / bare.
#
# Usage: bench/drivers.sh [seconds=10] [warmup-seconds=3] [rounds=3] [cases=all] [connections=1] [size=256]
#   cases: comma-separated, e.g. mqtt-qos1,rabbitmq-confirm.  DRIVERS_JFR=1 records each Maestro run with JFR.
# RABBITMQ_MANDATORY=false makes all three RabbitMQ clients publish without the mandatory flag; by default all three
# publish mandatory messages, as the driver does unless its URL says mandatory=false (the bare loop and PerfTest count
# what the broker returns), so that each side asks the broker for the same routing check.
# Besides msg/s the script prints the client JVM's CPU time per message over the measuring window: on a busy
# machine it says more than throughput about what a driver adds.
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh

SECONDS_PER_RUN=${1:-10}
WARMUP=${2:-3}
ROUNDS=${3:-3}
CASES=${4:-mqtt-qos0,mqtt-qos1,rabbitmq,rabbitmq-confirm,nats,nats-jetstream}
CONNECTIONS=${5:-1}
SIZE=${6:-256}
PERF_TEST_VERSION=2.22.1
RABBITMQ_MANDATORY=${RABBITMQ_MANDATORY:-true}

print_machine
build_test_classpath maestro-worker
LOGBACK="-Dlogback.configurationFile=bench/logback-bench.xml"
MAIN=org.maestro.worker.bench.DriverBenchmark
out=$(mktemp -d /tmp/drivers.XXXXXX)

# RabbitMQ PerfTest and its dependencies, resolved into the local repository (fetched once; nothing is committed)
perf_test_classpath() {
    local dir=target/perf-test
    mkdir -p "$dir"
    cat > "$dir/pom.xml" <<POM
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>org.maestro.bench</groupId><artifactId>perf-test-classpath</artifactId><version>1</version>
  <dependencies>
    <dependency>
      <groupId>com.rabbitmq</groupId><artifactId>perf-test</artifactId><version>$PERF_TEST_VERSION</version>
    </dependency>
  </dependencies>
</project>
POM
    local resolve=(-q -f "$dir/pom.xml" dependency:build-classpath -Dmdep.outputFile=classpath.txt)
    if ! mvn -o "${resolve[@]}" > "$dir/build.log" 2>&1; then
        echo "== fetching com.rabbitmq:perf-test:$PERF_TEST_VERSION from Maven Central"
        if ! mvn "${resolve[@]}" > "$dir/build.log" 2>&1; then
            echo "cannot fetch RabbitMQ PerfTest: see $dir/build.log; the perftest runs are left out" >&2
            return 1
        fi
    fi
    PERF_TEST_CP=$(cat "$dir/classpath.txt")
}
PERF_TEST_CP=
if [[ ",$CASES," == *,rabbitmq* ]]; then
    perf_test_classpath || true
fi

# record <client> <case> <throughput> <sent> <cpu µs per message>: one result line, with the load average at its end
record() {
    echo "RESULT client=$1 case=$2 throughput=$3 sent=$4 cpuMicrosPerMessage=$5 load=$(cut -d' ' -f1 /proc/loadavg)" \
        | tee -a "$out/results"
}

# run_client maestro|bare <case>: one client in a fresh JVM
run_client() {
    local jfr="" line
    if [ "$1" = maestro ] && [ "${DRIVERS_JFR:-0}" = 1 ]; then
        jfr="-XX:StartFlightRecording=filename=$out/$2-$(date +%s).jfr,settings=profile"
    fi
    line=$(java -Xmx512m $jfr $LOGBACK -Drabbitmq.mandatory="$RABBITMQ_MANDATORY" -cp "$CP" $MAIN "$1" "$2" \
        "$CONNECTIONS" "$SIZE" "$WARMUP" "$SECONDS_PER_RUN" \
        2>"$out/$1-$2.err" | grep '^RESULT' || true)
    if [ -z "$line" ]; then
        echo "$1 $2 gave no result: see $out/$1-$2.err" >&2
        return
    fi
    local throughput sent cpu
    throughput=$(sed 's/.* throughput=\([0-9]*\).*/\1/' <<< "$line")
    sent=$(sed 's/.* sent=\([0-9]*\).*/\1/' <<< "$line")
    cpu=$(sed 's/.* cpuMicrosPerMessage=\([0-9.]*\).*/\1/' <<< "$line")
    record "$1" "$2" "$throughput" "$sent" "$cpu"
}

# run_perftest <case>: PerfTest with the same settings; throughput is the mean received rate after the warm-up
run_perftest() {
    [ -n "$PERF_TEST_CP" ] || return 0
    local queue="maestro-bench-$1-perftest-$$-$RANDOM" confirm=() flags=()
    [ "$1" = rabbitmq-confirm ] && confirm=(--confirm 1000)
    [ "$RABBITMQ_MANDATORY" = true ] && flags=(--flag mandatory)
    # transient messages, one acknowledgement per delivery, prefetch 500: as the driver's defaults; the queue
    # is auto-deleted when its consumers leave
    java -Xmx512m -cp "$PERF_TEST_CP" com.rabbitmq.perf.PerfTest --uri amqp://guest:guest@127.0.0.1:5672 \
        --producers "$CONNECTIONS" --consumers "$CONNECTIONS" --size "$SIZE" --queue "$queue" --qos 500 \
        "${confirm[@]}" "${flags[@]}" --time $((WARMUP + SECONDS_PER_RUN)) --interval 1 > "$out/perftest-$1.log" 2>&1 || true
    python3 - "$out/perftest-$1.log" "$WARMUP" > "$out/perftest-$1.rate" <<'PY' || true
import re, sys
rates = [float(m.group(2)) for m in (re.search(r'time ([0-9.]+) s, .*received: ([0-9.]+) msg/s', line)
         for line in open(sys.argv[1])) if m and float(m.group(1)) > float(sys.argv[2]) + 0.5]
print(round(sum(rates) / len(rates)) if rates else "")
PY
    local rate
    rate=$(cat "$out/perftest-$1.rate")
    if [ -z "$rate" ]; then
        echo "PerfTest on $1 gave no rate: see $out/perftest-$1.log" >&2
        return
    fi
    record perftest "$1" "$rate" n/a n/a
}

echo "== ${SECONDS_PER_RUN} s measured after ${WARMUP} s of warm-up, $CONNECTIONS connection(s), $SIZE-byte" \
    "messages, $ROUNDS round(s), RabbitMQ publishes mandatory: $RABBITMQ_MANDATORY; results in $out"
for round in $(seq 1 "$ROUNDS"); do
    for scenario in ${CASES//,/ }; do
        clients="maestro bare"
        [[ $scenario == rabbitmq* ]] && clients="maestro bare perftest"
        # alternate the order of the clients from round to round
        [ $((round % 2)) -eq 0 ] && clients=$(echo "$clients" | tr ' ' '\n' | tac | tr '\n' ' ')
        for client in $clients; do
            if [ "$client" = perftest ]; then run_perftest "$scenario"; else run_client "$client" "$scenario"; fi
        done
    done
done

echo "== medians over $ROUNDS round(s), and ratios to the bare loop"
python3 - "$out/results" "$((WARMUP + SECONDS_PER_RUN))" <<'PY'
import sys, statistics, collections
runs = collections.defaultdict(list)
sent = collections.defaultdict(list)
cpu = collections.defaultdict(list)
order = []
for line in open(sys.argv[1]):
    fields = dict(f.split('=', 1) for f in line.split()[1:])
    runs[(fields['case'], fields['client'])].append(float(fields['throughput']))
    if fields['sent'] != 'n/a':
        sent[(fields['case'], fields['client'])].append(float(fields['sent']) / float(sys.argv[2]))
        cpu[(fields['case'], fields['client'])].append(float(fields['cpuMicrosPerMessage']))
    if fields['case'] not in order:
        order.append(fields['case'])
def median(values):
    return statistics.median(values) if values else float('nan')
def shown(value, format):
    return "" if value != value else format % value
print("msg/s: messages sent in the window and received, per second; sent/s: all messages sent, warm-up included;")
print("cpu: CPU time of the client JVM from warm-up seconds after it started loading to the end of the window,")
print("     per message measured")
print("%-17s %8s %8s %8s %8s %8s %8s %8s %9s %9s %9s" % ("case", "maestro", "bare", "perftest", "maestro", "bare",
      "maestro", "bare", "maestro/", "perftest/", "maestro/"))
print("%-17s %8s %8s %8s %8s %8s %8s %8s %9s %9s %9s" % ("", "msg/s", "msg/s", "msg/s", "sent/s", "sent/s",
      "cpu µs", "cpu µs", "bare", "bare", "bare cpu"))
for case in order:
    m, b, p = (median(runs.get((case, client), [])) for client in ('maestro', 'bare', 'perftest'))
    ms, bs = (median(sent.get((case, client), [])) for client in ('maestro', 'bare'))
    mc, bc = (median(cpu.get((case, client), [])) for client in ('maestro', 'bare'))
    print("%-17s %8s %8s %8s %8s %8s %8s %8s %9s %9s %9s" % (case, shown(m, "%.0f"), shown(b, "%.0f"),
          shown(p, "%.0f"), shown(ms, "%.0f"), shown(bs, "%.0f"), shown(mc, "%.1f"), shown(bc, "%.1f"),
          shown(m / b if b else float('nan'), "%.2fx"), shown(p / b if b else float('nan'), "%.2fx"),
          shown(mc / bc if bc else float('nan'), "%.2fx")))
PY
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
