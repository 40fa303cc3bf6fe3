//! The outcome search against the outcome of the exact value and against a plain search from
//! the rules, on random boards with holes, and the move counts against brute force.

use std::collections::HashMap;

use cgt_core::Budget;
use cgt_core::game::{Games, Outcome};

use super::super::{Board, Domineering};
use super::OutcomeSearch;
use super::wide::{Geometry, Units};
use crate::test_rng::Rng;

/// A random board of `rows` x `cols`, each cell occupied with probability `holes / 10`.
fn random_board(rng: &mut Rng, rows: usize, cols: usize, holes: u64) -> Board {
    let text: Vec<String> =
        (0..rows).map(|_| (0..cols).map(|_| if rng.below(10) < holes { '#' } else { '.' }).collect()).collect();
    Board::from_rows(&text).unwrap()
}

/// A random board of a shape the outcome search takes (up to 11 rows and 16 columns, at most
/// 128 padded cells), each cell occupied with probability `h / 10` for an `h` drawn below
/// `max_holes`: its rows, its columns, the board and its geometry.
fn random_wide_board(rng: &mut Rng, max_holes: u64) -> (usize, usize, Board, Geometry) {
    let rows = 1 + rng.below(11) as usize;
    let cols = 1 + rng.below((128 / rows as u64 - 1).min(16)) as usize;
    let holes = rng.below(max_holes);
    let board = random_board(rng, rows, cols, holes);
    (rows, cols, board, Geometry::new(rows, cols).expect("at most 128 padded cells"))
}

/// Whether the player to move wins, from the rules alone: the board's own move lists, every
/// move tried, memoised on the exact board.
fn plain_wins(memo: &mut Memo, board: &Board, left: bool) -> bool {
    if let Some(&w) = memo.get(&(board.clone(), left)) {
        return w;
    }
    let options = if left { board.left_options() } else { board.right_options() };
    let w = options.iter().any(|o| !plain_wins(memo, o, !left));
    memo.insert((board.clone(), left), w);
    w
}

fn plain_outcome(memo: &mut Memo, board: &Board) -> Outcome {
    match (plain_wins(memo, board, true), plain_wins(memo, board, false)) {
        (true, true) => Outcome::N,
        (true, false) => Outcome::L,
        (false, true) => Outcome::R,
        (false, false) => Outcome::P,
    }
}

/// The searches under test: without exact regions (move counting and the table alone, the
/// default), with small ones (the board and `rest` together), and with larger ones.
fn searches() -> Vec<OutcomeSearch> {
    vec![OutcomeSearch::new(), OutcomeSearch::with_small_regions(5), OutcomeSearch::with_small_regions(16)]
}

/// The plain search's answers, by board and player to move.
type Memo = HashMap<(Board, bool), bool>;

/// Runs `check` on every search of [`searches`] for `count` random boards with holes, drawn
/// with `rows` and `cells` (the most rows and the most cells) from `seed`.
fn on_random_boards(
    seed: u64,
    count: usize,
    (rows, cells): (u64, u64),
    check: fn(&mut OutcomeSearch, &mut Games, &mut Domineering, &Board, &mut Memo),
) {
    let (mut games, mut engine) = (Games::new(), Domineering::new());
    let mut memo = HashMap::new();
    let mut rng = Rng::new(seed);
    let mut searches = searches();
    for _ in 0..count {
        let r = 1 + rng.below(rows) as usize;
        let cols = 1 + rng.below(cells / r as u64) as usize;
        let holes = rng.below(5);
        let board = random_board(&mut rng, r, cols, holes);
        for s in &mut searches {
            check(s, &mut games, &mut engine, &board, &mut memo);
        }
    }
}

#[test]
fn agrees_with_the_plain_search_on_small_random_boards() {
    on_random_boards(0x0000_ddb1_a5e5, 1500, (4, 12), |s, games, engine, board, memo| {
        let got = s.outcome(games, engine, board, &Budget::unlimited()).unwrap();
        assert_eq!(got, Some(plain_outcome(memo, board)), "{}", board.to_notation());
    });
}

#[test]
fn agrees_with_the_exact_value_on_random_boards_with_holes() {
    let budget = Budget::unlimited();
    let (mut games, mut engine) = (Games::new(), Domineering::new());
    let mut rng = Rng::new(0x005e_ed0f_0c0e);
    let mut searches = searches();
    for _ in 0..1200 {
        let rows = 2 + rng.below(4) as usize;
        let cols = 2 + rng.below((20 / rows - 1) as u64) as usize;
        let holes = rng.below(4);
        let board = random_board(&mut rng, rows, cols, holes);
        let value = board.game(&mut games, &budget).unwrap();
        let want = games.outcome(value, &budget).unwrap();
        for s in &mut searches {
            let got = s.outcome(&mut games, &mut engine, &board, &budget).unwrap();
            assert_eq!(got, Some(want), "{}", board.to_notation());
            for (left, wins) in
                [(true, matches!(want, Outcome::L | Outcome::N)), (false, matches!(want, Outcome::R | Outcome::N))]
            {
                let got = s.first_player_wins(&mut games, &mut engine, &board, left, &budget).unwrap();
                assert_eq!(got, Some(wins), "{} left first: {left}", board.to_notation());
            }
        }
    }
}

