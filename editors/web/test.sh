#!/usr/bin/env bash
# End-to-end test of the playground: builds it (build.sh), serves dist/ on 127.0.0.1 and drives
# it in headless Chromium through Playwright (playwright-core: it downloads no browser; the
# browser is Debian's chromium, or $CHROMIUM):
#   bash editors/web/test.sh
# It types a homework file, checks the inline values, the failing check's error, a hover, the
# completion, the examples and the link, and saves a screenshot to docs/playground.png.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)

if [ -z "${CHROMIUM:-}" ] && ! command -v chromium >/dev/null; then
  apt-get update && apt-get install -y chromium
fi
export CHROMIUM="${CHROMIUM:-$(command -v chromium)}"

bash "$here/build.sh"
cd "$here"
node --test --test-concurrency=1 test/
