//! The boolean search itself: does the player to move win `board + rest`, where `board` holds
//! the regions too large to value and `rest` is the exact value of everything else?
//!
//! Replacing a sum's component by its canonical form keeps the outcome (CGT II.1), so moves
//! in `rest` are the options of its canonical form, and a position whose board is empty is
//! decided by the outcome of `rest` at once.

use std::sync::atomic::{AtomicU64, Ordering};

use cgt_core::game::{GameId, Games, Outcome};
use cgt_core::hash::FxHashMap;
use cgt_core::{Budget, Dyadic, Exhausted};

use super::super::Domineering;
use super::table::{Key, Table, key_hash};
use super::wide::Geometry;

/// The weight of a safe move of the side that moves, against a placement, when ordering
/// moves: 1, as Obsequi's evaluation counts them (Bullock 2002); 2 took 2-11% more nodes
/// (6x8, 8x8, 6x10 with Vertical first, 6x9 with Horizontal first: 95,197 / 987,888 /
/// 683,692 / 355,359 against 88,693 / 965,982 / 655,136 / 320,098; session 31).
const ORDER_SAFE: i64 = 1;
/// Added to the evaluation's negation so that it sorts as an unsigned field.
const ORDER_OFFSET: i64 = 1 << 15;
/// How many nodes pass between two checks of the memory budget.
const MEMORY_EVERY: u64 = 1 << 14;
/// Region values cached by their cells before the cache is emptied.
const REGION_CACHE: usize = 1 << 20;

/// The moves `rest` gives each side alone ([`Search::rest_moves`]): the longest runs of Left
/// and of Right, and the moves of an integer for Left and for Right.
type RestMoves = ((u32, u32), (u32, u32));

/// A board move of a node, made before any is searched ([`Search::try_moves`]): the board and
/// rest after it, whether it is a safe move, what the parent knows of the position after it
/// ([`Looked`]), and what the table knows of that position.
type Keyed = (u128, GameId, bool, Looked, Option<bool>);

/// What a parent has found of a position after one of its moves, so that the child does not
/// find it again ([`Search::wins_after`]): its key, probed in the table already, and the
/// moves the side that made the move can still make ([`Geometry::max_moves`]), which the
/// parent's move evaluation counted ([`Search::ordered_moves`]): the count on entry needs
/// them, and counting them again was 1.2% of the instructions on 6x8 with Vertical first
/// (568.7 M against 561.7 M under callgrind; session 35).
#[derive(Clone, Copy)]
struct Looked {
    key: Key,
    alone: u32,
}

/// The lists a node works in, kept between nodes ([`Search::try_moves`]): one pair for each
/// node on the path being searched, so that a node allocates nothing.
#[derive(Default)]
struct Buffers {
    moves: Vec<Vec<u64>>,
    keyed: Vec<Vec<Keyed>>,
}

/// The plies near the root at which two threads of one search tell each other where they are
/// ([`Paths`]). 8x8, 6x10 with three holes and 7x10, Vertical first, one run after the other
/// on two threads: 3.36 s wall at 4 plies, 2.96 at 8, 2.80 at 12, 2.84 at 16, 2.59 at 24 (one
/// thread: 4.5-5.0 s); 8x9 with holes at (4,4) and (1,7), Horizontal first: 18.3-23.6 s at 12,
/// 24 and 32 alike (the machine's pace drifted by a fifth between runs; session 37).
pub(super) const PATH_PLIES: usize = 16;

/// Where each of two threads searching one root is: the key of the node it is searching at
/// each ply below [`PATH_PLIES`] (0 where it is searching none). A thread that comes to a move
/// whose position the other thread is searching at that ply leaves it for after its other
/// moves, unless it is the first move it searches there (both search the first move, the
/// likeliest to win, and part ways below it): the work of a node whose moves must all be
/// searched is shared out, as in ABDADA (Weill 1996). The answers are exact whoever finds
/// them (the table keeps only proven results), so only the time depends on the timing.
#[derive(Default)]
pub(super) struct Paths([[AtomicU64; PATH_PLIES]; 2]);

/// A key's name in the [`Paths`] (never 0).
fn path_name(key: &Key) -> u64 {
    key_hash(key) | 1
}

