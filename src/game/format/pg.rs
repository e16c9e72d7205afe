//! The PGSolver format (`.pg`, `.gm`), the exchange format of parity game solvers, and its
//! solution format (`paritysol`).
//!
//! ```text
//! parity 4;
//! start 0;
//! 0 3 0 1,2 "init";
//! 1 2 1 0;
//! 2 1 1 3,2;
//! 3 0 0 3 "sink";
//! ```
//!
//! - The optional header `parity N;` gives either the number of vertices or the largest id
//!   (both conventions exist; both are accepted, anything else is refused as a sign of a
//!   truncated file).
//! - An optional `start V;` statement names the initial vertex.
//! - Each vertex statement is `id priority owner successors ["name"];` with the owner 0 or 1,
//!   successors separated by commas (a trailing comma is tolerated; an empty list makes a
//!   vertex without successors, whose owner loses there), and a name in double quotes with
//!   `\"` and `\\` escapes. Statements end with `;` and may share or span lines.
//! - Ids must be exactly `0..n` in any order, each declared once: every successor must be
//!   declared.
//!
//! Errors name the line of the offending statement. Reading is a single pass over the bytes
//! (O(size + V + E log d)); a file of 500 000 edges reads in a few milliseconds.

#![warn(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use crate::error::{Error, Result};
use crate::game::{check_limits, Game, Player, Solution, NONE};
use crate::grid::Limits;
use std::io::Write;

const FORMAT: &str = "pg";

