#!/usr/bin/env bash
# The peers harness: runs the same workloads in cgt and in the other engines, side by side (whole
# processes, paired runs: cgt then the peer, then the other way round, repeated), and prints a
# Markdown table of times and ratios for BENCHMARKS.md.
#
#   crates/cgt-bench/peers/run.sh [FILTER]    # only workloads whose name contains FILTER
#
# Peers are set up once into a cache (PEERS_CACHE, /tmp/cgt-peers by default) and reused:
#   pycgt 0.2.0 from PyPI in a Python venv; cgt 0.11.0 (cgt-tools) from crates.io through a tiny
#   driver crate written below at run time (cgt is AGPL: it is never a dependency of this project
#   and none of its code is copied here); ogsolve 0.0.7 and igsolve 0.1.2 from crates.io.
# Settings: RUNS (paired runs per workload, default 3; one when a run takes over 20 s),
# QUICK_ROUNDS (default 200: a pair that takes under 50 ms is timed by quick.py instead, as bare
# processes in that many alternating rounds, without the wrappers that cost more than the run),
# PEER_TIMEOUT (seconds per process, default 600), CGT_BIN (a cgt binary to use instead of building
# target/release/cgt with scripts/build-static.sh), PEERS (space-separated peers to run and set up, e.g.
# `PEERS=igsolve`; default all). Every process's output is kept in
# $PEERS_CACHE/out/ so the values can be compared; octal sequences are compared here (the last
# value and ogsolve's checksum of the whole sequence).
set -euo pipefail

FILTER="${1:-}"
CACHE="${PEERS_CACHE:-/tmp/cgt-peers}"
RUNS="${RUNS:-3}"
QUICK_ROUNDS="${QUICK_ROUNDS:-200}"
TIMEOUT="${PEER_TIMEOUT:-600}"
ROOT="$(cd "$(dirname "$0")/../../.." && pwd)"
OUT="$CACHE/out"
mkdir -p "$CACHE" "$OUT"

log() { echo "$*" >&2; }
declare -A TIMED_OUT=()

# ---------------------------------------------------------------- setup (once, cached)

setup_pycgt() {
  [ -x "$CACHE/venv/bin/python" ] && "$CACHE/venv/bin/python" -c 'import pycgt' 2>/dev/null && return
  log "setting up pycgt 0.2.0 in $CACHE/venv"
  python3 -m venv "$CACHE/venv"
  "$CACHE/venv/bin/pip" install -q 'pycgt==0.2.0'
}

setup_tool() { # crate version binary
  [ -x "$CACHE/tools/bin/$3" ] && return
  log "installing $1 $2 from crates.io into $CACHE/tools"
  cargo install -q --locked "$1" --version "$2" --root "$CACHE/tools" 2>&1 | tail -3 >&2 ||
    cargo install -q "$1" --version "$2" --root "$CACHE/tools" >&2
}

setup_cgt011() {
  local dir="$CACHE/cgt011-driver"
  [ -x "$dir/target/release/cgt011-driver" ] && return
  log "building the cgt 0.11.0 driver in $dir"
  mkdir -p "$dir/src"
  cat >"$dir/Cargo.toml" <<'EOF'
[package]
name = "cgt011-driver"
version = "0.0.0"
edition = "2021"
publish = false

[dependencies]
cgt = "=0.11.0"

[profile.release]
debug = false

[workspace]
EOF
  write_cgt011_driver >"$dir/src/main.rs"
  (cd "$dir" && cargo build -q --release) >&2
}

