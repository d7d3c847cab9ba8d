//! How text from a puzzle's file is repeated in a message: cut short, and
//! with control characters written as escapes, so that a 2 MB clue makes
//! no 2 MB message and a title cannot send escape codes to a terminal.

use std::borrow::Cow;
use std::fmt::Write;

/// The most characters of a token a message repeats.
pub const SHOWN_CHARS: usize = 40;

/// `text` as a message repeats it: at most [`SHOWN_CHARS`] characters,
/// then `…`, with control characters escaped ([`escaped`]).
pub fn shown(text: &str) -> String {
    match text.char_indices().nth(SHOWN_CHARS) {
        Some((end, _)) => format!("{}…", escaped(&text[..end])),
        None => escaped(text).into_owned(),
    }
}

/// `text` with each control character written as an escape (`\n`, `\t`,
/// `\r`, or `\u{1b}`): printable on a terminal, and on one line.
pub fn escaped(text: &str) -> Cow<'_, str> {
    if !text.chars().any(char::is_control) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => write!(out, "\\u{{{:x}}}", u32::from(c)).unwrap_or(()),
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_text_is_cut_and_control_characters_are_escaped() {
        assert_eq!(shown("12345"), "12345");
        let long = "x".repeat(100_000);
        assert_eq!(shown(&long), format!("{}…", "x".repeat(SHOWN_CHARS)));
        assert_eq!(shown("a\u{1b}[2Jb\nc\u{7f}"), "a\\u{1b}[2Jb\\nc\\u{7f}");
        assert_eq!(escaped("tab\there"), "tab\\there");
        assert!(matches!(escaped("plain"), Cow::Borrowed("plain")));
    }
}