/// Reads a game in PGSolver format.
///
/// ```
/// let g = mazegraph::game::format::pg::parse(b"parity 2;\n0 1 0 1,2;\n1 2 1 0;\n2 0 0 2 \"end\";\n", &Default::default()).unwrap();
/// assert_eq!((g.vertex_count(), g.edge_count()), (3, 4));
/// assert_eq!(g.name(2), Some("end"));
/// ```
pub fn parse(bytes: &[u8], limits: &Limits) -> Result<Game> {
    let mut s = Scanner {
        b: bytes,
        pos: 0,
        line: 1,
    };
    let mut owners: Vec<u8> = Vec::new();
    let mut prios: Vec<u32> = Vec::new();
    let mut lines: Vec<u32> = Vec::new();
    let mut names: Vec<(u32, String)> = Vec::new();
    let mut edges: Vec<(u32, u32)> = Vec::new();
    let mut header: Option<(u64, usize)> = None;
    let mut start: Option<(u64, usize)> = None;
    let mut declared = 0usize;
    let mut first = true;
    // A vertex statement takes at least 6 bytes (`0 0 0;`), so no valid id or header reaches
    // this: larger ones are refused before anything is allocated for them.
    let most = (bytes.len() / 6 + 1) as u64;
    loop {
        s.skip_ws();
        if s.pos >= s.b.len() {
            break;
        }
        let line = s.line;
        if s.keyword(b"parity") {
            if !first {
                return Err(s.err("the `parity N;` header must come first"));
            }
            s.need_ws()?;
            let n = s.number("the vertex count after `parity`")?;
            check_limits(n.saturating_sub(1), limits)?;
            if n > most {
                return Err(s.err(format!(
                    "the header announces {n} vertices, more than a file of {} bytes can declare (truncated?)",
                    bytes.len()
                )));
            }
            header = Some((n, line));
            s.end()?;
        } else if s.keyword(b"start") {
            s.need_ws()?;
            let v = s.number("the start vertex")?;
            start = Some((v, line));
            s.end()?;
        } else {
            let id = s.number("a vertex id")?;
            check_limits(id.saturating_add(1), limits)?;
            if id >= most {
                return Err(s.err(format!(
                    "vertex id {id} is too large: ids must run from 0 to n-1, and a file of {} bytes declares fewer vertices",
                    bytes.len()
                )));
            }
            s.need_ws()?;
            let prio = s.number("a priority")?;
            let prio = u32::try_from(prio).map_err(|_| {
                s.err(format!(
                    "priority {prio} is too large (at most {})",
                    u32::MAX
                ))
            })?;
            s.need_ws()?;
            let owner_at = s.pos;
            let owner = s.number("the owner (0 or 1)")?;
            if owner > 1 {
                s.pos = owner_at;
                return Err(s.err(format!("the owner must be 0 or 1, not {owner}")));
            }
            let id = id as usize;
            if id >= owners.len() {
                owners.resize(id + 1, u8::MAX);
                prios.resize(id + 1, 0);
                lines.resize(id + 1, 0);
            }
            // The three vectors were just grown past `id`.
            let (Some(o), Some(p), Some(l)) =
                (owners.get_mut(id), prios.get_mut(id), lines.get_mut(id))
            else {
                return Err(s.err(format!("vertex id {id} is out of range")));
            };
            if *o != u8::MAX {
                return Err(s.err(format!("vertex {id} is declared twice (first on line {l})")));
            }
            *o = owner as u8;
            *p = prio;
            *l = line as u32;
            declared += 1;
            // successors
            s.skip_blank();
            let mut expect_number = true;
            loop {
                s.skip_ws();
                match s.peek() {
                    Some(b';') | Some(b'"') | None => break,
                    Some(b',') if !expect_number => {
                        s.pos += 1;
                        expect_number = true;
                    }
                    Some(c) if c.is_ascii_digit() && expect_number => {
                        let t = s.number("a successor")?;
                        let t = u32::try_from(t)
                            .map_err(|_| s.err(format!("successor {t} is not a vertex id")))?;
                        edges.push((id as u32, t));
                        expect_number = false;
                    }
                    Some(c) => {
                        return Err(s.err(format!(
                            "unexpected {} in the successor list of vertex {id} (expected {})",
                            show(c),
                            if expect_number {
                                "a vertex id"
                            } else {
                                "',' or ';'"
                            }
                        )))
                    }
                }
            }
            if s.peek() == Some(b'"') {
                let name = s.string()?;
                names.push((id as u32, name));
            }
            s.end()?;
        }
        first = false;
    }
    let n = owners.len();
    if declared != n {
        let missing = owners.iter().position(|&o| o == u8::MAX).unwrap_or(0);
        // A successor naming it gives a better message; look for one first.
        if let Some(&(a, b)) = edges.iter().find(|&&(_, b)| b as usize == missing) {
            return Err(missing_successor(&lines, a, b, n));
        }
        return Err(Error::parse(
            FORMAT,
            0,
            format!(
                "vertex ids must run from 0 to {}: vertex {missing} is never declared",
                n - 1
            ),
        ));
    }
    if let Some(&(a, b)) = edges.iter().find(|&&(_, b)| b as usize >= n) {
        return Err(missing_successor(&lines, a, b, n));
    }
    if let Some((h, line)) = header {
        if h != n as u64 && h.checked_add(1) != Some(n as u64) {
            return Err(Error::parse(
                FORMAT,
                line,
                format!(
                    "the header says `parity {h}` but the file declares {n} vertices (ids 0 to {}); truncated?",
                    n as i64 - 1
                ),
            ));
        }
    }
    let mut game = Game::from_parts(owners, prios, &edges)?;
    drop(edges);
    if !names.is_empty() {
        let mut all = vec![String::new(); n];
        for (v, name) in names {
            // Names were read with declared ids, all below n.
            if let Some(slot) = all.get_mut(v as usize) {
                *slot = name;
            }
        }
        game.set_names(Some(all))?;
    }
    if let Some((v, line)) = start {
        if v >= n as u64 {
            return Err(Error::parse(
                FORMAT,
                line,
                format!("start vertex {v} is not declared"),
            ));
        }
        game.set_start(Some(v as u32))?;
    }
    Ok(game)
}

fn missing_successor(lines: &[u32], a: u32, b: u32, n: usize) -> Error {
    Error::parse(
        FORMAT,
        lines.get(a as usize).map_or(0, |&l| l as usize),
        format!(
            "vertex {a} has successor {b}, which is not declared (the vertices are 0 to {})",
            n as i64 - 1
        ),
    )
}

fn show(c: u8) -> String {
    if c.is_ascii_graphic() {
        format!("'{}'", c as char)
    } else if c == b'\n' {
        "end of line".into()
    } else {
        format!("byte 0x{c:02x}")
    }
}

/// A cursor over the bytes, counting lines.
struct Scanner<'a> {
    b: &'a [u8],
    pos: usize,
    line: usize,
}

