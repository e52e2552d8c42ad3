#!/bin/bash
# Health check of the Artemis SUT image: healthy once the AMQP acceptor listens and Jolokia, which the inspector
# polls, answers a request as ARTEMIS_USER. The console's port opens seconds before Jolokia serves, and an inspector
# started in between fails its test.
set -eu
exec 3<>/dev/tcp/127.0.0.1/5672
exec 3>&-
exec 4<>/dev/tcp/127.0.0.1/8161
credentials=$(printf '%s:%s' "${ARTEMIS_USER:-admin}" "${ARTEMIS_PASSWORD:-admin}" | base64 -w0)
printf 'GET /console/jolokia/version HTTP/1.0\r\nHost: localhost\r\nAuthorization: Basic %s\r\n\r\n' "$credentials" >&4
read -r -t 5 status <&4
[[ "$status" == *" 200 "* ]] || { echo "Jolokia answered: $status" >&2; exit 1; }
