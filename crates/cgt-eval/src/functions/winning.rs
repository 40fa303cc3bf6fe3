//! Winning moves for `explain` (docs/src/reference/functions.md): for a ruleset position, and for a sum of partizan
//! components, a move for each player who has a winning one when moving first, written as a
//! position in the ruleset's notation (for a sum: which term, and the term after the move).
//!
//! Theory (WW ch. 2; LiP ch. 5; CGT II.1): Left moving first wins G exactly when some Left option
//! `G^L >= 0`, and Right exactly when some `G^R <= 0`. In a sum, a move is made in one term, so
//! the options of `A + B` are `A' + B` and `A + B'`; a term `-B` moves as Right would in B, with
//! the result negated. Every option is valued by the evaluator (a ruleset's own position
//! reader and rules), and a move is named only after its result is compared with 0.

use cgt_core::game::GameId;
use cgt_syntax::{Code, Diagnostic, Expr, ExprKind, SumOp};

use crate::context::Ctx;
use crate::registry::AnyPosition;
use crate::session::Session;
use crate::value::EvalResult;

/// The most moves searched in one term: more would cost far more than the explanation.
const MOVES_LIMIT: usize = 1000;

/// A player.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Player {
    Left,
    Right,
}

/// One term of a sum (or a single position): its value, its sign and, for a ruleset position,
/// the position itself.
struct Term {
    /// The term as written (with its sign), or its position's notation.
    written: String,
    value: GameId,
    negated: bool,
    position: Option<Box<dyn AnyPosition>>,
}

/// A move in a term: how it is written and the term's value after it (with the term's sign).
struct Move {
    written: String,
    value: GameId,
}

impl Session {
    /// The winning-move lines of `explain(e)`: for a ruleset position or a sum of two or more
    /// terms, one line for each player; nothing for other games (and for sums with a term whose
    /// moves cannot all be listed).
    pub(crate) fn winning_lines(&mut self, e: &Expr, ctx: &Ctx) -> EvalResult<Vec<String>> {
        let terms: Vec<(bool, &Expr)> = match &e.node {
            ExprKind::Ruleset(_) => vec![(false, e)],
            ExprKind::Sum(first, rest) if !rest.is_empty() => std::iter::once((false, first.as_ref()))
                .chain(rest.iter().map(|(op, t)| (op.node == SumOp::Sub, t)))
                .collect(),
            _ => return Ok(Vec::new()),
        };
        let mut read = Vec::with_capacity(terms.len());
        for (negated, t) in terms {
            read.push(self.term(t, negated, ctx)?);
        }
        if read.len() == 1 && read[0].position.is_none() {
            return Ok(Vec::new());
        }
        let mut lines = Vec::new();
        for player in [Player::Left, Player::Right] {
            match self.winning_move(&read, player, ctx)? {
                Some(line) => lines.push(line),
                None => return Ok(Vec::new()),
            }
        }
        Ok(lines)
    }

    /// A term's value, and its position if it is a ruleset position that lists its moves.
    fn term(&mut self, t: &Expr, negated: bool, ctx: &Ctx) -> EvalResult<Term> {
        let mut value = self.game(t, ctx)?;
        if negated {
            value = self.lift(&t.span, ctx.budget, |g, b| g.neg(value, b))?;
        }
        let position = match &t.node {
            ExprKind::Ruleset(r) => match crate::rows::ruleset(&r.name.node).and_then(|d| d.position) {
                // A position valued by a formula may be too large to list its moves
                // (`maundy[300x2]`): it is then explained by its value alone.
                Some(read) => read(r).ok(),
                None => None,
            },
            _ => None,
        };
        let text = position.as_ref().map_or_else(|| ctx.src[t.span.clone()].to_string(), |p| p.notation());
        let written = if negated { format!("-{text}") } else { text };
        Ok(Term { written, value, negated, position })
    }

    /// The line naming `player`'s winning move in the sum of `terms`, or saying there is none;
    /// `None` if some term's moves cannot be listed.
    fn winning_move(&mut self, terms: &[Term], player: Player, ctx: &Ctx) -> EvalResult<Option<String>> {
        let span = 0..0;
        let mut total = self.games.zero();
        for t in terms {
            total = self.lift(&span, ctx.budget, |g, b| g.add(total, t.value, b))?;
        }
        let mut any_move = false;
        for (i, t) in terms.iter().enumerate() {
            let Some(moves) = self.term_moves(t, player, ctx)? else { return Ok(None) };
            any_move |= !moves.is_empty();
            let rest = self.lift(&span, ctx.budget, |g, b| g.sub(total, t.value, b))?;
            for m in moves {
                let after = self.lift(&span, ctx.budget, |g, b| g.add(rest, m.value, b))?;
                if self.wins(after, player, ctx)? {
                    return Ok(Some(self.winning_move_line(player, (terms.len(), i), t, &m, after)));
                }
            }
        }
        let who = name(player);
        Ok(Some(if any_move {
            let goal = if player == Player::Left { ">= 0" } else { "<= 0" };
            format!("{who} has no winning move moving first: no {who} move leaves a position {goal}")
        } else {
            format!("{who} has no move")
        }))
    }

