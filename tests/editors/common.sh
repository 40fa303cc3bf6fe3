# Shared by the editor tests (sourced): the server binary and the report of a run.
#
# CGT_BIN: the cgt executable (default target/release/cgt); a relative path is taken from the
# repository root. EDITOR_TEST_LIMIT: seconds one editor may run before it is stopped (120).
CGT_BIN="${CGT_BIN:-target/release/cgt}"
case "$CGT_BIN" in
  /*) ;;
  *) CGT_BIN="$root/$CGT_BIN" ;;
esac
if [ ! -x "$CGT_BIN" ]; then
  echo "FAIL: no executable cgt at $CGT_BIN (build it with: cargo build --release -p cgt-cli, or set CGT_BIN)" >&2
  exit 2
fi
export CGT_BIN
EDITOR_TEST_LIMIT="${EDITOR_TEST_LIMIT:-120}"
export CGT_EDITOR_TIMEOUT="${CGT_EDITOR_TIMEOUT:-30}"

# report NAME RESULT_FILE EXIT_STATUS: prints the editor's PASS/FAIL lines and a summary;
# exits 0 only when the editor exited 0, wrote results, and none of them is a FAIL.
report() {
  local name="$1" file="$2" status="$3" passed=0 failed=0
  if [ -s "$file" ]; then
    cat "$file"
    passed=$(grep -c '^PASS' "$file" || true)
    failed=$(grep -c '^FAIL' "$file" || true)
  fi
  if [ "$status" = 124 ]; then
    echo "FAIL $name: stopped after ${EDITOR_TEST_LIMIT}s"
  elif [ ! -s "$file" ]; then
    echo "FAIL $name: the editor exited with status $status and wrote no results"
  fi
  if [ "$status" != 0 ] || [ "$failed" != 0 ] || [ "$passed" = 0 ]; then
    echo "$name: FAILED ($passed passed, $failed failed)"
    exit 1
  fi
  echo "$name: ok ($passed passed)"
}
