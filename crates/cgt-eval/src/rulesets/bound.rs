//! Ruleset arguments computed from names: `kayles[k]` after `let k = 5`, `domineering[r x c]`
//! inside a comprehension. A word in a ruleset's brackets (or in a setting's value) that is a
//! bound name holding a whole number is read as that number; every other word keeps its
//! meaning in the ruleset's notation (`clobber[WBW]`, `hackenbush[B(R)]`).

use cgt_core::Dyadic;
use cgt_syntax::{RuleArg, RuleArgKind, Ruleset, SettingValue};

use crate::session::Session;
use crate::value::Value;

impl Session {
    /// `r` with every word that names a whole number replaced by that number, or `None` when
    /// no word of `r` is such a name.
    pub(crate) fn bound_ruleset(&self, r: &Ruleset) -> Option<Ruleset> {
        let mut out = r.clone();
        let mut changed = false;
        for a in &mut out.args {
            changed |= self.bind_arg(a);
        }
        for s in &mut out.settings {
            match &mut s.value {
                Some(SettingValue::Arg(a)) => changed |= self.bind_arg(a),
                Some(SettingValue::List(l)) => {
                    for a in &mut l.node {
                        changed |= self.bind_arg(a);
                    }
                }
                None => {}
            }
        }
        changed.then_some(out)
    }

    /// Replaces the names in one argument; whether any was replaced.
    fn bind_arg(&self, a: &mut RuleArg) -> bool {
        match &mut a.kind {
            RuleArgKind::Word(w) => match self.whole_number_named(w) {
                Some(n) => {
                    a.kind = RuleArgKind::Int(n);
                    true
                }
                None => false,
            },
            RuleArgKind::Dims(r, c) => {
                let mut changed = false;
                for side in [r, c] {
                    if let Some(n) = self.whole_number_named(side) {
                        *side = n;
                        changed = true;
                    }
                }
                changed
            }
            _ => false,
        }
    }

    /// The integer a `let` name holds, as digits (with a sign).
    pub(crate) fn whole_number_named(&self, name: &str) -> Option<String> {
        let b = self.env.get(name)?;
        let x = match &b.value {
            Value::Integer(n, _) => Dyadic::integer(n.clone()),
            Value::Number(x) => x.clone(),
            Value::Game(g) => self.games.as_number(*g)?,
            _ => return None,
        };
        x.is_integer().then(|| x.numerator().to_string())
    }
}