/// The state of one search: the engines it reads and its tables; `S` is the board's stride
/// fixed at compile time, or 0 ([`Geometry`]).
pub(super) struct Search<'a, const S: u32 = 0> {
    pub games: &'a mut Games,
    pub engine: &'a mut Domineering,
    pub table: &'a Table,
    pub geo: Geometry<S>,
    pub budget: &'a Budget,
    /// Regions of at most this many cells are valued exactly and leave the board.
    pub small: u32,
    /// The nodes searched so far.
    pub nodes: u64,
    /// The values of regions met, by their cells.
    regions: FxHashMap<u128, GameId>,
    /// The longest run of moves of one player alone in a value (Left, Right).
    runs: FxHashMap<GameId, (u32, u32)>,
    /// Lists for the nodes, reused.
    buffers: Buffers,
    /// The moves made from the root to the node being searched.
    ply: usize,
    /// The paths of the two threads of the search and this one's place among them, when two
    /// threads search one root.
    paths: Option<(&'a Paths, usize)>,
}

impl<'a, const S: u32> Search<'a, S> {
    /// A search over boards of `geo` on the given tables.
    pub(super) fn new(
        games: &'a mut Games,
        engine: &'a mut Domineering,
        table: &'a Table,
        geo: Geometry<S>,
        small: u32,
        budget: &'a Budget,
    ) -> Self {
        Search {
            games,
            engine,
            table,
            geo,
            budget,
            small,
            nodes: 0,
            regions: FxHashMap::default(),
            runs: FxHashMap::default(),
            buffers: Buffers::default(),
            ply: 0,
            paths: None,
        }
    }

    /// The search as thread `me` (0 or 1) of two that search one root and share `paths`.
    pub(super) fn with_paths(mut self, paths: &'a Paths, me: usize) -> Self {
        self.paths = Some((paths, me));
        self
    }

    /// Tells the other thread which node this one searches at this ply (`None`: none).
    fn publish(&self, key: Option<&Key>) {
        if let Some((paths, me)) = self.paths
            && let Some(entry) = paths.0[me].get(self.ply)
        {
            entry.store(key.map_or(0, path_name), Ordering::Relaxed);
        }
    }

    /// Whether the other thread is searching the position of `key`, a child of the node being
    /// searched.
    fn other_searches(&self, key: &Key) -> bool {
        let Some((paths, me)) = self.paths else { return false };
        paths.0[1 - me].get(self.ply + 1).is_some_and(|e| e.load(Ordering::Relaxed) == path_name(key))
    }

    /// Splits the small regions of `board` among the cells of `seeds` off into `rest`.
    pub(super) fn absorb(
        &mut self,
        mut board: u128,
        seeds: u128,
        mut rest: GameId,
    ) -> Result<(u128, GameId), Exhausted> {
        // No region is small enough to leave: skip the flood fills (the default).
        if self.small == 0 {
            return Ok((board, rest));
        }
        let mut todo = seeds & board;
        while todo != 0 {
            let region = self.geo.region(todo & todo.wrapping_neg(), board);
            todo &= !region;
            if region.count_ones() > self.small {
                continue;
            }
            if let Some(g) = self.region_value(region)? {
                rest = self.games.add(rest, g, self.budget)?;
                board &= !region;
            }
        }
        Ok((board, rest))
    }

    /// The exact value of a region, if its bounding box fits the engine's bit boards.
    fn region_value(&mut self, region: u128) -> Result<Option<GameId>, Exhausted> {
        if let Some(&g) = self.regions.get(&region) {
            return Ok(Some(g));
        }
        let Some(bits) = self.geo.region_bits(region) else { return Ok(None) };
        let g = self.engine.region_value(self.games, bits, self.budget)?;
        if self.regions.len() >= REGION_CACHE {
            self.regions.clear();
        }
        self.regions.insert(region, g);
        Ok(Some(g))
    }

    /// The first cells of the board moves of the player to move (Left when `left`), in the
    /// order [`Search::try_moves`] tries them (the moves left out as dominated are not among
    /// them): for a search split into pieces, whose first move is the one the search would
    /// try first.
    pub(super) fn move_order(&mut self, board: u128, rest: GameId, left: bool) -> Result<Vec<u32>, Exhausted> {
        let mut scored = Vec::new();
        self.ordered_moves(board, rest, left, &mut scored)?;
        Ok(scored.into_iter().map(move_cell).collect())
    }