/// Rectangles whose values the engine computes in a moment, and the outcomes published for
/// them (Breuker, Uiterwijk and van den Herik 2000; Lachmann, Moore and Rapaport 2002).
#[test]
fn rectangles_agree_with_their_values() {
    let budget = Budget::unlimited();
    let (mut games, mut engine) = (Games::new(), Domineering::new());
    let mut search = OutcomeSearch::new();
    for (rows, cols) in [(1, 1), (2, 2), (3, 3), (4, 4), (2, 7), (3, 5), (5, 3), (4, 5), (5, 4), (3, 7)] {
        let board = Board::empty(rows, cols);
        let value = board.game(&mut games, &budget).unwrap();
        let want = games.outcome(value, &budget).unwrap();
        assert_eq!(search.outcome(&mut games, &mut engine, &board, &budget).unwrap(), Some(want), "{rows}x{cols}");
    }
}

/// The move counts against brute force: the greatest number of disjoint dominoes of a side,
/// and the disjoint dominoes on cells the other side can never cover.
#[test]
fn move_counts_agree_with_brute_force() {
    let mut rng = Rng::new(0xc047_5afe);
    for _ in 0..400 {
        let rows = 1 + rng.below(4) as usize;
        let cols = 1 + rng.below(4) as usize;
        let holes = rng.below(5);
        let board = random_board(&mut rng, rows, cols, holes);
        let geo = Geometry::new(rows, cols).unwrap();
        let free = geo.free_cells(&board);
        // The images that keep the roles keep the counts, and the half turn is a flip of both.
        let image = geo.least_image(free);
        assert!(image <= free && image.count_ones() == free.count_ones());
        assert_eq!(geo.half_turn(geo.half_turn(free)), free);
        let flipped: Vec<String> = (0..rows)
            .rev()
            .map(|r| (0..cols).rev().map(|c| if board.is_free(r, c) { '.' } else { '#' }).collect())
            .collect();
        assert_eq!(
            geo.half_turn(free),
            geo.free_cells(&Board::from_rows(&flipped).unwrap()),
            "{}",
            board.to_notation()
        );
        for left in [true, false] {
            assert_eq!(geo.max_moves(image, left), geo.max_moves(free, left));
            assert_eq!(geo.max_moves(free, left), most_dominoes(&board, left, false), "{}", board.to_notation());
            assert_eq!(geo.safe_moves(free, left), most_dominoes(&board, left, true), "{}", board.to_notation());
        }
    }
}

/// The pairing without a loop over lines (by parity from each run's start) against the plain
/// one, line by line, on boards up to the largest the padded rows hold: the same count and
/// the same cells, on the free cells and on each side's protected ones; and the units with
/// the open dominoes chosen in one pass against the same choice made trying each in turn.
#[test]
fn fast_counts_agree_with_the_plain_ones() {
    let mut rng = Rng::new(0x9a1e_5b17);
    for _ in 0..3000 {
        let (_, _, board, geo) = random_wide_board(&mut rng, 6);
        let free = geo.free_cells(&board);
        for left in [true, false] {
            for b in [free, geo.protected(free, left), geo.protected(free, !left)] {
                assert_eq!(geo.pairs(b, left), geo.pairs_by_lines(b, left), "{} {left}", board.to_notation());
            }
            assert_eq!(geo.units(free, left), geo.units_one_by_one(free, left), "{} {left}", board.to_notation());
        }
    }
}

/// Left's and Right's possible moves after every move of either side, from the board's column
/// and row runs (`Geometry::left_moves_after`, `Geometry::right_moves_after`), against the
/// counts made on the board after the move; and
/// the counts with the stride fixed at compile time (`Geometry::with_stride`, as the search
/// runs on boards of 4 to 12 columns) against those with the stride read at run time; and
/// the cell count against `count_ones`.
#[test]
fn counts_after_a_move_and_with_a_fixed_stride_agree_with_the_plain_ones() {
    fn check<const S: u32>(geo: Geometry, free: u128, board: &Board) -> u32 {
        let fixed = geo.with_stride::<S>();
        let runs = fixed.column_runs(free);
        assert_eq!(runs.moves, geo.max_moves(free, true), "{}", board.to_notation());
        let rows = fixed.row_runs(free);
        assert_eq!(rows.moves, geo.max_moves(free, false), "{}", board.to_notation());
        let mut moves = 0;
        for left in [true, false] {
            assert_eq!(fixed.units(free, left), geo.units(free, left), "{} {left}", board.to_notation());
            for b in [free, geo.protected(free, left)] {
                assert_eq!(fixed.pairs(b, left), geo.pairs(b, left), "{} {left}", board.to_notation());
            }
            let mut anchors = geo.anchors(free, left);
            while anchors != 0 {
                let first = anchors & anchors.wrapping_neg();
                let i = first.trailing_zeros();
                anchors &= anchors - 1;
                let after = free & !geo.domino(i, left);
                assert_eq!(fixed.domino(i, left), geo.domino(i, left));
                let images = fixed.images(free);
                assert_eq!(
                    fixed.least_image_after(&images, i, left),
                    geo.least_image(after),
                    "{} {left} {i}",
                    board.to_notation()
                );
                let plain = geo.max_moves(after, true);
                assert_eq!(fixed.left_moves_after(&runs, first, left), plain, "{} {left} {i}", board.to_notation());
                assert_eq!(geo.left_moves_after(&geo.column_runs(free), first, left), plain);
                let plain = geo.max_moves(after, false);
                assert_eq!(fixed.right_moves_after(&rows, first, left), plain, "{} {left} {i}", board.to_notation());
                assert_eq!(geo.right_moves_after(&geo.row_runs(free), first, left), plain);
                let units = fixed.units(after, left);
                for first_to_move in [true, false] {
                    let alone = geo.max_moves(after, !left);
                    assert_eq!(
                        fixed.counted_win(after, &units, left, first_to_move, alone, (0, 0)),
                        geo.counted_win(after, &units, left, first_to_move, alone, (0, 0)),
                        "{} {left} {i}",
                        board.to_notation()
                    );
                }
                moves += 1;
            }
        }
        moves
    }
    let mut rng = Rng::new(0xc01_5a1e);
    // The cell count against `count_ones`, on words of every density.
    for k in 0..20_000u64 {
        let (hi, lo) = (rng.next_u64() ^ (k << 40), rng.next_u64());
        let mut x = u128::from(hi) << 64 | u128::from(lo);
        for _ in 0..k % 4 {
            x &= u128::from(rng.next_u64()) << 64 | u128::from(rng.next_u64());
        }
        let x = if k % 7 == 0 { !x } else { x };
        assert_eq!(super::wide::cell_count(x), x.count_ones(), "{x:#x}");
    }
    assert_eq!(super::wide::cell_count(u128::MAX), 128);
    assert_eq!(super::wide::cell_count(0), 0);
    let mut moves = 0;
    for _ in 0..3000 {
        let (_, cols, board, geo) = random_wide_board(&mut rng, 5);
        let free = geo.free_cells(&board);
        moves += match cols + 1 {
            5 => check::<5>(geo, free, &board),
            9 => check::<9>(geo, free, &board),
            11 => check::<11>(geo, free, &board),
            13 => check::<13>(geo, free, &board),
            _ => check::<0>(geo, free, &board),
        };
    }
    assert!(moves > 50_000, "{moves}");
}

