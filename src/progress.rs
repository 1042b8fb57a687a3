//! How a long job (a table build, a check, a batch of games) tells how far it got.
//!
//! The library calls a [`Progress`] from its workers; the command layer (`cmd`) draws it,
//! as a bar on a terminal and as a plain line now and then in a log. Nothing here draws.

/// Reports of a long job's progress, counted in steps (positions, games, …).
pub trait Progress: Sync {
    /// `steps` more steps are done.
    fn advance(&self, steps: u64);
    /// `steps` steps in all are done (a count known beside the workers' own).
    fn set_done(&self, steps: u64) {
        let _ = steps;
    }
    /// The job has `steps` more steps to do than it said at first.
    fn add_steps(&self, steps: u64) {
        let _ = steps;
    }
    /// `steps` more steps were done by an earlier run (a solve resumed from its
    /// checkpoint): done, but not at this run's pace. By default: as [`Progress::advance`].
    fn resumed(&self, steps: u64) {
        self.advance(steps);
    }
    /// What is being done now, e.g. `3-3: solving`.
    fn stage(&self, text: String) {
        let _ = text;
    }
}

/// No report.
impl Progress for () {
    fn advance(&self, _: u64) {}
}