    /// Whether the player to move (Left when `left`) wins `board + rest`.
    pub(super) fn wins(&mut self, board: u128, rest: GameId, left: bool) -> Result<bool, Exhausted> {
        self.wins_after(board, rest, left, None)
    }

    /// [`Search::wins`]. `looked` is what the parent has found of the position ([`Looked`]):
    /// the table is not probed again and the other side's moves are not counted again (the
    /// answers are the same).
    fn wins_after(&mut self, board: u128, rest: GameId, left: bool, looked: Option<Looked>) -> Result<bool, Exhausted> {
        self.budget.check()?;
        self.nodes += 1;
        if self.nodes.is_multiple_of(MEMORY_EVERY) {
            self.check_memory()?;
        }
        if board == 0 {
            let o = self.games.outcome(rest, self.budget)?;
            return Ok(matches!((o, left), (Outcome::N, _) | (Outcome::L, true) | (Outcome::R, false)));
        }
        let (key, alone) = match looked {
            Some(Looked { key, alone }) => (key, alone),
            None => {
                let key = Key { board: self.geo.least_image(board), rest, left };
                if let Some(wins) = self.table.get(&key) {
                    return Ok(wins);
                }
                (key, self.geo.max_moves(board, !left))
            }
        };
        if self.counted_win(board, rest, left, alone)? {
            return Ok(true);
        }
        // The result is stored once the moves are searched: its bucket is asked for now, so
        // that a search of a few nodes finds it in the cache (the store's miss was 11% of the
        // time on 8x9 with holes at (4,4) and (1,7) and Horizontal first; session 34).
        self.table.prefetch_bucket(&key);
        let start = self.nodes;
        self.publish(Some(&key));
        let wins = self.try_moves(board, rest, left);
        self.publish(None);
        let wins = wins?;
        self.table.put(key, wins, self.nodes - start);
        Ok(wins)
    }

    /// Whether the player to move wins by counting moves: its sure moves outnumber every move
    /// the other can still make (Bullock's safe moves, 2002), so it wins playing only those.
    /// In `rest` the other may make at most its longest run of moves alone (the winner never
    /// moves there); a positive integer is that many sure moves for Left, a negative one for
    /// Right.
    ///
    /// Whether the player to move is lost by counting (the other's sure moves, moving second,
    /// at least its possible moves) is looked at by the parent, before the search
    /// ([`Search::ordered_moves`]), for the moves where it may be, and not again here: looked
    /// at on entry as well for the moves not counted there (as before session 32), it decided
    /// 31 of 22,776 such positions on 6x8 with Vertical first (with a slack of 5 in
    /// [`worth_counting`]), and cost a count of units each time.
    ///
    /// `alone` is the other side's [`Geometry::max_moves`] on `board`.
    fn counted_win(&mut self, board: u128, rest: GameId, left: bool, alone: u32) -> Result<bool, Exhausted> {
        let ((run_left, run_right), (int_left, int_right)) = self.rest_moves(rest)?;
        let (run_them, int_me) = if left { (run_right, int_left) } else { (run_left, int_right) };
        let units = self.geo.units(board, left);
        Ok(self.geo.counted_win(board, &units, left, true, alone, (int_me, run_them)))
    }

    /// The moves `rest` gives each side alone: the longest runs of Left and of Right
    /// ([`Search::runs`]), and those of an integer ([`integer_moves`]). For 0 (the whole
    /// search when no region is valued exactly) none, without a look-up or a copy of its value.
    fn rest_moves(&mut self, rest: GameId) -> Result<RestMoves, Exhausted> {
        if rest == self.games.zero() {
            return Ok(((0, 0), (0, 0)));
        }
        let runs = self.runs(rest)?;
        let ints = match self.games.as_number(rest) {
            Some(x) if x.is_integer() => integer_moves(&x),
            _ => (0, 0),
        };
        Ok((runs, ints))
    }

    /// The longest runs of moves of Left alone and of Right alone in `g`'s canonical form.
    fn runs(&mut self, g: GameId) -> Result<(u32, u32), Exhausted> {
        if let Some(&r) = self.runs.get(&g) {
            return Ok(r);
        }
        self.budget.check()?;
        let (l, r) = self.games.try_options(g)?;
        let mut run = (0, 0);
        for x in l {
            run.0 = run.0.max(self.runs(x)?.0.saturating_add(1));
        }
        for x in r {
            run.1 = run.1.max(self.runs(x)?.1.saturating_add(1));
        }
        self.runs.insert(g, run);
        Ok(run)
    }

