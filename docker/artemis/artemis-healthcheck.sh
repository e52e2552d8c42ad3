#!/bin/bash
# Whether an Artemis SUT is ready: its AMQP acceptor listens and Jolokia, which the inspector polls, answers a request
# as ARTEMIS_USER. The console's port opens seconds before Jolokia serves, and an inspector started in between fails
# its test. Exits 0 when ready.
#   artemis-healthcheck [HOST]    HOST: the broker's host (default 127.0.0.1: the SUT image's own health check)
# The Maestro image has it too, for the Kubernetes client job's wait for the SUT (docker/kubernetes/client-job.yaml).
set -eu
host=${1:-127.0.0.1}
exec 3<>"/dev/tcp/$host/5672"
exec 3>&-
exec 4<>"/dev/tcp/$host/8161"
credentials=$(printf '%s:%s' "${ARTEMIS_USER:-admin}" "${ARTEMIS_PASSWORD:-admin}" | base64 -w0)
printf 'GET /console/jolokia/version HTTP/1.0\r\nHost: %s\r\nAuthorization: Basic %s\r\n\r\n' "$host" "$credentials" >&4
read -r -t 5 status <&4
[[ "$status" == *" 200 "* ]] || { echo "Jolokia answered: $status" >&2; exit 1; }
