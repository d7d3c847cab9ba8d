//! Puzzles made to order: a picture drawn at random (seeded), kept when
//! its puzzle has one solution and the grade asked for.
//!
//! The picture is drawn, not noise: a field of random values on a coarse
//! lattice, smoothed between its points (value noise), with a finer layer
//! added, and cut at the level that fills the share of cells wanted. Half
//! the easy pictures and every harder one are mirrored left to right (the
//! finer detail of harder grades reads as texture without symmetry, as an
//! emblem or a creature with it), and a third of the medium and hard ones
//! are line art: only their regions' edges are filled. The grade of a unique puzzle
//! is [`Difficulty::of`] the solver's work, as `nonogram solve --stats`
//! reports it. Easier grades come from coarse, smooth pictures; harder
//! ones from finer detail and more cells left to chance; each try draws a
//! new picture with parameters leaning toward the grade, until one fits
//! or the tries (or the caller's clock) run out. Everything follows from
//! the seed with integer arithmetic and a fixed generator (splitmix64), so
//! the same seed and options give the same puzzle on every platform.

use crate::colour::kind::solve_colour;
use crate::colour::puzzle::default_palette;
use crate::colour::ColourPuzzle;
use crate::grid::Grid;
use crate::hint::Difficulty;
use crate::puzzle::{Puzzle, MAX_SIDE};
use crate::search::{solve, SolveOptions, Verdict};
use crate::Cell;

/// The smallest and largest sides a puzzle is made at.
pub const SIDES: (usize, usize) = (5, 50);

/// What to make.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Order {
    pub width: usize,
    pub height: usize,
    /// The grade asked for; `None`: any grade.
    pub difficulty: Option<Difficulty>,
    pub seed: u64,
}

/// Why no puzzle came.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// A side out of [`SIDES`].
    Size { width: usize, height: usize },
    /// No picture of that grade came in `tries` tries (or by the time
    /// limit): the grade is rare or out of reach at that size.
    NotFound { tries: u64 },
    /// A colour puzzle's side out of 5 to [`MAX_COLOUR_SIDE`].
    ColourSize { width: usize, height: usize },
    /// Colours out of [`COLOURS`].
    Colours { colours: usize },
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refusal::Size { width, height } => write!(
                f,
                "a puzzle is made from {0}×{0} to {1}×{1}, not {width}×{height}",
                SIDES.0, SIDES.1
            ),
            Refusal::ColourSize { width, height } => write!(
                f,
                "a colour puzzle is made from {0}×{0} to {1}×{1}, not {width}×{height}",
                SIDES.0, MAX_COLOUR_SIDE
            ),
            Refusal::Colours { colours } => {
                write!(f, "a colour puzzle has {} to {} colours besides the background, not {colours}", COLOURS.0, COLOURS.1)
            }
            Refusal::NotFound { tries } => write!(
                f,
                "no puzzle of that grade came in {tries} tries: the grade is rare or out of reach at this size"
            ),
        }
    }
}

/// A puzzle made to order: its unique solution and its grade.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    pub puzzle: Puzzle,
    pub solution: Grid,
    pub difficulty: Difficulty,
    /// Pictures drawn before this one fitted (this one included).
    pub tries: u64,
}

impl Generated {
    /// The puzzle as it is written out: titled with its size, grade and
    /// `seed` (so that it can be made again), its solution as its goal.
    pub fn into_titled(self, seed: u64) -> Puzzle {
        let mut puzzle = self.puzzle;
        let (width, height) = (puzzle.width(), puzzle.height());
        puzzle.meta.title =
            Some(format!("Generated {width}×{height}, {}, seed {seed}", self.difficulty.word()));
        puzzle.meta.goal = Some(self.solution);
        puzzle
    }
}

/// Makes a puzzle to `order`, trying at most `max_tries` pictures, and
/// asking `keep_going()` between tries (a time limit).
pub fn generate(
    order: Order,
    max_tries: u64,
    keep_going: impl FnMut() -> bool,
) -> Result<Generated, Refusal> {
    let (width, height) = (order.width, order.height);
    if !(SIDES.0..=SIDES.1).contains(&width)
        || !(SIDES.0..=SIDES.1).contains(&height)
        || width.max(height) > MAX_SIDE
    {
        return Err(Refusal::Size { width, height });
    }
    let (puzzle, solution, difficulty, tries) =
        draw_until(order, max_tries, keep_going, |style, random, keep_going| {
            let puzzle = Puzzle::from_picture(&draw(width, height, style, random));
            match solve(&puzzle, SolveOptions::solutions(2), |_| keep_going()) {
                Ok((Verdict::Unique(solution), stats)) => Some((puzzle, solution, Difficulty::of(&stats))),
                _ => None,
            }
        })?;
    Ok(Generated { puzzle, solution, difficulty, tries })
}

