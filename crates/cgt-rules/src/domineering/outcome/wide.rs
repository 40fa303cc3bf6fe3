//! Boards of up to 128 bits for the outcome search: each row is padded by one cell that is
//! never free, so that a horizontal domino or a flood fill cannot wrap from one row to the
//! next, and moves, regions and move counts are shifts and masks without edge masks.
//!
//! Left places vertical dominoes, Right horizontal ones (as in [`super::super::Board`]).

use super::super::Board;
use super::super::bits::Bits;

/// The shape of a padded board: bit `r * stride + c` is the cell in row `r`, column `c`, with
/// `stride = cols + 1` (column `cols` is the padding, never free).
///
/// `S` is the stride fixed at compile time, or 0 when it is read from the field: with it
/// fixed, every shift by the stride (and by the steps and blocks made of it) is a shift by a
/// constant, two instructions on a 128-bit word where a shift by a variable takes seven
/// (BENCHMARKS.md, "Domineering outcome search: shifts by constants"). [`Geometry::with_stride`]
/// makes one; the answers are the same either way. The counts of each side are compiled on
/// their own too ([`Geometry::units`], [`Geometry::counted_win`]), so that the steps along
/// and across (the stride or one cell) are constants as well.
#[derive(Clone, Copy, Debug)]
pub(super) struct Geometry<const S: u32 = 0> {
    rows: usize,
    cols: usize,
    stride: u32,
    /// The real cells of one row, as low bits.
    row_mask: u128,
    /// The cells of a block ([`Geometry::blocks`]) with first cell 0, and the first cells
    /// (from 0) of the blocks that overlap it, for Right ([0]) and Left ([1]), two lines wide
    /// and three.
    block_shapes: [[(u128, u128); 2]; 2],
    /// Where each move of Right ([0]) and Left ([1]) stands from the board's edges, by its
    /// first cell ([`Geometry::edge_rank`]).
    edge_ranks: [[u16; 128]; 2],
    /// Each move of Right ([0]) and Left ([1]) by its first cell, and its images under the
    /// symmetries of [`Geometry::images`] ([`Geometry::move_images`]): looked up, where making
    /// them takes shifts of a 128-bit word by a variable (seven instructions each) and a
    /// division (5% of the search's instructions on 6x8 with Vertical first, 561.7 M against
    /// 533.7 M under callgrind; session 35). 0 where no move starts.
    move_images: [[[u128; 4]; 128]; 2],
}

/// A side's sure moves on a board ([`Geometry::units`]): its safe moves, and units of which
/// no move of the other side touches two: open dominoes, protected-middle triples and blocks
/// of two or three lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Units {
    /// Disjoint dominoes on cells the other side can never cover.
    pub safe: u32,
    /// Their cells ([`Geometry::safe_pairs`]).
    pub safe_cells: u128,
    /// Triples in a line whose middle cell is protected: two moves destroy one.
    pub tough: u32,
    /// Dominoes with an exposed cell: one move destroys one.
    pub open: u32,
    /// Of those, the ones with both cells exposed.
    pub open_two: u32,
    /// The exposed cells of all the units.
    pub exposed: u128,
    /// Blocks: 2x2 squares of free cells with no free cell across from them (Bullock's
    /// protective areas, 2002): one move in a block makes the other line of it a safe move.
    pub blocks: u32,
    /// Of the blocks, those with no free cell across on one side only (a 2x2 square at an
    /// edge, say): the side plays the line away from that wall, which leaves the line
    /// against it a safe move.
    pub one_wall: u32,
    /// The cells of the blocks of both widths.
    pub block_cells: u128,
    /// Wide blocks: three lines of two free cells side by side, with no free cell across
    /// from them (2x3 for Left): a move in the middle line makes both others safe moves.
    pub wide: u32,
}

impl Units {
    /// The moves the side is sure to make, moving first or not. With `w` wide blocks, `k`
    /// blocks, `a` open dominoes and `t` triples, the side plays a damaged triple at once,
    /// otherwise the middle line of an untouched wide block while one is left (three moves:
    /// the two other lines are then safe moves), otherwise a line of an untouched block (two
    /// moves), otherwise an open domino. Each move of the other side destroys one block or
    /// one open domino at most, or turns a triple into an open domino that is answered at once
    /// (which changes no turn), so the units are taken in turn in that order, each worth no
    /// more than the one before: moving first, the side gets the first, third, fifth, ...
    /// (`ceil(w / 2)` wide blocks, then the blocks starting with the move if `w` is even),
    /// moving second the second, fourth, ... The other side may also play elsewhere, which
    /// only leaves more.
    pub(super) fn sure(&self, first: bool) -> u32 {
        let (mut to_move, mut total) = (first, self.safe + self.tough);
        for (n, worth) in [(self.wide, 3), (self.blocks, 2), (self.open, 1)] {
            total += worth * alternate_share(n, to_move);
            to_move ^= n % 2 == 1;
        }
        total
    }

    /// Whether the side has no units but its safe moves: then the other side can destroy
    /// nothing, and the side may spend its first moves on options
    /// ([`Geometry::option_values`]) at no cost.
    pub(super) fn is_plain(&self) -> bool {
        self.open == 0 && self.tough == 0 && self.blocks == 0 && self.wide == 0
    }

    /// The blocks of both widths the side is sure to play in, in the order of
    /// [`Units::sure`]: moving first, `ceil(w / 2)` wide blocks and then every other block
    /// starting with the move if `w` is even; moving second the rest of the alternation.
    /// Each such move leaves the other side's count of moves ([`Geometry::max_moves`]) two
    /// lower ([`Geometry::max_against_given`]).
    pub(super) fn blocks_played(&self, first: bool) -> u32 {
        let to_move = first ^ (self.wide % 2 == 1);
        alternate_share(self.wide, first) + alternate_share(self.blocks, to_move)
    }

    /// The cells the other side could cover now that the side is sure to take from it, in
    /// the order of [`Units::sure`] (wide blocks, blocks, open dominoes with two exposed
    /// cells, then with one, every other unit of that list): all six cells of a wide block
    /// and all four of a block (the lines it covers, and the lines that become safe moves),
    /// the exposed cells of an open domino, and one end of each triple.
    pub(super) fn cells_taken(&self, first: bool) -> u32 {
        let (mut to_move, mut total) = (first, self.tough);
        for (n, cells) in [(self.wide, 6), (self.blocks, 4), (self.open_two, 2), (self.open - self.open_two, 1)] {
            total += cells * alternate_share(n, to_move);
            to_move ^= n % 2 == 1;
        }
        total
    }
}

/// Of `n` units taken in turn, those the side gets: `ceil(n / 2)` when it takes the first,
/// `floor(n / 2)` when not (with no branch).
#[inline(always)]
fn alternate_share(n: u32, first: bool) -> u32 {
    (n + u32::from(first)) / 2
}

/// The number of cells of `b`. `count_ones` is a software routine on the baseline x86-64
/// target (no POPCNT) that counts each half of the word to its end; here the halves' counts
/// are added once they are in nibbles (at most 4 a nibble each, so 8 with both), and one
/// multiplication adds up the bytes of both.
#[inline(always)]
pub(super) fn cell_count(b: u128) -> u32 {
    const ONES: u64 = 0x5555_5555_5555_5555;
    const TWOS: u64 = 0x3333_3333_3333_3333;
    const NIBBLES: u64 = 0x0f0f_0f0f_0f0f_0f0f;
    const BYTES: u64 = 0x0101_0101_0101_0101;
    let pairs = |x: u64| {
        let x = x - ((x >> 1) & ONES);
        (x & TWOS) + ((x >> 2) & TWOS)
    };
    let nibbles = pairs(b as u64) + pairs((b >> 64) as u64);
    let bytes = (nibbles & NIBBLES) + ((nibbles >> 4) & NIBBLES);
    (bytes.wrapping_mul(BYTES) >> 56) as u32
}

