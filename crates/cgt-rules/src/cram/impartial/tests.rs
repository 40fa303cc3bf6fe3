//! The pruned search of Cram regions against the plain partizan search and the partizan table
//! solver (the definitions), against the mex of the options, and against published values; the
//! bit boards against the grid boards; the reductions that keep Grundy values against the mex.

use cgt_core::Budget;
use cgt_core::game::Games;

use super::super::bits::Region;
use super::super::{Board, Grundy};
use crate::grid::Grid;
use crate::position::Solver;
use crate::position::Tabled;
use crate::position::testing::assert_agrees;
use crate::test_rng::Rng;

/// A random board of `rows` x `cols` cells, each taken with probability 1/`holes`.
fn random_board(rng: &mut Rng, rows: usize, cols: usize, holes: u64) -> Board {
    let text: Vec<String> =
        (0..rows).map(|_| (0..cols).map(|_| if rng.below(holes) == 0 { '#' } else { '.' }).collect()).collect();
    Board::from_rows(&text).unwrap()
}

/// Random boards of at most `max_rows` x `max_cols` cells.
fn random_boards(seed: u64, count: usize, max_rows: u64, max_cols: u64) -> Vec<Board> {
    let mut rng = Rng(seed);
    (0..count)
        .map(|_| {
            let (rows, cols) = (1 + rng.below(max_rows) as usize, 1 + rng.below(max_cols) as usize);
            let holes = 2 + rng.below(6);
            random_board(&mut rng, rows, cols, holes)
        })
        .collect()
}

fn fast(board: &Board) -> u64 {
    Grundy::default().value(board, &Budget::unlimited()).unwrap()
}

#[test]
fn small_boards_agree_with_search() {
    // Plain search of the definition is exponential: boards of at most 10 cells.
    let boards = random_boards(0xbb67_ae85_84ca_a73b, 300, 3, 4);
    let mut games = Games::new();
    let mut grundy = Grundy::default();
    let budget = Budget::unlimited();
    let n = assert_agrees(&mut games, boards, |games, b| games.nimber(grundy.value(b, &budget).unwrap()));
    assert_eq!(n, 300);
}

#[test]
fn boards_up_to_5x5_agree_with_the_partizan_solver_and_the_mex() {
    let boards = random_boards(0x3c6e_f372_fe94_f82b, 320, 5, 5);
    let mut games = Games::new();
    let budget = Budget::unlimited();
    let mut mex = Grundy::by_mex();
    for b in &boards {
        assert_eq!(fast(b), mex.value(b, &budget).unwrap(), "{b:?}");
    }
    // The partizan table solver (canonical forms, regions, mirror images) on the first ones of
    // at most 16 free cells.
    let mut solver = Solver::new();
    let free = |b: &Board| b.grid.cells().iter().filter(|&&c| c == super::super::FREE).count();
    for b in boards.iter().filter(|b| free(b) <= 16).take(100) {
        let want = solver.value(&mut games, b, &budget).unwrap();
        assert_eq!(games.nimber(fast(b)), want, "{b:?}");
    }
}

#[test]
fn rectangles_up_to_4x5_agree_with_the_mex() {
    let budget = Budget::unlimited();
    let mut mex = Grundy::by_mex();
    let mut shared = Grundy::default();
    for rows in 1..=5 {
        for cols in 1..=5 {
            if rows * cols > 20 {
                continue;
            }
            let b = Board::empty(rows, cols).unwrap();
            let want = mex.value(&b, &budget).unwrap();
            assert_eq!(fast(&b), want, "{rows}x{cols}");
            assert_eq!(shared.value(&b, &budget).unwrap(), want, "{rows}x{cols} with a shared table");
        }
    }
}

#[test]
fn published_rectangles() {
    // Beling's table of Cram values (github.com/beling/impartial-games, computed with igsolve):
    // 4x5 *2, 4x7 *3, 5x5 0, 5x6 *2; even by even boards are 0 (WW ch. 23).
    // (4x7 and 5x6 take seconds in a debug build: the peers harness checks them in release.)
    let want = [(4, 4, 0), (4, 5, 2), (4, 6, 0), (4, 8, 0), (5, 5, 0), (6, 6, 0), (8, 8, 0)];
    let mut grundy = Grundy::default();
    for (rows, cols, value) in want {
        let v = grundy.value(&Board::empty(rows, cols).unwrap(), &Budget::unlimited()).unwrap();
        assert_eq!(v, value, "{rows}x{cols}");
        assert_eq!(fast(&Board::empty(cols, rows).unwrap()), value, "{cols}x{rows}");
    }
}

