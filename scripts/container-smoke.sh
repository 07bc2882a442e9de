#!/usr/bin/env bash
# CI's container step (decision 023): builds the image from the Dockerfile and smoke-tests it —
# the container starts on the embedded database, answers /health/ready, serves the PWA and the API
# description, and stops on SIGTERM with exit code 0. Uses podman (Debian's package, rootless) or
# docker, whichever can run a container here; where neither can, it says so loudly and exits 0.
set -euo pipefail
cd "$(dirname "$0")/.."

skipped() {
  local line="| CONTAINER STEP SKIPPED: $1"
  printf '\n+%s+\n%s\n| The image was not built or tested on this machine.\n+%s+\n\n' "$(printf -- '-%.0s' $(seq 1 70))" "$line" "$(printf -- '-%.0s' $(seq 1 70))"
  exit 0
}

engine=""
for candidate in podman docker; do
  if command -v "$candidate" >/dev/null 2>&1 && "$candidate" info >/dev/null 2>&1; then engine=$candidate; break; fi
done
[ -n "$engine" ] || skipped "no podman or docker that can run containers (install podman: apt-get install -y podman)"

image=pishkhan:ci-smoke
name=pishkhan-smoke-$$
echo "building $image with $engine"
if ! "$engine" build --build-arg BUILD_ID="ci-smoke-$(date -u +%Y%m%d%H%M%S)" -t "$image" . ; then
  # An engine that cannot fetch the base image (no registry reachable) or run a container (no user
  # namespaces in a sandbox) says nothing about the image: that is a skip, not a failure.
  if ! "$engine" run --rm docker.io/library/node:20-bookworm-slim true >/dev/null 2>&1; then
    skipped "$engine cannot fetch the base image or run a container here"
  fi
  echo "the image did not build" >&2
  exit 1
fi
size=$("$engine" image inspect "$image" --format '{{.Size}}')
echo "image size: $((size / 1024 / 1024)) MB"

cleanup() { "$engine" rm -f "$name" >/dev/null 2>&1 || true; }
trap cleanup EXIT
"$engine" run -d --name "$name" -p 127.0.0.1::3000 -e SMS_SENDER=log "$image" >/dev/null
port=$("$engine" port "$name" 3000 | head -n 1 | sed 's/.*://')
url="http://127.0.0.1:$port"
for _ in $(seq 1 120); do
  if curl -fsS "$url/health/ready" >/dev/null 2>&1; then break; fi
  sleep 1
done
curl -fsS "$url/health/ready" >/dev/null || { "$engine" logs "$name"; echo "not ready in 120 s" >&2; exit 1; }
curl -fsS "$url/health/live" | grep -q '"isSuccess":true'
curl -fsS "$url/" | grep -qi '<!doctype html'
curl -fsS "$url/api/openapi.json" | grep -q '"openapi":"3.1.0"'
[ "$("$engine" exec "$name" id -u)" != "0" ] || { echo "the server runs as root" >&2; exit 1; }
"$engine" stop -t 30 "$name" >/dev/null
code=$("$engine" inspect "$name" --format '{{.State.ExitCode}}')
[ "$code" = "0" ] || { "$engine" logs "$name"; echo "the container exited $code on SIGTERM" >&2; exit 1; }
echo "container smoke test passed: ready, PWA and API served, not root, stopped with exit code 0"