/// The blocks with the overlapping ones struck out at once against one cell at a time, on
/// the free cells and on part of them (as in the units, after the safe moves), both widths;
/// and the least image of the board after each move made from the board upside down
/// without the move upside down, against the one made from scratch, and the board upside
/// down against the rows read in reverse order.
#[test]
fn blocks_and_images_after_a_move_agree_with_the_plain_ones() {
    let mut rng = Rng::new(0xb10c_4a11);
    let mut blocks = [0u32; 2];
    for _ in 0..3000 {
        let (rows, cols, board, geo) = random_wide_board(&mut rng, 4);
        let free = geo.free_cells(&board);
        let part = free & geo.free_cells(&random_board(&mut rng, rows, cols, 1));
        for left in [true, false] {
            for w in [2, 3] {
                for f in [free, part] {
                    let fast = geo.blocks_for_tests(free, f, left, w);
                    assert_eq!(fast, geo.blocks_one_by_one(free, f, left, w), "{} {left} {w}", board.to_notation());
                    blocks[w as usize - 2] += fast.0;
                }
            }
        }
        let reversed: Vec<String> =
            (0..rows).rev().map(|r| (0..cols).map(|c| if board.is_free(r, c) { '.' } else { '#' }).collect()).collect();
        let upside_down = geo.upside_down(free);
        assert_eq!(upside_down, geo.free_cells(&Board::from_rows(&reversed).unwrap()), "{}", board.to_notation());
        for left in [true, false] {
            let mut anchors = geo.anchors(free, left);
            while anchors != 0 {
                let i = anchors.trailing_zeros();
                anchors &= anchors - 1;
                let after = free & !geo.domino(i, left);
                let given = upside_down & !geo.domino_upside_down(i, left);
                assert_eq!(given, geo.upside_down(after), "{} {left} {i}", board.to_notation());
                assert_eq!(geo.least_image_given(after, given), geo.least_image(after));
                assert_eq!(geo.least_image_after(&geo.images(free), i, left), geo.least_image(after));
            }
        }
    }
    // Both widths of blocks were met, many times.
    assert!(blocks.iter().all(|&n| n > 500), "{blocks:?}");
}

/// The blocks with two walls or one against the same packing read off the board's rows and
/// columns: a 2x2 square of usable cells, lowest first cell first (row by row), with no free
/// cell of the board before its first line across or none after its second (or both), taken
/// unless it meets a block taken before or a cell beyond one, or a cell beyond it (a free
/// cell on its open side) is one of their cells.
#[test]
fn square_blocks_agree_with_the_plain_ones() {
    let mut rng = Rng::new(0x01e_3a11);
    let mut met = (0, 0);
    for _ in 0..3000 {
        let (rows, cols, board, geo) = random_wide_board(&mut rng, 6);
        let free = geo.free_cells(&board);
        let part = free & geo.free_cells(&random_board(&mut rng, rows, cols, 1));
        let taken = free & !geo.free_cells(&random_board(&mut rng, rows, cols, 2));
        let cell = |r: isize, c: isize| r * (cols as isize + 1) + c;
        let is_free = |r: isize, c: isize| {
            r >= 0 && c >= 0 && (r as usize) < rows && (c as usize) < cols && board.is_free(r as usize, c as usize)
        };
        for left in [true, false] {
            for (usable, taken) in [(free, 0), (part, 0), (free, taken)] {
                let (mut two, mut one, mut cells, mut beyond, mut taken_plain) = (0, 0, 0u128, 0u128, taken);
                for r in 0..rows as isize {
                    for c in 0..cols as isize {
                        let square = [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)];
                        if !square.iter().all(|&(i, j)| is_free(i, j) && usable >> cell(i, j) & 1 == 1) {
                            continue;
                        }
                        let (before, after) = if left {
                            ([(r, c - 1), (r + 1, c - 1)], [(r, c + 2), (r + 1, c + 2)])
                        } else {
                            ([(r - 1, c), (r - 1, c + 1)], [(r + 2, c), (r + 2, c + 1)])
                        };
                        let wall = |side: [(isize, isize); 2]| side.iter().all(|&(i, j)| !is_free(i, j));
                        let out = match (wall(before), wall(after)) {
                            (true, true) => [(-1, -1); 2],
                            (true, false) => after,
                            (false, true) => before,
                            (false, false) => continue,
                        };
                        let block = square.iter().fold(0u128, |m, &(i, j)| m | 1 << cell(i, j));
                        let out =
                            out.iter().filter(|&&(i, j)| is_free(i, j)).fold(0u128, |m, &(i, j)| m | 1 << cell(i, j));
                        if block & (taken_plain | beyond) == 0 && out & taken_plain == 0 {
                            if out == 0 {
                                two += 1;
                            } else {
                                one += 1;
                            }
                            cells |= block;
                            taken_plain |= block;
                            beyond |= out;
                        }
                    }
                }
                let got = geo.square_blocks_for_tests(free, usable, left, taken);
                assert_eq!(got, (two, one, cells, beyond), "{} {left}", board.to_notation());
                met.0 += two;
                met.1 += one;
            }
        }
    }
    assert!(met.0 > 2000 && met.1 > 2000, "too few blocks: {} with two walls, {} with one", met.0, met.1);
}

