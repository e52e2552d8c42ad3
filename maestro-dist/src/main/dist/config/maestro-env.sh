# Defaults of this Maestro installation, read by bin/maestro-cli before it starts Java.
# Each line keeps a value already set in the environment ( : "${NAME:=default}" ), so
# `RATE=2000 maestro-cli run …` still wins. Uncomment and edit what you want as default.

# JVM options (heap for long or wide tests: the client holds the results it collects).
: "${MAESTRO_JAVA_OPTS:=-XX:+UseG1GC}"

# Root log level of maestro-cli and the peers: error, warn, info, debug.
: "${MAESTRO_LOG_LEVEL:=WARN}"
export MAESTRO_LOG_LEVEL

# The control broker of this lab; without it `maestro-cli run` starts everything embedded.
# : "${MAESTRO_BROKER:=mqtt://broker.example.com:1883}"; export MAESTRO_BROKER

# Where `maestro-cli run` writes results and reports (default: ./results).
# : "${MAESTRO_RESULTS:=/var/lib/maestro/results}"; export MAESTRO_RESULTS

# Where peers keep their files until the client collects them (default: ./peer-results).
# : "${MAESTRO_PEER_RESULTS:=/var/tmp/maestro-peer-results}"; export MAESTRO_PEER_RESULTS
