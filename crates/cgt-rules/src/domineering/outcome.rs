//! Who wins a Domineering board, by search, for boards whose value is out of reach
//! (`outcome(domineering[8x8])`): a boolean search of the sum `board + rest`, where `board`
//! holds the regions too large to value and `rest` is the exact value of all the others.
//!
//! What makes it fast, each fact with its source:
//!
//! * a board is the disjunctive sum of its regions (CGT II.1); with
//!   [`OutcomeSearch::with_small_regions`], a region of at most that many cells leaves the
//!   board for its exact value from the Domineering engine ([`Domineering`], shared tables),
//!   and a component of a sum may be replaced by its canonical form, so the search moves in
//!   `rest` only to its canonical options, and a position with no large region left is
//!   decided by the outcome of `rest` at once. Since the move counting below, this costs more
//!   than it saves on rectangles (7x7 with Vertical first: 107 k nodes and 0.4 s without,
//!   150-165 k with regions of 6 to 16 cells, 135 k and 8 s with 20; session 15 in
//!   BENCHMARKS.md), so [`SMALL_REGION`] is 0;
//! * move counting (Bullock, *Domineering: Solving Large Combinatorial Search Spaces*, 2002):
//!   a player whose sure moves (safe moves, dominoes the other can never cover, half of
//!   its vulnerable ones, and half of its blocks, 2x2 or 2x3 areas with no free cell across
//!   on both sides, or 2x2 with none on one side, where one move makes one or two safe
//!   moves) outnumber every move the other can still make wins; the other's moves are
//!   bounded by the least of three counts (`Geometry::max_against_given`): its moves off the
//!   exposed cells of the player's units plus one per exposed cell it can cover; its
//!   possible moves less two for each block the player plays in; half the cells it can
//!   cover less those the player's units take from it. In `rest` the other can make at
//!   most its longest run of moves alone;
//! * a transposition table of proven results (Breuker, Uiterwijk and van den Herik, 2000), of
//!   bounded size, probed for every move before any is searched (enhanced transposition
//!   cutoff), and move ordering by the safe and possible moves a move leaves each side,
//!   ties broken nearest the board's edges first (Obsequi breaks them by place too; by
//!   first cell, the search took 2.5-4.5x the nodes);
//! * a move at least as good as another is enough (dominated options, CGT II.2): a move
//!   that leaves a free cell its side can never cover, next to the end of its run, is not
//!   searched when the move one cell on leaves instead a cell the other side can never
//!   cover (`Geometry::dominated`: a cell only one side can use is worth something to that
//!   side alone), and safe moves are not searched when a move that costs the side one move
//!   at most (a domino alone in its line, say) is left;
//! * a board that is its own image under a symmetry that swaps the players (a square board
//!   turned a quarter) is its own negative, so it is `P` or `N`: one search decides it.
//!
//! When the budget allows two threads and the machine has two cores, a board of at least
//! [`PARALLEL_CELLS`] free cells is searched by two threads at once, each from the root, on
//! one shared table (`search::Paths`: a thread leaves a move the other is searching for
//! after its other moves, so the moves of a node that must all be searched are shared out).
//! Each thread has arenas of its own; the table can be shared because without exact regions
//! every key's `rest` is `0`, whose id is the same in every arena.

mod search;
mod table;
#[cfg(test)]
mod tests;
mod wide;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use cgt_core::game::{Games, Outcome};
use cgt_core::{Budget, Exhausted};

use super::{Board, Domineering};
use search::{Paths, Search};
use table::{SLOT_BYTES, Table};
use wide::Geometry;

/// Regions of at most this many cells are valued by the exact engine during the search by
/// default: none, as measured (see the module's notes).
pub const SMALL_REGION: u32 = 0;

