#!/usr/bin/env bash
# Builds the playground into editors/web/dist from a clean clone, with crates.io and npm only:
#   bash editors/web/build.sh
# then serve dist/ with any static server (module workers do not load from file://), e.g.
#   python3 -m http.server -d editors/web/dist 8000
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)

rustup target add wasm32-unknown-unknown

# wasm-bindgen's command-line tool must be the exact version of the crate in Cargo.lock; it is
# built from crates.io into a folder of its own (not --locked: its own lock file may name a
# dependency version a registry mirror does not have).
version=$(awk '$0 == "name = \"wasm-bindgen\"" { getline; gsub(/[^0-9.]/, ""); print; exit }' "$root/Cargo.lock")
tools="$here/.tools"
if [ "$("$tools/bin/wasm-bindgen" --version 2>/dev/null)" != "wasm-bindgen $version" ]; then
  cargo install --quiet wasm-bindgen-cli --version "=$version" --root "$tools"
fi

(cd "$root" && cargo build --locked -p cgt-wasm --target wasm32-unknown-unknown --release)
rm -rf "$here/pkg"
"$tools/bin/wasm-bindgen" --target web --no-typescript --out-dir "$here/pkg" \
  "${CARGO_TARGET_DIR:-$root/target}/wasm32-unknown-unknown/release/cgt_wasm.wasm"

cd "$here"
npm ci --no-audit --no-fund
node build.mjs
echo "built $here/dist"