/// The most disjoint dominoes of one side on the board (only on cells with no free cell
/// across when `protected`), by trying every placement.
fn most_dominoes(board: &Board, left: bool, protected: bool) -> u32 {
    let usable = |b: &Board, r: usize, c: usize| {
        let across = |dr: isize, dc: isize| {
            let (r2, c2) = (r as isize + dr, c as isize + dc);
            r2 >= 0
                && c2 >= 0
                && (r2 as usize) < b.rows()
                && (c2 as usize) < b.cols()
                && b.is_free(r2 as usize, c2 as usize)
        };
        let blocked = if left { across(0, -1) || across(0, 1) } else { across(-1, 0) || across(1, 0) };
        b.is_free(r, c) && !(protected && blocked)
    };
    // Place dominoes only: "protected" is judged on the original board.
    fn best(b: &Board, ok: &dyn Fn(usize, usize) -> bool, left: bool, taken: &mut Vec<bool>, from: usize) -> u32 {
        let (rows, cols) = (b.rows(), b.cols());
        let mut most = 0;
        for i in from..rows * cols {
            let (r, c) = (i / cols, i % cols);
            let (r2, c2) = if left { (r + 1, c) } else { (r, c + 1) };
            if r2 >= rows || c2 >= cols {
                continue;
            }
            let j = r2 * cols + c2;
            if !taken[i] && !taken[j] && ok(r, c) && ok(r2, c2) {
                taken[i] = true;
                taken[j] = true;
                most = most.max(1 + best(b, ok, left, taken, i + 1));
                taken[i] = false;
                taken[j] = false;
            }
        }
        most
    }
    let ok = |r: usize, c: usize| usable(board, r, c);
    best(board, &ok, left, &mut vec![false; board.rows() * board.cols()], 0)
}

/// The order among moves the evaluation ties: a move's rank is the same as its images' under
/// the flips of the board, and ranks the lines nearest an edge across first, then the moves
/// nearest an end of their line, each read off the domino's two cells.
#[test]
fn edge_ranks_order_moves_from_the_edges() {
    for (rows, cols) in [(1, 2), (2, 2), (3, 5), (6, 8), (8, 8), (7, 10), (1, 41), (3, 41)] {
        let geo = Geometry::new(rows, cols).unwrap();
        let stride = cols + 1;
        for left in [false, true] {
            // The domino's cells, as (row, column).
            let cells = |r: usize, c: usize| if left { [(r, c), (r + 1, c)] } else { [(r, c), (r, c + 1)] };
            for r in 0..rows - usize::from(left) {
                for c in 0..cols - usize::from(!left) {
                    let rank = geo.edge_rank((r * stride + c) as u32, left);
                    // Across: the line's distance from the nearer edge; along: the nearer
                    // end's distance from the domino's nearer cell.
                    let [(r0, c0), (r1, c1)] = cells(r, c);
                    let (across, along) = if left {
                        (c0.min(cols - 1 - c0), r0.min(rows - 1 - r1))
                    } else {
                        (r0.min(rows - 1 - r0), c0.min(cols - 1 - c1))
                    };
                    assert_eq!(rank, (across << 7 | along) as u16, "{rows}x{cols} {left} ({r}, {c})");
                    // Its images under the flips start at the mirrored cell of its other end.
                    let images = if left {
                        [(rows - 2 - r, c), (r, cols - 1 - c), (rows - 2 - r, cols - 1 - c)]
                    } else {
                        [(rows - 1 - r, c), (r, cols - 2 - c), (rows - 1 - r, cols - 2 - c)]
                    };
                    for (ir, ic) in images {
                        assert_eq!(geo.edge_rank((ir * stride + ic) as u32, left), rank, "{rows}x{cols} image");
                    }
                }
            }
        }
    }
    // On 8x8, Left's moves at the ends of the outer columns come first, the same columns a
    // row in next, the middle of the board last.
    let geo = Geometry::new(8, 8).unwrap();
    assert_eq!(geo.edge_rank(0, true), 0);
    assert_eq!(geo.edge_rank(6 * 9 + 7, true), 0);
    assert_eq!(geo.edge_rank(9, true), 1);
    assert_eq!(geo.edge_rank(3 * 9 + 3, true), 3 << 7 | 3);
}

/// A board too large for the padded rows is refused, not guessed.
#[test]
fn boards_too_large_are_refused() {
    let budget = Budget::unlimited();
    let (mut games, mut engine) = (Games::new(), Domineering::new());
    let mut search = OutcomeSearch::new();
    let board = Board::empty(11, 11);
    assert_eq!(search.outcome(&mut games, &mut engine, &board, &budget), Ok(None));
    // Boards whose shifts would pass the 128 bits (one or two rows of 42 cells or more).
    for (rows, cols) in [(1, 127), (1, 42), (2, 63), (2, 42)] {
        let board = Board::empty(rows, cols);
        assert_eq!(search.outcome(&mut games, &mut engine, &board, &budget), Ok(None), "{rows}x{cols}");
    }
    assert!(Geometry::new(3, 41).is_some() && Geometry::new(2, 41).is_some());
}

