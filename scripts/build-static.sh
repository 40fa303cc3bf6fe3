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
# Start-up code in one place: a run of a small file executes some 900 functions spread over the
# whole 6 MB of code, and the kernel maps code 64 KB at a time, so that run took 54 page faults in
# code alone (about 5 us each on the machine of BENCHMARKS.md). Where the linker is LLD (Rust's
# default on x86_64 Linux) and valgrind is installed, the binary is linked a second time with
# the functions that small evaluations execute (as callgrind lists them, on the statements
# below) placed together (`--symbol-ordering-file`): 16 code faults, and `cgt eval` of a
# 3x4 Konane board went from 1.19 to 0.90 ms (BENCHMARKS, "Start-up rows timed as bare
# processes"). The order changes only where functions lie, never what they do; without LLD or
# valgrind the first link is kept.
#
# Usage: scripts/build-static.sh        (prints the binary's path on its last line)
set -euo pipefail
cd "$(dirname "$0")/.."

host=$(rustc -vV | sed -n 's/^host: //p')
libc_a=$(cc -print-file-name=libc.a 2>/dev/null || true)
if [[ "$host" == *-linux-gnu && "$libc_a" == /* ]]; then
  static=(-C target-feature=+crt-static -C relocation-model=static)
  cargo rustc --release --locked -p cgt-cli --bin cgt -- "${static[@]}" >&2
  if readelf -p .comment target/release/cgt 2>/dev/null | grep -q 'Linker: LLD' &&
    command -v valgrind >/dev/null; then
    profile=target/start-up-profile
    rm -rf "$profile" && mkdir -p "$profile"
    # Small statements of the kinds a start-up run evaluates: boards, graphs, rows, literals,
    # heaps, and a file with an error (the report's code).
    printf '%s\n' 'konane["xoxo", "oxox", "xoxo"]' >"$profile/one.cgt"
    printf '%s\n' 'cram[4x5]' 'col[1-2, 2-3, 3-4, 4-5] vertices=5' 'toads["TTT..FFF"]' \
      '{3|{1|-2}} + {{2|0}|-3}' 'toppling[BWWBBW]' 'clobber["xoxox"]' 'domineering[3x3]' \
      'grundy_game[100]' 'snort[1-2, 2-3] vertices=3' 'amazons["x..", "..o"]' >"$profile/many.cgt"
    printf '%s\n' 'let a = {1|' >"$profile/error.cgt"
    for f in "$profile"/*.cgt; do
      valgrind --tool=callgrind --demangle=no --compress-strings=no \
        --callgrind-out-file="$f.callgrind" target/release/cgt eval "$f" >/dev/null 2>&1 || true
    done
    sed -n 's/^fn=//p' "$profile"/*.callgrind | grep -v '^0x\|^(' | sed "s/'[0-9]*$//" |
      sort -u >"$profile/order.txt"
    echo "build-static: linking again with $(wc -l <"$profile/order.txt") start-up functions together" >&2
    cargo rustc --release --locked -p cgt-cli --bin cgt -- "${static[@]}" \
      -C link-arg=-Wl,--symbol-ordering-file="$PWD/$profile/order.txt" \
      -C link-arg=-Wl,--no-warn-symbol-ordering >&2
  fi
else
  echo "build-static: no static glibc here ($host); building the default binary" >&2
  cargo build --release --locked -p cgt-cli --bin cgt >&2
fi
echo "$PWD/target/release/cgt"
