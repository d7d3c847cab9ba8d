//! A reading: every clue number of a picture, with the recogniser's
//! choices for each digit and the doubts about grouping.

use crate::blob::{glyph, Glyph, Rect, GLYPH_SIDE};
use crate::clues::{self, Candidate, Join};
use crate::grid::{find_grid, GridLines, NoGrid};
use crate::network::{ranked, Network, CLASSES, NO_DIGIT};
use crate::picture::Picture;
use crate::straighten::Straightened;

/// One digit as read: where it is, and the digits it may be, most likely
/// first, with their probabilities (among digits), and the probability
/// that it is no digit at all (a mark, a piece of a line).
#[derive(Debug, Clone, PartialEq)]
pub struct DigitRead {
    pub rect: Rect,
    pub choices: Vec<(u8, f32)>,
    pub no_digit: f32,
}

/// A blob's parts replace it (two digits touching, read as one) when each
/// part reads as a digit with at least this certainty; set by hand, not
/// swept.
const PARTS_CERTAIN: f32 = 0.9;

/// A blob is a clue digit when its height is within these shares of the
/// median digit's (a "1" in some fonts is shorter; a descender-like
/// serif taller); set by hand on the rendered fonts, not swept.
const SHORTEST_DIGIT: f32 = 0.6;
const TALLEST_DIGIT: f32 = 1.5;

/// A blob whose middle is further than this share of a cell from its
/// strip's middle, across, is a neighbouring line's digit reaching in (a
/// third of a cell: a strip is a cell wide).
const OFF_STRIP: f32 = 0.34;

/// A digit read with at least this certainty counts as a digit when
/// judging whether the clue areas hold numbers at all (even odds).
const DIGIT_LIKELY: f32 = 0.5;

/// The most digits a clue number has (a side is at most 1000 cells).
const MOST_DIGITS: usize = 4;

/// What a digit "is" when a reading leaves it out (see
/// [`LineRead::numbers_with`]).
pub const LEFT_OUT: u8 = 10;

impl DigitRead {
    /// The most likely digit.
    pub fn digit(&self) -> u8 {
        self.choices[0].0
    }

    /// The probability of the most likely digit, that it is a digit
    /// counted in.
    pub fn certainty(&self) -> f32 {
        self.choices[0].1 * (1.0 - self.no_digit)
    }
}

/// One line's clue as read.
#[derive(Debug, Clone, PartialEq)]
pub struct LineRead {
    /// The part of the picture its clue was looked for in.
    pub strip: Rect,
    pub digits: Vec<DigitRead>,
    /// `joins[i]` relates `digits[i]` and `digits[i + 1]`.
    pub joins: Vec<Join>,
}

/// A number of a line's clue: its value and the digits it was read from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NumberAt {
    pub value: u32,
    /// Indices into the line's digits.
    pub digits: std::ops::Range<usize>,
}

impl LineRead {
    /// The line's numbers, with each digit as `digit(i)` says ([`LEFT_OUT`]:
    /// no digit, skipped) and each gap as `joins(i)` says (the digits on
    /// either side of one left out join when both its gaps join). A lone 0
    /// is an empty line's clue, not a run.
    pub fn numbers_with(&self, digit: impl Fn(usize) -> u8, joins: impl Fn(usize) -> bool) -> Vec<NumberAt> {
        let kept: Vec<usize> = (0..self.digits.len()).filter(|&i| digit(i) != LEFT_OUT).collect();
        let mut out = Vec::new();
        let mut start = 0;
        for (k, &i) in kept.iter().enumerate() {
            // No clue has a number of five digits (a side is 1000 at
            // most): a group that long is digits set apart, read joined.
            let ends = match kept.get(k + 1) {
                None => true,
                Some(&next) => !(i..next).all(&joins) || k + 1 - start >= MOST_DIGITS,
            };
            if ends {
                let digits = &kept[start..=k];
                let value =
                    digits.iter().fold(0u32, |v, &d| v.saturating_mul(10).saturating_add(digit(d) as u32));
                out.push(NumberAt { value, digits: digits[0]..i + 1 });
                start = k + 1;
            }
        }
        out
    }

