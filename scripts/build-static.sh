#!/usr/bin/env bash
# Builds the release `cgt` binary (target/release/cgt) as a static executable where it can.
#
# On Linux with glibc, a `cgt` linked against the shared libc spends about 0.6 ms of every run
# in the dynamic loader (mapping libc, libm and libgcc_s and binding their symbols): `cgt
# --version` took 1.31 ms against 0.71 ms for the static build (`perf stat -r 300`, 2026-11-27).
# Every `cgt eval` is a whole process, so on a small file that is a third of the answer. The
# static binary also runs on any Linux of the same architecture, whatever its libc.
#
# Only the final link of the `cgt` binary changes (`cargo rustc` passes the flags to that crate
# alone; the standard library is the same prebuilt one either way), so proc-macros and tests
# keep the defaults. Elsewhere (macOS, Windows, musl, or a glibc without its static archive,
# as on Fedora without glibc-static) this is a plain `cargo build --release` of the binary.
#
# Usage: scripts/build-static.sh        (prints the binary's path on its last line)
set -euo pipefail
cd "$(dirname "$0")/.."

host=$(rustc -vV | sed -n 's/^host: //p')
libc_a=$(cc -print-file-name=libc.a 2>/dev/null || true)
if [[ "$host" == *-linux-gnu && "$libc_a" == /* ]]; then
  cargo rustc --release --locked -p cgt-cli --bin cgt -- \
    -C target-feature=+crt-static -C relocation-model=static >&2
else
  echo "build-static: no static glibc here ($host); building the default binary" >&2
  cargo build --release --locked -p cgt-cli --bin cgt >&2
fi
echo "$PWD/target/release/cgt"
