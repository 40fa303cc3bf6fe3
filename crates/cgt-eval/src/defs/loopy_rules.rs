//! Impartial user rules whose heaps can grow back (`rule r(n) = [n - 1, n + 1] if ...`): games
//! on graphs, valued by their generalised Sprague–Grundy values (Smith 1966; Fraenkel and
//! Yesha 1986; Siegel, *Combinatorial Game Theory*, ch. VI), as `graph[...]` positions are.
//!
//! A position is a multiset of heaps. The positions reachable from each heap asked for are
//! found by search (a move replaces one heap by the heaps of one of its options, `()` by
//! nothing), each heap's options read once from the rule's body; the values come from
//! `gsg_values` on that graph, and a sum of heaps is valued by Smith's theorem
//! (`gsg::sum_value`). A rule whose tuple options make the positions grow without end gives up
//! under the budget.

use std::collections::HashMap;

use cgt_core::loopy::gsg::{self, Gsg};
use cgt_syntax::{Code, Diagnostic, Span};

use super::machine::Machine;
use super::rules::{any_heap, option_list};
use super::{DVal, stop};
use crate::context::Ctx;
use crate::loopy::Loopy;
use crate::session::Session;
use crate::value::{EvalResult, Value, gave_up};

impl Session {
    /// `NAME[h, ...]` for a loopy impartial rule: the generalised Sprague–Grundy value of the
    /// sum of the heaps.
    pub(super) fn loopy_rule_position(
        &mut self,
        idx: usize,
        heaps: &[u64],
        span: &Span,
        ctx: &Ctx,
    ) -> EvalResult<Value> {
        let values = self.with_machine(ctx.budget, |m| Positions::default().heap_values(m, idx, heaps, span, ctx))?;
        Ok(Value::Loopy(Loopy::Impartial(gsg::sum_value(&values))))
    }
}

/// The graph of positions (sorted multisets of heaps) found so far.
#[derive(Default)]
struct Positions {
    number: HashMap<Vec<u64>, usize>,
    found: Vec<Vec<u64>>,
    succ: Vec<Vec<usize>>,
    moves: HashMap<u64, Vec<Vec<u64>>>,
    bytes: usize,
}

impl Positions {
    /// The value of each heap of `heaps` alone.
    fn heap_values(
        &mut self,
        m: &mut Machine,
        idx: usize,
        heaps: &[u64],
        span: &Span,
        ctx: &Ctx,
    ) -> EvalResult<Vec<Gsg>> {
        let roots: Vec<usize> = heaps.iter().map(|&h| self.id(vec![h])).collect();
        let mut head = 0;
        while let Some(p) = self.found.get(head).cloned() {
            m.budget.check().map_err(|e| gave_up(e, span.clone(), m.budget))?;
            let mut out = Vec::new();
            let mut last = None;
            for (i, &h) in p.iter().enumerate() {
                if last == Some(h) {
                    continue;
                }
                last = Some(h);
                for o in self.options(m, idx, h, span, ctx)? {
                    let mut q: Vec<u64> = p[..i].iter().chain(&p[i + 1..]).chain(&o).copied().collect();
                    q.sort_unstable();
                    self.bytes += 64 + 8 * q.len();
                    out.push(self.id(q));
                }
            }
            m.budget.check_memory(self.bytes).map_err(|e| gave_up(e, span.clone(), m.budget))?;
            self.succ.push(out);
            head += 1;
        }
        let succ = &self.succ;
        let values =
            gsg::gsg_values(succ.len(), |v| &succ[v], m.budget).map_err(|e| gave_up(e, span.clone(), m.budget))?;
        Ok(roots.into_iter().map(|r| values[r].clone()).collect())
    }

    fn id(&mut self, p: Vec<u64>) -> usize {
        if let Some(&i) = self.number.get(&p) {
            return i;
        }
        self.found.push(p.clone());
        self.number.insert(p, self.found.len() - 1);
        self.found.len() - 1
    }

    /// The options of heap `h`, each the heaps left, read once from the rule's body.
    fn options(&mut self, m: &mut Machine, idx: usize, h: u64, span: &Span, ctx: &Ctx) -> EvalResult<Vec<Vec<u64>>> {
        if let Some(o) = self.moves.get(&h) {
            return Ok(o.clone());
        }
        let v = m.run_body(idx, vec![DVal::Int(h.into())]).map_err(|s| stop(s, span, ctx))?;
        let name = &m.defs.compiled[idx].name;
        let read = |v: &DVal| -> Result<Vec<Vec<u64>>, String> {
            option_list(name, h, v)?
                .iter()
                .map(|o| match o {
                    DVal::Tuple(hs) => hs.iter().map(|x| any_heap(name, h, x)).collect(),
                    x => any_heap(name, h, x).map(|g| vec![g]),
                })
                .collect()
        };
        let opts = read(&v).map_err(|msg| Box::new(Diagnostic::error(Code::Argument, span.clone(), msg)))?;
        self.bytes += opts.iter().map(|o| 24 + 8 * o.len()).sum::<usize>();
        self.moves.insert(h, opts.clone());
        Ok(opts)
    }
}
