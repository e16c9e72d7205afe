//! Progress shown on a terminal for long work: a spinner naming the current stage, or a bar
//! over counted work (rows, files), drawn on standard error only when it is a terminal and
//! `--quiet` is not given. Piped or redirected runs print nothing.

use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;
use std::time::Duration;

/// True when progress may be drawn: standard error is a terminal and not `quiet`.
fn visible(quiet: bool) -> bool {
    !quiet && std::io::stderr().is_terminal()
}

/// A stage spinner; hidden when not on a terminal or quiet.
pub struct Stages {
    bar: Option<ProgressBar>,
}

impl Stages {
    /// A spinner, visible only when standard error is a terminal and not `quiet`.
    pub fn new(quiet: bool) -> Stages {
        if !visible(quiet) {
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

/// A bar over `total` units of work (rows, files); hidden when not on a terminal, quiet, or
/// the work is smaller than the threshold given to [`Bar::new`]. Cleared when dropped.
pub struct Bar {
    bar: Option<ProgressBar>,
}

impl Bar {
    /// A bar over `total` `unit`s (e.g. "rows") titled `msg`, shown only when visible and
    /// `total >= min_total` (small work would only flicker).
    pub fn new(quiet: bool, total: u64, min_total: u64, msg: &str, unit: &str) -> Bar {
        if !visible(quiet) || total < min_total {
            return Bar { bar: None };
        }
        let bar = ProgressBar::new(total);
        let template = format!(
            "{{msg}} [{{bar:30}}] {{human_pos}}/{{human_len}} {unit} {{elapsed:>4}} (eta {{eta}})"
        );
        bar.set_style(
            ProgressStyle::with_template(&template)
                .unwrap_or_else(|_| ProgressStyle::default_bar())
                .progress_chars("=> "),
        );
        bar.set_message(msg.to_string());
        bar.enable_steady_tick(Duration::from_millis(250));
        Bar { bar: Some(bar) }
    }

    /// Sets the work done so far.
    pub fn set(&self, done: u64) {
        if let Some(b) = &self.bar {
            b.set_position(done);
        }
    }

    /// Sets the work done so far and the total (which may differ from the one first given).
    pub fn set_of(&self, done: u64, total: u64) {
        if let Some(b) = &self.bar {
            b.set_length(total);
            b.set_position(done);
        }
    }

    /// One more unit done.
    pub fn inc(&self) {
        if let Some(b) = &self.bar {
            b.inc(1);
        }
    }
}

impl Drop for Bar {
    fn drop(&mut self) {
        if let Some(b) = &self.bar {
            b.finish_and_clear();
        }
    }
}
