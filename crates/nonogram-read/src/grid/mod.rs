//! Finding the grid: its lines, by projection profiles.
//!
//! A screenshot's grid is two families of straight, evenly spaced lines.
//! For each row of pixels we count the pixels that lie on a long stretch of
//! *line-like* pixels: darker (on a light picture; lighter on a dark one)
//! than the pixel a few rows above or below, which keeps thin lines and the
//! edges of filled cells and drops the inside of filled cells and of
//! headers. The count's peaks are the candidate lines; the longest run of
//! evenly spaced candidates (some may be missing, where filled cells hide a
//! line) is the family. The same is done on columns of pixels for the
//! vertical lines.
//!
//! Many presentations draw the clue areas as cells too (the lines of the
//! grid run on through them). The grid is then told apart by its corner:
//! its vertical lines are the ones that reach the highest (through the
//! column clues) and its horizontal lines the ones that reach furthest left
//! (through the row clues); the clue areas' own lines stop at the grid.

use crate::blob::{histogram, most_common, Rect};
use crate::picture::Picture;

/// How much darker (or lighter) than its surroundings a pixel of a line is,
/// at least, in luminance steps.
const LINE_CONTRAST: i32 = 12;

/// The distance, in pixels, at which a line pixel is compared with its
/// surroundings: lines up to about twice as thick are found.
const LINE_REACH: u32 = 3;

/// The longest break a line's stretch runs on over (a crossing line's
/// thickness and its anti-aliased edges).
const CROSSING: u32 = 5;

/// The grid found in a picture: the positions of its lines, in pixels.
#[derive(Debug, Clone, PartialEq)]
pub struct GridLines {
    /// The x of each vertical line, left to right: one more than the grid
    /// has columns.
    pub xs: Vec<f32>,
    /// The y of each horizontal line, top to bottom: one more than the
    /// grid has rows.
    pub ys: Vec<f32>,
    /// How thick most lines are (pixels; every fifth may be thicker).
    pub thickness: u32,
    /// True when the lines are lighter than the picture (a dark theme).
    pub light_on_dark: bool,
}

impl GridLines {
    pub fn width(&self) -> usize {
        self.xs.len() - 1
    }

    pub fn height(&self) -> usize {
        self.ys.len() - 1
    }

    /// The mean distance between neighbouring lines (a cell's side).
    pub fn cell(&self) -> f32 {
        let across = (self.xs[self.xs.len() - 1] - self.xs[0]) / self.width() as f32;
        let down = (self.ys[self.ys.len() - 1] - self.ys[0]) / self.height() as f32;
        (across + down) / 2.0
    }
}

/// A candidate line: where it is, and the stretches along it that are
/// line-like.
#[derive(Debug, Clone)]
struct Candidate {
    /// Its centre across (y for a horizontal line).
    at: f32,
    /// Rows (or columns) of pixels it covers.
    thickness: u32,
    /// Its long line-like stretches along it (x ranges for a horizontal
    /// line), over all the rows it covers, merged and in order.
    runs: Vec<(u32, u32)>,
}

impl Candidate {
    /// How far it reaches along: the longest part of it whose stretches
    /// are no further apart than `bridge` (a stray stroke further along,
    /// say a title's letter in line with it, is no part of it).
    fn reach(&self, bridge: f32) -> (u32, u32) {
        let mut best = (0, 0);
        let mut current: Option<(u32, u32)> = None;
        for &(start, end) in &self.runs {
            current = match current {
                Some((s, e)) if (start as f32) <= e as f32 + bridge => Some((s, e.max(end))),
                Some(done) => {
                    if done.1 - done.0 > best.1 - best.0 {
                        best = done;
                    }
                    Some((start, end))
                }
                None => Some((start, end)),
            };
        }
        if let Some(done) = current {
            if done.1 - done.0 > best.1 - best.0 {
                best = done;
            }
        }
        best
    }
}