#[test]
fn half_turn_mirror_boards_are_zero() {
    // Boards that are their own half-turn image: the mirror strategy is claimed exactly for
    // even by even ones, odd by odd ones with the centre taken, and those with one side even
    // and one odd whose two centre cells (the only domino that is its own image) are taken;
    // those are 0 by the mex.
    let mut rng = Rng(0xa54f_f53a_5f1d_36f1);
    let mut mex = Grundy::by_mex();
    let budget = Budget::unlimited();
    let (mut claimed, mut claimed_mixed) = (0, 0);
    for _ in 0..300 {
        let (rows, cols) = (1 + rng.below(4) as usize, 1 + rng.below(5) as usize);
        let n = rows * cols;
        let mut bits = 0u64;
        for i in 0..n.div_ceil(2) {
            if rng.below(4) != 0 {
                bits |= 1 << i | 1 << (n - 1 - i);
            }
        }
        let region = Region::new(rows, cols, bits).unwrap();
        let board = board_of(region);
        let value = mex.value(&board, &budget).unwrap();
        let taken = |r: usize, c: usize| bits >> (r * cols + c) & 1 == 0;
        let expected = match (rows % 2, cols % 2) {
            (0, 0) => true,
            (1, 1) => taken(rows / 2, cols / 2),
            (0, _) => taken(rows / 2 - 1, cols / 2) && taken(rows / 2, cols / 2),
            _ => taken(rows / 2, cols / 2 - 1) && taken(rows / 2, cols / 2),
        };
        assert_eq!(region.mirror_wins(), expected, "{board:?}");
        if expected {
            claimed += 1;
            claimed_mixed += usize::from(rows % 2 != cols % 2);
            assert_eq!(value, 0, "{board:?}");
        }
        assert_eq!(fast(&board), value, "{board:?}");
    }
    assert!(claimed > 50, "{claimed}");
    assert!(claimed_mixed > 20, "{claimed_mixed}");
}

/// The grid board of a bit board.
fn board_of(region: Region) -> Board {
    let text: Vec<String> = (0..region.rows())
        .map(|r| {
            (0..region.cols())
                .map(|c| if region.bits() >> (r * region.cols() + c) & 1 == 1 { '.' } else { '#' })
                .collect()
        })
        .collect();
    Board::from_rows(&text).unwrap()
}

#[test]
fn bit_boards_agree_with_grid_boards() {
    let mut rng = Rng(0x510e_527f_ade6_82d1);
    for _ in 0..400 {
        let (rows, cols) = (1 + rng.below(8) as usize, 1 + rng.below(8) as usize);
        let holes = 2 + rng.below(4);
        let board = random_board(&mut rng, rows, cols, holes);
        let region = board.bits().unwrap();
        assert_eq!(board_of(region), board);
        // The same options, in the same order.
        let mut options = Vec::new();
        region.grundy_options(0, &mut options);
        let want: Vec<Board> = board.options();
        let got: Vec<Board> = options.iter().map(|&o| board_of(region.with_bits(o))).collect();
        assert_eq!(got, want);
        // The same regions (those where a domino fits), as sets of images.
        let mut parts = Vec::new();
        region.regions_cut(0, &mut parts, 0);
        let mut got: Vec<Grid> = parts.iter().map(|&p| least(&board_of(p))).collect();
        let mut want: Vec<Grid> = board.regions().iter().filter(|r| !r.options().is_empty()).map(least).collect();
        got.sort();
        want.sort();
        assert_eq!(got, want, "{board:?}");
        // Every image of the board has the same normal form.
        let normal = region.cropped().normal_form();
        for t in 0..8 {
            let image = Board { grid: board.grid.image(t) };
            assert_eq!(image.bits().unwrap().cropped().normal_form(), normal, "{board:?} image {t}");
        }
    }
}

/// The least image of a board under the eight symmetries, as a grid.
fn least(board: &Board) -> Grid {
    board.grid.least_image(true)
}

#[test]
fn small_regions_by_every_image_agree_with_the_mex() {
    // The array of small regions' values is indexed by the image as seen, not the normal form:
    // one shared solver values every image of random boards of at most 16 cells (with the
    // array in use from the start; a search turns it on only once it has many values).
    let boards = random_boards(0x9b05_688c_2b3e_6c1f, 120, 4, 4);
    let budget = Budget::unlimited();
    let mut mex = Grundy::by_mex();
    let mut shared = Grundy::small_array_first();
    for b in &boards {
        let want = mex.value(b, &budget).unwrap();
        for t in 0..8 {
            let image = Board { grid: b.grid.image(t) };
            assert_eq!(shared.value(&image, &budget).unwrap(), want, "{b:?} image {t}");
        }
    }
}

