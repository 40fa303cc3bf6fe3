//! Clobber: published values, notation, and the solver (groups, symmetries, colour swap)
//! against a plain search of the rules with its own move generator on random boards.

use cgt_core::Budget;
use cgt_core::game::{DisplayStyle, Games};

use super::Board;
use crate::grid::{GridError, quoted};
use crate::position::Partizan;
use crate::position::testing::{
    Rows, assert_boards_agree, assert_searches_agree, plain_steps, random_rows, shown_by_search,
};
use crate::test_rng::Rng;

#[test]
fn published_values() {
    // CGSuite's documentation example `Clobber("xox|ox.")`.
    let mut games = Games::new();
    let budget = Budget::unlimited();
    let zero = cgt_core::Dyadic::integer(0);
    let (upup_star, star, down) = (games.nus(&zero, 2, 1), games.nimber(1), games.nus(&zero, -1, 0));
    let want = games.from_options(&[upup_star], &[star, down], &budget).unwrap();
    let b = Board::from_rows(&["xox", "ox."]).unwrap();
    assert_eq!(b.game(&mut games, &budget).unwrap(), want);
    assert_eq!(shown_by_search(b), games.display(want, DisplayStyle::default()));
    // Strips by hand: `xo` is {0|0}, `xxo` is {0|*}, `xox` is {0|0}.
    let strips = [["xo"], ["xxo"], ["xox"], ["x.o"], [""]];
    assert_eq!(strips.map(|s| Board::shown(&s)), ["*", "^", "*", "0", "0"]);
}

#[test]
fn rows_and_notation() {
    assert_eq!(Board::from_rows(&["xo", "o"]), Err(GridError::Ragged { row: 1 }));
    assert_eq!(Board::from_rows(&["xo", "oX"]), Err(GridError::BadCell { row: 1, offset: 1, letter: 'X' }));
    let b = Board::from_rows(&["xo.x", "o..."]).unwrap();
    assert_eq!(b.notation(), r#"clobber["xo.x", "o..."]"#);
    let left: Vec<String> = b.left_options().iter().map(Partizan::notation).collect();
    assert_eq!(left, [r#"clobber[".o.x", "x..."]"#, r#"clobber[".x.x", "o..."]"#]);
    let right: Vec<String> = b.right_options().iter().map(Partizan::notation).collect();
    assert_eq!(right, [r#"clobber["o..x", "o..."]"#, r#"clobber["oo.x", "...."]"#]);
    for board in [b, Board::from_rows(&["xoxo"]).unwrap(), Board::from_rows::<&str>(&[]).unwrap()] {
        assert_eq!(Board::from_rows(&quoted(&board.notation())).unwrap(), board);
    }
}

/// A random board of up to `cells` cells, mostly stones.
pub(crate) fn random_board(rng: &mut Rng, cells: u64) -> Vec<String> {
    random_rows(rng, 4, cells, cells, &['x', 'o', 'x', 'o', '.'])
}

/// Clobber's moves straight from the rules: a stone of the mover's steps onto an orthogonally
/// adjacent enemy stone, which goes, and its own square is left empty.
fn plain_moves(rows: &Rows, left: bool) -> Vec<Rows> {
    plain_steps(rows, left, |enemy, there| (there == enemy).then_some('.'))
}

#[test]
fn solver_agrees_with_search_on_random_boards() {
    let mut rng = Rng(0x1234_5678_9abc_def1);
    let boards = (0..300).map(|_| random_board(&mut rng, 9));
    assert_eq!(assert_boards_agree(boards, |text| Board::from_rows(text).unwrap(), &plain_moves), 300);
}

#[test]
fn big_boards_run_out_of_budget() {
    let rows: Vec<String> = (0..6).map(|r| if r % 2 == 0 { "xoxoxo" } else { "oxoxox" }.to_owned()).collect();
    let board = Board::from_rows(&rows).unwrap();
    let budget = Budget::new(std::time::Duration::from_millis(50), usize::MAX);
    let start = std::time::Instant::now();
    assert_eq!(board.game(&mut Games::new(), &budget), Err(cgt_core::Exhausted::Time));
    assert!(start.elapsed() < std::time::Duration::from_secs(2));
}

#[test]
fn outcome_search_agrees_with_the_plain_values() {
    let mut rng = Rng(0x0c10_bbe5_0a7c_0e01);
    // Up to 12 cells, so that many boards hold a region larger than the 6 cells valued exactly.
    let boards: Vec<Vec<String>> = (0..400).map(|_| random_board(&mut rng, 12)).collect();
    assert_searches_agree(boards, |text| Board::from_rows(text).unwrap(), &plain_moves, 100);
}

#[test]
fn outcome_search_agrees_with_the_values_of_larger_boards() {
    // Boards with a group over the 10 cells valued exactly by default, so that the search
    // runs, against the outcomes of the solver's values.
    let boards: [&[&str]; 5] = [
        &["xoxo", "oxox", "xoxo"],
        &["xoxoxo", "oxoxox"],
        &["xoxoxox", "oxoxoxo"],
        &["xxoxo", "oxo.x", "xoxoo"],
        &["oxoxoxoxoxox"],
    ];
    let budget = Budget::unlimited();
    let (mut games, mut solver) = (Games::new(), crate::position::Solver::new());
    let mut search = crate::position::outcome::OutcomeSearch::default();
    for rows in boards {
        let b = Board::from_rows(rows).unwrap();
        assert!(!search.is_small(&b), "{rows:?} is valued whole");
        let g = solver.value(&mut games, &b, &budget).unwrap();
        let want = games.outcome(g, &budget).unwrap();
        assert_eq!(
            search.outcome(&mut games, &mut crate::position::Solver::new(), &b, &budget).unwrap(),
            want,
            "{rows:?}"
        );
    }
}