impl Candidate {
    /// The length of all its stretches: a whole line's is the grid's width
    /// (or more), a filled cell's edge beside it only that cell's.
    fn length(&self) -> u32 {
        self.runs.iter().map(|&(s, e)| e - s).sum()
    }

    /// The length of its stretches at least `least` long: a grid's line
    /// runs unbroken past several cells, a text line's strokes (in line
    /// by chance) are each shorter than a cell.
    fn solid(&self, least: f32) -> u32 {
        self.runs.iter().map(|&(s, e)| e - s).filter(|&l| l as f32 >= least).sum()
    }
}

/// A chain without the members at either end that are not solid lines
/// (a row of text's strokes, a column of stacked digits' stems that fell
/// where a line would be), nor those cut off from the rest by a missing
/// line (a shaded clue band's edge a cell or two before the grid: inside
/// a grid a line may hide behind filled cells, at its edge it does not).
fn trimmed(lines: &[Candidate], members: Vec<usize>, spacing: f32) -> Vec<usize> {
    let least = spacing * 0.9;
    let solid: Vec<u32> = members.iter().map(|&m| lines[m].solid(least)).collect();
    let mut sorted = solid.clone();
    sorted.sort_unstable();
    let median = sorted[sorted.len() / 2];
    let keep = |i: usize| solid[i] * 2 >= median && solid[i] > 0;
    let next_to = |a: usize, b: usize| (lines[members[b]].at - lines[members[a]].at).abs() <= spacing * 1.5;
    let (mut first, mut last) = (0, members.len() - 1);
    while first < last && (!keep(first) || !next_to(first, first + 1)) {
        first += 1;
    }
    while last > first && (!keep(last) || !next_to(last - 1, last)) {
        last -= 1;
    }
    members[first..=last].to_vec()
}

/// Intervals merged where they overlap or touch, in order.
fn merged(mut runs: Vec<(u32, u32)>) -> Vec<(u32, u32)> {
    runs.sort_unstable();
    let mut out: Vec<(u32, u32)> = Vec::new();
    for (s, e) in runs {
        match out.last_mut() {
            Some(last) if s <= last.1 => last.1 = last.1.max(e),
            _ => out.push((s, e)),
        }
    }
    out
}

/// The luminance of most of the picture (its background).
pub fn background(picture: &Picture) -> u8 {
    let all = Rect { x0: 0, y0: 0, x1: picture.width(), y1: picture.height() };
    most_common(&histogram(picture, all))
}

/// A picture's pixels seen along one direction: `along` runs along the
/// lines sought, `across` across them.
struct View<'a> {
    picture: &'a Picture,
    transposed: bool,
}

impl View<'_> {
    fn along_len(&self) -> u32 {
        if self.transposed {
            self.picture.height()
        } else {
            self.picture.width()
        }
    }

    fn across_len(&self) -> u32 {
        if self.transposed {
            self.picture.width()
        } else {
            self.picture.height()
        }
    }

    fn at(&self, along: u32, across: u32) -> i32 {
        if self.transposed {
            self.picture.at(across, along) as i32
        } else {
            self.picture.at(along, across) as i32
        }
    }
}

/// Whether the pixel at (along, across) is line-like: darker than the
/// pixel `LINE_REACH` before or after it across (lighter, for light lines).
fn line_like(view: &View, along: u32, across: u32, light: bool) -> bool {
    line_contrast(view, along, across, light) > 0
}

/// How much darker (lighter, for light lines) the pixel at (along,
/// across) is than the pixel `LINE_REACH` before or after it across, when
/// that is at least `LINE_CONTRAST`; 0 otherwise.
fn line_contrast(view: &View, along: u32, across: u32, light: bool) -> i32 {
    let here = view.at(along, across);
    let sign = if light { -1 } else { 1 };
    let by = |other: u32| sign * (view.at(along, other) - here);
    let before = if across >= LINE_REACH { by(across - LINE_REACH) } else { 0 };
    let after = if across + LINE_REACH < view.across_len() { by(across + LINE_REACH) } else { 0 };
    let contrast = before.max(after);
    if contrast >= LINE_CONTRAST {
        contrast
    } else {
        0
    }
}

