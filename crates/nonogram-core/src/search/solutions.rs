//! The solutions a solve has found, for either kind of puzzle: in order,
//! as a set ("found before?" in constant time: a scan of the list made
//! `--max-solutions 40320` quadratic), up to the number asked for, and the
//! verdict they make. [`super::Solver`] keeps its solutions here, for
//! either kind.

use super::kind::Solution;
use super::verdict::{Derivation, Verdict};
use crate::puzzle::LineId;
use crate::symmetry::Symmetry;
use std::collections::HashSet;

/// The solutions found so far, up to `max` (see the module's documentation).
#[derive(Debug)]
pub(crate) struct Solutions<G> {
    list: Vec<G>,
    found: HashSet<G>,
    max: usize,
}

impl<G: Solution> Solutions<G> {
    /// Room for `max_solutions` (at least one).
    pub(crate) fn new(max_solutions: usize) -> Solutions<G> {
        Solutions { list: Vec::new(), found: HashSet::new(), max: max_solutions.max(1) }
    }

    /// Adds a solution not found before; its 1-based index.
    pub(crate) fn add(&mut self, solution: G) -> usize {
        self.found.insert(solution.clone());
        self.list.push(solution);
        self.list.len()
    }

    /// Adds `solution`, found from an earlier one without search, when it
    /// is new and more are wanted; its 1-based index then.
    pub(crate) fn add_derived(&mut self, solution: &G) -> Option<usize> {
        (!self.enough() && !self.contains(solution)).then(|| self.add(solution.clone()))
    }

    pub(crate) fn contains(&self, solution: &G) -> bool {
        self.found.contains(solution)
    }

    /// As many as asked for: the search is over.
    pub(crate) fn enough(&self) -> bool {
        self.list.len() >= self.max
    }

    /// How many were asked for.
    pub(crate) fn max(&self) -> usize {
        self.max
    }

    /// In the order found.
    pub(crate) fn list(&self) -> &[G] {
        &self.list
    }

    /// The verdict they make once the search is over; `root_contradiction`:
    /// the line with no placement before any guess, if one had none.
    pub(crate) fn verdict(&self, root_contradiction: Option<LineId>) -> Verdict<G> {
        match self.list.as_slice() {
            [] => Verdict::None { line: root_contradiction },
            [one] => Verdict::Unique(one.clone()),
            _ => Verdict::Multiple(self.list.clone()),
        }
    }
}

/// The images of `solution` under `symmetries`, each with how it came.
pub(crate) fn images<G: Solution>(solution: &G, symmetries: &[Symmetry]) -> Vec<(G, Derivation)> {
    symmetries.iter().map(|s| (solution.image(s), Derivation::Image(s.name().to_string()))).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solutions_are_kept_once_and_up_to_the_number_asked_for() {
        let mut solutions: Solutions<Vec<u8>> = Solutions::new(2);
        assert_eq!(solutions.verdict(Some(LineId::Row(3))), Verdict::None { line: Some(LineId::Row(3)) });
        assert_eq!(solutions.add(vec![1, 0]), 1);
        assert_eq!(solutions.verdict(None), Verdict::Unique(vec![1, 0]));
        assert_eq!(solutions.add_derived(&vec![1, 0]), None, "found before");
        assert_eq!(solutions.add_derived(&vec![0, 1]), Some(2));
        assert!(solutions.enough());
        assert_eq!(solutions.add_derived(&vec![1, 1]), None, "enough found");
        assert_eq!(solutions.verdict(None), Verdict::Multiple(vec![vec![1, 0], vec![0, 1]]));
        assert_eq!(Solutions::<Vec<u8>>::new(0).max(), 1, "at least one is asked for");
    }
}
