//! How text from a puzzle's file is printed, and which characters a
//! colour may be drawn with: the one place that decides both (and how a
//! puzzle's size is said, with its article).
//!
//! Printed text (a title, a name, an attribution, a token in a message)
//! is cut short where a message repeats it, and every character that
//! could change how the rest of the line reads is written as an escape:
//! control and format characters (bidi overrides and isolates, zero-width
//! characters, the byte-order mark), private-use and unassigned code
//! points, line and paragraph separators, and a combining mark with no
//! letter before it to combine with (it would sit on the text before the
//! title). So a 2 MB clue makes no 2 MB message, a title cannot send
//! escape codes to a terminal, and `x\u{202e}enon` cannot make a line
//! read "… verdict: none".
//!
//! A colour's character stands alone in a grid's column: it must print
//! as itself with nothing before it, so every combining mark is refused
//! too, and so are spaces and `|` (which frames webpbn XML's goal rows).

use std::borrow::Cow;
use std::fmt::Write;

/// The most characters of a token a message repeats.
pub const SHOWN_CHARS: usize = 40;

/// How a character prints (see the module's documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Printed {
    /// As itself: a letter, number, punctuation, symbol or space.
    Raw,
    /// As itself after a character printed as itself, which it marks (a
    /// combining accent); escaped at the start of a text or after a
    /// space or an escape.
    Mark,
    /// Always as an escape: a control, format, private-use, unassigned or
    /// surrogate code point, or a line or paragraph separator.
    Escaped,
}

/// How `c` prints. Unicode's general categories decide it: Cc, Cf, Co,
/// Cn, Zl and Zp are [`Printed::Escaped`], and so are the code points
/// that show nothing whatever their category (Default_Ignorable: the
/// grapheme joiner, variation selectors, Hangul fillers); Mn, Mc and Me are
/// [`Printed::Mark`], as are the few other characters that extend the
/// character before them (Grapheme_Extend: the halfwidth katakana sound
/// marks); L, N, P, S and Zs are [`Printed::Raw`].
/// std's own tables answer (they are in every build that formats a
/// string with `{:?}`), with [`SPACING_MARKS`] for the combining marks
/// std does not single out.
pub fn printed(c: char) -> Printed {
    match c {
        // std escapes these in `escape_debug` for Rust's syntax, not
        // because they would not print.
        ' ' | '\\' | '\'' | '"' => return Printed::Raw,
        '\u{2028}' | '\u{2029}' => return Printed::Escaped,
        _ => {}
    }
    if c.is_control() {
        return Printed::Escaped;
    }
    // Zs: std's printable table counts every space but U+0020 out.
    if c.is_whitespace() {
        return Printed::Raw;
    }
    // After a letter, std escapes only what its printable table counts
    // out: Cc, Cf, Cs, Co, Cn, Zl, Zp and Zs (handled above).
    let mut bytes = [b'a'; 5];
    let len = 1 + c.encode_utf8(&mut bytes[1..]).len();
    let after_letter = std::str::from_utf8(&bytes[..len]).is_ok_and(|t| t.escape_debug().count() == 2);
    if !after_letter {
        return Printed::Escaped;
    }
    // Alone, std escapes also what extends a grapheme (Mn, Me and
    // Other_Grapheme_Extend).
    if c.escape_debug().count() > 1 || is_spacing_mark(c) {
        Printed::Mark
    } else {
        Printed::Raw
    }
}

