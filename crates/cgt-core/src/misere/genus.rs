//! The genus `g^{γ0 γ1 γ2 ...}` of a misère impartial game and the tame / restive / restless /
//! wild classification (WW ch. 13, "Survival in the Lost World"; Siegel CGT V.2-V.3).
//!
//! g is the normal nim value G+, and `γk` the misère nim value of `G + *2 + ... + *2` (k copies).
//! Since `G + *2` has the options `G' + *2`, `G + *1` and `G`, and the misère value of `X + *1`
//! is that of X with its last bit flipped, `γ0 = mex γ0(G')` (1 for the empty game) and
//! `γk = mex({γ(k-1), γ(k-1) XOR 1} ∪ {γk(G')})`. Once k passes the options' prefixes, `γk`
//! depends only on `γ(k-1)` and the parity of k, and the sequence ends in a 2-periodic
//! alternation (WW); it is stored up to where that alternation starts, as CGSuite prints it:
//! `*[[2],1]` has genus `2^1420`.

use std::fmt;

use super::{MisereGames, MisereId};
use crate::budget::{Budget, Exhausted};

/// How far a genus sequence may run before its alternation starts; the theory bounds it by
/// the options' lengths plus a few, so this only guards against a bug becoming a hang.
const MAX_GENUS_STEPS: usize = 1 << 16;

/// The genus of a game: its nim value and misère values of the game plus copies of `*2`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Genus {
    nim: u32,
    /// `γ0, γ1, ...` up to where `γk = γ(k-2)` holds for good (at least two entries).
    seq: Vec<u32>,
    /// How CGSuite abbreviates it: nim heaps print `g`, tame and restive games `g^γ0`.
    style: GenusStyle,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum GenusStyle {
    Heap,
    Short,
    Full,
}

/// The classes of WW ch. 13, hereditary versions (CGSuite's `IsTame`, `IsRestive`,
/// `IsRestless` for games without reversible wild options).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phylum {
    /// The game is a nim heap `*n`.
    NimHeap,
    /// Its genus is a nim heap sum's (`0^120`, `1^031`, `g^g...`) and its options are tame.
    Tame,
    /// Not tame, every option tame, and nim value 0 or 1 (such as `*[2#0]`, genus `1^2`).
    Restive,
    /// Not tame nor restive, every option tame, and misère nim value 0 or 1 (`*[2#1]`).
    Restless,
    /// Anything else.
    Wild,
}

impl Genus {
    /// The normal nim value g.
    pub fn nim(&self) -> u32 {
        self.nim
    }

    /// `γk`: the misère nim value of the game plus k copies of `*2`.
    pub fn digit(&self, k: usize) -> u32 {
        let n = self.seq.len();
        if k < n { self.seq[k] } else { self.seq[n - 2 + (k - n) % 2] }
    }

    /// The stored digits `γ0 ... γm`, after which the sequence alternates.
    pub fn digits(&self) -> &[u32] {
        &self.seq
    }

    /// Whether this is the genus of a sum of nim heaps: `0^120`, `1^031` or `g^{g, g^2, ...}`.
    pub fn is_tame(&self) -> bool {
        let g = self.nim;
        let first = if g < 2 && self.seq[0] != g { g ^ 1 } else { g };
        self.seq[0] == first && (1..self.seq.len() + 2).all(|k| self.digit(k) == g ^ ((k as u32 & 1) << 1))
    }
}

impl fmt::Display for Genus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.nim)?;
        let shown = match self.style {
            GenusStyle::Heap => return Ok(()),
            GenusStyle::Short => &self.seq[..1],
            GenusStyle::Full => &self.seq[..],
        };
        f.write_str("^")?;
        if shown.iter().any(|&d| d >= 10) {
            let list: Vec<String> = shown.iter().map(u32::to_string).collect();
            write!(f, "({})", list.join(","))
        } else {
            shown.iter().try_for_each(|d| write!(f, "{d}"))
        }
    }
}

impl MisereGames {
    /// The genus of G (memoised).
    pub fn genus(&mut self, g: MisereId, budget: &Budget) -> Result<Genus, Exhausted> {
        if let Some(known) = self.genera.get(&g) {
            return Ok(known.clone());
        }
        let mut option_genera = Vec::new();
        for o in self.options(g).to_vec() {
            option_genera.push(self.genus(o, budget)?);
        }
        let seq = genus_sequence(&option_genera, budget)?;
        let mut genus = Genus { nim: self.nim_value(g), seq, style: GenusStyle::Full };
        genus.style = match self.phylum_with(g, &genus, budget)? {
            Phylum::NimHeap => GenusStyle::Heap,
            Phylum::Tame | Phylum::Restive => GenusStyle::Short,
            Phylum::Restless | Phylum::Wild => GenusStyle::Full,
        };
        self.genera.insert(g, genus.clone());
        Ok(genus)
    }

    /// Where G stands in WW's classification.
    pub fn phylum(&mut self, g: MisereId, budget: &Budget) -> Result<Phylum, Exhausted> {
        if let Some(&p) = self.phyla.get(&g) {
            return Ok(p);
        }
        let genus = self.genus(g, budget)?;
        self.phylum_with(g, &genus, budget)
    }

    fn phylum_with(&mut self, g: MisereId, genus: &Genus, budget: &Budget) -> Result<Phylum, Exhausted> {
        if let Some(&p) = self.phyla.get(&g) {
            return Ok(p);
        }
        budget.check()?;
        let p = self.phylum_uncached(g, genus, budget)?;
        self.phyla.insert(g, p);
        Ok(p)
    }

    fn phylum_uncached(&mut self, g: MisereId, genus: &Genus, budget: &Budget) -> Result<Phylum, Exhausted> {
        if self.is_nim_heap(g) {
            return Ok(Phylum::NimHeap);
        }
        let mut options_tame = true;
        for o in self.options(g).to_vec() {
            options_tame &= matches!(self.phylum(o, budget)?, Phylum::NimHeap | Phylum::Tame);
        }
        Ok(match () {
            () if options_tame && genus.is_tame() => Phylum::Tame,
            () if options_tame && self.nim_value(g) <= 1 => Phylum::Restive,
            () if options_tame && self.misere_nim_value(g) <= 1 => Phylum::Restless,
            () => Phylum::Wild,
        })
    }
}

/// The genus digits of a game whose options have the genera `options`.
fn genus_sequence(options: &[Genus], budget: &Budget) -> Result<Vec<u32>, Exhausted> {
    if options.is_empty() {
        return Ok(vec![1, 2, 0]);
    }
    let settled = options.iter().map(|o| o.seq.len()).max().unwrap_or(0) + 2;
    let mut seq = vec![mex_of(options.iter().map(|o| o.digit(0)))];
    for k in 1.. {
        budget.check()?;
        if k > MAX_GENUS_STEPS {
            return Err(Exhausted::Memory);
        }
        let prev = seq[k - 1];
        let next = mex_of(options.iter().map(|o| o.digit(k)).chain([prev, prev ^ 1]));
        seq.push(next);
        if k >= settled && seq[k] == seq[k - 2] {
            break;
        }
    }
    while seq.len() > 2 && seq[seq.len() - 1] == seq[seq.len() - 3] {
        seq.pop();
    }
    Ok(seq)
}

fn mex_of(values: impl Iterator<Item = u32>) -> u32 {
    super::mex(values)
}
