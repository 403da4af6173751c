# Sourced by the entry points: make this checkout ready, idempotently.
# A .venv with rules_py (editable) and the site and test tools, Zensical among them; the
# npm packages.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
PYTHON=${PYTHON:-python3}
UV_VERSION=0.13.9
if [ ! -x .venv/bin/python ]; then
  echo "rollbook: creating .venv" >&2
  "$PYTHON" -m venv .venv
fi
# The npm packages install meanwhile (a fresh clone's two installs: 9 s and some 20 s).
npm_ci=""
if [ ! -f node_modules/pyodide/pyodide.mjs ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "rollbook: installing npm packages" >&2
  npm ci --no-audit --no-fund --loglevel=error &
  npm_ci=$!
fi
stamp=.venv/.rollbook-installed
if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
  echo "rollbook: installing Python packages" >&2
  # By uv (from PyPI, as pip): on a fresh clone here, pip took 15 to 24 s to
  # resolve, unpack and compile them; uv takes 4 s, and Python compiles each module as
  # it first imports it. pip alone, where uv cannot be had.
  pip=(.venv/bin/python -m pip install --quiet --disable-pip-version-check)
  if "${pip[@]}" "uv==$UV_VERSION"; then
    .venv/bin/python -m uv pip install --quiet --python .venv/bin/python -e ".[site,test,zensical]"
  else
    "${pip[@]}" -e ".[site,test,zensical]"
  fi
  touch "$stamp"
fi
if [ -n "$npm_ci" ]; then wait "$npm_ci"; fi

need_chromium() {
  if [ -x /usr/bin/chromium ]; then return 0; fi
  echo "rollbook: installing Debian's chromium for the browser tests" >&2
  local sudo=""
  if [ "$(id -u)" != 0 ]; then sudo=sudo; fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium >/dev/null
}