/// Whether the pixel at (x, y) is line-like for a horizontal line (darker,
/// or lighter for `light`, than the pixel a few rows above or below), or
/// for a vertical line when `vertical`.
pub(crate) fn line_like_at(picture: &Picture, x: u32, y: u32, vertical: bool, light: bool) -> bool {
    let view = View { picture, transposed: vertical };
    if vertical {
        line_like(&view, y, x, light)
    } else {
        line_like(&view, x, y, light)
    }
}

/// The candidate lines of one direction, strongest first among
/// neighbours: every local peak of the profile of long line-like stretches.
fn candidates(view: &View, light: bool) -> Vec<Candidate> {
    let along_len = view.along_len();
    let across_len = view.across_len();
    // A stretch counts when it is longer than a digit's stroke can be: a
    // 25th of the picture's shorter side, 12 pixels at least.
    let shorter = view.picture.width().min(view.picture.height());
    let shortest_stretch = (shorter / 25).max(12);
    let mut profile = vec![0u32; across_len as usize];
    let mut weights = vec![0u64; across_len as usize];
    let mut stretches: Vec<Vec<(u32, u32)>> = vec![Vec::new(); across_len as usize];
    for across in 0..across_len {
        // A stretch runs on over short breaks: where a line crosses the
        // other family's lines its pixels are no darker than their
        // neighbours across (those lie on the crossing line too).
        let mut run: Option<(u32, u32)> = None;
        // The contrast summed over the current run (a line's centre
        // weighs its rows by their contrast, so that a shaded band's
        // faint edge beside a line does not pull it).
        let mut weight = 0u32;
        for along in 0..=along_len {
            let contrast = if along < along_len { line_contrast(view, along, across, light) } else { 0 };
            let on = contrast > 0;
            run = match (on, run) {
                (true, None) => {
                    weight = contrast as u32;
                    Some((along, along))
                }
                (true, Some((start, _))) => {
                    weight += contrast as u32;
                    Some((start, along))
                }
                (false, Some((start, last))) if along == along_len || along - last > CROSSING => {
                    let length = last + 1 - start;
                    if length >= shortest_stretch {
                        profile[across as usize] += length;
                        weights[across as usize] += weight as u64;
                        stretches[across as usize].push((start, last + 1));
                    }
                    None
                }
                (_, run) => run,
            };
        }
    }
    // A line stands out from the rows a few pixels away on at least one
    // side; rows inside a filled band do not.
    let gap = LINE_REACH as usize + 1;
    let standing: Vec<u32> = (0..across_len as usize)
        .map(|i| {
            let before = if i >= gap { profile[i - gap] } else { 0 };
            let after = profile.get(i + gap).copied().unwrap_or(0);
            profile[i].saturating_sub(before.min(after))
        })
        .collect();
    let strongest = standing.iter().copied().max().unwrap_or(0);
    if strongest == 0 {
        return Vec::new();
    }
    // Neighbouring rows above a fifth of the strongest line form one line
    // (a thick line, or a line and a filled cell's edge beside it).
    let floor = (strongest / 5).max(shortest_stretch);
    let mut found = Vec::new();
    let mut i = 0;
    while i < standing.len() {
        if standing[i] < floor {
            i += 1;
            continue;
        }
        let begin = i;
        while i < standing.len() && standing[i] >= floor {
            i += 1;
        }
        let rows = begin..i;
        // The centre: the rows of the highest contrast (the line's core,
        // not a filled cell's or a shaded band's edge beside it), weighed.
        let top = rows.clone().map(|r| weights[r]).max().unwrap_or(0);
        let core = || rows.clone().filter(|&r| weights[r] * 10 >= top * 7);
        let weight: u64 = core().map(|r| weights[r]).sum::<u64>().max(1);
        let centre = core().map(|r| r as f64 * weights[r] as f64).sum::<f64>() / weight as f64;
        let runs = merged(rows.clone().flat_map(|r| stretches[r].iter().copied()).collect());
        found.push(Candidate { at: centre as f32, thickness: (i - begin) as u32, runs });
    }
    found
}

