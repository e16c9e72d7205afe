//! Property tests of the game engine against slow, obviously correct references:
//! attractors against the fixed-point definition, maze orientation against shortest paths,
//! parity solutions against brute force over positional strategies, formats by round trips.
//!
//! The `#[ignore]`d test at the end reads third-party games from `shared/games` beside the
//! clone (not shipped with the crate): `cargo test --test game_props -- --ignored`.

use mazegraph::game::format::{dot, json, pg, GameFormat};
use mazegraph::game::{
    attractor, check, orient, solve, solve_parity, Game, Objective, ParityAlgorithm, Player,
    Solution, NONE,
};
use mazegraph::grid::{Grid, Limits, Shape};
use mazegraph::{Graph, Maze};
use proptest::prelude::*;

#[path = "common/families.rs"]
mod families;

use families::{random_game, random_total_game, Rng};

/// Attr_p(T) by the definition: X₀ = T, X_{i+1} = X_i ∪ {v of p with a successor in X_i}
/// ∪ {v of the opponent with all successors in X_i}; rank = first i with v ∈ X_i.
fn slow_attractor(g: &Game, p: Player, target: &[u32]) -> Vec<u32> {
    let n = g.vertex_count();
    let mut rank = vec![NONE; n];
    for &t in target {
        rank[t as usize] = 0;
    }
    let mut round = 0;
    loop {
        round += 1;
        let inside = |w: &u32| rank[*w as usize] < round;
        let new: Vec<u32> = (0..n as u32)
            .filter(|&v| rank[v as usize] == NONE)
            .filter(|&v| {
                let s = g.successors(v);
                if g.owner(v) == p {
                    s.iter().any(inside)
                } else {
                    s.iter().all(inside)
                }
            })
            .collect();
        if new.is_empty() {
            return rank;
        }
        for v in new {
            rank[v as usize] = round;
        }
    }
}

/// Parity by brute force: player 0 wins from v iff some positional strategy σ of player 0
/// leaves player 1 unable to reach, in the graph of σ, a 0-dead end or a cycle whose largest
/// priority is odd.
fn brute_parity(g: &Game) -> Vec<Player> {
    let n = g.vertex_count();
    let choice_vertices: Vec<u32> = (0..n as u32)
        .filter(|&v| g.owner(v) == Player::Zero && g.out_degree(v) > 0)
        .collect();
    let mut won0 = vec![false; n];
    let mut idx = vec![0usize; choice_vertices.len()];
    loop {
        let mut sigma = vec![NONE; n];
        for (k, &v) in choice_vertices.iter().enumerate() {
            sigma[v as usize] = g.successors(v)[idx[k]];
        }
        let moves = |v: u32| -> Vec<u32> {
            if g.owner(v) == Player::Zero {
                if sigma[v as usize] == NONE {
                    vec![]
                } else {
                    vec![sigma[v as usize]]
                }
            } else {
                g.successors(v).to_vec()
            }
        };
        // bad: 0-dead ends, and odd-priority vertices on a cycle of priorities ≤ theirs.
        let mut bad = vec![false; n];
        for u in 0..n as u32 {
            if g.owner(u) == Player::Zero && g.out_degree(u) == 0 {
                bad[u as usize] = true;
            }
            let q = g.priority(u);
            if q % 2 == 1 {
                let mut seen = vec![false; n];
                let mut stack: Vec<u32> = moves(u)
                    .into_iter()
                    .filter(|&w| g.priority(w) <= q)
                    .collect();
                while let Some(w) = stack.pop() {
                    if w == u {
                        bad[u as usize] = true;
                        break;
                    }
                    if std::mem::replace(&mut seen[w as usize], true) {
                        continue;
                    }
                    stack.extend(moves(w).into_iter().filter(|&x| g.priority(x) <= q));
                }
            }
        }
        for v in 0..n as u32 {
            let mut seen = vec![false; n];
            let mut stack = vec![v];
            let mut reaches_bad = false;
            while let Some(w) = stack.pop() {
                if std::mem::replace(&mut seen[w as usize], true) {
                    continue;
                }
                if bad[w as usize] {
                    reaches_bad = true;
                    break;
                }
                stack.extend(moves(w));
            }
            if !reaches_bad {
                won0[v as usize] = true;
            }
        }
        // next strategy
        let mut k = 0;
        loop {
            if k == idx.len() {
                return won0
                    .iter()
                    .map(|&w| if w { Player::Zero } else { Player::One })
                    .collect();
            }
            idx[k] += 1;
            if idx[k] < g.out_degree(choice_vertices[k]) as usize {
                break;
            }
            idx[k] = 0;
            k += 1;
        }
    }
}