impl Scanner<'_> {
    fn err(&self, message: impl Into<String>) -> Error {
        Error::parse(FORMAT, self.line, message)
    }

    fn peek(&self) -> Option<u8> {
        self.b.get(self.pos).copied()
    }

    /// Skips spaces, tabs, carriage returns and newlines.
    fn skip_ws(&mut self) {
        while let Some(c) = self.peek() {
            match c {
                b'\n' => self.line += 1,
                b' ' | b'\t' | b'\r' => {}
                _ => break,
            }
            self.pos += 1;
        }
    }

    /// Skips spaces and tabs only.
    fn skip_blank(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\r')) {
            self.pos += 1;
        }
    }

    /// Requires at least one whitespace character.
    fn need_ws(&mut self) -> Result<()> {
        match self.peek() {
            Some(b' ' | b'\t' | b'\r' | b'\n') => {
                self.skip_ws();
                Ok(())
            }
            Some(c) => Err(self.err(format!("unexpected {}", show(c)))),
            None => Err(self.err("the file ends in the middle of a statement (truncated?)")),
        }
    }

    fn keyword(&mut self, k: &[u8]) -> bool {
        let rest = self.b.get(self.pos..).unwrap_or_default();
        if rest.starts_with(k) && !rest.get(k.len()).is_some_and(|c| c.is_ascii_alphanumeric()) {
            self.pos += k.len();
            true
        } else {
            false
        }
    }

    fn number(&mut self, what: &str) -> Result<u64> {
        let start = self.pos;
        let mut v: u64 = 0;
        while let Some(c) = self.peek().filter(u8::is_ascii_digit) {
            v = v
                .checked_mul(10)
                .and_then(|v| v.checked_add((c - b'0') as u64))
                .ok_or_else(|| self.err(format!("{what} is too large")))?;
            self.pos += 1;
        }
        if self.pos == start {
            return Err(match self.peek() {
                None => self.err(format!(
                    "the file ends where {what} was expected (truncated?)"
                )),
                Some(c) => self.err(format!("expected {what}, found {}", show(c))),
            });
        }
        Ok(v)
    }

    /// A double-quoted string with `\"` and `\\` escapes.
    fn string(&mut self) -> Result<String> {
        let line = self.line;
        self.pos += 1;
        let mut out = Vec::new();
        loop {
            match self.peek() {
                None => {
                    return Err(Error::parse(
                        FORMAT,
                        line,
                        "unterminated name (a '\"' is missing)",
                    ))
                }
                Some(b'"') => {
                    self.pos += 1;
                    break;
                }
                Some(b'\\') if matches!(self.b.get(self.pos + 1), Some(b'"' | b'\\')) => {
                    out.extend(self.b.get(self.pos + 1));
                    self.pos += 2;
                }
                Some(c) => {
                    if c == b'\n' {
                        self.line += 1;
                    }
                    out.push(c);
                    self.pos += 1;
                }
            }
        }
        String::from_utf8(out).map_err(|_| Error::parse(FORMAT, line, "the name is not UTF-8"))
    }

    /// The `;` that ends a statement.
    fn end(&mut self) -> Result<()> {
        self.skip_ws();
        match self.peek() {
            Some(b';') => {
                self.pos += 1;
                Ok(())
            }
            Some(c) => Err(self.err(format!("expected ';', found {}", show(c)))),
            None => Err(self.err("missing ';' at the end of the file (truncated?)")),
        }
    }
}