/// The longest chain of evenly spaced candidates: its members' indices
/// and its spacing.
///
/// Seeds: each pair of near candidates gives a spacing, walked from the
/// first of the pair; up to two lines in a row may be missing (hidden by
/// filled cells), each missing line costing half a member, so that a chain
/// at half the true spacing never wins; short members count in part. The best seed is then fitted (a
/// least-squares line through its members' positions against their
/// indices) and every candidate close to the fitted positions is taken,
/// before, inside and after it, while no more than two lines in a row are
/// missing.
fn longest_chain(lines: &[Candidate]) -> Option<(Vec<usize>, f32)> {
    // A member counts in full when it is at least half as long as the
    // longest candidate, a tenth when shorter (a title's strokes, a clue
    // band's edge, a column of stacked "1"s that fall in line: at half
    // the spacing they would otherwise outnumber the missing lines).
    let half_longest = (lines.iter().map(Candidate::length).max().unwrap_or(1) as f32 / 2.0).max(1.0);
    let mut best: Option<(f32, Vec<usize>, f32)> = None;
    for i in 0..lines.len() {
        for j in i + 1..lines.len().min(i + 6) {
            let spacing = lines[j].at - lines[i].at;
            // Cells under ten pixels hold no digit anyone can read.
            if spacing < 10.0 {
                continue;
            }
            let members = walk(lines, i, spacing);
            let span = lines[*members.last().unwrap()].at - lines[i].at;
            let missing = ((span / spacing).round() as usize + 1).saturating_sub(members.len());
            let weight: f32 = members
                .iter()
                .map(|&m| if lines[m].length() as f32 >= half_longest { 1.0 } else { 0.1 })
                .sum();
            let score = weight - 0.5 * missing as f32;
            if members.len() >= 3 && best.as_ref().is_none_or(|(s, _, _)| score > *s) {
                best = Some((score, members, spacing));
            }
        }
    }
    let (_, seed, spacing) = best?;
    // Fit position = origin + index × step over the seed, each member's
    // index counted from the one before (the seed's spacing is only near
    // the true one: counted from the first, far indices would drift).
    let mut indices = vec![0.0f64];
    for pair in seed.windows(2) {
        let steps = ((lines[pair[1]].at - lines[pair[0]].at) / spacing).round().max(1.0) as f64;
        indices.push(indices[indices.len() - 1] + steps);
    }
    let n = seed.len() as f64;
    let mx = indices.iter().sum::<f64>() / n;
    let my = seed.iter().map(|&m| lines[m].at as f64).sum::<f64>() / n;
    let (sxx, sxy) = seed.iter().zip(&indices).fold((0.0, 0.0), |(a, b), (&m, &x)| {
        let dx = x - mx;
        (a + dx * dx, b + dx * (lines[m].at as f64 - my))
    });
    let step = if sxx > 0.0 { (sxy / sxx) as f32 } else { spacing };
    let origin = (my - mx * step as f64) as f32;
    let tolerance = (step * 0.12).max(1.5);
    // Each index's longest candidate within the tolerance.
    let mut at_index: std::collections::BTreeMap<i64, (usize, u32)> = std::collections::BTreeMap::new();
    for (k, line) in lines.iter().enumerate() {
        let index = ((line.at - origin) / step).round();
        let off = (line.at - (origin + index * step)).abs();
        if off <= tolerance {
            let entry = at_index.entry(index as i64).or_insert((k, line.length()));
            if line.length() > entry.1 {
                *entry = (k, line.length());
            }
        }
    }
    // The run of indices around the seed with at most two missing in a row.
    let seed_index = 0;
    let mut low = seed_index;
    while at_index.range(low - 3..low).next_back().is_some() {
        low = *at_index.range(low - 3..low).next_back().unwrap().0;
    }
    let mut high = seed_index;
    while at_index.range(high + 1..high + 4).next().is_some() {
        high = *at_index.range(high + 1..high + 4).next().unwrap().0;
    }
    let members: Vec<usize> = at_index.range(low..=high).map(|(_, &(k, _))| k).collect();
    // The fit can only add members; should it lose any, the seed stands.
    if members.len() < seed.len() {
        return Some((seed, spacing));
    }
    Some((members, step))
}

