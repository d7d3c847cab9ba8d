//! One family of grid lines: the candidate lines of a picture, by
//! projection profiles of line-like pixels, and the longest chain of
//! evenly spaced ones.

use crate::blob::{histogram, most_common, Rect};
use crate::picture::Picture;

/// How much darker (or lighter) than its surroundings a pixel of a line is,
/// at least, in luminance steps.
pub(super) const LINE_CONTRAST: i32 = 12;

/// The distance, in pixels, at which a line pixel is compared with its
/// surroundings: lines up to about twice as thick are found.
pub(super) const LINE_REACH: u32 = 3;

/// The longest break a line's stretch runs on over (a crossing line's
/// thickness and its anti-aliased edges).
const CROSSING: u32 = 5;

/// How far from where a chain's next line should be a line may lie, as a
/// share of the spacing (at least 2.5 pixels): a screenshot scaled, and a
/// line's centre pulled by a filled cell's edge beside it, put lines a
/// pixel or two off.
const CHAIN_TOLERANCE: f32 = 0.14;

/// The least tolerance of [`CHAIN_TOLERANCE`], in pixels.
const LEAST_TOLERANCE: f32 = 2.5;

/// A chain's end member is a solid line when it runs this share of the
/// spacing unbroken at least (a cell's side, less a little of a
/// crossing's blur); set by hand, not swept.
const SOLID_STRETCH: f32 = 0.9;

/// A chain's end member is cut off from the rest when the next member is
/// further than this many spacings (one line missing between them).
const NEXT_LINE: f32 = 1.5;

/// What a chain's member shorter than half its middling member counts
/// for, against a whole line (see where it is used).
const SHORT_WEIGHT: f32 = 0.1;

/// What each missing line costs a chain's score, in lines: a chain that
/// skips lines loses to one that has them; set by hand, not swept.
const MISSING_COST: f32 = 0.5;

/// How far before the other family's second line, in spacings, a line
/// starting there counts as starting at an inner line (a clue area's).
const INNER_START: f32 = 0.25;

/// The longest gap, in spacings, a line's reach runs on over (a line
/// hidden in part by filled cells, or broken by blur).
const BRIDGE: f32 = 0.6;

/// The least spacing of a grid's lines, in pixels: cells under it hold
/// no digit anyone can read (a scan's of ten hold digits of seven), and
/// a JPEG's blocks, eight pixels a side, make lines eight apart.
const LEAST_SPACING: f32 = 9.5;

/// The longest break in a line, as a share of the spacing, over which it
/// runs on: a game's tiles with rounded corners break the gaps between
/// them where they cross, by the gap and the corners' rounding.
const TILE_BREAK: f32 = 0.45;

/// How far apart a thick line's two edges are seen, at most, in rows of
/// pixels between them: its inside, where no pixel is darker than the
/// pixels [`LINE_REACH`] away, is about its thickness less twice that.
const THICK_REACH: u32 = 3 * LINE_REACH;

/// A candidate line: where it is, and the stretches along it that are
/// line-like.
#[derive(Debug, Clone)]
pub(super) struct Candidate {
    /// Its centre across (y for a horizontal line).
    pub at: f32,
    /// Rows (or columns) of pixels it covers.
    pub thickness: u32,
    /// Its long line-like stretches along it (x ranges for a horizontal
    /// line), over all the rows it covers, merged and in order.
    pub runs: Vec<(u32, u32)>,
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

    /// The length of its stretches at least `least` long, each taken
    /// on over breaks of up to `bridge`: a grid's line runs unbroken past
    /// several cells (the gap between a game's tiles breaks where it
    /// crosses the other way's gaps, at the tiles' rounded corners), a
    /// text line's strokes (in line by chance) are each shorter than a
    /// cell.
    fn solid(&self, least: f32, bridge: f32) -> u32 {
        let mut total = 0;
        let mut current: Option<(u32, u32, u32)> = None; // start, end, inked length
        for &(s, e) in &self.runs {
            current = match current {
                Some((cs, ce, ink)) if s as f32 <= ce as f32 + bridge => Some((cs, e.max(ce), ink + e - s)),
                Some((cs, ce, ink)) => {
                    if (ce - cs) as f32 >= least {
                        total += ink;
                    }
                    Some((s, e, e - s))
                }
                None => Some((s, e, e - s)),
            };
        }
        if let Some((cs, ce, ink)) = current {
            if (ce - cs) as f32 >= least {
                total += ink;
            }
        }
        total
    }
}