/// Writes a game in PGSolver format: the header gives the largest id, as PGSolver does; a
/// `start` line when the game has a start; names in double quotes.
///
/// ```
/// use mazegraph::game::{format::pg, Game, Player};
/// let g = Game::new(vec![Player::Zero, Player::One], vec![2, 1], &[(0, 1), (1, 0), (1, 1)]).unwrap();
/// let mut out = Vec::new();
/// pg::write(&g, &mut out).unwrap();
/// assert_eq!(String::from_utf8(out).unwrap(), "parity 1;\n0 2 0 1;\n1 1 1 0,1;\n");
/// ```
pub fn write(game: &Game, out: &mut dyn Write) -> Result<()> {
    let n = game.vertex_count();
    writeln!(out, "parity {};", n.saturating_sub(1))?;
    if let Some(s) = game.start() {
        writeln!(out, "start {s};")?;
    }
    let mut buf = String::with_capacity(64);
    for v in 0..n as u32 {
        use std::fmt::Write as _;
        buf.clear();
        let _ = write!(buf, "{v} {} {}", game.priority(v), game.owner(v));
        for (k, w) in game.successors(v).iter().enumerate() {
            buf.push(if k == 0 { ' ' } else { ',' });
            let _ = write!(buf, "{w}");
        }
        if let Some(name) = game.name(v) {
            buf.push_str(" \"");
            for ch in name.chars() {
                if ch == '"' || ch == '\\' {
                    buf.push('\\');
                }
                buf.push(ch);
            }
            buf.push('"');
        }
        buf.push_str(";\n");
        out.write_all(buf.as_bytes())?;
    }
    Ok(())
}

/// Writes a solution in the `paritysol` format of parity game solvers: `paritysol N;` (largest
/// id), then `vertex winner [move];` for every vertex, the move given at the winner's own
/// vertices.
pub fn write_solution(solution: &Solution, out: &mut dyn Write) -> Result<()> {
    writeln!(out, "paritysol {};", solution.len().saturating_sub(1))?;
    for v in 0..solution.len() as u32 {
        match solution.strategy(v) {
            Some(m) => writeln!(out, "{v} {} {m};", solution.winner(v))?,
            None => writeln!(out, "{v} {};", solution.winner(v))?,
        }
    }
    Ok(())
}

/// Reads a `paritysol` solution for a game of `n` vertices (every vertex must be listed once).
///
/// ```
/// use mazegraph::game::{format::pg, Player};
/// let s = pg::parse_solution(b"paritysol 1;\n0 1 1;\n1 1;\n", 2).unwrap();
/// assert_eq!((s.winner(0), s.strategy(0), s.strategy(1)), (Player::One, Some(1), None));
/// ```
pub fn parse_solution(bytes: &[u8], n: usize) -> Result<Solution> {
    const F: &str = "paritysol";
    let mut s = Scanner {
        b: bytes,
        pos: 0,
        line: 1,
    };
    let mut winner: Vec<Option<Player>> = vec![None; n];
    let mut strategy = vec![NONE; n];
    let mut first = true;
    loop {
        s.skip_ws();
        if s.pos >= s.b.len() {
            break;
        }
        if first && s.keyword(b"paritysol") {
            s.need_ws()?;
            s.number("the vertex count")?;
            s.end()?;
            first = false;
            continue;
        }
        first = false;
        let v = s.number("a vertex id")?;
        if v >= n as u64 {
            return Err(Error::parse(
                F,
                s.line,
                format!("vertex {v} is not in the game ({n} vertices)"),
            ));
        }
        s.need_ws()?;
        let w = s.number("the winner (0 or 1)")?;
        let Some(w) = Player::from_index(w) else {
            return Err(Error::parse(
                F,
                s.line,
                format!("the winner must be 0 or 1, not {w}"),
            ));
        };
        // v < n was checked above; `winner` and `strategy` have n entries.
        let (Some(win), Some(strat)) = (winner.get_mut(v as usize), strategy.get_mut(v as usize))
        else {
            return Err(Error::parse(
                F,
                s.line,
                format!("vertex {v} is not in the game"),
            ));
        };
        if win.replace(w).is_some() {
            return Err(Error::parse(
                F,
                s.line,
                format!("vertex {v} is listed twice"),
            ));
        }
        s.skip_blank();
        if s.peek().is_some_and(|c| c.is_ascii_digit()) {
            let m = s.number("a move")?;
            *strat = u32::try_from(m).unwrap_or(NONE - 1);
        }
        s.end()?;
    }
    let winners = winner
        .into_iter()
        .enumerate()
        .map(|(v, w)| {
            w.ok_or_else(|| Error::parse(F, 0, format!("vertex {v} has no winner in the solution")))
        })
        .collect::<Result<Vec<_>>>()?;
    Ok(Solution::new(winners, strategy))
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]
mod tests {
    use super::*;

