#!/usr/bin/env bash
# Make (once) and print the path of graphkit's virtual environment.
#
# The environment lives outside the clone, keyed by a hash of requirements.lock and the
# Python version, so a rerun or a second clone reuses it instead of reinstalling torch;
# a fresh machine gets everything from this same script. The project itself is installed
# editable into it on every call (fast, no dependencies).
set -euo pipefail
HOME=${HOME:-$(getent passwd "$(id -u)" | cut -d: -f6)}
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
py=${GRAPHKIT_PYTHON:-python3}
command -v "$py" >/dev/null || { echo "graphkit set-up: $py not found; install Python 3.10+" >&2; exit 1; }
key=$({ cat "$root/requirements.lock"; "$py" -c 'import sys; print(sys.version)'; } | sha256sum | cut -c1-16)
base=${GRAPHKIT_VENV_ROOT:-${XDG_CACHE_HOME:-$HOME/.cache}/graphkit/venvs}
venv=$base/$key
mkdir -p "$base"
exec 9>"$base/.lock"
flock 9
if [ ! -f "$venv/.complete" ]; then
  echo "graphkit set-up: creating $venv (first run: downloads torch & co., a few minutes)" >&2
  rm -rf "$venv"
  "$py" -m venv "$venv"
  "$venv/bin/python" -m pip install -q --disable-pip-version-check -r "$root/requirements.lock" >&2
  touch "$venv/.complete"
fi
"$venv/bin/python" -m pip install -q --disable-pip-version-check --no-deps --no-build-isolation -e "$root" >&2
flock -u 9
echo "$venv"
