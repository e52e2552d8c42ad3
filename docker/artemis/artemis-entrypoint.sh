#!/bin/sh
# Entry point of the Artemis SUT image: creates the broker instance on first start, then runs "artemis <command>".
# The console and Jolokia listen on all addresses with Jolokia's origin check relaxed, so that an inspector in another
# container (http://artemis:8161/console/jolokia) can poll it.
set -e
instance=${ARTEMIS_INSTANCE:-/var/lib/artemis-instance}
if [ ! -x "$instance/bin/artemis" ]; then
  anonymous=--require-login
  if [ "${ANONYMOUS_LOGIN:-false}" = true ]; then anonymous=--allow-anonymous; fi
  "$ARTEMIS_HOME/bin/artemis" create "$instance" --silent --force \
    --user "${ARTEMIS_USER:-admin}" --password "${ARTEMIS_PASSWORD:-admin}" "$anonymous" \
    --host 0.0.0.0 --http-host 0.0.0.0 --relax-jolokia \
    --java-memory "${ARTEMIS_JAVA_MEMORY:-1G}" --no-autotune >/dev/null
fi
exec "$instance/bin/artemis" "$@"