/// The search stops on its budget.
#[test]
fn big_boards_run_out_of_time() {
    let (mut games, mut engine) = (Games::new(), Domineering::new());
    let budget = Budget::new(std::time::Duration::from_millis(50), usize::MAX);
    let mut search = OutcomeSearch::new();
    let r = search.outcome(&mut games, &mut engine, &Board::empty(10, 10), &budget);
    assert_eq!(r, Err(cgt_core::Exhausted::Time));
}

/// Both threads of a shared search stop on the budget's deadline and on its cancel flag, and
/// the table is left for one thread again (the next search, on one thread, answers).
#[test]
fn two_threads_stop_on_the_budget() {
    let (mut games, mut engine) = (Games::new(), Domineering::new());
    let mut search = OutcomeSearch::new();
    let start = std::time::Instant::now();
    let late = Budget::new(std::time::Duration::from_millis(50), usize::MAX).with_threads(2);
    let r = search.first_player_wins(&mut games, &mut engine, &Board::empty(10, 10), true, &late);
    assert_eq!(r, Err(cgt_core::Exhausted::Time));
    let cancelled = Budget::unlimited().with_threads(2);
    cancelled.cancel_flag().store(true, std::sync::atomic::Ordering::Relaxed);
    let r = search.first_player_wins(&mut games, &mut engine, &Board::empty(10, 10), true, &cancelled);
    assert_eq!(r, Err(cgt_core::Exhausted::Cancelled));
    assert!(start.elapsed() < std::time::Duration::from_secs(20), "{:?}", start.elapsed());
    let small = Board::empty(6, 6);
    let r = search.first_player_wins(&mut games, &mut engine, &small, true, &Budget::unlimited()).unwrap();
    assert_eq!(r, Some(true));
}

/// The moves a side can make whatever the other does, from the rules: the side (Left when
/// `left`) counts its own moves, the other side moves or passes to leave it as few as it can.
fn guaranteed(memo: &mut HashMap<(Board, bool, bool), u32>, board: &Board, left: bool, to_move: bool) -> u32 {
    if let Some(&n) = memo.get(&(board.clone(), left, to_move)) {
        return n;
    }
    let n = if to_move {
        let options = if left { board.left_options() } else { board.right_options() };
        options.iter().map(|o| 1 + guaranteed(memo, o, left, false)).max().unwrap_or(0)
    } else {
        let options = if left { board.right_options() } else { board.left_options() };
        let pass = guaranteed(memo, board, left, true);
        options.iter().map(|o| guaranteed(memo, o, left, true)).fold(pass, u32::min)
    };
    memo.insert((board.clone(), left, to_move), n);
    n
}

/// The sure moves (safe moves, dominoes and protected-middle triples kept apart from each
/// other) never exceed the moves a side can make against every reply, moving first or second.
#[test]
fn sure_moves_are_sure_against_brute_force() {
    let mut rng = Rng::new(0x5a7e_0b0e);
    let mut memo = HashMap::new();
    let (mut positive, mut with_blocks, mut with_wide, mut with_one_wall) = (0, 0, 0, 0);
    for _ in 0..600 {
        let rows = 1 + rng.below(5) as usize;
        let cols = 1 + rng.below((16 / rows).min(6) as u64) as usize;
        let holes = rng.below(5);
        let board = random_board(&mut rng, rows, cols, holes);
        let geo = Geometry::new(rows, cols).unwrap();
        let free = geo.free_cells(&board);
        for left in [true, false] {
            for first in [true, false] {
                let units = geo.units(free, left);
                let sure = units.sure(first);
                let most = guaranteed(&mut memo, &board, left, first);
                assert!(sure <= most, "{} left {left} first {first}: {sure} > {most}", board.to_notation());
                positive += u32::from(sure > 0);
                with_blocks += u32::from(units.blocks > 0);
                with_wide += u32::from(units.wide > 0);
                with_one_wall += u32::from(units.one_wall > 0);
            }
        }
    }
    assert!(positive > 200, "too few boards with sure moves: {positive}");
    assert!(with_blocks > 100 && with_wide > 80, "too few boards with blocks: {with_blocks}, {with_wide} wide");
    assert!(with_one_wall > 100, "too few boards with one-wall blocks: {with_one_wall}");
}

/// Whether a side with units has options counted after them (none of their cells at or
/// across from a unit's exposed cell or a block cell).
fn has_late_options(geo: &Geometry, b: u128, units: &Units, left: bool) -> bool {
    let near = units.exposed | units.block_cells;
    let across = if left { 1 } else { geo.cols() as u32 + 1 };
    let excluded = near | (near << across) | (near >> across);
    !units.is_plain() && geo.option_values(b, left, units.safe_cells, excluded).0 != [0; 4]
}