# The driver: `cgt011-driver GAME POSITION` prints the canonical form of the position, computed by
# cgt 0.11's own engine with its parallel transposition table, as its README shows.
write_cgt011_driver() {
  cat <<'EOF'
use cgt::graph::adjacency_matrix::undirected::UndirectedGraph;
use cgt::graph::{Graph, VertexIndex};
use cgt::grid::small_bit_grid::SmallBitGrid;
use cgt::short::partizan::canonical_form::CanonicalForm;
use cgt::short::partizan::games::{amazons, col, domineering, konane, snort, toads_and_frogs, toppling_dominoes};
use cgt::short::partizan::partizan_game::PartizanGame;
use cgt::short::partizan::transposition_table::ParallelTranspositionTable;
use std::str::FromStr;

fn value<G: PartizanGame>(g: &G) -> CanonicalForm {
    g.canonical_form(&ParallelTranspositionTable::new())
}

/// "n:a-b,c-d,...": n vertices numbered from 0 and the edges.
fn edges(spec: &str) -> (usize, Vec<(VertexIndex, VertexIndex)>) {
    let (n, list) = spec.split_once(':').expect("n:edges");
    let e = list.split(',').filter(|s| !s.is_empty()).map(|e| {
        let (a, b) = e.split_once('-').expect("a-b");
        (VertexIndex { index: a.parse().unwrap() }, VertexIndex { index: b.parse().unwrap() })
    });
    (n.parse().unwrap(), e.collect())
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (game, pos) = (args[1].as_str(), args[2].as_str());
    let v = match game {
        "domineering" => {
            let g: domineering::Domineering = pos.parse().unwrap();
            value(&g)
        }
        "toads" => value(&toads_and_frogs::ToadsAndFrogs::from_str(pos).unwrap()),
        "amazons" => {
            let g: amazons::Amazons = pos.parse().unwrap();
            value(&g)
        }
        "konane" => {
            let g: konane::Konane = pos.parse().unwrap();
            value(&g)
        }
        "toppling" => {
            let tiles: Vec<_> = pos
                .chars()
                .map(|c| if c == 'B' { toppling_dominoes::Tile::Blue } else { toppling_dominoes::Tile::Red })
                .collect();
            let row = SmallBitGrid::from_arr(tiles.len() as u8, 1, &tiles).unwrap();
            value(&toppling_dominoes::TopplingDominoes::new(vec![row]))
        }
        "col" => {
            let (n, e) = edges(pos);
            let g = UndirectedGraph::from_edges(&e, &vec![col::VertexColor::Empty; n]);
            value(&col::Col::new(g))
        }
        "snort" => {
            let (n, e) = edges(pos);
            let g = UndirectedGraph::from_edges(&e, &vec![snort::VertexKind::Single(snort::VertexColor::Empty); n]);
            value(&snort::Snort::new(g))
        }
        "sum" => pos
            .split(';')
            .map(|s| CanonicalForm::from_str(s).unwrap())
            .fold(CanonicalForm::new_integer(0), |acc, g| CanonicalForm::construct_sum(&acc, &g)),
        other => panic!("unknown game {other}"),
    };
    println!("{v}");
}
EOF
}

# The pycgt driver: `python pycgt_driver.py GAME POSITION` prints the value pycgt computes.
write_pycgt_driver() {
  cat <<'EOF'
import sys
from pycgt import add, parse, render
from pycgt.rulesets import clobber, cram, domineering, toads_and_frogs
from pycgt.rulesets.graphs import COL, SNORT, Graph, uncoloured, value

game, pos = sys.argv[1], sys.argv[2]
sys.setrecursionlimit(100000)

def graph(spec):
    n, edges = spec.split(":")
    pairs = [tuple(map(int, e.split("-"))) for e in edges.split(",") if e]
    return Graph.of(int(n), pairs)

if game == "domineering" and "|" in pos:
    v = domineering.parse(pos.replace("|", "\n"))
elif game == "domineering":
    r, c = map(int, pos.split("x"))
    v = domineering.rectangle(r, c)
elif game == "cram":
    r, c = map(int, pos.split("x"))
    v = cram.rectangle(r, c)
elif game == "clobber":
    v = clobber.parse(pos)
elif game == "toads":
    v = toads_and_frogs.value(pos.lower())
elif game == "col":
    v = value(uncoloured(graph(pos)), COL)
elif game == "snort":
    v = value(uncoloured(graph(pos)), SNORT)
elif game == "sum":
    v = parse("0")
    for part in pos.split(";"):
        v = add(v, parse(part))
else:
    raise SystemExit(f"unknown game {game}")
print(render(v))
EOF
}

