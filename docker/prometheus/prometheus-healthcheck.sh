#!/usr/bin/env bash
# Exits 0 once Prometheus answers "ready" on its HTTP port (compose.yaml's health check); the image has no HTTP client,
# so bash speaks HTTP/1.0 itself, with a deadline.
set -euo pipefail
exec 3<>/dev/tcp/127.0.0.1/9090
printf 'GET /-/ready HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n' >&3
timeout 3 head -n 1 <&3 | grep -q ' 200 '
