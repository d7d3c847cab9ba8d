//! The sample menu: the seeds' examples and a few redistributable puzzles
//! (see `samples/README.md` for their sources and authors).

/// (menu label, puzzle text).
pub const SAMPLES: &[(&str, &str)] = &[
    ("Seed 003: 5×5 picture", "01110\n11010\n01110\n00110\n00111\n"),
    ("Seed 004: 3×3 example", "3\n1 1\n2\n2\n1 1\n2\n2\n"),
    (
        "Seed 002: the lambda (needs search)",
        "2\n1 2\n1 1\n2\n1\n3\n3\n2 2\n2 1\n2 2 1\n2 3\n2 2\n\n2 1\n1 3\n2 4\n3 4\n4\n3\n3\n3\n2\n2\n",
    ),
    ("Tatham's 4×4 (no line can start)", "1 1\n2\n1\n1\n\n2\n1\n2\n1\n"),
    ("2×2 diagonal (two solutions)", "2 2\n1\n1\n1\n1\n"),
    ("Contradictory clues", "2 2\n2\n0\n0\n2\n"),
    ("webpbn #1 Demo Puzzle (Jan Wolter)", include_str!("../samples/webpbn-00001.non")),
    ("webpbn #65 Mum's the Word (Jan Wolter)", include_str!("../samples/webpbn-00065.non")),
    ("webpbn #6574 Lasts Forever (Gator)", include_str!("../samples/webpbn-06574.non")),
];

#[cfg(test)]
mod tests {
    use super::SAMPLES;

    #[test]
    fn every_sample_parses() {
        for (name, text) in SAMPLES {
            let parsed = nonogram_formats::parse(text).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(parsed.puzzles.len(), 1, "{name}");
        }
    }
}
