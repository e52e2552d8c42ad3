#!/usr/bin/env bash
# The project's bare Qpid JMS loop as a client of the anchor harness (its --extra), printing the harness's JSON line:
# the loop of bench/load-generator.sh read by receive() threads, each body stamped with its intended send time and the
# time the sender called send. p50_us…max_us are response time (receive − intended, Maestro's definition),
# svc_p50_us and svc_p99_us service time (receive − actual send, the anchor's bare loop's definition).
#
#   bench/anchor-bare.sh --build                     once: compiles the worker's test classes and keeps the class path
#   bench/anchor-bare.sh PORT CONNECTIONS RATE_TOTAL WARMUP SECONDS
# e.g. anchor.sh … --extra "bare-both=$PWD/bench/anchor-bare.sh {PORT} 1 {RATE} {WARMUP} {DURATION}"
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = "--build" ]; then
    . bench/lib.sh
    build_test_classpath maestro-worker
    # written whole: a run never reads half a class path
    echo "$CP" > maestro-worker/target/anchor-bare.classpath.tmp
    mv maestro-worker/target/anchor-bare.classpath.tmp maestro-worker/target/anchor-bare.classpath
    exit 0
fi
[ $# -eq 5 ] || { echo "usage: bench/anchor-bare.sh --build | PORT CONNECTIONS RATE_TOTAL WARMUP SECONDS" >&2; exit 2; }
cp_file=maestro-worker/target/anchor-bare.classpath
[ -s "$cp_file" ] || { echo "no $cp_file: run bench/anchor-bare.sh --build first" >&2; exit 2; }
port=$1 connections=$2 rate=$(( $3 / $2 )) warmup=$4 seconds=$5
line=$(java -Xms512m -Xmx1g -Dlogback.configurationFile=maestro-worker/src/test/resources/logback-test.xml \
    -cp "$(cat "$cp_file")" org.maestro.worker.bench.LoadGeneratorBenchmark bare-receive "$port" "$connections" \
    "$rate" "$warmup" "$seconds" | grep '^RESULT' || true)
[ -n "$line" ] || { echo '{"rc": 1, "error": "the bare loop gave no RESULT line"}'; exit 0; }
python3 - "$line" <<'PY'
import json, sys
f = dict(kv.split("=", 1) for kv in sys.argv[1].split()[1:])
us = lambda k: round(float(f[k]) * 1000)
print(json.dumps({"rc": 0, "msgs_per_s": round(float(f["throughput"])), "p50_us": us("p50"), "p90_us": us("p90"),
                  "p99_us": us("p99"), "max_us": us("max"), "svc_p50_us": us("serviceP50"), "svc_p99_us": us("serviceP99"),
                  "total_sent": int(f["sent"]), "window_start_ms": int(f["windowStartMillis"]),
                  "window_end_ms": int(f["windowEndMillis"])}))
PY