    fn err(text: &str) -> String {
        match parse(text.as_bytes(), &Limits::default()) {
            Err(e) => e.to_string(),
            Ok(_) => panic!("{text:?} parsed"),
        }
    }

    #[test]
    fn header_is_count_or_largest_id() {
        let a = parse(b"parity 2;\n0 0 0 1;\n1 1 1 0;\n", &Limits::default()).unwrap();
        let b = parse(b"parity 1;\n0 0 0 1;\n1 1 1 0;\n", &Limits::default()).unwrap();
        let c = parse(b"0 0 0 1;\n1 1 1 0;\n", &Limits::default()).unwrap();
        assert_eq!(a, b);
        assert_eq!(a, c);
        assert!(err("parity 5;\n0 0 0 1;\n1 1 1 0;\n").starts_with("line 1: the header says"));
    }

    #[test]
    fn variants_start_names_layout() {
        let g = parse(
            b"parity 3;\r\nstart 2;\r\n1 4 1 0 , 2, \"b;\\\"x\";\r\n0 0 0 1; 2 3 0 ;\n",
            &Limits::default(),
        )
        .unwrap();
        assert_eq!(g.start(), Some(2));
        assert_eq!(g.name(1), Some("b;\"x"));
        assert_eq!(g.successors(1), &[0, 2]);
        assert!(g.successors(2).is_empty());
        assert_eq!(g.priority(1), 4);
        let mut out = Vec::new();
        write(&g, &mut out).unwrap();
        assert_eq!(parse(&out, &Limits::default()).unwrap(), g);
    }

    #[test]
    fn errors_name_the_line() {
        assert_eq!(
            err("parity 2;\n0 0 0 1;\n1 1 2 0;\n"),
            "line 3: the owner must be 0 or 1, not 2"
        );
        assert_eq!(
            err("parity 2;\n0 0 0 1;\n1 1 1 0,7;\n"),
            "line 3: vertex 1 has successor 7, which is not declared (the vertices are 0 to 1)"
        );
        assert!(err("0 0 0 1;\n0 1 1 0;\n").starts_with("line 2: vertex 0 is declared twice"));
        assert!(err("0 0 0 1;\n1 x 1 0;\n").starts_with("line 2: expected a priority"));
        assert!(err("0 0 0 1;\n1 1 1 0").contains("missing ';'"));
        assert!(err("0 0 0 1;\n1 1 1 0 5;\n").starts_with("line 2: unexpected '5'"));
        assert!(err("0 0 0 1 \"ab;\n").contains("unterminated"));
        assert!(err("0 0 0 0;\n2 0 0 0;\n").contains("vertex 1 is never declared"));
        assert!(err("0 0 0 0;\nstart 4;\n").starts_with("line 2: start vertex 4"));
        assert!(err("0 0 0 0;\nparity 1;\n").contains("must come first"));
        assert!(err("0 99999999999 0 0;").contains("too large"));
        let l = Limits::cells(10);
        assert!(matches!(
            parse(b"4000000000 0 0 0;", &l),
            Err(Error::TooLarge { .. })
        ));
        assert!(matches!(
            parse(b"parity 4000000000;", &l),
            Err(Error::TooLarge { .. })
        ));
        // Ids and headers larger than the file could declare are refused before allocating.
        assert!(err("2000000000 0 0 0;").contains("vertex id 2000000000 is too large"));
        assert!(err("parity 2000000000;\n0 0 0 0;").starts_with("line 1: the header announces"));
        assert!(parse(b"", &Limits::default()).unwrap().vertex_count() == 0);
    }

    #[test]
    fn solutions_roundtrip() {
        let s = Solution::new(vec![Player::One, Player::Zero], vec![1, NONE]);
        let mut out = Vec::new();
        write_solution(&s, &mut out).unwrap();
        assert_eq!(
            String::from_utf8(out.clone()).unwrap(),
            "paritysol 1;\n0 1 1;\n1 0;\n"
        );
        assert_eq!(parse_solution(&out, 2).unwrap(), s);
        assert!(parse_solution(b"paritysol 1;\n0 1 1;\n", 2).is_err());
        assert!(parse_solution(b"0 2;\n1 0;\n", 2).is_err());
        assert!(parse_solution(b"0 1;\n0 0;\n", 2).is_err());
    }
}
