#!/usr/bin/env bash
# eglot (Emacs's LSP client) driving the real `cgt lsp` in `emacs --batch`, with the major mode
# in editors/emacs/cgt-mode.el and its documented setup (eglot-ensure in cgt-mode-hook).
#
#   CGT_BIN=target/release/cgt bash tests/editors/emacs.sh
#
# Emacs: $EMACS, else `emacs` on PATH (Debian: emacs-nox, and elpa-eglot for Emacs 28; run.sh
# installs them). Prints one PASS/FAIL line per check; exits 1 when a check fails, 2 when there
# is no Emacs, no eglot or no server.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
source "$here/common.sh"

emacs="${EMACS:-$(command -v emacs || true)}"
if [ -z "$emacs" ]; then
  echo "FAIL emacs: no emacs (run tests/editors/run.sh, which installs emacs-nox and elpa-eglot, or set EMACS)" >&2
  exit 2
fi
echo "emacs: $("$emacs" --version | head -1) ($emacs), server $CGT_BIN"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp "$here/homework.cgt" "$work/homework.cgt"
export HOME="$work/home" CGT_RESULT="$work/result.txt"
mkdir -p "$HOME"

status=0
# -q: no user init file (HOME is empty anyway), but the site start files, through which
# Debian's elpa packages (eglot for Emacs 28) are found.
(cd "$work" && timeout "$EDITOR_TEST_LIMIT" "$emacs" --batch -q \
  -L "$root/editors/emacs" -l "$here/emacs_test.el") </dev/null >"$work/emacs.log" 2>&1 || status=$?
if [ "$status" != 0 ]; then
  tail -20 "$work/emacs.log"
fi
report emacs "$CGT_RESULT" "$status"
