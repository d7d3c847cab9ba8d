//! The built-in puzzles: hand-made puzzles whose licences let us pass them
//! on (`static/puzzles/builtin.json`, written by `scripts/builtins`), each
//! with its title, author, copyright and licence, graded as the solver
//! grades them. The list is fetched when it is first opened, so that it
//! adds nothing to the page's first download.

use std::rc::Rc;

/// Where the page fetches the list (the build copies it there).
pub const BUILTIN_URL: &str = "puzzles/builtin.json";

/// A built-in puzzle, as the list shows it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
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
    /// The key a player's progress on it is kept under (see
    /// [`super::progress_key`]): a solved one shows its picture.
    pub key: String,
    /// Its solution in hex, a row a word, 4 cells a digit (the first the
    /// highest bit): the thumbnail of a solved one.
    pub picture: String,
}

/// Which puzzles the list shows: a size (0 any, else the index into
/// [`SIZES`] plus one) and a grade (0 any, else 1 to 4).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Filter {
    pub size: usize,
    pub grade: u8,
}

/// The sizes the list's filter offers: the larger side up to this many cells.
pub const SIZES: [(usize, &str); 4] =
    [(10, "Up to 10×10"), (20, "Up to 20×20"), (30, "Up to 30×30"), (usize::MAX, "Larger")];

impl Builtin {
    /// Whether the filter lets it through.
    pub fn fits(&self, filter: Filter) -> bool {
        let side = self.width.max(self.height);
        let size = match filter.size.checked_sub(1).and_then(|i| Some((i, SIZES.get(i)?.0))) {
            None => true,
            Some((0, most)) => side <= most,
            Some((i, most)) => side > SIZES[i - 1].0 && side <= most,
        };
        size && (filter.grade == 0 || filter.grade == self.grade)
    }

    /// Its filled cells as an SVG path in cell units, a rectangle a run.
    pub fn picture_path(&self) -> String {
        let mut path = String::new();
        for (row, word) in self.picture.split(' ').enumerate() {
            let bits = word
                .chars()
                .filter_map(|d| d.to_digit(16))
                .flat_map(|d| (0..4).map(move |i| d >> (3 - i) & 1 == 1));
            let mut run: Option<usize> = None;
            for (col, filled) in bits.chain([false]).enumerate() {
                match (filled, run) {
                    (true, None) => run = Some(col),
                    (false, Some(start)) => {
                        path += &format!("M{start} {row}h{}v1H{start}z", col - start);
                        run = None;
                    }
                    _ => {}
                }
            }
        }
        path
    }
}

/// A blank grid's lines, every 5 cells, as an SVG path in cell units.
pub fn grid_path(width: usize, height: usize) -> String {
    let columns = (5..width).step_by(5).map(|x| format!("M{x} 0V{height}"));
    let rows = (5..height).step_by(5).map(|y| format!("M0 {y}H{width}"));
    columns.chain(rows).collect()
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

#[cfg(test)]
mod tests {
    use super::*;

    fn builtin(width: usize, height: usize, grade: u8, picture: &str) -> Builtin {
        Builtin { width, height, grade, picture: picture.into(), ..Builtin::default() }
    }

    #[test]
    fn the_filter_takes_sizes_by_the_larger_side_and_grades() {
        let (small, middle, large) = (builtin(10, 5, 1, ""), builtin(12, 20, 2, ""), builtin(40, 30, 2, ""));
        let fits = |f: Filter| [&small, &middle, &large].map(|b| b.fits(f));
        assert_eq!(fits(Filter::default()), [true, true, true]);
        assert_eq!(fits(Filter { size: 1, grade: 0 }), [true, false, false]);
        assert_eq!(fits(Filter { size: 2, grade: 0 }), [false, true, false]);
        assert_eq!(fits(Filter { size: 3, grade: 0 }), [false, false, false]);
        assert_eq!(fits(Filter { size: 4, grade: 0 }), [false, false, true]);
        assert_eq!(fits(Filter { size: 0, grade: 2 }), [false, true, true]);
        assert_eq!(fits(Filter { size: 2, grade: 1 }), [false, false, false]);
    }

    #[test]
    fn a_picture_is_drawn_a_rectangle_a_run() {
        // Rows "#.##.#" and "......" and "######": 6 cells, two hex digits a row.
        let b = builtin(6, 3, 1, "b4 00 fc");
        assert_eq!(b.picture_path(), "M0 0h1v1H0zM2 0h2v1H2zM5 0h1v1H5zM0 2h6v1H0z");
        assert_eq!(grid_path(12, 6), "M5 0V6M10 0V6M0 5H12");
    }
}