/// Draws pictures from the order's seed, each in a style leaning toward
/// the grade asked for, until `try_picture` makes one a puzzle with one
/// solution (it gives the puzzle, its solution and its grade) of that
/// grade; or the tries run out, or `keep_going()` says stop. It is asked
/// between tries, and `try_picture` asks it after each step of its solve
/// (a try on a large board with several solutions can take minutes: 153 s
/// for a 50×50 hard one, when only tries were bounded).
fn draw_until<P, S>(
    order: Order,
    max_tries: u64,
    mut keep_going: impl FnMut() -> bool,
    mut try_picture: impl FnMut(Style, &mut SplitMix, &mut dyn FnMut() -> bool) -> Option<(P, S, Difficulty)>,
) -> Result<(P, S, Difficulty, u64), Refusal> {
    let mut random = SplitMix(order.seed);
    for tries in 1..=max_tries {
        let style = Style::leaning_to(order.difficulty, order.width * order.height, &mut random);
        if let Some((puzzle, solution, difficulty)) = try_picture(style, &mut random, &mut keep_going) {
            if order.difficulty.is_none_or(|d| d == difficulty) {
                return Ok((puzzle, solution, difficulty, tries));
            }
        }
        if !keep_going() {
            return Err(Refusal::NotFound { tries });
        }
    }
    Err(Refusal::NotFound { tries: max_tries })
}

/// A colour puzzle made to order: its unique solution (one colour a cell,
/// 0 the background) and its grade.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GeneratedColour {
    pub puzzle: ColourPuzzle,
    pub solution: Vec<u8>,
    pub difficulty: Difficulty,
    pub tries: u64,
}

impl GeneratedColour {
    /// The puzzle, titled with its size, colours, grade and seed, its
    /// solution as its goal.
    pub fn into_titled(self, seed: u64) -> ColourPuzzle {
        let mut puzzle = self.puzzle;
        let (width, height, colours) = (puzzle.width(), puzzle.height(), puzzle.colours());
        let grade = self.difficulty.word();
        puzzle.meta.title =
            Some(format!("Generated {width}×{height}, {colours} colours on white, {grade}, seed {seed}"));
        puzzle.goal = Some(self.solution);
        puzzle
    }
}

/// The colours a colour puzzle is made with, besides the background.
pub const COLOURS: (usize, usize) = (2, 4);

/// The largest side a colour puzzle is made at.
pub const MAX_COLOUR_SIDE: usize = 30;

/// Makes a colour puzzle of `colours` colours (see [`COLOURS`]) to
/// `order`, as [`make`] makes a black-and-white one: pictures drawn until
/// one has a unique solution of the grade asked for, as the colour solver
/// grades it. Very hard is rare in colour (the colours tell a solver
/// more): 10×10 two-colour took 10 s for seed 1, 15×15 and larger did not
/// come in 20 s; the caller's clock ends the search.
pub fn generate_colour(
    order: Order,
    colours: usize,
    max_tries: u64,
    keep_going: impl FnMut() -> bool,
) -> Result<GeneratedColour, Refusal> {
    let (width, height) = (order.width, order.height);
    if !(SIDES.0..=MAX_COLOUR_SIDE).contains(&width) || !(SIDES.0..=MAX_COLOUR_SIDE).contains(&height) {
        return Err(Refusal::ColourSize { width, height });
    }
    if !(COLOURS.0..=COLOURS.1).contains(&colours) {
        return Err(Refusal::Colours { colours });
    }
    let (puzzle, solution, difficulty, tries) =
        draw_until(order, max_tries, keep_going, |style, random, keep_going| {
            // Colours as regions (colours mixed cell by cell made very hard no
            // likelier: tried, none came at 10×10 to 20×20 in 20 s).
            // No line art: thin lines of colour make hard puzzles rarer (30×30
            // hard went from 0.1–1.3 s to over 60 s for a seed).
            let style = Style { outline: false, ..style };
            let hue = Style { scale: style.scale + 2, detail: style.detail / 3, ..style };
            let picture = draw_colours(width, height, colours, style, hue, random);
            // Every colour in the picture: a colour no cell has makes a
            // palette entry the clues never use.
            if !(1..=colours as u8).all(|c| picture.contains(&c)) {
                return None;
            }
            let mut puzzle = ColourPuzzle::from_picture_with(&picture, width, default_palette(colours));
            puzzle.goal = None;
            match solve_colour(&puzzle, 2, |_| keep_going()) {
                Ok((Verdict::Unique(solution), stats)) => Some((puzzle, solution, Difficulty::of(&stats))),
                _ => None,
            }
        })?;
    Ok(GeneratedColour { puzzle, solution, difficulty, tries })
}

