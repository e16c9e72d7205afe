//! Winner-controlled winning cycles: the dominions a search of strongly connected components
//! finds without solving anything (the preprocessing Oink applies before its solvers, van
//! Dijk, TACAS 2018), removed with their attractors before the portfolio races its methods.
//!
//! For a priority `p` of parity `α`, take the vertices of priority at most `p` that player `α`
//! controls: its own, and the opponent's that have a single move. A strongly connected
//! component of those (with a cycle: more than one vertex, or a self-loop) whose largest
//! priority has parity `α` is won by `α`, who keeps the token on it and sees that priority
//! again and again: a dominion, found by Tarjan's search from each vertex of priority `p` that
//! `α` owns, `p` from the top down. A component whose largest priority is `α`'s opponent's is
//! not won, but its vertices of `α` above its largest priority of parity `α` can never be on
//! a winning component of a lower `p` either (`α`'s searches are nested), and are not searched
//! again (nor are `α`'s vertices alone on their component without a self-loop).
//!
//! On random games these cycles are everywhere, and the attractor of the first found usually
//! takes in most of the game: PGSolver's random games of 10⁵ vertices are solved here
//! entirely. On Oink's lower-bound families, built against it, little or nothing is found and
//! the search costs a linear pass or a few.
//!
//! Complexity: the attractors together cost O(V + E) (a counter of successors per vertex,
//! counted once and kept from one dominion to the next, since the game only shrinks); each
//! search costs O(V + E) and a vertex may be searched again under several priorities, so the
//! searches are held to a budget of steps, after which what is left goes to the solvers as it
//! is. Memory: 24 bytes a vertex (a 16-byte record, the counter, the order of priorities) and
//! the search's stacks, at most 16 bytes a vertex.

use super::{by_decreasing_priority, Game, Player};
use fixedbitset::FixedBitSet;

/// `done`: not yet on a component.
const UNSEEN: u32 = u32::MAX;
/// `done`: never on a winning component again.
const NEVER: u32 = u32::MAX - 1;
/// `done`: a member of the winning component being solved.
const MEMBER: u32 = u32::MAX - 2;

/// A frame of the iterative Tarjan search: the vertex, the next of its successors to look at,
/// and the smallest preorder number it reaches.
struct Frame {
    v: u32,
    next: u32,
    low: u32,
    /// It has a move to itself (seen while its moves were looked at).
    looped: bool,
}

/// Finds winner-controlled winning cycles in the subgame `alive` (total: every vertex has a
/// successor in it) and decides them and their attractors: `winner` and `strategy` are set and
/// the vertices leave `alive`, which stays a total subgame. Stops early, leaving the rest
/// undecided, after `max_work` steps of search (a step is an edge looked at).
///
/// Returns the number of vertices decided. Example: in `0 (P0, 2) ⇄ 1 (P0, 1)`, player 0 owns
/// the cycle and its top priority, 2, is even: both vertices are player 0's (see the tests).
pub(crate) fn solve(
    game: &Game,
    alive: &mut FixedBitSet,
    winner: &mut [u8],
    strategy: &mut [u32],
    max_work: u64,
) -> usize {
    let n = game.vertex_count();
    let order = by_decreasing_priority(game, alive);
    let undecided = order.len();
    let vs = (0..n as u32)
        .map(|v| Vertex {
            prio: game.priority(v),
            done: UNSEEN,
            num: 0,
            traits: u32::from(game.owner(v).index())
                | if game.out_degree(v) == 1 { ONE_MOVE } else { 0 },
        })
        .collect();
    let mut s = Search {
        game,
        vs,
        cnt: alive_successors(game, alive),
        frames: Vec::new(),
        stack: Vec::new(),
        pre: 0,
        work: 0,
        max_work,
        decided: 0,
    };
    let mut round = 0u32;
    let mut last = None;
    for &i in &order {
        let v = i as usize;
        if !alive.contains(v) || s.vs[v].done == NEVER {
            continue;
        }
        let p = game.priority(i);
        let pl = Player::of_priority(p);
        if game.owner(i) != pl {
            // Its own priority is its opponent's: it starts no search.
            continue;
        }
        if last != Some(p) {
            last = Some(p);
            round += 1;
        }
        if s.vs[v].done == round {
            continue;
        }
        match s.search(i, p, round, alive) {
            Found::Nothing => {}
            Found::Dominion(head) => {
                let won = s.attract(pl, head, alive, winner, strategy);
                s.decided += won;
            }
            Found::OutOfWork => break,
        }
        if s.decided == undecided {
            break;
        }
    }
    s.decided
}