/// The members of a chain walked from `start` at about `spacing`: at each
/// step the longest candidate near where the next line should be (within
/// an eighth of the spacing); the spacing is re-estimated from the members so
/// far (a line's centre may sit a pixel off where a filled cell's edge
/// runs beside it); until three lines in a row are missing.
fn walk(lines: &[Candidate], start: usize, spacing: f32) -> Vec<usize> {
    let mut members = vec![start];
    let mut step = spacing;
    let mut last = lines[start].at;
    let mut count = 0usize; // lines (members or missing) since the start
    let mut missing_in_a_row = 0;
    loop {
        let expected = last + step;
        let tolerance = (step * 0.12).max(1.5);
        let closest = lines
            .iter()
            .enumerate()
            .skip(members[members.len() - 1] + 1)
            .take_while(|(_, l)| l.at <= expected + tolerance)
            .filter(|(_, l)| (l.at - expected).abs() <= tolerance)
            .max_by_key(|(_, l)| l.length());
        count += 1;
        match closest {
            Some((k, line)) => {
                members.push(k);
                last = line.at;
                missing_in_a_row = 0;
                // The first steps are noisy: the seed's spacing counts as
                // two steps' worth.
                step = (line.at - lines[start].at + 2.0 * spacing) / (count + 2) as f32;
            }
            None => {
                missing_in_a_row += 1;
                if missing_in_a_row > 2 || expected > lines[lines.len() - 1].at {
                    break;
                }
                last = expected;
            }
        }
    }
    members
}

/// The positions of a chain's lines, with missing ones put back evenly.
fn positions(lines: &[Candidate], members: &[usize], spacing: f32) -> Vec<f32> {
    let mut out = vec![lines[members[0]].at];
    for pair in members.windows(2) {
        let (a, b) = (lines[pair[0]].at, lines[pair[1]].at);
        let steps = ((b - a) / spacing).round().max(1.0) as usize;
        for s in 1..steps {
            out.push(a + (b - a) * s as f32 / steps as f32);
        }
        out.push(b);
    }
    out
}

/// The chain's members that belong to the grid rather than to a clue
/// area drawn as cells. Such an area's lines come first in the chain (the
/// column clues' horizontal lines above the grid, the row clues' vertical
/// lines left of it) and start at one of the other family's inner lines
/// (the column clues' lines at the grid's left edge, which is not the
/// first vertical line when the row clues are cells too); the grid's own
/// lines start at the other family's first line or before it (a shaded
/// clue band's edge may carry them further).
fn grid_members(lines: &[Candidate], members: &[usize], others: &[f32]) -> Vec<usize> {
    let Some(&second) = others.get(1) else { return members.to_vec() };
    let inner = second - (second - others[0]) * 0.25;
    let bridge = (others[1] - others[0]) * 0.6;
    let first = members.iter().position(|&m| (lines[m].reach(bridge).0 as f32) < inner).unwrap_or(0);
    members[first..].to_vec()
}

