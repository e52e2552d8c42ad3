#!/usr/bin/env bash
# Builds a local Java 17 base image from Debian packages alone (mmdebstrap, then "import" into the container engine),
# for machines that reach Debian's archive but no image registry. Every image of docker/ takes it as its BASE_IMAGE:
#   docker/build-base-image.sh                         # builds localhost/maestro-base:bookworm-jre17
#   docker/build-base-image.sh my-base:17              # another name
# Environment: ENGINE (podman or docker; default: podman where installed), DEBIAN_SOURCES (a deb822 .sources or
# one-line sources.list file; default: this machine's Debian source, else deb.debian.org), SUITE (default bookworm).
# Needs mmdebstrap (apt-get install -y mmdebstrap) and root.
set -euo pipefail

image=${1:-localhost/maestro-base:bookworm-jre17}
suite=${SUITE:-bookworm}
engine=${ENGINE:-$(command -v podman >/dev/null 2>&1 && echo podman || echo docker)}

command -v mmdebstrap >/dev/null 2>&1 || { echo "mmdebstrap is not installed: apt-get install -y mmdebstrap" >&2; exit 1; }
command -v "$engine" >/dev/null 2>&1 || { echo "no container engine '$engine': apt-get install -y podman runc" >&2; exit 1; }

sources=()
if [ -n "${DEBIAN_SOURCES:-}" ]; then
  sources=("$DEBIAN_SOURCES")
elif [ -f /etc/apt/sources.list.d/debian.sources ]; then
  sources=(/etc/apt/sources.list.d/debian.sources)
else
  sources=("deb http://deb.debian.org/debian $suite main"
           "deb http://deb.debian.org/debian $suite-updates main"
           "deb http://deb.debian.org/debian-security $suite-security main")
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/maestro-base.XXXXXX")
trap 'rm -rf "$work"' EXIT
started=$(date +%s)
# --variant=apt: Essential and apt, so images built on top can apt-get install their own packages. Manuals,
# documentation and translations are left out: nothing in a container reads them (the JRE's post-installation script
# still links its manual page, so man1 must exist).
if ! mmdebstrap --variant=apt --quiet \
      --include=openjdk-17-jre-headless,ca-certificates \
      --dpkgopt='path-exclude=/usr/share/man/*' \
      --dpkgopt='path-exclude=/usr/share/doc/*' \
      --dpkgopt='path-include=/usr/share/doc/*/copyright' \
      --dpkgopt='path-exclude=/usr/share/locale/*' \
      --essential-hook='mkdir -p "$1"/usr/share/man/man1' \
      --customize-hook='rm -rf "$1"/var/lib/apt/lists/* "$1"/var/cache/apt/*.bin' \
      "$suite" "$work/base.tar" "${sources[@]}" </dev/null >"$work/mmdebstrap.log" 2>&1; then
  tail -n 30 "$work/mmdebstrap.log" >&2
  echo "mmdebstrap could not build the $suite root file system from ${sources[*]} (its last lines above)" >&2
  exit 1
fi
"$engine" import \
  --change "ENV JAVA_HOME=/usr/lib/jvm/java-17-openjdk-$(dpkg --print-architecture)" \
  --change 'CMD ["/bin/bash"]' \
  "$work/base.tar" "$image" >"$work/import.log" 2>&1 || { cat "$work/import.log" >&2; exit 1; }
echo "built $image ($suite, $("$engine" run --rm "$image" java -version 2>&1 | head -n 1)) in $(($(date +%s) - started)) s"