/// The largest transposition table, as a power of two of slots: 2^23 slots of 32 bytes,
/// 264 MiB with the tags. Obsequi's size (Bullock 2002), 2^24, took 20.7 M nodes on 8x8 with
/// Vertical first against 25.6 M with 2^21 slots in session 20; with the counts since, the
/// searches are smaller and 2^24 saves almost nothing (8x8 V 4,612,808 nodes against
/// 4,628,747 at 2^23, 7x10 V 7,813,659 against 7,830,677, 8x9 V 6,866,256 against
/// 6,890,473), while the kernel's first writes of its pages took 0.6-1.1 s of system time
/// when no huge pages were to be had ("shifts by constants" in BENCHMARKS.md). Smaller
/// boards take smaller tables (`OutcomeSearch::table_for`): since the edge order (session 31)
/// their searches are a quarter of the size, and 8x8 with Vertical first took 966,368 nodes
/// and 1.5-1.7 s user with 0.4 s of system time at 2^23 slots, against 967,830 nodes, 1.6-1.8
/// s and 0.02-0.27 s at 2^22, 970,487, 1.2-1.4 s at 2^21 and 976,693, 1.2-1.3 s at 2^20 (the
/// larger tables also miss more of the caches); 8x9 with Horizontal first took
/// 38,508,720 nodes and 70.9 s at 2^23, 42,089,323 and 71.2 s at 2^22, 48,942,228 and 90.9 s
/// at 2^21.
const MAX_TABLE_LOG2: u32 = 23;

/// Boards of at least this many free cells are searched on two threads where the budget and
/// the machine allow (smaller ones take a few milliseconds, less than starting a thread is
/// worth).
pub const PARALLEL_CELLS: u32 = 40;

/// The outcome search, with its transposition table (kept between boards of one size).
pub struct OutcomeSearch {
    table: Option<(usize, usize, Table)>,
    small: u32,
    nodes: u64,
    /// The largest table this search may make, as a power of two of slots.
    max_table_log2: u32,
    /// Boards of at least this many free cells are searched on two threads when allowed.
    parallel_cells: u32,
}

impl Default for OutcomeSearch {
    fn default() -> Self {
        OutcomeSearch::new()
    }
}

impl OutcomeSearch {
    /// A search that values regions of at most [`SMALL_REGION`] cells exactly.
    pub fn new() -> Self {
        OutcomeSearch::with_small_regions(SMALL_REGION)
    }

    /// A search that values regions of at most `cells` cells exactly (0: none, the plain
    /// search with move counting).
    pub fn with_small_regions(cells: u32) -> Self {
        OutcomeSearch {
            table: None,
            small: cells,
            nodes: 0,
            max_table_log2: MAX_TABLE_LOG2,
            parallel_cells: PARALLEL_CELLS,
        }
    }

    /// Searches boards of at least `cells` free cells on two threads, when the budget allows
    /// two and the machine has them ([`PARALLEL_CELLS`] by default; the tests take fewer).
    pub fn with_parallel_cells(mut self, cells: u32) -> Self {
        self.parallel_cells = cells;
        self
    }

    /// Lets the transposition table grow to `2^log2` slots of [`SLOT_BYTES`] rather than
    /// [`MAX_TABLE_LOG2`]'s, still within the budget's memory: for searches of billions of
    /// nodes (10x10), where a table of a slot for every hundred nodes loses most results.
    pub fn with_max_table(mut self, log2: u32) -> Self {
        self.max_table_log2 = log2.clamp(1, 40);
        self
    }

    /// The board moves of the player to move (Left when `left_first`), each as its first
    /// cell (row, column; the other is below it for Left, right of it for Right), in the
    /// order the search tries them, best first; the moves it leaves out as no better than
    /// another are not listed. `None` when the board is too large for the search. A search
    /// split into pieces (one per reply to the first move) starts with the first of them.
    pub fn moves_in_order(
        &mut self,
        games: &mut Games,
        engine: &mut Domineering,
        board: &Board,
        left_first: bool,
        budget: &Budget,
    ) -> Result<Option<Vec<(usize, usize)>>, Exhausted> {
        let Some(geo) = Geometry::new(board.rows(), board.cols()) else { return Ok(None) };
        let free = geo.free_cells(board);
        let small = self.small;
        let stride = geo.stride() as usize;
        let table = self.table_for(geo, games, engine, budget)?;
        let mut search = Search::new(games, engine, &*table, geo, small, budget);
        // The whole board, its small regions as well (a split search starts from its moves).
        let zero = search.games.zero();
        let cells = search.move_order(free, zero, left_first)?;
        Ok(Some(cells.into_iter().map(|i| (i as usize / stride, i as usize % stride)).collect()))
    }