/// The spacing combining marks (Mc) that do not extend a grapheme, so
/// that std's tables do not mark them: ranges in order, each its first
/// code point shifted left 8 bits and how many follow it (four bytes a
/// range, not eight: the page's download carries the table twice).
/// `text_policy_follows_the_general_categories` checks this table
/// against Unicode's categories code point by code point (and prints the
/// table anew should a new Unicode version change it).
pub const SPACING_MARKS: &[u32] = &[
    0x90300, 0x93b00, 0x93e02, 0x94903, 0x94e01, 0x98201, 0x9bf01, 0x9c701, 0x9cb01, 0xa0300, 0xa3e02,
    0xa8300, 0xabe02, 0xac900, 0xacb01, 0xb0201, 0xb4000, 0xb4701, 0xb4b01, 0xbbf00, 0xbc101, 0xbc602,
    0xbca02, 0xc0102, 0xc4103, 0xc8201, 0xcbe00, 0xcc100, 0xcc301, 0xcf300, 0xd0201, 0xd3f01, 0xd4602,
    0xd4a02, 0xd8201, 0xdd001, 0xdd806, 0xdf201, 0xf3e01, 0xf7f00, 0x102b01, 0x103100, 0x103800, 0x103b01,
    0x105601, 0x106202, 0x106706, 0x108301, 0x108705, 0x108f00, 0x109a02, 0x17b600, 0x17be07, 0x17c701,
    0x192303, 0x192902, 0x193001, 0x193305, 0x1a1901, 0x1a5500, 0x1a5700, 0x1a6100, 0x1a6301, 0x1a6d05,
    0x1b0400, 0x1b3e03, 0x1b8200, 0x1ba100, 0x1ba601, 0x1be700, 0x1bea02, 0x1bee00, 0x1c2407, 0x1c3401,
    0x1ce100, 0x1cf700, 0xa82301, 0xa82700, 0xa88001, 0xa8b40f, 0xa95200, 0xa98300, 0xa9b401, 0xa9ba01,
    0xa9be01, 0xaa2f01, 0xaa3301, 0xaa4d00, 0xaa7b00, 0xaa7d00, 0xaaeb00, 0xaaee01, 0xaaf500, 0xabe301,
    0xabe601, 0xabe901, 0xabec00, 0x1100000, 0x1100200, 0x1108200, 0x110b002, 0x110b701, 0x1112c00,
    0x1114501, 0x1118200, 0x111b302, 0x111bf00, 0x111ce00, 0x1122c02, 0x1123201, 0x112e002, 0x1130201,
    0x1133f00, 0x1134103, 0x1134701, 0x1134b01, 0x1136201, 0x113b901, 0x113ca00, 0x113cc01, 0x1143502,
    0x1144001, 0x1144500, 0x114b101, 0x114b900, 0x114bb01, 0x114be00, 0x114c100, 0x115b001, 0x115b803,
    0x115be00, 0x1163002, 0x1163b01, 0x1163e00, 0x116ac00, 0x116ae01, 0x1171e00, 0x1172001, 0x1172600,
    0x1182c02, 0x1183800, 0x1193104, 0x1193701, 0x1194000, 0x1194200, 0x119d102, 0x119dc03, 0x119e400,
    0x11a3900, 0x11a5701, 0x11a9700, 0x11c2f00, 0x11c3e00, 0x11ca900, 0x11cb100, 0x11cb400, 0x11d8a04,
    0x11d9301, 0x11d9600, 0x11ef501, 0x11f0300, 0x11f3401, 0x11f3e01, 0x1612a02, 0x16f5136,
];

fn is_spacing_mark(c: char) -> bool {
    let c = u32::from(c);
    // The last range starting at or before `c`.
    let i = SPACING_MARKS.partition_point(|&range| range >> 8 <= c);
    i > 0 && c - (SPACING_MARKS[i - 1] >> 8) <= SPACING_MARKS[i - 1] & 0xff
}

