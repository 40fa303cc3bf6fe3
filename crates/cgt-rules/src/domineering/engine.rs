//! The Domineering search: regions, their normal forms under symmetry, and the table; a
//! large region's value on two threads at once ([`Link`]).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};

use cgt_core::game::{Adopted, Export, Exporter, GameId, Games};
use cgt_core::hash::FxHashMap;
use cgt_core::{Budget, Dyadic, Exhausted};

use super::Board;
use super::bits::{Bits, MAX_CELLS};
use super::table::RegionTable;

/// A grid of cells as a bit set (bit `r * cols + c` set when the cell is free). The derived
/// order (rows, then columns, then bits) picks the normal form among a region's images.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(super) struct Grid {
    rows: u32,
    cols: u32,
    bits: Vec<u64>,
}

impl Grid {
    /// A grid of occupied cells.
    fn occupied(rows: usize, cols: usize) -> Grid {
        Grid { rows: rows as u32, cols: cols as u32, bits: vec![0; (rows * cols).div_ceil(64)] }
    }

    pub(super) fn from_board(b: &Board) -> Grid {
        let mut g = Grid::occupied(b.rows, b.cols);
        for r in 0..b.rows {
            for c in 0..b.cols {
                g.set(r, c, b.is_free(r, c));
            }
        }
        g
    }

    /// The grid as a bit board, if it has at most 64 cells.
    pub(super) fn to_bits(&self) -> Option<Bits> {
        Bits::new(self.rows as usize, self.cols as usize, self.bits.first().copied().unwrap_or(0))
    }

    fn dims(&self) -> (usize, usize) {
        (self.rows as usize, self.cols as usize)
    }

    fn get(&self, r: usize, c: usize) -> bool {
        let i = r * self.cols as usize + c;
        self.bits[i / 64] >> (i % 64) & 1 == 1
    }

    fn set(&mut self, r: usize, c: usize, free: bool) {
        let i = r * self.cols as usize + c;
        if free {
            self.bits[i / 64] |= 1 << (i % 64);
        } else {
            self.bits[i / 64] &= !(1 << (i % 64));
        }
    }

    /// The grids after placing a domino at every place it fits: vertical (Left) or horizontal.
    pub(super) fn placements(&self, vertical: bool) -> Vec<Grid> {
        let (rows, cols) = self.dims();
        let (dr, dc) = if vertical { (1, 0) } else { (0, 1) };
        let mut out = Vec::new();
        for r in 0..rows.saturating_sub(dr) {
            for c in 0..cols.saturating_sub(dc) {
                if self.get(r, c) && self.get(r + dr, c + dc) {
                    let mut g = self.clone();
                    g.set(r, c, false);
                    g.set(r + dr, c + dc, false);
                    out.push(g);
                }
            }
        }
        out
    }

    /// The 4-connected regions of free cells, each cropped to its bounding box.
    pub(super) fn regions(&self) -> Vec<Grid> {
        let (rows, cols) = self.dims();
        let mut seen = vec![false; rows * cols];
        let mut out = Vec::new();
        for start in 0..rows * cols {
            if seen[start] || !self.get(start / cols, start % cols) {
                continue;
            }
            seen[start] = true;
            let mut cells = vec![start];
            let mut stack = vec![start];
            while let Some(i) = stack.pop() {
                let (r, c) = (i / cols, i % cols);
                let near = [(r.wrapping_sub(1), c), (r + 1, c), (r, c.wrapping_sub(1)), (r, c + 1)];
                for (nr, nc) in near {
                    if nr < rows && nc < cols && !seen[nr * cols + nc] && self.get(nr, nc) {
                        seen[nr * cols + nc] = true;
                        cells.push(nr * cols + nc);
                        stack.push(nr * cols + nc);
                    }
                }
            }
            out.push(crop(&cells, cols));
        }
        out
    }

