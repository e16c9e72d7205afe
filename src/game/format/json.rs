//! Game JSON (`.game.json`).
//!
//! Schema: an object with
//! - `"vertices"`: an array with one object per vertex:
//!   - `"id"` (integer, required): ids must be exactly `0..n`, in any order;
//!   - `"owner"` (0 or 1, required);
//!   - `"priority"` (non-negative integer, default 0);
//!   - `"successors"` (array of ids, default empty);
//!   - `"name"` (string, optional);
//! - `"start"` (an id or `null`, optional).
//!
//! Other keys are ignored. The writer puts one vertex per line:
//!
//! ```text
//! {"start": 0, "vertices": [
//! {"id": 0, "owner": 0, "priority": 2, "successors": [1], "name": "a"},
//! {"id": 1, "owner": 1, "priority": 1, "successors": [0, 1]}
//! ]}
//! ```

#![warn(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use crate::error::{Error, Result};
use crate::game::{check_limits, Game};
use crate::grid::Limits;
use serde::Deserialize;
use std::io::Write;

const FORMAT: &str = "game.json";

#[derive(Deserialize)]
struct Doc {
    vertices: Vec<Vertex>,
    #[serde(default)]
    start: Option<u64>,
}

#[derive(Deserialize)]
struct Vertex {
    id: u64,
    owner: u64,
    #[serde(default)]
    priority: u32,
    #[serde(default)]
    successors: Vec<u64>,
    #[serde(default)]
    name: Option<String>,
}

/// Reads game JSON.
///
/// ```
/// let g = mazegraph::game::format::json::parse(
///     r#"{"vertices": [{"id": 1, "owner": 1, "successors": [0]}, {"id": 0, "owner": 0, "successors": [1], "name": "a"}]}"#,
///     &Default::default(),
/// ).unwrap();
/// assert_eq!((g.vertex_count(), g.name(0), g.successors(1)), (2, Some("a"), &[0][..]));
/// ```
pub fn parse(text: &str, limits: &Limits) -> Result<Game> {
    let doc: Doc =
        serde_json::from_str(text).map_err(|e| Error::parse(FORMAT, e.line(), e.to_string()))?;
    let n = doc.vertices.len();
    check_limits(n as u64, limits)?;
    let mut owners = vec![u8::MAX; n];
    let mut prios = vec![0u32; n];
    let mut names = vec![String::new(); n];
    let mut edges = Vec::new();
    for v in &doc.vertices {
        let id = v.id;
        if id >= n as u64 {
            return Err(Error::parse(
                FORMAT,
                0,
                format!(
                    "vertex id {id}: ids must run from 0 to {} (one per vertex)",
                    n as i64 - 1
                ),
            ));
        }
        let i = id as usize;
        // i < n was checked above; the three vectors have n entries.
        let (Some(owner), Some(prio), Some(slot)) =
            (owners.get_mut(i), prios.get_mut(i), names.get_mut(i))
        else {
            return Err(Error::parse(
                FORMAT,
                0,
                format!("vertex id {id} is out of range"),
            ));
        };
        if *owner != u8::MAX {
            return Err(Error::parse(
                FORMAT,
                0,
                format!("vertex {id} appears twice"),
            ));
        }
        if v.owner > 1 {
            return Err(Error::parse(
                FORMAT,
                0,
                format!("vertex {id}: the owner must be 0 or 1, not {}", v.owner),
            ));
        }
        *owner = v.owner as u8;
        *prio = v.priority;
        if let Some(name) = &v.name {
            *slot = name.clone();
        }
        for &t in &v.successors {
            if t >= n as u64 {
                return Err(Error::parse(
                    FORMAT,
                    0,
                    format!("vertex {id} has successor {t}, which is not a vertex (the vertices are 0 to {})", n as i64 - 1),
                ));
            }
            edges.push((id as u32, t as u32));
        }
    }
    let mut game = Game::from_parts(owners, prios, &edges)?;
    game.set_names(Some(names))?;
    if let Some(s) = doc.start {
        if s >= n as u64 {
            return Err(Error::parse(
                FORMAT,
                0,
                format!("start vertex {s} is not a vertex"),
            ));
        }
        game.set_start(Some(s as u32))?;
    }
    Ok(game)
}

/// Writes game JSON, one vertex per line.
pub fn write(game: &Game, out: &mut dyn Write) -> Result<()> {
    match game.start() {
        Some(s) => writeln!(out, "{{\"start\": {s}, \"vertices\": [")?,
        None => writeln!(out, "{{\"start\": null, \"vertices\": [")?,
    }
    let n = game.vertex_count() as u32;
    let mut buf = String::new();
    for v in 0..n {
        use std::fmt::Write as _;
        buf.clear();
        let _ = write!(
            buf,
            "{{\"id\": {v}, \"owner\": {}, \"priority\": {}, \"successors\": [",
            game.owner(v),
            game.priority(v)
        );
        for (k, w) in game.successors(v).iter().enumerate() {
            if k > 0 {
                buf.push_str(", ");
            }
            let _ = write!(buf, "{w}");
        }
        buf.push(']');
        if let Some(name) = game.name(v) {
            buf.push_str(", \"name\": ");
            buf.push_str(
                &serde_json::to_string(name).map_err(|e| Error::InvalidGraph(e.to_string()))?,
            );
        }
        buf.push('}');
        if v + 1 < n {
            buf.push(',');
        }
        buf.push('\n');
        out.write_all(buf.as_bytes())?;
    }
    writeln!(out, "]}}")?;
    Ok(())
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]
mod tests {
    use super::*;
    use crate::game::Player;

    #[test]
    fn roundtrip_and_errors() {
        let mut g = Game::new(
            vec![Player::Zero, Player::One, Player::Zero],
            vec![2, 1, 0],
            &[(0, 1), (1, 0), (1, 2)],
        )
        .unwrap();
        g.set_names(Some(vec!["a \"q\"".into(), String::new(), "c".into()]))
            .unwrap();
        g.set_start(Some(1)).unwrap();
        let mut out = Vec::new();
        write(&g, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(parse(&text, &Limits::default()).unwrap(), g);
        let l = Limits::default();
        let e = |t: &str| parse(t, &l).unwrap_err().to_string();
        assert!(e(r#"{"vertices": [{"id": 0, "owner": 2}]}"#).contains("owner must be 0 or 1"));
        assert!(
            e(r#"{"vertices": [{"id": 0, "owner": 0, "successors": [3]}]}"#)
                .contains("successor 3")
        );
        assert!(e(r#"{"vertices": [{"id": 1, "owner": 0}]}"#).contains("ids must run"));
        assert!(e("{\"vertices\": [\n{\"id\": 0,}]}").starts_with("line 2:"));
        assert!(e(r#"{"vertices": [], "start": 0}"#).contains("start vertex"));
    }
}
