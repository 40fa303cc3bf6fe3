//! "Did you mean ...?" suggestions for unknown names, functions and rulesets.

/// The closest candidate within a small edit distance, if any.
pub(crate) fn suggest<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let limit = (word.chars().count() / 3).clamp(1, 3);
    candidates.into_iter().map(|c| (distance(word, c), c)).filter(|&(d, _)| d <= limit).min().map(|(_, c)| c)
}

/// Edit distance over characters, counting a swap of neighbours as one edit (optimal string
/// alignment), so `tmep` is one edit from `temp`.
fn distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    d[0] = (0..=b.len()).collect();
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (d[i - 1][j - 1] + cost).min(d[i - 1][j] + 1).min(d[i][j - 1] + 1);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = best;
        }
    }
    d[a.len()][b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggestions() {
        assert_eq!(suggest("swich", ["switch", "x"]), Some("switch"));
        assert_eq!(suggest("tmep", ["temp", "mean"]), Some("temp"));
        assert_eq!(suggest("zzz", ["temp"]), None);
        assert_eq!(distance("kitten", "sitting"), 3);
    }
}