/// Left's possible moves on a board and the runs of its columns ([`Geometry::column_runs`]).
#[derive(Clone, Copy, Debug)]
pub(super) struct ColumnRuns {
    /// [`Geometry::max_moves`] for Left.
    pub moves: u32,
    /// The cells an odd number of cells below the top of their run.
    odd: u128,
    /// The cells of the runs of even length.
    even: u128,
}

/// Right's possible moves on a board and the runs of its rows ([`Geometry::row_runs`]), as
/// [`ColumnRuns`] are Left's in the columns.
#[derive(Clone, Copy, Debug)]
pub(super) struct RowRuns {
    /// [`Geometry::max_moves`] for Right.
    pub moves: u32,
    /// The cells an odd number of cells right of the start of their run.
    odd: u128,
    /// The cells of the runs of even length.
    even: u128,
}

/// A way of choosing the open dominoes of [`Geometry::units`].
type OpenDominoes<const S: u32> = fn(&Geometry<S>, &mut Units, u128, u128, u128, bool);

/// A placement: the two cells of a domino, as bits of the padded board.
pub(super) type Domino = u128;

impl Geometry {
    /// The geometry of a `rows` x `cols` board, if its padded rows fit in 128 bits.
    pub(super) fn new(rows: usize, cols: usize) -> Option<Geometry> {
        let stride = cols.checked_add(1)?;
        if rows.checked_mul(stride)? > 128 || cols == 0 || rows == 0 {
            return None;
        }
        // The longest shift used is past a wide block of Right's, three rows and a cell
        // (`Geometry::blocks`): past 127 it would wrap (release) or panic (debug), and a board
        // of one row of 127 looped forever in `odd_below`. Such boards, one or two rows of 42
        // cells or more, are refused.
        if 3 * stride + 1 > 127 {
            return None;
        }
        let mut g = Geometry {
            rows,
            cols,
            stride: stride as u32,
            row_mask: (1u128 << cols) - 1,
            block_shapes: [[(0, 0); 2]; 2],
            edge_ranks: [[0; 128]; 2],
            move_images: [[[0; 4]; 128]; 2],
        };
        for left in [false, true] {
            for w in [2, 3] {
                g.block_shapes[usize::from(left)][w as usize - 2] = g.block_shape(left, w);
            }
            for r in 0..rows {
                for c in 0..cols {
                    let i = g.index(r, c);
                    g.edge_ranks[usize::from(left)][i] = g.edge_rank_of(r, c, left);
                    if (left && r + 1 < rows) || (!left && c + 1 < cols) {
                        g.move_images[usize::from(left)][i] = g.move_images_of(i as u32, left);
                    }
                }
            }
        }
        Some(g)
    }

    /// [`Geometry::edge_rank`] of the move of one side whose first cell is in row `r`,
    /// column `c`: how far its line is from the nearest edge across (the first line is 0),
    /// then how far its first cell is from the nearest end of its line (reading the line
    /// from either end: a domino on the first two cells is 0, as is one on the last two).
    fn edge_rank_of(&self, r: usize, c: usize, left: bool) -> u16 {
        // A line of the side's dominoes is a column for Left and a row for Right.
        let (line, lines, along, length) =
            if left { (c, self.cols, r, self.rows) } else { (r, self.rows, c, self.cols) };
        let from_edge = line.min(lines - 1 - line);
        // A domino starting at `along` covers `along + 1` too; read from the other end, it
        // starts at `length - 2 - along` (none starts on the last cell: 0 then).
        let from_end = along.min((length - 1).saturating_sub(along + 1));
        (from_edge << 7 | from_end) as u16
    }

    /// This geometry with its stride fixed at compile time as `T` (which must be its stride),
    /// or read from the field when `T` is 0.
    pub(super) fn with_stride<const T: u32>(self) -> Geometry<T> {
        assert!(T == 0 || T == self.stride, "a fixed stride is the board's");
        let Geometry { rows, cols, stride, row_mask, block_shapes, edge_ranks, move_images } = self;
        Geometry { rows, cols, stride, row_mask, block_shapes, edge_ranks, move_images }
    }
}

impl<const S: u32> Geometry<S> {
    /// The distance between a cell and the one below it: `cols + 1`.
    #[inline(always)]
    pub(super) fn stride(&self) -> u32 {
        if S == 0 { self.stride } else { S }
    }

    /// The cells of a block of `w` lines with first cell 0, and the first cells at or after
    /// 0 of the blocks that share a cell with it: a block at `t' >= t` meets the one at `t`
    /// when `t' - t` is the difference of two of its cells.
    /// (A step of 128 cells, on a board of one row of 127, holds no block: the shifts that
    /// would pass the last bit give 0.)
    fn block_shape(&self, left: bool, w: u32) -> (u128, u128) {
        let (step, across) = (self.step(left), self.step(!left));
        let pair = 1u128 | 1u128.checked_shl(step).unwrap_or(0);
        let shape = (0..w).fold(0u128, |m, j| m | pair.checked_shl(j * across).unwrap_or(0));
        let mut clash = 0u128;
        let mut rest = shape;
        while rest != 0 {
            clash |= shape >> rest.trailing_zeros();
            rest &= rest - 1;
        }
        (shape, clash)
    }

    /// The free cells of a board of this geometry.
    pub(super) fn free_cells(&self, board: &Board) -> u128 {
        let mut bits = 0u128;
        for r in 0..self.rows {
            for c in 0..self.cols {
                if board.is_free(r, c) {
                    bits |= 1 << self.index(r, c);
                }
            }
        }
        bits
    }

    fn index(&self, r: usize, c: usize) -> usize {
        r * self.stride() as usize + c
    }

    /// The number of rows.
    pub(super) fn rows(&self) -> usize {
        self.rows
    }

    /// The number of columns.
    pub(super) fn cols(&self) -> usize {
        self.cols
    }

    /// The first cells of every placement of one side: the top cell of a vertical domino
    /// (Left), the left cell of a horizontal one (Right).
    #[inline(always)]
    pub(super) fn anchors(&self, b: u128, left: bool) -> u128 {
        b & (b >> self.step(left))
    }

