//! My progress: the puzzles played in this browser (made, built-in,
//! pasted), each with whether it is solved, the time played, the hints
//! used, and what it takes to open it again (its share code). Kept in the
//! browser's storage as one line a puzzle; the board itself is kept under
//! the puzzle's own key (see `play::board::progress_key`). The list is
//! in the order last played.

/// The list keeps the puzzles played last, at most this many.
pub const MAX_PLAYED: usize = 50;

/// A puzzle played.
#[derive(Clone, Debug, PartialEq)]
pub struct Played {
    /// Its progress key (the board kept under it).
    pub key: String,
    pub title: String,
    pub width: usize,
    pub height: usize,
    pub solved: bool,
    /// Time played (to the solve, once solved), in ms.
    pub ms: u64,
    pub hints: u32,
    /// When it was last played (ms since 1970, the browser's clock).
    pub at: f64,
    /// Its share code (`nonogram_formats::share`): Continue opens it.
    pub code: String,
}

impl Played {
    fn line(&self) -> String {
        let title: String = self.title.chars().map(|c| if c.is_control() { ' ' } else { c }).collect();
        let solved = u8::from(self.solved);
        let (w, h, ms, hints, at) = (self.width, self.height, self.ms, self.hints, self.at.max(0.0) as u64);
        format!("{}\t{title}\t{w}\t{h}\t{solved}\t{ms}\t{hints}\t{at}\t{}", self.key, self.code)
    }

    fn of_line(line: &str) -> Option<Played> {
        let mut fields = line.split('\t');
        let mut next = || fields.next();
        let (key, title) = (next()?.to_string(), next()?.to_string());
        let width = next()?.parse().ok()?;
        let height = next()?.parse().ok()?;
        let solved = next()? == "1";
        let ms = next()?.parse().ok()?;
        let hints = next()?.parse().ok()?;
        let at = next()?.parse::<u64>().ok()? as f64;
        let code = next()?.to_string();
        (!key.is_empty() && !code.is_empty()).then_some(Played {
            key,
            title,
            width,
            height,
            solved,
            ms,
            hints,
            at,
            code,
        })
    }
}

/// The list as kept (lines it cannot read are left out: a list written by
/// another version loses those, never the rest).
pub fn read_list(text: &str) -> Vec<Played> {
    text.lines().filter_map(Played::of_line).collect()
}

pub fn write_list(list: &[Played]) -> String {
    list.iter().map(Played::line).collect::<Vec<_>>().join("\n")
}

/// Adds a puzzle started (or started again) to the list, first; the
/// oldest beyond [`MAX_PLAYED`] go.
pub fn started(list: &mut Vec<Played>, played: Played) {
    let kept = list.iter().position(|p| p.key == played.key).map(|i| list.remove(i));
    // Started again: what was kept of it stays (solved, its time).
    let played = match kept {
        Some(before) => Played { solved: before.solved || played.solved, ..played },
        None => played,
    };
    list.insert(0, played);
    list.truncate(MAX_PLAYED);
}

/// A puzzle played at `at`: its line moves first (the list stays in the
/// order last played, no sort needed), with `change` made to it.
pub fn played_again(list: &mut Vec<Played>, key: &str, at: f64, change: impl FnOnce(&mut Played)) -> bool {
    let Some(i) = list.iter().position(|p| p.key == key) else { return false };
    let mut entry = list.remove(i);
    entry.at = at;
    change(&mut entry);
    list.insert(0, entry);
    true
}

/// "3:05", "1:02:09".
pub fn duration(ms: u64) -> String {
    // Whole seconds, as the clock and "Solved! In 4 seconds" count them.
    let s = super::text::whole_seconds(ms as f64);
    match s {
        s if s >= 3600 => format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60),
        s => format!("{}:{:02}", s / 60, s % 60),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn played(key: &str, at: f64) -> Played {
        Played {
            key: key.into(),
            title: "Scardy\tCat".into(),
            width: 20,
            height: 20,
            solved: false,
            ms: 65_000,
            hints: 2,
            at,
            code: "AbC-_1".into(),
        }
    }

    #[test]
    fn the_list_reads_back_as_written_and_skips_what_it_cannot_read() {
        let list = vec![played("a", 1.7e12), Played { solved: true, ..played("b", 1.8e12) }];
        let text = write_list(&list);
        let back = read_list(&format!("{text}\nnot a line\n\t\t\t"));
        assert_eq!(back.len(), 2);
        assert_eq!(back[0].title, "Scardy Cat");
        assert_eq!(back[1], Played { title: "Scardy Cat".into(), ..list[1].clone() });
        assert_eq!(read_list(""), []);
    }

    #[test]
    fn a_puzzle_started_again_comes_first_keeps_solved_and_the_list_is_bounded() {
        let mut list = Vec::new();
        for k in 0..MAX_PLAYED + 5 {
            started(&mut list, played(&k.to_string(), k as f64));
        }
        assert_eq!(list.len(), MAX_PLAYED);
        assert_eq!(list[0].key, (MAX_PLAYED + 4).to_string());
        list[10].solved = true;
        let key = list[10].key.clone();
        started(&mut list, played(&key, 1e13));
        assert_eq!((list[0].key.as_str(), list[0].solved), (key.as_str(), true));
        assert_eq!(list.len(), MAX_PLAYED);
        assert_eq!(list[1].key, (MAX_PLAYED + 4).to_string());
        // Played again: first, changed.
        let last = list[MAX_PLAYED - 1].key.clone();
        assert!(played_again(&mut list, &last, 2e13, |p| p.hints = 9));
        assert_eq!((list[0].key.as_str(), list[0].hints, list[0].at), (last.as_str(), 9, 2e13));
        assert_eq!(list[1].key, key);
        assert!(!played_again(&mut list, "none", 0.0, |_| {}));
    }

    #[test]
    fn durations_read_as_a_clock() {
        assert_eq!(duration(0), "0:00");
        assert_eq!(duration(65_400), "1:05");
        assert_eq!(duration(65_600), "1:05", "as the clock showed it");
        assert_eq!(duration(3_729_000), "1:02:09");
    }
}
