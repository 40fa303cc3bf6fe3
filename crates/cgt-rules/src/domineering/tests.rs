//! Domineering: known values, and the region, symmetry and strip shortcuts against the plain
//! search (no splitting, no symmetry) on random boards.

use std::collections::HashMap;

use cgt_core::game::{DisplayStyle, GameId, Games};
use cgt_core::{Budget, Dyadic};

use super::bits::{Bits, dominated_eight};
use super::engine::Grid;
use super::{Board, BoardError, Domineering};
use crate::eight::Eight;

fn shown(board: &Board) -> String {
    let mut games = Games::new();
    let g = board.game(&mut games, &Budget::unlimited()).unwrap();
    games.display(g, DisplayStyle::default())
}

#[test]
fn known_values() {
    assert_eq!(shown(&Board::empty(2, 2)), "+-1");
    assert_eq!(shown(&Board::empty(3, 3)), "+-1");
    assert_eq!(shown(&Board::empty(0, 0)), "0");
    assert_eq!(shown(&Board::from_rows(&["..", "#."]).unwrap()), "*");
    let mut games = Games::new();
    let budget = Budget::unlimited();
    for n in 1..=9 {
        let down = Board::empty(n, 1).game(&mut games, &budget).unwrap();
        assert_eq!(games.as_number(down), Some(Dyadic::integer((n / 2) as i64)));
        let across = Board::empty(1, n).game(&mut games, &budget).unwrap();
        assert_eq!(games.as_number(across), Some(Dyadic::integer(-((n / 2) as i64))));
    }
}

