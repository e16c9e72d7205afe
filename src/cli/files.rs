//! How the command line writes output files: [`mazegraph::files`] (devices and FIFOs written in
//! place, links and modes kept, temporaries that do not outlive the process, several outputs
//! committed together), with the command line's own parts: standard output as one of the
//! outputs, `--force` to replace an input, and the signal cleanup, which a program may install
//! ([`mazegraph::files::install_signal_cleanup`]) and a library may not.

use super::io::Output;
use anyhow::{anyhow, Result};
use mazegraph::files::{self, OutputError};
use std::io::Write;
use std::path::Path;

pub use mazegraph::files::in_place;

/// The library's refusal as the command line says it: an input is kept unless `--force`.
fn cli_error(e: OutputError) -> anyhow::Error {
    match e {
        OutputError::OverwritesInput { .. } => anyhow!("{e} (use --force, or another -o)"),
        other => other.into(),
    }
}

/// Checks that `output` can be written and replaces none of `inputs` (`-` is standard input)
/// unless `force` ([`files::check`]).
pub fn check(output: &Path, inputs: &[&Path], force: bool) -> Result<()> {
    let inputs = if force { &[] } else { inputs };
    files::check(output, inputs).map_err(cli_error)
}

/// Refuses two outputs that are the same file ([`files::distinct`]), or both standard output.
pub fn distinct<'o>(outputs: impl IntoIterator<Item = &'o Output>) -> Result<()> {
    let outputs: Vec<&Output> = outputs.into_iter().collect();
    if outputs.iter().filter(|o| o.path().is_none()).count() > 1 {
        return Err(anyhow!(
            "only one output can go to standard output (`-`, or no -o): give the others a file"
        ));
    }
    files::distinct(outputs.into_iter().filter_map(Output::path)).map_err(cli_error)
}

/// The outputs of one command, committed together or not at all ([`files::Outputs`]);
/// standard output is written with the in-place outputs.
#[derive(Default)]
pub struct Outputs<'a> {
    inner: files::Outputs<'a, anyhow::Error>,
    /// Whether any output is a path (the signal cleanup is then installed).
    paths: bool,
}

impl<'a> Outputs<'a> {
    /// No outputs yet.
    pub fn new() -> Outputs<'a> {
        Outputs::default()
    }

    /// Adds `output`, whose content `write` writes; `binary` as in [`Output::write_with`].
    /// Nothing is written before [`Outputs::commit`].
    pub fn add(
        &mut self,
        output: &'a Output,
        binary: bool,
        write: impl FnOnce(&mut dyn Write) -> mazegraph::Result<()> + 'a,
    ) -> &mut Outputs<'a> {
        match output.path() {
            Some(path) => {
                self.paths = true;
                self.inner.add(path, write);
            }
            None => {
                self.inner
                    .add_stream(move || match output.write_with(binary, write) {
                        // The reader left: this output is done, the others still count.
                        Err(e) if super::is_broken_pipe(&e) => Ok(()),
                        other => other,
                    });
            }
        }
        self
    }

    /// Writes every output: the files to temporaries, then the in-place outputs in order, then
    /// the temporaries renamed over their targets. On any error no file output is changed.
    pub fn commit(self) -> Result<()> {
        if self.paths {
            files::install_signal_cleanup()
                .map_err(|e| anyhow!("cannot watch for signals: {e}"))?;
        }
        self.inner.commit()
    }
}