/// Whether `c` prints as one with a character beside it, though it
/// prints alone as itself: a regional indicator (two make a flag), an
/// emoji skin tone, a Hangul jamo (a leading, vowel and trailing one make
/// a syllable), and the prepended concatenation marks (Unicode's
/// Grapheme_Cluster_Break=Prepend, which join the character after them).
/// Two cells of a grid drawn with them would read as one.
pub fn joins_a_neighbour(c: char) -> bool {
    matches!(u32::from(c),
        0x1F1E6..=0x1F1FF | 0x1F3FB..=0x1F3FF
        | 0x1100..=0x11FF | 0xA960..=0xA97F | 0xD7B0..=0xD7FF
        | 0x0600..=0x0605 | 0x06DD | 0x070F | 0x0890..=0x0891 | 0x08E2 | 0x0D4E | 0x110BD | 0x110CD
        | 0x111C2..=0x111C3 | 0x1193F | 0x11941 | 0x11A3A | 0x11A84..=0x11A89 | 0x11D46 | 0x11F02)
}

/// Why `c` cannot be a colour's character, or `None` when it can: it
/// must print as itself with nothing before it ([`Printed::Raw`]), not
/// join a neighbour ([`joins_a_neighbour`]), and be no space and no `|`.
/// Every reader, the share links and the colour puzzle's own check ask
/// this.
pub fn colour_character_fault(c: char) -> Option<&'static str> {
    match printed(c) {
        _ if c == '|' => Some("its character is `|`, which frames the rows of webpbn XML's goal image"),
        Printed::Raw if joins_a_neighbour(c) => {
            Some("its character joins the character beside it into one (a flag's letter, a skin tone, a Hangul jamo)")
        }
        Printed::Raw if c.is_whitespace() => Some("its character is a space, which cannot be seen in a grid"),
        Printed::Raw => None,
        Printed::Mark => Some("its character is a combining mark, which prints on the character before it"),
        Printed::Escaped => Some(
            "its character is a control, format, invisible or unassigned character, which does not print",
        ),
    }
}

/// Why `name` cannot be a colour's name, or `None` when it can: some
/// text besides spaces, printed as it is ([`escaped`] leaves it alone).
pub fn name_fault(name: &str) -> Option<&'static str> {
    if name.trim().is_empty() {
        Some("its name needs some text")
    } else if matches!(escaped(name), Cow::Owned(_)) {
        Some("its name must print as it is: no control, format or invisible character, no combining mark at its start")
    } else {
        None
    }
}

/// `text` as a message repeats it: escaped as [`escaped`] does, then cut
/// to at most [`SHOWN_CHARS`] characters, with `…` where it was cut
/// (forty escapes make no 240-character message).
pub fn shown(text: &str) -> String {
    shown_within(text, SHOWN_CHARS)
}

