#!/usr/bin/env bash
# Everything the tests need, then the whole suite: the Python environment, Neo4j 5.26 from
# Maven Central (the server itself is started and stopped by the tests), and Debian's
# Chromium for the browser tests. Lint (ruff) and types (mypy) run first and fail the run on
# errors. Extra arguments go to pytest (`-m unit`: the fast tier, no model; see tests/conftest.py).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
venv=$(bash scripts/env.sh)
"$venv/bin/ruff" check .
"$venv/bin/ruff" format --check .
"$venv/bin/mypy"
export GRAPHKIT_NEO4J_CLASSPATH=$(bash scripts/neo4j.sh classpath)
if ! command -v chromium >/dev/null; then
  echo "graphkit test set-up: installing Debian's chromium" >&2
  sudo=""; [ "$(id -u)" = 0 ] || sudo=sudo
  $sudo apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium >&2
fi
export GRAPHKIT_CHROMIUM=$(command -v chromium)
# the tests' embedding cache is their own, so they exercise the real model every run
export GRAPHKIT_CACHE_DIR=$(mktemp -d)
trap 'rm -rf "$GRAPHKIT_CACHE_DIR"' EXIT
"$venv/bin/python" -m pytest "$@"
