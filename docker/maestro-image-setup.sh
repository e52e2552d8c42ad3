#!/bin/sh
# Prepares a Debian or Ubuntu Java 17 base for the Maestro image (docker/Dockerfile and docker/Dockerfile.dist):
# the tools of the agent's ready network actions, and the non-root user every role but the agent runs as.
# iproute2 (tc) and iptables let the agent cut or delay the SUT's links; they need NET_ADMIN, which only the agent's
# container is given (compose.yaml), and root, which is why the agent alone runs as root.
set -eu
apt-get update
DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends iproute2 iptables procps
rm -rf /var/lib/apt/lists/*
groupadd --system --gid 10001 maestro
useradd --system --uid 10001 --gid maestro --home-dir /home/maestro --create-home --shell /usr/sbin/nologin maestro
mkdir -p /results /scripts
chown maestro:maestro /results /scripts