/// [`shown`] with a limit of `most` characters (a path is cut later).
pub fn shown_within(text: &str, most: usize) -> String {
    let mut out = String::new();
    let mut count = 0;
    let mut piece = String::new();
    let mut base = false;
    for c in text.chars() {
        piece.clear();
        base = push_printed(&mut piece, c, base);
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

/// `text` with every character that does not print as itself written as
/// an escape (`\n`, `\t`, `\r`, or `\u{202e}`; see [`printed`]):
/// printable on a terminal or a page, on one line, and unable to reorder
/// or hide what follows it.
pub fn escaped(text: &str) -> Cow<'_, str> {
    let mut base = false;
    let Some(first) = text.char_indices().find(|&(_, c)| {
        let raw = prints_raw(c, base);
        base = raw && !c.is_whitespace();
        !raw
    }) else {
        return Cow::Borrowed(text);
    };
    let mut out = String::with_capacity(text.len() + 8);
    out.push_str(&text[..first.0]);
    // The character before the first escape printed raw if it was a base.
    let mut base = text[..first.0].chars().next_back().is_some_and(|c| !c.is_whitespace());
    for c in text[first.0..].chars() {
        base = push_printed(&mut out, c, base);
    }
    Cow::Owned(out)
}

/// Whether `c` prints as itself after a base character (`base`) or not.
fn prints_raw(c: char, base: bool) -> bool {
    match printed(c) {
        Printed::Raw => true,
        Printed::Mark => base,
        Printed::Escaped => false,
    }
}

/// Pushes `c` as it prints after a base character (`base`) or not;
/// whether it leaves a base for a mark after it.
fn push_printed(out: &mut String, c: char, base: bool) -> bool {
    if prints_raw(c, base) {
        out.push(c);
        return !c.is_whitespace();
    }
    match c {
        '\n' => out.push_str("\\n"),
        '\r' => out.push_str("\\r"),
        '\t' => out.push_str("\\t"),
        c => write!(out, "\\u{{{:x}}}", u32::from(c)).unwrap_or(()),
    }
    false
}

/// A puzzle's size with its article, as a sentence says it: "a 15×14",
/// "an 18×14", "an 8×8": "an" where the width read aloud starts with a
/// vowel (eight, eleven, eighteen, eighty, eight hundred, eleven
/// thousand…).
pub fn a_size(width: usize, height: usize) -> String {
    let digits = width.to_string();
    let vowel = digits.starts_with('8')
        || (digits.len() % 3 == 2 && (digits.starts_with("11") || digits.starts_with("18")));
    format!("{} {width}×{height}", if vowel { "an" } else { "a" })
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

    #[test]
    fn nothing_printed_can_reorder_or_hide_the_rest_of_a_line() {
        assert_eq!(escaped("x\u{202e}enon :tcidrev"), "x\\u{202e}enon :tcidrev");
        assert_eq!(escaped("zero\u{200b}width\u{feff}"), "zero\\u{200b}width\\u{feff}");
        assert_eq!(escaped("\u{2066}isolate\u{2069}"), "\\u{2066}isolate\\u{2069}");
        // A combining accent on a letter is text ("Café" decomposed), at the
        // start of a title it would sit on the text printed before it.
        assert_eq!(escaped("Cafe\u{301} au lait"), "Cafe\u{301} au lait");
        assert_eq!(escaped("\u{301}x"), "\\u{301}x");
        assert_eq!(escaped("a \u{301}"), "a \\u{301}");
        assert_eq!(escaped("\u{1b}\u{301}"), "\\u{1b}\\u{301}");
        assert_eq!(shown("\u{301}\u{301}"), "\\u{301}\\u{301}");
        // Letters of every script, symbols and spaces print as they are.
        for text in ["Ünïcödé", "日本語のパズル", "क्षत्रिय", "مرحبا", "a\u{a0}b\u{3000}c", "€ ✓ 🐱", "\\\"'"]
        {
            assert_eq!(escaped(text), text);
        }
        assert_eq!(escaped("line\u{2028}break"), "line\\u{2028}break");
        assert_eq!(escaped("private\u{e000}"), "private\\u{e000}");
    }

    #[test]
    fn a_colour_character_prints_alone_as_itself() {
        for c in ['#', 'a', 'Ж', '中', '★', '7', '🐱'] {
            assert_eq!(colour_character_fault(c), None, "{c:?}");
        }
        for c in
            ['\u{202e}', '\u{200b}', '\u{feff}', '\u{301}', '\u{903}', ' ', '\u{a0}', '|', '\n', '\u{e000}']
        {
            assert!(colour_character_fault(c).is_some(), "{c:?}");
        }
        assert_eq!(name_fault("red"), None);
        assert_eq!(name_fault("rouge foncé"), None);
        assert!(name_fault("  ").is_some());
        assert!(name_fault("red\u{202e}").is_some());
        assert!(name_fault("\u{301}red").is_some());
    }

    #[test]
    fn a_size_takes_an_where_the_width_is_said_with_a_vowel() {
        for (w, said) in [
            (15, "a 15×3"),
            (8, "an 8×3"),
            (11, "an 11×3"),
            (18, "an 18×3"),
            (80, "an 80×3"),
            (1, "a 1×3"),
            (110, "a 110×3"),
            (180, "a 180×3"),
            (800, "an 800×3"),
            (11000, "an 11000×3"),
            (25, "a 25×3"),
        ] {
            assert_eq!(a_size(w, 3), said);
        }
    }
}
