//! Stoppers: loopy games with no infinite alternating play (Siegel *CGT* ch. VI.2-3; WW ch. 11;
//! Conway, *ONAG* ch. 16).
//!
//! * Recognition: from no subposition is there an endless sequence of moves in which Left and
//!   Right alternate, i.e. the graph of states (position, player to move), with an edge for each
//!   move of the player to move, has no cycle among the states of the subpositions.
//! * Comparison: for stoppers, G >= H iff Left, moving second, survives G - H (wins or draws).
//!   One retrograde analysis over all pairs of positions decides every G >= H at once.
//! * Simplest forms (Siegel VI.3): identify (fuse) equal positions, remove dominated options and
//!   bypass reversible ones, as for short games; every step keeps each position's value, so the
//!   order computed once stays valid. Equal stoppers have isomorphic simplest forms.
//! * Sums: the sum of two stoppers need not be a stopper (`on + off` is `dud`); such a sum is an
//!   error here (its value is a pair of sides).

use super::graph::{LoopyGraph, LoopyOutcome, Player};
use crate::budget::{Budget, Exhausted};
use crate::game::{Comparison, GameId, Games};

/// Why a stopper could not be made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StopperError {
    /// The game has infinite alternating play, so it is not a stopper.
    NotStopper,
    /// The start is not a position of the graph.
    NoSuchPosition,
    /// The budget ran out.
    Exhausted(Exhausted),
}

impl From<Exhausted> for StopperError {
    fn from(e: Exhausted) -> Self {
        StopperError::Exhausted(e)
    }
}

impl std::fmt::Display for StopperError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StopperError::NotStopper => f.write_str("not a stopper: play can alternate forever"),
            StopperError::NoSuchPosition => f.write_str("the start is not a position of the graph"),
            StopperError::Exhausted(e) => write!(f, "stopped: {e}"),
        }
    }
}

/// A stopper in simplest form: its positions are those of `graph`, the game is position 0.
#[derive(Clone, Debug)]
pub struct Stopper {
    graph: LoopyGraph,
}

/// Whether position `root` of `graph` is a stopper (no infinite alternating play from any
/// subposition). False if `root` is not a position.
pub fn is_stopper(graph: &LoopyGraph, root: usize) -> bool {
    if root >= graph.len() {
        return false;
    }
    alternating_acyclic(&graph.reachable(root).0)
}

/// Whether the alternating state graph of every position of `g` is acyclic.
pub(crate) fn alternating_acyclic(g: &LoopyGraph) -> bool {
    stopper_positions(g).iter().all(|&s| s)
}

/// Which positions of `g` are stoppers: no subposition (reached by any moves) has an endless
/// alternating play. Kahn's algorithm on the states (position, mover) peels off the states
/// with no moves left; a state that remains reaches an alternating cycle, and so does every
/// position from which its position can be reached.
pub(crate) fn stopper_positions(g: &LoopyGraph) -> Vec<bool> {
    let n = g.len();
    let player = |s: usize| if s.is_multiple_of(2) { Player::Left } else { Player::Right };
    let next = |s: usize, w: usize| 2 * w + usize::from(s.is_multiple_of(2));
    let mut pred: Vec<Vec<usize>> = vec![Vec::new(); 2 * n];
    let mut out: Vec<usize> = vec![0; 2 * n];
    for s in 0..2 * n {
        for &w in g.options(player(s), s / 2) {
            pred[next(s, w)].push(s);
            out[s] += 1;
        }
    }
    let mut queue: Vec<usize> = (0..2 * n).filter(|&s| out[s] == 0).collect();
    let mut peeled = vec![false; 2 * n];
    while let Some(t) = queue.pop() {
        peeled[t] = true;
        for &s in &pred[t] {
            out[s] -= 1;
            if out[s] == 0 {
                queue.push(s);
            }
        }
    }
    let mut stopper: Vec<bool> = (0..n).map(|v| peeled[2 * v] && peeled[2 * v + 1]).collect();
    let mut into: Vec<Vec<usize>> = vec![Vec::new(); n];
    for v in 0..n {
        g.options(Player::Left, v).iter().chain(g.options(Player::Right, v)).for_each(|&w| into[w].push(v));
    }
    let mut stack: Vec<usize> = (0..n).filter(|&v| !stopper[v]).collect();
    while let Some(w) = stack.pop() {
        for &v in &into[w] {
            if stopper[v] {
                stopper[v] = false;
                stack.push(v);
            }
        }
    }
    stopper
}

