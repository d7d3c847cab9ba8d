//! The solutions a solve has found, for either kind of puzzle: in order,
//! each kept once ("found before?" by its hash in constant time: a scan
//! of the list made `--max-solutions 40320` quadratic, and a set beside
//! the list held every solution twice), up to the number asked for and
//! within [`SOLUTIONS_MEMORY`], and the verdict they make.
//! [`super::Solver`] keeps its solutions here, for either kind.

use super::kind::Solution;
use super::verdict::{Derivation, Verdict};
use crate::puzzle::LineId;
use crate::symmetry::Symmetry;
use std::collections::hash_map::DefaultHasher;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};

/// The memory the solutions of one solve may take, counted as
/// [`solution_bytes`] each: 256 MiB. A puzzle with more solutions than
/// fit stops at [`most_solutions`] (the CLI refuses to ask for more).
pub const SOLUTIONS_MEMORY: usize = 256 << 20;

/// What one solution of a puzzle of `cells` cells costs: its cells, once
/// kept and once as the text a caller prints (`nonogram solve` writes
/// each as a line per row), and about 128 bytes of bookkeeping (the
/// list's entry, its hash's, the allocator's).
pub fn solution_bytes(cells: usize) -> usize {
    2 * cells + 128
}

/// The most solutions of a puzzle of `cells` cells that fit in
/// [`SOLUTIONS_MEMORY`] (at least 2: unique and multiple can always be
/// told apart).
pub fn most_solutions(cells: usize) -> usize {
    (SOLUTIONS_MEMORY / solution_bytes(cells)).max(2)
}

/// The solutions found so far, up to `max` (see the module's documentation).
#[derive(Debug)]
pub(crate) struct Solutions<G> {
    list: Vec<G>,
    /// Each solution's hash, with the index in `list` of the first found
    /// with that hash.
    index: HashMap<u64, usize>,
    max: usize,
}

fn hash_of<G: Hash>(solution: &G) -> u64 {
    let mut hasher = DefaultHasher::new();
    solution.hash(&mut hasher);
    hasher.finish()
}

impl<G: Solution> Solutions<G> {
    /// Room for `max_solutions` (at least one) of `cells` cells each, and
    /// at most [`most_solutions`].
    pub(crate) fn new(max_solutions: usize, cells: usize) -> Solutions<G> {
        Solutions {
            list: Vec::new(),
            index: HashMap::new(),
            max: max_solutions.clamp(1, most_solutions(cells)),
        }
    }

    /// Adds a solution not found before; its 1-based index.
    pub(crate) fn add(&mut self, solution: G) -> usize {
        self.index.entry(hash_of(&solution)).or_insert(self.list.len());
        self.list.push(solution);
        self.list.len()
    }

    /// Adds `solution`, found from an earlier one without search, when it
    /// is new and more are wanted; its 1-based index then.
    pub(crate) fn add_derived(&mut self, solution: &G) -> Option<usize> {
        (!self.enough() && !self.contains(solution)).then(|| self.add(solution.clone()))
    }

    pub(crate) fn contains(&self, solution: &G) -> bool {
        match self.index.get(&hash_of(solution)) {
            None => false,
            // Two solutions with one 64-bit hash: the list is searched.
            Some(&i) => &self.list[i] == solution || self.list.iter().any(|s| s == solution),
        }
    }

    /// As many as asked for: the search is over.
    pub(crate) fn enough(&self) -> bool {
        self.list.len() >= self.max
    }

    /// How many were asked for (at most [`most_solutions`]).
    pub(crate) fn max(&self) -> usize {
        self.max
    }

    /// In the order found.
    pub(crate) fn list(&self) -> &[G] {
        &self.list
    }

    /// The first found.
    pub(crate) fn first(&self) -> Option<&G> {
        self.list.first()
    }

    /// How many are found.
    pub(crate) fn len(&self) -> usize {
        self.list.len()
    }

    /// The verdict they make once the search is over; `root_contradiction`:
    /// the line with no placement before any guess, if one had none. The
    /// solutions move into the verdict (none is left here).
    pub(crate) fn take_verdict(&mut self, root_contradiction: Option<LineId>) -> Verdict<G> {
        self.index.clear();
        let mut list = std::mem::take(&mut self.list);
        match list.len() {
            0 => Verdict::None { line: root_contradiction },
            1 => Verdict::Unique(list.remove(0)),
            _ => Verdict::Multiple(list),
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
        let mut solutions: Solutions<Vec<u8>> = Solutions::new(2, 2);
        assert_eq!(solutions.add(vec![1, 0]), 1);
        assert_eq!(solutions.add_derived(&vec![1, 0]), None, "found before");
        assert_eq!(solutions.add_derived(&vec![0, 1]), Some(2));
        assert!(solutions.enough());
        assert_eq!(solutions.add_derived(&vec![1, 1]), None, "enough found");
        assert_eq!(solutions.take_verdict(None), Verdict::Multiple(vec![vec![1, 0], vec![0, 1]]));
        assert_eq!(solutions.len(), 0, "moved into the verdict");
        let mut one: Solutions<Vec<u8>> = Solutions::new(2, 2);
        one.add(vec![1]);
        assert_eq!(one.take_verdict(None), Verdict::Unique(vec![1]));
        let mut none: Solutions<Vec<u8>> = Solutions::new(0, 2);
        assert_eq!(none.take_verdict(Some(LineId::Row(3))), Verdict::None { line: Some(LineId::Row(3)) });
        assert_eq!(none.max(), 1, "at least one is asked for");
    }

    #[test]
    fn solutions_stop_where_their_memory_does() {
        // A 36×36 puzzle's solutions: 2 720 bytes each, about 98 700 fit.
        assert_eq!(most_solutions(36 * 36), SOLUTIONS_MEMORY / 2720);
        assert_eq!(Solutions::<Vec<u8>>::new(usize::MAX, 36 * 36).max(), most_solutions(36 * 36));
        assert_eq!(most_solutions(usize::MAX / 4), 2, "unique and multiple are always told apart");
    }

    #[test]
    fn solutions_with_one_hash_are_told_apart() {
        // Every solution in one bucket: `contains` must still compare.
        let mut solutions: Solutions<Vec<u8>> = Solutions::new(10, 2);
        solutions.add(vec![1, 2]);
        let h = hash_of(&vec![1u8, 2]);
        solutions.list.push(vec![3, 4]);
        assert!(solutions.index.contains_key(&h));
        solutions.index.insert(hash_of(&vec![3u8, 4]), 0); // as if it collided with [1, 2]
        assert!(solutions.contains(&vec![3, 4]));
        assert!(!solutions.contains(&vec![5, 6]));
    }
}
