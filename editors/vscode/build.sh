#!/usr/bin/env bash
# Builds the cgt VS Code extension from a clean clone and prints the path of the .vsix.
#
#   editors/vscode/build.sh
#
# Installs the locked npm dependencies (`npm ci`; `npm install` when there is no lock file),
# compiles src/extension.ts to out/, copies grammar/cgt.tmLanguage.json to syntaxes/ (the copy
# is git-ignored: the grammar is edited in grammar/ only) and packages editors/vscode/cgt-VERSION.vsix
# with vsce. Needs Node.js >= 20 and npm; reaches only the npm registry. Never prompts.
set -euo pipefail
cd "$(dirname "$0")"

# Install scripts are not needed: the only one in the tree fetches vsce's signing tool, which
# packaging does not use.
if [ -f package-lock.json ]; then
  npm ci --ignore-scripts --no-audit --no-fund
else
  npm install --ignore-scripts --no-audit --no-fund
fi

# Copies the grammar and compiles (vsce runs this again as `vscode:prepublish`).
npm run --silent compile

version=$(node -p "require('./package.json').version")
vsix="$PWD/cgt-$version.vsix"
rm -f "$vsix"
# --no-rewrite-relative-links: README's images/screenshot.png stays relative, so it is shown from
# the packaged file (the repository URL is not a public host the links could point to).
npx --no-install vsce package --no-rewrite-relative-links --out "$vsix" </dev/null

echo "$vsix"