    /// The least of the eight images of the grid under the symmetries of the rectangle, and
    /// whether that image is transposed (which swaps the players' roles).
    pub(super) fn normal_form(&self) -> (Grid, bool) {
        let (rows, cols) = self.dims();
        let mut best: Option<(Grid, bool)> = None;
        for transpose in [false, true] {
            for (flip_r, flip_c) in [(false, false), (false, true), (true, false), (true, true)] {
                let (nr, nc) = if transpose { (cols, rows) } else { (rows, cols) };
                let mut g = Grid::occupied(nr, nc);
                for r in 0..rows {
                    for c in 0..cols {
                        if self.get(r, c) {
                            let (r2, c2) =
                                (if flip_r { rows - 1 - r } else { r }, if flip_c { cols - 1 - c } else { c });
                            let (r3, c3) = if transpose { (c2, r2) } else { (r2, c2) };
                            g.set(r3, c3, true);
                        }
                    }
                }
                if best.as_ref().is_none_or(|(b, _)| g < *b) {
                    best = Some((g, transpose));
                }
            }
        }
        best.expect("eight images")
    }
}

/// The grid of the given cells (indices in a grid `cols` wide), cropped to their bounding box.
fn crop(cells: &[usize], cols: usize) -> Grid {
    let r0 = cells.iter().map(|i| i / cols).min().unwrap_or(0);
    let r1 = cells.iter().map(|i| i / cols).max().unwrap_or(0);
    let c0 = cells.iter().map(|i| i % cols).min().unwrap_or(0);
    let c1 = cells.iter().map(|i| i % cols).max().unwrap_or(0);
    let mut g = Grid::occupied(r1 - r0 + 1, c1 - c0 + 1);
    for &i in cells {
        g.set(i / cols - r0, i % cols - c0, true);
    }
    g
}

/// How many table entries pass between two checks of the memory budget.
const MEMORY_CHECK_EVERY: usize = 1024;

/// The transposition tables of region values, tied to one [`Games`] arena: keep them with the
/// arena to share work between boards. Regions of at most 64 cells are bit boards ([`Bits`]);
/// larger ones (which only arise on boards too large to solve, while they shrink) are grids.
pub struct Domineering {
    table: FxHashMap<Grid, GameId>,
    small: RegionTable,
    /// Regions of at most this many cells (in their bounding box) take the bit-board path.
    small_cells: usize,
    /// Scratch lists reused between regions, one per level of the search.
    scratch: Vec<Scratch>,
    /// The link to the other thread while two compute one region's value ([`Link`]).
    link: Option<Box<Link>>,
    /// Regions of at least this many free cells are computed on two threads ([`PARALLEL_CELLS`]).
    parallel_cells: u32,
    /// Regions found between two batches sent to the other thread ([`BATCH_REGIONS`]).
    batch_regions: usize,
    /// Regions whose values were taken from the other thread's batches.
    taken: usize,
}

/// Helper threads that ended by panicking, which is a bug: the caller goes on alone and gets
/// the right value, so only this count shows it (the tests check it stays 0).
#[cfg(test)]
pub(super) static HELPER_PANICS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// Counts a helper thread that unwinds past it ([`HELPER_PANICS`]).
#[cfg(test)]
struct PanicCount;

#[cfg(test)]
impl Drop for PanicCount {
    fn drop(&mut self) {
        if std::thread::panicking() {
            HELPER_PANICS.fetch_add(1, Ordering::Relaxed);
        }
    }
}

/// Regions of at least this many free cells have their values computed on two threads at
/// once when the budget allows two threads and the machine has two cores
/// ([`Domineering::on_two_threads`]); the tests set fewer.
pub(super) const PARALLEL_CELLS: u32 = 28;

/// Regions computed between two batches sent to the other thread.
const BATCH_REGIONS: usize = 64;

/// What one thread sends the other while both compute one region's value: the regions whose
/// values it found, with their ids in its own arena, and the games of those values it has
/// not sent before (each with its subgames; the games it made on the way and left behind
/// stay home).
struct Batch {
    games: Export,
    regions: Vec<(Bits, GameId)>,
}

/// One thread's end of the link between two threads that compute one region's value at
/// once, each with an arena and tables of its own: each looks at the other's batches before
/// it computes a region, and takes the games and the regions' values found there, so that
/// neither computes a region the other has already sent. The two take the options in
/// opposite orders, so they mostly work on different regions.
struct Link {
    to_other: Sender<Batch>,
    from_other: Receiver<Batch>,
    /// What this arena has sent the other so far.
    exporter: Exporter,
    /// The other arena's games taken so far, with their ids here.
    adopted: Adopted,
    /// Regions found since the last batch, with their values.
    found: Vec<(Bits, GameId)>,
    /// Whether this thread takes the options last to first.
    reversed: bool,
}

