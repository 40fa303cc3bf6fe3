#!/usr/bin/env bash
# Builds the book with the playground beside it, so that the "open in the playground" link under
# every example works from the built site:
#
#   bash docs/build.sh                      # builds the playground and the book: docs/book/,
#                                           # with the playground in docs/book/playground/
#   bash docs/build.sh --reuse-playground   # the same with the playground already built in
#                                           # editors/web/dist (CI builds it in editors/web/test.sh)
#
# Serve docs/book with any static web server (the playground's worker does not load from
# file://), e.g. `python3 -m http.server -d docs/book 8000`. mdBook is $MDBOOK, else the one .ci/run
# installs in target/mdbook, else `mdbook` on PATH. Last, every link to playground/index.html in
# the built pages is checked to reach a file.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)

reuse=false
case "${1:-}" in
  --reuse-playground) reuse=true ;;
  "") ;;
  *) echo "usage: bash docs/build.sh [--reuse-playground]" >&2; exit 2 ;;
esac

mdbook=${MDBOOK:-}
if [ -z "$mdbook" ]; then
  if [ -x "$root/target/mdbook/bin/mdbook" ]; then
    mdbook="$root/target/mdbook/bin/mdbook"
  elif command -v mdbook >/dev/null; then
    mdbook=mdbook
  else
    echo "docs/build.sh: no mdbook; install it with" >&2
    echo "  cargo install mdbook --locked --no-default-features --version 0.4.52 --root target/mdbook" >&2
    exit 2
  fi
fi

if ! $reuse; then
  bash "$root/editors/web/build.sh"
fi
dist="$root/editors/web/dist"
[ -f "$dist/index.html" ] || { echo "docs/build.sh: no playground in $dist (run bash editors/web/build.sh)" >&2; exit 1; }

"$mdbook" build "$root/docs"
book="$root/docs/book"
rm -rf "$book/playground"
cp -r "$dist" "$book/playground"

# Every playground link of every page, resolved from the page's folder, must reach a file.
links=0
missing=0
while IFS= read -r page; do
  while read -r count link; do
    if [ ! -f "$(realpath -m "$(dirname "$page")/$link")" ]; then
      echo "docs/build.sh: ${page#"$book"/} links to $link, which is not in the built site" >&2
      missing=$((missing + count))
    fi
    links=$((links + count))
  done < <(grep -oE 'href="[^"#]*playground/index\.html' "$page" | sed 's/^href="//' | sort | uniq -c)
done < <(find "$book" -path "$book/playground" -prune -o -name '*.html' -print)
if [ "$links" -eq 0 ] || [ "$missing" -ne 0 ]; then
  echo "docs/build.sh: $missing of $links playground links do not resolve" >&2
  exit 1
fi
echo "built $book (the playground in $book/playground; all $links playground links of the pages resolve)"