/// `geq[g * b.len() + h]` is whether position g of `a` is >= position h of `b`, for stoppers:
/// Left, moving second, survives g - h. Right's winning states of g - h are found by retrograde
/// analysis over every pair (Right to move: g to g^R or h to h^L; Left: g^L or h^R).
pub fn geq_table(a: &LoopyGraph, b: &LoopyGraph, budget: &Budget) -> Result<Vec<bool>, Exhausted> {
    let (na, nb) = (a.len(), b.len());
    budget.check_memory(na.saturating_mul(nb).saturating_mul(24))?;
    let rev = |g: &LoopyGraph, p: Player| {
        let mut r = vec![Vec::new(); g.len()];
        (0..g.len()).for_each(|v| g.options(p, v).iter().for_each(|&w| r[w].push(v)));
        r
    };
    let (a_left_rev, a_right_rev) = (rev(a, Player::Left), rev(a, Player::Right));
    let (b_left_rev, b_right_rev) = (rev(b, Player::Left), rev(b, Player::Right));
    let pair = |g: usize, h: usize| g * nb + h;
    // Left-to-move states lose for Left once all their moves are known losses.
    let mut open: Vec<usize> =
        (0..na * nb).map(|s| a.options(Player::Left, s / nb).len() + b.options(Player::Right, s % nb).len()).collect();
    let mut right_wins_l = vec![false; na * nb]; // Left to move.
    let mut right_wins_r = vec![false; na * nb]; // Right to move.
    let mut queue: Vec<usize> = (0..na * nb).filter(|&s| open[s] == 0).collect();
    queue.iter().for_each(|&s| right_wins_l[s] = true);
    while let Some(s) = queue.pop() {
        budget.check()?;
        let (x, y) = (s / nb, s % nb);
        // Right-to-move states with a move to the Left-to-move state (x, y) now win.
        let from_a = a_right_rev[x].iter().map(|&g| pair(g, y));
        let from_b = b_left_rev[y].iter().map(|&h| pair(x, h));
        for r in from_a.chain(from_b) {
            if right_wins_r[r] {
                continue;
            }
            right_wins_r[r] = true;
            let (rx, ry) = (r / nb, r % nb);
            // Left-to-move states whose move leads to the Right-to-move state (rx, ry).
            let to_a = a_left_rev[rx].iter().map(|&g| pair(g, ry));
            let to_b = b_right_rev[ry].iter().map(|&h| pair(rx, h));
            for l in to_a.chain(to_b) {
                if right_wins_l[l] {
                    continue;
                }
                open[l] -= 1;
                if open[l] == 0 {
                    right_wins_l[l] = true;
                    queue.push(l);
                }
            }
        }
    }
    Ok(right_wins_r.into_iter().map(|w| !w).collect())
}

impl Stopper {
    /// The simplest form of position `root` of `graph`; fails if it is not a stopper.
    pub fn new(graph: &LoopyGraph, root: usize, budget: &Budget) -> Result<Stopper, StopperError> {
        if root >= graph.len() {
            return Err(StopperError::NoSuchPosition);
        }
        let (g, _) = graph.reachable(root);
        if !alternating_acyclic(&g) {
            return Err(StopperError::NotStopper);
        }
        Ok(Stopper { graph: simplify(g, budget)? })
    }