/// A chain without the members at either end that are not solid lines
/// (a row of text's strokes, a column of stacked digits' stems that fell
/// where a line would be), nor those cut off from the rest by a missing
/// line (a shaded clue band's edge a cell or two before the grid: inside
/// a grid a line may hide behind filled cells, at its edge it does not).
pub(super) fn trimmed(lines: &[Candidate], members: Vec<usize>, spacing: f32) -> Vec<usize> {
    let least = spacing * SOLID_STRETCH;
    let solid: Vec<u32> = members.iter().map(|&m| lines[m].solid(least, spacing * TILE_BREAK)).collect();
    let mut sorted = solid.clone();
    sorted.sort_unstable();
    let median = sorted[sorted.len() / 2];
    let keep = |i: usize| solid[i] * 2 >= median && solid[i] > 0;
    let next_to =
        |a: usize, b: usize| (lines[members[b]].at - lines[members[a]].at).abs() <= spacing * NEXT_LINE;
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
    contrasts(view, along, across, light).0
}

/// The [`line_contrast`] of the pixel at (along, across), and how much
/// darker (lighter) it is than both pixels `LINE_REACH` before and after
/// it (0 where it is not, or is no line's pixel).
fn contrasts(view: &View, along: u32, across: u32, light: bool) -> (i32, i32) {
    let here = view.at(along, across);
    let sign = if light { -1 } else { 1 };
    let by = |other: u32| sign * (view.at(along, other) - here);
    let before = if across >= LINE_REACH { by(across - LINE_REACH) } else { 0 };
    let after = if across + LINE_REACH < view.across_len() { by(across + LINE_REACH) } else { 0 };
    let contrast = before.max(after);
    if contrast >= LINE_CONTRAST {
        (contrast, before.min(after).max(0))
    } else {
        (0, 0)
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

/// How long a line-like stretch must be to count, as a share of the
/// picture's shorter side: longer than a digit's stroke can be (a
/// screenshot's ruled lines run unbroken past several cells).
const RULED_STRETCH: u32 = 25;

/// The same for tiles: the gap between two tiles runs only a tile's side
/// between the rounded corners where it crosses the other way's gaps (a
/// 30 × 30 board of tiles filling a phone's width has tiles of a 40th of
/// it).
const TILED_STRETCH: u32 = 80;

/// How a family's lines are looked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Lines {
    /// Ruled lines, unbroken but where they cross.
    Ruled,
    /// Gaps between tiles, broken at every tile's corners.
    Tiled,
}

/// A stretch counts when it is longer than a digit's stroke can be, 12
/// pixels at least.
fn shortest_stretch(picture: &Picture, kind: Lines) -> u32 {
    let shorter = picture.width().min(picture.height());
    let share = match kind {
        Lines::Ruled => RULED_STRETCH,
        Lines::Tiled => TILED_STRETCH,
    };
    (shorter / share).max(12)
}

/// The line-like stretches of every row of pixels across one direction,
/// for one polarity, long enough for either kind of line: each kind keeps
/// its own (see [`candidates`]).
pub(super) struct Stretches(Vec<Vec<Stretch>>);

/// A line-like stretch along a row of pixels: where it starts and ends,
/// and its contrast summed, against one side and against both (a line's
/// centre weighs its rows by their contrast, so that a shaded band's
/// faint edge beside a line does not pull it; see [`candidates`]).
#[derive(Clone, Copy)]
pub(super) struct Stretch {
    start: u32,
    end: u32,
    contrast: u32,
    both_sides: u32,
}

pub(super) fn stretches(picture: &Picture, transposed: bool, light: bool) -> Stretches {
    let view = View { picture, transposed };
    let along_len = view.along_len();
    let across_len = view.across_len();
    let shortest = shortest_stretch(picture, Lines::Ruled).min(shortest_stretch(picture, Lines::Tiled));
    let mut rows: Vec<Vec<Stretch>> = vec![Vec::new(); across_len as usize];
    for (across, row) in rows.iter_mut().enumerate() {
        let across = across as u32;
        // A stretch runs on over short breaks: where a line crosses the
        // other family's lines its pixels are no darker than their
        // neighbours across (those lie on the crossing line too).
        let mut run: Option<(u32, u32)> = None;
        let (mut summed, mut both) = (0u32, 0u32);
        for along in 0..=along_len {
            let (contrast, both_here) =
                if along < along_len { contrasts(&view, along, across, light) } else { (0, 0) };
            let (on, both_here) = (contrast > 0, both_here as u32);
            run = match (on, run) {
                (true, None) => {
                    (summed, both) = (contrast as u32, both_here);
                    Some((along, along))
                }
                (true, Some((start, _))) => {
                    (summed, both) = (summed + contrast as u32, both + both_here);
                    Some((start, along))
                }
                (false, Some((start, last))) if along == along_len || along - last > CROSSING => {
                    if last + 1 - start >= shortest {
                        row.push(Stretch { start, end: last + 1, contrast: summed, both_sides: both });
                    }
                    None
                }
                (_, run) => run,
            };
        }
    }
    Stretches(rows)
}

/// The candidate lines of one direction, strongest first among
/// neighbours: every local peak of the profile of long line-like
/// stretches (`found`, of this direction and polarity).
fn candidates(view: &View, found: &Stretches, light: bool, kind: Lines) -> Vec<Candidate> {
    let across_len = view.across_len();
    let shortest_stretch = shortest_stretch(view.picture, kind);
    let mut profile = vec![0u32; across_len as usize];
    let mut weights = vec![0u64; across_len as usize];
    let mut both_weights = vec![0u64; across_len as usize];
    let mut stretches: Vec<Vec<(u32, u32)>> = vec![Vec::new(); across_len as usize];
    for (across, row) in found.0.iter().enumerate() {
        for s in row.iter().filter(|s| s.end - s.start >= shortest_stretch) {
            profile[across] += s.end - s.start;
            weights[across] += s.contrast as u64;
            both_weights[across] += s.both_sides as u64;
            stretches[across].push((s.start, s.end));
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
    // Runs of neighbouring rows above a fifth of the strongest line: a
    // thin line, or a line and a filled cell's edge beside it.
    let mut groups: Vec<std::ops::Range<usize>> = Vec::new();
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
        groups.push(begin..i);
    }
    // The centre of a group: the rows of the highest contrast (the line's
    // core, not a filled cell's or a shaded band's edge beside it),
    // weighed; and its weight. Where some rows are darker than both
    // sides, a thin line's (a tile's thin gap beside a filled tile or a
    // badge, whose edges are darker than one side only and longer), their
    // contrast against both sides weighs; elsewhere (a thick line's
    // edges) against either.
    let centre = |rows: &std::ops::Range<usize>| -> (f64, u64) {
        let by: &[u64] = if rows.clone().any(|r| both_weights[r] > 0) { &both_weights } else { &weights };
        let top = rows.clone().map(|r| by[r]).max().unwrap_or(0);
        let core = || rows.clone().filter(|&r| by[r] * 10 >= top * 7);
        let weight: u64 = core().map(|r| by[r]).sum::<u64>().max(1);
        (
            core().map(|r| r as f64 * by[r] as f64).sum::<f64>() / weight as f64,
            rows.clone().map(|r| weights[r]).sum(),
        )
    };
    let mut found = Vec::new();
    let mut k = 0;
    while k < groups.len() {
        let (mut at, weight) = centre(&groups[k]);
        let mut rows = groups[k].clone();
        // A thick rule (or a wide gap between tiles) is seen by its two
        // edges, its inside no darker than the rows beside it: two groups
        // of like weight, a little apart, are one line, centred between.
        if let Some(next) = groups.get(k + 1) {
            let (next_at, next_weight) = centre(next);
            let near = next.start - rows.end <= THICK_REACH as usize;
            let alike = weight.min(next_weight) * 2 >= weight.max(next_weight);
            if near
                && alike
                && ruled_between(
                    view,
                    &stretches[rows.start..rows.end],
                    &stretches[next.start..next.end],
                    rows.start,
                    next.end,
                    light,
                )
            {
                at = (at + next_at) / 2.0;
                rows = rows.start..next.end;
                k += 1;
            }
        }
        k += 1;
        let runs = merged(rows.clone().flat_map(|r| stretches[r].iter().copied()).collect());
        found.push(Candidate { at: at as f32, thickness: rows.len() as u32, runs });
    }
    found
}

/// Whether the rows between `first` and `end` (two groups of line-like
/// rows, a little apart, with their stretches) are a thick line's inside:
/// the two edges run together (along most of the shorter one's length),
/// and where they do, the middle row is darker (lighter, for light lines)
/// than the row just outside the first group, at most places. Between
/// two thin lines the middle is background; a row of clue digits beside a
/// line runs beside it, not along it.
fn ruled_between(
    view: &View,
    stretches: &[Vec<(u32, u32)>],
    next_stretches: &[Vec<(u32, u32)>],
    first: usize,
    end: usize,
    light: bool,
) -> bool {
    let middle = ((first + end) / 2) as u32;
    let Some(outside) = (first as u32).checked_sub(LINE_REACH + 1) else { return false };
    let sign = if light { -1 } else { 1 };
    let one = merged(stretches.iter().flatten().copied().collect());
    let other = merged(next_stretches.iter().flatten().copied().collect());
    let length = |runs: &[(u32, u32)]| runs.iter().map(|(a, b)| b - a).sum::<u32>();
    let together: Vec<(u32, u32)> = one
        .iter()
        .flat_map(|&(a, b)| other.iter().map(move |&(c, d)| (a.max(c), b.min(d))))
        .filter(|(a, b)| a < b)
        .collect();
    if length(&together) * 2 < length(&one).min(length(&other)) {
        return false;
    }
    let (mut darker, mut looked) = (0, 0);
    for &(start, stop) in &together {
        for along in (start..stop).step_by(4) {
            looked += 1;
            darker += (sign * (view.at(along, outside) - view.at(along, middle)) >= LINE_CONTRAST) as u32;
        }
    }
    looked > 0 && darker * 10 >= looked * 6
}

/// The longest chain of evenly spaced candidates: its members' indices
/// and its spacing.
///
/// Seeds: each pair of near candidates gives a spacing, walked from the
/// first of the pair; up to two lines in a row may be missing (hidden by
/// filled cells), each missing line costing half a member, so that a chain
/// at half the true spacing never wins; short members count in part. The best chain, the anchor, is then fitted (a
/// least-squares line through its members' positions against their
/// indices) and every candidate close to the fitted positions is taken,
/// before, inside and after it, while no more than two lines in a row are
/// missing.
pub(super) fn longest_chain(lines: &[Candidate], spacings: Option<(f32, f32)>) -> Option<(Vec<usize>, f32)> {
    let mut best: Option<(f32, Vec<usize>, f32)> = None;
    for i in 0..lines.len() {
        for j in i + 1..lines.len().min(i + 6) {
            let spacing = lines[j].at - lines[i].at;
            if spacing < LEAST_SPACING || spacings.is_some_and(|(low, high)| spacing < low || spacing > high)
            {
                continue;
            }
            let members = walk(lines, i, spacing);
            let span = lines[*members.last().unwrap()].at - lines[i].at;
            let missing = ((span / spacing).round() as usize + 1).saturating_sub(members.len());
            // A member counts in full when it is at least half as long as
            // the chain's middling member, a tenth when shorter (a title's
            // strokes, a clue band's edge, a column of stacked "1"s that
            // fall in line: at half the spacing they would otherwise
            // outnumber the missing lines). Measured against the chain's
            // own members, not the longest line found: a phone's frame,
            // round the whole screen, is far longer than its board's
            // lines.
            let mut lengths: Vec<u32> = members.iter().map(|&m| lines[m].length()).collect();
            lengths.sort_unstable();
            let half_middling = (lengths[lengths.len() / 2] as f32 / 2.0).max(1.0);
            let weight: f32 = members
                .iter()
                .map(|&m| if lines[m].length() as f32 >= half_middling { 1.0 } else { SHORT_WEIGHT })
                .sum();
            let score = weight - MISSING_COST * missing as f32;
            if members.len() >= 3 && best.as_ref().is_none_or(|(s, _, _)| score > *s) {
                best = Some((score, members, spacing));
            }
        }
    }
    let (_, anchor, spacing) = best?;
    // Fit position = origin + index × step over the anchor, each member's
    // index counted from the one before (the anchor's spacing is only near
    // the true one: counted from the first, far indices would drift).
    let mut indices = vec![0.0f64];
    for pair in anchor.windows(2) {
        let steps = ((lines[pair[1]].at - lines[pair[0]].at) / spacing).round().max(1.0) as f64;
        indices.push(indices[indices.len() - 1] + steps);
    }
    let n = anchor.len() as f64;
    let mx = indices.iter().sum::<f64>() / n;
    let my = anchor.iter().map(|&m| lines[m].at as f64).sum::<f64>() / n;
    let (sxx, sxy) = anchor.iter().zip(&indices).fold((0.0, 0.0), |(a, b), (&m, &x)| {
        let dx = x - mx;
        (a + dx * dx, b + dx * (lines[m].at as f64 - my))
    });
    let step = if sxx > 0.0 { (sxy / sxx) as f32 } else { spacing };
    let origin = (my - mx * step as f64) as f32;
    let tolerance = (step * CHAIN_TOLERANCE).max(LEAST_TOLERANCE);
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
    // The run of indices around the anchor with at most two missing in a row.
    let anchor_index = 0;
    let mut low = anchor_index;
    while at_index.range(low - 3..low).next_back().is_some() {
        low = *at_index.range(low - 3..low).next_back().unwrap().0;
    }
    let mut high = anchor_index;
    while at_index.range(high + 1..high + 4).next().is_some() {
        high = *at_index.range(high + 1..high + 4).next().unwrap().0;
    }
    let members: Vec<usize> = at_index.range(low..=high).map(|(_, &(k, _))| k).collect();
    // The fit can only add members; should it lose any, the anchor stands.
    if members.len() < anchor.len() {
        return Some((anchor, spacing));
    }
    (step >= LEAST_SPACING).then_some((members, step))
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
        let tolerance = (step * CHAIN_TOLERANCE).max(LEAST_TOLERANCE);
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
                // The first steps are noisy: the anchor's spacing counts as
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
pub(super) fn positions(lines: &[Candidate], members: &[usize], spacing: f32) -> Vec<f32> {
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
pub(super) fn grid_members(lines: &[Candidate], members: &[usize], others: &[f32]) -> Vec<usize> {
    let Some(&second) = others.get(1) else { return members.to_vec() };
    let inner = second - (second - others[0]) * INNER_START;
    let bridge = (others[1] - others[0]) * BRIDGE;
    let first = members.iter().position(|&m| (lines[m].reach(bridge).0 as f32) < inner).unwrap_or(0);
    members[first..].to_vec()
}

/// Where the chain's lines run along: the start that a tenth of them
/// reach before, the end a tenth reach past (a line hidden in part by
/// filled cells, or broken by blur, reaches less far).
pub(super) fn span(lines: &[Candidate], members: &[usize], spacing: f32) -> (f32, f32) {
    let reach: Vec<(u32, u32)> = members.iter().map(|&m| lines[m].reach(spacing * BRIDGE)).collect();
    let mut starts: Vec<u32> = reach.iter().map(|r| r.0).collect();
    let mut ends: Vec<u32> = reach.iter().map(|r| r.1).collect();
    starts.sort_unstable();
    ends.sort_unstable();
    let tenth = members.len() / 10;
    (starts[tenth] as f32, ends[ends.len() - 1 - tenth] as f32)
}

/// How far outside the other family's span a line may lie and still be
/// the grid's, in cells: a line's end blurred or cut by a filled cell
/// lies a little short of it; a column of right-aligned clue digits that
/// falls into line at the grid's pitch lies a whole cell out (the row
/// lines of a grid whose clues are not ruled stop at its edge).
const OUTSIDE_SPAN: f32 = 0.5;

/// A chain's members without those at either end that lie outside the
/// other family's `span` by more than [`OUTSIDE_SPAN`].
pub(super) fn within(lines: &[Candidate], members: &[usize], spacing: f32, span: (f32, f32)) -> Vec<usize> {
    let reach = spacing * OUTSIDE_SPAN;
    let inside = |m: &usize| lines[*m].at >= span.0 - reach && lines[*m].at <= span.1 + reach;
    let first = members.iter().position(inside).unwrap_or(members.len());
    let last = members.iter().rposition(inside).map_or(first, |l| l + 1);
    members[first..last.max(first)].to_vec()
}

/// One family of lines (horizontal when `transposed` is false): every
/// candidate and the longest chain's members and spacing.
pub(super) fn chain(
    picture: &Picture,
    found: &Stretches,
    transposed: bool,
    light: bool,
    kind: Lines,
    spacings: Option<(f32, f32)>,
) -> Option<(Vec<Candidate>, Vec<usize>, f32)> {
    let view = View { picture, transposed };
    let lines = candidates(&view, found, light, kind);
    let (members, spacing) = longest_chain(&lines, spacings)?;
    let members = trimmed(&lines, members, spacing);
    Some((lines, members, spacing))
}