fn winners(s: &Solution) -> Vec<Player> {
    (0..s.len() as u32).map(|v| s.winner(v)).collect()
}

/// The same solution with vertex `v`'s winner flipped (and a plausible move).
fn flipped(g: &Game, s: &Solution, v: u32) -> Solution {
    let mut w = winners(s);
    w[v as usize] = w[v as usize].opponent();
    let strat = (0..s.len() as u32)
        .map(|u| {
            s.strategy(u)
                .or_else(|| g.successors(u).first().copied())
                .unwrap_or(NONE)
        })
        .collect();
    Solution::new(w, strat)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn attractor_is_the_fixed_point(seed: u64, n in 1usize..40, tcount in 0usize..4, one: bool) {
        let g = random_game(seed, n, 3, 3);
        let p = if one { Player::One } else { Player::Zero };
        let mut r = Rng(seed ^ 0x9e37);
        let target: Vec<u32> = (0..tcount).map(|_| r.below(n as u64) as u32).collect();
        let a = attractor(&g, p, &target).unwrap();
        let want = slow_attractor(&g, p, &target);
        prop_assert_eq!(a.ranks(), want.clone());
        // order is by rank; strategies step down one rank; escapes stay outside
        let ranks: Vec<u32> = a.vertices().iter().map(|&v| want[v as usize]).collect();
        prop_assert!(ranks.windows(2).all(|w| w[0] <= w[1]));
        for v in 0..n as u32 {
            match (a.rank(v), g.owner(v) == p) {
                (Some(r), true) if r > 0 => {
                    let s = a.strategy(v).unwrap();
                    prop_assert!(g.has_edge(v, s));
                    prop_assert_eq!(a.rank(s), Some(r - 1));
                }
                (None, false) => {
                    let e = a.escape(&g, v).unwrap();
                    prop_assert!(g.has_edge(v, e) && !a.contains(e));
                }
                _ => prop_assert_eq!(a.strategy(v), None),
            }
        }
        // reachability / safety solutions are accepted by the checker
        let obj = Objective::Reach { player: p, target: target.clone() };
        let s = solve(&g, &obj).unwrap();
        prop_assert!(check(&g, &obj, &s).is_ok(), "{:?}", check(&g, &obj, &s));
        let safe = Objective::Safety { player: p.opponent(), avoid: target };
        prop_assert!(check(&g, &safe, &s).is_ok());
        let v = r.below(n as u64) as u32;
        prop_assert!(check(&g, &obj, &flipped(&g, &s, v)).is_err());
    }

    #[test]
    fn parity_agrees_with_brute_force(seed: u64, n in 1usize..9, prios in 1u32..6) {
        let g = random_game(seed, n, prios, 3);
        let brute = brute_parity(&g);
        for algo in [
            ParityAlgorithm::TangleLearning,
            ParityAlgorithm::RecursiveTangleLearning,
            ParityAlgorithm::Zielonka,
            ParityAlgorithm::PriorityPromotion,
            ParityAlgorithm::FixpointJustifications,
        ] {
            let s = solve_parity(&g, algo).unwrap();
            prop_assert_eq!(winners(&s), brute.clone(), "{:?}", algo);
            prop_assert!(check(&g, &Objective::Parity, &s).is_ok(), "{:?}: {:?}", algo, check(&g, &Objective::Parity, &s));
            let v = (seed % n as u64) as u32;
            prop_assert!(check(&g, &Objective::Parity, &flipped(&g, &s, v)).is_err());
        }
    }

    /// Tangle learning, recursive tangle learning, priority promotion, fixpoint iteration with
    /// justifications, the default and Zielonka's algorithm find the same winning regions, and the checker accepts all their strategies: games with dead ends
    /// (out-degree 0 to 4) and total games (1 to 5, as PGSolver's randomgame), few or many
    /// priorities.
    #[test]
    fn tangle_learning_and_priority_promotion_agree_with_zielonka(seed: u64, n in 1usize..300, prios in 1u32..40, total: bool) {
        let g = if total {
            random_total_game(seed, n, prios, 5)
        } else {
            random_game(seed, n, prios, 4)
        };
        let pp = solve_parity(&g, ParityAlgorithm::PriorityPromotion).unwrap();
        // The default races priority promotion and recursive tangle learning: the regions are
        // the same whichever answers first, the strategies that one's.
        let default = solve(&g, &Objective::Parity).unwrap();
        prop_assert_eq!(winners(&default), winners(&pp));
        prop_assert!(check(&g, &Objective::Parity, &default).is_ok());
        let tl = solve_parity(&g, ParityAlgorithm::TangleLearning).unwrap();
        let zlk = solve_parity(&g, ParityAlgorithm::Zielonka).unwrap();
        prop_assert_eq!(winners(&tl), winners(&zlk));
        prop_assert!(check(&g, &Objective::Parity, &tl).is_ok(), "{:?}", check(&g, &Objective::Parity, &tl));
        prop_assert!(check(&g, &Objective::Parity, &zlk).is_ok(), "{:?}", check(&g, &Objective::Parity, &zlk));
        prop_assert_eq!(winners(&pp), winners(&zlk));
        prop_assert!(check(&g, &Objective::Parity, &pp).is_ok(), "{:?}", check(&g, &Objective::Parity, &pp));
        let rtl = solve_parity(&g, ParityAlgorithm::RecursiveTangleLearning).unwrap();
        prop_assert_eq!(winners(&rtl), winners(&zlk));
        prop_assert!(check(&g, &Objective::Parity, &rtl).is_ok(), "{:?}", check(&g, &Objective::Parity, &rtl));
        // Fixpoint iteration with justifications: the same regions, its own strategies.
        let fpj = solve_parity(&g, ParityAlgorithm::FixpointJustifications).unwrap();
        prop_assert_eq!(winners(&fpj), winners(&zlk));
        prop_assert!(check(&g, &Objective::Parity, &fpj).is_ok(), "{:?}", check(&g, &Objective::Parity, &fpj));
    }

    #[test]
    fn parity_solutions_check_on_larger_games(seed: u64, n in 10usize..200, prios in 1u32..12) {
        let g = random_game(seed, n, prios, 4);
        let s = solve(&g, &Objective::Parity).unwrap();
        prop_assert!(check(&g, &Objective::Parity, &s).is_ok(), "{:?}", check(&g, &Objective::Parity, &s));
        let v = (seed % n as u64) as u32;
        prop_assert!(check(&g, &Objective::Parity, &flipped(&g, &s, v)).is_err());
    }

    #[test]
    fn buchi_is_parity_with_two_priorities(seed: u64, n in 1usize..60, one: bool) {
        let g = random_game(seed, n, 2, 3);
        let p = if one { Player::One } else { Player::Zero };
        let accepting: Vec<u32> = (0..n as u32).filter(|&v| g.priority(v) == 1).collect();
        let obj = Objective::Buchi { player: p, accepting: accepting.clone() };
        let s = solve(&g, &obj).unwrap();
        prop_assert!(check(&g, &obj, &s).is_ok(), "{:?}", check(&g, &obj, &s));
        // the same game with priorities 2+p on accepting vertices, 1-p elsewhere
        let owners = (0..n as u32).map(|v| g.owner(v)).collect();
        let pr = (0..n as u32)
            .map(|v| if g.priority(v) == 1 { 2 + p.index() as u32 } else { 1 - p.index() as u32 })
            .collect();
        let edges: Vec<(u32, u32)> = g.edges().collect();
        let h = Game::new(owners, pr, &edges).unwrap();
        let t = solve(&h, &Objective::Parity).unwrap();
        prop_assert_eq!(winners(&s), winners(&t));
    }

    /// pg's sinks (a vertex without successors moves to a sink where its owner loses) keep
    /// the winner of every vertex of the game.
    #[test]
    fn pg_sinks_keep_the_winners(seed: u64, n in 1usize..40, prios in 1u32..8) {
        let g = random_game(seed, n, prios, 2);
        let t = pg::total(&g).unwrap();
        prop_assert!((0..t.vertex_count() as u32).all(|v| !t.successors(v).is_empty()));
        let s = solve(&g, &Objective::Parity).unwrap();
        let u = solve(&t, &Objective::Parity).unwrap();
        prop_assert_eq!(winners(&s), winners(&u)[..n].to_vec());
    }

    #[test]
    fn formats_roundtrip(seed: u64, n in 0usize..30, named: bool, start: bool) {
        let mut g = random_game(seed, n, 20, 3);
        if named {
            let names = (0..n).map(|v| if v % 3 == 0 { String::new() } else { format!("v \"{v}\"; \\x") }).collect();
            g.set_names(Some(names)).unwrap();
        }
        if start && n > 0 {
            g.set_start(Some((seed % n as u64) as u32)).unwrap();
        }
        for f in GameFormat::ALL {
            let mut out = Vec::new();
            if f == GameFormat::Pg && n == 0 {
                // the grammar needs a vertex: refused
                prop_assert!(f.write(&g, &mut out).is_err());
                continue;
            }
            f.write(&g, &mut out).unwrap();
            let back = f.read(&out, &Default::default()).map_err(|e| e.to_string());
            // pg routes dead ends to sinks where their owner loses: the same winners
            let want = if f == GameFormat::Pg { pg::total(&g).unwrap().into_owned() } else { g.clone() };
            prop_assert_eq!(back, Ok(want), "{}", f);
        }
        let _ = (pg::write, json::write, dot::write);
    }
}

