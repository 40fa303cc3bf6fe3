#!/usr/bin/env bash
# Takes the screenshot of the VS Code extension for its README: the real extension (.vsix from
# editors/vscode/build.sh) in real VS Code (code-server, in headless Chromium), with the real
# language server, showing a homework file's values inline.
#
#   bash tests/editor/screenshot.sh            # writes editors/vscode/images/screenshot.png
#   OUT=/tmp/x.png FILE=examples/tour.cgt bash tests/editor/screenshot.sh
#
# Slow (a few minutes the first time) and not run by CI; see tests/editor/README.md.
# Everything it installs goes under $WORK (default tests/editor/.work, git-ignored), except the
# Debian packages, which it installs with apt-get when they are missing.
#
# SHOT_HOVER=TEXT hovers the line starting with TEXT and waits until the hover's pictures
# (thermograph, game tree) are rendered by VS Code; it fails if they are not.
#
# Environment: WORK, OUT, FILE (the .cgt file to show; default tests/editor/homework.cgt),
# CGT_BIN (an existing cgt binary: no cargo build), CGT_VSIX (an existing .vsix: no
# build.sh), PORT (code-server's port; default a free one).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
WORK="${WORK:-$here/.work}"
OUT="${OUT:-$root/editors/vscode/images/screenshot.png}"
FILE="${FILE:-$here/homework.cgt}"
CODE_SERVER_VERSION=4.100.3 # runs on Node 20
PLAYWRIGHT_VERSION=1.65.1
# code-server 4.100.3 bundles @vscode/ripgrep 1.15.11, whose install script downloads this
# ripgrep release from GitHub; we give it Debian's rg in its download cache instead.
RIPGREP_PKG_VERSION=1.15.11
RIPGREP_RELEASE=v13.0.0-10

