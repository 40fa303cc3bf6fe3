//! The `--budget` argument: `10s`, `500ms`, `2GiB`, or both joined by a comma.
//!
//! Budgets below [`MIN_TIME`] and [`MIN_MEMORY`] are errors naming the minimum: a time of 0
//! gives up on every statement that looks at the clock, and the evaluator measures and reports
//! memory in whole MiB (a cap of 1 KiB was reported as "the memory budget of 1 MiB").

use std::time::Duration;

/// A parsed `--budget`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BudgetArg {
    /// Time per statement.
    pub time: Duration,
    /// Memory per statement, in bytes.
    pub memory: usize,
}

/// The smallest time budget per statement.
pub const MIN_TIME: Duration = Duration::from_millis(1);

/// The smallest memory budget per statement, in bytes (1 MiB).
pub const MIN_MEMORY: usize = 1 << 20;

/// Parses `10s`, `500ms`, `2m`, `512MiB`, `2GiB` and comma-joined pairs; a budget below the
/// minimum ([`MIN_TIME`], [`MIN_MEMORY`]) is an error that names the minimum.
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
        if b.time < MIN_TIME {
            return Err(format!("`{part}` is below the smallest time budget, 1ms"));
        }
        if b.memory < MIN_MEMORY {
            return Err(format!("`{part}` is below the smallest memory budget, 1MiB"));
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

    #[test]
    fn budgets_below_the_minimum_are_errors_naming_it() {
        assert_eq!(parse("60s,1KiB"), Err("`1KiB` is below the smallest memory budget, 1MiB".to_string()));
        assert_eq!(parse("1023KiB"), Err("`1023KiB` is below the smallest memory budget, 1MiB".to_string()));
        assert_eq!(parse("0MiB"), Err("`0MiB` is below the smallest memory budget, 1MiB".to_string()));
        assert_eq!(parse("0s"), Err("`0s` is below the smallest time budget, 1ms".to_string()));
        assert_eq!(parse("0ms,2GiB"), Err("`0ms` is below the smallest time budget, 1ms".to_string()));
        // The minimum itself, and 1024 KiB, are accepted.
        assert_eq!(parse("1ms,1MiB"), Ok(BudgetArg { time: MIN_TIME, memory: MIN_MEMORY }));
        assert_eq!(parse("1024KiB").unwrap().memory, MIN_MEMORY);
    }
}
