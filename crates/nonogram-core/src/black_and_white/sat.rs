//! Black and white's clause learning as the one search sees it: the
//! crate's own [`SatSearch`] (its encoding in [`crate::sat`]) is its
//! [`ClauseSearch`], as colour's [`crate::colour::sat::ColourSatSearch`] is.

use crate::grid::Grid;
use crate::sat::slice::{SatProgress, Until};
use crate::sat::turns::ClauseSearch;
use crate::sat::SatSearch;

impl ClauseSearch for SatSearch {
    type Solution = Grid;

    fn run_until(&mut self, contradictions: u64, until: Option<&Until>) -> SatProgress {
        SatSearch::run_until(self, contradictions, until)
    }
    fn exclude(&mut self, solution: &Grid) {
        SatSearch::exclude(self, solution);
    }
    fn slice(&self) -> u64 {
        SatSearch::slice(self)
    }
    fn contradictions(&self) -> u64 {
        SatSearch::contradictions(self)
    }
}