/// Where the chain's lines run along: the start that a tenth of them
/// reach before, the end a tenth reach past (a line hidden in part by
/// filled cells, or broken by blur, reaches less far).
fn span(lines: &[Candidate], members: &[usize], spacing: f32) -> (f32, f32) {
    let reach: Vec<(u32, u32)> = members.iter().map(|&m| lines[m].reach(spacing * 0.6)).collect();
    let mut starts: Vec<u32> = reach.iter().map(|r| r.0).collect();
    let mut ends: Vec<u32> = reach.iter().map(|r| r.1).collect();
    starts.sort_unstable();
    ends.sort_unstable();
    let tenth = members.len() / 10;
    (starts[tenth] as f32, ends[ends.len() - 1 - tenth] as f32)
}

/// A chain's members without those at either end that lie outside the
/// other family's `span` by more than a cell.
fn within(lines: &[Candidate], members: &[usize], spacing: f32, span: (f32, f32)) -> Vec<usize> {
    let inside = |m: &usize| lines[*m].at >= span.0 - spacing && lines[*m].at <= span.1 + spacing;
    let first = members.iter().position(inside).unwrap_or(members.len());
    let last = members.iter().rposition(inside).map_or(first, |l| l + 1);
    members[first..last.max(first)].to_vec()
}

/// One family of lines (horizontal when `transposed` is false): every
/// candidate and the longest chain's members and spacing.
fn chain(picture: &Picture, transposed: bool, light: bool) -> Option<(Vec<Candidate>, Vec<usize>, f32)> {
    let view = View { picture, transposed };
    let lines = candidates(&view, light);
    let (members, spacing) = longest_chain(&lines)?;
    let members = trimmed(&lines, members, spacing);
    Some((lines, members, spacing))
}

/// A family's grid lines: positions (missing ones put back) and the
/// median thickness.
fn grid_family(
    lines: &[Candidate],
    members: &[usize],
    spacing: f32,
    others: &[f32],
) -> Option<(Vec<f32>, u32)> {
    let members = grid_members(lines, members, others);
    if members.len() < 2 {
        return None;
    }
    let mut thicknesses: Vec<u32> = members.iter().map(|&m| lines[m].thickness).collect();
    thicknesses.sort_unstable();
    Some((positions(lines, &members, spacing), thicknesses[thicknesses.len() / 2]))
}

/// Finds the grid of a puzzle in a picture: `None` when there is no
/// evenly spaced family of lines both ways, with square cells, at least
/// two cells each way.
pub fn find_grid(picture: &Picture) -> Option<GridLines> {
    let light_on_dark = background(picture) < 128;
    let (h_lines, h_members, down) = chain(picture, false, light_on_dark)?;
    let (v_lines, v_members, across) = chain(picture, true, light_on_dark)?;
    let h_members = within(&h_lines, &h_members, down, span(&v_lines, &v_members, across));
    if h_members.len() < 2 {
        return None;
    }
    let v_members = within(&v_lines, &v_members, across, span(&h_lines, &h_members, down));
    if v_members.len() < 2 {
        return None;
    }
    let h_chain = positions(&h_lines, &h_members, down);
    let v_chain = positions(&v_lines, &v_members, across);
    let (ys, thick_rows) = grid_family(&h_lines, &h_members, down, &v_chain)?;
    let (xs, thick_columns) = grid_family(&v_lines, &v_members, across, &h_chain)?;
    // Cells are square in every presentation we know: families whose
    // spacings differ by a quarter are not one grid.
    if (down - across).abs() > 0.25 * down.max(across) {
        return None;
    }
    if xs.len() < 3 || ys.len() < 3 {
        return None;
    }
    let max_side = nonogram_core::MAX_SIDE;
    if xs.len() - 1 > max_side || ys.len() - 1 > max_side {
        return None;
    }
    Some(GridLines { xs, ys, thickness: thick_rows.max(thick_columns), light_on_dark })
}