    /// The side's moves that another of its moves is at least as good as, so that they need
    /// not be searched: the first cells of the moves to drop.
    ///
    /// Say the side plays along `s` and `a`, `a + s`, `a + 2s` are free. After the move on
    /// `a, a + s` the board is `B'` (the board less the three cells) with `a + 2s` free;
    /// after the move on `a + s, a + 2s` it is `B'` with `a` free. A free cell the side can
    /// never cover (the cells beside it along `s` not free) can only help the other side,
    /// so `B'` with it is at most `B'` for the side (it wins `B' - (B' + x)` moving second by
    /// copying: the other side's moves off `x` are copied, and the side never needs `x`);
    /// a free cell the other side can never cover (no free cell across) is at least `B'`
    /// for the side, the same way. So:
    /// - when `a + 3s` is not free (the run ends at `a + 2s`) and `a` has no free cell
    ///   across, the move on `a, a + s` leaves a cell useless to the side and the move on
    ///   `a + s, a + 2s` a cell useless to the other: the second is at least as good;
    /// - the mirror image: when `a - s` is not free and `a + 2s` has no free cell across,
    ///   the move on `a + s, a + 2s` is dropped for the one on `a, a + s`, unless that one
    ///   is itself dropped by the first rule (a run of three with both ends so: the two
    ///   moves are equal, one is kept);
    /// - the side's safe moves (both cells with no free cell across) when it has a cheap
    ///   move ([`Geometry::cheap`]) left by the two rules above: after a safe move `m` the
    ///   position is at most `G - 1` (`Search::try_moves` proves `G >= G^m + 1`), after a
    ///   cheap move `n` at least `G - 1`, so `n` is at least as good. When every cheap move
    ///   is a safe move, the first of them is kept for the others.
    ///
    /// A move is dropped only for one that is kept, and a player to move who wins with a
    /// dropped move wins with the move kept for it (an option at least as good wins
    /// whenever a worse one does), so the outcome is the same.
    #[inline(always)]
    pub(super) fn dominated(&self, b: u128, left: bool) -> u128 {
        let s = self.step(left);
        let anchors = self.anchors(b, left);
        let useless_to_other = self.protected(b, left);
        let towards_end = anchors & (anchors >> s) & !(b >> (3 * s)) & useless_to_other;
        let towards_start = anchors & (anchors << s) & !(b << (2 * s)) & (useless_to_other >> s);
        let drop = towards_end | (towards_start & !(towards_end << s));
        let safe = anchors & useless_to_other & (useless_to_other >> s);
        let cheap = self.cheap(b, left) & !drop;
        if cheap & !safe != 0 {
            drop | safe
        } else if cheap != 0 {
            drop | (safe & !(cheap & cheap.wrapping_neg()))
        } else {
            drop
        }
    }

    /// The side's moves that cost it one move at most: after one (`n`, on `x, x + s`), the
    /// position is at least the position before less 1 for the side (`G^n >= G - 1` for
    /// Left): those with no free cell before and after them in their line (`x - s` and
    /// `x + 2s`), and those with one of the two free but with no free cell across from it.
    ///
    /// Proof for Left (Right is the mirror): Left wins `G^n + 1 - G` moving second. Right's
    /// moves on `G^n` are copied on `-G` (the free cells of `G^n` are those of `G` less
    /// `n`), and its moves on `-G`, which are Left's on `G`, are copied on `G^n` unless they
    /// meet `n`: then Left takes the `1` once. With no free cell before or after `n`, the
    /// only move that meets it is `n` itself, and the two boards are the same from then on.
    /// With `x - s` not free and `x + 2s` free, the other is `x + s, x + 2s`; after it the
    /// two boards are the board `B'` less the three cells with `x + 2s` free (on `G^n`) and
    /// with `x` free (on `G`): `x` Left can never cover (`x - s` and `x + s` are not free),
    /// `x + 2s` Right can never cover (no free cell across), so the first is at least `B'`
    /// and the second at most `B'` ([`Geometry::dominated`]'s argument), and Left wins the
    /// rest moving second. The case with `x + 2s` not free is the mirror image.
    #[inline(always)]
    pub(super) fn cheap(&self, b: u128, left: bool) -> u128 {
        let s = self.step(left);
        let anchors = self.anchors(b, left);
        let useless_to_other = self.protected(b, left);
        let (before, after) = (b << s, b >> (2 * s));
        anchors & ((!before & !after) | (!before & (useless_to_other >> (2 * s))) | (!after & (useless_to_other << s)))
    }

    /// The distance between the two cells of a domino of one side.
    #[inline(always)]
    pub(super) fn step(&self, left: bool) -> u32 {
        if left { self.stride() } else { 1 }
    }

    /// Where the move of one side whose first cell is `i` stands from the board's edges, as a
    /// number that orders moves nearest the edges first: its line's distance from the nearest
    /// edge across, then its distance from the nearest end of its line (each of at most 64,
    /// so the rank is under `2^13`). The search breaks ties of its move evaluation by it
    /// (`Search::ordered_moves`).
    #[inline(always)]
    pub(super) fn edge_rank(&self, i: u32, left: bool) -> u16 {
        self.edge_ranks[usize::from(left)][i as usize]
    }

    /// The domino of one side whose first cell is `i`.
    #[inline(always)]
    pub(super) fn domino(&self, i: u32, left: bool) -> Domino {
        let first = 1u128 << i;
        first | first << self.step(left)
    }

    /// The free cells next to (sharing a side with) the cells of `m`.
    pub(super) fn neighbours(&self, m: u128, b: u128) -> u128 {
        let s = self.stride();
        ((m << 1) | (m >> 1) | (m << s) | (m >> s)) & b & !m
    }

    /// The 4-connected region of `b` that holds the cells of `seed`.
    pub(super) fn region(&self, seed: u128, b: u128) -> u128 {
        let s = self.stride();
        let mut comp = seed & b;
        loop {
            // The padding column is never free, so a shift by one cannot leave a row.
            let grown = (comp | (comp << 1) | (comp >> 1) | (comp << s) | (comp >> s)) & b;
            if grown == comp {
                return comp;
            }
            comp = grown;
        }
    }

    /// An upper bound on the number of moves one side can still make on `b`, whatever
    /// happens: each line of cells in the side's direction (a column for Left, a row for
    /// Right) splits into runs of free cells, a run of `n` cells holds at most `n / 2`
    /// dominoes, and runs only shrink.
    #[inline(always)]
    pub(super) fn max_moves(&self, b: u128, left: bool) -> u32 {
        self.pairs(b, left).0
    }

    /// A lower bound on the moves one side can make on `b` whatever the other does: its
    /// dominoes on cells the other side can never cover (both neighbours across occupied),
    /// disjoint, `n / 2` in a run of `n` such cells (Bullock's safe moves, 2002).
    #[inline(always)]
    pub(super) fn safe_moves(&self, b: u128, left: bool) -> u32 {
        self.pairs(self.protected(b, left), left).0
    }

    /// The side's safe moves and units (after Bullock's safe and vulnerable moves, 2002).
    ///
    /// Besides its safe moves, the side keeps units of cells of which no move of the other
    /// side can touch two (their exposed cells, those with a free cell across, are never
    /// across from another unit's): a domino with an exposed cell, which one move of the
    /// other side destroys, and three cells in a line whose middle one is protected, which
    /// holds a move until both ends are covered, by two moves; and blocks, 2x2 squares with
    /// no free cell across ([`Geometry::blocks`]), two moves to the side playing in one first.
    ///
    /// Each side's count is compiled on its own ([`Geometry::units_with`] and what it calls
    /// are inlined with `left` fixed), so that the steps along and across are constants.
    pub(super) fn units(&self, b: u128, left: bool) -> Units {
        if left {
            self.units_with(b, true, Geometry::open_dominoes)
        } else {
            self.units_with(b, false, Geometry::open_dominoes)
        }
    }

