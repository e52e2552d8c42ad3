#!/usr/bin/env bash
# Starts what Docker tools need of Podman on a machine without systemd (a CI machine, a container):
#   - Podman's Docker-compatible API on unix:///run/podman/podman.sock (docker, docker-compose, Testcontainers);
#   - a loop that runs the containers' health checks every HEALTH_INTERVAL seconds (default 2): Podman schedules
#     them with systemd timers, so without systemd a container stays "starting" for ever and compose's
#     "depends_on: condition: service_healthy" never comes true.
# Both are left running in the background; running this again starts only what is not running. Then:
#   export DOCKER_HOST=unix:///run/podman/podman.sock
# Needs root, podman and runc configured as docs/distributed.md ("Containers on a machine without an image registry")
# says.
set -euo pipefail

socket=/run/podman/podman.sock
state=/run/podman
interval=${HEALTH_INTERVAL:-2}
command -v podman >/dev/null 2>&1 || { echo "podman is not installed: apt-get install -y podman runc" >&2; exit 1; }
mkdir -p "$state"

answers() { curl -sf --max-time 5 --unix-socket "$socket" http://d/_ping >/dev/null 2>&1; }

if ! answers; then
  # from /: conmon starts in the service's working directory, and a directory removed later (a build's checkout)
  # makes every container start fail with "write child: broken pipe"
  (cd / && setsid nohup podman system service --time=0 "unix://$socket" >"$state/service.log" 2>&1 </dev/null &)
  for _ in $(seq 100); do answers && break; sleep 0.1; done
  answers || { tail -n 20 "$state/service.log" >&2; echo "podman system service does not answer on $socket" >&2; exit 1; }
  echo "podman API: listening on unix://$socket (log $state/service.log)"
fi

if [ "$(ps -p 1 -o comm=)" != systemd ]; then
  pid_file=$state/healthchecks.pid
  if ! { [ -f "$pid_file" ] && grep -qs podman-healthchecks "/proc/$(cat "$pid_file")/cmdline"; }; then
    # a container whose check fails exits non-zero from "healthcheck run": that is its state, not an error here.
    # The API is asked which containers have a health check (a few ms); the podman binary, about 0.1 s of CPU
    # each time, runs only for them.
    cd /
    setsid nohup bash -c '
      with_checks="http://d/v4.0.0/libpod/containers/json?filters=%7B%22health%22%3A%5B%22starting%22%2C%22healthy%22%2C%22unhealthy%22%5D%7D"
      while sleep "$1"; do
        curl -sf --max-time 5 --unix-socket "$2" "$with_checks" | grep -o "\"Id\":\"[0-9a-f]*\"" | cut -d "\"" -f 4 |
          while read -r id; do podman healthcheck run "$id" </dev/null >/dev/null 2>&1 || true; done
      done' podman-healthchecks "$interval" "$socket" >"$state/healthchecks.log" 2>&1 </dev/null &
    echo $! >"$pid_file"
    echo "podman health checks: run every ${interval} s by pid $(cat "$pid_file") (no systemd to run them)"
  fi
fi
