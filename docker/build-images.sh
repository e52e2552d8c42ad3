#!/usr/bin/env bash
# Builds every image of docker/ on a machine that reaches package registries only (Debian's archive, Maven Central):
#   maestro:<version>           Maestro, from the distribution built on this machine (docker/Dockerfile.dist)
#   maestro-artemis:2.40.0      Apache ActiveMQ Artemis from Maven Central (docker/artemis)
#   maestro-mosquitto:bookworm  Debian's Mosquitto, the control broker (docker/mosquitto)
#   maestro-qdrouterd:1.19.0    a Qpid Dispatch router from the relocatable build (docker/qdrouterd)
#   maestro-prometheus:bookworm Debian's Prometheus, for the compose cluster's live metrics (docker/prometheus)
# all on the base BASE_IMAGE, by default localhost/maestro-base:bookworm-jre17, which docker/build-base-image.sh builds
# from Debian packages when it is missing. Run after "mvn -DskipTests package" from anywhere in the repository.
#   docker/build-images.sh                      # every image (the base only when it is missing)
#   docker/build-images.sh maestro              # some: base (built again), maestro, artemis, mosquitto, qdrouterd,
#                                               # prometheus
# Environment: ENGINE (podman or docker; default: podman where installed), BASE_IMAGE, QPID_DISPATCH_HOME (the
# relocatable router; default ../shared/tools/qpid-dispatch-1.19.0 beside the repository; without it the router image
# is left out with a message), MAESTRO_VERSION (default: the version of the repository's pom.xml).
set -euo pipefail

docker_dir=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$docker_dir")
engine=${ENGINE:-$(command -v podman >/dev/null 2>&1 && echo podman || echo docker)}
command -v "$engine" >/dev/null 2>&1 || {
  echo "no container engine '$engine': apt-get install -y podman runc (docs/distributed.md, \"Containers on this machine\")" >&2
  exit 1
}
version=${MAESTRO_VERSION:-$(sed -n 's|^  <version>\(.*\)</version>.*|\1|p' "$root/pom.xml" | head -n 1)}
base=${BASE_IMAGE:-localhost/maestro-base:bookworm-jre17}
dispatch_home=${QPID_DISPATCH_HOME:-$(dirname "$root")/shared/tools/qpid-dispatch-1.19.0}

wanted=("$@")
[ ${#wanted[@]} -gt 0 ] || wanted=(maestro artemis mosquitto qdrouterd prometheus)
for name in "${wanted[@]}"; do
  case "$name" in
    base | maestro | artemis | mosquitto | qdrouterd | prometheus) ;;
    *) echo "no image '$name': name some of base, maestro, artemis, mosquitto, qdrouterd, prometheus" >&2; exit 2 ;;
  esac
done
wants() { [[ " ${wanted[*]} " == *" $1 "* ]]; }

seconds_since() { echo $(($(date +%s) - $1)); }

# build IMAGE LOG-NAME ARGS...: one image build; on failure its last log lines, then exit
build() {
  local image=$1 started log
  shift
  started=$(date +%s)
  previous=$("$engine" image inspect --format '{{.Id}}' "$image" 2>/dev/null || true)
  log=$(mktemp "${TMPDIR:-/tmp}/maestro-image-build.XXXXXX")
  if ! "$engine" "$@" --build-arg "BASE_IMAGE=$base" -t "$image" >"$log" 2>&1; then
    tail -n 40 "$log" >&2
    echo "building $image failed (the last lines of '$engine $*' above)" >&2
    rm -f "$log"
    exit 1
  fi
  rm -f "$log"
  # the image this one replaces, now without a name: removed, so that builds run after builds do not fill the disk
  # (kept while a container still uses it)
  if [ -n "$previous" ] && [ "$previous" != "$("$engine" image inspect --format '{{.Id}}' "$image")" ]; then
    "$engine" image rm "$previous" >/dev/null 2>&1 || echo "kept the replaced image $previous of $image: in use" >&2
  fi
  echo "built $image in $(seconds_since "$started") s"
}

if wants base || ! "$engine" image inspect "$base" >/dev/null 2>&1; then
  if [ -n "${BASE_IMAGE:-}" ] && ! wants base; then
    echo "the base image $base does not exist: build or pull it, or leave BASE_IMAGE unset to build the local one" >&2
    exit 1
  fi
  ENGINE=$engine "$docker_dir/build-base-image.sh" "$base"
fi

if wants maestro; then
  dist=$root/maestro-dist/target/maestro
  [ -x "$dist/bin/maestro-cli" ] || {
    echo "no built distribution at $dist: run 'mvn -DskipTests package' in $root first" >&2
    exit 1
  }
  if [ "$engine" = podman ]; then
    build "maestro:$version" build --ignorefile "$docker_dir/Dockerfile.dist.dockerignore" \
      -f "$docker_dir/Dockerfile.dist" "$root"
  else
    build "maestro:$version" build -f "$docker_dir/Dockerfile.dist" "$root"
  fi
fi
if wants artemis; then build maestro-artemis:2.40.0 build "$docker_dir/artemis"; fi
if wants mosquitto; then build maestro-mosquitto:bookworm build "$docker_dir/mosquitto"; fi
if wants prometheus; then build maestro-prometheus:bookworm build "$docker_dir/prometheus"; fi
if ! wants qdrouterd; then
  :
elif [ -x "$dispatch_home/bin/qdrouterd" ]; then
  if [ "$engine" = podman ]; then
    build maestro-qdrouterd:1.19.0 build --build-context "qpid-dispatch=$dispatch_home" "$docker_dir/qdrouterd"
  else
    build maestro-qdrouterd:1.19.0 buildx build --load --build-context "qpid-dispatch=$dispatch_home" "$docker_dir/qdrouterd"
  fi
else
  echo "no relocatable qdrouterd at $dispatch_home (set QPID_DISPATCH_HOME): maestro-qdrouterd:1.19.0 not built" >&2
fi