    /// The nodes searched by the last call.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Whether the first player (Left when `left_first`) wins the board; `None` when the
    /// board is too large for the search (its rows, each with one more cell, over 128 cells,
    /// or one or two rows of 42 cells or more, whose shifts would pass the 128 bits).
    pub fn first_player_wins(
        &mut self,
        games: &mut Games,
        engine: &mut Domineering,
        board: &Board,
        left_first: bool,
        budget: &Budget,
    ) -> Result<Option<bool>, Exhausted> {
        let Some(geo) = Geometry::new(board.rows(), board.cols()) else { return Ok(None) };
        let free = geo.free_cells(board);
        let small = self.small;
        let parallel_cells = self.parallel_cells;
        let table = self.table_for(geo, games, engine, budget)?;
        // The search with the board's stride fixed at compile time where it is a common one
        // (boards of 4 to 12 columns), so that its shifts are by constants.
        let run = match geo.cols() + 1 {
            5 => search_with::<5>,
            6 => search_with::<6>,
            7 => search_with::<7>,
            8 => search_with::<8>,
            9 => search_with::<9>,
            10 => search_with::<10>,
            11 => search_with::<11>,
            12 => search_with::<12>,
            13 => search_with::<13>,
            _ => search_with::<0>,
        };
        let two = budget.threads() >= 2
            && small == 0
            && free.count_ones() >= parallel_cells
            && std::thread::available_parallelism().is_ok_and(|n| n.get() >= 2);
        let (wins, nodes) = if two {
            table.share(true);
            let r = on_two_threads(run, games, engine, table, geo, budget, free, left_first);
            table.share(false);
            r
        } else {
            run(games, engine, table, geo, small, budget, free, left_first, None)
        };
        self.nodes = nodes;
        wins.map(Some)
    }

    /// The outcome class of the board; `None` when it is too large for the search.
    pub fn outcome(
        &mut self,
        games: &mut Games,
        engine: &mut Domineering,
        board: &Board,
        budget: &Budget,
    ) -> Result<Option<Outcome>, Exhausted> {
        let Some(left) = self.first_player_wins(games, engine, board, true, budget)? else { return Ok(None) };
        let nodes = self.nodes;
        let right = if is_own_negative(board) {
            left
        } else {
            let Some(r) = self.first_player_wins(games, engine, board, false, budget)? else { return Ok(None) };
            r
        };
        self.nodes += nodes;
        Ok(Some(match (left, right) {
            (true, true) => Outcome::N,
            (true, false) => Outcome::L,
            (false, true) => Outcome::R,
            (false, false) => Outcome::P,
        }))
    }

    /// The table for boards of this geometry: the one kept if the size is the same, or a new
    /// one sized from the board and the memory budget.
    fn table_for(
        &mut self,
        geo: Geometry,
        games: &Games,
        engine: &Domineering,
        budget: &Budget,
    ) -> Result<&mut Table, Exhausted> {
        let same = matches!(&self.table, Some((r, c, _)) if (*r, *c) == (geo.rows(), geo.cols()));
        if !same {
            self.table = None;
            let cells = (geo.rows() * geo.cols()) as u32;
            let spare = budget.memory().saturating_sub(engine.memory(games)) / 4;
            let fits = (spare / SLOT_BYTES).max(2).ilog2();
            // A slot for every one to four nodes of a rectangle's search, the larger one of
            // the two starts (6x8: 89 k nodes, 2^15 slots; 8x8: 0.97 M, 2^20; 7x10: 2.5 M,
            // 2^22; 8x9: 38.5 M, the cap).
            let log2 = (cells / 3).saturating_sub(1).min(self.max_table_log2).min(fits);
            let table = Table::new(log2);
            budget.check_memory(engine.memory(games) + table.bytes())?;
            self.table = Some((geo.rows(), geo.cols(), table));
        }
        Ok(&mut self.table.as_mut().expect("made above").2)
    }
}

