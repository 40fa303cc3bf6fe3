//! The `--budget` argument: `10s`, `500ms`, `2GiB`, or both joined by a comma.

use std::time::Duration;

/// A parsed `--budget`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BudgetArg {
    /// Time per statement.
    pub time: Duration,
    /// Memory per statement, in bytes.
    pub memory: usize,
}

/// Parses `10s`, `500ms`, `2m`, `512MiB`, `2GiB` and comma-joined pairs.
pub fn parse(s: &str) -> Result<BudgetArg, String> {
    let mut b = BudgetArg { time: Duration::from_secs(10), memory: 2 << 30 };
    for part in s.split(',').map(str::trim) {
        let split = part.find(|c: char| !c.is_ascii_digit()).unwrap_or(part.len());
        let (digits, unit) = part.split_at(split);
        let n: u64 =
            digits.parse().map_err(|_| format!("`{part}` should start with a number, as in `10s` or `2GiB`"))?;
        match unit {
            "ms" => b.time = Duration::from_millis(n),
            "s" | "" => b.time = Duration::from_secs(n),
            "m" | "min" => b.time = Duration::from_secs(n.saturating_mul(60)),
            "KiB" | "MiB" | "GiB" => {
                let shift = match unit {
                    "KiB" => 10,
                    "MiB" => 20,
                    _ => 30,
                };
                b.memory = usize::try_from(n).unwrap_or(usize::MAX).saturating_mul(1 << shift);
            }
            _ => return Err(format!("unknown unit `{unit}`: use ms, s, m for time and KiB, MiB, GiB for memory")),
        }
    }
    Ok(b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budgets() {
        assert_eq!(parse("10s,2GiB"), Ok(BudgetArg { time: Duration::from_secs(10), memory: 2 << 30 }));
        assert_eq!(parse("500ms").unwrap().time, Duration::from_millis(500));
        assert_eq!(parse("1m, 512MiB").unwrap().memory, 512 << 20);
        assert!(parse("fast").is_err());
        assert!(parse("3 parsecs").is_err());
    }
}