    /// The numbers as most likely read.
    pub fn numbers(&self) -> Vec<NumberAt> {
        self.numbers_with(|i| self.digits[i].digit(), |i| self.joins[i].joins())
    }

    /// The clue as most likely read (a lone 0 left out).
    pub fn clue(&self) -> Vec<u32> {
        clue_of(&self.numbers())
    }
}

/// A clue from numbers: a lone 0 (an empty line's mark) is the empty
/// clue; a 0 beside other numbers stays, for the checks to refuse (no run
/// is 0 long: a digit was misread).
pub fn clue_of(numbers: &[NumberAt]) -> Vec<u32> {
    if let [only] = numbers {
        if only.value == 0 {
            return Vec::new();
        }
    }
    numbers.iter().map(|n| n.value).collect()
}

/// Everything read from a picture.
#[derive(Debug, Clone, PartialEq)]
pub struct Reading {
    pub grid: GridLines,
    pub rows: Vec<LineRead>,
    pub columns: Vec<LineRead>,
    /// The picture levelled, when it was read so (the positions above are
    /// in it, see [`crate::read_picture`]); `None` when it was read as it
    /// is.
    pub straightened: Option<Straightened>,
}

impl Reading {
    /// Where a point of the reading (a digit's place) lies in the picture
    /// read: the same point, unless the reading was of the picture
    /// straightened.
    pub fn in_picture(&self, x: f64, y: f64) -> (f64, f64) {
        match &self.straightened {
            Some(level) => level.in_picture(x, y),
            None => (x, y),
        }
    }
}

/// Why no puzzle was read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NotFound {
    /// No evenly spaced lines both ways: no grid.
    NoGrid,
    /// A grid whose cells hold numbers: a table or a sudoku, not a
    /// nonogram.
    NumbersInCells { width: usize, height: usize },
    /// A grid, but no digit beside it.
    NoClues { width: usize, height: usize },
    /// A grid, but numbers beside fewer than half of its rows or of its
    /// columns (a puzzle's empty lines are few, and often marked 0): a
    /// grid of some other kind, with marks beside it.
    FewClues { width: usize, height: usize, rows: usize, columns: usize },
    /// A grid, but what is beside it does not read as digits (fewer than
    /// half of its marks read with even odds): shapes, not numbers.
    NotDigits { width: usize, height: usize },
}

impl std::fmt::Display for NotFound {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NotFound::NoGrid => write!(f, "no puzzle found: the picture has no grid of evenly spaced lines both ways"),
            NotFound::NumbersInCells { width, height } => write!(
                f,
                "no puzzle found: a grid of {width}×{height} cells with numbers in its cells (a table or a sudoku, \
                 not a nonogram)"
            ),
            NotFound::NoClues { width, height } => write!(
                f,
                "no puzzle found: a grid of {width}×{height} cells, but no clue numbers above it or to its left"
            ),
            NotFound::FewClues { width, height, rows, columns } => write!(
                f,
                "no puzzle found: a grid of {width}×{height} cells, but numbers beside only {rows} of its rows \
                 and {columns} of its columns"
            ),
            NotFound::NotDigits { width, height } => write!(
                f,
                "no puzzle found: a grid of {width}×{height} cells, but the marks beside it do not read as numbers"
            ),
        }
    }
}

/// The probability a digit must have, at least, to be kept among a
/// digit's choices.
const LEAST_CHOICE: f32 = 0.001;

