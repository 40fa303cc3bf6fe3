//! The session: the state the statements of one file share (the game arena, the `let` names,
//! the configuration and each ruleset's tables), and the settings of an evaluation. The
//! session's behaviour lives with what it does: evaluating expressions (`expr.rs`), rulesets
//! (`rulesets.rs`), functions (`functions.rs`), definitions (`defs.rs`), checks (`check.rs`),
//! reports (`value.rs`); ARCHITECTURE.md lists them.

use std::any::{Any, TypeId};
use std::collections::HashMap;
use std::time::Duration;

use cgt_core::Budget;
use cgt_core::game::{DisplayStyle, Games};
use cgt_syntax::Span;

use crate::value::Value;

/// A `let` name's form: its expression's text, standing alone (see `forms.rs`), shared by
/// bindings.
pub(crate) type Form = std::sync::Arc<str>;

/// Settings of an evaluation.
#[derive(Clone, Debug)]
pub struct Config {
    /// Time allowed per statement.
    pub time: Duration,
    /// Memory allowed per statement, in bytes (the engine's arena and caches).
    pub memory: usize,
    /// Print values with `↑ ↓ ±` instead of `^ v +-`.
    pub unicode: bool,
    /// Also compute [`Details`] (options, stops, temperature, game tree) of every game value,
    /// for hovers in the editor.
    pub details: bool,
    /// Also draw pictures (SVG) of results: the thermograph and game tree of every game value,
    /// the plot of every Grundy sequence (`cgt eval --svg`, the editor's hover).
    pub pictures: bool,
    /// Also draw TikZ pictures of game values for LaTeX (`cgt eval --tex`): the thermograph of
    /// every short game that is not a number, and the game tree of a small one.
    pub tikz: bool,
    /// Threads one statement may use, where its work can be shared (Cram's search, a long octal
    /// sequence); the machine's cores limit it too. `cgt eval --jobs N` sets it to N.
    pub threads: usize,
    /// Print every result in full, however long (`cgt eval --full`); by default a result
    /// longer than [`crate::value::MAX_SHOWN`] characters is cut, with a note of how much was
    /// left out.
    pub full: bool,
}

impl Default for Config {
    /// The command line's defaults: 10 s and 2 GiB per statement, ASCII output.
    fn default() -> Self {
        Config {
            time: Duration::from_secs(10),
            memory: 2 << 30,
            unicode: false,
            details: false,
            pictures: false,
            tikz: false,
            threads: usize::MAX,
            full: false,
        }
    }
}

/// The state shared by the statements of one file: the game arena, the `let` names, the
/// configuration and the rulesets' tables.
pub struct Session {
    pub(crate) games: Games,
    pub(crate) env: HashMap<String, Binding>,
    pub(crate) config: Config,
    /// Each ruleset's tables (transposition tables, Grundy tables), by type, kept across
    /// statements; a ruleset asks for its own with [`Session::table`].
    pub(crate) tables: HashMap<TypeId, Box<dyn Any + Send>>,
}

/// One compilation of a `def` or `rule` statement in a session: compiling a statement again
/// (because it or a name it uses changed) gives a new id.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DefId(pub(crate) usize);

/// A `let` name: its value and where it was defined.
#[derive(Clone, Debug)]
pub(crate) struct Binding {
    pub value: Value,
    /// The game as written, for misère play, `explain` and `options` (see `forms`).
    pub form: Option<Form>,
    pub span: Span,
}

impl Session {
    /// A fresh session with no names.
    pub fn new(config: Config) -> Self {
        Session { games: Games::new(), env: HashMap::new(), config, tables: HashMap::new() }
    }

    /// The session's table of type `T` (created empty on first use).
    pub(crate) fn table<T: Default + Send + 'static>(&mut self) -> &mut T {
        self.tables
            .entry(TypeId::of::<T>())
            .or_insert_with(|| Box::new(T::default()))
            .downcast_mut()
            .expect("tables are stored by their type")
    }

    /// The session's table of type `T` and the game arena, for rulesets that fill both.
    pub(crate) fn table_and_games<T: Default + Send + 'static>(&mut self) -> (&mut T, &mut Games) {
        let table = self.tables.entry(TypeId::of::<T>()).or_insert_with(|| Box::new(T::default()));
        (table.downcast_mut().expect("tables are stored by their type"), &mut self.games)
    }

    /// Where a `let` name was defined, if it is bound.
    pub fn definition(&self, name: &str) -> Option<Span> {
        self.env.get(name).map(|b| b.span.clone())
    }

    /// The display style the session prints values in.
    pub(crate) fn style(&self) -> DisplayStyle {
        DisplayStyle { unicode: self.config.unicode }
    }

    /// A fresh budget of the session's configured size, for one statement.
    pub fn budget(&self) -> Budget {
        Budget::new(self.config.time, self.config.memory).with_threads(self.config.threads)
    }

    /// The value a `let` name is bound to now.
    pub fn value_of(&self, name: &str) -> Option<&Value> {
        self.env.get(name).map(|b| &b.value)
    }

    /// The form a `let` name keeps beside its value: its expression's text, standing alone.
    pub fn form_of(&self, name: &str) -> Option<&std::sync::Arc<str>> {
        self.env.get(name).and_then(|b| b.form.as_ref())
    }

    /// Binds a name to a value and the form it was written in (as a `let` statement at `span`
    /// would).
    pub fn bind(&mut self, name: &str, value: Value, form: Option<std::sync::Arc<str>>, span: Span) {
        self.env.insert(name.to_string(), Binding { value, form, span });
    }

    /// An estimate of the memory the session's game arena uses, in bytes.
    pub fn memory_bytes(&self) -> usize {
        self.games.memory_bytes()
    }
}
