#!/bin/bash
# For podman-compose 1.0.3 (Debian bookworm) only: it adds `--net <project>_default
# --network-alias <service>` to every container, even to one with `network_mode: host` or
# `none`, which podman refuses ("cannot set multiple networks without bridge network mode").
# Given as `podman-compose --podman-path deploy/compose/podman-hostnet.sh`, this drops those
# two options from a `podman run`/`create` that already has `--network`, and passes everything
# else to podman unchanged. docker compose and later podman-compose do not need it.
set -euo pipefail
args=("$@")
has_network=0
for a in "${args[@]}"; do [ "$a" = --network ] && has_network=1; done
out=()
i=0
while [ $i -lt ${#args[@]} ]; do
  a="${args[$i]}"
  if [ $has_network = 1 ] && { [ "$a" = --net ] || [ "$a" = --network-alias ]; }; then
    i=$((i + 2))
    continue
  fi
  out+=("$a")
  i=$((i + 1))
done
exec "${PODMAN:-podman}" "${out[@]}"