/// A blob wide for one digit (four fifths of its height or more: no
/// font's digit is, but two blurred together are, as "10" in a photo)
/// is cut in two and kept so when both parts are digits the network is
/// surer of than of the whole.
fn second_look(
    picture: &Picture,
    c: Candidate,
    whole: [f32; CLASSES],
    classify: &impl Fn(&Candidate) -> [f32; CLASSES],
) -> Vec<(Candidate, [f32; CLASSES])> {
    let r = c.blob.rect;
    if r.width() * 10 < r.height() * 8 {
        return vec![(c, whole)];
    }
    let parts = clues::split(picture, c);
    if parts.len() != 2 {
        return vec![(c, whole)];
    }
    let read: Vec<(Candidate, [f32; CLASSES])> = parts.into_iter().map(|p| (p, classify(&p))).collect();
    let first = |p: &[f32; CLASSES]| ranked(p)[0];
    let (top, certainty) = first(&whole);
    let parts_certain = read.iter().all(|(_, p)| first(p).0 != NO_DIGIT && first(p).1 >= PARTS_CERTAIN);
    let parts_certainty = read.iter().map(|(_, p)| first(p).1).fold(1.0f32, f32::min);
    if parts_certain && (top == NO_DIGIT || parts_certainty > certainty) {
        read
    } else {
        vec![(c, whole)]
    }
}

/// A strip's candidates, each with the network's reading, and its
/// separating lines.
type Found = (Vec<(Candidate, [f32; CLASSES])>, Vec<u32>);

/// The probability of "no digit" that drops a blob.
const SURELY_NO_DIGIT: f32 = 0.9;