    /// [`Geometry::units`] with the open dominoes chosen by `open`.
    #[inline(always)]
    fn units_with(&self, b: u128, left: bool, open: OpenDominoes<S>) -> Units {
        let protected = self.protected(b, left);
        let (safe, used) = self.safe_pairs(b, protected, left);
        let (step, across) = (self.step(left), self.step(!left));
        let free = b & !used;
        let exposed = free & !protected;
        let mut u = Units {
            safe,
            safe_cells: used,
            tough: 0,
            open: 0,
            open_two: 0,
            exposed: 0,
            blocks: 0,
            one_wall: 0,
            block_cells: 0,
            wide: 0,
        };
        let (wide, wide_cells) = self.blocks(b, free, left, 3);
        let (blocks, one_wall, block_cells, beyond) = self.square_blocks(b, free, left, wide_cells);
        u.blocks = blocks + one_wall;
        u.one_wall = one_wall;
        u.wide = wide;
        let block_cells = block_cells | wide_cells;
        u.block_cells = block_cells;
        // A move of the other side on a cell beyond a one-wall block also covers a cell of
        // the block: no other unit may have an exposed cell there.
        let (mut taken, mut touched) = (block_cells, beyond);
        let mut tops = exposed & ((protected & free) >> step) & (exposed >> (2 * step));
        while tops != 0 {
            let t = tops & tops.wrapping_neg();
            tops &= tops - 1;
            let unit = t | (t << step) | (t << (2 * step));
            let ends = t | (t << (2 * step));
            if unit & taken == 0 && ends & touched == 0 {
                taken |= unit;
                touched |= (ends << across) | (ends >> across) | ends;
                u.exposed |= ends;
                u.tough += 1;
            }
        }
        open(self, &mut u, self.anchors(free & !taken, left), exposed, touched, left);
        u
    }

    /// Disjoint blocks of `w` lines of two cells of `free` side by side (a 2 x `w` strip for
    /// Left) with no free cell of `b` across from them (for Left, none left of the left column
    /// and none right of the right one), lowest first: their number and their cells. With
    /// `w = 2`, a block is Bullock's protective area (2002).
    ///
    /// Why a block is worth two moves to the side that plays in it first (say Left, cells
    /// `a b` over `c d`): after Left plays `a c`, both `b` and `d` have no free cell across
    /// (`a` and `c` are filled, the cells right of them were never free), so `b d` is a safe
    /// move. In a wide block (`a b c` over `d e f`), Left plays `b e` and both `a d` and `c f`
    /// become safe moves the same way: three moves. Right can cover a cell of a block only
    /// with a move inside it, since the cells across from the block are not free: so a move
    /// of Right touches one block at most and no other unit, and Right makes at most two
    /// moves in a block it destroys (one in each of its two lines across, of two or three
    /// cells).
    #[inline(always)]
    fn blocks(&self, b: u128, free: u128, left: bool, w: u32) -> (u32, u128) {
        let (step, across) = (self.step(left), self.step(!left));
        // The cells of a strip with first cell 0 (`w` lines across, two cells each), and the
        // first cells of the strips that overlap it.
        let (shape, clash) = self.block_shapes[usize::from(left)][w as usize - 2];
        // The first cells of the side's dominoes on `free`, then of `w` of them side by side.
        let anchors = free & (free >> step);
        let square = (1..w).fold(anchors, |m, j| m & (anchors >> (j * across)));
        let open_across = (b << across) | ((b << across) >> step) | (b >> (w * across)) | (b >> (w * across + step));
        let mut tops = square & !open_across;
        let (mut n, mut cells) = (0, 0u128);
        while tops != 0 {
            // The lowest block left is taken, and every later one overlapping it struck out
            // (the earlier ones are gone already).
            let t = tops.trailing_zeros();
            n += 1;
            cells |= shape << t;
            tops &= !(clash << t);
        }
        (n, cells)
    }

    /// Disjoint 2x2 blocks of `free` cells (two lines of the side, side by side) with no free
    /// cell of `b` across from them on one side or on both, none overlapping `taken`, in one
    /// pass lowest first: how many have two walls and how many one, their cells, and the
    /// free cells beyond the one-wall blocks (on their open side).
    ///
    /// A block with two walls is worth two moves as in [`Geometry::blocks`]. Why one with a
    /// single wall is too (say Left, cells `a b` over `c d`, nothing free left of `a` and
    /// `c`): Left plays `b d`, the line away from the wall, and `a c` then has no free cell
    /// across (the wall on one side, `b` and `d` on the other), a safe move. Right covers a
    /// cell of the block with a move inside it, or with a move from a cell beyond `b` or `d`
    /// (the cells right of them); a move from beyond leaves `a c` an open domino. Either way
    /// it makes one move at most in each of the block's two lines across, so two at most, and
    /// none once Left has played `b d`. So that one move of Right touches one unit at most, a
    /// block is taken only if no cell beyond it is a cell of a block taken before, and none of
    /// its cells is beyond one; the cells beyond are returned so that no other unit has an
    /// exposed cell there.
    ///
    ///
    /// Both kinds are taken in one pass, lowest first cell first. Taking every block with two
    /// walls before any with one (as before session 26) packs fewer where the two overlap:
    /// along a strip two cells deep whose first square has one wall and the others two, the
    /// blocks with two walls start a cell in and leave one at each end.
    #[inline(always)]
    fn square_blocks(&self, b: u128, free: u128, left: bool, mut taken: u128) -> (u32, u32, u128, u128) {
        let (step, across) = (self.step(left), self.step(!left));
        let anchors = free & (free >> step);
        let square = anchors & (anchors >> across);
        let wall_before = !((b << across) | ((b << across) >> step));
        let wall_after = !((b >> (2 * across)) | (b >> (2 * across + step)));
        // The first cells of the squares that meet a set of cells.
        let meeting = |x: u128| {
            let line = x | x >> step;
            line | line >> across
        };
        // A square that meets a block taken or a cell beyond one is never taken: those are
        // struck out at once, as the taken cells grow, rather than one at a time.
        let mut tops = square & (wall_before | wall_after) & !meeting(taken);
        let (mut two, mut one, mut cells, mut beyond) = (0, 0, 0u128, 0u128);
        while tops != 0 {
            // The block's first cell as a bit, so that its cells and the cells beyond it are
            // shifts by the steps (constants where the stride is fixed), not by its place.
            let first = tops & tops.wrapping_neg();
            tops &= tops - 1;
            let line = first | first << step;
            let block = line | line << across;
            let (before, after) = (wall_before & first != 0, wall_after & first != 0);
            let out = match (before, after) {
                (true, true) => 0,
                (true, false) => (line << (2 * across)) & b,
                _ => (line >> across) & b,
            };
            if out & taken != 0 {
                continue;
            }
            if out == 0 {
                two += 1
            } else {
                one += 1
            }
            cells |= block;
            taken |= block;
            beyond |= out;
            tops &= !meeting(block | out);
        }
        (two, one, cells, beyond)
    }

    /// [`Geometry::square_blocks`], for the tests.
    #[cfg(test)]
    pub(super) fn square_blocks_for_tests(
        &self,
        b: u128,
        free: u128,
        left: bool,
        taken: u128,
    ) -> (u32, u32, u128, u128) {
        self.square_blocks(b, free, left, taken)
    }

    /// [`Geometry::blocks`] striking out the overlapping blocks one cell of the block taken at
    /// a time, for the tests.
    #[cfg(test)]
    pub(super) fn blocks_one_by_one(&self, b: u128, free: u128, left: bool, w: u32) -> (u32, u128) {
        let (step, across) = (self.step(left), self.step(!left));
        let pair = 1u128 | (1u128 << step);
        let shape = (0..w).fold(0u128, |m, j| m | (pair << (j * across)));
        let anchors = free & (free >> step);
        let square = (1..w).fold(anchors, |m, j| m & (anchors >> (j * across)));
        let open_across = (b << across) | ((b << across) >> step) | (b >> (w * across)) | (b >> (w * across + step));
        let mut tops = square & !open_across;
        let (mut n, mut cells) = (0, 0u128);
        while tops != 0 {
            let t = tops.trailing_zeros();
            let block = shape << t;
            assert_eq!(block >> t, shape, "a block runs off the board");
            n += 1;
            cells |= block;
            let mut rest = shape;
            while rest != 0 {
                tops &= !(block >> rest.trailing_zeros());
                rest &= rest - 1;
            }
        }
        (n, cells)
    }