/// How a picture is drawn.
#[derive(Clone, Copy, Debug)]
struct Style {
    /// Cells between the coarse lattice's points.
    scale: usize,
    /// Weight of the fine layer against the coarse one, in percent.
    detail: u64,
    /// Filled cells, in percent.
    fill: u64,
    mirrored: bool,
    /// Only the regions' edges are filled (line art): cells of a region
    /// with a neighbour outside it.
    outline: bool,
}

impl Style {
    /// A style leaning toward `difficulty`: smooth and coarse for easy
    /// puzzles, finer and busier for hard ones.
    fn leaning_to(difficulty: Option<Difficulty>, cells: usize, random: &mut SplitMix) -> Style {
        let (scales, detail, fill): ((u64, u64), (u64, u64), (u64, u64)) = match difficulty {
            Some(Difficulty::Easy) => ((3, 6), (0, 15), (50, 65)),
            Some(Difficulty::Medium) => ((2, 5), (10, 40), (45, 60)),
            // Large boards with much detail mostly have several solutions,
            // each found late (50×50: 20 s and no puzzle for two seeds of
            // three with the detail of smaller boards; 0.2–1.4 s so).
            Some(Difficulty::Hard) if cells >= 1600 => ((3, 5), (15, 40), (45, 58)),
            Some(Difficulty::Hard) => ((2, 4), (30, 70), (42, 58)),
            // Two ways to need a guess: fine noise, which small boards
            // need (there most of it is unique), and smoother regions with
            // some noise, which larger boards need (there noise mostly has
            // several solutions: 25×25 took 1.6–31 s with noise alone,
            // 0.5–1.4 s with regions); the share of noise falls with size.
            Some(Difficulty::VeryHard) if random.below(1000) < noise_permille(cells) => {
                ((1, 3), (50, 100), (40, 55))
            }
            Some(Difficulty::VeryHard) => ((2, 4), (25, 60), (45, 58)),
            None => ((1, 6), (0, 100), (40, 65)),
        };
        let mut style = Style {
            scale: random.between(scales.0, scales.1) as usize,
            detail: random.between(detail.0, detail.1),
            fill: random.between(fill.0, fill.1),
            mirrored: random.below(2) == 0,
            outline: false,
        };
        // Detail drawn without symmetry reads as texture: from Medium on,
        // every picture is mirrored (an emblem, a creature, a face), and a
        // third of the Medium and Hard ones are line art: smooth regions
        // (little detail: the outline of noise is noise) drawn as edges.
        if difficulty.is_some_and(|d| d != Difficulty::Easy) {
            style.mirrored = true;
        }
        if matches!(difficulty, Some(Difficulty::Medium | Difficulty::Hard)) && random.below(3) == 0 {
            style.outline = true;
            style.scale = style.scale.max(3);
            style.detail = style.detail.min(15);
        }
        style
    }
}

/// The share of very hard tries drawn as fine noise, per mille, for a
/// board of `cells` cells: 900 up to 10×10, 100 from 25×25 on.
fn noise_permille(cells: usize) -> u64 {
    (900u64.saturating_sub((cells.saturating_sub(100) as u64) * 800 / 525)).max(100)
}

/// A picture in `style`: value noise on a lattice `style.scale` cells
/// apart (interpolated in integers), plus a fine layer, cut at the level
/// that fills `style.fill` percent of the cells.
fn draw(width: usize, height: usize, style: Style, random: &mut SplitMix) -> Grid {
    let (values, drawn_width) = noise(width, height, style, random);
    // The level that fills the share wanted: the value at that rank (of
    // the half drawn, when mirrored).
    let mut sorted = values.clone();
    sorted.sort_unstable();
    let filled = (sorted.len() as u64 * style.fill / 100) as usize;
    let level = sorted[sorted.len() - filled.clamp(1, sorted.len())];
    let on = |y: usize, x: usize| values[y * drawn_width + mirrored(x, width, drawn_width)] >= level;
    // An edge cell: in a region, with a neighbour (inside the board) that
    // is not; the board's border draws no line.
    let edge = |y: usize, x: usize| {
        on(y, x)
            && ((y > 0 && !on(y - 1, x))
                || (y + 1 < height && !on(y + 1, x))
                || (x > 0 && !on(y, x - 1))
                || (x + 1 < width && !on(y, x + 1)))
    };
    let mut grid = Grid::new(width, height);
    for y in 0..height {
        for x in 0..width {
            let filled = if style.outline { edge(y, x) } else { on(y, x) };
            grid.set(y, x, if filled { Cell::Filled } else { Cell::Empty });
        }
    }
    grid
}