/// Reads a picture as it is (its grid's lines level): the grid, then
/// every clue's digits.
pub fn read(picture: &Picture, network: &Network) -> Result<Reading, NotFound> {
    let grid = find_grid(picture, network).map_err(|e| match e {
        NoGrid::NoLines => NotFound::NoGrid,
        NoGrid::NumbersInCells { width, height } => NotFound::NumbersInCells { width, height },
    })?;
    let cell = grid.cell();
    let strips = clues::strips(picture, &grid);
    // Every strip's candidates, read by the network; what it is certain is no
    // digit is dropped (a thin bar may be a line's piece or a "1": kept,
    // with its doubt, unless the network is certain).
    let least = clues::least_digit(cell);
    let look = |strip: Rect, is_row: bool, small_badges: bool| -> (Found, bool) {
        let (candidates, separators, on_small) =
            clues::candidates(picture, strip, &grid, is_row, small_badges);
        let classify = |c: &Candidate| network.classify(&glyph(picture, c.blob.rect, &c.ink));
        let read = candidates
            .into_iter()
            .flat_map(|c| clues::split_wide(picture, c))
            // A part of a wide blob shorter than a digit can be is none (a
            // line's blurred edge cut off a digit touching it).
            .filter(|c| c.blob.rect.height() >= least)
            .flat_map(|c| {
                let whole = classify(&c);
                second_look(picture, c, whole, &classify)
            })
            .filter(|(_, p)| p[NO_DIGIT] < SURELY_NO_DIGIT)
            .collect();
        ((read, separators), on_small)
    };
    let rows: Vec<(Found, bool)> = strips.rows.iter().map(|&s| look(s, true, true)).collect();
    let columns: Vec<(Found, bool)> = strips.columns.iter().map(|&s| look(s, false, true)).collect();
    // Badges shorter than a bold digit are a game's, which sets all its
    // numbers alike: they are taken where most lines with numbers are on
    // them; elsewhere a bold "0"'s hole was taken for a digit on one.
    let with_numbers = rows.iter().chain(&columns).filter(|((f, _), _)| !f.is_empty()).count();
    let on_small = rows.iter().chain(&columns).filter(|(_, small)| *small).count();
    let small_badges = on_small * 2 >= with_numbers;
    let settle = |found: Vec<(Found, bool)>, strips: &[Rect], is_row: bool| -> Vec<Found> {
        found
            .into_iter()
            .zip(strips)
            .map(|((f, small), &strip)| if small && !small_badges { look(strip, is_row, false).0 } else { f })
            .collect()
    };
    let rows = settle(rows, &strips.rows, true);
    let columns = settle(columns, &strips.columns, false);
    // The digits' height: the median of all; much smaller or larger blobs
    // are no clue digits (a dot, a mark, an icon).
    let mut heights: Vec<u32> =
        rows.iter().chain(&columns).flat_map(|(f, _)| f.iter().map(|(c, _)| c.blob.rect.height())).collect();
    if heights.is_empty() {
        return Err(NotFound::NoClues { width: grid.width(), height: grid.height() });
    }
    heights.sort_unstable();
    let digit_height = heights[heights.len() / 2] as f32;
    let fits = |(c, _): &(Candidate, [f32; CLASSES])| {
        let h = c.blob.rect.height() as f32;
        h >= digit_height * SHORTEST_DIGIT && h <= digit_height * TALLEST_DIGIT
    };
    // A blob whose middle is over a third of a cell from its strip's
    // middle, across, is a neighbouring line's digit reaching in (a photo
    // levelled not quite exactly, far out in a clue area).
    let off_middle = |r: &Rect, strip: &Rect, is_row: bool| {
        let (mine, middle) = if is_row {
            ((r.y0 + r.y1) as f32 / 2.0, (strip.y0 + strip.y1) as f32 / 2.0)
        } else {
            ((r.x0 + r.x1) as f32 / 2.0, (strip.x0 + strip.x1) as f32 / 2.0)
        };
        (mine - middle).abs()
    };
    // A digit on a badge is as centred as its badge.
    let centred = |c: &Candidate, strip: &Rect, is_row: bool| {
        off_middle(&c.badge.unwrap_or(c.blob.rect), strip, is_row) <= cell * OFF_STRIP
    };
    // A column's number of two digits, wider than the column, is centred
    // on it and its digits each off it: a digit off its column is kept
    // where, taken with a digit beside it, it makes that digit more
    // centred (a neighbour's digit reaching in makes the column's own less
    // so).
    let centred_with = |c: &Candidate, all: &[(Candidate, [f32; CLASSES])], strip: &Rect| {
        let r = c.blob.rect;
        all.iter().map(|(d, _)| d.blob.rect).any(|o| {
            let same_line = ((o.y0 + o.y1) as f32 - (r.y0 + r.y1) as f32).abs() <= digit_height;
            let beside = o != r && (o.x0.max(r.x0) as f32 - o.x1.min(r.x1) as f32) <= digit_height / 2.0;
            let both = off_middle(&o.union(&r), strip, false);
            same_line && beside && both < off_middle(&o, strip, false) && both <= cell * OFF_STRIP
        })
    };
    let keep = |found: Vec<Found>, strips: &[Rect], is_row: bool| -> Vec<Found> {
        found
            .into_iter()
            .zip(strips)
            .map(|((f, s), strip)| {
                let kept = f
                    .iter()
                    .filter(|d| {
                        fits(d) && (centred(&d.0, strip, is_row) || !is_row && centred_with(&d.0, &f, strip))
                    })
                    .cloned()
                    .collect();
                (kept, s)
            })
            .collect()
    };
    let (mut rows, mut columns) = (keep(rows, &strips.rows, true), keep(columns, &strips.columns, false));
    alike_read_alike(picture, &mut rows, &mut columns);
    let read_of = |found: &[(Candidate, [f32; CLASSES])], rect: Rect| -> DigitRead {
        let (_, p) = found.iter().find(|(c, _)| c.blob.rect == rect).expect("a grouped digit was found");
        // The digits' probabilities, renormalised without "no digit".
        let digits: f32 = p[..NO_DIGIT].iter().sum::<f32>().max(1e-9);
        let choices = ranked(p)
            .into_iter()
            .filter(|&(class, _)| class != NO_DIGIT)
            .map(|(class, q)| (class as u8, q / digits))
            .filter(|&(_, q)| q >= LEAST_CHOICE)
            .collect();
        DigitRead { rect, choices, no_digit: p[NO_DIGIT] }
    };
    let to_read = |found: &[(Candidate, [f32; CLASSES])], grouped: clues::LineDigits| LineRead {
        strip: grouped.strip,
        digits: grouped.digits.iter().map(|&(rect, _)| read_of(found, rect)).collect(),
        joins: grouped.joins,
    };
    let column_reads: Vec<LineRead> = columns
        .iter()
        .zip(&strips.columns)
        .map(|((found, _), &strip)| {
            let candidates: Vec<Candidate> = found.iter().map(|(c, _)| *c).collect();
            to_read(found, clues::group_column(&candidates, strip, digit_height))
        })
        .collect();
    // Steps inside numbers, from the columns' numbers of two digits.
    let inside: Vec<f32> =
        column_reads
            .iter()
            .flat_map(|line| {
                line.joins.iter().enumerate().filter(|(_, j)| **j == Join::Same).map(move |(i, _)| {
                    clues::step(&line.digits[i].rect, &line.digits[i + 1].rect) / digit_height
                })
            })
            .collect();
    let row_gaps: Vec<f32> = rows
        .iter()
        .flat_map(|(found, separators)| {
            let candidates: Vec<Candidate> = found.iter().map(|(c, _)| *c).collect();
            clues::row_gaps(&candidates, separators, digit_height)
        })
        .collect();
    let parting = clues::parting_gap(&inside, &row_gaps, 1.0 / digit_height);
    let row_reads = rows
        .iter()
        .zip(&strips.rows)
        .map(|((found, separators), &strip)| {
            let candidates: Vec<Candidate> = found.iter().map(|(c, _)| *c).collect();
            to_read(
                found,
                clues::group_row(
                    &candidates,
                    separators,
                    strip,
                    digit_height,
                    parting,
                    !grid.box_xs.is_empty(),
                ),
            )
        })
        .collect();
    let reading = Reading { grid, rows: row_reads, columns: column_reads, straightened: None };
    looks_like_clues(&reading)?;
    Ok(reading)
}

