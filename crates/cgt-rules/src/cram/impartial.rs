//! The Grundy values of Cram regions of at most 64 cells by pruned search, the method of
//! Beling & Rogalski ("On pruning search trees of impartial games", AI 283, 2020): a region is
//! asked whether its value is in a set of values, and each option is asked in turn only about
//! the values that can still matter, so that most options are settled without their values
//! (see `Solver::value_in`). It refines the outcome search of Lemoine & Viennot ("Nimbers are
//! inevitable", TCS 462, 2012), which asks one value at a time, and the top of the search
//! still does (`Solver::region_value`).
//!
//! An option is a sum of regions A + B + ... + Z with Z the largest: the values of the small
//! regions are found (and kept) first, and only the largest one is asked about, for the wanted
//! values each nim-added to theirs (Sprague–Grundy, CGT IV.1); two equal regions cancel. The
//! boards are first made smaller without changing their values ([`Region::reduced`]), and the
//! horizontal dominoes of some 2x2 blocks are not played, which splits more boards into regions
//! ([`Region::idle_horizontals`]). Every region is kept in its normal form with its value once
//! found.
//!
//! The search recurses, each level on a region with fewer free cells, so its depth is at most a
//! few times 64. On a machine with two cores, and when the budget allows two threads, the top
//! search of a region of at least [`PARALLEL_CELLS`] free cells is shared with a helper thread
//! ([`parallel`]): each asks options in turn, with tables of its own, and they hand each other
//! the values they find.

use cgt_core::hash::FxHashMap;
use cgt_core::{Budget, Exhausted};

use self::small::SmallValues;
use super::bits::Region;

mod parallel;
mod small;
#[cfg(test)]
mod tests;

/// The tables of regions' values; keep one to share work between boards.
pub(crate) struct Solver {
    /// The values of regions, each keyed by its normal form.
    values: FxHashMap<Region, u8>,
    /// Values regions were shown not to have, bit k for the value k < 64, in a table of fixed
    /// size where a region takes its slot from whatever was there. A search of a region is
    /// often asked the same question again (a third of the searches cut short on 5x7), but
    /// keeping every answer made the table six times the size of `values` for no fewer
    /// searches than this one saves.
    /// Each slot is two words: the region's cells, and its shape (rows and columns, in the top
    /// 16 bits) with the values it does not have below 48 (an empty slot has shape 0x0): all
    /// zero to begin with, so the table costs nothing until it is used.
    excluded: Vec<u64>,
    /// The table has `2^excluded_bits` slots: few to begin with, so that a small search touches
    /// few pages, and more as values are excluded (see `Solver::exclude`).
    excluded_bits: u32,
    /// Values excluded since the table last grew.
    excluded_writes: usize,
    /// The values of small regions by their bit boards, as seen (no normal form, no hashing).
    small: SmallValues,
    /// Lists for searches, one per level of the search at most.
    spare: Vec<Scratch>,
    /// The link to the other thread while two share a search (see [`parallel`]).
    share: Option<parallel::Share>,
    /// Regions of at least this many free cells are searched on two threads, when the machine
    /// has two ([`PARALLEL_CELLS`]; the tests set fewer).
    parallel_cells: u32,
}

/// An option not settled by the table: its sort key, the nim-sum of its regions of known
/// value, and the range of its other regions in [`Scratch::parts`] (the largest last).
type Open = ((u32, u32), u64, usize, usize);

/// The lists a search of one region fills, kept between searches to save allocations.
#[derive(Default)]
struct Scratch {
    options: Vec<u64>,
    /// The regions of the open options.
    parts: Vec<Region>,
    /// The open options, one of each up to symmetry, the easiest first.
    open: Vec<Open>,
}

/// The options of a region being searched (see `Solver::open_options`).
struct Options {
    /// The values of the options whose regions all have known values.
    values: Values,
    /// The values the region may still have, those options counted.
    p: Candidates,
    /// The other options.
    lists: Scratch,
}

/// The most slots of the table of excluded values: 2^16, 1 MB.
const EXCLUDED_BITS: u32 = 16;
/// The slots of the table of excluded values to begin with: 2^12, 64 KB (2^10 grew during
/// `cram[4x5]`, and putting the entries into the larger table touched 31 pages, against 16
/// for this size, which holds them).
const EXCLUDED_FIRST_BITS: u32 = 12;

impl Default for Solver {
    fn default() -> Solver {
        Solver {
            values: FxHashMap::default(),
            excluded: vec![0; 2 << EXCLUDED_FIRST_BITS],
            excluded_bits: EXCLUDED_FIRST_BITS,
            excluded_writes: 0,
            small: SmallValues::default(),
            spare: Vec::new(),
            share: None,
            parallel_cells: PARALLEL_CELLS,
        }
    }
}