/// Lists reused by one level of the bit-board search, so that it allocates nothing per region.
#[derive(Default)]
struct Scratch {
    boards: Vec<u64>,
    /// The regions of one side's options, in normal form, with whether each is transposed.
    parts: Vec<(Bits, bool)>,
    /// Where each option's regions end in `parts`.
    ends: Vec<usize>,
    /// The table's values of `parts`, where known.
    found: Vec<Option<GameId>>,
    /// Regions of one option, before their normal forms.
    split: Vec<Bits>,
    left: Vec<GameId>,
    right: Vec<GameId>,
}

impl Scratch {
    /// The regions of every option of one side (in normal form) into `parts` and `ends`.
    fn split_options(&mut self, region: Bits, vertical: bool) {
        self.parts.clear();
        self.ends.clear();
        if region.fits_eight() {
            region.option_parts_eight(vertical, &mut self.parts, &mut self.ends);
            return;
        }
        self.boards.clear();
        region.placements(vertical, &mut self.boards);
        for &board in &self.boards {
            let option = Bits::new(region.rows(), region.cols(), board).unwrap_or(region);
            self.split.clear();
            option.regions(&mut self.split);
            self.parts.extend(self.split.iter().map(|p| p.normal_form()));
            self.ends.push(self.parts.len());
        }
    }
}

impl Default for Domineering {
    fn default() -> Self {
        Domineering::new()
    }
}

impl Domineering {
    /// An empty table.
    pub fn new() -> Self {
        Domineering::with_small_cells(MAX_CELLS)
    }

    /// An empty table whose bit-board path takes regions of at most `cells` cells (the tests
    /// use 0 to check the grid path against the plain search).
    pub(super) fn with_small_cells(cells: usize) -> Self {
        Domineering {
            table: FxHashMap::default(),
            small: RegionTable::default(),
            small_cells: cells.min(MAX_CELLS),
            scratch: Vec::new(),
            link: None,
            parallel_cells: PARALLEL_CELLS,
            batch_regions: BATCH_REGIONS,
            taken: 0,
        }
    }

    /// The same, computing regions of at least `cells` free cells on two threads when the
    /// budget allows two (the tests use small regions).
    #[cfg(test)]
    pub(super) fn with_parallel_cells(mut self, cells: u32) -> Self {
        self.parallel_cells = cells;
        self
    }

    /// The same, sending the other thread a batch every `regions` regions found.
    pub(super) fn with_batches_of(mut self, regions: usize) -> Self {
        self.batch_regions = regions.max(1);
        self
    }

    /// The canonical value of a board.
    pub fn board_game(&mut self, games: &mut Games, board: &Board, budget: &Budget) -> Result<GameId, Exhausted> {
        self.grid_game(games, &Grid::from_board(board), budget)
    }

    /// The sum of the values of the grid's regions.
    fn grid_game(&mut self, games: &mut Games, grid: &Grid, budget: &Budget) -> Result<GameId, Exhausted> {
        let mut total = games.zero();
        for region in grid.regions() {
            let g = match region.to_bits().filter(|b| b.rows() * b.cols() <= self.small_cells) {
                Some(bits) => self.region_value(games, bits, budget)?,
                None => {
                    let (normal, transposed) = region.normal_form();
                    let g = self.region_game(games, &normal, budget)?;
                    if transposed { games.neg(g, budget)? } else { g }
                }
            };
            total = games.add(total, g, budget)?;
        }
        Ok(total)
    }

    /// The value of one connected region of more than `small_cells` cells in normal form,
    /// through the table.
    fn region_game(&mut self, games: &mut Games, region: &Grid, budget: &Budget) -> Result<GameId, Exhausted> {
        if let Some(&g) = self.table.get(region) {
            return Ok(g);
        }
        budget.check()?;
        let (rows, cols) = region.dims();
        let g = if cols == 1 || rows == 1 {
            strip(games, rows, cols)
        } else {
            let mut sides = [Vec::new(), Vec::new()];
            for (side, vertical) in sides.iter_mut().zip([true, false]) {
                for option in region.placements(vertical) {
                    side.push(self.grid_game(games, &option, budget)?);
                }
            }
            games.from_options(&sides[0], &sides[1], budget)?
        };
        self.table.insert(region.clone(), g);
        if self.table.len().is_multiple_of(MEMORY_CHECK_EVERY) {
            let per_entry = 64 + 8 * region.bits.len();
            budget.check_memory(self.memory_bytes(games) + self.table.len() * per_entry)?;
        }
        Ok(g)
    }

