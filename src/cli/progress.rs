//! Progress shown on a terminal for long work: a spinner naming the current stage, drawn on
//! standard error only when it is a terminal and `--quiet` is not given.

use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;
use std::time::Duration;

/// A stage spinner; hidden when not on a terminal or quiet.
pub struct Stages {
    bar: Option<ProgressBar>,
}

impl Stages {
    /// A spinner, visible only when standard error is a terminal and not `quiet`.
    pub fn new(quiet: bool) -> Stages {
        if quiet || !std::io::stderr().is_terminal() {
            return Stages { bar: None };
        }
        let bar = ProgressBar::new_spinner();
        bar.set_style(
            ProgressStyle::with_template("{spinner} {elapsed:>4} {msg}")
                .unwrap_or_else(|_| ProgressStyle::default_spinner()),
        );
        bar.enable_steady_tick(Duration::from_millis(120));
        Stages { bar: Some(bar) }
    }

    /// Names the stage now running.
    pub fn stage(&self, msg: impl Into<String>) {
        if let Some(b) = &self.bar {
            b.set_message(msg.into());
        }
    }
}

impl Drop for Stages {
    fn drop(&mut self) {
        if let Some(b) = &self.bar {
            b.finish_and_clear();
        }
    }
}
