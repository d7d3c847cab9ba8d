//! The built-in puzzles: hand-made puzzles whose licences let us pass them
//! on (`static/puzzles/builtin.json`, written by `scripts/builtins`), each
//! with its title, author, copyright and licence, graded as the solver
//! grades them. The list is fetched when it is first opened, so that it
//! adds nothing to the page's first download.

use std::rc::Rc;

/// Where the page fetches the list (the build copies it there).
pub const BUILTIN_URL: &str = "puzzles/builtin.json";

/// A built-in puzzle, as the list shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Builtin {
    pub title: String,
    pub author: String,
    /// The copyright line as its author gave it.
    pub copyright: String,
    /// The licence's key in [`Catalogue::licences`].
    pub licence: String,
    /// Where it comes from ("webpbn.com #6").
    pub source: String,
    /// 1 Easy to 4 Very hard (the solver's grade).
    pub grade: u8,
    pub width: usize,
    pub height: usize,
    /// The puzzle as `.non` text, its attribution in its own lines.
    pub text: String,
}

/// A licence the puzzles come under.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Licence {
    pub key: String,
    pub name: String,
    pub url: String,
    /// Its text, or the terms it was given under.
    pub text: String,
}

/// The list as fetched.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Catalogue {
    pub puzzles: Vec<Builtin>,
    pub licences: Vec<Licence>,
}

impl Catalogue {
    /// The puzzles of a grade (1 to 4), with their places in the list.
    pub fn of_grade(&self, grade: u8) -> impl Iterator<Item = (usize, &Builtin)> {
        self.puzzles.iter().enumerate().filter(move |(_, p)| p.grade == grade)
    }

    pub fn licence(&self, key: &str) -> Option<&Licence> {
        self.licences.iter().find(|l| l.key == key)
    }
}

/// Where the list stands.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Builtins {
    /// Not asked for yet.
    #[default]
    Unopened,
    Loading,
    Loaded(Rc<Catalogue>),
    /// Why it could not be fetched (asked for again on the next opening).
    Failed(String),
}

/// The grades' names, 1 to 4.
pub const GRADES: [&str; 4] = ["Easy", "Medium", "Hard", "Very hard"];