    /// Whether the position `after` a move by `player` is a win for `player` (the opponent to
    /// move): `after >= 0` for Left, `after <= 0` for Right.
    fn wins(&mut self, after: GameId, player: Player, ctx: &Ctx) -> EvalResult<bool> {
        let zero = self.games.zero();
        let (a, b) = if player == Player::Left { (zero, after) } else { (after, zero) };
        self.lift(&(0..0), ctx.budget, |g, bu| g.leq(a, b, bu))
    }

    /// The moves `player` has in a term, or `None` if they are too many to list.
    fn term_moves(&mut self, t: &Term, player: Player, ctx: &Ctx) -> EvalResult<Option<Vec<Move>>> {
        let Some(p) = &t.position else { return self.value_moves(t.value, player) };
        // In `-B`, Left moves as Right would in B.
        let moves_right = (player == Player::Right) != t.negated;
        let positions = if moves_right { p.right() } else { p.left() };
        if positions.len() > MOVES_LIMIT {
            return Ok(None);
        }
        let mut out = Vec::with_capacity(positions.len());
        for q in positions {
            ctx.budget.check().map_err(|x| crate::value::gave_up(x, 0..0, ctx.budget))?;
            let notation = q.notation();
            let mut value = self.game_of_notation(&notation, ctx)?;
            if t.negated {
                value = self.lift(&(0..0), ctx.budget, |g, b| g.neg(value, b))?;
            }
            let written = if t.negated { format!("-{notation}") } else { notation };
            out.push(Move { written, value });
        }
        Ok(Some(out))
    }

    /// The moves of a game given by its value: its canonical options, written as values.
    fn value_moves(&mut self, g: GameId, player: Player) -> EvalResult<Option<Vec<Move>>> {
        if self.games.has_huge_options(g) {
            return Ok(None);
        }
        let options = match player {
            Player::Left => self.games.left_options(g),
            Player::Right => self.games.right_options(g),
        };
        let style = self.style();
        Ok(Some(options.into_iter().map(|o| Move { written: self.games.display(o, style), value: o }).collect()))
    }

    /// The value of a position written in its ruleset's notation, evaluated as the language
    /// reads it.
    pub(crate) fn game_of_notation(&mut self, notation: &str, ctx: &Ctx) -> EvalResult<GameId> {
        let parsed = cgt_syntax::parse(notation);
        let unreadable = || {
            Box::new(Diagnostic::error(
                Code::Argument,
                0..0,
                format!("the position `{notation}` a move leads to cannot be read back"),
            ))
        };
        let [stmt] = parsed.stmts.as_slice() else { return Err(unreadable()) };
        let cgt_syntax::StmtKind::Expr(e) = &stmt.kind else { return Err(unreadable()) };
        let inner = Ctx { budget: ctx.budget, src: notation, top: None, moves: false };
        self.game(e, &inner)
    }

    /// `Left wins moving first: toads["TT.F"] → toads["T.TF"], of value 0 (>= 0)`, or for a sum
    /// `Left wins moving first: in term 2, toads["TT.F"] → toads["T.TF"], leaving 1/2 (>= 0)`.
    fn winning_move_line(
        &mut self,
        player: Player,
        (terms, i): (usize, usize),
        t: &Term,
        m: &Move,
        after: GameId,
    ) -> String {
        let value = self.games.display(after, self.style());
        let goal = if player == Player::Left { ">= 0" } else { "<= 0" };
        let (who, from, to) = (name(player), &t.written, &m.written);
        if terms == 1 {
            return format!("{who} wins moving first: `{from}` → `{to}`, of value `{value}` ({goal})");
        }
        format!("{who} wins moving first: in term {}, `{from}` → `{to}`, leaving `{value}` ({goal})", i + 1)
    }
}

/// The player's name as the explanation writes it.
fn name(player: Player) -> &'static str {
    match player {
        Player::Left => "Left",
        Player::Right => "Right",
    }
}