    /// [`Geometry::blocks`], for the tests.
    #[cfg(test)]
    pub(super) fn blocks_for_tests(&self, b: u128, free: u128, left: bool, w: u32) -> (u32, u128) {
        self.blocks(b, free, left, w)
    }

    /// Adds to `u` the open dominoes of one side, greedily from the lowest first cell among
    /// `anchors` (the first cells of its dominoes on cells no unit has taken): a domino is
    /// taken unless it overlaps one taken before or one of its exposed cells is `touched`
    /// (an exposed cell of a unit taken before, or across from one).
    ///
    /// Taken cells and touched cells only grow, so a domino refused once is refused for good:
    /// each domino taken strikes out at once every first cell it refuses, and the lowest one
    /// left is always taken. The loop runs once per domino taken, not once per domino (this
    /// loop was a third of the search's time), with the same result as trying each in turn
    /// ([`Geometry::open_dominoes_one_by_one`], which the tests compare it with).
    #[inline(always)]
    fn open_dominoes(&self, u: &mut Units, mut anchors: u128, exposed: u128, touched: u128, left: bool) {
        let (step, across) = (self.step(left), self.step(!left));
        let bad = exposed & touched;
        anchors &= !(bad | (bad >> step));
        while anchors != 0 {
            let t = anchors & anchors.wrapping_neg();
            let m = t | (t << step);
            let ends = m & exposed;
            let near = (ends << across) | (ends >> across) | ends;
            u.exposed |= ends;
            u.open += 1;
            u.open_two += u32::from(ends == m);
            let bad = exposed & near;
            anchors &= !(m | (m >> step) | bad | (bad >> step));
        }
    }

    /// [`Geometry::open_dominoes`] trying every domino in turn, for the tests.
    #[cfg(test)]
    fn open_dominoes_one_by_one(&self, u: &mut Units, mut anchors: u128, exposed: u128, mut touched: u128, left: bool) {
        let across = self.step(!left);
        let mut taken = 0u128;
        while anchors != 0 {
            let i = anchors.trailing_zeros();
            anchors &= anchors - 1;
            let m = self.domino(i, left);
            let ends = m & exposed;
            if m & taken == 0 && ends & touched == 0 {
                taken |= m;
                touched |= (ends << across) | (ends >> across) | ends;
                u.exposed |= ends;
                u.open += 1;
                u.open_two += u32::from(ends == m);
            }
        }
    }

    /// [`Geometry::units`] with the open dominoes tried one by one, for the tests.
    #[cfg(test)]
    pub(super) fn units_one_by_one(&self, b: u128, left: bool) -> Units {
        self.units_with(b, left, Geometry::open_dominoes_one_by_one)
    }

    /// Whether the side of `units` (Left when `left`) is sure to make more moves than the
    /// other side can ([`Geometry::max_against_given`]) moving first, or at least as many
    /// moving second; `alone` is the other side's [`Geometry::max_moves`], `mine` the moves
    /// the side has besides and `theirs` the other's.
    pub(super) fn counted_win(
        &self,
        b: u128,
        units: &Units,
        left: bool,
        first: bool,
        alone: u32,
        extra: (u32, u32),
    ) -> bool {
        // Each side compiled on its own, as in `Geometry::units`.
        if left {
            self.counted_win_for(b, units, true, first, alone, extra)
        } else {
            self.counted_win_for(b, units, false, first, alone, extra)
        }
    }

    /// [`Geometry::counted_win`], inlined where `left` is known.
    #[inline(always)]
    fn counted_win_for(
        &self,
        b: u128,
        units: &Units,
        left: bool,
        first: bool,
        alone: u32,
        (mine, theirs): (u32, u32),
    ) -> bool {
        let sure = units.sure(first).saturating_add(mine);
        let wins = |bound: u32| {
            let bound = bound.saturating_add(theirs);
            if first { sure > bound } else { sure >= bound }
        };
        let (others, cells) = self.bound_parts(b, units, left, first, alone);
        if wins(others.min(cells / 2)) {
            return true;
        }
        // The options only lower the count of cells, by at most three cells for every other
        // safe move (one for every other when the side has units): looked for only when
        // that could be enough.
        let most = if units.is_plain() { 3 } else { 1 } * units.safe.div_ceil(2);
        if wins(cells.saturating_sub(most) / 2) && wins(self.max_against_given(b, units, left, first, (others, cells)))
        {
            return true;
        }
        first && self.counted_win_by_option(b, units, left, alone, (mine, theirs))
    }

    /// Whether the side of `units`, moving first, wins by spending its first move on its best
    /// option ([`Geometry::option_values`]) and then counting as the side moving second,
    /// when that count ([`Units::sure`]) is the same as moving first (an even number of units
    /// in each class of its order, say, or none). The first move is one of its safe moves, so
    /// it still makes `sure(false)` moves in all; the other side then moves first against
    /// the same units, on a board with fewer cells it can cover (the option's cell and the
    /// cells it leaves with no free cell across): its bound moving first
    /// ([`Geometry::max_against_given`]) less those cells, each of its three counts only
    /// larger on the board before the move. The cells are none of the units' (their exposed
    /// cells and blocks are left out), so nothing is counted twice. The side wins when its
    /// moves outnumber that bound (it moved first).
    #[inline(always)]
    pub(super) fn counted_win_by_option(
        &self,
        b: u128,
        units: &Units,
        left: bool,
        alone: u32,
        (mine, theirs): (u32, u32),
    ) -> bool {
        if units.is_plain() || units.sure(false) != units.sure(true) {
            return false;
        }
        let sure = units.sure(false).saturating_add(mine);
        let (others, cells) = self.bound_parts(b, units, left, false, alone);
        // An option is worth three cells at most.
        if sure <= others.min(cells.saturating_sub(3) / 2).saturating_add(theirs) {
            return false;
        }
        let (worth, _) = self.option_values(b, left, units.safe_cells, units.exposed | units.block_cells);
        let Some(best) = (1..4).rev().find(|&v| worth[v] > 0) else { return false };
        sure > (cells.saturating_sub(best as u32) / 2).saturating_add(theirs)
    }