    /// The simplest forms of the positions `roots` of one graph, each as [`Stopper::new`] gives
    /// it up to the numbering of its positions: one comparison table and one pruning of the
    /// whole graph serve every root (pruning and fusing only use the values of positions, which
    /// do not depend on the root), instead of one table per root. Fox and Geese values every
    /// position of a layer this way.
    pub fn new_many(graph: &LoopyGraph, roots: &[usize], budget: &Budget) -> Result<Vec<Stopper>, StopperError> {
        if roots.iter().any(|&r| r >= graph.len()) {
            return Err(StopperError::NoSuchPosition);
        }
        let stoppers = stopper_positions(graph);
        if roots.iter().any(|&r| !stoppers[r]) {
            return Err(StopperError::NotStopper);
        }
        if stoppers.iter().any(|&s| !s) {
            // Positions no root reaches are not stoppers: the table would be wrong for them.
            return roots.iter().map(|&r| Stopper::new(graph, r, budget)).collect();
        }
        let (g, rep) = simplify_all(graph.clone(), budget)?;
        Ok(roots.iter().map(|&r| Stopper { graph: g.reachable(rep[r]).0 }).collect())
    }

    /// The short game `g` as a stopper.
    pub fn from_short(games: &mut Games, g: GameId, budget: &Budget) -> Result<Stopper, StopperError> {
        Stopper::new(&LoopyGraph::from_short(games, g, budget)?, 0, budget)
    }

    /// A one-position stopper with these options, where `None` stands for the position itself
    /// (`pass`) and `Some(x)` for the short game x.
    fn one_loop(games: &mut Games, left: &[Option<GameId>], right: &[Option<GameId>]) -> Stopper {
        let mut graph = LoopyGraph::default();
        let root = graph.add_position();
        let budget = Budget::unlimited();
        for (player, opts) in [(Player::Left, left), (Player::Right, right)] {
            for o in opts {
                let w = match o {
                    None => root,
                    Some(x) => graph.add_short(games, *x, &budget).unwrap_or(root),
                };
                graph.options_push(player, root, w);
            }
        }
        Stopper { graph }
    }

    /// `on = {pass |}`.
    pub fn on(games: &mut Games) -> Stopper {
        Stopper::one_loop(games, &[None], &[])
    }

    /// `off = {| pass}`.
    pub fn off(games: &mut Games) -> Stopper {
        Stopper::one_loop(games, &[], &[None])
    }

    /// `over = {0 | pass}`.
    pub fn over(games: &mut Games) -> Stopper {
        let zero = games.zero();
        Stopper::one_loop(games, &[Some(zero)], &[None])
    }

    /// `under = {pass | 0}`.
    pub fn under(games: &mut Games) -> Stopper {
        let zero = games.zero();
        Stopper::one_loop(games, &[None], &[Some(zero)])
    }

    /// `upon = {pass | *}` (CGSuite's `^[on]`).
    pub fn upon(games: &mut Games) -> Stopper {
        let star = games.nimber(1);
        Stopper::one_loop(games, &[None], &[Some(star)])
    }

    /// The graph of the simplest form; the game is position 0.
    pub fn graph(&self) -> &LoopyGraph {
        &self.graph
    }

    /// Whether the simplest form has no cycle (the stopper is a short game).
    pub fn is_short(&self) -> bool {
        acyclic(&self.graph)
    }

    /// The short game equal to this stopper, if it is one.
    pub fn as_short(&self, games: &mut Games, budget: &Budget) -> Result<Option<GameId>, Exhausted> {
        if !self.is_short() {
            return Ok(None);
        }
        short_values(&self.graph, games, budget).map(|v| v[0])
    }

    /// `-G`.
    pub fn neg(&self) -> Stopper {
        Stopper { graph: self.graph.negated() }
    }

    /// `G + H`, an error if the sum is not a stopper (its value is then a pair of sides).
    pub fn add(&self, other: &Stopper, budget: &Budget) -> Result<Stopper, StopperError> {
        let sum = self.graph.sum(0, &other.graph, 0, budget)?;
        Stopper::new(&sum, 0, budget)
    }

