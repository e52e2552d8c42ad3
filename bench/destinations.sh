#!/usr/bin/env bash
# What spreading a flow over many destinations costs: test-scripts/FixedRateTest.groovy run by maestro-cli (embedded:
# control broker and peers in its JVM) against one Artemis in a JVM of its own, with D destinations × C connections
# each (DESTINATIONS=D, PARALLEL_COUNT=D·C, SEND_RECEIVE_URL=amqp://127.0.0.1:<port>/<queue>-{n}) and with the same
# connections on one destination (DESTINATIONS=1, one queue), at a fixed total rate and unbounded, alternating which
# goes first, several rounds in one run. Prints one line per run (achieved rate: the receivers' mean over the
# measured window from summary.json; p99; lost; the destinations' spread; the peers' connections.csv sizes; the
# largest peer's per-second files in MB per peer-hour and its once-per-run files in bytes) and the medians side by
# side with their ratio.
# Heap of the maestro-cli JVM: HEAP (environment, default 4g; 100 destinations x 2 connections per role need more
# than 2g).
# Usage: bench/destinations.sh [rounds=3] [seconds=15] [warm-up=5] [fixed-rate-total=4000] [destinations=100]
#                              [connections-per-destination=2]
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh

ROUNDS=${1:-3}
DURATION=${2:-15}
WARMUP=${3:-5}
FIXED_TOTAL=${4:-4000}
DESTINATIONS=${5:-100}
PER_DESTINATION=${6:-2}
CONNECTIONS=$((DESTINATIONS * PER_DESTINATION))

print_machine
build_test_classpath maestro-cli
CP="maestro-worker/target/test-classes:$CP"
LOGBACK="-Dlogback.configurationFile=maestro-worker/src/test/resources/logback-test.xml"
work=$(mktemp -d /tmp/destinations-bench.XXXXXX)

echo "== starting Artemis (its own JVM)"
java -Xmx1g $LOGBACK -cp "$CP" org.maestro.worker.bench.LoadGeneratorBenchmark broker "$work/port" \
    > "$work/broker.log" 2>&1 &
broker=$!
trap 'kill $broker 2>/dev/null || true' EXIT
for _ in $(seq 1 120); do
    [ -s "$work/port" ] && break
    kill -0 $broker 2>/dev/null || { echo "the broker did not start: $(cat "$work/broker.log")" >&2; exit 1; }
    sleep 0.5
done
[ -s "$work/port" ] || { echo "the broker did not start within 60 s: see $work/broker.log" >&2; exit 1; }
port=$(cat "$work/port")
echo "== $CONNECTIONS connections per sender and receiver, ${DURATION} s after ${WARMUP} s warm-up; work in $work"

# run SPREAD SHAPE ROUND: one test through maestro-cli; prints its JSON line
run() {
    local spread=$1 shape=$2 round=$3 rate destinations queue results
    if [ "$shape" = fixed ]; then rate=$((FIXED_TOTAL / CONNECTIONS)); else rate=0; fi
    if [ "$spread" = many ]; then destinations=$DESTINATIONS; queue="bench.$shape.$round.many-{n}";
    else destinations=1; queue="bench.$shape.$round.one"; fi
    results=$work/$spread-$shape-$round
    mkdir -p "$results"
    local load
    load=$(cut -d' ' -f1 /proc/loadavg)
    env RATE=$rate PARALLEL_COUNT=$CONNECTIONS DESTINATIONS=$destinations MESSAGE_SIZE=256 \
        TEST_DURATION=${DURATION}s WARM_UP=${WARMUP}s MAXIMUM_LATENCY=1000000 PRIMING_MESSAGES=100 \
        SEND_RECEIVE_URL="amqp://127.0.0.1:$port/$queue" \
        java -Xms512m -Xmx${HEAP:-4g} $LOGBACK -cp "$CP" org.maestro.cli.MaestroCli run test-scripts/FixedRateTest.groovy \
        --results "$results" > "$results.log" 2>&1 || true
    RUN_SECONDS=$((DURATION + WARMUP)) python3 - "$spread" "$shape" "$round" "$results" "$load" <<'PY'
import glob, json, os, sys
spread, shape, rnd, results, load = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4], float(sys.argv[5])
line = {"spread": spread, "shape": shape, "round": rnd, "load": load}
found = glob.glob(results + "/*/summary.json")
if not found:
    line["error"] = "no summary.json: see " + results + ".log"