setup_cgt() {
  if [ -n "${CGT_BIN:-}" ]; then
    CGT="$CGT_BIN"
    return
  fi
  # The release binary as shipped: static where glibc's archive is there (scripts/build-static.sh).
  log "building cgt (release, static where it can) in $ROOT"
  CGT="$("$ROOT/scripts/build-static.sh" | tail -n 1)"
}

# ---------------------------------------------------------------- timing

# Runs a command under the timeout; prints "WALL CPU" in seconds (CPU = user + system, children
# included), or "timeout" / "failed".
timed() { # outfile command...
  local out="$1" status=0 start end
  shift
  start=$(date +%s%N)
  /usr/bin/time -f "%U %S" -o "$out.time" timeout "$TIMEOUT" "$@" >"$out" 2>&1 || status=$?
  end=$(date +%s%N)
  if [ "$status" = 124 ]; then echo timeout; elif [ "$status" != 0 ]; then echo failed; else
    tail -1 "$out.time" | awk -v ns=$((end - start)) '{ printf "%.4f %.2f", ns / 1e9, $1 + $2 }'
  fi
}

median() { awk NF | sort -g | awk '{ a[NR] = $1 } END { print (NR ? a[int((NR + 1) / 2)] : "n/a") }'; }

# Whether a peer is run (PEERS empty, or naming it).
wants() { [ -z "${PEERS:-}" ] || [[ " $PEERS " == *" $1 "* ]]; }

