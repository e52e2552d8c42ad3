#!/bin/sh
# Entry point of the Maestro image: runs maestro-cli with the container's arguments.
# A peer (worker, inspector, agent) started without --name is named <role>-<host name>: every container's
# process has the same pid, so the default name (<role>-<pid>) would repeat across scaled containers and their
# result directories would collide.
set -e
case "$1" in
  worker|inspector|agent)
    named=no
    role=$1
    previous=
    for arg in "$@"; do
      case "$arg" in
        --name|--name=*) named=yes ;;
        --role=*) role=${arg#--role=} ;;
      esac
      if [ "$previous" = "--role" ]; then role=$arg; fi
      previous=$arg
    done
    if [ "$named" = no ]; then
      set -- "$@" --name "$role-$(hostname)"
    fi
    ;;
esac
exec "${MAESTRO_HOME:-/opt/maestro}/bin/maestro-cli" "$@"
