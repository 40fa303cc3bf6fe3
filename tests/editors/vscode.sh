#!/usr/bin/env bash
# The cgt VS Code extension in real VS Code (code-server, VS Code in the browser, driven by
# headless Chromium through playwright-core), in three scenarios, each a fresh code-server:
#   missing  no cgt on PATH, cgt.server.path unset: an error says how to install cgt
#   wrong    cgt.server.path names no executable: an error names the setting and the install
#   works    cgt.server.path is $CGT_BIN: inlay hint `= 1/8 · L`, the diagnostic (-3/8) in the
#            Problems panel, hover on `WBBW.BW` with 1/8
#
#   CGT_BIN=target/release/cgt bash tests/editors/vscode.sh
#
# Slow the first time (it installs Debian's chromium, ripgrep and code-server's build
# dependencies with apt-get when missing, and code-server 4.100.3 and playwright-core from npm
# into $WORK, default tests/editors/.work, git-ignored), then about a minute. Builds the .vsix
# with editors/vscode/build.sh unless CGT_VSIX names one. Not part of run.sh's default set:
# `run.sh vscode` runs it.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
source "$here/common.sh"

WORK="${WORK:-$here/.work}"
CODE_SERVER_VERSION=4.100.3 # runs on Node 20
PLAYWRIGHT_VERSION=1.65.1
# code-server bundles @vscode/ripgrep 1.15.11, whose install script would download ripgrep from
# GitHub; Debian's rg goes into its download cache instead.
RIPGREP_PKG_VERSION=1.15.11
RIPGREP_RELEASE=v13.0.0-10
mkdir -p "$WORK"
WORK="$(cd "$WORK" && pwd)"

need=()
command -v chromium >/dev/null || need+=(chromium)
command -v rg >/dev/null || need+=(ripgrep)
command -v curl >/dev/null || need+=(curl)
for p in libkrb5-dev libx11-dev libxkbfile-dev libsecret-1-dev fonts-dejavu-core; do
  dpkg -s "$p" >/dev/null 2>&1 || need+=("$p")
done
if [ "${#need[@]}" -gt 0 ]; then
  echo "vscode: installing ${need[*]} (apt-get)"
  sudo=""
  [ "$(id -u)" = 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi

if [ -z "${CGT_VSIX:-}" ]; then
  CGT_VSIX="$("$root/editors/vscode/build.sh" | tail -n 1)"
fi
[ -f "$CGT_VSIX" ] || { echo "FAIL vscode: no .vsix at $CGT_VSIX" >&2; exit 2; }

export TMPDIR="$WORK/tmp"
mkdir -p "$TMPDIR"
cs="$WORK/node/node_modules/.bin/code-server"
if [ ! -x "$cs" ] || [ ! -d "$WORK/node/node_modules/playwright-core" ]; then
  cache="$TMPDIR/vscode-ripgrep-cache-$RIPGREP_PKG_VERSION"
  mkdir -p "$cache" "$WORK/rg"
  cp "$(command -v rg)" "$WORK/rg/rg"
  tar -czf "$cache/ripgrep-$RIPGREP_RELEASE-x86_64-unknown-linux-musl.tar.gz" -C "$WORK/rg" rg
  echo "vscode: installing code-server $CODE_SERVER_VERSION and playwright-core $PLAYWRIGHT_VERSION (npm)"
  mkdir -p "$WORK/node"
  [ -f "$WORK/node/package.json" ] || echo '{"private": true}' >"$WORK/node/package.json"
  (cd "$WORK/node" &&
    npm_config_unsafe_perm=true npm_config_yes=true npm install --silent --no-audit --no-fund --no-save \
      "code-server@$CODE_SERVER_VERSION" "playwright-core@$PLAYWRIGHT_VERSION" >/dev/null)
fi

# PATH for code-server (and so for the extension host) without any cgt on it.
clean_path=""
IFS=: read -ra dirs <<<"$PATH"
for d in "${dirs[@]}"; do
  [ -n "$d" ] && [ ! -x "$d/cgt" ] && clean_path="${clean_path:+$clean_path:}$d"
done

cs_pid=""
stop_cs() {
  if [ -n "$cs_pid" ]; then
    kill "$cs_pid" 2>/dev/null || true
    wait "$cs_pid" 2>/dev/null || true
    cs_pid=""
  fi
}
trap stop_cs EXIT

passed=0 failed=0
for scenario in missing wrong works; do
  run="$WORK/run-$scenario"
  rm -rf "$run"
  mkdir -p "$run/user-data/User" "$run/extensions" "$run/workspace"
  cp "$here/homework.cgt" "$run/workspace/homework.cgt"
  case "$scenario" in
    missing) server_setting="" ;;
    wrong) server_setting="\"cgt.server.path\": \"$run/nowhere/cgt\"," ;;
    works) server_setting="\"cgt.server.path\": \"$CGT_BIN\"," ;;
  esac
  cat >"$run/user-data/User/settings.json" <<JSON
{
  $server_setting
  "workbench.startupEditor": "none",
  "workbench.tips.enabled": false,
  "security.workspace.trust.enabled": false,
  "telemetry.telemetryLevel": "off",
  "update.mode": "none",
  "extensions.autoCheckUpdates": false,
  "extensions.autoUpdate": false,
  "extensions.ignoreRecommendations": true,
  "chat.disableAIFeatures": true,
  "git.enabled": false
}
JSON
  printf 'auth: none\ncert: false\n' >"$run/config.yaml"
  export XDG_CONFIG_HOME="$run/xdg-config" XDG_DATA_HOME="$run/xdg-data"
  "$cs" --config "$run/config.yaml" --user-data-dir "$run/user-data" --extensions-dir "$run/extensions" \
    --install-extension "$CGT_VSIX" >/dev/null
  port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
  PATH="$clean_path" "$cs" --config "$run/config.yaml" --bind-addr "127.0.0.1:$port" \
    --user-data-dir "$run/user-data" --extensions-dir "$run/extensions" --disable-telemetry \
    --disable-update-check --disable-workspace-trust --disable-getting-started-override \
    "$run/workspace" >"$run/code-server.log" 2>&1 &
  cs_pid=$!
  for _ in $(seq 1 120); do
    curl -s -o /dev/null "http://127.0.0.1:$port/healthz" && break
    kill -0 "$cs_pid" 2>/dev/null || break
    sleep 0.5
  done
  status=0
  NODE_PATH="$WORK/node/node_modules" CGT_FAILED_PNG="$run/failed" \
    timeout "$EDITOR_TEST_LIMIT" node "$here/vscode_test.js" "http://127.0.0.1:$port/?folder=$run/workspace" \
    "$run/workspace/homework.cgt" "$scenario" || status=$?
  stop_cs
  if [ "$status" = 0 ]; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "vscode ($scenario): see $run/code-server.log and $run/failed-$scenario.png"
    find "$run/user-data/logs" -name '*cgt*' -exec sh -c 'echo "--- $1"; tail -n 20 "$1"' _ {} \; 2>/dev/null || true
  fi
done
if [ "$failed" != 0 ]; then
  echo "vscode: FAILED ($passed scenarios passed, $failed failed)"
  exit 1
fi
echo "vscode: ok ($passed scenarios passed)"