#[test]
fn reduced_boards_keep_their_values() {
    // Tufts of one centre, bridges and isolated cells taken away: the Grundy value by the mex
    // of the definition stays, and the reduction does take cells away on many boards.
    let mut rng = Rng(0x1f83_d9ab_fb41_bd6b);
    let mut mex = Grundy::by_mex();
    let budget = Budget::unlimited();
    let mut smaller = 0;
    for _ in 0..400 {
        let (rows, cols) = (1 + rng.below(4) as usize, 1 + rng.below(5) as usize);
        let holes = 2 + rng.below(3);
        let board = random_board(&mut rng, rows, cols, holes);
        let region = board.bits().unwrap();
        let reduced = region.reduced();
        assert_eq!(reduced.bits() & !region.bits(), 0, "{board:?}");
        if reduced != region {
            smaller += 1;
        }
        let want = mex.value(&board, &budget).unwrap();
        assert_eq!(
            mex.value(&board_of(reduced), &budget).unwrap(),
            want,
            "{board:?} reduced to {:?}",
            board_of(reduced)
        );
    }
    assert!(smaller > 150, "{smaller}");
    // A tuft on each side of one centre: three of them go; a bridge between two centres goes.
    let plus = Region::new(3, 3, 0b010_111_010).unwrap();
    assert_eq!(plus.reduced().free(), 2);
    let path = Region::new(1, 5, 0b11111).unwrap();
    assert_eq!(path.reduced().bits(), 0b11011);
}

#[test]
fn idle_dominoes_split_boards_and_keep_values() {
    // Boards where the horizontal dominoes of a 2x2 block need not be played: their values by
    // the fast search (which leaves those dominoes out and splits the board there) agree with
    // the mex of the definition, and the rule does fire, and split, on many of them.
    let mut rng = Rng(0x5be0_cd19_137e_2179);
    let mut mex = Grundy::by_mex();
    let budget = Budget::unlimited();
    let (mut fired, mut split) = (0, 0);
    for _ in 0..300 {
        let (rows, cols) = (2 + rng.below(3) as usize, 2 + rng.below(4) as usize);
        let board = random_board(&mut rng, rows, cols, 3);
        let region = board.bits().unwrap();
        let idle = region.idle_horizontals();
        if idle == 0 {
            continue;
        }
        fired += 1;
        let (mut with, mut without) = (Vec::new(), Vec::new());
        region.regions_cut(idle, &mut with, 0);
        region.regions_cut(0, &mut without, 0);
        if with.len() > without.len() {
            split += 1;
        }
        assert_eq!(fast(&board), mex.value(&board, &budget).unwrap(), "{board:?}");
    }
    assert!(fired > 40 && split > 10, "{fired} {split}");
    // A lone 2x2 block: both horizontal dominoes are idle, and it splits into two columns,
    // *1 + *1 = 0 as the block is.
    let block = Board::from_rows(&["..##", "..##"]).unwrap().bits().unwrap();
    assert_eq!(block.idle_horizontals(), 0b0001_0001);
    let mut parts = Vec::new();
    block.grundy_regions(&mut parts, 0);
    assert_eq!(parts.len(), 2);
    assert_eq!(parts[0], parts[1]);
}

/// The top search shared between two threads (here from 4 free cells on, so that it runs on
/// every board) gives the mex of the definition, with one table for all boards and with a new
/// one for each.
#[test]
fn two_threads_agree_with_the_mex() {
    let boards = random_boards(0x1f83_d9ab_fb41_bd6b, 240, 5, 5);
    let budget = Budget::unlimited().with_threads(2);
    let mut mex = Grundy::by_mex();
    let mut shared = Grundy::parallel_from(4);
    for (i, b) in boards.iter().enumerate() {
        let want = mex.value(b, &budget).unwrap();
        assert_eq!(shared.value(b, &budget).unwrap(), want, "{b:?}");
        if i % 4 == 0 {
            assert_eq!(Grundy::parallel_from(4).value(b, &budget).unwrap(), want, "{b:?}");
        }
    }
}