/// How near two glyphs must be to be the same digit of the picture's
/// font: their difference summed over the pixels, as a share of their
/// ink summed, at most. The same digit drawn twice in a screenshot
/// differs by its anti-aliasing, a few hundredths; two digits of one font
/// differ by a tenth or more (less when small and blurred: hence the
/// nearer-than-any-other rule too).
const ALIKE: f32 = 0.08;

/// Each digit read again with the glyphs alike it: a picture draws every
/// digit of its clues in one font, so glyphs that look the same are the
/// same digit, and their readings are pooled (the mean of their
/// log-probabilities): a glyph misread alone is outvoted by its twins.
/// Glyphs are compared with those read first as one of their likeliest
/// two, and pooled only with twins at least twice as near as any glyph
/// read as another digit.
fn alike_read_alike(picture: &Picture, rows: &mut [Found], columns: &mut [Found]) {
    let mut all: Vec<&mut (Candidate, [f32; CLASSES])> =
        rows.iter_mut().chain(columns.iter_mut()).flat_map(|(f, _)| f.iter_mut()).collect();
    let glyphs: Vec<Glyph> = all.iter().map(|(c, _)| glyph(picture, c.blob.rect, &c.ink)).collect();
    let logs: Vec<[f32; CLASSES]> = all.iter().map(|(_, p)| p.map(|q| q.max(1e-6).ln())).collect();
    let top2: Vec<[usize; 2]> = all
        .iter()
        .map(|(_, p)| {
            let r = ranked(p);
            [r[0].0, r[1].0]
        })
        .collect();
    let n = all.len();
    let mut by_class: Vec<Vec<usize>> = vec![Vec::new(); CLASSES];
    for (i, t) in top2.iter().enumerate() {
        by_class[t[0]].push(i);
    }
    // A difference past twice `ALIKE` decides nothing (a twin is `ALIKE`
    // at most, pooled where the nearest other digit is twice as far): the
    // sum stops there, a row of the glyph at a time.
    let inks: Vec<f32> = glyphs.iter().map(|g| g.iter().sum()).collect();
    let difference = |i: usize, j: usize| -> f32 {
        let ink = (inks[i] + inks[j]).max(1e-3);
        let far = 2.0 * ALIKE * ink;
        let mut apart = 0.0f32;
        for (a, b) in glyphs[i].chunks(GLYPH_SIDE).zip(glyphs[j].chunks(GLYPH_SIDE)) {
            apart += a.iter().zip(b).map(|(a, b)| (a - b).abs()).sum::<f32>();
            if apart > far {
                break;
            }
        }
        apart / ink
    };
    for i in 0..n {
        let mut sum = logs[i];
        let mut count = 1.0f32;
        // The glyphs compared: those read first as one of this glyph's
        // likeliest two, with their differences.
        let mut near: Vec<(usize, f32)> = top2[i]
            .iter()
            .flat_map(|&class| by_class[class].iter().copied())
            .filter(|&j| j != i)
            .map(|j| (j, difference(i, j)))
            .collect();
        near.sort_by_key(|&(j, _)| j);
        near.dedup_by_key(|&mut (j, _)| j);
        // The nearest glyph read first as each digit, among those compared.
        let mut nearest = [f32::MAX; CLASSES];
        for &(k, e) in &near {
            nearest[top2[k][0]] = nearest[top2[k][0]].min(e);
        }
        for &(j, d) in &near {
            // A twin is far nearer than any glyph read as another digit
            // (blurred small digits of two kinds can be as near as the
            // same digit's twins: then none is pooled).
            let other =
                (0..CLASSES).filter(|&c| c != top2[j][0]).map(|c| nearest[c]).fold(f32::MAX, f32::min);
            if d <= ALIKE && d * 2.0 <= other {
                for (s, l) in sum.iter_mut().zip(&logs[j]) {
                    *s += l;
                }
                count += 1.0;
            }
        }
        if count > 1.0 {
            let mean = sum.map(|s| s / count);
            let top = mean.iter().copied().fold(f32::MIN, f32::max);
            let exp = mean.map(|m| (m - top).exp());
            let total: f32 = exp.iter().sum();
            all[i].1 = exp.map(|e| e / total);
        }
    }
}

