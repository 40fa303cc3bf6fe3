#!/usr/bin/env bash
# Neovim's built-in LSP client driving the real `cgt lsp`, headless, with the configuration in
# editors/neovim (filetype detection, ftplugin that calls vim.lsp.start, inlay hints on).
#
#   CGT_BIN=target/release/cgt bash tests/editors/neovim.sh
#
# Neovim: $NVIM, else tests/editors/.venv/bin/nvim (run.sh installs it), else `nvim` on PATH if
# it is 0.10 or newer. Prints one PASS/FAIL line per check; exits 1 when a check fails, 2 when
# there is no Neovim or no server.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
source "$here/common.sh"

nvim="${NVIM:-}"
if [ -z "$nvim" ] && [ -x "$here/.venv/bin/nvim" ]; then
  nvim="$here/.venv/bin/nvim"
fi
if [ -z "$nvim" ] && command -v nvim >/dev/null; then
  nvim="$(command -v nvim)"
fi
if [ -z "$nvim" ]; then
  echo "FAIL neovim: no nvim (run tests/editors/run.sh, which installs one, or set NVIM)" >&2
  exit 2
fi
echo "neovim: $("$nvim" --version | head -1) ($nvim), server $CGT_BIN"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp "$here/homework.cgt" "$work/homework.cgt"
# A home of its own: no user configuration, no state left behind.
export XDG_CONFIG_HOME="$work/config" XDG_DATA_HOME="$work/data" XDG_STATE_HOME="$work/state" XDG_CACHE_HOME="$work/cache"
export CGT_RESULT="$work/result.txt"

status=0
(cd "$work" && timeout "$EDITOR_TEST_LIMIT" "$nvim" --headless --clean \
  --cmd "set runtimepath^=$root/editors/neovim" \
  --cmd "let g:cgt_server_path = '$CGT_BIN'" \
  -c "luafile $here/neovim_test.lua" homework.cgt) </dev/null || status=$?
report neovim "$CGT_RESULT" "$status"