/// A random n-D maze with explicit random terminals and portals.
fn random_maze(seed: u64, dims: Vec<usize>, portals: usize) -> Option<Maze> {
    let mut r = Rng(seed | 1);
    let shape = Shape::new(dims).unwrap();
    let mut grid = Grid::walls(shape.clone());
    for i in 0..shape.len() {
        if r.below(100) < 62 {
            grid.set_path(i, true);
        }
    }
    let paths: Vec<usize> = grid.paths().collect();
    if paths.len() < 2 {
        return None;
    }
    let mut m = Maze::new(grid);
    let pick = |r: &mut Rng| paths[r.below(paths.len() as u64) as usize];
    let s = pick(&mut r);
    let mut g = pick(&mut r);
    while g == s {
        g = pick(&mut r);
    }
    m.set_terminals(Some(s), Some(g)).unwrap();
    for _ in 0..portals {
        let (a, b) = (pick(&mut r), pick(&mut r));
        if a != b {
            m.add_portal(a, b).unwrap();
        }
    }
    Some(m)
}

/// A random perfect n-D maze: rooms at even coordinates, a randomized depth-first spanning
/// tree opens the wall cell between two rooms; terminals at two random rooms.
fn perfect_maze(seed: u64, rooms: &[usize]) -> Maze {
    let mut r = Rng(seed | 1);
    let dims: Vec<usize> = rooms.iter().map(|&k| 2 * k - 1).collect();
    let shape = Shape::new(dims).unwrap();
    let mut grid = Grid::walls(shape.clone());
    let is_room = |i: usize| (0..shape.ndim()).all(|k| shape.coord(i, k).is_multiple_of(2));
    let room_cells: Vec<usize> = (0..shape.len()).filter(|&i| is_room(i)).collect();
    let first = room_cells[r.below(room_cells.len() as u64) as usize];
    grid.set_path(first, true);
    let mut stack = vec![first];
    while let Some(&c) = stack.last() {
        // unvisited rooms two steps away along one axis
        let mut options = Vec::new();
        for k in 0..shape.ndim() {
            let x = shape.coord(c, k);
            let st = shape.strides()[k];
            if x >= 2 && !grid.is_path(c - 2 * st) {
                options.push((c - st, c - 2 * st));
            }
            if x + 2 < shape.dims()[k] && !grid.is_path(c + 2 * st) {
                options.push((c + st, c + 2 * st));
            }
        }
        if options.is_empty() {
            stack.pop();
            continue;
        }
        let (wall, next) = options[r.below(options.len() as u64) as usize];
        grid.set_path(wall, true);
        grid.set_path(next, true);
        stack.push(next);
    }
    let mut m = Maze::new(grid);
    let s = room_cells[r.below(room_cells.len() as u64) as usize];
    let mut g = room_cells[r.below(room_cells.len() as u64) as usize];
    if g == s {
        g = if s == room_cells[0] {
            room_cells[1]
        } else {
            room_cells[0]
        };
    }
    m.set_terminals(Some(s), Some(g)).unwrap();
    m
}