/// The number of successors in `alive` of each vertex (0 for the others): one pass over the
/// edges in order.
fn alive_successors(game: &Game, alive: &FixedBitSet) -> Vec<u32> {
    (0..game.vertex_count() as u32)
        .map(|v| {
            if !alive.contains(v as usize) {
                return 0;
            }
            game.successors(v)
                .iter()
                .filter(|&&w| alive.contains(w as usize))
                .count() as u32
        })
        .collect()
}

/// What a search from one vertex gave.
enum Found {
    Nothing,
    /// A component won by the searching player, its vertices marked [`MEMBER`]: its top vertex
    /// of that player's parity (see [`Search::judge`]).
    Dominion(u32),
    OutOfWork,
}

/// [`Vertex::traits`]: the vertex has a single move (bit 0 is its owner).
const ONE_MOVE: u32 = 2;

/// What the search knows of a vertex, together so that a look at a vertex is one load.
#[derive(Clone, Copy)]
struct Vertex {
    prio: u32,
    /// [`UNSEEN`], [`NEVER`], [`MEMBER`], or the round whose search put it on a component (not
    /// searched again in that round).
    done: u32,
    /// Its preorder number: visited by the current search iff larger than the number before
    /// the search's first.
    num: u32,
    /// Bit 0: its owner; [`ONE_MOVE`].
    traits: u32,
}

struct Search<'g> {
    game: &'g Game,
    vs: Vec<Vertex>,
    /// The attractors' counters: a vertex's successors still alive (at least one in a total
    /// subgame); 0 marks a vertex taken by an attractor.
    cnt: Vec<u32>,
    /// The search's frames and Tarjan's stack, kept from one search to the next.
    frames: Vec<Frame>,
    stack: Vec<u32>,
    pre: u32,
    work: u64,
    max_work: u64,
    decided: usize,
}