#[test]
fn rows_and_notation() {
    assert_eq!(Board::from_rows(&["..", "."]), Err(BoardError::Ragged { row: 1 }));
    assert_eq!(Board::from_rows(&["..", ".x"]), Err(BoardError::BadCell { row: 1, offset: 1, letter: 'x' }));
    let b = Board::empty(2, 2);
    assert_eq!(b.to_notation(), "domineering[2x2]");
    let left: Vec<String> = b.left_options().iter().map(Board::to_notation).collect();
    assert_eq!(left, [r##"domineering["#.", "#."]"##, r##"domineering[".#", ".#"]"##]);
    let right: Vec<String> = b.right_options().iter().map(Board::to_notation).collect();
    assert_eq!(right, ["domineering[\"##\", \"..\"]", "domineering[\"..\", \"##\"]"]);
    let b = Board::from_rows(&["..#", "..."]).unwrap();
    assert_eq!(b.to_notation(), r##"domineering["..#", "..."]"##);
    assert!(b.is_free(0, 1) && !b.is_free(0, 2) && b.rows() == 2 && b.cols() == 3);
}

/// The plain search: the whole board from its options, memoised on the exact board.
fn plain(games: &mut Games, memo: &mut HashMap<Grid, GameId>, grid: &Grid) -> GameId {
    if let Some(&g) = memo.get(grid) {
        return g;
    }
    let left: Vec<GameId> = grid.placements(true).iter().map(|o| plain(games, memo, o)).collect();
    let right: Vec<GameId> = grid.placements(false).iter().map(|o| plain(games, memo, o)).collect();
    let g = games.from_options(&left, &right, &Budget::unlimited()).unwrap();
    memo.insert(grid.clone(), g);
    g
}

fn transpose(b: &Board) -> Board {
    let rows: Vec<String> =
        (0..b.cols()).map(|c| (0..b.rows()).map(|r| if b.is_free(r, c) { '.' } else { '#' }).collect()).collect();
    Board::from_rows(&rows).unwrap()
}

#[test]
fn shortcuts_agree_with_plain_search_on_random_boards() {
    let budget = Budget::unlimited();
    let mut games = Games::new();
    let mut memo = HashMap::new();
    let mut table = Domineering::new();
    let mut rng = crate::test_rng::Rng(0x2545_f491_4f6c_dd1d);
    let mut next = |n: u64| rng.below(n);
    for i in 0..600 {
        let rows = 1 + next(6) as usize;
        let cols = 1 + next((12 / rows) as u64) as usize;
        let holes = next(4);
        let text: Vec<String> =
            (0..rows).map(|_| (0..cols).map(|_| if next(10) < holes { '#' } else { '.' }).collect()).collect();
        let board = Board::from_rows(&text).unwrap();
        let want = plain(&mut games, &mut memo, &Grid::from_board(&board));
        assert_eq!(table.board_game(&mut games, &board, &budget).unwrap(), want, "{}", board.to_notation());
        if i % 10 == 0 {
            assert_eq!(board.game(&mut games, &budget).unwrap(), want, "{}", board.to_notation());
        }
        // Transposing swaps the roles: the value is negated.
        let t = table.board_game(&mut games, &transpose(&board), &budget).unwrap();
        assert_eq!(t, games.neg(want, &budget).unwrap(), "{}", board.to_notation());
    }
}

#[test]
fn full_boards_up_to_16_cells_agree_with_plain_search() {
    let budget = Budget::unlimited();
    let mut games = Games::new();
    let mut memo = HashMap::new();
    for (rows, cols) in [(4, 4), (3, 5), (5, 3), (2, 6), (3, 4)] {
        let board = Board::empty(rows, cols);
        let want = plain(&mut games, &mut memo, &Grid::from_board(&board));
        assert_eq!(board.game(&mut games, &budget).unwrap(), want, "{}", board.to_notation());
    }
}

#[test]
fn big_boards_run_out_of_budget() {
    let mut games = Games::new();
    let budget = Budget::new(std::time::Duration::from_millis(50), usize::MAX);
    let start = std::time::Instant::now();
    assert_eq!(Board::empty(8, 8).game(&mut games, &budget), Err(cgt_core::Exhausted::Time));
    assert!(start.elapsed() < std::time::Duration::from_secs(2));
}

/// A random board of at most 64 cells, each cell free with probability `(10 - holes) / 10`.
fn random_grid(next: &mut impl FnMut(u64) -> u64) -> Grid {
    let rows = 1 + next(8) as usize;
    let cols = 1 + next((64 / rows).min(12) as u64) as usize;
    let holes = next(6);
    let text: Vec<String> =
        (0..rows).map(|_| (0..cols).map(|_| if next(10) < holes { '#' } else { '.' }).collect()).collect();
    Grid::from_board(&Board::from_rows(&text).unwrap())
}

#[test]
fn bit_boards_agree_with_grids() {
    let mut rng = crate::test_rng::Rng(0x9e37_79b9_7f4a_7c15);
    let mut next = |n: u64| rng.below(n);
    let mut eight_boards = 0;
    for _ in 0..3000 {
        let grid = random_grid(&mut next);
        let bits = grid.to_bits().unwrap();
        let (rows, cols) = (bits.rows(), bits.cols());
        for vertical in [true, false] {
            let mut moves = Vec::new();
            bits.placements(vertical, &mut moves);
            let want: Vec<_> = grid.placements(vertical).iter().map(|g| g.to_bits()).collect();
            let got: Vec<_> = moves.iter().map(|&b| Bits::new(rows, cols, b)).collect();
            assert_eq!(got, want, "{grid:?}");
        }
        let mut parts = Vec::new();
        bits.regions(&mut parts);
        let want: Vec<_> = grid.regions().iter().map(|g| g.to_bits().unwrap()).collect();
        assert_eq!(parts, want, "{grid:?}");
        for (part, region) in parts.iter().zip(grid.regions()) {
            let (normal, transposed) = region.normal_form();
            assert_eq!(part.normal_form(), (normal.to_bits().unwrap(), transposed), "{region:?}");
            assert_eq!(part.transposed().transposed(), *part);
        }
        // The options' regions made 8 cells to a row are the ones made in the board's layout.
        if bits.fits_eight() {
            for vertical in [true, false] {
                let (mut parts, mut ends) = (Vec::new(), Vec::new());
                bits.option_parts_eight(vertical, &mut parts, &mut ends);
                let (mut want, mut want_ends, mut moves) = (Vec::new(), Vec::new(), Vec::new());
                bits.placements(vertical, &mut moves);
                let layout = Eight::new(rows as u8, cols as u8);
                let dropped = layout.gather(dominated_eight(layout.spread(bits.bits()), vertical));
                for &m in &moves {
                    // The dominated moves (checked against exact values below) are left out.
                    let covered = bits.bits() & !m;
                    if covered & covered.wrapping_neg() & dropped != 0 {
                        continue;
                    }
                    let mut split = Vec::new();
                    Bits::new(rows, cols, m).unwrap().regions(&mut split);
                    want.extend(split.iter().map(|p| p.normal_form()));
                    want_ends.push(want.len());
                }
                assert_eq!((parts, ends), (want, want_ends), "{grid:?}");
                eight_boards += 1;
            }
        }
    }
    assert!(eight_boards > 1000, "{eight_boards} boards of at most 8x8");
}

#[test]
fn both_paths_agree_with_plain_search_on_random_boards() {
    let budget = Budget::unlimited();
    let mut games = Games::new();
    let mut memo = HashMap::new();
    let mut bits = Domineering::new();
    let mut grids = Domineering::with_small_cells(0);
    let mut rng = crate::test_rng::Rng(0x5851_f42d_4c95_7f2d);
    let mut next = |n: u64| rng.below(n);
    for _ in 0..300 {
        let rows = 1 + next(5) as usize;
        let cols = 1 + next((14 / rows) as u64) as usize;
        let holes = next(4);
        let text: Vec<String> =
            (0..rows).map(|_| (0..cols).map(|_| if next(10) < holes { '#' } else { '.' }).collect()).collect();
        let board = Board::from_rows(&text).unwrap();
        let want = plain(&mut games, &mut memo, &Grid::from_board(&board));
        assert_eq!(bits.board_game(&mut games, &board, &budget).unwrap(), want, "{}", board.to_notation());
        assert_eq!(grids.board_game(&mut games, &board, &budget).unwrap(), want, "{}", board.to_notation());
    }
}

/// The options the value leaves out as dominated (`dominated_eight`, 8 cells to a row),
/// against exact values from the plain search: on random boards of up to 8x8 with at most 18
/// free cells, for each side, every dropped move has a kept move whose position is at least
/// as good for the side (`>=` for Left, `<=` for Right), and a board with a move keeps one.
/// Boards 8 columns wide check that no rule reads a cell of the next row as the next cell of
/// a row.
#[test]
fn dropped_options_are_dominated_by_a_kept_one() {
    let budget = Budget::unlimited();
    let mut games = Games::new();
    let mut memo = HashMap::new();
    let mut rng = crate::test_rng::Rng(0x6a09_e667_f3bc_c909);
    let mut next = |n: u64| rng.below(n);
    let (mut dropped, mut wide_dropped, mut safe_dropped) = ([0; 2], 0, 0);
    let mut boards = 0;
    while boards < 1500 {
        let rows = 1 + next(8) as usize;
        let cols = if next(3) == 0 { 8 } else { 1 + next(8) as usize };
        let holes = 3 + next(6);
        let text: Vec<String> =
            (0..rows).map(|_| (0..cols).map(|_| if next(10) < holes { '#' } else { '.' }).collect()).collect();
        let grid = Grid::from_board(&Board::from_rows(&text).unwrap());
        let bits = grid.to_bits().unwrap();
        if bits.bits().count_ones() > 18 {
            continue;
        }
        boards += 1;
        let layout = Eight::new(rows as u8, cols as u8);
        let spread = layout.spread(bits.bits());
        for vertical in [true, false] {
            let (step, anchors) = if vertical {
                (8, spread & spread >> 8)
            } else {
                (1, spread & spread >> 1 & !crate::eight::LAST_COLUMN)
            };
            let drop = dominated_eight(spread, vertical);
            assert_eq!(drop & !anchors, 0, "{grid:?}");
            if anchors != 0 {
                assert_ne!(anchors & !drop, 0, "{grid:?} vertical {vertical}: every move dropped");
            }
            let value_after = |games: &mut Games, memo: &mut HashMap<Grid, GameId>, i: u32| {
                let option = spread & !(1u64 << i) & !(1u64 << (i + step));
                plain(games, memo, &grid_of(rows, cols, layout.gather(option)))
            };
            let mut kept = Vec::new();
            let mut rest = anchors & !drop;
            while rest != 0 {
                let i = rest.trailing_zeros();
                rest &= rest - 1;
                kept.push(value_after(&mut games, &mut memo, i));
            }
            let across = if vertical {
                (spread << 1 & !crate::eight::FIRST_COLUMN) | (spread >> 1 & !crate::eight::LAST_COLUMN)
            } else {
                (spread << 8) | (spread >> 8)
            };
            let mut rest = drop;
            while rest != 0 {
                let i = rest.trailing_zeros();
                rest &= rest - 1;
                dropped[usize::from(vertical)] += 1;
                wide_dropped += usize::from(cols == 8);
                safe_dropped += usize::from(across >> i & 1 == 0 && across >> (i + step) & 1 == 0);
                let worse = value_after(&mut games, &mut memo, i);
                let as_good = kept.iter().any(|&better| {
                    let (lo, hi) = if vertical { (worse, better) } else { (better, worse) };
                    games.leq(lo, hi, &budget).unwrap()
                });
                assert!(as_good, "{grid:?} vertical {vertical}: the move at {i} is dropped for none as good");
            }
        }
    }
    assert!(dropped.iter().all(|&n| n > 300), "too few moves dropped: {dropped:?}");
    assert!(wide_dropped > 100 && safe_dropped > 100, "{wide_dropped} dropped 8 wide, {safe_dropped} safe");
}

/// The grid of `rows` x `cols` cells whose free cells are the bits `r * cols + c` of `bits`.
fn grid_of(rows: usize, cols: usize, bits: u64) -> Grid {
    let text: Vec<String> = (0..rows)
        .map(|r| (0..cols).map(|c| if bits >> (r * cols + c) & 1 == 1 { '.' } else { '#' }).collect())
        .collect();
    Grid::from_board(&Board::from_rows(&text).unwrap())
}

/// Regions computed on two threads at once (each with an arena of its own, passing each other
/// games and regions' values) against the plain search, on random boards with holes: the
/// two-thread path taken from 6 free cells, batches of one to eight regions (so that most
/// regions pass from one thread to the other), and one engine kept across boards so that
/// later boards start from tables filled by both threads.
#[test]
fn two_threads_agree_with_the_plain_search() {
    let budget = Budget::unlimited().with_threads(2);
    let mut games = Games::new();
    let mut memo = HashMap::new();
    let mut table = Domineering::new().with_parallel_cells(6).with_batches_of(4);
    let mut rng = crate::test_rng::Rng(0x3c6e_f372_fe94_f82b);
    let mut next = |n: u64| rng.below(n);
    let mut taken = 0;
    for i in 0..300 {
        let rows = 2 + next(4) as usize;
        let cols = 2 + next((16 / rows) as u64 - 1) as usize;
        let holes = next(3);
        let text: Vec<String> =
            (0..rows).map(|_| (0..cols).map(|_| if next(10) < holes { '#' } else { '.' }).collect()).collect();
        let board = Board::from_rows(&text).unwrap();
        let want = plain(&mut games, &mut memo, &Grid::from_board(&board));
        let mut engine = Domineering::new().with_parallel_cells(6).with_batches_of(1 + i % 8);
        let fresh = engine.board_game(&mut games, &board, &budget).unwrap();
        assert_eq!(fresh, want, "{}", board.to_notation());
        taken += engine.taken();
        assert_eq!(table.board_game(&mut games, &board, &budget).unwrap(), want, "{}", board.to_notation());
    }
    // The helpers did their share (the arena already holds many of the values they send, which
    // must go over too), and none failed.
    assert!(taken + table.taken() > 1000, "{taken} regions taken from helpers");
    assert_eq!(super::engine::HELPER_PANICS.load(std::sync::atomic::Ordering::Relaxed), 0);
}

/// A board too large for the budget stops on two threads as on one: on the deadline, on
/// the cancel flag, and on the memory budget (both threads' share of it, then this thread's
/// alone), each soon and without a value.
#[test]
fn two_threads_stop_on_the_budget() {
    let mut games = Games::new();
    let board = Board::empty(7, 7);
    let start = std::time::Instant::now();
    let budget = Budget::new(std::time::Duration::from_millis(100), usize::MAX).with_threads(2);
    assert_eq!(Domineering::new().board_game(&mut games, &board, &budget), Err(cgt_core::Exhausted::Time));
    let cancel = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let budget = Budget::with_cancel(std::time::Duration::from_secs(600), usize::MAX, cancel.clone()).with_threads(2);
    let flag = cancel.clone();
    let canceller = std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_millis(100));
        flag.store(true, std::sync::atomic::Ordering::Relaxed);
    });
    assert_eq!(Domineering::new().board_game(&mut games, &board, &budget), Err(cgt_core::Exhausted::Cancelled));
    canceller.join().unwrap();
    let budget = Budget::new(std::time::Duration::from_secs(600), 40 << 20).with_threads(2);
    assert_eq!(Domineering::new().board_game(&mut games, &board, &budget), Err(cgt_core::Exhausted::Memory));
    assert!(start.elapsed() < std::time::Duration::from_secs(60), "{:?}", start.elapsed());
}