    /// The ordinal sum `G : H = {G^L, G : H^L | G^R, G : H^R}` (Conway; Siegel *CGT* ch. VI
    /// for loopy games): every position h of H becomes G : h, which also keeps G's own options.
    /// Taken on the simplest forms, as CGSuite does; `1 : off` is `over`.
    pub fn ordinal_sum(&self, other: &Stopper, budget: &Budget) -> Result<Stopper, StopperError> {
        let (g, h) = (&self.graph, &other.graph);
        let (ng, nh) = (g.len(), h.len());
        // Positions 0..nh are G : h for the positions h of H; then G's positions, shifted.
        let mut left = Vec::with_capacity(nh + ng);
        let mut right = Vec::with_capacity(nh + ng);
        for v in 0..nh {
            budget.check()?;
            for (p, out) in [(Player::Left, &mut left), (Player::Right, &mut right)] {
                let own = g.options(p, 0).iter().map(|&w| w + nh);
                out.push(own.chain(h.options(p, v).iter().copied()).collect::<Vec<usize>>());
            }
        }
        for v in 0..ng {
            left.push(g.options(Player::Left, v).iter().map(|&w| w + nh).collect());
            right.push(g.options(Player::Right, v).iter().map(|&w| w + nh).collect());
        }
        let graph = LoopyGraph::new(left, right).map_err(|_| StopperError::NoSuchPosition)?;
        Stopper::new(&graph, 0, budget)
    }

    /// Whether `self <= other`.
    pub fn leq(&self, other: &Stopper, budget: &Budget) -> Result<bool, Exhausted> {
        Ok(geq_table(&other.graph, &self.graph, budget)?[0])
    }

    /// How `self` compares with `other`.
    pub fn compare(&self, other: &Stopper, budget: &Budget) -> Result<Comparison, Exhausted> {
        Ok(match (self.leq(other, budget)?, other.leq(self, budget)?) {
            (true, true) => Comparison::Equal,
            (true, false) => Comparison::Less,
            (false, true) => Comparison::Greater,
            (false, false) => Comparison::Confused,
        })
    }

    /// The outcome class, from the game graph (stoppers such as `on` and `over` can draw).
    pub fn outcome_class(&self, budget: &Budget) -> Result<LoopyOutcome, Exhausted> {
        let r = super::graph::results(&self.graph, budget)?;
        Ok(LoopyOutcome::from_results(r[0].0, r[0].1))
    }
}

/// Whether `g` has no cycle at all (every position is a short game).
fn acyclic(g: &LoopyGraph) -> bool {
    let n = g.len();
    let mut out: Vec<usize> =
        (0..n).map(|v| g.options(Player::Left, v).len() + g.options(Player::Right, v).len()).collect();
    let mut pred: Vec<Vec<usize>> = vec![Vec::new(); n];
    for v in 0..n {
        g.options(Player::Left, v).iter().chain(g.options(Player::Right, v)).for_each(|&w| pred[w].push(v));
    }
    let mut queue: Vec<usize> = (0..n).filter(|&v| out[v] == 0).collect();
    let mut removed = 0;
    while let Some(w) = queue.pop() {
        removed += 1;
        for &v in &pred[w] {
            out[v] -= 1;
            if out[v] == 0 {
                queue.push(v);
            }
        }
    }
    removed == n
}

