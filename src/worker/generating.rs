//! Puzzles made to order in the worker (the page's "New puzzle"), as the
//! CLI's `generate` makes them (`nonogram_core::generate`).

use crate::protocol::{FromWorker, GenerateRequest};
use nonogram_core::generate::{make, Order};
use nonogram_core::hint::Difficulty;
use nonogram_formats::{write, Format};

/// Why the page makes no colour puzzle (an address may ask for one).
pub const COLOUR_ELSEWHERE: &str = "Colour puzzles are made on the command line for now (nonogram generate \
     --colours 2 to 4); the page makes black-and-white ones.";

/// The answer to a `Generate` request: the puzzle as `.non` text (black
/// and white: a colour one is refused), titled as asked or with its size, grade and seed,
/// without its solution (the CLI writes it as the goal; here the player
/// would see it); or why none came (`keep_going` is asked between tries).
pub fn answer(request: &GenerateRequest, keep_going: impl FnMut() -> bool) -> FromWorker {
    let GenerateRequest { id, width, height, seed, .. } = *request;
    // Not in the page's worker: the colour generator and its writer would
    // take the download past its 400 KB (2.8 KB more, measured).
    if request.colours > 0 {
        return FromWorker::Error { id, message: COLOUR_ELSEWHERE.into() };
    }
    let difficulty = match request.difficulty {
        1 => Some(Difficulty::Easy),
        2 => Some(Difficulty::Medium),
        3 => Some(Difficulty::Hard),
        4 => Some(Difficulty::VeryHard),
        _ => None,
    };
    let order = Order { width, height, difficulty, seed };
    // The puzzle made and written, or why not.
    let written = make(order, u64::MAX, keep_going).map(|made| {
        let mut puzzle = made.into_titled(seed);
        if !request.title.is_empty() {
            puzzle.meta.title = Some(request.title.clone());
        }
        // No `goal` line: it would show the solution in Clues to the
        // player (the worker solves for hints and checks anyway).
        puzzle.meta.goal = None;
        write(Format::Non, &puzzle)
    });
    match written {
        Ok(Ok(text)) => FromWorker::Generated { id, text },
        Ok(Err(e)) => FromWorker::Error { id, message: e.to_string() },
        Err(refusal) => FromWorker::Error { id, message: format!("No puzzle made: {refusal}.") },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(id: u32, side: usize, difficulty: u8, seed: u64, title: &str) -> GenerateRequest {
        GenerateRequest { id, width: side, height: side, difficulty, seed, colours: 0, title: title.into() }
    }

    #[test]
    fn a_puzzle_comes_as_text_the_page_reads_and_the_same_seed_gives_it_again() {
        let FromWorker::Generated { id, text } = answer(&request(3, 10, 2, 42, ""), || true) else {
            panic!()
        };
        assert_eq!(id, 3);
        assert!(text.contains("Generated 10×10, medium, seed 42"), "{text}");
        assert!(!text.contains("goal"), "no solution shown: {text}");
        let (_, puzzle, _, _) = crate::protocol::parse_outcome(&text, 0).unwrap();
        assert_eq!((puzzle.width(), puzzle.height()), (10, 10));
        assert_eq!(
            answer(&request(4, 10, 2, 42, ""), || true),
            FromWorker::Generated { id: 4, text: text.clone() }
        );
        let FromWorker::Error { message, .. } = answer(&request(5, 4, 0, 1, ""), || true) else { panic!() };
        assert!(message.starts_with("No puzzle made: a puzzle is made from 5×5"), "{message}");
        // A title asked for replaces the generator's; the puzzle is the same.
        let FromWorker::Generated { text: titled, .. } =
            answer(&request(6, 10, 2, 42, "Of the day"), || true)
        else {
            panic!()
        };
        assert!(titled.contains("Of the day") && !titled.contains("seed 42"), "{titled}");
        let (_, same, _, _) = crate::protocol::parse_outcome(&titled, 0).unwrap();
        assert_eq!((&same.rows, &same.columns), (&puzzle.rows, &puzzle.columns));
    }

    #[test]
    fn a_colour_puzzle_is_refused_with_where_to_make_one() {
        let colour = GenerateRequest { colours: 3, ..request(7, 10, 1, 5, "") };
        assert_eq!(answer(&colour, || true), FromWorker::Error { id: 7, message: COLOUR_ELSEWHERE.into() });
    }
}