log() { echo "[screenshot] $*"; }
case "$FILE" in /*) ;; *) FILE="$root/$FILE" ;; esac
case "$OUT" in /*) ;; *) OUT="$root/$OUT" ;; esac
mkdir -p "$WORK"
WORK="$(cd "$WORK" && pwd)"

# ---------------------------------------------------------------- Debian packages
need=()
command -v chromium >/dev/null || need+=(chromium)
command -v rg >/dev/null || need+=(ripgrep)
for p in libkrb5-dev libx11-dev libxkbfile-dev libsecret-1-dev fonts-dejavu-core; do
  dpkg -s "$p" >/dev/null 2>&1 || need+=("$p")
done
if [ "${#need[@]}" -gt 0 ]; then
  log "installing Debian packages: ${need[*]}"
  sudo=""
  [ "$(id -u)" = 0 ] || sudo="sudo"
  $sudo apt-get update -q
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "${need[@]}"
fi

# ---------------------------------------------------------------- the server and the extension
if [ -z "${CGT_BIN:-}" ]; then
  log "building cgt"
  (cd "$root" && cargo build --locked -p cgt-cli)
  CGT_BIN="$root/target/debug/cgt"
fi
case "$CGT_BIN" in /*) ;; *) CGT_BIN="$root/$CGT_BIN" ;; esac
if [ -z "${CGT_VSIX:-}" ]; then
  log "building the extension"
  CGT_VSIX="$("$root/editors/vscode/build.sh" | tail -n 1)"
fi
[ -f "$CGT_VSIX" ] || { echo "no .vsix at $CGT_VSIX" >&2; exit 1; }

# ---------------------------------------------------------------- code-server and playwright-core
export TMPDIR="$WORK/tmp" # also where @vscode/ripgrep looks for its download cache
mkdir -p "$TMPDIR"
cs="$WORK/node/node_modules/.bin/code-server"
if [ ! -x "$cs" ] || [ ! -d "$WORK/node/node_modules/playwright-core" ]; then
  cache="$TMPDIR/vscode-ripgrep-cache-$RIPGREP_PKG_VERSION"
  mkdir -p "$cache" "$WORK/rg"
  cp "$(command -v rg)" "$WORK/rg/rg"
  tar -czf "$cache/ripgrep-$RIPGREP_RELEASE-x86_64-unknown-linux-musl.tar.gz" -C "$WORK/rg" rg
  log "installing code-server $CODE_SERVER_VERSION and playwright-core $PLAYWRIGHT_VERSION (npm)"
  mkdir -p "$WORK/node"
  [ -f "$WORK/node/package.json" ] || echo '{"private": true}' >"$WORK/node/package.json"
  (cd "$WORK/node" &&
    npm_config_unsafe_perm=true npm_config_yes=true npm install --no-audit --no-fund --no-save \
      "code-server@$CODE_SERVER_VERSION" "playwright-core@$PLAYWRIGHT_VERSION")
fi

# ---------------------------------------------------------------- a fresh VS Code profile
run="$WORK/run"
rm -rf "$run"
mkdir -p "$run/user-data/User" "$run/extensions" "$run/workspace" "$run/chromium"
cp "$FILE" "$run/workspace/"
shown="$run/workspace/$(basename "$FILE")"
cat >"$run/user-data/User/settings.json" <<EOF
{
  "cgt.server.path": "$CGT_BIN",
  "workbench.startupEditor": "none",
  "workbench.colorTheme": "Default Dark Modern",
  "workbench.tips.enabled": false,
  "workbench.layoutControl.enabled": false,
  "security.workspace.trust.enabled": false,
  "telemetry.telemetryLevel": "off",
  "update.mode": "none",
  "extensions.autoCheckUpdates": false,
  "extensions.autoUpdate": false,
  "extensions.ignoreRecommendations": true,
  "chat.disableAIFeatures": true,
  "git.enabled": false,
  "editor.minimap.enabled": false,
  "editor.inlayHints.maximumLength": 0,
  "editor.fontSize": 15,
  "editor.lineHeight": 22,
  "window.commandCenter": false,
  "breadcrumbs.enabled": false
}
EOF
cat >"$run/config.yaml" <<EOF
auth: none
cert: false
EOF
export XDG_CONFIG_HOME="$run/xdg-config" XDG_DATA_HOME="$run/xdg-data"

log "installing $CGT_VSIX into code-server"
"$cs" --config "$run/config.yaml" --user-data-dir "$run/user-data" --extensions-dir "$run/extensions" \
  --install-extension "$CGT_VSIX"

PORT="${PORT:-$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')}"
log "starting code-server on 127.0.0.1:$PORT"
"$cs" --config "$run/config.yaml" --bind-addr "127.0.0.1:$PORT" --user-data-dir "$run/user-data" \
  --extensions-dir "$run/extensions" --disable-telemetry --disable-update-check \
  --disable-workspace-trust --disable-getting-started-override "$run/workspace" \
  >"$run/code-server.log" 2>&1 &
cs_pid=$!
trap 'kill "$cs_pid" 2>/dev/null || true; wait "$cs_pid" 2>/dev/null || true' EXIT
for _ in $(seq 1 120); do
  if curl -s -o /dev/null "http://127.0.0.1:$PORT/healthz"; then break; fi
  kill -0 "$cs_pid" 2>/dev/null || { cat "$run/code-server.log" >&2; exit 1; }
  sleep 0.5
done

mkdir -p "$(dirname "$OUT")"
log "taking the screenshot"
if ! CHROMIUM_PROFILE="$run/chromium" NODE_PATH="$WORK/node/node_modules" \
  node "$here/shot.js" "http://127.0.0.1:$PORT/?folder=$run/workspace" "$shown" "$OUT"; then
  echo "--- code-server log" >&2
  tail -n 40 "$run/code-server.log" >&2
  find "$run/user-data/logs" -name '*cgt*' -exec sh -c 'echo "--- $1"; tail -n 40 "$1"' _ {} \; >&2
  exit 1
fi
log "wrote $OUT"