    /// An upper bound on the moves the other side (of `units`, Right when `left`) can make
    /// on `b` while the side of `units` plays them, that side moving first or not.
    ///
    /// Besides every move it could make alone ([`Geometry::max_moves`]), it is: its moves off
    /// the units' exposed cells, at most `max_moves` of the board without them; plus one move
    /// per exposed cell it covers. No move covers two exposed cells, a unit played is covered
    /// whole, so those are at most both ends of every triple and the exposed cells of the
    /// dominoes it destroys: the largest (two exposed cells first) of those the side playing
    /// the largest first leaves it, every other one. A block it destroys gives it two moves
    /// at most (one in each line across, [`Geometry::blocks`]) and none once the side has
    /// played in it; its moves on no block cell and no exposed cell are at most `max_moves`
    /// of the board without them. The side takes wide blocks first, then blocks, then
    /// dominoes with two exposed cells, then those with one ([`Units::sure`]), one each turn,
    /// and each move of the other side destroys at most one of them: so it gets at most every
    /// other one in that order (taking the best left each time is its best), the second,
    /// fourth, ... when the side moves first, the first, third, ... when it moves second, and
    /// those are worth two, two, two and one to it.
    ///
    /// It is also `alone` less two for each block the side is sure to play in
    /// ([`Units::blocks_played`]). `alone` sums `n / 2` over the other side's runs: each of
    /// its moves takes one from it at least (a run of `n` leaves two of `a` and `b` with
    /// `a + b = n - 2`), and no move adds to it. The side's move in an untouched block
    /// takes one from each of the block's two lines across: the block's cells there start
    /// a run (the wall) and the move covers the second cell, leaving the first alone, so
    /// `n / 2` becomes `(n - 2) / 2` (in a wide block the middle cell of a run of three).
    /// The order the side plays in is the one [`Units::sure`] counts by, with the units worth
    /// five, four and one (moves made plus moves taken from the other): the other side
    /// leaves it fewest by destroying the best unit left each time, so with `k` blocks
    /// played the other makes at most `alone - 2k` moves whatever it does, and leaving a
    /// block alone to destroy a lesser unit raises the side's moves and lowers its own.
    ///
    /// And it is half the cells it can cover now (free, with a free cell across: every cell
    /// it will ever cover is one) less those the side is sure to take from it
    /// ([`Units::cells_taken`]): covered, or made safe for the side. In the order of
    /// [`Units::sure`] a unit is worth twelve, eight, four and three (twice the moves made
    /// plus the cells taken), so destroying the best unit left is again the other side's best.
    ///
    /// The cells of the side's options ([`Geometry::option_values`]) are taken too. A side
    /// with safe moves only plays its best option each turn from the start ([`alternate`]).
    /// A side with units plays them first, then options (each counted as one cell), then its
    /// other safe moves; only options whose cell is neither a unit's exposed cell or a block
    /// cell nor across from one count, so that no move of the other side both touches a unit
    /// and covers an option cell. Had every move of the other side destroyed a unit, the units
    /// run out after one turn each (a triple hit is answered at once, which changes no turn),
    /// and the options then alternate from the side whose turn it is. Each move of the other
    /// side that destroys no unit leaves the side one more unit (worth three or more in the
    /// measure above) and costs it at most three options (two covered, one from the turn
    /// changing hands), so it never lowers twice the side's moves plus the cells taken, and
    /// the count stays a bound.
    ///
    /// `others` and `cells` are [`Geometry::bound_parts`] of the same board, units and turn
    /// (made once for both of `counted_win`'s tests).
    #[inline(always)]
    pub(super) fn max_against_given(
        &self,
        b: u128,
        units: &Units,
        left: bool,
        first: bool,
        (others, cells): (u32, u32),
    ) -> u32 {
        others.min(cells.saturating_sub(self.option_cells(b, units, left, first)) / 2)
    }

    /// The parts of [`Geometry::max_against_given`] without the options: the least of the
    /// counts by moves (`shrunk` and `contested`), and the cells the other side may still
    /// cover (half of them bound its moves).
    #[inline(always)]
    fn bound_parts(&self, b: u128, units: &Units, left: bool, first: bool, alone: u32) -> (u32, u32) {
        let (open, two) = (units.open, units.open_two);
        // Blocks of both widths and dominoes with two exposed cells are worth two moves to
        // the other side, the dominoes with one exposed cell one.
        let big = units.blocks + units.wide + two;
        let big_killed = if first { big / 2 } else { big.div_ceil(2) };
        let ones_first = first == big.is_multiple_of(2);
        let ones_killed = if ones_first { (open - two) / 2 } else { (open - two).div_ceil(2) };
        let killed = 2 * big_killed + ones_killed;
        let contested = self.max_moves(b & !units.exposed & !units.block_cells, !left) + 2 * units.tough + killed;
        let shrunk = alone.saturating_sub(2 * units.blocks_played(first));
        let coverable = cell_count(b & !self.protected(b, left));
        (shrunk.min(contested), coverable.saturating_sub(units.cells_taken(first)))
    }

    /// The cells the side's options take from the other side ([`Geometry::max_against_given`]):
    /// a side with safe moves only plays its best option each turn from the start, and the
    /// other side covers the best option cell left each turn ([`alternate`]); a side with units
    /// plays its options after them.
    #[inline(always)]
    fn option_cells(&self, b: u128, units: &Units, left: bool, first: bool) -> u32 {
        if units.is_plain() {
            let (worth, adjacent) = self.option_values(b, left, units.safe_cells, 0);
            return alternate(worth, adjacent, first);
        }
        // Options whose cell no move that touches a unit can cover, played after the units,
        // one a turn from the turn the units run out.
        let near = units.exposed | units.block_cells;
        let across = self.step(!left);
        let (worth, adjacent) =
            self.option_values(b, left, units.safe_cells, near | (near << across) | (near >> across));
        let n = worth[1] + worth[2] + worth[3];
        if n == 0 {
            return 0;
        }
        let pure_first = first ^ ((units.wide + units.blocks + units.open) % 2 == 1);
        alternate([0, n, 0, 0], adjacent, pure_first)
    }

    /// The side's options: how many are worth one, two and three cells to it, and whether
    /// two option cells are side by side across (one move of the other side could cover both).
    ///
    /// An option is a safe move `p q` (both cells protected, [`Geometry::safe_pairs`]) with a
    /// free cell `x` next to it in the side's direction (`p q x` in a line, or `x p q`) that
    /// the other side can cover and that is none of `excluded` (the cells of the side's
    /// units). Playing `q x` instead of `p q` is still one move and leaves `p` alone (a single
    /// protected cell, of use to nobody), but covers `x`, which the other side could have
    /// covered; and each cell across from `x` whose only free cell across is `x` (and is
    /// neither excluded nor an option cell itself) can then never be covered either. Those
    /// cells, `x` included, are the option's worth. The other side can only take an option
    /// away by covering `x` (a cell across from `x` can only be covered with `x`), with one
    /// of its own moves, which cover two of its cells anyway: so an option played before its
    /// cell is covered takes its worth from the cells the other side will ever cover, and each
    /// move of the other side takes away one option at most, or two when their cells are side
    /// by side across. A pair with cells free on both ends is one option (the better end),
    /// and each cell is the option of one pair.
    #[inline(always)]
    pub(super) fn option_values(&self, b: u128, left: bool, used: u128, excluded: u128) -> ([u32; 4], bool) {
        let (step, across) = (self.step(left), self.step(!left));
        let protected = self.protected(b, left);
        let cand = b & !protected & !used & !excluded;
        // The second cells of the pairs: a pair is two used cells in a line, the second with
        // the first before it; `used` pairs greedily, so the second cells are those at an odd
        // distance from the start of their run of used cells.
        let seconds = if left { self.odd_below(used) } else { odd_across(used) };
        let firsts = seconds >> step;
        let after = (seconds << step) & cand;
        let before = (firsts >> step) & cand;
        if after | before == 0 {
            return ([0; 4], false);
        }
        // Cells across from an option cell whose only free cell across it is: dead once it is
        // covered.
        let dead_of = |x: u128| -> u32 {
            let mut n = 0;
            for y in [x << across, x >> across] {
                let y = y & b & !protected & !excluded;
                if y != 0 {
                    let other = if y == x << across { y << across } else { y >> across };
                    if other & b == 0 && y & (after | before) == 0 {
                        n += 1;
                    }
                }
            }
            n
        };
        // How many options are worth one, two and three cells (index 0 unused).
        let mut worth = [0u32; 4];
        let mut pairs = seconds & ((after >> step) | (before << (2 * step)));
        let mut xs = 0u128;
        while pairs != 0 {
            let s = pairs & pairs.wrapping_neg();
            pairs &= pairs - 1;
            // Each cell is the option of one pair at most.
            let (mut best, mut cell) = (0, 0u128);
            for x in [(s << step) & after & !xs, (s >> (2 * step)) & before & !xs] {
                if x != 0 && 1 + dead_of(x) > best {
                    (best, cell) = (1 + dead_of(x), x);
                }
            }
            if cell != 0 {
                xs |= cell;
                worth[best as usize] += 1;
            }
        }
        // One move of the other side covers one option cell, or two side by side across.
        (worth, xs & ((xs << across) | (xs >> across)) != 0)
    }
}