/// Regions of at least this many free cells are searched on two threads, when there are two
/// (4x7, 28 cells, took 26 ms on one and 22 ms on two; 4x5, 20 cells, takes about 2 ms, which
/// starting a thread and its tables would not shorten).
const PARALLEL_CELLS: u32 = 24;

/// Bytes a table entry takes, about: key, value and the hash table's slack.
const ENTRY_BYTES: usize = 64;

impl Solver {
    /// A solver that searches regions of at least `cells` free cells on two threads.
    #[cfg(test)]
    pub(crate) fn parallel_from(cells: u32) -> Solver {
        Solver { parallel_cells: cells, ..Solver::default() }
    }

    /// A solver that uses the array of small regions' values from the first value on.
    #[cfg(test)]
    pub(crate) fn small_array_first() -> Solver {
        let mut solver = Solver::default();
        solver.small.found(usize::MAX);
        solver
    }

    /// The Grundy value of a board: the nim-sum of its regions' values.
    pub(crate) fn value(&mut self, board: Region, budget: &Budget) -> Result<u64, Exhausted> {
        let mut parts = Vec::new();
        board.reduced().grundy_regions(&mut parts, self.small.cells());
        let mut total = 0;
        for part in parts {
            let part = self.key(part);
            total ^= if self.shares(part, budget) {
                let Some(value) = self.region_value_shared(part, u64::MAX, budget)? else {
                    unreachable!("every value is at most the limit, so the value comes");
                };
                value
            } else {
                self.region_value(part, budget)?
            };
        }
        Ok(total)
    }

    /// Whether the top search of a region is shared with a helper thread: a large region, and
    /// two threads allowed on a machine with two cores (asking for the cores reads files,
    /// cgroup quotas, so only for a large region).
    fn shares(&self, region: Region, budget: &Budget) -> bool {
        region.free() >= self.parallel_cells
            && budget.threads() >= 2
            && std::thread::available_parallelism().is_ok_and(|n| n.get() >= 2)
    }

    /// Whether a board's Grundy value is `k`, found without the value where it can be: the
    /// values of all its regions but the largest, then whether the largest has the one value
    /// that makes the nim-sum `k` (Sprague–Grundy, CGT IV.1), by the pruned search
    /// ([`Solver::value_in`]), which asks its options only what that question needs, or for a
    /// large region the search on two threads asked for its value up to that one. For `k = 0`
    /// this is who wins: a board of value 0 is a loss for the player to move. Two equal
    /// regions cancel (CGT II.1).
    pub(crate) fn has_value(&mut self, board: Region, k: u64, budget: &Budget) -> Result<bool, Exhausted> {
        let mut parts = Vec::new();
        board.reduced().grundy_regions(&mut parts, self.small.cells());
        for part in &mut parts {
            *part = self.key(*part);
        }
        parts.sort_unstable();
        let mut i = 0;
        while i + 1 < parts.len() {
            if parts[i] == parts[i + 1] {
                parts.drain(i..i + 2);
            } else {
                i += 1;
            }
        }
        parts.sort_unstable_by_key(|p| (p.free(), *p));
        let Some(largest) = parts.pop() else { return Ok(k == 0) };
        let mut heap = k;
        for part in parts {
            heap ^= self.region_value(part, budget)?;
        }
        // A region of at most 64 cells has at most 112 options, so a value below 128.
        if heap >= 128 {
            return Ok(false);
        }
        if self.shares(largest, budget) {
            return Ok(self.region_value_shared(largest, heap, budget)? == Some(heap));
        }
        Ok(self.value_in(largest, 1 << heap, budget)? == Some(heap))
    }

    /// The value of a region (in normal form, as every region searched) when it is at most
    /// `limit` (below 128, or `u64::MAX` for any value), `None` when it is more, its top
    /// search shared with a helper thread (see [`parallel`]), or on this thread alone when no
    /// thread can be started.
    fn region_value_shared(&mut self, region: Region, limit: u64, budget: &Budget) -> Result<Option<u64>, Exhausted> {
        if let Some(v) = self.known(region) {
            return Ok(Some(u64::from(v)));
        }
        let Ok(Options { values, lists, .. }) = self.open_options(region, Values::MAX) else {
            unreachable!("every value is asked for, so the options are all listed");
        };
        let mut options = Vec::with_capacity(lists.open.len());
        for &(_, heap, start, end) in &lists.open {
            let mut heap = heap;
            for &part in &lists.parts[start..end - 1] {
                heap ^= self.region_value(part, budget)?;
            }
            options.push(parallel::Asked { heap, part: lists.parts[end - 1] });
        }
        self.spare.push(lists);
        match parallel::region_value(self, options, values, limit, budget) {
            Some(value) => {
                let value = value?;
                if value > limit {
                    // Every value up to the limit is some option's: none is the region's.
                    self.exclude(region, lowest(limit as u32 + 1));
                    return Ok(None);
                }
                self.record_value(region, value, budget)?;
                Ok(Some(value))
            }
            None if limit == u64::MAX => self.region_value(region, budget).map(Some),
            None => self.value_in(region, lowest(limit as u32 + 1), budget),
        }
    }

