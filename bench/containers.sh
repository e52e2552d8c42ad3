#!/usr/bin/env bash
# The cost of the container network: the same fixed-rate and unbounded tests (test-scripts/FixedRateTest.groovy,
# embedded mode: control broker and peers in one JVM) against one Artemis SUT in a container, run by maestro-cli as a
# host process (to the SUT's port published on 127.0.0.1) and by maestro-cli in a container of the Maestro image (to
# the SUT by name, on a network of their own), alternating, several rounds; prints one JSON line per run and a
# table of medians and ratios (container / host).
# Needs: Podman (or Docker), the images maestro:<version> and maestro-artemis:2.40.0 (docker/build-images.sh
# maestro artemis), the distribution (mvn -DskipTests package).
# Usage: bench/containers.sh [rounds=3] [seconds=20] [warm-up=5] [fixed-rate-total=2000] [connections=2]
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib.sh

ROUNDS=${1:-3}
DURATION=${2:-20}
WARMUP=${3:-5}
FIXED_TOTAL=${4:-2000}
CONNECTIONS=${5:-2}
engine=${ENGINE:-$(command -v podman >/dev/null 2>&1 && echo podman || echo docker)}
version=$(sed -n 's|^  <version>\(.*\)</version>.*|\1|p' pom.xml | head -n 1)
maestro_image=maestro:$version
artemis_image=maestro-artemis:2.40.0
cli=maestro-dist/target/maestro/bin/maestro-cli
[ -x "$cli" ] || { echo "no $cli: mvn -B -q -ntp -DskipTests package" >&2; exit 1; }
for image in "$maestro_image" "$artemis_image"; do
  "$engine" image exists "$image" 2>/dev/null || "$engine" image inspect "$image" >/dev/null 2>&1 \
    || { echo "no image $image: docker/build-images.sh maestro artemis" >&2; exit 1; }
done

print_machine
work=$(mktemp -d -t maestro-bench-containers.XXXX)
tag=$(basename "$work" | tr 'A-Z.' 'a-z-')
network=$tag
sut=$tag-artemis
cleanup() {
  "$engine" rm -f "$sut" >/dev/null 2>&1 || true
  "$engine" network rm "$network" >/dev/null 2>&1 || true
}
trap cleanup EXIT
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
"$engine" network create "$network" >/dev/null
"$engine" run -d --name "$sut" --network "$network" --network-alias artemis -p "127.0.0.1:$port:5672" \
  -e ANONYMOUS_LOGIN=true "$artemis_image" >/dev/null
for _ in $(seq 120); do
  "$engine" exec "$sut" /usr/local/bin/artemis-healthcheck >/dev/null 2>&1 && break
  sleep 1
done
"$engine" exec "$sut" /usr/local/bin/artemis-healthcheck >/dev/null 2>&1 \
  || { "$engine" logs --tail 30 "$sut" >&2; echo "the Artemis container did not become healthy" >&2; exit 1; }
echo "== SUT: $artemis_image in a container, AMQP published on 127.0.0.1:$port; work in $work"

# run WHERE SHAPE ROUND: one test; prints its JSON line
run() {
  local where=$1 shape=$2 round=$3 rate results queue
  if [ "$shape" = fixed ]; then rate=$((FIXED_TOTAL / CONNECTIONS)); else rate=0; fi
  results=$work/$where-$shape-$round
  queue=bench.$where.$shape.$round
  mkdir -p "$results"
  local env=(RATE=$rate PARALLEL_COUNT=$CONNECTIONS MESSAGE_SIZE=256 TEST_DURATION=${DURATION}s WARM_UP=${WARMUP}s
    MAXIMUM_LATENCY=1000000)
  if [ "$where" = host ]; then
    env "${env[@]}" SEND_RECEIVE_URL="amqp://127.0.0.1:$port/$queue" MAESTRO_JAVA_OPTS="-Xms512m -Xmx1g" \
      "$cli" run test-scripts/FixedRateTest.groovy --results "$results" >"$results.log" 2>&1 || true
  else
    local flags=()
    for variable in "${env[@]}"; do flags+=(-e "$variable"); done
    "$engine" run --rm --network "$network" --user "$(id -u)" "${flags[@]}" \
      -e SEND_RECEIVE_URL="amqp://artemis:5672/$queue" -e MAESTRO_JAVA_OPTS="-Xms512m -Xmx1g" \
      -v "$PWD/test-scripts:/scripts:ro" -v "$results:/results" \
      "$maestro_image" run /scripts/FixedRateTest.groovy --results /results >"$results.log" 2>&1 || true
  fi
  python3 - "$where" "$shape" "$round" "$results" "$DURATION" <<'PY'
import glob, json, sys
where, shape, rnd, results, duration = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4], float(sys.argv[5])
found = glob.glob(results + "/*/summary.json")
line = {"where": where, "shape": shape, "round": rnd}
if not found:
    line["error"] = "no summary.json: see " + results + ".log"
else:
    iteration = json.load(open(found[0]))["iterations"][-1]
    rt = iteration["latency"]["responseTime"]
    line.update({"msgs_per_s": round(rt["count"] / duration), "p50_us": rt["p50"], "p99_us": rt["p99"],
                 "max_us": rt["max"], "lost": iteration["messages"]["lost"], "outcome": iteration["outcome"]})
print(json.dumps(line))
PY
}

lines=$work/runs.jsonl
for round in $(seq "$ROUNDS"); do
  # alternate which goes first, so that a drift of the machine does not favour one side
  if [ $((round % 2)) -eq 1 ]; then order="host container"; else order="container host"; fi
  for shape in fixed unbounded; do
    for where in $order; do
      run "$where" "$shape" "$round" | tee -a "$lines"
    done
  done
done

python3 - "$lines" "$FIXED_TOTAL" <<'PY'
import json, statistics, sys
runs = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
def median(where, shape, key):
    values = [r[key] for r in runs if r["where"] == where and r["shape"] == shape and key in r]
    return statistics.median(values) if values else None
print("== medians over rounds (container / host)")
for shape, keys in (("fixed", ("msgs_per_s", "p50_us", "p99_us")), ("unbounded", ("msgs_per_s", "p50_us", "p99_us"))):
    for key in keys:
        host, container = median("host", shape, key), median("container", shape, key)
        ratio = "%.2f" % (container / host) if host and container else "-"
        print(f"{shape:9} {key:10} host {host}  container {container}  ratio {ratio}")
errors = [r for r in runs if "error" in r]
for r in errors:
    print("error:", r)
PY
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