# Paired runs of cgt on a file and of a peer command; prints one table row.
pair() { # name peer cgt-text peer-command...
  local name="$1" peer="$2" text="$3"
  shift 3
  [[ "$name" == *"$FILTER"* ]] || return 0
  wants "$peer" || return 0
  # Sizes grow within a family (the name without its last part): once a peer times out, its
  # larger sizes are not run.
  local family="$peer:${name%-*}"
  if [ -n "${TIMED_OUT[$family]:-}" ]; then
    echo "| $name | $peer | | | | | skipped: timed out on ${TIMED_OUT[$family]} |"
    return 0
  fi
  # Board rows are written with `/` in names: not in file names.
  local base="$OUT/${name//\//_}"
  local file="$base.cgt"
  printf '%s\n' "$text" >"$file"
  local cw="" cc="" pw="" pc="" r c p bad="" quick=""
  for ((r = 1; r <= RUNS; r++)); do
    # Each goes first in every other pair, so neither gains from going second.
    if ((r % 2)); then
      c=$(timed "$base.cgt.out" "$CGT" eval --budget "${TIMEOUT}s,8GiB" "$file")
      p=$(timed "$base.$peer.out" "$@")
    else
      p=$(timed "$base.$peer.out" "$@")
      c=$(timed "$base.cgt.out" "$CGT" eval --budget "${TIMEOUT}s,8GiB" "$file")
    fi
    case "$c" in timeout | failed) bad="cgt $c" && break ;; esac
    case "$p" in timeout | failed) bad="$peer $p" && break ;; esac
    cw="$cw${c% *}"$'\n' cc="$cc${c#* }"$'\n' pw="$pw${p% *}"$'\n' pc="$pc${p#* }"$'\n'
    awk -v a="${c% *}" -v b="${p% *}" 'BEGIN { exit !(a + b > 20) }' && break
    # A pair under 50 ms is mostly process start-up, which the wrappers above cost more than
    # (about 2.4 ms around a run of 0.8 ms): such rows are timed by quick.py instead, bare
    # processes in QUICK_ROUNDS alternating rounds. The runs above still check the outputs. (Any
    # pair, not only the first: a first run from a cold cache can take longer.)
    if awk -v a="${c% *}" -v b="${p% *}" 'BEGIN { exit !(a + b < 0.05) }'; then
      quick=$(python3 "$ROOT/crates/cgt-bench/peers/quick.py" "$QUICK_ROUNDS" "$TIMEOUT" \
        -- "$CGT" eval --budget "${TIMEOUT}s,8GiB" "$file" -- "$@") || bad="quick.py failed"
      break
    fi
  done
  case "$bad" in
    "") ;;
    *timeout) TIMED_OUT[$family]="$name"
      echo "| $name | $peer | | | | | $bad after $TIMEOUT s (cgt: $c) |" && return 0 ;;
    *) echo "| $name | $peer | | | | | $bad (see $base.*.out) |" && return 0 ;;
  esac
  if [ -n "$quick" ]; then
    echo "$quick" | awk -v n="$name" -v p="$peer" -v rounds="$QUICK_ROUNDS" '{
      printf "| %s | %s | %.5f | %.5f | %.5f | %.5f | %.2fx wall (cgt faster in %d of %d rounds) |\n",
        n, p, $1, $2, $3, $4, $3 / $1, $5, rounds }'
    return 0
  fi
  local m=() x
  for x in "$cw" "$cc" "$pw" "$pc"; do m+=("$(printf '%s' "$x" | median)"); done
  awk -v n="$name" -v p="$peer" -v cw="${m[0]}" -v cc="${m[1]}" -v pw="${m[2]}" -v pc="${m[3]}" 'BEGIN {
    cpu = (cc >= 0.05 && pc >= 0.05) ? sprintf(", %sx CPU", ratio(pc / cc)) : ""
    printf "| %s | %s | %s | %s | %s | %s | %sx wall%s |\n", n, p, cw, cc, pw, pc, ratio(pw / (cw > 0 ? cw : 0.0001)), cpu }
  # Two decimals below 10x, where start-up rows differ by a few per cent.
  function ratio(r) { return sprintf(r < 10 ? "%.2f" : "%.1f", r) }'
}

skip() { # name peer reason
  [[ "$1" == *"$FILTER"* ]] || return 0
  wants "$2" || return 0
  echo "| $1 | $2 | | | | | skipped: $3 |"
}

# ---------------------------------------------------------------- workloads

rows() { # R C: an empty board as "....|....|..."
  local r="$1" c="$2" row out=""
  row=$(printf '%*s' "$c" '' | tr ' ' '.')
  for ((i = 0; i < r; i++)); do out="${out:+$out|}$row"; done
  echo "$out"
}

quoted_rows() { echo "\"$(rows "$1" "$2" | sed 's/|/", "/g')\""; }

