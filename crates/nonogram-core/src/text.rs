//! How text from a puzzle's file is printed, and which characters a
//! colour may be drawn with: the one place that decides both.
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
/// that std's tables do not mark them; inclusive ranges, in order.
/// `text_policy_follows_the_general_categories` checks this table
/// against Unicode's categories code point by code point (and prints the
/// table anew should a new Unicode version change it).
pub const SPACING_MARKS: &[(u32, u32)] = &[
    (0x903, 0x903),
    (0x93b, 0x93b),
    (0x93e, 0x940),
    (0x949, 0x94c),
    (0x94e, 0x94f),
    (0x982, 0x983),
    (0x9bf, 0x9c0),
    (0x9c7, 0x9c8),
    (0x9cb, 0x9cc),
    (0xa03, 0xa03),
    (0xa3e, 0xa40),
    (0xa83, 0xa83),
    (0xabe, 0xac0),
    (0xac9, 0xac9),
    (0xacb, 0xacc),
    (0xb02, 0xb03),
    (0xb40, 0xb40),
    (0xb47, 0xb48),
    (0xb4b, 0xb4c),
    (0xbbf, 0xbbf),
    (0xbc1, 0xbc2),
    (0xbc6, 0xbc8),
    (0xbca, 0xbcc),
    (0xc01, 0xc03),
    (0xc41, 0xc44),
    (0xc82, 0xc83),
    (0xcbe, 0xcbe),
    (0xcc1, 0xcc1),
    (0xcc3, 0xcc4),
    (0xcf3, 0xcf3),
    (0xd02, 0xd03),
    (0xd3f, 0xd40),
    (0xd46, 0xd48),
    (0xd4a, 0xd4c),
    (0xd82, 0xd83),
    (0xdd0, 0xdd1),
    (0xdd8, 0xdde),
    (0xdf2, 0xdf3),
    (0xf3e, 0xf3f),
    (0xf7f, 0xf7f),
    (0x102b, 0x102c),
    (0x1031, 0x1031),
    (0x1038, 0x1038),
    (0x103b, 0x103c),
    (0x1056, 0x1057),
    (0x1062, 0x1064),
    (0x1067, 0x106d),
    (0x1083, 0x1084),
    (0x1087, 0x108c),
    (0x108f, 0x108f),
    (0x109a, 0x109c),
    (0x17b6, 0x17b6),
    (0x17be, 0x17c5),
    (0x17c7, 0x17c8),
    (0x1923, 0x1926),
    (0x1929, 0x192b),
    (0x1930, 0x1931),
    (0x1933, 0x1938),
    (0x1a19, 0x1a1a),
    (0x1a55, 0x1a55),
    (0x1a57, 0x1a57),
    (0x1a61, 0x1a61),
    (0x1a63, 0x1a64),
    (0x1a6d, 0x1a72),
    (0x1b04, 0x1b04),
    (0x1b3e, 0x1b41),
    (0x1b82, 0x1b82),
    (0x1ba1, 0x1ba1),
    (0x1ba6, 0x1ba7),
    (0x1be7, 0x1be7),
    (0x1bea, 0x1bec),
    (0x1bee, 0x1bee),
    (0x1c24, 0x1c2b),
    (0x1c34, 0x1c35),
    (0x1ce1, 0x1ce1),
    (0x1cf7, 0x1cf7),
    (0xa823, 0xa824),
    (0xa827, 0xa827),
    (0xa880, 0xa881),
    (0xa8b4, 0xa8c3),
    (0xa952, 0xa952),
    (0xa983, 0xa983),
    (0xa9b4, 0xa9b5),
    (0xa9ba, 0xa9bb),
    (0xa9be, 0xa9bf),
    (0xaa2f, 0xaa30),
    (0xaa33, 0xaa34),
    (0xaa4d, 0xaa4d),
    (0xaa7b, 0xaa7b),
    (0xaa7d, 0xaa7d),
    (0xaaeb, 0xaaeb),
    (0xaaee, 0xaaef),
    (0xaaf5, 0xaaf5),
    (0xabe3, 0xabe4),
    (0xabe6, 0xabe7),
    (0xabe9, 0xabea),
    (0xabec, 0xabec),
    (0x11000, 0x11000),
    (0x11002, 0x11002),
    (0x11082, 0x11082),
    (0x110b0, 0x110b2),
    (0x110b7, 0x110b8),
    (0x1112c, 0x1112c),
    (0x11145, 0x11146),
    (0x11182, 0x11182),
    (0x111b3, 0x111b5),
    (0x111bf, 0x111bf),
    (0x111ce, 0x111ce),
    (0x1122c, 0x1122e),
    (0x11232, 0x11233),
    (0x112e0, 0x112e2),
    (0x11302, 0x11303),
    (0x1133f, 0x1133f),
    (0x11341, 0x11344),
    (0x11347, 0x11348),
    (0x1134b, 0x1134c),
    (0x11362, 0x11363),
    (0x113b9, 0x113ba),
    (0x113ca, 0x113ca),
    (0x113cc, 0x113cd),
    (0x11435, 0x11437),
    (0x11440, 0x11441),
    (0x11445, 0x11445),
    (0x114b1, 0x114b2),
    (0x114b9, 0x114b9),
    (0x114bb, 0x114bc),
    (0x114be, 0x114be),
    (0x114c1, 0x114c1),
    (0x115b0, 0x115b1),
    (0x115b8, 0x115bb),
    (0x115be, 0x115be),
    (0x11630, 0x11632),
    (0x1163b, 0x1163c),
    (0x1163e, 0x1163e),
    (0x116ac, 0x116ac),
    (0x116ae, 0x116af),
    (0x1171e, 0x1171e),
    (0x11720, 0x11721),
    (0x11726, 0x11726),
    (0x1182c, 0x1182e),
    (0x11838, 0x11838),
    (0x11931, 0x11935),
    (0x11937, 0x11938),
    (0x11940, 0x11940),
    (0x11942, 0x11942),
    (0x119d1, 0x119d3),
    (0x119dc, 0x119df),
    (0x119e4, 0x119e4),
    (0x11a39, 0x11a39),
    (0x11a57, 0x11a58),
    (0x11a97, 0x11a97),
    (0x11c2f, 0x11c2f),
    (0x11c3e, 0x11c3e),
    (0x11ca9, 0x11ca9),
    (0x11cb1, 0x11cb1),
    (0x11cb4, 0x11cb4),
    (0x11d8a, 0x11d8e),
    (0x11d93, 0x11d94),
    (0x11d96, 0x11d96),
    (0x11ef5, 0x11ef6),
    (0x11f03, 0x11f03),
    (0x11f34, 0x11f35),
    (0x11f3e, 0x11f3f),
    (0x1612a, 0x1612c),
    (0x16f51, 0x16f87),
];

fn is_spacing_mark(c: char) -> bool {
    let c = u32::from(c);
    SPACING_MARKS
        .binary_search_by(|&(first, last)| {
            if last < c {
                std::cmp::Ordering::Less
            } else if first > c {
                std::cmp::Ordering::Greater
            } else {
                std::cmp::Ordering::Equal
            }
        })
        .is_ok()
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
        let printed = printed(c);
        let raw = printed == Printed::Raw || printed == Printed::Mark && base;
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

/// Pushes `c` as it prints after a base character (`base`) or not;
/// whether it leaves a base for a mark after it.
fn push_printed(out: &mut String, c: char, base: bool) -> bool {
    let raw = match printed(c) {
        Printed::Raw => true,
        Printed::Mark => base,
        Printed::Escaped => false,
    };
    if raw {
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
}