/// The options (safe moves shifted onto a cell the other side could cover) against the plain
/// search, on boards of up to 24 cells with few holes, where they decide more often: a side
/// with safe moves only, a side that spends its first move on an option, and a side that
/// plays its options after its units.
#[test]
fn option_rules_agree_with_the_plain_search() {
    let mut rng = Rng::new(0x0b7_1035);
    let mut memo = HashMap::new();
    let (mut plain, mut first, mut late) = (0, 0, 0);
    for _ in 0..12_000 {
        let rows = 2 + rng.below(4) as usize;
        let cols = 2 + rng.below((24 / rows - 1).min(5) as u64) as usize;
        let holes = 1 + rng.below(3);
        let board = random_board(&mut rng, rows, cols, holes);
        let geo = Geometry::new(rows, cols).unwrap();
        let free = geo.free_cells(&board);
        for left in [true, false] {
            let mine = geo.units(free, left);
            let alone = geo.max_moves(free, !left);
            let options = mine.is_plain() && geo.option_values(free, left, mine.safe_cells, 0).0 != [0; 4];
            let by_option = geo.counted_win_by_option(free, &mine, left, alone, (0, 0));
            let counted = geo.counted_win(free, &mine, left, true, alone, (0, 0));
            let late_options = counted && has_late_options(&geo, free, &mine, left);
            if (options && counted) || by_option || late_options {
                assert!(plain_wins(&mut memo, &board, left), "{} left {left}: counted a win", board.to_notation());
                plain += u32::from(options && counted);
                first += u32::from(by_option);
                late += u32::from(late_options);
            }
            let theirs = geo.units(free, !left);
            let options = theirs.is_plain() && geo.option_values(free, !left, theirs.safe_cells, 0).0 != [0; 4];
            let late_options = has_late_options(&geo, free, &theirs, !left);
            if (options || late_options)
                && geo.counted_win(free, &theirs, !left, false, geo.max_moves(free, left), (0, 0))
            {
                assert!(!plain_wins(&mut memo, &board, left), "{} left {left}: counted a loss", board.to_notation());
                plain += u32::from(options);
                late += u32::from(late_options);
            }
        }
    }
    assert!(
        plain > 30 && first > 30 && late > 30,
        "too few decided with options: {plain} with safe moves only, {first} first, {late} after units"
    );
}

/// The counting rules of the search against the plain search: a side to move whose sure
/// moves outnumber the other's bound wins, and one the other's sure moves (moving second)
/// match loses, on many small random boards with holes.
#[test]
fn counting_rules_agree_with_the_plain_search() {
    let mut rng = Rng::new(0x00c0_0a7e_d0e5);
    let mut memo = HashMap::new();
    let (mut wins, mut losses, mut with_blocks, mut with_wide) = (0, 0, 0, 0);
    let (mut with_one_wall, mut by_shrinking, mut with_options, mut by_option_first) = (0, 0, 0, 0);
    for _ in 0..3000 {
        let rows = 1 + rng.below(5) as usize;
        let cols = 1 + rng.below((20 / rows).min(7) as u64) as usize;
        let holes = rng.below(4);
        let board = random_board(&mut rng, rows, cols, holes);
        let geo = Geometry::new(rows, cols).unwrap();
        let free = geo.free_cells(&board);
        for left in [true, false] {
            let mine = geo.units(free, left);
            let theirs = geo.units(free, !left);
            let truth = plain_wins(&mut memo, &board, left);
            if geo.counted_win(free, &mine, left, true, geo.max_moves(free, !left), (0, 0)) {
                assert!(truth, "{} left {left}: counted a win", board.to_notation());
                wins += 1;
                with_blocks += u32::from(mine.blocks > 0);
                with_wide += u32::from(mine.wide > 0);
                with_one_wall += u32::from(mine.one_wall > 0);
                with_options +=
                    u32::from(mine.is_plain() && geo.option_values(free, left, mine.safe_cells, 0).0 != [0; 4]);
                let alone = geo.max_moves(free, !left);
                by_option_first += u32::from(geo.counted_win_by_option(free, &mine, left, alone, (0, 0)));
                by_shrinking +=
                    u32::from(mine.sure(true) <= alone && mine.sure(true) + 2 * mine.blocks_played(true) > alone);
            }
            if geo.counted_win(free, &theirs, !left, false, geo.max_moves(free, left), (0, 0)) {
                assert!(!truth, "{} left {left}: counted a loss", board.to_notation());
                losses += 1;
                with_blocks += u32::from(theirs.blocks > 0);
                with_wide += u32::from(theirs.wide > 0);
                with_one_wall += u32::from(theirs.one_wall > 0);
                with_options +=
                    u32::from(theirs.is_plain() && geo.option_values(free, !left, theirs.safe_cells, 0).0 != [0; 4]);
                let alone = geo.max_moves(free, left);
                by_shrinking += u32::from(
                    theirs.sure(false) < alone && theirs.sure(false) + 2 * theirs.blocks_played(false) >= alone,
                );
            }
        }
    }
    assert!(wins > 300 && losses > 300, "too few decided: {wins} wins, {losses} losses");
    assert!(with_blocks > 50 && with_wide > 50, "too few decided with blocks: {with_blocks}, {with_wide} wide");
    assert!(
        with_one_wall > 50 && by_shrinking > 50,
        "too few decided with one-wall blocks ({with_one_wall}) or by the other's count shrunk by blocks ({by_shrinking})"
    );
    assert!(
        with_options > 50 && by_option_first > 4,
        "too few decided with options ({with_options}) or by an option played first ({by_option_first})"
    );
}

/// The search, which searches the mover's safe moves last and skips them when the other side
/// moving first is known to win (`Search::try_moves`), against the plain search from the rules
/// (every move tried), on random boards with holes of up to 20 cells, both players first, with
/// and without exact regions.
#[test]
fn safe_move_rule_agrees_with_the_plain_search() {
    on_random_boards(0x5afe_0dd5_e1f0, 4000, (5, 20), |s, games, engine, board, memo| {
        for left in [true, false] {
            let got = s.first_player_wins(games, engine, board, left, &Budget::unlimited()).unwrap();
            assert_eq!(got, Some(plain_wins(memo, board, left)), "{} left first: {left}", board.to_notation());
        }
    });
}