domineering() {
  for size in 4x6 5x5 4x7 5x6 4x8; do
    local r=${size%x*} c=${size#*x}
    pair "domineering-$size" cgt-0.11 "domineering[$size]" "$CGT011" domineering "$(rows "$r" "$c")"
    pair "domineering-$size" pycgt "domineering[$size]" "$PY" "$PYDRIVER" domineering "$size"
  done
  # Boards with holes (`#`), fixed: both peers read them as rows, cgt 0.11 joined by `|`.
  local board
  for board in ".....|.#...|.....|...#.|....." "......|..#...|......|...#..|......" \
    "......|.#..#.|......|......|.#..#.|......"; do
    local name="domineering-holes-$(echo "$board" | tr '|' '\n' | awk 'END { print NR "x" length($0) }')"
    local ours="domineering[\"${board//|/\", \"}\"]"
    pair "$name" cgt-0.11 "$ours" "$CGT011" domineering "$board"
    pair "$name" pycgt "$ours" "$PY" "$PYDRIVER" domineering "$board"
  done
}

toppling() {
  # Fixed rows (written once from a seeded generator) so every run computes the same values.
  for row in BWWBBWBWWWBB BWBBWWBWBWWBWBBW BBWBWWBWBBWWWBWBBWBW; do
    local name="toppling-${#row}"
    pair "$name" cgt-0.11 "toppling[$row]" "$CGT011" toppling "$row"
    skip "$name" pycgt "pycgt 0.2.0 has no Toppling Dominoes"
  done
}

sums() { # name cgt-sum peer-sum (';'-separated)
  pair "$1" cgt-0.11 "$2" "$CGT011" sum "$3"
  pair "$1" pycgt "$2" "$PY" "$PYDRIVER" sum "$3"
}

switches_and_hot() {
  local n cgt peer
  for n in 10 20; do
    cgt="" peer=""
    for ((i = 1; i <= n; i++)); do cgt="${cgt:+$cgt + }{$i|-$i}" peer="${peer:+$peer;}{$i|-$i}"; done
    sums "switches-$n" "$cgt" "$peer"
  done
  # Hot games of birthday 3-4: {a|{b|c}} with a > b > c, and {{a|b}|c}.
  local games=("{3|{1|-2}}" "{{2|0}|-3}" "{4|{2|-1}}" "{{1|-1}|-4}" "{2|{0|-3}}" "{{3|1}|-2}" "{5|{1|-1}}" "{{2|-2}|-5}")
  for n in 4 8; do
    cgt="" peer=""
    for ((i = 0; i < n; i++)); do cgt="${cgt:+$cgt + }${games[$i]}" peer="${peer:+$peer;}${games[$i]}"; done
    sums "hot-sum-$n" "$cgt" "$peer"
  done
}

octal() {
  local code n
  for code in 0.6 0.37 0.77 4.7 0.007 0.16; do
    for n in 100000 1000000; do
      local name="octal-$code-$n"
      pair "$name" ogsolve "grundy(octal code=$code, $n..$n)" "$OGSOLVE" "$code" -m rc2 -n "$n"
      [[ "$name" == *"$FILTER"* ]] && check_octal "$name" "$code" "$n"
    done
    skip "octal-$code" cgt-0.11 "cgt 0.11 has no octal games"
    skip "octal-$code" pycgt "pycgt 0.2.0 has no octal games"
  done
}

# The value at n must agree with ogsolve's; ogsolve's checksum (Fletcher over the u16 values
# 0..=n) is checked against cgt's whole sequence when n <= 10^5.
check_octal() { # name code n
  local ours theirs
  [ -s "$OUT/$1.ogsolve.out" ] && [ -s "$OUT/$1.cgt.out" ] || return 0
  ours=$(sed -n 's/.*= \[\([0-9]*\)\].*/\1/p' "$OUT/$1.cgt.out")
  theirs=$(sed -n 's/.*nimber of [0-9]*: \([0-9]*\) .*/\1/p' "$OUT/$1.ogsolve.out")
  # A peer that timed out printed no value: nothing to compare.
  [ -n "$theirs" ] || return 0
  [ "$ours" = "$theirs" ] || log "MISMATCH $1: cgt says $ours, ogsolve $theirs"
  [ "$3" -le 100000 ] || return 0
  local sum want
  # The sequence 0..=n is asked in ranges of 10^4 heaps: `--json` shortens a longer value
  # ("... more characters not shown"), which would leave nothing to sum.
  local from
  : >"$OUT/$1.all.cgt"
  for ((from = 0; from <= $3; from += 10000)); do
    printf 'grundy(octal code=%s, %s..%s)\n' "$2" "$from" "$((from + 9999 < $3 ? from + 9999 : $3))" >>"$OUT/$1.all.cgt"
  done
  sum=$("$CGT" eval --json --budget "${TIMEOUT}s,8GiB" "$OUT/$1.all.cgt" |
    sed -n 's/.*"value":"\[\([^]]*\)\]".*/\1/p' | tr ',' '\n' | awk '
    NF { a = (a + $1) % 65536; b = (b + a) % 65536 } END { printf "%X", b * 65536 + a }') || true
  want=$(sed -n 's/.*checksum: \([0-9A-F]*\).*/\1/p' "$OUT/$1.ogsolve.out")
  [ "$sum" = "$want" ] || log "MISMATCH $1: checksum of cgt's sequence $sum, ogsolve's $want"
}

impartial() {
  # 6x6 is even by even, so 0 by the mirror strategy (WW ch. 23): a start-up row for both.
  for size in 4x5 5x5 4x7 5x6 5x7 5x8 6x6 4x9; do
    pair "cram-$size" igsolve "cram[$size]" "$IGSOLVE" cram -r "${size%x*}" -c "${size#*x}"
    [[ "cram-$size" == *"$FILTER"* ]] && wants igsolve && check_cram "cram-$size"
    pair "cram-$size" pycgt "cram[$size]" "$PY" "$PYDRIVER" cram "$size"
    skip "cram-$size" cgt-0.11 "cgt 0.11 has no Cram"
  done
  # igsolve 0.1.2 reads the heap as a u16: 65535 at most.
  for n in 1000 60000; do
    pair "grundy-game-$n" igsolve "grundy_game[$n]" "$IGSOLVE" grundy -p "$n"
  done
}

# cgt's nimber (`0`, `*`, `*n`) against igsolve's "Nimber of initial position".
check_cram() { # name
  local nim ours theirs
  [ -s "$OUT/$1.igsolve.out" ] && [ -s "$OUT/$1.cgt.out" ] || return 0
  nim=$(sed -n 's/.*= \(0\|\*[0-9]*\) .*/\1/p' "$OUT/$1.cgt.out" | head -1)
  case "$nim" in 0) ours=0 ;; "*") ours=1 ;; "*"*) ours=${nim#\*} ;; *) ours="nothing" ;; esac
  theirs=$(sed -n 's/^Nimber of initial position: \([0-9]*\).*/\1/p' "$OUT/$1.igsolve.out")
  [ -n "$theirs" ] || return 0
  [ "$ours" = "$theirs" ] || log "MISMATCH $1: cgt says $ours, igsolve $theirs"
}

