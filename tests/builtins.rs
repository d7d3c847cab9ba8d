//! The built-in puzzles (static/puzzles/builtin.json, written by
//! scripts/builtins): every entry reads as the puzzle it says, keeps its
//! attribution, has one solution (its picture, for the thumbnail, is it),
//! is graded as the solver grades it today, and keeps its progress under the
//! page's key; every licence named is in the list.

use nonogram_core::hint::Difficulty;
use nonogram_core::{solve, Cell, SolveOptions, Verdict};
use nonogram_studio::page::state::progress_key;
use serde_json::Value;

fn catalogue() -> Value {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/static/puzzles/builtin.json");
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

#[test]
fn every_built_in_puzzle_is_unique_graded_and_attributed() {
    let catalogue = catalogue();
    let licences = catalogue["licences"].as_object().unwrap();
    let puzzles = catalogue["puzzles"].as_array().unwrap();
    assert!(puzzles.len() >= 100, "{} puzzles", puzzles.len());
    let mut grades = [0; 5];
    for entry in puzzles {
        let field = |k: &str| entry[k].as_str().unwrap_or_else(|| panic!("{k} of {entry}")).to_string();
        let (title, text) = (field("title"), field("text"));
        let licence = &licences[&field("licence")];
        assert!(licence["name"].is_string() && licence["text"].is_string(), "{title}: licence");
        let parsed = nonogram_formats::parse(&text).unwrap_or_else(|e| panic!("{title}: {e}"));
        let puzzle = &parsed.puzzles[0];
        assert_eq!(puzzle.meta.title.as_deref(), Some(title.as_str()));
        assert_eq!(puzzle.meta.author.as_deref(), Some(field("author").as_str()), "{title}");
        assert_eq!(puzzle.meta.copyright.as_deref(), Some(field("copyright").as_str()), "{title}");
        assert_eq!(puzzle.meta.license.as_deref(), licence["name"].as_str(), "{title}");
        assert_eq!(entry["width"].as_u64(), Some(puzzle.width() as u64), "{title}");
        assert_eq!(entry["height"].as_u64(), Some(puzzle.height() as u64), "{title}");
        // Graded as `nonogram solve --stats` grades it.
        let (verdict, stats) = solve(puzzle, SolveOptions::solutions(2), |_| true).unwrap();
        let Verdict::Unique(solution) = verdict else { panic!("{title}: not unique") };
        // The page's progress key, and the solution its thumbnail shows
        // once solved (hex, a row a word, 4 cells a digit).
        assert_eq!(field("key"), progress_key(puzzle, None), "{title}");
        let rows: Vec<String> = (0..puzzle.height())
            .map(|r| {
                let bits: Vec<bool> =
                    (0..puzzle.width()).map(|c| solution.get(r, c) == Cell::Filled).collect();
                bits.chunks(4)
                    .map(|d| {
                        let n = d.iter().enumerate().map(|(i, &b)| u32::from(b) << (3 - i)).sum::<u32>();
                        char::from_digit(n, 16).unwrap()
                    })
                    .collect()
            })
            .collect();
        assert_eq!(field("picture"), rows.join(" "), "{title}");
        let difficulty = Difficulty::of(&stats);
        let grade = match difficulty {
            Difficulty::Easy => 1,
            Difficulty::Medium => 2,
            Difficulty::Hard => 3,
            Difficulty::VeryHard => 4,
        };
        assert_eq!(entry["grade"].as_u64(), Some(grade), "{title}: graded {difficulty:?}");
        grades[grade as usize] += 1;
    }
    // Something to play at every grade.
    assert!(grades[1..].iter().all(|&n| n > 0), "{grades:?}");
}
