//! Misère canonical forms as `MisereGames::read` reads them: the printed notation (`*[2#0]`,
//! `*[2[2]]`, `*[(2[2]321)1]`, `&10;`) and CGSuite's lists (`*[4,2]`, `*[[2],2,1,0]`).
//!
//! Checks: arbitrary text never panics (a budget of 50 ms / 64 MiB bounds big forms); for a
//! text that reads as a game g, the printed form of g reads back as g itself (the arena keeps
//! one id per canonical form, so equal ids are equal games), prints the same again, and reads
//! as the same game in a fresh arena (the form does not depend on what the arena held).
#![no_main]

use std::time::Duration;

use cgt_core::Budget;
use cgt_core::misere::{MisereGames, ReadError};
use libfuzzer_sys::fuzz_target;

const TIME: Duration = Duration::from_millis(50);
const MEMORY: usize = 64 << 20;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    // Most inputs are wrapped, so that the fuzzer spends its time inside the brackets.
    let text = if text.starts_with('*') { text.into_owned() } else { format!("*[{text}]") };
    let budget = Budget::new(TIME, MEMORY);
    let mut games = MisereGames::new();
    let g = match games.read(&text, &budget) {
        Ok(g) => g,
        Err(ReadError::Syntax(_, at)) => {
            assert!(at <= text.len(), "error offset {at} past the text ({} bytes)", text.len());
            return;
        }
        Err(ReadError::NoDifference(_) | ReadError::Budget(_)) => return,
    };
    let Ok(printed) = games.display(g, &budget) else { return };
    match games.read(&printed, &budget) {
        Ok(h) => assert_eq!(h, g, "{text:?} prints as {printed:?}, which reads back as another game"),
        Err(ReadError::Budget(_)) => return,
        Err(e) => panic!("{text:?} prints as {printed:?}, which does not read back: {e:?}"),
    }
    let Ok(again) = games.display(g, &budget) else { return };
    assert_eq!(again, printed, "{text:?} prints two ways");
    // In a fresh arena the printed form gives a game that prints the same.
    let mut fresh = MisereGames::new();
    match fresh.read(&printed, &budget) {
        Ok(h) => {
            if let Ok(shown) = fresh.display(h, &budget) {
                assert_eq!(shown, printed, "{text:?}: {printed:?} reads as another game in a fresh arena");
            }
        }
        Err(ReadError::Budget(_)) => {}
        Err(e) => panic!("{printed:?} does not read in a fresh arena: {e:?}"),
    }
});