/// The fact the safe-move cut rests on (`Search::try_moves`), from the rules alone: when a
/// safe move of the side to move wins (both cells with no free cell beside them across the
/// side's direction), the position is at least 1, so the other side moving first loses. The
/// plain search decides both; the test fails if the cut is widened to moves with one safe
/// cell.
#[test]
fn a_winning_safe_move_means_the_other_side_loses_first() {
    let mut memo = HashMap::new();
    let mut rng = Rng::new(0x5afe_1e55_0001);
    let mut fired = 0;
    for _ in 0..3000 {
        let rows = 1 + rng.below(5) as usize;
        let cols = 1 + rng.below((20 / rows).min(7) as u64) as usize;
        let holes = rng.below(5);
        let board = random_board(&mut rng, rows, cols, holes);
        for left in [true, false] {
            for (after, safe) in moves_and_safety(&board, left) {
                if safe && !plain_wins(&mut memo, &after, !left) {
                    fired += 1;
                    assert!(!plain_wins(&mut memo, &board, !left), "{} left {left}", board.to_notation());
                }
            }
        }
    }
    assert!(fired > 300, "too few winning safe moves: {fired}");
}

/// Every move of one side with the board after it, and whether it is safe (no free cell
/// beside either of its cells across the side's direction), from the board's own cells.
fn moves_and_safety(board: &Board, left: bool) -> Vec<(Board, bool)> {
    let free = |r: isize, c: isize| {
        r >= 0
            && c >= 0
            && (r as usize) < board.rows()
            && (c as usize) < board.cols()
            && board.is_free(r as usize, c as usize)
    };
    let (dr, dc) = if left { (1, 0) } else { (0, 1) };
    let mut out = Vec::new();
    for r in 0..board.rows() as isize {
        for c in 0..board.cols() as isize {
            let (r2, c2) = (r + dr, c + dc);
            if !free(r, c) || !free(r2, c2) {
                continue;
            }
            let open = |r: isize, c: isize| {
                if left { free(r, c - 1) || free(r, c + 1) } else { free(r - 1, c) || free(r + 1, c) }
            };
            let safe = !open(r, c) && !open(r2, c2);
            let text: Vec<String> = (0..board.rows() as isize)
                .map(|i| {
                    (0..board.cols() as isize)
                        .map(|j| if (i, j) == (r, c) || (i, j) == (r2, c2) || !free(i, j) { '#' } else { '.' })
                        .collect()
                })
                .collect();
            out.push((Board::from_rows(&text).unwrap(), safe));
        }
    }
    out
}

/// The board `free` of `geo` (rows x cols) after the domino of one side at `i`, as a value.
fn value_after(games: &mut Games, geo: &Geometry, free: u128, i: Option<u32>, left: bool) -> cgt_core::game::GameId {
    let b = free & !i.map_or(0, |i| geo.domino(i, left));
    let s = geo.cols() + 1;
    let text: Vec<String> = (0..geo.rows())
        .map(|r| (0..geo.cols()).map(|c| if b >> (r * s + c) & 1 == 1 { '.' } else { '#' }).collect())
        .collect();
    Board::from_rows(&text).unwrap().game(games, &Budget::unlimited()).unwrap()
}

/// The moves the search drops as dominated (`Geometry::dominated`), against the exact values:
/// on random boards with holes, for each side, every dropped move has a move that is kept
/// whose position is at least as good for the side (`>=` for Left, `<=` for Right), and every
/// board with a move keeps one. The test fails if the rule drops a move whose run goes on
/// past its end, or one whose cell left free can be covered by the other side, or safe moves
/// for a move that can cost more than one move.
#[test]
fn dominated_moves_are_no_better_than_a_move_kept() {
    let budget = Budget::unlimited();
    let mut games = Games::new();
    let mut rng = Rng::new(0x0d0e_ed0f_1a7e);
    let mut dropped = [0; 2];
    let mut safe_dropped = 0;
    for _ in 0..2000 {
        let rows = 1 + rng.below(5) as usize;
        let cols = 1 + rng.below((16 / rows).min(8) as u64) as usize;
        let holes = rng.below(4);
        let board = random_board(&mut rng, rows, cols, holes);
        let geo = Geometry::new(rows, cols).unwrap();
        let free = geo.free_cells(&board);
        for left in [true, false] {
            let anchors = geo.anchors(free, left);
            let drop = geo.dominated(free, left);
            assert_eq!(drop & !anchors, 0, "{}", board.to_notation());
            if anchors != 0 {
                assert_ne!(anchors & !drop, 0, "{} left {left}: every move dropped", board.to_notation());
            }
            if drop == 0 {
                continue;
            }
            let protected = geo.protected(free, left);
            safe_dropped += (drop & protected & (protected >> geo.step(left))).count_ones();
            let kept: Vec<_> = (0..128).filter(|&j| (anchors & !drop) >> j & 1 == 1).collect();
            let kept: Vec<_> = kept.into_iter().map(|j| value_after(&mut games, &geo, free, Some(j), left)).collect();
            let mut rest = drop;
            while rest != 0 {
                let i = rest.trailing_zeros();
                rest &= rest - 1;
                dropped[usize::from(left)] += 1;
                let worse = value_after(&mut games, &geo, free, Some(i), left);
                let mut as_good = false;
                for &better in &kept {
                    let (lo, hi) = if left { (worse, better) } else { (better, worse) };
                    if games.leq(lo, hi, &budget).unwrap() {
                        as_good = true;
                        break;
                    }
                }
                assert!(as_good, "{} left {left}: the move at {i} is dropped for none as good", board.to_notation());
            }
        }
    }
    assert!(dropped.iter().all(|&n| n > 300), "too few moves dropped: {dropped:?} ({safe_dropped} safe)");
    assert!(safe_dropped > 300, "too few safe moves dropped: {safe_dropped}");
}

