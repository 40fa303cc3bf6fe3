//! Loopy games: games whose positions may repeat, so that play may go on forever (a draw).
//!
//! * [`gsg`]: generalised Sprague–Grundy values of impartial games on directed graphs (Smith
//!   1966; Fraenkel and Yesha 1986; WW ch. 12 "loopy nim"; Siegel *CGT* ch. VI) and the outcomes
//!   of their sums.
//! * [`graph`]: partizan loopy games as finite graphs of positions with Left and Right moves;
//!   outcomes with draws by retrograde analysis, and the nine loopy outcome classes as CGSuite
//!   names them (Siegel *CGT* ch. VI.1).
//! * [`stopper`]: stoppers (no infinite alternating play): recognition, sums, comparison by the
//!   survival game, simplest forms and CGSuite's printing (Siegel *CGT* ch. VI.2-3, WW ch. 11).
//! * [`sides`]: onsides and offsides of any loopy game, sided values `G & H` with their sums and
//!   order (Siegel *CGT* ch. VI.4-5, WW ch. 11, Conway "Loopy games").
//! * [`simplify`]: sides that are not stoppers (Bach's Carousel), kept as loopy graphs
//!   simplified by deleting options while the side stays equal (Siegel *CGT* ch. VI.4-5).
//! * [`stops`]: the stops (pseudonumbers), degree and variety of stoppers (Siegel *CGT* ch. VI).

mod buchi;
mod components;
pub mod graph;
pub mod gsg;
mod print;
mod prune;
pub mod sides;
pub mod simplify;
pub mod stopper;
pub mod stops;

/// Who wins when the player to move (impartial games) plays well.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoverResult {
    /// The player to move wins.
    Win,
    /// The player to move loses.
    Loss,
    /// Neither player can force a win: best play goes on forever.
    Draw,
}

impl std::fmt::Display for MoverResult {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            MoverResult::Win => "win",
            MoverResult::Loss => "loss",
            MoverResult::Draw => "draw",
        })
    }
}
