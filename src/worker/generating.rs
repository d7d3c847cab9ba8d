//! Puzzles made to order in the worker (the page's "New puzzle"), as the
//! CLI's `generate` makes them (`nonogram_core::generate`).

use crate::protocol::{FromWorker, GenerateRequest, SolveRequest};
use nonogram_core::generate::{make, make_colour, Order};
use nonogram_core::hint::Difficulty;

/// The answer to a `Generate` request: the puzzle's clues (black and
/// white, or with `colours` 2 to 4 colours on white) and its title, as
/// asked or with its size, grade and seed; or why none came
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
    let made = match colours {
        0 => make(order, u64::MAX, keep_going).map(|made| {
            let puzzle = made.into_titled(seed);
            (SolveRequest::new(id, &puzzle), puzzle.meta.title)
        }),
        _ => make_colour(order, usize::from(colours), u64::MAX, keep_going).map(|made| {
            let puzzle = made.into_titled(seed);
            (SolveRequest::of_colour(id, &puzzle), puzzle.meta.title)
        }),
    };
    match made {
        Ok((puzzle, own)) => {
            let title =
                if request.title.is_empty() { own.unwrap_or_default() } else { request.title.clone() };
            FromWorker::Generated { title, puzzle: Box::new(puzzle) }
        }
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
    fn a_puzzle_comes_as_clues_with_its_title_and_the_same_seed_gives_it_again() {
        let FromWorker::Generated { title, puzzle } = answer(&request(3, 10, 2, 42, ""), || true) else {
            panic!()
        };
        assert_eq!(title, "Generated 10×10, medium, seed 42");
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
        assert_eq!(title, "Generated 10×10, 3 colours on white, easy, seed 5");
        let made = puzzle.colour_puzzle().expect("a colour puzzle");
        assert_eq!((made.colours(), made.width(), made.height()), (3, 10, 10));
        // As `nonogram generate --colours 3` makes it.
        let order = Order { width: 10, height: 10, difficulty: Some(Difficulty::Easy), seed: 5 };
        let native = make_colour(order, 3, u64::MAX, || true).unwrap().puzzle;
        assert_eq!((made.rows, made.columns), (native.rows, native.columns));
        let refused = GenerateRequest { colours: 3, ..request(8, 31, 1, 5, "") };
        let FromWorker::Error { message, .. } = answer(&refused, || true) else { panic!() };
        assert!(message.contains("from 5×5 to 30×30"), "{message}");
    }
}