partizan() {
  local row
  for row in xoxoxoxoxo xoxoxoxoxoxo; do
    pair "clobber-${#row}" pycgt "clobber[\"$row\"]" "$PY" "$PYDRIVER" clobber "$row"
    skip "clobber-${#row}" cgt-0.11 "cgt 0.11 has no Clobber"
  done
  for row in TTT..FFF TTTT..FFFF TTT.T..F.FFF; do
    pair "toads-$row" cgt-0.11 "toads[\"$row\"]" "$CGT011" toads "$row"
    pair "toads-$row" pycgt "toads[\"$row\"]" "$PY" "$PYDRIVER" toads "$row"
  done
  # Graphs: a path of 10 vertices, a 3x4 grid graph.
  local path="10:0-1,1-2,2-3,3-4,4-5,5-6,6-7,7-8,8-9"
  local grid="12:0-1,1-2,2-3,4-5,5-6,6-7,8-9,9-10,10-11,0-4,1-5,2-6,3-7,4-8,5-9,6-10,7-11"
  local g spec ours
  for g in path grid; do
    spec=${!g}
    ours=$(echo "${spec#*:}" | tr ',' '\n' | awk -F- '{ printf "%s%d-%d", (NR > 1 ? ", " : ""), $1 + 1, $2 + 1 }')
    for rules in col snort; do
      pair "$rules-$g" cgt-0.11 "$rules[$ours] vertices=${spec%%:*}" "$CGT011" "$rules" "$spec"
      pair "$rules-$g" pycgt "$rules[$ours] vertices=${spec%%:*}" "$PY" "$PYDRIVER" "$rules" "$spec"
    done
  done
  for board in "x...|....|...o" "x....|.....|....o" "x...|....|....|...o"; do
    pair "amazons-${board//|/\/}" cgt-0.11 "amazons[\"${board//|/\", \"}\"]" "$CGT011" amazons "$board"
    skip "amazons-${board//|/\/}" pycgt "pycgt 0.2.0 has no Amazons"
  done
  # Full checkerboards have no move (value 0): those rows time process start-up. The opened
  # boards (two adjacent stones taken off, as a game of Konane begins) time the engines.
  for board in "xoxo|oxox|xoxo" "xoxox|oxoxo|xoxox" "xoxo|oxox|xoxo|oxox" \
    "..xox|oxoxo|xoxox|oxoxo" "xoxoxo|ox..ox|xoxoxo|oxoxox" "xoxox|oxoxo|xo..x|oxoxo|xoxox"; do
    pair "konane-${board//|/\/}" cgt-0.11 "konane[\"${board//|/\", \"}\"]" "$CGT011" konane "$board"
    skip "konane-${board//|/\/}" pycgt "pycgt 0.2.0 has no Konane"
  done
}

