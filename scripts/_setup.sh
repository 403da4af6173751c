# Sourced by the entry points: make this checkout ready, idempotently.
# A .venv with rules_py (editable) and the site and test tools, Zensical among them; the
# npm packages.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
PYTHON=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  echo "rollbook: creating .venv" >&2
  "$PYTHON" -m venv .venv
fi
stamp=.venv/.rollbook-installed
if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
  echo "rollbook: installing Python packages" >&2
  .venv/bin/python -m pip install --quiet --disable-pip-version-check -e ".[site,test,zensical]"
  touch "$stamp"
fi
if [ ! -f node_modules/pyodide/pyodide.mjs ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "rollbook: installing npm packages" >&2
  npm ci --no-audit --no-fund --loglevel=error
fi

need_chromium() {
  if [ -x /usr/bin/chromium ]; then return 0; fi
  echo "rollbook: installing Debian's chromium for the browser tests" >&2
  local sudo=""
  if [ "$(id -u)" != 0 ]; then sudo=sudo; fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium >/dev/null
}