/// A search of a root by [`search_with`] for one stride.
type Run = fn(
    &mut Games,
    &mut Domineering,
    &Table,
    Geometry,
    u32,
    &Budget,
    u128,
    bool,
    Option<(&Paths, usize)>,
) -> (Result<bool, Exhausted>, u64);

/// Whether the player to move (Left when `left_first`) wins the board of free cells `free`,
/// searched with the stride fixed as `S` ([`Geometry`]); and the nodes searched. With
/// `paths`, the search is one of two threads searching the root together.
#[allow(clippy::too_many_arguments)]
fn search_with<const S: u32>(
    games: &mut Games,
    engine: &mut Domineering,
    table: &Table,
    geo: Geometry,
    small: u32,
    budget: &Budget,
    free: u128,
    left_first: bool,
    paths: Option<(&Paths, usize)>,
) -> (Result<bool, Exhausted>, u64) {
    let mut search = Search::new(games, engine, table, geo.with_stride::<S>(), small, budget);
    if let Some((paths, me)) = paths {
        search = search.with_paths(paths, me);
    }
    let zero = search.games.zero();
    let wins = search.absorb(free, free, zero).and_then(|(board, rest)| search.wins(board, rest, left_first));
    (wins, search.nodes)
}

/// [`search_with`] (as `run`) on this thread and on a helper thread at once, on the shared
/// table, each with arenas of its own (the keys' `rest` is always `0`); the first to finish
/// stops the other. The answer, and the nodes both searched.
#[allow(clippy::too_many_arguments)]
fn on_two_threads(
    run: Run,
    games: &mut Games,
    engine: &mut Domineering,
    table: &Table,
    geo: Geometry,
    budget: &Budget,
    free: u128,
    left_first: bool,
) -> (Result<bool, Exhausted>, u64) {
    let paths = Paths::default();
    let (stop_main, stop_helper) = (Arc::new(AtomicBool::new(false)), Arc::new(AtomicBool::new(false)));
    // Each thread's budget: the caller's deadline, cancel flag and memory (the table, the
    // most of it, is counted by both), and a flag of its own that the other sets when done.
    let main_budget = budget.for_helper(budget.memory(), stop_main.clone());
    let helper_budget = budget.for_helper(budget.memory(), stop_helper.clone());
    let (paths, stop_main_ref) = (&paths, &stop_main);
    std::thread::scope(|scope| {
        let helper = scope.spawn(move || {
            let (mut games, mut engine) = (Games::new(), Domineering::new());
            let r = run(&mut games, &mut engine, table, geo, 0, &helper_budget, free, left_first, Some((paths, 1)));
            if r.0.is_ok() {
                stop_main_ref.store(true, Ordering::Relaxed);
            }
            r
        });
        let (mine, nodes) = run(games, engine, table, geo, 0, &main_budget, free, left_first, Some((paths, 0)));
        stop_helper.store(true, Ordering::Relaxed);
        let (theirs, helper_nodes) = helper.join().unwrap_or((Err(Exhausted::Cancelled), 0));
        // Either answer is exact; this thread's error is the caller's unless the helper
        // answered (which stopped this thread).
        (mine.or_else(|e| theirs.map_err(|_| e)), nodes + helper_nodes)
    })
}

/// Whether the board is its own image under a symmetry that transposes it (which swaps the
/// players' roles), so that its value is its own negative: `0` or confused with `0`.
fn is_own_negative(board: &Board) -> bool {
    let Some(geo) = Geometry::new(board.rows(), board.cols()) else { return false };
    let free = geo.free_cells(board);
    geo.images_of_transpose(free).contains(&free)
}
