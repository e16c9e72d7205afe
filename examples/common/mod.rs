//! Where the examples write.

use std::path::PathBuf;

/// The directory named by the first argument, or `$TMPDIR/mazegraph-examples`; created.
pub fn out_dir() -> std::io::Result<PathBuf> {
    let dir = std::env::args_os()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| std::env::temp_dir().join("mazegraph-examples"));
    std::fs::create_dir_all(&dir)?;
    Ok(dir)
}