/// The cells a side with options worth `worth` ([`Geometry::option_values`]) is sure to
/// take when it plays its best option left each turn and the other side takes away the best
/// one left each turn (one a move, or two when option cells are side by side across): of the
/// options from best to worst, the first, third, fifth, ... when the side moves first, the
/// second, fourth, ... when it moves second (every third when two go at a time).
fn alternate(worth: [u32; 4], adjacent: bool, first: bool) -> u32 {
    let (period, start) = match (adjacent, first) {
        (false, true) => (2, 0),
        (false, false) => (2, 1),
        (true, true) => (3, 0),
        (true, false) => (3, 2),
    };
    let (mut total, mut k) = (0, 0u32);
    for v in [3, 2, 1] {
        for _ in 0..worth[v as usize] {
            if k >= start && (k - start).is_multiple_of(period) {
                total += v;
            }
            k += 1;
        }
    }
    total
}

impl<const S: u32> Geometry<S> {
    /// The free cells of `b` the other side can never cover: no free cell across.
    #[inline(always)]
    pub(super) fn protected(&self, b: u128, left: bool) -> u128 {
        let across = self.step(!left);
        b & !(b << across) & !(b >> across)
    }

    /// The side's safe moves: the most disjoint dominoes on the cells of `protected` (those
    /// of `b` the other side can never cover), and their cells.
    ///
    /// A run of protected cells of odd length leaves one cell alone. [`Geometry::pairs`]
    /// leaves the last; here a run with a free cell just before it that the other side can
    /// cover leaves its first instead, so that the cell left and that free one make a
    /// domino for [`Geometry::units`] (a unit whose one exposed cell is that free cell), as
    /// the last cell does with a free cell after the run. The number of safe moves is the
    /// same either way.
    #[inline(always)]
    pub(super) fn safe_pairs(&self, b: u128, protected: u128, left: bool) -> (u32, u128) {
        let step = self.step(left);
        let starts = protected & !(protected << step);
        let open_before = starts & ((b & !protected) << step);
        if open_before == 0 {
            return self.pairs(protected, left);
        }
        // The ends of the odd runs (an even distance from their start), spread back over
        // their runs.
        let odd = if left { self.odd_below(protected) } else { odd_across(protected) };
        let mut odd_runs = protected & !(protected >> step) & !odd;
        loop {
            let grown = odd_runs | ((odd_runs >> step) & protected);
            if grown == odd_runs {
                break;
            }
            odd_runs = grown;
        }
        self.pairs(protected & !(open_before & odd_runs), left)
    }

    /// The greatest number of disjoint dominoes of one side on the cells of `b` (the sum of
    /// `n / 2` over its runs) and the cells they cover, pairing greedily from the start of
    /// each run: the second cell of each pair is a cell an odd number of cells from its run's
    /// start, so both come from those cells, with one popcount (`count_ones` is a software
    /// routine on the baseline x86-64 target, no POPCNT) and no loop over the lines.
    #[inline(always)]
    pub(super) fn pairs(&self, b: u128, left: bool) -> (u32, u128) {
        let second = if left { self.odd_below(b) } else { odd_across(b) };
        (cell_count(second), second | (second >> self.step(left)))
    }

    /// The cells of `b` an odd number of cells below the top of their run in a column: the
    /// cells with at least `k` free cells above them in a row are `run_k`, `run_(k+1)` is
    /// `run_k & (run_k << stride)`, and a cell with `n` above is in `run_1 .. run_n`, so the
    /// parity of `n` is the XOR of those sets (at most `rows - 1` rounds).
    #[inline(always)]
    fn odd_below(&self, b: u128) -> u128 {
        let (mut run, mut odd) = (b, 0u128);
        loop {
            run &= run << self.stride();
            if run == 0 {
                return odd;
            }
            odd ^= run;
        }
    }

    /// Left's possible moves on `b` ([`Geometry::max_moves`]) with what it takes to find them
    /// after any one move at once ([`Geometry::left_moves_after`]): the cells an odd number of
    /// cells below the top of their run in a column, and the cells of the runs of even length
    /// (those whose bottom cell is one of the first, filled up through the run).
    pub(super) fn column_runs(&self, b: u128) -> ColumnRuns {
        let s = self.stride();
        let odd = self.odd_below(b);
        let bottoms = b & !(b >> s);
        let mut even = bottoms & odd;
        loop {
            let grown = even | ((even >> s) & b);
            if grown == even {
                break;
            }
            even = grown;
        }
        ColumnRuns { moves: cell_count(odd), odd, even }
    }

    /// Left's possible moves ([`Geometry::max_moves`]) after a move of one side whose first
    /// cell is `first`, from the board's [`ColumnRuns`], with no pass over the columns.
    ///
    /// A run of `n` cells holds `n / 2` (rounded down); only the runs the move covers change.
    /// Left's move covers two cells of one run, `a` cells below its top (`a` odd when its first
    /// cell is an odd one), leaving runs of `a` and `n - 2 - a`: one move fewer, or two when
    /// both are odd, which is when `a` is odd and `n` even. Right's move covers one cell in
    /// each of two columns; a cell `a` below the top of a run of `n` leaves runs of `a` and
    /// `n - 1 - a`: one move fewer unless both are even, which is when `a` is even and `n`
    /// odd, the cell neither an odd one nor in a run of even length.
    #[inline(always)]
    pub(super) fn left_moves_after(&self, runs: &ColumnRuns, first: u128, left: bool) -> u32 {
        if left {
            runs.moves - 1 - u32::from(first & runs.odd & runs.even != 0)
        } else {
            let lose = runs.odd | runs.even;
            runs.moves - u32::from(first & lose != 0) - u32::from((first << 1) & lose != 0)
        }
    }

    /// Right's possible moves on `b` ([`Geometry::max_moves`]) with what it takes to find
    /// them after any one move at once ([`Geometry::right_moves_after`]). A cell `a` cells
    /// right of the start of a run of `n` is `n - 1 - a` cells left of its end, and `a` and
    /// `n - 1 - a` differ in parity exactly when `n` is even: so the cells of the runs of even
    /// length are those an odd distance from one end of their run and an even distance from
    /// the other, the odd cells from the start ([`odd_across`]) against those from the end
    /// (the same on the board turned a half turn, which reverses every row).
    pub(super) fn row_runs(&self, b: u128) -> RowRuns {
        let odd = odd_across(b);
        let odd_from_end = self.half_turn(odd_across(self.half_turn(b)));
        RowRuns { moves: cell_count(odd), odd, even: odd ^ odd_from_end }
    }