    /// The Grundy value of a region, found by asking its options about one value at a time
    /// (Beling & Rogalski's aspiration sets): the value is the least k that no option has, and
    /// an option asked about k whose value comes out as another one is not asked again.
    fn region_value(&mut self, region: Region, budget: &Budget) -> Result<u64, Exhausted> {
        budget.check()?;
        if let Some(v) = self.known(region) {
            return Ok(u64::from(v));
        }
        let Ok(Options { mut values, mut lists, .. }) = self.open_options(region, Values::MAX) else {
            unreachable!("every value is asked for, so the options are all listed");
        };
        let Scratch { open, parts, .. } = &mut lists;
        let mut k = 0;
        'values: loop {
            if values >> k & 1 == 0 {
                let mut i = 0;
                while i < open.len() {
                    let (_, heap, start, end) = open[i];
                    let mut heap = heap;
                    for &part in &parts[start..end - 1] {
                        heap ^= self.region_value(part, budget)?;
                    }
                    open[i] = ((0, 0), heap, end - 1, end);
                    match self.value_in(parts[end - 1], 1u128 << (k ^ heap), budget)? {
                        Some(v) => {
                            open.remove(i);
                            if v ^ heap == k {
                                k += 1;
                                continue 'values;
                            }
                            values |= 1u128.checked_shl((v ^ heap) as u32).unwrap_or(0);
                        }
                        None => i += 1,
                    }
                }
                self.spare.push(lists);
                self.record_value(region, k, budget)?;
                return Ok(k);
            }
            k += 1;
        }
    }

    /// The Grundy value of a region when it is in `asked`; `None` when it is not (the value may
    /// come even when it is not asked for). The method of Beling & Rogalski (AI 283, 2020):
    /// the options are searched one by one, each asked only for the values that could still
    /// decide whether the region's value is one of those asked for, and the search stops as
    /// soon as none of the asked values can be the region's.
    ///
    /// Why the answers are right: let P be the values the region may still have (see
    /// [`Candidates`]). An option whose value is not in `S = (P without its largest) ∩ [0,
    /// max asked]` takes only the largest away, as if its value were unknown and large. The
    /// region's value v, when v <= max asked, stays in P throughout: it is no option's value,
    /// and it is never the largest when taken away, for then the values below it, one more than
    /// the options left, would all have to be values of those options. So P ∩ asked empty means
    /// the value is not asked for, and at the end P's only value x is the region's value when
    /// x <= max asked (and every value up to max asked is not the region's otherwise).
    fn value_in(&mut self, region: Region, asked: Values, budget: &Budget) -> Result<Option<u64>, Exhausted> {
        budget.check()?;
        if let Some(v) = self.known(region) {
            return Ok(Some(u64::from(v)));
        }
        let excluded = self.excluded_values(region);
        let asked = asked & lowest(region.move_count() + 1) & !Values::from(excluded);
        if asked == 0 {
            return Ok(None);
        }
        let Options { mut p, lists, .. } = match self.open_options(region, asked) {
            Ok(options) => options,
            Err(values) => {
                self.exclude(region, asked | values);
                return Ok(None);
            }
        };
        let mut exact = true;
        for &(_, mut heap, start, end) in &lists.open {
            if p.0 & asked == 0 {
                self.spare.push(lists);
                self.exclude(region, asked);
                return Ok(None);
            }
            let fewer = without_largest(p.0);
            let wanted = fewer & upto_largest(asked);
            if wanted == 0 {
                p.0 = fewer;
                exact = false;
                continue;
            }
            for i in start..end - 1 {
                heap ^= self.region_value(lists.parts[i], budget)?;
            }
            match self.value_in(lists.parts[end - 1], xored(wanted, heap), budget)? {
                Some(v) => p.remove(v ^ heap),
                None => {
                    p.0 = fewer;
                    exact = false;
                }
            }
        }
        self.spare.push(lists);
        let value = u64::from(p.0.trailing_zeros());
        if exact || p.0 & upto_largest(asked) != 0 {
            self.record_value(region, value, budget)?;
            Ok(Some(value))
        } else {
            self.exclude(region, upto_largest(asked));
            Ok(None)
        }
    }

    /// The options of a region, for a search of whether its value is in `asked`: the values of
    /// those whose regions all have known values, taken from the candidates at once, and the
    /// others; as soon as the candidates and `asked` have nothing in common, the values of the
    /// options seen so far instead (values the region does not have).
    fn open_options(&mut self, region: Region, asked: Values) -> Result<Options, Values> {
        let mut lists = self.spare.pop().unwrap_or_default();
        let Scratch { options, parts, open } = &mut lists;
        options.clear();
        parts.clear();
        open.clear();
        region.grundy_options_by_contact(region.idle_horizontals(), options);
        let mut values: Values = 0;
        let mut p = Candidates(lowest(options.len() as u32 + 1));
        for &bits in options.iter() {
            let start = parts.len();
            region.with_bits(bits).reduced().grundy_regions(parts, self.small.cells());
            let mut heap = 0;
            let mut kept = start;
            for i in start..parts.len() {
                match self.find(parts[i]) {
                    Ok(v) => heap ^= u64::from(v),
                    Err(key) => {
                        parts[kept] = key;
                        kept += 1;
                    }
                }
            }
            parts.truncate(kept);
            // Two equal regions add up to 0 (CGT II.1): both go.
            parts[start..].sort_unstable();
            let mut i = start;
            while i + 1 < parts.len() {
                if parts[i] == parts[i + 1] {
                    parts.drain(i..i + 2);
                } else {
                    i += 1;
                }
            }
            let kept = parts.len();
            if kept == start {
                values |= 1u128.checked_shl(heap as u32).unwrap_or(0);
                p.remove(heap);
                if p.0 & asked == 0 {
                    self.spare.push(lists);
                    return Err(values);
                }
                continue;
            }
            parts[start..].sort_unstable_by_key(|p| (p.free(), *p));
            let largest = parts[kept - 1].move_count();
            let moves = parts[start..].iter().map(|p| p.move_count()).sum::<u32>();
            open.push(((largest, moves), heap, start, kept));
        }
        open.sort_unstable_by(|a, b| {
            a.0.cmp(&b.0).then(a.1.cmp(&b.1)).then_with(|| parts[a.2..a.3].cmp(&parts[b.2..b.3]))
        });
        // A repeated option takes the largest candidate away (its value, if in the candidates
        // at all, is taken by the first one; see `value_in`).
        let all = open.len();
        open.dedup_by(|a, b| a.1 == b.1 && parts[a.2..a.3] == parts[b.2..b.3]);
        for _ in open.len()..all {
            p.0 = without_largest(p.0);
        }
        Ok(Options { values, p, lists })
    }

    /// The value of a region in any image when the mirror strategy or the tables give it, and
    /// its key otherwise (a region's normal form costs about as much as the rest of a lookup,
    /// so it is found once, here, and the search then goes on with the key).
    fn find(&mut self, region: Region) -> Result<u8, Region> {
        if region.mirror_wins() {
            return Ok(0);
        }
        if let Some(v) = self.small.get(region) {
            return Ok(v);
        }
        let key = self.key(region);
        match self.values.get(&key) {
            Some(&v) => {
                self.small.set(region, v);
                Ok(v)
            }
            None => Err(key),
        }
    }

    /// The value of a region given by its key, when the mirror strategy or the tables give it.
    fn known(&mut self, key: Region) -> Option<u8> {
        if key.mirror_wins() {
            return Some(0);
        }
        if let Some(v) = self.small.get(key) {
            return Some(v);
        }
        let value = self.values.get(&key).copied();
        if let Some(v) = value {
            self.small.set(key, v);
        }
        value
    }

    /// Values a region is known not to have (some of those below 48).
    fn excluded_values(&self, region: Region) -> u64 {
        let i = 2 * excluded_slot(region, self.excluded_bits);
        let (cells, rest) = (self.excluded[i], self.excluded[i + 1]);
        if cells == region.bits() && rest >> 48 == shape(region) { rest & EXCLUDED_MASK } else { 0 }
    }

    /// Keeps that a region's value is none of `values` (those below 48), in the place of
    /// whatever region was in its slot.
    fn exclude(&mut self, region: Region, values: Values) {
        let values = values as u64 & EXCLUDED_MASK;
        let old = self.excluded_values(region);
        let i = 2 * excluded_slot(region, self.excluded_bits);
        self.excluded[i] = region.bits();
        self.excluded[i + 1] = shape(region) << 48 | old | values;
        self.excluded_writes += 1;
        if self.excluded_writes > 1 << (self.excluded_bits - 1) && self.excluded_bits < EXCLUDED_BITS {
            self.grow_excluded();
        }
    }

    /// Gives the table of excluded values eight times the slots, keeping what it holds.
    fn grow_excluded(&mut self) {
        let bits = (self.excluded_bits + 3).min(EXCLUDED_BITS);
        let old = std::mem::replace(&mut self.excluded, vec![0; 2 << bits]);
        self.excluded_bits = bits;
        self.excluded_writes = 0;
        for slot in old.chunks_exact(2) {
            let (cells, rest) = (slot[0], slot[1]);
            let (rows, cols) = ((rest >> 56) as usize, (rest >> 48 & 0xff) as usize);
            if let Some(region) = Region::new(rows, cols, cells).filter(|_| rows > 0) {
                let i = 2 * excluded_slot(region, bits);
                self.excluded[i] = cells;
                self.excluded[i + 1] = rest;
            }
        }
    }

    /// Bytes the table takes, about.
    fn table_bytes(&self) -> usize {
        self.values.len() * ENTRY_BYTES
    }

    /// The table's key of a region: its normal form (small regions come in any image).
    fn key(&self, region: Region) -> Region {
        if self.small.holds(region) { region.normal_form() } else { region }
    }

    /// Keeps the value of a region given by its key.
    fn record_value(&mut self, key: Region, k: u64, budget: &Budget) -> Result<(), Exhausted> {
        budget.check_memory(self.table_bytes())?;
        self.small.set(key, k as u8);
        self.values.insert(key, k as u8);
        self.small.found(self.values.len());
        if let Some(share) = &mut self.share
            && share.found(key, k as u8)
        {
            self.sync();
        }
        Ok(())
    }

    /// Hands the values found since the last time to the other thread sharing the search, and
    /// takes in those it found.
    fn sync(&mut self) {
        if let Some(mut share) = self.share.take() {
            share.exchange(|found| {
                for &(key, v) in found {
                    self.values.insert(key, v);
                    self.small.set(key, v);
                }
            });
            self.share = Some(share);
        }
    }
}

