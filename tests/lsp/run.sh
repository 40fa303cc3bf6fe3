#!/usr/bin/env bash
# Runs the end-to-end tests of the cgt language server (`cgt lsp` over stdio, driven by
# pytest-lsp). Exits non-zero when a test fails.
#
#   bash tests/lsp/run.sh                 # builds target/debug/cgt, then runs every test
#   CGT_BIN=target/release/cgt bash tests/lsp/run.sh   # tests an existing binary, no build
#   bash tests/lsp/run.sh -k hover -x     # extra arguments go to pytest
#
# Creates a virtualenv in tests/lsp/.venv (git-ignored) and installs the pinned
# requirements.txt from PyPI into it (again only when requirements.txt changes).
# Needs python3 (>= 3.10, with venv) and cargo; reaches only PyPI and crates.io.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
venv="$here/.venv"
python="${PYTHON:-python3}"

if [ ! -x "$venv/bin/python" ]; then
  "$python" -m venv "$venv"
fi
stamp="$venv/.requirements.sha256"
want="$(sha256sum "$here/requirements.txt" | cut -d' ' -f1)"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check --no-input -r "$here/requirements.txt"
  echo "$want" >"$stamp"
fi

if [ -z "${CGT_BIN:-}" ]; then
  (cd "$root" && cargo build --locked -p cgt-cli)
  CGT_BIN="$root/target/debug/cgt"
fi
# A relative CGT_BIN is taken from the repository root.
case "$CGT_BIN" in
  /*) ;;
  *) CGT_BIN="$root/$CGT_BIN" ;;
esac
if [ ! -x "$CGT_BIN" ]; then
  echo "run.sh: no executable cgt at $CGT_BIN" >&2
  exit 2
fi
export CGT_BIN

cd "$here"
exec "$venv/bin/python" -m pytest -p no:cacheprovider "$@"