    /// Whether one of the moves of the player to move wins: board moves first (best first,
    /// the mover's safe moves last), then moves in `rest`.
    ///
    /// The mover's safe moves are cut by this fact. Say Left moves, `G` is `board + rest`,
    /// and `m` is a safe move of Left (both cells with no free cell beside them in the row,
    /// so Right can never cover them; cells only fill up, so that stays true), `G'` the
    /// position after it. Then `G >= G' + 1`: Left wins `G - G' - 1` moving second by
    /// copying. The free cells of the two boards differ by `m` alone. A move of Right in `G`
    /// misses `m`, so Left makes the same move in `-G'` (where it is Left's); a move of Right
    /// in `-G'` is a move of Left in `G'`, which misses `m`, so Left makes it in `G`; moves in
    /// the two copies of `rest` are copied the same way; and when Right takes the `-1` (its
    /// only option, to 0), Left plays `m`, which is still free, after which the two boards
    /// are equal and Left copies to the end. So if `m` wins, `G' >= 0`, then `G >= 1 > 0`:
    /// Right moving first loses. Hence, if Right moving first is known to win, no safe move
    /// of Left wins (moves in `rest` are still tried); and when one does win, Right moving
    /// first is stored as lost.
    fn try_moves(&mut self, board: u128, rest: GameId, left: bool) -> Result<bool, Exhausted> {
        // The lists come from those of finished nodes and go back after (with what they hold
        // cleared), so that the search allocates only as deep as it goes.
        let mut moves = self.buffers.moves.pop().unwrap_or_default();
        let mut keyed = self.buffers.keyed.pop().unwrap_or_default();
        let wins = self.try_moves_in(board, rest, left, &mut moves, &mut keyed);
        moves.clear();
        keyed.clear();
        self.buffers.moves.push(moves);
        self.buffers.keyed.push(keyed);
        wins
    }

