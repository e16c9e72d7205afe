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
//! The grammar is PGSolver's (its manual, section "Specifying Parity Games"):
//! `[parity N;] node_spec+`, a `node_spec` being `id priority owner successors ["name"];`
//! with the owner 0 or 1, successors `id(,id)*` and a name any string without `"`.
//! Statements end with `;` and may share or span lines. Where readers differ, this one
//! decides as follows (Oink is the other common reader; each case is tested):
//!
//! | input | Oink | here |
//! |---|---|---|
//! | no `parity N;` header | refused | read: the grammar makes the header optional |
//! | `parity N;` with N the vertex count or the largest id | both read | both read; any other N is refused as a sign of a truncated file |
//! | `parity2;` (no space after the keyword) | read | read: the grammar needs no space there |
//! | an empty file, or a header and no vertex | read as an empty game | refused: the grammar asks for at least one vertex |
//! | anything after the last vertex | ignored | refused, with its line: it is not a statement |
//! | a priority above 2³²−1 | renumbered | renumbered as Oink does: all priorities replaced by the smallest that keep their order and parity, which keeps the winning regions and strategies (priorities up to 2³²−1 are kept as they are) |
//! | `start V;` | ignored, on its own line after the header | read as the game's start; once, before the first vertex |
//! | a vertex without successors (`3 0 1 ;`) | refused | read: its owner loses there (older mazegraph files hold such vertices) |
//! | a name with `\\` or `\x22` | kept as written | read as `\` and `"`, the escapes [`write`](fn@write) uses |
//! | the same id twice | refused | refused (PGSolver keeps the last) |
//!
//! Ids must be exactly `0..n` in any order, each declared once: every successor must be
//! declared. Errors name the line of the offending statement. Reading is a single pass over the
//! bytes (O(size + V + E log d)); a file of 500 000 edges reads in a few milliseconds.
//!
//! What [`write`](fn@write) writes is read by Oink and PGSolver as the same game: see there for
//! vertices without successors and for names.

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
    let bytes = crate::format::without_bom(bytes);
    let mut s = Scanner {
        b: bytes,
        pos: 0,
        line: 1,
    };
    // A vertex statement takes at least 6 bytes (`0 0 0;`), so no valid id or header reaches
    // this: larger ones are refused before anything is allocated for them.
    let most = (bytes.len() / 6 + 1) as u64;
    // The reading's peak memory: the text, per vertex its owner, priority (64 bits, then 32),
    // line, row start and length, per edge its slot as read, its slot in order (when ids come
    // out of order) and its predecessor slot.
    let peak = |v: u64, e: u64| {
        (bytes.len() as u64)
            .saturating_add(v.saturating_mul(25))
            .saturating_add(e.saturating_mul(12))
    };
    // The whole game, counted on its text before anything is allocated, so that the
    // estimate depends on the game and not on the budget: the vectors are made that large at
    // once and never grow for a valid file.
    let (at_most_v, at_most_e) = declared_at_most(bytes);
    limits.check_bytes(
        &format!(
            "reading this game (up to {at_most_v} vertices and {at_most_e} edges, by its \
             statements and commas)"
        ),
        peak(at_most_v, at_most_e),
    )?;
    let (cap_v, cap_e) = (at_most_v as usize, at_most_e as usize);
    let mut owners: Vec<u8> = Vec::with_capacity(cap_v);
    let mut prios: Vec<u64> = Vec::with_capacity(cap_v);
    let mut lines: Vec<u32> = Vec::with_capacity(cap_v);
    let mut names: Vec<(u32, String)> = Vec::new();
    // The successor lists as read, one after the other, and where each vertex's starts and
    // how long it is: the game's rows as they are when ids come in order (the usual case),
    // else copied into order once.
    let mut succ: Vec<u32> = Vec::with_capacity(cap_e);
    let mut row_start: Vec<u32> = Vec::with_capacity(cap_v);
    let mut count: Vec<u32> = Vec::with_capacity(cap_v);
    let mut in_order = true;
    let mut header: Option<(u64, usize)> = None;
    let mut start: Option<(u64, usize)> = None;
    let mut declared = 0usize;
    let mut first = true;
    // Growing past the count above (a file it miscounts: a last statement without its `;`,
    // a name holding a stray `"`, refused later) is held to the budget too.
    let budget = |v: usize, e: usize| {
        limits.check_bytes(
            &format!(
                "reading this game ({v} vertices and {e} edges so far, counting room to grow)"
            ),
            peak(v as u64, e as u64),
        )
    };
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
            s.skip_ws();
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
            if declared > 0 {
                return Err(s.err(
                    "`start V;` must come before the first vertex (after the `parity N;` header)",
                ));
            }
            if let Some((_, l)) = start {
                return Err(s.err(format!("a second `start` (the first is on line {l})")));
            }
            s.skip_ws();
            let v = s.number("the start vertex")?;
            start = Some((v, line));
            s.end()?;
        } else {
            if !s.peek().is_some_and(|c| c.is_ascii_digit()) && declared > 0 {
                let c = s.peek().map_or_else(String::new, show);
                return Err(s.err(format!(
                    "expected a vertex statement (`id priority owner successors;`), found {c}"
                )));
            }
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
            s.need_ws()?;
            let owner_at = s.pos;
            let owner = s.number("the owner (0 or 1)")?;
            if owner > 1 {
                s.pos = owner_at;
                return Err(s.err(format!("the owner must be 0 or 1, not {owner}")));
            }
            let id = id as usize;
            if id >= owners.capacity() {
                budget((id + 1).max(2 * owners.capacity()), succ.len())?;
            }
            if id >= owners.len() {
                owners.resize(id + 1, u8::MAX);
                prios.resize(id + 1, 0);
                lines.resize(id + 1, 0);
                row_start.resize(id + 1, 0);
                count.resize(id + 1, 0);
            }
            in_order &= id == declared;
            // The vectors were just grown past `id`.
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
            let row = succ.len();
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
                        if succ.len() == succ.capacity() {
                            budget(owners.len(), (2 * succ.capacity()).max(4))?;
                        }
                        if succ.len() >= u32::MAX as usize - 1 {
                            return Err(s.err(format!(
                                "more than {} edges: larger than a game can be here",
                                u32::MAX - 2
                            )));
                        }
                        succ.push(t);
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
            // Both fit: `succ` is held below u32::MAX entries.
            if let (Some(f), Some(c)) = (row_start.get_mut(id), count.get_mut(id)) {
                *f = row as u32;
                *c = (succ.len() - row) as u32;
            }
            if s.peek() == Some(b'"') {
                let (name, after_backslash) = s.string()?;
                names.push((id as u32, name));
                s.skip_ws();
                if after_backslash && s.peek() != Some(b';') {
                    return Err(s.err(
                        "a '\"' ends a name (PGSolver names cannot hold one); write '\"' in a name as \\x22 and '\\' as \\\\",
                    ));
                }
            }
            s.end()?;
        }
        first = false;
    }
    let n = owners.len();
    if n == 0 {
        return Err(match header {
            Some((h, line)) => Error::parse(
                FORMAT,
                line,
                format!("the header says `parity {h}` but no vertex follows (a game has at least one; truncated?)"),
            ),
            None => Error::parse(
                FORMAT,
                0,
                "no vertex: an empty file is not a parity game (it starts `parity N;` and declares at least one vertex)",
            ),
        });
    }
    if declared != n {
        let missing = owners.iter().position(|&o| o == u8::MAX).unwrap_or(0);
        // A successor naming it gives a better message; look for one first.
        if let Some(at) = succ.iter().position(|&b| b as usize == missing) {
            return Err(missing_successor(
                &lines,
                &row_start,
                &count,
                at,
                missing as u32,
                n,
            ));
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
    if let Some((at, &b)) = succ.iter().enumerate().find(|&(_, &b)| b as usize >= n) {
        return Err(missing_successor(&lines, &row_start, &count, at, b, n));
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
    drop(lines);
    // The rows in id order: as read when ids came in order, else copied so.
    let (off, succ) = if in_order {
        drop(count);
        row_start.push(succ.len() as u32);
        (row_start, succ)
    } else {
        let mut off = Vec::with_capacity(n + 1);
        let mut rows = Vec::with_capacity(succ.len());
        off.push(0);
        for (&f, &c) in row_start.iter().zip(&count) {
            // Every vertex was declared, so every row is in `succ`.
            let (f, c) = (f as usize, c as usize);
            rows.extend_from_slice(succ.get(f..f + c).unwrap_or_default());
            off.push(rows.len() as u32);
        }
        (off, rows)
    };
    let mut game = Game::from_rows(owners, renumber(prios), off, succ)?;
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

/// The priorities as they are when all fit in 32 bits; else each replaced by the smallest
/// natural number that keeps the order and the parity of the priorities (as Oink renumbers
/// them), at most 2n.
fn renumber(prios: Vec<u64>) -> Vec<u32> {
    if prios.iter().all(|&p| p <= u32::MAX as u64) {
        return prios.into_iter().map(|p| p as u32).collect();
    }
    let mut distinct = prios.clone();
    distinct.sort_unstable();
    distinct.dedup();
    let mut new = Vec::with_capacity(distinct.len());
    let mut next = 0u64;
    for &p in &distinct {
        let c = if next % 2 == p % 2 { next } else { next + 1 };
        new.push(c as u32);
        next = c + 1;
    }
    prios
        .iter()
        .map(|p| {
            distinct
                .binary_search(p)
                .ok()
                .and_then(|i| new.get(i).copied())
                .unwrap_or(0)
        })
        .collect()
}

/// The most vertices and edges a PGSolver text can declare, counted in one pass before it is
/// parsed: every statement ends with a `;` (the header and `start` too), and a vertex's
/// successors are one more than the commas between them. A `;` or `,` inside a name counts
/// too, so this is an upper bound, exact for a file without names or header.
///
/// Complexity: O(bytes), a vectorised count (the 424 MB of a 10⁷-vertex game in a few tens of
/// milliseconds).
fn declared_at_most(bytes: &[u8]) -> (u64, u64) {
    let (mut semicolons, mut commas) = (0u64, 0u64);
    for &b in bytes {
        semicolons += u64::from(b == b';');
        commas += u64::from(b == b',');
    }
    (semicolons, semicolons + commas)
}

/// The error for successor `b`, at position `at` of the successor lists as read.
fn missing_successor(
    lines: &[u32],
    first: &[u32],
    count: &[u32],
    at: usize,
    b: u32,
    n: usize,
) -> Error {
    // The vertex whose row holds the position (declared ones only have rows).
    let a = first
        .iter()
        .zip(count)
        .position(|(&f, &c)| (f as usize..f as usize + c as usize).contains(&at))
        .unwrap_or(0) as u32;
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

    /// A keyword, which may be followed by a number without a space (`parity2;`, as the
    /// grammar's tokens allow) but not by a letter.
    fn keyword(&mut self, k: &[u8]) -> bool {
        let rest = self.b.get(self.pos..).unwrap_or_default();
        if rest.starts_with(k) && !rest.get(k.len()).is_some_and(|c| c.is_ascii_alphabetic()) {
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

    /// A double-quoted name: everything up to the next `"`, with the escapes `\\` (a
    /// backslash) and `\x22` (a `"`) that [`write`](fn@write) uses; any other backslash is
    /// itself. Also says whether the closing `"` followed a lone backslash (an old-style
    /// `\"`, which the grammar does not have).
    fn string(&mut self) -> Result<(String, bool)> {
        let line = self.line;
        self.pos += 1;
        let mut out = Vec::new();
        let mut after_backslash = false;
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
                Some(b'\\') if self.b.get(self.pos + 1) == Some(&b'\\') => {
                    out.push(b'\\');
                    self.pos += 2;
                    after_backslash = false;
                }
                Some(b'\\')
                    if self
                        .b
                        .get(self.pos..)
                        .is_some_and(|r| r.starts_with(b"\\x22")) =>
                {
                    out.push(b'"');
                    self.pos += 4;
                    after_backslash = false;
                }
                Some(c) => {
                    if c == b'\n' {
                        self.line += 1;
                    }
                    out.push(c);
                    self.pos += 1;
                    after_backslash = c == b'\\';
                }
            }
        }
        let name = String::from_utf8(out)
            .map_err(|_| Error::parse(FORMAT, line, "the name is not UTF-8"))?;
        Ok((name, after_backslash))
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

/// The name [`total`] gives the sink where player `p` loses.
pub fn sink_name(p: Player) -> &'static str {
    match p {
        Player::Zero => "sink: player 0 loses",
        Player::One => "sink: player 1 loses",
    }
}

/// The game as [`write`](fn@write) writes it: PGSolver's grammar, and Oink, want at least one
/// successor per vertex, so each vertex without successors gets one edge, to a new vertex
/// where its owner loses: for player 0 a vertex of priority 1 with a self-loop, for player 1
/// one of priority 0 (owned by the player who loses there, named [`sink_name`]). One sink per
/// player that has such vertices, after the game's vertices (ids `n` and maybe `n + 1`).
///
/// A player who cannot move loses, and one who can only stay in her sink loses too, so every
/// vertex of the game keeps its winner, and winning strategies carry over (a dead end's owner
/// loses it, so no strategy moves from it). The game is borrowed when it has no dead end.
///
/// Errors: the game is at the size limit and the sinks do not fit.
///
/// ```
/// use mazegraph::game::{format::pg, Game, Player};
/// let g = Game::new(vec![Player::Zero, Player::One], vec![2, 3], &[(0, 1)]).unwrap();
/// let t = pg::total(&g).unwrap();
/// assert_eq!(t.vertex_count(), 3); // vertex 1 (player 1's) moves to a sink of priority 0
/// assert_eq!((t.successors(1), t.priority(2), t.successors(2)), (&[2][..], 0, &[2][..]));
/// ```
pub fn total(game: &Game) -> Result<std::borrow::Cow<'_, Game>> {
    use std::borrow::Cow;
    if [Player::Zero, Player::One]
        .iter()
        .all(|&p| game.dead_ends(p).is_empty())
    {
        return Ok(Cow::Borrowed(game));
    }
    let n = game.vertex_count() as u32;
    let mut owners: Vec<u8> = game.owners().to_vec();
    let mut prios: Vec<u32> = game.priorities().to_vec();
    let mut names: Vec<String> = (0..n)
        .map(|v| game.name(v).unwrap_or_default().to_string())
        .collect();
    let mut edges: Vec<(u32, u32)> = game.edges().collect();
    for p in [Player::Zero, Player::One] {
        let ends = game.dead_ends(p);
        if ends.is_empty() {
            continue;
        }
        let sink = owners.len() as u32;
        owners.push(p.index());
        // Priority parity of the opponent: the play that stays there is the opponent's.
        prios.push(1 - p.index() as u32);
        names.push(sink_name(p).to_string());
        edges.push((sink, sink));
        edges.extend(ends.iter().map(|&v| (v, sink)));
    }
    let mut t = Game::from_parts(owners, prios, &edges)?;
    t.set_names(Some(names))?;
    t.set_start(game.start())?;
    Ok(Cow::Owned(t))
}

/// Writes a game in PGSolver format, as Oink and PGSolver read it: the header gives the
/// largest id, as PGSolver does; a `start` line when the game has a start, on its own line after
/// the header (Oink skips that line); vertices without successors routed to sinks where their
/// owner loses ([`total`]: the winners of the game's vertices do not change, and the file
/// holds one or two vertices more).
///
/// Names are written in double quotes, as they are but for two characters: the grammar's names
/// cannot hold `"`, written `\x22`, and so a backslash is written `\\` ([`parse`] reads both
/// back; other readers show them as written). Oink drops the spaces of a name; PGSolver keeps
/// them. A name that is not ASCII is written in UTF-8 (the grammar speaks of ASCII; Oink keeps
/// the bytes).
///
/// Errors: a game without vertices (the grammar needs one); a game at the size limit with
/// vertices without successors.
///
/// ```
/// use mazegraph::game::{format::pg, Game, Player};
/// let g = Game::new(vec![Player::Zero, Player::One], vec![2, 1], &[(0, 1), (1, 0), (1, 1)]).unwrap();
/// let mut out = Vec::new();
/// pg::write(&g, &mut out).unwrap();
/// assert_eq!(String::from_utf8(out).unwrap(), "parity 1;\n0 2 0 1;\n1 1 1 0,1;\n");
/// ```
pub fn write(game: &Game, out: &mut dyn Write) -> Result<()> {
    if game.vertex_count() == 0 {
        return Err(Error::Unsupported(
            "a game without vertices cannot be written as pg (the format needs at least one); write it as game.json or game.dot".into(),
        ));
    }
    let total = total(game)?;
    let game: &Game = &total;
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
                match ch {
                    '"' => buf.push_str("\\x22"),
                    '\\' => buf.push_str("\\\\"),
                    c => buf.push(c),
                }
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

/// Reads a `paritysol` solution for a game of `n` vertices (every vertex must be listed once):
/// [`write_solution`]'s, PGSolver's or Oink's. The header's number is not checked: PGSolver and
/// [`write_solution`] give the largest id, Oink the number of vertices listed; Oink gives a move
/// only where the winner owns the vertex, as [`write_solution`] does.
///
/// ```
/// use mazegraph::game::{format::pg, Player};
/// let s = pg::parse_solution(b"paritysol 1;\n0 1 1;\n1 1;\n", 2).unwrap();
/// assert_eq!((s.winner(0), s.strategy(0), s.strategy(1)), (Player::One, Some(1), None));
/// ```
pub fn parse_solution(bytes: &[u8], n: usize) -> Result<Solution> {
    let bytes = crate::format::without_bom(bytes);
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
            s.skip_ws();
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

    #[test]
    fn a_byte_order_mark_is_skipped() {
        let text = "parity 1;\n0 2 0 1;\n1 1 1 0,1;\n";
        let marked = [b"\xEF\xBB\xBF".as_slice(), text.as_bytes()].concat();
        let g = parse(&marked, &Limits::default()).unwrap();
        assert_eq!(g.vertex_count(), 2);
        let sol = parse_solution(b"\xEF\xBB\xBFparitysol 1;\n0 0 1;\n1 0;\n", 2).unwrap();
        assert_eq!(sol.winner(1), crate::game::Player::Zero);
    }

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
            b"parity 3;\r\nstart 2;\r\n1 4 1 0 , 2, \"b;\\x22x\\\\\";\r\n0 0 0 1; 2 3 0 ;\n",
            &Limits::default(),
        )
        .unwrap();
        assert_eq!(g.start(), Some(2));
        assert_eq!(g.name(1), Some("b;\"x\\"));
        assert_eq!(g.successors(1), &[0, 2]);
        assert!(g.successors(2).is_empty());
        assert_eq!(g.priority(1), 4);
        let mut out = Vec::new();
        write(&g, &mut out).unwrap();
        let text = String::from_utf8(out.clone()).unwrap();
        // the dead end 2 (player 0's) goes to a sink of priority 1
        assert_eq!(
            text,
            "parity 3;\nstart 2;\n0 0 0 1;\n1 4 1 0,2 \"b;\\x22x\\\\\";\n2 3 0 3;\n3 1 0 3 \"sink: player 0 loses\";\n"
        );
        assert_eq!(
            parse(&out, &Limits::default()).unwrap(),
            *total(&g).unwrap()
        );
        // a lone backslash is itself
        let h = parse(b"0 0 0 0 \"a\\b\\\";", &Limits::default()).unwrap();
        assert_eq!(h.name(0), Some("a\\b\\"));
    }

    #[test]
    fn grammar_cases() {
        let ok = |t: &str| parse(t.as_bytes(), &Limits::default()).unwrap();
        // `parity2;` and `start0;`: no space needed after a keyword
        assert_eq!(
            ok("parity1;start0;0 0 0 1;1 1 1 0;"),
            ok("parity 1;\nstart 0;\n0 0 0 1;\n1 1 1 0;\n")
        );
        // header-less
        assert_eq!(ok("0 0 0 1;\n1 1 1 0;\n").vertex_count(), 2);
        // empty: refused, with or without a header
        assert!(err("").contains("an empty file is not a parity game"));
        assert!(err(" \n\t\n").contains("an empty file"));
        assert!(err("parity 0;\n")
            .starts_with("line 1: the header says `parity 0` but no vertex follows"));
        // garbage after the last vertex
        assert_eq!(
            err("parity 1;\n0 0 0 1;\n1 1 1 0;\nend\n"),
            "line 4: expected a vertex statement (`id priority owner successors;`), found 'e'"
        );
        // start: once, before the vertices
        assert!(err("0 0 0 0;\nstart 0;\n").starts_with("line 2: `start V;` must come before"));
        assert!(err("start 0;\nstart 0;\n0 0 0 0;").starts_with("line 2: a second `start`"));
        // an old-style \" in a name
        assert!(err("0 0 0 0 \"a\\\"b\";").contains("write '\"' in a name as \\x22"));
    }

    #[test]
    fn rows_in_any_order_sorted_and_without_repeats() {
        let ok = |t: &str| parse(t.as_bytes(), &Limits::default()).unwrap();
        let in_order = ok("0 5 0 2,1,2;\n1 4 1 0;\n2 3 0 0,2,1;\n3 2 1 3;\n");
        assert_eq!(in_order.successors(0), &[1, 2]);
        assert_eq!(in_order.successors(2), &[0, 1, 2]);
        assert_eq!(in_order.predecessors(2), &[0, 2]);
        // The same vertices declared out of order, rows written differently.
        let shuffled = ok("2 3 0 1,0,2,2;\n0 5 0 1,2;\n3 2 1 3,3;\n1 4 1 0;\n");
        assert_eq!(in_order, shuffled);
        assert_eq!(in_order.edge_count(), 7);
        // A missing successor is found in an out-of-order file too, on its own line.
        assert_eq!(
            err("1 4 1 0;\n0 5 0 1,9;\n"),
            "line 2: vertex 0 has successor 9, which is not declared (the vertices are 0 to 1)"
        );
    }

    #[test]
    fn priorities_above_32_bits_are_renumbered() {
        let g = parse(
            b"parity 3;\n0 4294967296 0 1;\n1 4294967301 1 2;\n2 7 0 3;\n3 4294967296 1 0;\n",
            &Limits::default(),
        )
        .unwrap();
        // 7 < 2^32 < 2^32 + 5: order and parity kept, smallest such
        assert_eq!(g.priorities(), &[2, 3, 1, 2]);
        // up to 2^32 - 1 nothing changes
        let h = parse(b"0 4294967295 0 0;\n", &Limits::default()).unwrap();
        assert_eq!(h.priorities(), &[u32::MAX]);
        assert!(err("0 99999999999999999999 0 0;").contains("too large"));
    }

    #[test]
    fn sinks_only_for_dead_ends() {
        let g = Game::new(vec![Player::Zero, Player::One], vec![0, 0], &[]).unwrap();
        let t = total(&g).unwrap();
        assert_eq!(t.vertex_count(), 4);
        assert_eq!((t.successors(0), t.successors(1)), (&[2][..], &[3][..]));
        assert_eq!((t.owner(2), t.priority(2)), (Player::Zero, 1));
        assert_eq!((t.owner(3), t.priority(3)), (Player::One, 0));
        let w = Game::new(vec![Player::Zero], vec![0], &[(0, 0)]).unwrap();
        assert!(matches!(total(&w).unwrap(), std::borrow::Cow::Borrowed(_)));
        let empty = Game::new(vec![], vec![], &[]).unwrap();
        assert!(write(&empty, &mut Vec::new()).is_err());
    }

    #[test]
    fn the_budget_is_counted_on_the_whole_game_before_reading_it() {
        // 2000 vertices of 3 successors: about 30 KB of text, under 130 KB at the peak.
        let text: String = (0..2000u32)
            .map(|v| {
                format!(
                    "{v} {} {} {},{},{};\n",
                    v % 7,
                    v % 2,
                    (v + 1) % 2000,
                    (v + 2) % 2000,
                    (v + 3) % 2000
                )
            })
            .collect();
        let tight = Limits {
            max_bytes: 2 * text.len() as u64,
            ..Limits::default()
        };
        let e = parse(text.as_bytes(), &tight).unwrap_err();
        assert!(matches!(e, Error::OverBudget { .. }), "{e:?}");
        assert!(e.to_string().contains("reading this game"), "{e}");
        let roomy = Limits {
            max_bytes: 16 * text.len() as u64,
            ..Limits::default()
        };
        assert_eq!(parse(text.as_bytes(), &roomy).unwrap().edge_count(), 6000);
        // The estimate is the game's, whatever the budget it is refused under.
        let refusal = |max_bytes: u64| {
            let e = parse(
                text.as_bytes(),
                &Limits {
                    max_bytes,
                    ..Limits::default()
                },
            );
            let e = e.unwrap_err().to_string();
            e.split(", more than")
                .next()
                .unwrap_or_default()
                .to_string()
        };
        let at = |k: u64| refusal(k * text.len() as u64);
        assert_eq!(at(1), at(3));
        assert!(
            at(1).contains("up to 2000 vertices and 6000 edges"),
            "{}",
            at(1)
        );
        assert_eq!(
            declared_at_most(b"parity 1;\n0 1 0 0,1;\n1 0 1 0;\n"),
            (3, 4)
        );
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
        assert!(err("start 4;\n0 0 0 0;\n").starts_with("line 1: start vertex 4"));
        assert!(err("0 0 0 0;\nparity 1;\n").contains("must come first"));
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
