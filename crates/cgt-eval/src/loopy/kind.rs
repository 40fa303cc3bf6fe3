//! The loopy value: a stopper, a game by its sides, a game whose sides could not be given, or
//! an impartial game on a graph. A type of its own, so that `value.rs` holds it without
//! depending on how loopy games are evaluated (`loopy.rs`).

use cgt_core::loopy::graph::LoopyGraph;
use cgt_core::loopy::gsg::Gsg;
use cgt_core::loopy::sides::Sided;
use cgt_core::loopy::stopper::Stopper;

/// A loopy value (docs/src/theory/stoppers.md).
#[derive(Clone, Debug)]
pub enum Loopy {
    /// A stopper that is not a short game, in simplest form.
    Stopper(Box<Stopper>),
    /// A game that is not a stopper, by its sides `onside & offside` (`dud` = `on & off`).
    Sided(Box<Sided>),
    /// A loopy game whose sides could not be given (a simplified side failed its final check
    /// against the game): its positions, the game at position 0.
    Unsided(Box<LoopyGraph>),
    /// A game on a graph, or a sum of them with nimbers: its generalised Sprague–Grundy value.
    Impartial(Gsg),
}

impl PartialEq for Loopy {
    /// Equal forms; equal stoppers are found by comparison, not by this.
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (Loopy::Stopper(a), Loopy::Stopper(b)) => a.graph() == b.graph(),
            (Loopy::Sided(a), Loopy::Sided(b)) => {
                a.onside().graph() == b.onside().graph() && a.offside().graph() == b.offside().graph()
            }
            (Loopy::Unsided(a), Loopy::Unsided(b)) => a == b,
            (Loopy::Impartial(a), Loopy::Impartial(b)) => a == b,
            _ => false,
        }
    }
}

impl Eq for Loopy {}