    /// [`Search::try_moves`] in the lists given (empty).
    fn try_moves_in(
        &mut self,
        board: u128,
        rest: GameId,
        left: bool,
        moves: &mut Vec<u64>,
        keyed: &mut Vec<Keyed>,
    ) -> Result<bool, Exhausted> {
        let Some(unsafe_moves) = self.ordered_moves(board, rest, left, moves)? else { return Ok(true) };
        // The positions after each move, and a move to a position the table knows to be lost
        // for the other side taken at once (enhanced transposition cutoff); a move to a
        // position the table knows to be won by the other side is dropped.
        let images = self.geo.images(board);
        for (n, &word) in moves.iter().enumerate() {
            let i = move_cell(word);
            let m = self.geo.move_images(i, left)[0];
            let after = board & !m;
            let image = if self.small == 0 {
                // Nothing is absorbed: each image of the board loses the move's image.
                self.geo.least_image_after(&images, i, left)
            } else {
                0
            };
            let (after, rest) =
                if self.small == 0 { (after, rest) } else { self.absorb(after, self.geo.neighbours(m, after), rest)? };
            let image = if self.small == 0 { image } else { self.geo.least_image(after) };
            let key = Key { board: image, rest, left: !left };
            self.table.prefetch_tags(&key);
            // The side's moves after its move, as the evaluation counted them, are the
            // child's `alone` unless regions were absorbed (then the board is smaller).
            let alone = if self.small == 0 { move_mine(word) } else { self.geo.max_moves(after, left) };
            keyed.push((after, rest, n >= unsafe_moves, Looked { key, alone }, None));
        }
        // The probes come after every key is made, in a loop of their own: most miss the
        // cache, and with nothing else between them their loads overlap. Each key's tags are
        // asked for as it is made (above), so that the loads overlap the making of the keys
        // as well (3-4% of the time on 8x9 with holes; session 34).
        for k in keyed.iter_mut() {
            k.4 = self.table.get(&k.3.key);
        }
        if keyed.iter().any(|&(after, _, _, _, known)| known == Some(false) && after != 0) {
            return Ok(true);
        }
        // Whether no safe move can win, once a safe move is reached.
        let mut safe_lost = None;
        // The moves whose positions the other thread of a shared search was searching when
        // they came up (at most 128 moves a side), searched after the others.
        let mut later = 0u128;
        let mut searched = 0;
        for pass in [false, true] {
            for (n, &(after, after_rest, safe, looked, known)) in keyed.iter().enumerate() {
                let known = if pass {
                    if later >> n & 1 == 0 {
                        continue;
                    }
                    // The other thread may have settled it meanwhile.
                    let known = self.table.get(&looked.key);
                    if known == Some(false) && after != 0 {
                        return Ok(true);
                    }
                    known
                } else {
                    known
                };
                // Proven a win for the other side: this move loses, and need not be searched
                // (the entry may be overwritten before then, but the fact stays true).
                if known == Some(true) {
                    continue;
                }
                // A safe move wins only if the other side moving first loses (above): if that
                // is known to be a win, they all lose. Looked at when the first safe move comes
                // up (the safe moves come last).
                if safe {
                    let lost = match safe_lost {
                        Some(lost) => lost,
                        None => *safe_lost.insert(self.other_side_wins_first(board, rest, left)?),
                    };
                    if lost {
                        continue;
                    }
                }
                if !pass && searched > 0 && n < 128 && self.other_searches(&looked.key) {
                    later |= 1 << n;
                    continue;
                }
                searched += 1;
                self.ply += 1;
                let child = self.wins_after(after, after_rest, !left, Some(looked));
                self.ply -= 1;
                if !child? {
                    if safe {
                        // The position is at least 1, so the other side moving first loses.
                        let key = Key { board: self.geo.least_image(board), rest, left: !left };
                        self.table.put(key, false, 1);
                    }
                    return Ok(true);
                }
            }
            if later == 0 {
                break;
            }
        }
        let options = if left { self.games.left_options(rest) } else { self.games.right_options(rest) };
        for option in options {
            self.ply += 1;
            let child = self.wins(board, option, !left);
            self.ply -= 1;
            if !child? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Whether the other side, moving first on `board + rest`, is known to win, from the
    /// table or by counting (no search).
    fn other_side_wins_first(&mut self, board: u128, rest: GameId, left: bool) -> Result<bool, Exhausted> {
        let key = Key { board: self.geo.least_image(board), rest, left: !left };
        if let Some(wins) = self.table.get(&key) {
            return Ok(wins);
        }
        self.counted_win(board, rest, !left, self.geo.max_moves(board, left))
    }

    /// The board moves of one side, best first (as sorted words, their first cells read by
    /// [`move_cell`]), and how many of them come before the safe ones: by the safe moves
    /// and the possible moves the move leaves its side against the other's, the evaluation
    /// DOMI and Obsequi order by (Breuker et al. 2000, Bullock 2002), and among moves the
    /// evaluation ties, nearest the board's edges first ([`Geometry::edge_rank`]: the line
    /// nearest an edge across, then nearest an end of the line). Obsequi too breaks ties by
    /// place, with a table that favours the edges; with ties broken by first cell instead
    /// (the top left corner first) the search took 2.5-4.5x the nodes (8x8 with Vertical
    /// first 4,127,968 against 968,578; session 31), with the centre first 20x. A history of
    /// refutations found elsewhere, tried first, cost ten times the nodes on 7x7 (and killer
    /// moves by depth 10-90% more nodes on 7x7, 6x7 and 7x6, session 16). Moves another
    /// move is at least as good as are left out ([`Geometry::dominated`]): a move beside the
    /// end of its run that leaves a cell the side can never use, when the move one cell on
    /// leaves one only the side can use (6x8 V 354,247 -> 317,120 nodes), and the safe moves
    /// when a move costs the side one move at most ([`Geometry::cheap`]; -> 287,471).
    ///
    /// The mover's safe moves (both cells with no free cell across, so the other side can
    /// never cover them) come last, as Obsequi plays them (Bullock 2002): a safe move changes
    /// nothing the other side can do and only spends the mover's own cells, so it wins only
    /// when the position is already at least 1 (`try_moves` uses that to skip them).
    /// Obsequi never searches them while another move is left; that stronger rule held on
    /// every sub-board of 5x5, 4x6 and 3x8 checked exhaustively, but is not proven, so here
    /// they are searched unless the proven cut applies.
    ///
    /// `None` when one of the moves leaves the other player lost by counting alone (the
    /// other's sure moves, moving second, at least its possible moves; [`Geometry::counted_win`]
    /// for the side moving second): looked at before any move is searched, so that a quick win
    /// is not hidden behind a long search of another move, in the order of the evaluation, so
    /// that the pass stops sooner (the same nodes either way).
    ///
    /// Only the moves where such a count may decide are counted ([`worth_counting`]); the
    /// others are never counted, here or on entry (a count of units is most of the work of a
    /// node). The moves after which the other side has more possible moves than the side were
    /// left to the entry since session 31 (20 of 96,669 such counts decided on 6x8 with
    /// Vertical first); with the estimate below as well, and no count on entry, 6x8 V took
    /// 96,231 -> 96,249 nodes and 781.3 M -> 714.0 M instructions, 8x8 V 976,693 -> 982,607
    /// nodes and 9,269 M -> 7,989 M instructions (session 32).
    fn ordered_moves(
        &mut self,
        board: u128,
        rest: GameId,
        left: bool,
        scored: &mut Vec<u64>,
    ) -> Result<Option<usize>, Exhausted> {
        let ((run_left, run_right), (int_left, int_right)) = self.rest_moves(rest)?;
        let extra = if left { (int_left, run_right) } else { (int_right, run_left) };
        // Each side compiled on its own, so that its steps are constants (`Geometry`).
        Ok(if left {
            Self::counted_moves::<true>(&self.geo, board, extra, scored)
        } else {
            Self::counted_moves::<false>(&self.geo, board, extra, scored)
        })
    }

    /// [`Search::ordered_moves`] for the side `LEFT` after the moves `rest` gives each side
    /// (`int_me` for the mover, `run_them` for the other).
    fn counted_moves<const LEFT: bool>(
        g: &Geometry<S>,
        board: u128,
        (int_me, run_them): (u32, u32),
        scored: &mut Vec<u64>,
    ) -> Option<usize> {
        let left = LEFT;
        // Moves another move of the side is at least as good as are not searched.
        let mut anchors = g.anchors(board, left) & !g.dominated(board, left);
        let protected = g.protected(board, left);
        let safe_anchors = anchors & protected & (protected >> g.step(left));
        // The evaluation first (cheap: four line counts per move), then the counting check in
        // that order, so that a move found lost for the other side by counting is found after
        // fewer of the costly unit passes (the best moves by the evaluation are the likeliest).
        // Each move as one sortable word: safe last, then by the evaluation (best first),
        // then nearest the edges first ([`Geometry::edge_rank`]), then by first cell; the two
        // low bytes carry the side's possible moves after the move ([`move_mine`], for the
        // child's count) and the other side's.
        let mut uncounted = 0u128;
        // Each side's possible moves after each move from one look at the columns (Left's)
        // and at the rows (Right's).
        let (columns, rows) = (g.column_runs(board), g.row_runs(board));
        while anchors != 0 {
            let first = anchors & anchors.wrapping_neg();
            let i = first.trailing_zeros();
            anchors &= anchors - 1;
            let after = board & !(first | first << g.step(left));
            let (lefts, rights) = (g.left_moves_after(&columns, first, left), g.right_moves_after(&rows, first, left));
            let (mine, theirs) = if left { (lefts, rights) } else { (rights, lefts) };
            // A standard Domineering evaluation of the position after the move: the side's
            // safe moves and its possible moves less the other's. (A move never takes a safe
            // move from the other side, only makes some: with the other's safe moves taken
            // away as well, the nodes were 0.1-0.6% more on 6x8, 8x8 and 6x10 with Vertical
            // first and 6x9 with Horizontal first, for one more count per move.)
            let safe = i64::from(g.safe_moves(after, left));
            let free = i64::from(mine) - i64::from(theirs);
            // At most 64 moves a side on 128 cells: the score is within +-200 (16 bits), the
            // counts under 256; the edge rank is under 2^13 (16 bits).
            let score = (ORDER_OFFSET - (ORDER_SAFE * safe + free)) as u64;
            let is_safe = u64::from(safe_anchors & first != 0);
            let edge = u64::from(g.edge_rank(i, left));
            // Counted before the search only where the count may decide.
            if !worth_counting(safe, mine, theirs) {
                uncounted |= first;
            }
            scored.push(
                is_safe << 56
                    | score << 40
                    | edge << 24
                    | u64::from(i) << 16
                    | u64::from(mine) << 8
                    | u64::from(theirs),
            );
        }
        scored.sort_unstable();
        for &word in scored.iter() {
            let (i, theirs) = (move_cell(word), (word & 0xff) as u32);
            if uncounted & (1u128 << i) != 0 {
                continue;
            }
            let after = board & !g.move_images(i, left)[0];
            let units = g.units(after, left);
            if g.counted_win(after, &units, left, false, theirs, (int_me, run_them)) {
                return None;
            }
        }
        let unsafe_moves = scored.iter().take_while(|&&w| w >> 56 == 0).count();
        Some(unsafe_moves)
    }

    fn check_memory(&self) -> Result<(), Exhausted> {
        let caches = (self.regions.len() + self.runs.len()) * 48;
        self.budget.check_memory(self.engine.memory(self.games) + self.table.bytes() + caches)
    }
}

/// How far below the other side's possible moves the estimate of [`worth_counting`] may be for
/// the count to be made: 4 (6 from session 32 to 33). On 6x8 with Vertical first, of the
/// counts made before session 32 (moves the side keeps as many possible moves after as the
/// other), none of the 28,824 below -6 decided, 25 of 37,032 at -6, 361 of 50,661 at -5 and
/// 1,090 of 48,972 at -4, against 19,141 of 91,798 at -3 or above. 8x8 with Vertical first
/// took 982,607 nodes and 8,051 M instructions at 6, 1,023,841 and 7,753 M at 5, and 976,693
/// and 9,216 M counting every move the side keeps as many possible moves after as the other (a
/// build with the slack as a switch). Since the table's lines are prefetched (session 34) a
/// count costs more of a node's time than a node costs, and 4 is quickest on a faster machine
/// (an Intel Xeon with 2 MB of L2 a core; `outcome_timings`, times of one run): 8x9 with holes
/// at (4,4) and (1,7), Horizontal first, 43,559,375 nodes 21.4-21.9 s at 6, 43,991,574 and
/// 20.3-20.5 s at 5, 46,374,567 and 20.0-20.2 s at 4, 54,032,432 and 21.3 s at 3, 70,768,714
/// and 22.8-23.4 s at 2; 6x10 with holes at (2,3), (3,7), (0,9), Vertical first, 1.01, 0.96,
/// 0.92, 0.96 and 1.08 s; 8x8 V 0.55-0.59, 0.52, 0.54, 0.58 and 0.79 s; 6x10, 7x10, 8x8 with
/// three holes and 8x9, both starts each, 28.3 s in all at 6, 27.1 at 5 and 26.4 at 4.
const COUNT_SLACK: i64 = 4;

/// Whether a move is worth counting before the search ([`Search::ordered_moves`]): whether
/// the side's sure moves after it, moving second, may outnumber the other side's possible
/// moves. With `safe` safe moves and `mine` possible moves, the side moving second is sure
/// of about its safe moves and half of the others; the move is counted when that is at
/// most [`COUNT_SLACK`] short of the other side's `theirs` possible moves, and `theirs` is
/// at most `mine`. An estimate, not a bound: a move not counted is only searched, never
/// decided wrongly.
fn worth_counting(safe: i64, mine: u32, theirs: u32) -> bool {
    let (mine, theirs) = (i64::from(mine), i64::from(theirs));
    theirs <= mine && safe + (mine - safe) / 2 + COUNT_SLACK >= theirs
}

/// The first cell of the move in a word of [`Search::ordered_moves`].
fn move_cell(word: u64) -> u32 {
    (word >> 16 & 0xff) as u32
}

/// The possible moves the moving side keeps after the move of a word of
/// [`Search::ordered_moves`].
fn move_mine(word: u64) -> u32 {
    (word >> 8 & 0xff) as u32
}

/// The moves an integer gives each side alone: `n > 0` is `n` moves for Left, `-n` for Right.
fn integer_moves(x: &Dyadic) -> (u32, u32) {
    let n = x.numerator();
    let small = |v: &num_bigint::BigInt| u32::try_from(v).unwrap_or(u32::MAX / 4);
    if n.sign() == num_bigint::Sign::Minus { (0, small(&-n)) } else { (small(n), 0) }
}