/// BFS distances over the maze's cell graph, from vertex `from`.
fn bfs(g: &Graph, from: u32) -> Vec<u32> {
    let mut d = vec![NONE; g.vertex_count()];
    d[from as usize] = 0;
    let mut q = std::collections::VecDeque::from([from]);
    while let Some(u) = q.pop_front() {
        for &v in g.neighbours(u) {
            if d[v as usize] == NONE {
                d[v as usize] = d[u as usize] + 1;
                q.push_back(v);
            }
        }
    }
    d
}

fn dims_strategy() -> impl Strategy<Value = Vec<usize>> {
    (2usize..=5).prop_flat_map(|nd| {
        let max = match nd {
            2 => 12,
            3 => 6,
            4 => 4,
            _ => 3,
        };
        proptest::collection::vec(2usize..=max, nd)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    /// The attractor of the goal in the oriented maze is the set of cells on shortest
    /// solutions (dist from start + dist to goal = length), ranks are distances to the goal.
    #[test]
    fn orientation_attractor_is_shortest_solutions(seed: u64, dims in dims_strategy(), portals in 0usize..4) {
        let Some(m) = random_maze(seed, dims, portals) else { return Ok(()) };
        let o = orient(&m).unwrap();
        let a = attractor(&o.game, Player::Zero, &[o.goal]).unwrap();
        let g = Graph::from_maze(&m);
        prop_assert_eq!(g.vertex_count(), o.game.vertex_count());
        let (s, t) = (g.start().unwrap(), g.goal().unwrap());
        prop_assert_eq!((s, t), (o.start, o.goal));
        let ds = bfs(&g, s);
        let dt = bfs(&g, t);
        let len = ds[t as usize];
        for v in 0..g.vertex_count() as u32 {
            let on_shortest = len != NONE
                && ds[v as usize] != NONE
                && ds[v as usize] as u64 + dt[v as usize] as u64 == len as u64;
            let want = on_shortest || v == t;
            prop_assert_eq!(a.contains(v), want, "vertex {}", g.label(v));
            if want {
                prop_assert_eq!(a.rank(v), Some(dt[v as usize]));
            }
            prop_assert_eq!(o.game.owner(v), Player::Zero);
            // vertices are the path cells in order, as in the cell graph
            prop_assert_eq!(Some(o.cells[v as usize] as usize), g.cell(v));
        }
    }

    /// On a perfect maze the attractor is the unique solution path, which is what dead-end
    /// filling leaves (src/solve's dead-end filler can be cross-checked here once merged).
    #[test]
    fn perfect_maze_attractor_is_the_path(seed: u64, dims in dims_strategy()) {
        let rooms: Vec<usize> = dims.iter().map(|&d| d.div_ceil(2).max(2)).collect();
        let m = perfect_maze(seed, &rooms);
        let g = Graph::from_maze(&m);
        prop_assert_eq!(g.edge_count() + 1, g.vertex_count()); // a tree
        let o = orient(&m).unwrap();
        let a = attractor(&o.game, Player::Zero, &[o.goal]).unwrap();
        // the tree path, by parent pointers of a BFS from the start
        let mut parent = vec![NONE; g.vertex_count()];
        parent[o.start as usize] = o.start;
        let mut q = std::collections::VecDeque::from([o.start]);
        while let Some(u) = q.pop_front() {
            for &v in g.neighbours(u) {
                if parent[v as usize] == NONE {
                    parent[v as usize] = u;
                    q.push_back(v);
                }
            }
        }
        let mut path = vec![o.goal];
        while *path.last().unwrap() != o.start {
            path.push(parent[*path.last().unwrap() as usize]);
        }
        let mut got: Vec<u32> = a.vertices().to_vec();
        prop_assert_eq!(&got, &path); // by rank: goal first, start last
        got.sort_unstable();
        let mut want = path.clone();
        want.sort_unstable();
        prop_assert_eq!(got, want);
    }
}

/// The recursive ladder, Zielonka's exponential family: the three algorithms agree and are
/// verified at small sizes; tangle learning and priority promotion alone on larger ones.
#[test]
fn recursive_ladders() {
    for levels in 2..=12 {
        let g = families::recursive_ladder(levels);
        assert_eq!(g.vertex_count(), 5 * levels);
        let tl = solve_parity(&g, ParityAlgorithm::TangleLearning).unwrap();
        let zlk = solve_parity(&g, ParityAlgorithm::Zielonka).unwrap();
        let pp = solve_parity(&g, ParityAlgorithm::PriorityPromotion).unwrap();
        let rtl = solve_parity(&g, ParityAlgorithm::RecursiveTangleLearning).unwrap();
        assert_eq!(winners(&tl), winners(&zlk), "{levels} levels");
        assert_eq!(winners(&pp), winners(&zlk), "{levels} levels");
        assert_eq!(winners(&rtl), winners(&zlk), "{levels} levels");
        check(&g, &Objective::Parity, &rtl).unwrap();
        check(&g, &Objective::Parity, &tl).unwrap();
        check(&g, &Objective::Parity, &zlk).unwrap();
        check(&g, &Objective::Parity, &pp).unwrap();
    }
    for levels in [100, 1000] {
        let g = families::recursive_ladder(levels);
        let tl = solve_parity(&g, ParityAlgorithm::TangleLearning).unwrap();
        check(&g, &Objective::Parity, &tl).unwrap();
        let pp = solve_parity(&g, ParityAlgorithm::PriorityPromotion).unwrap();
        check(&g, &Objective::Parity, &pp).unwrap();
        assert_eq!(winners(&pp), winners(&tl), "{levels} levels");
    }
}

// ---- third-party games from ../shared/games (not shipped): run with --ignored ----------------

fn shared_games() -> Vec<std::path::PathBuf> {
    // $MAZEGRAPH_SHARED/games, else shared/ beside the clone or beside a worktree's parent.
    let here = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let root = [
        std::env::var_os("MAZEGRAPH_SHARED").map(|s| std::path::Path::new(&s).join("games")),
        Some(here.join("../shared/games")),
        Some(here.join("../../shared/games")),
    ]
    .into_iter()
    .flatten()
    .find(|p| p.exists())
    .unwrap_or_else(|| here.join("../shared/games"));
    let mut out = Vec::new();
    for sub in ["tiny", "syntcomp"] {
        let dir = root.join(sub);
        for e in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
            let p = e.unwrap().path();
            if p.extension().is_some_and(|x| x == "pg") {
                out.push(p);
            }
        }
    }
    out.sort();
    assert!(out.len() >= 10, "expected the shared games, found {out:?}");
    out
}

#[test]
#[ignore = "reads ../shared/games, which is not part of the crate"]
fn shared_games_load_and_parity_solutions_check() {
    for p in shared_games() {
        let bytes = std::fs::read(&p).unwrap();
        let g = pg::parse(&bytes, &Limits::default())
            .unwrap_or_else(|e| panic!("{}: {e}", p.display()));
        let s = solve(&g, &Objective::Parity).unwrap();
        check(&g, &Objective::Parity, &s).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
        let z = solve_parity(&g, ParityAlgorithm::Zielonka).unwrap();
        check(&g, &Objective::Parity, &z).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
        assert_eq!(winners(&s), winners(&z), "{}", p.display());
        let tl = solve_parity(&g, ParityAlgorithm::TangleLearning).unwrap();
        check(&g, &Objective::Parity, &tl).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
        assert_eq!(winners(&tl), winners(&z), "{}", p.display());
        // the same game written and read back
        let mut out = Vec::new();
        pg::write(&g, &mut out).unwrap();
        assert_eq!(
            pg::parse(&out, &Limits::default()).unwrap(),
            *pg::total(&g).unwrap()
        );
        let small = g.vertex_count() <= 24
            && (0..g.vertex_count() as u32)
                .filter(|&v| g.owner(v) == Player::Zero)
                .map(|v| g.out_degree(v).max(1) as f64)
                .product::<f64>()
                <= 200_000.0;
        if small {
            assert_eq!(winners(&s), brute_parity(&g), "{}", p.display());
        }
        eprintln!(
            "{}: {} vertices, {} edges, player 0 wins {}{}",
            p.file_name().unwrap().to_string_lossy(),
            g.vertex_count(),
            g.edge_count(),
            s.region(Player::Zero).len(),
            if small { " (= brute force)" } else { "" }
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// Malformed input never panics: random bytes, and valid files with a few bytes changed,
    /// give a game or an error.
    #[test]
    fn readers_never_panic(seed: u64, noise in proptest::collection::vec(any::<u8>(), 0..64), edits in 0usize..6) {
        let g = random_game(seed, 6, 4, 3);
        let mut r = Rng(seed ^ 0xabcdef);
        for f in GameFormat::ALL {
            let _ = f.read(&noise, &Default::default());
            let mut text = Vec::new();
            f.write(&g, &mut text).unwrap();
            for _ in 0..edits {
                let k = r.below(text.len() as u64) as usize;
                let pool = b"0123456789 ,;\"\n-{}[]:x";
                text[k] = pool[r.below(pool.len() as u64) as usize];
            }
            let opts = mazegraph::format::ReadOptions { limits: Limits::cells(1000), ..Default::default() };
            let _ = f.read(&text, &opts);
        }
        let _ = pg::parse_solution(&noise, 6);
    }
}
