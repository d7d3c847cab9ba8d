//! Puzzles made to order in the worker (the page's "New puzzle"), as the
//! CLI's `generate` makes them (`nonogram_core::generate`).

use crate::protocol::{FromWorker, GenerateRequest, SolveRequest};
use nonogram_core::generate::{generate, generate_colour, Order};
use nonogram_core::hint::Difficulty;

/// The answer to a `Generate` request: the puzzle's clues (black and
/// white, or with `colours` 2 to 4 colours and white) and its title, as
/// asked or in a player's words (`page_title`); or why none came
/// (`keep_going` is asked between tries and within them). Its solution
/// stays here: the page writes the text without a goal (the CLI writes
/// one; the player would see it), and the worker solves for hints anyway.
pub fn answer(request: &GenerateRequest, keep_going: impl FnMut() -> bool) -> FromWorker {
    let GenerateRequest { id, width, height, seed, colours, .. } = *request;
    let difficulty = match request.difficulty {
        1 => Some(Difficulty::Easy),
        2 => Some(Difficulty::Medium),
        3 => Some(Difficulty::Hard),
        4 => Some(Difficulty::VeryHard),
        _ => None,
    };
    let order = Order { width, height, difficulty, seed };
    let generated = match colours {
        0 => generate(order, u64::MAX, keep_going).map(|generated| {
            let grade = generated.difficulty;
            (SolveRequest::new(id, &generated.into_titled(seed)), grade)
        }),
        _ => generate_colour(order, usize::from(colours), u64::MAX, keep_going).map(|generated| {
            let grade = generated.difficulty;
            (SolveRequest::of_colour(id, &generated.into_titled(seed)), grade)
        }),
    };
    match generated {
        Ok((puzzle, grade)) => {
            let title = match request.title.is_empty() {
                true => page_title(request, grade),
                false => request.title.clone(),
            };
            FromWorker::Generated { title, puzzle: Box::new(puzzle) }
        }
        Err(refusal) => FromWorker::Error { id, message: format!("No puzzle made: {refusal}.") },
    }
}

/// A made puzzle's title as a player reads it: its grade and size, its
/// colours, and its seed as a number in a catalogue ("Medium 10×10,
/// no. 42"), where the CLI writes "Generated 10×10, medium, seed 42".
fn page_title(request: &GenerateRequest, grade: Difficulty) -> String {
    let GenerateRequest { width, height, seed, colours, .. } = *request;
    let mut grade = grade.word().to_owned();
    grade[..1].make_ascii_uppercase();
    match colours {
        0 => format!("{grade} {width}×{height}, no. {seed}"),
        _ => format!("{grade} {width}×{height}, {colours} colours and white, no. {seed}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(id: u32, side: usize, difficulty: u8, seed: u64, title: &str) -> GenerateRequest {
        GenerateRequest { id, width: side, height: side, difficulty, seed, colours: 0, title: title.into() }
    }

    #[test]
    fn a_puzzle_comes_as_clues_with_its_title_and_the_same_seed_gives_it_again() {
        let FromWorker::Generated { title, puzzle } = answer(&request(3, 10, 2, 42, ""), || true) else {
            panic!()
        };
        assert_eq!(title, "Medium 10×10, no. 42");
        assert_eq!((puzzle.id, puzzle.rows.len(), puzzle.columns.len()), (3, 10, 10));
        assert!(puzzle.colours.is_none());
        assert_eq!(
            answer(&request(3, 10, 2, 42, ""), || true),
            FromWorker::Generated { title: title.clone(), puzzle: puzzle.clone() }
        );
        let FromWorker::Error { message, .. } = answer(&request(5, 4, 0, 1, ""), || true) else { panic!() };
        assert!(message.starts_with("No puzzle made: a puzzle is made from 5×5"), "{message}");
        // A title asked for replaces the generator's; the puzzle is the same.
        let FromWorker::Generated { title, puzzle: same } =
            answer(&request(3, 10, 2, 42, "Of the day"), || true)
        else {
            panic!()
        };
        assert_eq!((title.as_str(), same), ("Of the day", puzzle));
    }

    #[test]
    fn a_colour_puzzle_comes_with_its_colours_named() {
        let colour = GenerateRequest { colours: 3, ..request(7, 10, 1, 5, "") };
        let FromWorker::Generated { title, puzzle } = answer(&colour, || true) else { panic!() };
        assert_eq!(title, "Easy 10×10, 3 colours and white, no. 5");
        let generated = puzzle.colour_puzzle().expect("a colour puzzle");
        assert_eq!((generated.colours(), generated.width(), generated.height()), (3, 10, 10));
        // As `nonogram generate --colours 3` makes it.
        let order = Order { width: 10, height: 10, difficulty: Some(Difficulty::Easy), seed: 5 };
        let native = generate_colour(order, 3, u64::MAX, || true).unwrap().puzzle;
        assert_eq!((generated.rows, generated.columns), (native.rows, native.columns));
        let refused = GenerateRequest { colours: 3, ..request(8, 31, 1, 5, "") };
        let FromWorker::Error { message, .. } = answer(&refused, || true) else { panic!() };
        assert!(message.contains("from 5×5 to 30×30"), "{message}");
    }
}
