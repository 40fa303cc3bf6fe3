//! A quotient written by generators and relations, as Plambeck–Siegel write misère quotients
//! (Plambeck–Siegel 2008, e.g. `⟨a, b | a² = 1, b³ = b⟩` for the tame quotient T2).
//!
//! The generators are the elements of the least heaps that the earlier generators do not
//! already give. Every element has a *normal form*: the first monomial in the generators that
//! reaches it, monomials taken by degree and, within a degree, with higher powers of earlier
//! generators first. A relation `w = v` is written for each monomial w that is not a normal
//! form while every monomial dividing it (w over one generator) is; v is the normal form of its
//! element. Rewriting any monomial by these relations reaches its normal form (each step
//! replaces a divisor by an earlier monomial of the same element), so they present the quotient.

use std::collections::HashMap;
use std::fmt;

use super::Quotient;

/// The exponents of the generators in a product.
type Monomial = Vec<u32>;

/// Generators and relations of a quotient.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Presentation {
    /// The heap whose element each generator is.
    pub generators: Vec<usize>,
    /// The relations `(w, v)`: monomial w (exponents of the generators) equals monomial v.
    pub relations: Vec<(Vec<u32>, Vec<u32>)>,
    /// The normal form of each element.
    pub normal_forms: Vec<Vec<u32>>,
}

impl Quotient {
    /// The quotient's presentation by generators (elements of heaps) and relations.
    pub fn presentation(&self) -> Presentation {
        let generators = self.generating_heaps();
        let gens: Vec<usize> = generators.iter().map(|&g| self.heap_map[g]).collect();
        let (normal_forms, relations) = self.normal_forms(&gens);
        Presentation { generators, relations, normal_forms }
    }

    /// The least heaps whose elements generate the quotient, each not given by the earlier ones.
    fn generating_heaps(&self) -> Vec<usize> {
        let mut reached = vec![false; self.order()];
        reached[0] = true;
        let mut heaps = Vec::new();
        for g in 1..self.heap_map.len() {
            let e = self.heap_map[g];
            if reached[e] {
                continue;
            }
            heaps.push(g);
            // Close the reached elements under the new generator.
            let mut frontier: Vec<usize> = (0..self.order()).filter(|&x| reached[x]).collect();
            while let Some(x) = frontier.pop() {
                let y = self.table[x][e];
                if !std::mem::replace(&mut reached[y], true) {
                    frontier.push(y);
                }
            }
        }
        heaps
    }

    /// Normal forms by degree, and the relations met on the way.
    fn normal_forms(&self, gens: &[usize]) -> (Vec<Monomial>, Vec<(Monomial, Monomial)>) {
        let r = gens.len();
        let mut nf: Vec<Option<Vec<u32>>> = vec![None; self.order()];
        let mut normal: HashMap<Vec<u32>, usize> = HashMap::new();
        let mut relations = Vec::new();
        nf[0] = Some(vec![0; r]);
        normal.insert(vec![0; r], 0);
        let mut level = vec![vec![0u32; r]];
        while !level.is_empty() {
            let mut candidates: Vec<Vec<u32>> = level
                .iter()
                .flat_map(|v| {
                    (0..r).map(move |i| {
                        let mut w = v.clone();
                        w[i] += 1;
                        w
                    })
                })
                .collect();
            candidates.sort_unstable_by(|a, b| b.cmp(a));
            candidates.dedup();
            let mut next = Vec::new();
            for w in candidates {
                let below = |j: usize| {
                    let mut v = w.clone();
                    v[j] -= 1;
                    normal.get(&v).copied()
                };
                if (0..r).any(|j| w[j] > 0 && below(j).is_none()) {
                    continue;
                }
                let Some(j) = (0..r).find(|&j| w[j] > 0) else { continue };
                let Some(x) = below(j) else { continue };
                let e = self.table[x][gens[j]];
                match &nf[e] {
                    Some(v) => relations.push((w, v.clone())),
                    None => {
                        nf[e] = Some(w.clone());
                        normal.insert(w.clone(), e);
                        next.push(w);
                    }
                }
            }
            level = next;
        }
        (nf.into_iter().map(Option::unwrap_or_default).collect(), relations)
    }
}

impl Presentation {
    /// The name of generator i: a, b, ... z, then g27, g28, ...
    pub fn letter(i: usize) -> String {
        match u8::try_from(i).ok().filter(|&i| i < 26) {
            Some(i) => char::from(b'a' + i).to_string(),
            None => format!("g{}", i + 1),
        }
    }

    /// A monomial in the generators, `1` for the identity (`a²b`).
    pub fn monomial(exponents: &[u32]) -> String {
        let mut s = String::new();
        for (i, &k) in exponents.iter().enumerate() {
            if k == 0 {
                continue;
            }
            s.push_str(&Self::letter(i));
            if k > 1 {
                s.extend(k.to_string().chars().map(superscript));
            }
        }
        if s.is_empty() { "1".to_string() } else { s }
    }

    /// The normal form of element e, as a monomial.
    pub fn word(&self, e: usize) -> String {
        Self::monomial(&self.normal_forms[e])
    }
}

/// The superscript of a decimal digit.
fn superscript(d: char) -> char {
    match d {
        '0' => '⁰',
        '1' => '¹',
        '2' => '²',
        '3' => '³',
        '4' => '⁴',
        '5' => '⁵',
        '6' => '⁶',
        '7' => '⁷',
        '8' => '⁸',
        _ => '⁹',
    }
}

impl fmt::Display for Presentation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let letters: Vec<String> = (0..self.generators.len()).map(Self::letter).collect();
        let relations: Vec<String> =
            self.relations.iter().map(|(w, v)| format!("{} = {}", Self::monomial(w), Self::monomial(v))).collect();
        write!(f, "⟨{}", letters.join(", "))?;
        if !relations.is_empty() {
            write!(f, " | {}", relations.join(", "))?;
        }
        write!(f, "⟩")
    }
}