/// The values kept in the table of excluded values: those below 48.
const EXCLUDED_MASK: u64 = (1 << 48) - 1;

/// A region's rows and columns as one number, never 0.
fn shape(region: Region) -> u64 {
    (region.rows() << 8 | region.cols()) as u64
}

/// The slot of a region in the table of excluded values of `2^bits` slots (a multiplicative
/// hash).
fn excluded_slot(region: Region, bits: u32) -> usize {
    let h = (region.bits() ^ shape(region).rotate_right(16)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    (h >> (64 - bits)) as usize
}

/// A set of Grundy values, bit k for the value k: a region of at most 64 cells has at most 112
/// places for a domino, and its value is at most that many.
type Values = u128;

/// The values 0 to n - 1.
fn lowest(n: u32) -> Values {
    if n >= Values::BITS { Values::MAX } else { (1 << n) - 1 }
}

/// The values 0 up to the largest in the set (none for the empty set).
fn upto_largest(set: Values) -> Values {
    lowest(Values::BITS - set.leading_zeros())
}

/// The set without its largest value.
fn without_largest(set: Values) -> Values {
    set & upto_largest(set) >> 1
}

/// The values v with v ^ x in the set.
fn xored(set: Values, x: u64) -> Values {
    if x == 0 {
        return set;
    }
    let (mut rest, mut out) = (set, 0);
    while rest != 0 {
        let v = u64::from(rest.trailing_zeros());
        rest &= rest - 1;
        if let Some(bit) = 1u128.checked_shl((v ^ x) as u32) {
            out |= bit;
        }
    }
    out
}

/// The values a region may still have: 0 to n for a region of n options to begin with, and
/// each option takes one away, its own value when that is still in the set and the largest
/// otherwise (a repeated option, whose value its first copy took, takes the largest). At the end the one left is the mex of the options' values: every
/// smaller one was some option's value (a smaller one is never the largest while a larger one
/// stays), and none took the one left away.
struct Candidates(Values);

impl Candidates {
    fn remove(&mut self, value: u64) {
        let bit = 1u128.checked_shl(value as u32).unwrap_or(0);
        if self.0 & bit != 0 { self.0 &= !bit } else { self.0 = without_largest(self.0) }
    }
}