else:
    iteration = json.load(open(found[0]))["iterations"][-1]
    receiver = (iteration.get("rate") or {}).get("receiver") or {}
    response = (iteration.get("latency") or {}).get("responseTime") or {}
    line.update({"msgs_per_s": round(receiver["mean"]) if "mean" in receiver else None,
                 "p99_us": response.get("p99"), "sent": iteration["messages"].get("sent"),
                 "lost": iteration["messages"].get("lost"), "outcome": iteration["outcome"]})
    if iteration["outcome"] != "success":
        line["reason"] = iteration.get("reason", "")[:200]
    flows = iteration.get("destinations") or {}
    for flow in flows.values():
        s = flow["spread"]
        line.update({"destinations": flow["count"], "min": round(s["min"]), "max": round(s["max"]),
                     "jain": s["jain"], "slowest": s["slowest"]})
    sizes = [os.path.getsize(f) for f in glob.glob(results + "/*/*/*/connections.csv")]
    line["connections_csv_bytes"] = sizes
    # what a peer writes grows with time (per-second logs and rows) or once per run (its properties, result,
    # connections.csv): the first as MB per peer-hour over the whole run (warm-up included), the second in bytes
    once = {"connections.csv", "test.properties", "system.properties", "peer-result.json"}
    seconds = int(os.environ["RUN_SECONDS"])
    growing, single = [], []
    for peer in glob.glob(results + "/*/*/*@*/"):
        files = [f for f in glob.glob(peer + "**", recursive=True) if os.path.isfile(f)]
        growing.append(sum(os.path.getsize(f) for f in files if os.path.basename(f) not in once))
        single.append(sum(os.path.getsize(f) for f in files if os.path.basename(f) in once))
    if growing:
        line["peer_mb_per_hour_max"] = round(max(growing) / seconds * 3600 / 1e6, 2)
        line["peer_once_bytes_max"] = max(single)
print(json.dumps(line))
PY
}

lines=$work/runs.jsonl
for round in $(seq "$ROUNDS"); do
    first=many second=one
    [ $((round % 2)) -eq 1 ] || { first=one; second=many; }   # a drift of the machine favours neither side
    for shape in fixed unbounded; do
        run "$first" "$shape" "$round" | tee -a "$lines"
        run "$second" "$shape" "$round" | tee -a "$lines"
    done
done

python3 - "$lines" "$DESTINATIONS" "$PER_DESTINATION" <<'PY'
import json, statistics, sys
runs = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
def median(spread, shape, key):
    values = [r[key] for r in runs if r["spread"] == spread and r["shape"] == shape and r.get(key) is not None]
    return statistics.median(values) if values else None
print("== medians over rounds: %s destinations x %s sender and %s receiver connection(s) each, against the same"
      " connections on one destination" % (sys.argv[2], sys.argv[3], sys.argv[3]))
print("%-10s %-12s %14s %14s %8s" % ("shape", "figure", "one", "many", "many/one"))
for shape in ("fixed", "unbounded"):
    for key in ("msgs_per_s", "p99_us"):
        one, many = median("one", shape, key), median("many", shape, key)
        ratio = "%.3f" % (many / one) if one and many else "-"
        print("%-10s %-12s %14s %14s %8s" % (shape, key, one, many, ratio))
for r in runs:
    if "error" in r or "reason" in r:
        print("error:", r)
print("load average during the runs (1 min, at each start): " + ", ".join(str(r["load"]) for r in runs))
PY
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