    /// The value of a connected region in normal form that is not in the table yet. `depth` is
    /// the number of dominoes placed since the search entered the bit boards (at most 32, which
    /// bounds the recursion).
    fn small_normal(
        &mut self,
        games: &mut Games,
        region: Bits,
        depth: usize,
        budget: &Budget,
    ) -> Result<GameId, Exhausted> {
        budget.check()?;
        if self.link.is_some() {
            self.receive(games, budget)?;
            if let Some(g) = self.small.get(region) {
                return Ok(g);
            }
        }
        let g = if region.rows() <= 1 || region.cols() <= 1 {
            strip(games, region.rows(), region.cols())
        } else {
            if self.scratch.len() <= depth {
                self.scratch.resize_with(depth + 1, Scratch::default);
            }
            let mut s = std::mem::take(&mut self.scratch[depth]);
            let r = self.small_options(games, region, depth, &mut s, budget);
            let g = r.and_then(|()| games.from_options(&s.left, &s.right, budget));
            self.scratch[depth] = s;
            g?
        };
        if let Some(larger) = self.small.growth_bytes() {
            budget.check_memory(self.memory_bytes(games) + larger)?;
        }
        self.small.insert(region, g);
        if let Some(link) = &mut self.link {
            link.found.push((region, g));
            if link.found.len() >= self.batch_regions {
                link.send(games);
            }
        }
        if self.small.len().is_multiple_of(MEMORY_CHECK_EVERY) {
            budget.check_memory(self.memory_bytes(games))?;
        }
        Ok(g)
    }

    /// Takes the games and regions' values of the other thread's batches that have come.
    fn receive(&mut self, games: &mut Games, budget: &Budget) -> Result<(), Exhausted> {
        let Some(link) = &mut self.link else { return Ok(()) };
        while let Ok(batch) = link.from_other.try_recv() {
            games.adopt(batch.games, &mut link.adopted, budget)?;
            for (region, theirs) in batch.regions {
                if self.small.get(region).is_none() {
                    let g = link.adopted.get(theirs).expect("a batch's games hold its regions' values");
                    self.small.insert(region, g);
                    self.taken += 1;
                }
            }
        }
        Ok(())
    }

    /// The value of a region not in the table, on this thread and a helper thread at once
    /// ([`Link`]). While the two run, each may hold half of the memory budget; when this
    /// thread runs out of it, the helper stops and this thread goes on alone with all of it
    /// (the tables keep everything both found).
    fn on_two_threads(&mut self, games: &mut Games, region: Bits, budget: &Budget) -> Result<GameId, Exhausted> {
        let (to_helper, from_main) = channel();
        let (to_main, from_helper) = channel();
        let stop_helper = Arc::new(AtomicBool::new(false));
        let helper_budget = budget.for_helper(budget.memory() / 2, stop_helper.clone());
        let half = budget.with_memory(budget.memory() / 2);
        self.link = Some(Box::new(Link::new(games, to_helper, from_helper, false)));
        let (small_cells, batch_regions) = (self.small_cells, self.batch_regions);
        // The helper is not waited for: it stops at its next region once the flag is set,
        // then frees its tables (about half a second for a 6x6 board) while this thread goes on.
        let spawned = std::thread::Builder::new().name("cgt-domineering".into()).spawn(move || {
            #[cfg(test)]
            let _count = PanicCount;
            let mut helper_games = Games::new();
            let mut helper = Domineering::with_small_cells(small_cells).with_batches_of(batch_regions);
            helper.link = Some(Box::new(Link::new(&helper_games, to_main, from_main, true)));
            // Whatever the helper finds is sent as it goes; when it finishes first, the last
            // batch holds the region itself.
            if helper.small_normal(&mut helper_games, region, 0, &helper_budget).is_ok()
                && let Some(link) = &mut helper.link
            {
                link.send(&helper_games);
            }
        });
        let r = match spawned {
            Ok(_) => self.small_normal(games, region, 0, &half),
            // No thread to be had: this one computes the region alone below.
            Err(_) => Err(Exhausted::Memory),
        };
        stop_helper.store(true, Ordering::Relaxed);
        self.link = None;
        match r {
            // Alone, with all of the budget, from the tables as the two left them.
            Err(Exhausted::Memory) => self.small_normal(games, region, 0, budget),
            r => r,
        }
    }

