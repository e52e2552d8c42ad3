#!/usr/bin/env bash
# A throughput search through real Qpid Dispatch routers: IncrementalTest.groovy with 5 connections per
# peer, through one router and through a line of three (sender on router1, receiver on router3), with the Qpid JMS
# driver (amqp://) and the Proton-J driver (proton://) side by side in one run.
#
# Run from the project root after 'mvn -q -DskipTests package', with qdrouterd on the PATH (or QDROUTERD=path):
#   bench/router-throughput.sh [results-dir]
# Knobs (environment): INITIAL_RATE, RATE_GROWTH, CEILING_RATE (per connection), RESOLUTION, MAX_STEPS,
# STEP_DURATION, STEP_WARM_UP.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

out=${1:-/tmp/router-throughput}
cli=maestro-dist/target/maestro/bin/maestro-cli
qdrouterd=${QDROUTERD:-$(command -v qdrouterd || true)}
[ -x "$cli" ] || { echo "build first: mvn -q -DskipTests package" >&2; exit 2; }
[ -n "$qdrouterd" ] || { echo "qdrouterd is not on the PATH; set QDROUTERD=/path/to/qdrouterd" >&2; exit 2; }
rm -rf "$out"; mkdir -p "$out"
print_machine

# Starts a topology with 'topology up' in the background; prints the client URL of a node once it is up.
up() {
    local name=$1
    "$cli" topology up --input "test-scripts/topologies/$name.yaml" --qdrouterd "$qdrouterd" \
        --work-dir "$out/topology-$name" > "$out/topology-$name.log" 2>&1 &
    for _ in $(seq 1 120); do
        [ -f "$out/topology-$name/state.json" ] && return 0
        sleep 0.5
    done
    echo "topology $name did not come up: $(cat "$out/topology-$name.log")" >&2
    exit 1
}

url_of() {
    python3 -c 'import json,sys; s=json.load(open(sys.argv[1])); print(next(n["url"] for n in s["nodes"] if n["name"]==sys.argv[2]))' \
        "$out/topology-$1/state.json" "$2"
}

search() {
    local topology=$1 from=$2 to=$3 scheme=$4
    local send receive
    send="$(url_of "$topology" "$from" | sed "s|^amqp:|$scheme:|")/closest/bench"
    receive="$(url_of "$topology" "$to" | sed "s|^amqp:|$scheme:|")/closest/bench"
    echo "== $topology, $scheme: $send → $receive (load average $(cut -d' ' -f1 /proc/loadavg))"
    SEND_URL="$send" RECEIVE_URL="$receive" INITIAL_PARALLEL_COUNT=5 MAX_PARALLEL_COUNT=5 \
        INITIAL_RATE=${INITIAL_RATE:-1000} RATE_GROWTH=${RATE_GROWTH:-2} CEILING_RATE=${CEILING_RATE:-20000} \
        RESOLUTION=${RESOLUTION:-5} MAX_STEPS=${MAX_STEPS:-20} \
        STEP_DURATION=${STEP_DURATION:-10s} STEP_WARM_UP=${STEP_WARM_UP:-3s} \
        "$cli" run test-scripts/IncrementalTest.groovy --no-report --results "$out/$topology-$scheme" \
        > "$out/$topology-$scheme.log" 2>&1 || true
    grep -E '^incremental #|maximum sustainable|FAILED' "$out/$topology-$scheme.log" | tail -25
}

up single-router
up line-3-routers
trap '"$cli" topology down --work-dir "$out/topology-single-router" >/dev/null 2>&1 || true;
      "$cli" topology down --work-dir "$out/topology-line-3-routers" >/dev/null 2>&1 || true' EXIT

for scheme in amqp proton; do
    search single-router router1 router1 "$scheme"
done
for scheme in amqp proton; do
    search line-3-routers router1 router3 "$scheme"
done