# Obsequi (Bullock 2002, GPL): an outcome solver for Domineering, built once into the cache from
# its public mirror (OBSEQUI_GIT, a git URL or folder, to clone another copy; never a dependency,
# none of its code copied). Two fixes to build it with a
# current g++: the standard headers it no longer gets for free are included on the command line,
# and its protobuf file is generated (and linked when the target needs it). Needs git, g++ and
# protoc (apt: g++ protobuf-compiler libprotobuf-dev); without them its rows are skipped.
setup_obsequi() {
  local src="$CACHE/obsequi/obsequi"
  [ -x "$src/Obsequi" ] && return 0
  command -v git >/dev/null && command -v g++ >/dev/null && command -v protoc >/dev/null || return 1
  log "building Obsequi from github.com/orangepips/obsequi in $CACHE/obsequi"
  rm -rf "$CACHE/obsequi"
  git clone -q --depth 1 "${OBSEQUI_GIT:-https://github.com/orangepips/obsequi}" "$CACHE/obsequi" >&2 || return 1
  (
    cd "$src" && mkdir -p objs && protoc --cpp_out=. obsequi.proto 2>/dev/null &&
      local headers="-include cstdio -include cstdlib -include cstring -include climits" &&
      make -s objs/obsequi.pb.o CFLAGS="$headers" >&2 &&
      { make -s Obsequi CFLAGS="$headers" >&2 ||
        g++ -O3 objs/{obsequi,base,board,negamax,positional-values,move,transposition,stats,bitops,score-board,obsequi.pb}.o \
          -o Obsequi $(pkg-config --libs protobuf) >&2; }
  ) || return 1
  [ -x "$src/Obsequi" ]
}