/// The short game of every position of `g` that lies on no cycle and reaches none (`None` for
/// the others), built in reverse topological order.
pub(crate) fn short_values(
    g: &LoopyGraph,
    games: &mut Games,
    budget: &Budget,
) -> Result<Vec<Option<GameId>>, Exhausted> {
    let n = g.len();
    let opts = |v: usize| g.options(Player::Left, v).iter().chain(g.options(Player::Right, v));
    let mut out: Vec<usize> = (0..n).map(|v| opts(v).count()).collect();
    let mut pred: Vec<Vec<usize>> = vec![Vec::new(); n];
    (0..n).for_each(|v| opts(v).for_each(|&w| pred[w].push(v)));
    let mut value: Vec<Option<GameId>> = vec![None; n];
    let mut queue: Vec<usize> = (0..n).filter(|&v| out[v] == 0).collect();
    while let Some(v) = queue.pop() {
        budget.check()?;
        let side = |p: Player, value: &[Option<GameId>]| -> Vec<GameId> {
            g.options(p, v).iter().filter_map(|&w| value[w]).collect()
        };
        let (l, r) = (side(Player::Left, &value), side(Player::Right, &value));
        value[v] = Some(games.from_options(&l, &r, budget)?);
        for &u in &pred[v] {
            out[u] -= 1;
            if out[u] == 0 {
                queue.push(u);
            }
        }
    }
    Ok(value)
}

/// The simplest form of the stopper at position 0 of `g` (every position reachable from 0).
///
/// Dominated and reversible options are removed first, on the graph as given (fusing equal
/// positions first could close an alternating cycle through a reversible option, as in
/// `u = {w|}`, `w = {|u'}` with `u = u' = 0`); equal positions are fused last.
fn simplify(g: LoopyGraph, budget: &Budget) -> Result<LoopyGraph, Exhausted> {
    let (g, rep) = simplify_all(g, budget)?;
    Ok(g.reachable(rep[0]).0)
}

/// Prunes every position of `g` (every position a stopper) and points each option at the first
/// position equal to it; also gives that first equal position of each position.
fn simplify_all(mut g: LoopyGraph, budget: &Budget) -> Result<(LoopyGraph, Vec<usize>), Exhausted> {
    let geq = geq_table(&g, &g, budget)?;
    let n = g.len();
    let ge = |x: usize, y: usize| geq[x * n + y];
    let mut changed = true;
    while changed {
        changed = false;
        for v in 0..n {
            budget.check()?;
            for p in [Player::Left, Player::Right] {
                changed |= prune(&mut g, v, p, &ge);
            }
        }
    }
    // Fuse equal positions into the first of each class.
    let rep: Vec<usize> = (0..n).map(|v| (0..=v).find(|&u| ge(u, v) && ge(v, u)).unwrap_or(v)).collect();
    for v in 0..n {
        for p in [Player::Left, Player::Right] {
            let mut o: Vec<usize> = g.options(p, v).iter().map(|&w| rep[w]).collect();
            o.sort_unstable();
            o.dedup();
            g.set_options(p, v, o);
        }
    }
    Ok((g, rep))
}

/// Removes `p`'s dominated options at v (keeping the first of equal ones) and bypasses one
/// round of its reversible options; whether anything changed.
fn prune(g: &mut LoopyGraph, v: usize, p: Player, ge: &impl Fn(usize, usize) -> bool) -> bool {
    // `better(x, y)`: x is at least as good as y for p.
    let better = |x: usize, y: usize| if p == Player::Left { ge(x, y) } else { ge(y, x) };
    let mut opts = g.options(p, v).to_vec();
    opts.sort_unstable();
    opts.dedup();
    let beats = |b: usize, a: usize| b != a && better(b, a) && (!better(a, b) || b < a);
    let kept: Vec<usize> = opts.iter().copied().filter(|&a| !opts.iter().any(|&b| beats(b, a))).collect();
    let mut changed = kept.len() != g.options(p, v).len();
    let mut next = Vec::new();
    for &a in &kept {
        // a is reversible through a^{p'} when a^{p'} is at least as good as v for the
        // opponent; it is then replaced by that position's options for p.
        match g.options(p.other(), a).iter().copied().find(|&ar| better(v, ar)) {
            Some(ar) => {
                next.extend_from_slice(g.options(p, ar));
                changed = true;
            }
            None => next.push(a),
        }
    }
    g.set_options(p, v, next);
    changed
}