/// The share of a grid's lines that must have numbers beside them, and of
/// the marks read that must be digits at even odds or better, for the
/// reading to be a puzzle's (see [`NotFound::FewClues`] and
/// [`NotFound::NotDigits`]).
const LEAST_SHARE: f32 = 0.5;

/// A puzzle's clue areas have numbers beside most lines, and most of what
/// is read there reads as digits.
fn looks_like_clues(reading: &Reading) -> Result<(), NotFound> {
    let (width, height) = (reading.grid.width(), reading.grid.height());
    let with_numbers = |lines: &[LineRead]| lines.iter().filter(|l| !l.digits.is_empty()).count();
    let (rows, columns) = (with_numbers(&reading.rows), with_numbers(&reading.columns));
    if (rows as f32) < height as f32 * LEAST_SHARE || (columns as f32) < width as f32 * LEAST_SHARE {
        return Err(NotFound::FewClues { width, height, rows, columns });
    }
    let digits: Vec<&DigitRead> =
        reading.rows.iter().chain(&reading.columns).flat_map(|l| &l.digits).collect();
    let certain = digits.iter().filter(|d| d.certainty() >= DIGIT_LIKELY).count();
    if (certain as f32) < digits.len() as f32 * LEAST_SHARE {
        return Err(NotFound::NotDigits { width, height });
    }
    Ok(())
}