/// The column drawn that column `x` shows (the right half mirrors the left).
fn mirrored(x: usize, width: usize, drawn_width: usize) -> usize {
    if x >= drawn_width {
        width - 1 - x
    } else {
        x
    }
}

/// A colour picture in `style`, `colours` colours besides the background
/// (0): the filled cells of [`draw`], each coloured by a second field (in
/// `hue`, smoother, so that the colours come as regions) cut into
/// `colours` bands of equal share among them.
fn draw_colours(
    width: usize,
    height: usize,
    colours: usize,
    style: Style,
    hue: Style,
    random: &mut SplitMix,
) -> Vec<u8> {
    let mask = draw(width, height, style, random);
    let (drawn, drawn_width) = noise(width, height, hue, random);
    let hue: Vec<u64> = (0..width * height)
        .map(|i| drawn[i / width * drawn_width + mirrored(i % width, width, drawn_width)])
        .collect();
    let mut filled: Vec<u64> = (0..width * height)
        .filter(|&i| mask.get(i / width, i % width) == Cell::Filled)
        .map(|i| hue[i])
        .collect();
    filled.sort_unstable();
    let bands: Vec<u64> =
        (1..colours).map(|k| filled.get(filled.len() * k / colours).copied().unwrap_or(u64::MAX)).collect();
    (0..width * height)
        .map(|i| match mask.get(i / width, i % width) {
            Cell::Filled => 1 + bands.iter().filter(|&&b| hue[i] >= b).count() as u8,
            _ => 0,
        })
        .collect()
}

/// The value noise of [`draw`], one value a cell drawn, row-major, and the
/// width drawn (half the picture's, rounded up, when the style mirrors it).
fn noise(width: usize, height: usize, style: Style, random: &mut SplitMix) -> (Vec<u64>, usize) {
    let drawn_width = if style.mirrored { width.div_ceil(2) } else { width };
    let s = style.scale.max(1);
    let (lw, lh) = (drawn_width / s + 2, height / s + 2);
    let lattice: Vec<u64> = (0..lw * lh).map(|_| random.below(1 << 16)).collect();
    let mut values = vec![0u64; drawn_width * height];
    for y in 0..height {
        for x in 0..drawn_width {
            let (gx, gy, fx, fy) = (x / s, y / s, (x % s) as u64, (y % s) as u64);
            let at = |i: usize, j: usize| lattice[j * lw + i];
            let s64 = s as u64;
            let top = at(gx, gy) * (s64 - fx) + at(gx + 1, gy) * fx;
            let bottom = at(gx, gy + 1) * (s64 - fx) + at(gx + 1, gy + 1) * fx;
            let coarse = (top * (s64 - fy) + bottom * fy) / (s64 * s64);
            let fine = random.below(1 << 16);
            values[y * drawn_width + x] = (coarse * (100 - style.detail) + fine * style.detail) / 100;
        }
    }
    (values, drawn_width)
}

