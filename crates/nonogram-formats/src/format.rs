//! The text formats the parsers know, by name and file extension.

use std::fmt;

/// A text format the parsers know.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// A square puzzle's clues: `n`, then n row clues, then n column
    /// clues (the format of the seed post 004).
    Square,
    /// `.nin`: `W H`, then H row clues, then W column clues (also the square
    /// format's rectangular extension).
    Nin,
    /// Simpson `.non`: keyword lines, comma-separated runs, metadata, `goal`.
    Non,
    /// Row clues one per line, a blank line, column clues one per line.
    Plain,
    /// `{"rows": [[3], [2, 1]], "columns": [...]}` (or `"cols"`); a list of
    /// them is a batch.
    Json,
    /// webpbn XML, black and white or colour.
    WebpbnXml,
    /// A 0/1 picture (`0`/`1`, `.`/`#`, `_`/`X`) turned into clues.
    Picture,
    /// The TAAI tournament batch format: `$N`, column clues, row clues, repeated.
    TaaiBatch,
}

impl Format {
    /// All formats, in the order detection considers them.
    pub const ALL: [Format; 8] = [
        Format::WebpbnXml,
        Format::Json,
        Format::TaaiBatch,
        Format::Non,
        Format::Picture,
        Format::Nin,
        Format::Square,
        Format::Plain,
    ];

    /// The name shown to people ("Detected: .non").
    pub fn name(self) -> &'static str {
        match self {
            Format::Square => "square (n, rows, columns)",
            Format::Nin => ".nin",
            Format::Non => ".non",
            Format::Plain => "plain",
            Format::Json => "JSON",
            Format::WebpbnXml => "webpbn XML",
            Format::Picture => "0/1 picture",
            Format::TaaiBatch => "TAAI batch",
        }
    }

    /// The short name used on the command line (`--to non`).
    pub fn key(self) -> &'static str {
        match self {
            Format::Square => "square",
            Format::Nin => "nin",
            Format::Non => "non",
            Format::Plain => "plain",
            Format::Json => "json",
            Format::WebpbnXml => "xml",
            Format::Picture => "picture",
            Format::TaaiBatch => "taai",
        }
    }

    pub fn from_key(key: &str) -> Option<Format> {
        // `seed`: the square format's name before it had its own.
        let key = if key == "seed" { "square" } else { key };
        Format::ALL.into_iter().find(|f| f.key() == key)
    }

    /// Formats that [`write`] can produce.
    pub const WRITABLE: [Format; 6] =
        [Format::Non, Format::Nin, Format::Plain, Format::Json, Format::WebpbnXml, Format::Square];
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
