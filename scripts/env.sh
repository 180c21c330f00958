#!/usr/bin/env bash
# Make (once) and print the path of this clone's graphkit virtual environment.
#
# Two layers. The dependencies (torch & co.) live in one shared environment outside the
# clone, keyed by a hash of requirements.lock and the Python version, so a rerun or a second
# clone reuses it instead of reinstalling torch. graphkit itself is never installed there:
# each clone gets a tiny environment of its own, .venv/ in the clone, that sees the shared
# packages (a .pth file) and holds an editable install of this clone only, so one clone's
# set-up can never make `graphkit` run another clone's code.
set -euo pipefail
HOME=${HOME:-$(getent passwd "$(id -u)" | cut -d: -f6)}
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
py=${GRAPHKIT_PYTHON:-python3}
command -v "$py" >/dev/null || { echo "graphkit set-up: $py not found; install Python 3.10+" >&2; exit 1; }
key=$({ cat "$root/requirements.lock"; "$py" -c 'import sys; print(sys.version)'; } | sha256sum | cut -c1-16)
base=${GRAPHKIT_VENV_ROOT:-${XDG_CACHE_HOME:-$HOME/.cache}/graphkit/venvs}
venv=$base/$key
layer=$root/.venv
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
# set-ups before the two layers installed graphkit into the shared environment: take it out
if [ -n "$(find "$venv/lib" -maxdepth 3 -name 'graphkit-*.dist-info' -print -quit)" ]; then
  "$venv/bin/python" -m pip uninstall -q -y --disable-pip-version-check graphkit >&2
fi
flock -u 9
stamp=$({ echo "$venv"; cat "$root/pyproject.toml"; } | sha256sum | cut -c1-16)
if [ "$(cat "$layer/.complete" 2>/dev/null)" != "$stamp" ]; then
  rm -rf "$layer"
  "$py" -m venv --without-pip "$layer"
  shared=$("$venv/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
  mine=$("$layer/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
  echo "$shared" >"$mine/00-graphkit-shared-deps.pth"
  "$venv/bin/python" -m pip --python "$layer/bin/python" install -q --disable-pip-version-check --no-deps --ignore-installed \
    --no-build-isolation -e "$root" >&2
  # the shared environment's tools (pytest, ruff, mypy, ...) are this layer's too
  for tool in "$venv"/bin/*; do
    name=$(basename "$tool")
    case "$name" in python*|pip*|activate*|Activate*|graphkit) continue ;; esac
    [ -e "$layer/bin/$name" ] || ln -s "$tool" "$layer/bin/$name"
  done
  echo "$stamp" >"$layer/.complete"
fi
echo "$layer"