/// Whether the value is 0 by the top search on two threads, which stops as soon as an option
/// of value 0 shows (the other thread's search is then stopped), against the mex: with one
/// table for all boards, after their values are known, and with a new one for each; and with
/// a board's values asked first, so that the search may stop a thread that had more to do.
#[test]
fn two_threads_decide_zero_as_the_mex() {
    let boards = random_boards(0x5be0_cd19_137e_2179, 240, 5, 5);
    let budget = Budget::unlimited().with_threads(2);
    let mut mex = Grundy::by_mex();
    let mut shared = Grundy::parallel_from(4);
    let (mut zeros, mut others) = (0, 0);
    for (i, b) in boards.iter().enumerate() {
        let want = mex.value(b, &budget).unwrap() == 0;
        assert_eq!(Grundy::parallel_from(4).is_zero(b, &budget).unwrap(), want, "{b:?}");
        assert_eq!(shared.is_zero(b, &budget).unwrap(), want, "{b:?}");
        if i % 3 == 0 {
            assert_eq!(shared.value(b, &budget).unwrap() == 0, want, "{b:?}");
            assert_eq!(shared.is_zero(b, &budget).unwrap(), want, "{b:?}");
        }
        if want { zeros += 1 } else { others += 1 }
    }
    assert!(zeros > 20 && others > 20, "{zeros} {others}");
}

/// Two threads stop at the deadline and when cancelled, and say why.
#[test]
fn two_threads_stop_at_the_budget() {
    let board = Board::empty(5, 7).unwrap();
    let late = Budget::new(std::time::Duration::from_millis(20), usize::MAX).with_threads(2);
    assert_eq!(Grundy::parallel_from(4).value(&board, &late), Err(cgt_core::Exhausted::Time));
    let late = Budget::new(std::time::Duration::from_millis(20), usize::MAX).with_threads(2);
    assert_eq!(Grundy::parallel_from(4).is_zero(&board, &late), Err(cgt_core::Exhausted::Time));
    let cancelled = Budget::unlimited().with_threads(2);
    cancelled.cancel_flag().store(true, std::sync::atomic::Ordering::Relaxed);
    assert_eq!(Grundy::parallel_from(4).value(&board, &cancelled), Err(cgt_core::Exhausted::Cancelled));
    assert_eq!(Grundy::parallel_from(4).is_zero(&board, &cancelled), Err(cgt_core::Exhausted::Cancelled));
}

/// The table of excluded values grows from 2^EXCLUDED_FIRST_BITS slots as searches fill it; an entry may be lost
/// to another region's (the table keeps what it can), but a region is never said not to have a
/// value it was not shown not to have, before or after the table grows.
#[test]
fn excluded_values_survive_the_table_growing() {
    use super::{EXCLUDED_BITS, EXCLUDED_FIRST_BITS, Solver};
    let mut solver = Solver::default();
    assert_eq!(solver.excluded_bits, EXCLUDED_FIRST_BITS);
    let mut rng = Rng(0x5be0_cd19_137e_2179);
    let mut shown = std::collections::HashMap::new();
    let mut recent = Vec::new();
    let mut first = Vec::new();
    let mut before = Vec::new();
    let mut kept = 0;
    // The first growth comes with the write after half the slots' worth.
    let half = 1 << (EXCLUDED_FIRST_BITS - 1);
    for i in 0..20_000 {
        let (rows, cols) = (1 + rng.index(8), 1 + rng.index(8));
        let region = Region::new(rows, cols, rng.below(u64::MAX)).unwrap();
        let value: u128 = 1 << rng.index(48);
        solver.exclude(region, value);
        *shown.entry(region).or_insert(0) |= value;
        recent.push((region, value));
        if i < half {
            before.push((region, value));
        }
        // The first growth keeps what the small table held.
        if i == half - 1 {
            first = before.iter().copied().filter(|&(r, v)| u128::from(solver.excluded_values(r)) & v != 0).collect();
        }
        if i == half + 1 {
            assert_eq!(solver.excluded_bits, EXCLUDED_FIRST_BITS + 3);
            let still = first.iter().filter(|&&(r, v)| u128::from(solver.excluded_values(r)) & v != 0).count();
            assert!(first.len() > half * 6 / 10 && still * 10 >= first.len() * 9, "{still} of {}", first.len());
        }
        if i % 1000 == 999 {
            for (r, v) in recent.drain(..) {
                let said = u128::from(solver.excluded_values(r));
                assert_eq!(said & !shown[&r], 0, "{r:?}");
                kept += usize::from(said & v != 0);
            }
        }
    }
    assert_eq!(solver.excluded_bits, EXCLUDED_BITS);
    assert!(kept > 10_000, "most recent entries are kept ({kept})");
}