/// A line found elsewhere (by [`crate::straighten`], which finds slanted
/// lines): where it crosses the middle of the picture, and its line-like
/// stretches along it.
pub(crate) struct FoundLine {
    pub at: f32,
    pub runs: Vec<(u32, u32)>,
}

/// The grid among lines found elsewhere, by the same rules as
/// [`find_grid`]: for each family, the members (indices into its lines)
/// with their place in the grid (0 the first line), and the spacing.
#[allow(clippy::type_complexity)]
pub(crate) fn grid_among(
    across: &[FoundLine],
    down: &[FoundLine],
) -> Option<((Vec<(usize, usize)>, f32), (Vec<(usize, usize)>, f32))> {
    let candidates = |found: &[FoundLine]| -> Vec<Candidate> {
        found.iter().map(|f| Candidate { at: f.at, thickness: 1, runs: f.runs.clone() }).collect()
    };
    let (h, v) = (candidates(across), candidates(down));
    let family = |lines: &[Candidate]| -> Option<(Vec<usize>, f32)> {
        let (members, spacing) = longest_chain(lines)?;
        Some((trimmed(lines, members, spacing), spacing))
    };
    let (h_members, h_spacing) = family(&h)?;
    let (v_members, v_spacing) = family(&v)?;
    if (h_spacing - v_spacing).abs() > 0.25 * h_spacing.max(v_spacing) {
        return None;
    }
    let h_chain = positions(&h, &h_members, h_spacing);
    let v_chain = positions(&v, &v_members, v_spacing);
    let placed = |lines: &[Candidate], members: Vec<usize>, spacing: f32| -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        let mut index = 0;
        for (k, &m) in members.iter().enumerate() {
            if k > 0 {
                index += ((lines[m].at - lines[members[k - 1]].at) / spacing).round().max(1.0) as usize;
            }
            out.push((m, index));
        }
        out
    };
    let h_grid = grid_members(&h, &h_members, &v_chain);
    let v_grid = grid_members(&v, &v_members, &h_chain);
    if h_grid.len() < 3 || v_grid.len() < 3 {
        return None;
    }
    Some(((placed(&h, h_grid, h_spacing), h_spacing), (placed(&v, v_grid, v_spacing), v_spacing)))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 10×10 grid of 17-pixel cells at (x0, y0) on white, one-pixel lines.
    fn grid_picture(stems_left: usize) -> (Picture, u32) {
        let (cell, cells, x0, y0) = (17u32, 10u32, 120u32, 60u32);
        let (w, h) = (x0 + cell * cells + 20, y0 + cell * cells + 20);
        let mut luma = vec![255u8; (w * h) as usize];
        let mut dark = |x: u32, y: u32| luma[(y * w + x) as usize] = 40;
        for k in 0..=cells {
            for t in 0..=cell * cells {
                dark(x0 + k * cell, y0 + t);
                dark(x0 + t, y0 + k * cell);
            }
        }
        // Right-aligned row clues, blurred: a digit's stem in each row,
        // joined down the rows as blur joins them, that falls near where
        // a line would be at the grid's pitch (a pixel off).
        for s in 2..2 + stems_left as u32 {
            let x = x0 - s * cell - 1;
            for y in y0 + 2..y0 + cell * cells - 2 {
                dark(x, y);
                dark(x + 1, y);
            }
        }
        (Picture::from_luma(w, h, luma).unwrap(), x0)
    }

    #[test]
    fn stacked_clue_digits_beside_the_grid_are_not_its_lines() {
        for stems in [0, 3] {
            let (picture, x0) = grid_picture(stems);
            let grid = find_grid(&picture).expect("a grid");
            assert_eq!((grid.width(), grid.height()), (10, 10), "{stems} stems: {:?}", grid.xs);
            assert!((grid.xs[0] - x0 as f32).abs() <= 1.0, "{stems} stems: starts at {}", grid.xs[0]);
        }
    }
}
