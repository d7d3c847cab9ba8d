//! How text from a puzzle's file is repeated in a message: cut short, and
//! with control characters written as escapes, so that a 2 MB clue makes
//! no 2 MB message and a title cannot send escape codes to a terminal.

use std::borrow::Cow;
use std::fmt::Write;

/// The most characters of a token a message repeats.
pub const SHOWN_CHARS: usize = 40;

/// `text` as a message repeats it: control characters escaped
/// ([`escaped`]), then cut to at most [`SHOWN_CHARS`] characters, with `…`
/// where it was cut (forty escapes make no 240-character message).
pub fn shown(text: &str) -> String {
    shown_within(text, SHOWN_CHARS)
}

/// [`shown`] with a limit of `most` characters (a path is cut later).
pub fn shown_within(text: &str, most: usize) -> String {
    let mut out = String::new();
    let mut count = 0;
    let mut piece = String::new();
    for c in text.chars() {
        piece.clear();
        push_escaped(&mut piece, c);
        let len = piece.chars().count();
        if count + len > most {
            out.push('…');
            return out;
        }
        out.push_str(&piece);
        count += len;
    }
    out
}

/// `text` with each control character written as an escape (`\n`, `\t`,
/// `\r`, or `\u{1b}`): printable on a terminal, and on one line.
pub fn escaped(text: &str) -> Cow<'_, str> {
    if !text.chars().any(char::is_control) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        push_escaped(&mut out, c);
    }
    Cow::Owned(out)
}

/// `c`, or its escape when it is a control character.
fn push_escaped(out: &mut String, c: char) {
    match c {
        '\n' => out.push_str("\\n"),
        '\r' => out.push_str("\\r"),
        '\t' => out.push_str("\\t"),
        c if c.is_control() => write!(out, "\\u{{{:x}}}", u32::from(c)).unwrap_or(()),
        c => out.push(c),
    }
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
        // Cut after escaping: forty escapes are not 240 characters.
        let escapes = "\u{1b}".repeat(40);
        assert_eq!(shown(&escapes), format!("{}…", "\\u{1b}".repeat(6)));
        assert!(shown(&escapes).chars().count() <= SHOWN_CHARS + 1);
        assert!(matches!(escaped("plain"), Cow::Borrowed("plain")));
    }
}