# Who wins a Domineering rectangle: cgt's outcome search (both players to start, one search for
# a square board) against Obsequi, run once per start (it answers for the player it is told to
# start: V is Vertical, Left; H is Horizontal, Right). The classes are compared. Then boards
# with holes (fixed cells, row,column from 0, none placed symmetrically), both starts each.
obsequi() {
  local size r c
  wants obsequi || return 0
  for size in 6x6 7x7 8x8 6x10 7x10 8x9 "8x8:0,0;3,4;6,1" "7x8:1,1;5,6" "6x10:2,3;3,7;0,9" "8x9:4,4;1,7"; do
    local dims=${size%%:*} holes=""
    [[ "$size" == *:* ]] && holes=${size#*:}
    r=${dims%x*} c=${dims#*x}
    local name="domineering-outcome-$dims"
    [ -n "$holes" ] && name="$name-holes-$(tr -cd ';' <<<"$holes" | wc -c | awk '{print $1 + 1}')"
    if ! setup_obsequi; then
      skip "$name" obsequi "Obsequi not built (needs git, g++ and protoc)"
      continue
    fi
    local starts="V H" text="outcome(domineering[$dims])" blocks=""
    [ "$r" = "$c" ] && [ -z "$holes" ] && starts="V"
    if [ -n "$holes" ]; then
      text="outcome(domineering[$(board_rows "$r" "$c" "$holes")])"
      blocks=" B$holes"
    fi
    pair "$name" obsequi "$text" sh -c \
      "for s in $starts; do echo \"solve rows $r cols $c bits 24$blocks \$s\" | '$CACHE/obsequi/obsequi/Obsequi'; done"
    [[ "$name" == *"$FILTER"* ]] && check_obsequi "$name" "$([ "$starts" = V ] && echo 1 || echo 0)"
  done
}

# The rows of an r x c board with the given holes ("r,c;r,c"), as cgt's board literal.
board_rows() { # rows cols holes
  awk -v rows="$1" -v cols="$2" -v holes="$3" 'BEGIN {
    n = split(holes, hs, ";")
    for (i = 1; i <= n; i++) { split(hs[i], rc, ","); hole[rc[1] "," rc[2]] = 1 }
    out = ""
    for (r = 0; r < rows; r++) {
      line = ""
      for (c = 0; c < cols; c++) line = line ((r "," c) in hole ? "#" : ".")
      out = out (r ? ", " : "") "\"" line "\""
    }
    print out
  }'
}

# cgt's class against the one Obsequi's winners give (one start, V, when the board is its own
# negative).
check_obsequi() { # name one-start
  local ours theirs
  [ -s "$OUT/$1.obsequi.out" ] && [ -s "$OUT/$1.cgt.out" ] || return 0
  ours=$(sed -n 's/.*= \([LRNP]\) .*/\1/p' "$OUT/$1.cgt.out" | head -1)
  theirs=$(grep -o 'winner [VH]' "$OUT/$1.obsequi.out" | awk -v one="$2" '
    { w[NR] = $2 } END {
      if (one) { print (w[1] == "V" ? "N" : "P"); exit }
      print (w[1] == "V" && w[2] == "H") ? "N" : (w[1] == "V") ? "L" : (w[2] == "H") ? "R" : "P" }')
  [ "$ours" = "$theirs" ] || log "MISMATCH $1: cgt says $ours, Obsequi's winners give $theirs"
}

main() {
  setup_cgt
  if wants pycgt; then setup_pycgt; fi
  if wants cgt-0.11; then setup_cgt011; fi
  if wants ogsolve; then setup_tool ogsolve 0.0.7 ogsolve; fi
  if wants igsolve; then setup_tool igsolve 0.1.2 igsolve; fi
  PY="$CACHE/venv/bin/python"
  PYDRIVER="$CACHE/pycgt_driver.py"
  write_pycgt_driver >"$PYDRIVER"
  CGT011="$CACHE/cgt011-driver/target/release/cgt011-driver"
  OGSOLVE="$CACHE/tools/bin/ogsolve"
  IGSOLVE="$CACHE/tools/bin/igsolve"
  echo "Seconds, whole processes (wall to 0.1 ms, through the same \`time\` and \`timeout\` wrappers for both), median of up to $RUNS paired runs (one when a pair takes over 20 s);"
  echo "CPU = user + system (10 ms resolution). A pair under 50 ms (process start-up, mostly) is timed instead by quick.py: bare processes, $QUICK_ROUNDS alternating rounds, median wall and mean CPU to 0.01 ms."
  echo "Ratio = peer / cgt (above 1: cgt is faster). $(nproc) cores, load"
  echo "$(cut -d' ' -f1-3 /proc/loadavg) at the start; $(date -u '+%F %H:%M') UTC."
  echo
  echo "| workload | peer | cgt wall | cgt CPU | peer wall | peer CPU | peer / cgt |"
  echo "|---|---|---|---|---|---|---|"
  domineering
  toppling
  switches_and_hot
  octal
  impartial
  partizan
  obsequi
}

main