/// The moves that cost their side one move at most (`Geometry::cheap`), against the exact
/// values: the position after one, plus 1 for the side, is at least the position before
/// (`G^n + 1 >= G` for Left, `G^n - 1 <= G` for Right). The test fails if a move with a free
/// cell before and after it in its line, or with one beside it that the other side can
/// cover, is taken for cheap.
#[test]
fn cheap_moves_cost_one_move_at_most() {
    let budget = Budget::unlimited();
    let mut games = Games::new();
    let mut rng = Rng::new(0x0c4e_a9a0_0e5e);
    let mut cheap_moves = [0; 2];
    let one = games.number(&cgt_core::Dyadic::integer(1));
    let minus_one = games.number(&cgt_core::Dyadic::integer(-1));
    for _ in 0..3000 {
        let rows = 1 + rng.below(5) as usize;
        let cols = 1 + rng.below((18 / rows).min(8) as u64) as usize;
        let holes = rng.below(4);
        let board = random_board(&mut rng, rows, cols, holes);
        let geo = Geometry::new(rows, cols).unwrap();
        let free = geo.free_cells(&board);
        let before = value_after(&mut games, &geo, free, None, true);
        for left in [true, false] {
            let mut rest = geo.cheap(free, left);
            assert_eq!(rest & !geo.anchors(free, left), 0, "{}", board.to_notation());
            while rest != 0 {
                let i = rest.trailing_zeros();
                rest &= rest - 1;
                cheap_moves[usize::from(left)] += 1;
                let after = value_after(&mut games, &geo, free, Some(i), left);
                let shifted = games.add(after, if left { one } else { minus_one }, &budget).unwrap();
                let (lo, hi) = if left { (before, shifted) } else { (shifted, before) };
                assert!(games.leq(lo, hi, &budget).unwrap(), "{} left {left}: the move at {i}", board.to_notation());
            }
        }
    }
    assert!(cheap_moves.iter().all(|&n| n > 1000), "too few cheap moves: {cheap_moves:?}");
}

/// The moves a split search starts from ([`OutcomeSearch::moves_in_order`]) are moves of the
/// side, each once, and, when the side wins, one of them wins (a move left out is no better
/// than one listed); and the search with a larger table answers as before.
#[test]
fn moves_in_order_hold_a_winning_move() {
    on_random_boards(0x0000_5b11_7ed0, 600, (4, 14), |s, games, engine, board, memo| {
        let budget = Budget::unlimited();
        for left in [true, false] {
            let order = s.moves_in_order(games, engine, board, left, &budget).unwrap().unwrap();
            let options = if left { board.left_options() } else { board.right_options() };
            let mut seen = Vec::new();
            for &(r, c) in &order {
                let (r2, c2) = if left { (r + 1, c) } else { (r, c + 1) };
                assert!(r2 < board.rows() && c2 < board.cols(), "{} {left} {r},{c}", board.to_notation());
                assert!(board.is_free(r, c) && board.is_free(r2, c2), "{} {left} {r},{c}", board.to_notation());
                assert!(!seen.contains(&(r, c)), "{} {left} {r},{c} twice", board.to_notation());
                seen.push((r, c));
            }
            let wins = plain_wins(memo, board, left);
            if wins {
                let winning = order.iter().any(|&(r, c)| {
                    let after: Vec<String> = (0..board.rows())
                        .map(|i| {
                            (0..board.cols())
                                .map(|j| {
                                    let taken =
                                        (i, j) == (r, c) || (i, j) == if left { (r + 1, c) } else { (r, c + 1) };
                                    if taken || !board.is_free(i, j) { '#' } else { '.' }
                                })
                                .collect()
                        })
                        .collect();
                    !plain_wins(memo, &Board::from_rows(&after).unwrap(), !left)
                });
                assert!(winning, "{} {left}: no winning move among {order:?}", board.to_notation());
            }
            assert_eq!(order.is_empty(), options.is_empty(), "{} {left}", board.to_notation());
        }
        let mut large = OutcomeSearch::new().with_max_table(12);
        let got = large.outcome(games, engine, board, &budget).unwrap();
        assert_eq!(got, Some(plain_outcome(memo, board)), "{}", board.to_notation());
    });
}

/// Two threads on one root, on boards of every size (the search goes to two threads from
/// the first free cell), against the plain search from the rules on small boards and against
/// the search on one thread (checked against the values above) on larger ones with holes:
/// the answers are exact whichever thread finds them.
#[test]
fn two_threads_agree_with_one() {
    let two = Budget::unlimited().with_threads(2);
    on_random_boards(0x2_7ead_5eed, 400, (4, 12), |_, games, engine, board, memo| {
        let mut s = OutcomeSearch::new().with_parallel_cells(0);
        let got = s.outcome(games, engine, board, &Budget::unlimited().with_threads(2)).unwrap();
        assert_eq!(got, Some(plain_outcome(memo, board)), "{}", board.to_notation());
    });
    let one = Budget::unlimited();
    let (mut games, mut engine) = (Games::new(), Domineering::new());
    let mut rng = Rng::new(0x2_7ead_0b16);
    let (mut shared, mut alone) = (OutcomeSearch::new().with_parallel_cells(0), OutcomeSearch::new());
    for _ in 0..150 {
        let (rows, cols) = (4 + rng.below(4) as usize, 4 + rng.below(5) as usize);
        let holes = rng.below(3);
        let board = random_board(&mut rng, rows, cols, holes);
        for left in [true, false] {
            let want = alone.first_player_wins(&mut games, &mut engine, &board, left, &one).unwrap();
            let got = shared.first_player_wins(&mut games, &mut engine, &board, left, &two).unwrap();
            assert_eq!(got, want, "{} left first: {left}", board.to_notation());
        }
    }
}