    /// Right's possible moves ([`Geometry::max_moves`]) after a move of one side whose first
    /// cell is `first`, from the board's [`RowRuns`], with no pass over the rows: as
    /// [`Geometry::left_moves_after`] with the roles of the sides exchanged (Right's move
    /// covers two cells of one run of a row, Left's one cell in each of two rows).
    #[inline(always)]
    pub(super) fn right_moves_after(&self, runs: &RowRuns, first: u128, left: bool) -> u32 {
        if left {
            let lose = runs.odd | runs.even;
            runs.moves - u32::from(first & lose != 0) - u32::from((first << self.stride()) & lose != 0)
        } else {
            runs.moves - 1 - u32::from(first & runs.odd & runs.even != 0)
        }
    }

    /// The greatest number of disjoint dominoes of one side, one line across the board at a
    /// time (rows for Left, columns for Right): the plain count [`Geometry::pairs`] is
    /// checked against.
    #[cfg(test)]
    pub(super) fn pairs_by_lines(&self, b: u128, left: bool) -> (u32, u128) {
        let first_col = (0..self.rows).fold(0u128, |m, r| m | 1 << (r * self.stride() as usize));
        let (lines, shift, mask) =
            if left { (self.rows, self.stride(), self.row_mask) } else { (self.cols, 1, first_col) };
        let (mut open, mut used) = (0u128, 0u128);
        for i in 0..lines as u32 {
            let line = (b >> (i * shift)) & mask;
            let paired = open & line;
            if paired != 0 {
                used |= (paired << (i * shift)) | (paired << ((i - 1) * shift));
            }
            open = line & !paired;
        }
        (used.count_ones() / 2, used)
    }

    /// The least of the board's images under the symmetries of the rectangle that keep the
    /// players' roles (flips top to bottom, left to right, and both), which have its value.
    pub(super) fn least_image(&self, b: u128) -> u128 {
        self.least_image_given(b, self.upside_down(b))
    }

    /// [`Geometry::least_image`] given the board with its rows in reverse order.
    pub(super) fn least_image_given(&self, b: u128, upside_down: u128) -> u128 {
        b.min(upside_down).min(self.half_turn(b)).min(self.half_turn(upside_down))
    }

    /// The board's images under the symmetries that keep the players' roles (itself, upside
    /// down, turned a half turn, and both), for [`Geometry::least_image_after`].
    pub(super) fn images(&self, b: u128) -> [u128; 4] {
        let upside_down = self.upside_down(b);
        [b, upside_down, self.half_turn(b), self.half_turn(upside_down)]
    }

    /// [`Geometry::least_image`] of the board after the move of one side with first cell `i`,
    /// from the board's [`Geometry::images`]: each symmetry moves the domino to a domino, so
    /// each image of the board after the move is the board's image without the domino's
    /// image (two bit reversals of the whole board less per move).
    #[inline(always)]
    pub(super) fn least_image_after(&self, images: &[u128; 4], i: u32, left: bool) -> u128 {
        let m = self.move_images(i, left);
        let (a, b) = (images[0] & !m[0], images[1] & !m[1]);
        let (c, d) = (images[2] & !m[2], images[3] & !m[3]);
        a.min(b).min(c).min(d)
    }

    /// The move of one side with first cell `i` (a cell where one starts), and its images
    /// upside down, turned a half turn, and both, in the order of [`Geometry::images`]: from
    /// a table made with the board's geometry ([`Geometry::move_images_of`]).
    #[inline(always)]
    pub(super) fn move_images(&self, i: u32, left: bool) -> &[u128; 4] {
        &self.move_images[usize::from(left)][i as usize]
    }

    /// [`Geometry::move_images`], made.
    fn move_images_of(&self, i: u32, left: bool) -> [u128; 4] {
        let flipped = self.domino_upside_down(i, left);
        [
            self.domino(i, left),
            flipped,
            self.domino_half_turn(i, left),
            self.domino_half_turn(flipped.trailing_zeros(), left),
        ]
    }

    /// The domino of one side with first cell `i` turned a half turn ([`Geometry::half_turn`]
    /// sends cell `j` to `rows * stride - 2 - j`, so the second cell becomes the first).
    #[inline(always)]
    fn domino_half_turn(&self, i: u32, left: bool) -> Domino {
        self.domino(self.rows as u32 * self.stride() - 2 - i - self.step(left), left)
    }

    /// The domino of one side with first cell `i`, its rows in reverse order: the board
    /// after a move, upside down, is the board upside down without this.
    pub(super) fn domino_upside_down(&self, i: u32, left: bool) -> Domino {
        let (r, c) = (i / self.stride(), i % self.stride());
        self.domino((self.rows as u32 - 1 - r - u32::from(left)) * self.stride() + c, left)
    }

    /// The board turned a half turn: reversing all 128 bits sends cell `i` to `127 - i`, and
    /// the shift brings cell `(r, c)` to `(rows - 1 - r, cols - 1 - c)` (the padding column
    /// stays at the end of each row).
    pub(super) fn half_turn(&self, b: u128) -> u128 {
        b.reverse_bits() >> (129 - self.rows as u32 * self.stride())
    }

    /// The board with its rows in reverse order.
    pub(super) fn upside_down(&self, b: u128) -> u128 {
        let s = self.stride();
        let mut out = 0u128;
        for r in 0..self.rows as u32 {
            let row = (b >> (r * s)) & self.row_mask;
            out |= row << ((self.rows as u32 - 1 - r) * s);
        }
        out
    }

    /// The region `m` cropped to its bounding box as a bit board for the exact engine, if
    /// that box has at most 64 cells.
    pub(super) fn region_bits(&self, m: u128) -> Option<Bits> {
        let s = self.stride() as usize;
        let (first, last) = (m.trailing_zeros() as usize, 127 - m.leading_zeros() as usize);
        let (r0, r1) = (first / s, last / s);
        let mut seen = 0u128;
        for r in r0..=r1 {
            seen |= (m >> (r * s)) & self.row_mask;
        }
        let c0 = seen.trailing_zeros() as usize;
        let cols = 128 - seen.leading_zeros() as usize - c0;
        let rows = r1 - r0 + 1;
        if rows * cols > 64 {
            return None;
        }
        let mut bits = 0u64;
        for r in r0..=r1 {
            let row = ((m >> (r * s + c0)) & ((1u128 << cols) - 1)) as u64;
            bits |= row << ((r - r0) * cols);
        }
        Bits::new(rows, cols, bits)
    }

    /// The free cells transposed (rows become columns), when the board is square.
    pub(super) fn images_of_transpose(&self, b: u128) -> Vec<u128> {
        let n = self.rows;
        let mut out = Vec::new();
        if n != self.cols {
            return out;
        }
        for (flip_r, flip_c) in [(false, false), (false, true), (true, false), (true, true)] {
            let mut img = 0u128;
            for r in 0..n {
                for c in 0..n {
                    if b >> self.index(r, c) & 1 == 1 {
                        let (r2, c2) = (if flip_r { n - 1 - c } else { c }, if flip_c { n - 1 - r } else { r });
                        img |= 1 << self.index(r2, c2);
                    }
                }
            }
            out.push(img);
        }
        out
    }
}

/// The cells at even bit positions.
const EVEN: u128 = 0x5555_5555_5555_5555_5555_5555_5555_5555;

/// The cells of `b` an odd number of cells right of the start of their run in a row. Adding
/// a run's first bit to `b` carries through the run and clears it (the padding cell after
/// each row is never free, so the carry stops inside the row), which picks out the runs that
/// start at an even position in one addition; in those, the cells at odd positions are an odd
/// distance from the start, and in the others the cells at even positions.
fn odd_across(b: u128) -> u128 {
    let starts = b & !(b << 1);
    let even_runs = b & !b.wrapping_add(starts & EVEN);
    (even_runs & !EVEN) | (b & !even_runs & EVEN)
}