/// splitmix64: a fixed, portable generator (the seed decides everything).
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (n ≥ 1), without modulo bias worth noting here.
    fn below(&mut self, n: u64) -> u64 {
        ((self.next() as u128 * n as u128) >> 64) as u64
    }

    /// Uniform in `lo..=hi`.
    fn between(&mut self, lo: u64, hi: u64) -> u64 {
        lo + self.below(hi - lo + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn order(side: usize, difficulty: Option<Difficulty>, seed: u64) -> Order {
        Order { width: side, height: side, difficulty, seed }
    }

    /// Each grade at three sizes and three seeds: a unique puzzle of that
    /// grade, as the solver grades it.
    #[test]
    fn each_grade_comes_unique_and_as_asked() {
        use Difficulty::*;
        for (difficulty, sides) in
            [(Easy, [5, 10, 20]), (Medium, [10, 15, 20]), (Hard, [10, 15, 20]), (VeryHard, [10, 15, 20])]
        {
            for side in sides {
                for seed in [1, 2, 3] {
                    let generated = generate(order(side, Some(difficulty), seed), 1_000_000, || true)
                        .unwrap_or_else(|e| panic!("{difficulty:?} {side}×{side} seed {seed}: {e}"));
                    let (verdict, stats) =
                        solve(&generated.puzzle, SolveOptions::solutions(2), |_| true).unwrap();
                    assert_eq!(verdict, Verdict::Unique(generated.solution.clone()));
                    assert_eq!(Difficulty::of(&stats), difficulty);
                    assert_eq!(generated.difficulty, difficulty);
                    // From Medium on, pictures are mirrored left to right.
                    if difficulty != Easy {
                        let cells = generated.solution.cells();
                        assert!(cells.chunks(side).all(|row| row.iter().eq(row.iter().rev())));
                    }
                }
            }
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_puzzle_and_others_differ() {
        let a = generate(order(15, Some(Difficulty::Medium), 7), 20_000, || true).unwrap();
        let b = generate(order(15, Some(Difficulty::Medium), 7), 20_000, || true).unwrap();
        let c = generate(order(15, Some(Difficulty::Medium), 8), 20_000, || true).unwrap();
        assert_eq!(a, b);
        assert_ne!(a.puzzle, c.puzzle);
        // Pinned: seed 1's 10×10 Easy puzzle, by its clues (a change to the
        // drawing or the generator shows here).
        let pinned = generate(order(10, Some(Difficulty::Easy), 1), 20_000, || true).unwrap();
        let clues: Vec<String> =
            pinned.puzzle.rows.iter().chain(&pinned.puzzle.columns).map(|c| c.to_string()).collect();
        assert_eq!(clues.join("/"), PINNED);
    }

    #[test]
    fn refusals_say_why() {
        assert_eq!(generate(order(4, None, 1), 10, || true), Err(Refusal::Size { width: 4, height: 4 }));
        assert!(generate(order(51, None, 1), 10, || true)
            .unwrap_err()
            .to_string()
            .contains("from 5×5 to 50×50"));
        // Very hard at 5×5 does not come (a 5×5 is deduced by line logic
        // or looking ahead): the tries run out and say so.
        let refused = generate(order(5, Some(Difficulty::VeryHard), 1), 300, || true).unwrap_err();
        assert_eq!(refused, Refusal::NotFound { tries: 300 });
        assert!(refused.to_string().contains("rare or out of reach"));
        // The caller's clock stops it, between tries or within one (it is
        // asked after each step of a try's solve too).
        let mut calls = 0;
        let stopped = generate(order(5, Some(Difficulty::VeryHard), 1), 1000, || {
            calls += 1;
            calls < 20
        });
        assert!(matches!(stopped, Err(Refusal::NotFound { tries }) if tries < 20), "{stopped:?}");
        // A try is stopped within its solve: no picture is solved for good.
        let mut calls = 0;
        let within = generate(order(30, Some(Difficulty::VeryHard), 1), 1000, || {
            calls += 1;
            false
        });
        assert_eq!(within, Err(Refusal::NotFound { tries: 1 }));
        assert_eq!(calls, 2, "once after the solve's first step, once after the try");
    }

    /// Colour puzzles: unique, of the grade asked for, every colour used,
    /// the same for the same seed; refusals.
    #[test]
    fn colour_puzzles_come_unique_and_as_asked() {
        for (difficulty, side, colours) in [
            (Difficulty::Easy, 10, 2),
            (Difficulty::Medium, 15, 3),
            (Difficulty::Hard, 15, 4),
            (Difficulty::Easy, 20, 4),
        ] {
            for seed in [1, 2] {
                let generated =
                    generate_colour(order(side, Some(difficulty), seed), colours, 100_000, || true)
                        .unwrap_or_else(|e| {
                            panic!("{difficulty:?} {side}×{side} {colours} colours seed {seed}: {e}")
                        });
                let (verdict, stats) = solve_colour(&generated.puzzle, 2, |_| true).unwrap();
                assert_eq!(verdict, Verdict::Unique(generated.solution.clone()));
                assert_eq!(Difficulty::of(&stats), difficulty);
                assert_eq!(generated.puzzle.colours(), colours);
                assert!((1..=colours as u8).all(|c| generated.solution.contains(&c)));
                let again =
                    generate_colour(order(side, Some(difficulty), seed), colours, 100_000, || true).unwrap();
                assert_eq!(again, generated);
            }
        }
        let refused = generate_colour(order(31, None, 1), 3, 10, || true).unwrap_err();
        assert!(refused.to_string().contains("from 5×5 to 30×30"), "{refused}");
        let refused = generate_colour(order(10, None, 1), 5, 10, || true).unwrap_err();
        assert!(refused.to_string().contains("2 to 4 colours"), "{refused}");
    }

    const PINNED: &str =
        "10/8/2 4 2/3 2 3/3 3/1 1/1 1 1 1/1 1/1 6 1/8/1 5 1/5 1/2 2 4/3 2/4 2/4 2/3 2/2 2 4/5 1/1 5 1";
}
