//! `text`'s policy checked over every Unicode code point, by its general
//! category (from an independent table): what prints as itself, what is
//! escaped, what may be a colour's character.

use nonogram_core::text::{
    colour_character_fault, escaped, joins_a_neighbour, printed, Printed, SPACING_MARKS,
};
use unicode_general_category::{get_general_category, GeneralCategory as G};

fn every_char() -> impl Iterator<Item = char> {
    (0..=0x10FFFF).filter_map(char::from_u32)
}

/// Inclusive ranges of `chars` (in order), as `SPACING_MARKS` lists them.
fn ranges(chars: &[u32]) -> Vec<(u32, u32)> {
    let mut out: Vec<(u32, u32)> = Vec::new();
    for &c in chars {
        match out.last_mut() {
            Some((_, last)) if *last + 1 == c => *last = c,
            _ => out.push((c, c)),
        }
    }
    out
}

/// Unicode's Default_Ignorable_Code_Point (DerivedCoreProperties.txt):
/// code points that show nothing, whatever their category.
fn default_ignorable(c: char) -> bool {
    matches!(u32::from(c),
        0xAD | 0x34F | 0x61C | 0x115F..=0x1160 | 0x17B4..=0x17B5 | 0x180B..=0x180F
        | 0x200B..=0x200F | 0x202A..=0x202E | 0x2060..=0x206F | 0x3164 | 0xFE00..=0xFE0F
        | 0xFEFF | 0xFFA0 | 0xFFF0..=0xFFF8 | 0x1BCA0..=0x1BCA3 | 0x1D173..=0x1D17A | 0xE0000..=0xE0FFF)
}

#[test]
fn text_policy_follows_the_general_categories() {
    // The spacing marks std's tables leave unmarked: the table's contents.
    let unmarked: Vec<u32> = every_char()
        .filter(|&c| get_general_category(c) == G::SpacingMark && c.escape_debug().count() == 1)
        .map(u32::from)
        .collect();
    let table: Vec<u32> = ranges(&unmarked).iter().map(|&(a, b)| a << 8 | (b - a)).collect();
    let listed: String = table.iter().map(|r| format!("0x{r:x}, ")).collect();
    assert_eq!(SPACING_MARKS, table.as_slice(), "SPACING_MARKS should be: &[{listed}]");

    let mut extending = Vec::new();
    let mut newer = 0;
    let mut invisible = Vec::new();
    for c in every_char() {
        let category = get_general_category(c);
        let got = printed(c);
        let expected = match category {
            G::Control | G::Format | G::PrivateUse | G::Unassigned | G::Surrogate => Printed::Escaped,
            G::LineSeparator | G::ParagraphSeparator => Printed::Escaped,
            G::NonspacingMark | G::SpacingMark | G::EnclosingMark => Printed::Mark,
            _ => Printed::Raw,
        };
        if got != expected {
            match (category, got) {
                // Extends the character before it (Grapheme_Extend), though
                // a letter or symbol: a mark is what it prints as.
                (G::ModifierLetter | G::ModifierSymbol | G::OtherSymbol, Printed::Mark) => extending.push(c),
                // Invisible marks (Default_Ignorable: the grapheme joiner,
                // variation selectors): hidden, so escaped.
                (_, Printed::Escaped) if default_ignorable(c) => invisible.push(c),
                // Assigned in std's Unicode, not yet in the table's.
                (G::Unassigned, _) => newer += 1,
                _ => panic!("U+{:04X} ({category:?}) prints {got:?}, not {expected:?}", u32::from(c)),
            }
        }
        // Escaped wherever a text prints it, as the policy says.
        let alone = c.to_string();
        let after_letter = format!("a{c}");
        assert_eq!(escaped(&alone) == alone.as_str(), got == Printed::Raw, "U+{:04X} alone", u32::from(c));
        assert_eq!(
            escaped(&after_letter) == after_letter.as_str(),
            got != Printed::Escaped,
            "U+{:04X} after a letter",
            u32::from(c)
        );
        assert_eq!(
            colour_character_fault(c).is_none(),
            got == Printed::Raw && !c.is_whitespace() && c != '|' && !joins_a_neighbour(c),
            "U+{:04X} as a colour's character",
            u32::from(c)
        );
    }
    assert!(extending.len() <= 16, "{extending:?}");
    assert!(invisible.len() <= 300, "{} invisible letters and marks", invisible.len());
    // The table's Unicode may be older than std's.
    assert!(newer < 10_000, "{newer} code points unassigned in the table are assigned in std");
}