impl Search<'_> {
    /// Whether `w` is in the search's graph for priority `p` of player `pl`: alive, not ruled
    /// out, of priority at most `p`, and controlled by `pl` (its own, or the opponent's with a
    /// single move in the game).
    fn controlled(&self, w: u32, p: u32, pl: Player, round: u32, alive: &FixedBitSet) -> bool {
        if !alive.contains(w as usize) {
            return false;
        }
        let x = self.vs[w as usize];
        x.prio <= p
            && x.done != NEVER
            && x.done != round
            && (x.traits & 1 == u32::from(pl.index()) || x.traits & ONE_MOVE != 0)
    }

    /// Opens a frame for `v`, numbered next.
    fn enter(&mut self, v: u32, frames: &mut Vec<Frame>, stack: &mut Vec<u32>) {
        self.pre += 1;
        self.vs[v as usize].num = self.pre;
        stack.push(v);
        frames.push(Frame {
            v,
            next: 0,
            low: self.pre,
            looped: false,
        });
    }

    /// Tarjan's search from `start` (priority `p`, owned by the player of `p`'s parity) in the
    /// graph of [`Search::controlled`] vertices. Stops at the first component won by that
    /// player.
    fn search(&mut self, start: u32, p: u32, round: u32, alive: &FixedBitSet) -> Found {
        // Numbers up to `bot` are earlier searches'.
        if self.pre > u32::MAX - self.game.vertex_count() as u32 - 1 {
            return Found::OutOfWork;
        }
        let bot = self.pre;
        let (mut frames, mut stack) = (
            std::mem::take(&mut self.frames),
            std::mem::take(&mut self.stack),
        );
        frames.clear();
        stack.clear();
        self.enter(start, &mut frames, &mut stack);
        let found = self.tarjan(p, round, bot, alive, &mut frames, &mut stack);
        (self.frames, self.stack) = (frames, stack);
        found
    }

    /// The loop of [`Search::search`], on its frames and stack (kept from one search to the
    /// next).
    fn tarjan(
        &mut self,
        p: u32,
        round: u32,
        bot: u32,
        alive: &FixedBitSet,
        frames: &mut Vec<Frame>,
        stack: &mut Vec<u32>,
    ) -> Found {
        let game = self.game;
        let pl = Player::of_priority(p);
        while let Some(top) = frames.last_mut() {
            crate::stop::check();
            let v = top.v;
            let succ = game.successors(v);
            if (top.next as usize) < succ.len() {
                let w = succ[top.next as usize];
                top.next += 1;
                self.work += 1;
                if self.work > self.max_work {
                    return Found::OutOfWork;
                }
                if w == v {
                    top.looped = true;
                }
                if !self.controlled(w, p, pl, round, alive) {
                    continue;
                }
                let nw = self.vs[w as usize].num;
                if nw > bot {
                    // On the stack (finished vertices of this round are ruled out above).
                    if let Some(top) = frames.last_mut() {
                        top.low = top.low.min(nw);
                    }
                } else {
                    self.enter(w, frames, stack);
                }
                continue;
            }
            let Some(Frame { v, low, looped, .. }) = frames.pop() else {
                break;
            };
            if let Some(parent) = frames.last_mut() {
                parent.low = parent.low.min(low);
            }
            if low < self.vs[v as usize].num {
                continue;
            }
            // `v` is the root of a component: the stack from `v` up.
            let at = stack.iter().rposition(|&x| x == v).unwrap_or(0);
            let members = stack.split_off(at);
            if let Some(head) = self.judge(&members, looped, pl, round) {
                return Found::Dominion(head);
            }
        }
        Found::Nothing
    }

    /// A component just closed: whether `pl` wins it (then its members are marked [`MEMBER`]
    /// and its top vertex of `pl`'s parity is returned); otherwise its members are marked done
    /// for this round, or for good where no winning component can hold them. `looped`: the
    /// component's root has a move to itself.
    fn judge(&mut self, members: &[u32], looped: bool, pl: Player, round: u32) -> Option<u32> {
        // Nothing learnt here holds for good for the opponent's vertices that are in the
        // search because they have a single move: they are in the opponent's searches too.
        let never = |x: &Vertex| {
            if x.traits & 1 == u32::from(pl.index()) {
                NEVER
            } else {
                round
            }
        };
        if members.len() == 1 && !looped {
            let x = &mut self.vs[members[0] as usize];
            x.done = never(x);
            return None;
        }
        let prio = |m: u32| self.vs[m as usize].prio;
        let top = members.iter().map(|&m| prio(m)).max().unwrap_or(0);
        let good = members
            .iter()
            .copied()
            .filter(|&m| Player::of_priority(prio(m)) == pl)
            .max_by_key(|&m| prio(m));
        let Some(head) = good.filter(|_| Player::of_priority(top) == pl) else {
            let bar = good.map_or(-1, |g| i64::from(prio(g)));
            for &m in members {
                let x = &mut self.vs[m as usize];
                x.done = if i64::from(x.prio) > bar {
                    never(x)
                } else {
                    round
                };
            }
            return None;
        };
        for &m in members {
            self.vs[m as usize].done = MEMBER;
        }
        Some(head)
    }

    /// Decides the winning component (the vertices marked [`MEMBER`]) for `pl`: each member
    /// moves toward its top vertex `head` along a backward search inside the component, and
    /// `head` to a member it reaches the others from; then `pl`'s attractor of the component in
    /// `alive`. Returns the number of vertices decided.
    fn attract(
        &mut self,
        pl: Player,
        head: u32,
        alive: &mut FixedBitSet,
        winner: &mut [u8],
        strategy: &mut [u32],
    ) -> usize {
        let game = self.game;
        // The backward search inside the component: every member reaches `head`, which is
        // reached last from one of them.
        let mut queue: Vec<u32> = Vec::new();
        let mut at = 0;
        let mut cur = head;
        loop {
            for &u in game.predecessors(cur) {
                let ui = u as usize;
                if self.vs[ui].done == MEMBER && self.cnt[ui] != 0 {
                    self.cnt[ui] = 0;
                    strategy[ui] = cur;
                    winner[ui] = pl.index();
                    queue.push(u);
                }
            }
            if at == queue.len() {
                break;
            }
            cur = queue[at];
            at += 1;
        }
        // The attractor: a vertex leaves `alive` when its predecessors are looked at, and their
        // counters count down the successors still alive.
        let owners = game.owner_bits();
        let mine = pl == Player::One;
        let mut head_at = 0;
        while head_at < queue.len() {
            crate::stop::check();
            let w = queue[head_at];
            head_at += 1;
            alive.set(w as usize, false);
            for &u in game.predecessors(w) {
                let ui = u as usize;
                if !alive.contains(ui) || self.cnt[ui] == 0 {
                    continue;
                }
                if (owners[ui / 64] >> (ui % 64)) & 1 == u64::from(mine) {
                    strategy[ui] = w;
                } else {
                    self.cnt[ui] -= 1;
                    if self.cnt[ui] > 0 {
                        continue;
                    }
                }
                self.cnt[ui] = 0;
                winner[ui] = pl.index();
                queue.push(u);
            }
        }
        queue.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::solve::{parity_from, Decided, ParityAlgorithm};
    use crate::game::{check, solve_parity, Objective};
    use crate::grid::Limits;

    fn game(owners: &[u8], prios: &[u32], edges: &[(u32, u32)]) -> Game {
        let owners = owners
            .iter()
            .map(|&o| Player::from_index(u64::from(o)).unwrap())
            .collect();
        Game::new(owners, prios.to_vec(), edges).unwrap()
    }

    /// Runs [`solve`] on the whole of `g` (no dead ends): the decided vertices, winners and
    /// strategies.
    fn decide(g: &Game, max_work: u64) -> (usize, FixedBitSet, Vec<u8>, Vec<u32>) {
        let n = g.vertex_count();
        let mut alive = FixedBitSet::with_capacity(n);
        alive.insert_range(..);
        let mut winner = vec![9; n];
        let mut strategy = vec![super::super::NONE; n];
        let k = solve(g, &mut alive, &mut winner, &mut strategy, max_work);
        (k, alive, winner, strategy)
    }

    #[test]
    fn a_winning_self_loop_a_winning_cycle_and_their_attractors() {
        // 0 (P0, 2) → 1; 1 (P0, 1) → 0, 2; 2 (P1, 4) → 0 only; 3 (P1, 3) → 3, 0.
        // Player 1's search from 3 finds its self-loop (priority 3, odd); player 0's from 0
        // finds the cycle 0 ⇄ 1 (top priority 2), whose attractor takes 2 (a single move).
        let g = game(
            &[0, 0, 1, 1],
            &[2, 1, 4, 3],
            &[(0, 1), (1, 0), (1, 2), (2, 0), (3, 3), (3, 0)],
        );
        let (k, alive, winner, strategy) = decide(&g, u64::MAX);
        assert_eq!(k, 4);
        assert!(alive.is_clear());
        assert_eq!(winner, [0, 0, 0, 1]);
        assert_eq!((strategy[0], strategy[1], strategy[3]), (1, 0, 3));
    }

    #[test]
    fn a_cycle_whose_top_priority_is_the_opponents_is_not_won() {
        // 0 (P0, 3) ⇄ 1 (P0, 2): player 0 owns the cycle, but its top priority is odd; and
        // 0 does not start a search (its priority is player 1's).
        let g = game(&[0, 0], &[3, 2], &[(0, 1), (1, 0)]);
        let (k, alive, ..) = decide(&g, u64::MAX);
        assert_eq!((k, alive.count_ones(..)), (0, 2));
    }

    #[test]
    fn no_work_decides_nothing() {
        let g = game(&[0, 0], &[2, 1], &[(0, 1), (1, 0)]);
        assert_eq!(decide(&g, 0).0, 0);
        assert_eq!(decide(&g, 2).0, 2);
    }

    /// A random game of `n` vertices: owners, priorities below `prios`, one to three moves
    /// each (a vertex without moves now and then).
    fn random_game(seed: u64, n: u32, prios: u32) -> Game {
        let mut x = seed | 1;
        let mut next = |m: u32| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x % u64::from(m)) as u32
        };
        let (mut owners, mut priorities, mut edges) = (vec![], vec![], vec![]);
        for v in 0..n {
            owners.push(next(2) as u8);
            priorities.push(next(prios));
            if next(16) > 0 {
                for _ in 0..1 + next(3) {
                    edges.push((v, next(n)));
                }
            }
        }
        edges.sort_unstable();
        edges.dedup();
        game(&owners, &priorities, &edges)
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(300))]

        /// What is decided before the methods run, and what each method then decides, gives
        /// Zielonka's regions on the whole game, with strategies the checker accepts; the
        /// portfolio's too.
        #[test]
        fn decided_first_then_any_method_agrees_with_zielonka(
            seed: u64,
            n in 1u32..60,
            prios in 1u32..12,
        ) {
            let g = random_game(seed, n, prios);
            let truth = solve_parity(&g, ParityAlgorithm::Zielonka).unwrap();
            let decided = Decided::new(&g, u64::MAX);
            let limits = Limits::default();
            for method in ParityAlgorithm::ALL {
                let s = if method == ParityAlgorithm::Portfolio {
                    solve_parity(&g, method).unwrap()
                } else {
                    parity_from(&g, method, &limits, Some(&decided)).unwrap()
                };
                check(&g, &Objective::Parity, &s).unwrap();
                for v in 0..n {
                    proptest::prop_assert_eq!(s.winner(v), truth.winner(v), "{:?} {}", method, v);
                }
            }
        }
    }

    #[test]
    fn random_games_are_decided_here_and_a_counter_family_checks() {
        // PGSolver-like random games: found everywhere.
        let g = random_game(7, 5000, 5000);
        let decided = Decided::new(&g, 4 * 20_000);
        assert!(decided.is_complete());
        check(&g, &Objective::Parity, &decided.into_solution(&g)).unwrap();
        // Built against it: the search stops within its budget, and what it decided is right.
        let text = include_bytes!("../../tests/games/oink-families/counter_dp-16.pg");
        let g = crate::game::format::pg::parse(&text[..], &Default::default()).unwrap();
        let decided = Decided::new(&g, 4 * (g.vertex_count() + g.edge_count()) as u64);
        let s = parity_from(
            &g,
            ParityAlgorithm::TangleLearning,
            &Limits::default(),
            Some(&decided),
        );
        check(&g, &Objective::Parity, &s.unwrap()).unwrap();
    }
}