    /// The values of the region's Left and Right options, into `s.left` and `s.right`.
    ///
    /// Each side's options are split into regions and all of their normal forms looked up
    /// in the table first, in one loop of independent probes (so the processor overlaps their
    /// cache misses), before any value is computed or summed.
    fn small_options(
        &mut self,
        games: &mut Games,
        region: Bits,
        depth: usize,
        s: &mut Scratch,
        budget: &Budget,
    ) -> Result<(), Exhausted> {
        s.left.clear();
        s.right.clear();
        let reversed = self.link.as_ref().is_some_and(|link| link.reversed);
        for vertical in if reversed { [false, true] } else { [true, false] } {
            s.split_options(region, vertical);
            s.found.clear();
            s.found.extend(s.parts.iter().map(|&(p, _)| self.small.get(p)));
            for k in 0..s.ends.len() {
                let i = if reversed { s.ends.len() - 1 - k } else { k };
                let start = if i == 0 { 0 } else { s.ends[i - 1] };
                let mut total = games.zero();
                for j in start..s.ends[i] {
                    let (part, transposed) = s.parts[j];
                    let g = match s.found[j].or_else(|| self.small.get(part)) {
                        Some(g) => g,
                        None => self.small_normal(games, part, depth + 1, budget)?,
                    };
                    let g = if transposed { games.neg(g, budget)? } else { g };
                    total = games.add(total, g, budget)?;
                }
                if vertical { s.left.push(total) } else { s.right.push(total) }
            }
        }
        Ok(())
    }

    /// How many regions' values this table took from another thread's batches.
    #[cfg(test)]
    pub(super) fn taken(&self) -> usize {
        self.taken
    }

    /// The value of a connected region of at most 64 cells, cropped to its bounding box:
    /// looked up under its normal form (also for the outcome search).
    pub(super) fn region_value(
        &mut self,
        games: &mut Games,
        region: Bits,
        budget: &Budget,
    ) -> Result<GameId, Exhausted> {
        let (normal, transposed) = region.normal_form();
        let two = || {
            self.link.is_none()
                && normal.bits().count_ones() >= self.parallel_cells
                && budget.threads() >= 2
                && std::thread::available_parallelism().is_ok_and(|n| n.get() >= 2)
        };
        let g = match self.small.get(normal) {
            Some(g) => g,
            None if two() => self.on_two_threads(games, normal, budget)?,
            None => self.small_normal(games, normal, 0, budget)?,
        };
        if transposed { games.neg(g, budget) } else { Ok(g) }
    }

    /// The bytes held by the arena and the tables (the outcome search's share of the budget).
    pub(super) fn memory(&self, games: &Games) -> usize {
        self.memory_bytes(games) + self.table.len() * 96
    }

    /// The bytes held by the arena and the tables.
    fn memory_bytes(&self, games: &Games) -> usize {
        games.memory_bytes() + self.small.bytes()
    }
}

/// The value of a full strip one cell wide: `n` cells tall give Left `floor(n/2)` moves, and
/// lying down give Right as many.
fn strip(games: &mut Games, rows: usize, cols: usize) -> GameId {
    let moves = (rows.max(cols) / 2) as i64;
    games.number(&Dyadic::integer(if cols == 1 { moves } else { -moves }))
}

impl Link {
    /// One end of a link, for a thread whose arena is `games`: it sends the games of the
    /// values it finds, each once.
    fn new(games: &Games, to_other: Sender<Batch>, from_other: Receiver<Batch>, reversed: bool) -> Link {
        let exporter = Exporter::new(games);
        Link { to_other, from_other, exporter, adopted: Adopted::default(), found: Vec::new(), reversed }
    }

    /// Sends the regions found since the last batch and the games their values reach that
    /// were not sent before. A closed link (the other thread done) drops them.
    fn send(&mut self, games: &Games) {
        let regions = std::mem::take(&mut self.found);
        let games = games.export(&mut self.exporter, regions.iter().map(|&(_, g)| g));
        let _ = self.to_other.send(Batch { games, regions });
    }
}
