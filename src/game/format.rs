//! The registry of game file formats, by name and extension. It is separate from
//! [`crate::format::Format`] (mazes and graphs) because a game is neither.
//!
//! | name | extensions | notes |
//! |---|---|---|
//! | `pg` | `.pg`, `.gm` | PGSolver: `parity N;` then `id priority owner succ,succ,… "name";` ([`pg`]) |
//! | `game.json` | `.game.json` | one object per vertex ([`json`] documents the schema) |
//! | `game.dot` | `.game.dot`, `.game.gv` | Graphviz; player 0 diamonds, player 1 boxes ([`dot`]) |
//!
//! ```
//! use mazegraph::game::format::GameFormat;
//! use std::path::Path;
//! let f = GameFormat::from_path(Path::new("arbiter.pg")).unwrap();
//! let g = f.read(b"parity 1;\n0 1 0 1;\n1 2 1 0 \"b\";\n", &Default::default()).unwrap();
//! assert_eq!((g.vertex_count(), g.name(1)), (2, Some("b")));
//! let mut out = Vec::new();
//! GameFormat::Json.write(&g, &mut out).unwrap();
//! assert_eq!(GameFormat::Json.read(&out, &Default::default()).unwrap(), g);
//! ```

pub mod dot;
pub mod json;
pub mod pg;

use super::Game;
use crate::error::{Error, Result};
use crate::format::ReadOptions;
use std::io::Write;
use std::path::Path;

/// A game file format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameFormat {
    /// PGSolver's text format.
    Pg,
    /// Game JSON.
    Json,
    /// Graphviz DOT.
    Dot,
}

impl GameFormat {
    /// Every game format.
    pub const ALL: [GameFormat; 3] = [GameFormat::Pg, GameFormat::Json, GameFormat::Dot];

    /// The format's name.
    pub fn name(self) -> &'static str {
        match self {
            GameFormat::Pg => "pg",
            GameFormat::Json => "game.json",
            GameFormat::Dot => "game.dot",
        }
    }

    /// File extensions (lower case, no dot), the first being the one written.
    pub fn extensions(self) -> &'static [&'static str] {
        match self {
            GameFormat::Pg => &["pg", "gm"],
            GameFormat::Json => &["game.json"],
            GameFormat::Dot => &["game.dot", "game.gv"],
        }
    }

    /// The format with this name or extension (case-insensitive; `pgsolver` is `pg`,
    /// `game-json` is `game.json`).
    pub fn from_name(name: &str) -> Result<GameFormat> {
        let n = name.trim_start_matches('.').to_ascii_lowercase();
        let n = match n.as_str() {
            "pgsolver" => "pg",
            "game-json" | "gamejson" => "game.json",
            "game-dot" | "gamedot" => "game.dot",
            other => other,
        };
        GameFormat::ALL
            .into_iter()
            .find(|f| f.name() == n || f.extensions().contains(&n))
            .ok_or_else(|| {
                Error::UnknownFormat(format!(
                    "unknown game format {name:?} (known: {})",
                    GameFormat::ALL.map(GameFormat::name).join(", ")
                ))
            })
    }

    /// The format a file name's extension names, if it names a game format.
    pub fn from_path(path: &Path) -> Result<GameFormat> {
        let name = path
            .file_name()
            .map(|s| s.to_string_lossy().to_ascii_lowercase())
            .unwrap_or_default();
        GameFormat::ALL
            .into_iter()
            .find(|f| {
                f.extensions()
                    .iter()
                    .any(|e| name.ends_with(&format!(".{e}")))
            })
            .ok_or_else(|| {
                Error::UnknownFormat(format!(
                    "{} is not named as a game (known: .pg, .gm, .game.json, .game.dot)",
                    path.display()
                ))
            })
    }

    /// Reads a game.
    pub fn read(self, bytes: &[u8], opts: &ReadOptions) -> Result<Game> {
        match self {
            GameFormat::Pg => pg::parse(bytes, &opts.limits),
            GameFormat::Json => json::parse(text(self, bytes)?, &opts.limits),
            GameFormat::Dot => dot::parse(text(self, bytes)?, &opts.limits),
        }
    }

    /// Writes a game.
    pub fn write(self, game: &Game, out: &mut dyn Write) -> Result<()> {
        match self {
            GameFormat::Pg => pg::write(game, out),
            GameFormat::Json => json::write(game, out),
            GameFormat::Dot => dot::write(game, &dot::Style::default(), out),
        }
    }
}

impl std::fmt::Display for GameFormat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The bytes as UTF-8 text, or a parse error naming the line of the first bad byte.
fn text(format: GameFormat, bytes: &[u8]) -> Result<&str> {
    crate::format::named_text(format.name(), bytes, false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_extensions() {
        assert_eq!(GameFormat::from_name("PG").unwrap(), GameFormat::Pg);
        assert_eq!(GameFormat::from_name(".gm").unwrap(), GameFormat::Pg);
        assert_eq!(
            GameFormat::from_name("game-json").unwrap(),
            GameFormat::Json
        );
        assert!(GameFormat::from_name("json").is_err());
        assert_eq!(
            GameFormat::from_path(Path::new("x/A.GAME.JSON")).unwrap(),
            GameFormat::Json
        );
        assert_eq!(
            GameFormat::from_path(Path::new("a.game.dot")).unwrap(),
            GameFormat::Dot
        );
        assert!(GameFormat::from_path(Path::new("a.dot")).is_err());
        assert!(GameFormat::from_path(Path::new("a.json")).is_err());
    }
}
