//! `mazegraph solve-game`: parity, Büchi, safety and reachability games, solved and verified,
//! or a claimed solution checked.

use super::attractor::read_game;
use super::io::{located, Output, OutputArg};
use super::out::outln;
use super::Global;
use anyhow::{anyhow, bail, Result};
use mazegraph::game::format::{pg, GameFormat};
use mazegraph::game::{check, solve_within, Game, Objective, ParityAlgorithm, Player, Solution};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

/// Solve a game: both winning regions and winning strategies, verified by the checker.
#[derive(clap::Args)]
#[command(
    after_help = "Parity games are max-parity, as in PGSolver: player 0 wins a play when the largest priority
seen infinitely often is even. A player who cannot move loses. Parity games are solved by
default by a portfolio: first the dominions a search finds without solving (cycles a player
controls whose top priority is theirs, with their attractors, as Oink's preprocessing; random
games are decided there), then on the rest priority promotion (Benerecetti, Dell'Erba, Mogavero 2016, as Oink's
`npp`) and recursive tangle learning (van Dijk 2018, as Oink's `rtl`; it hands over to tangle
learning, Oink's `tl`, and back, as their tangles outgrow the game's size; on games with few
priorities for their size it first tries fixpoint iteration with justifications for a bounded
time) raced on two threads, the first answer taken; each is slow on families where the other is
fast. --method pp, rtl,
tangle, fpj (fixpoint iteration with justifications, van Dijk et al., as Oink's `fpj`) or
zielonka (Zielonka's recursive algorithm, exponential on ladder-like games) runs one alone,
with the same strategies every run. Büchi, safety and reachability
objectives are player P's (--player), on the vertices given by --target and/or --priority.
Every solution is verified by an independent checker before it is reported.

The solution is written in PGSolver's `paritysol` format (`vertex winner [move];`) to a .sol
file or with --to sol, or as JSON ({\"winner\": {\"0\": […], \"1\": […]}, \"strategy\": {…}}).
--check FILE verifies a claimed paritysol solution instead (exit status 1 when it is wrong).

Examples:
  mazegraph solve-game game.pg                        # summary
  mazegraph solve-game game.pg -o game.sol            # PGSolver solution
  mazegraph solve-game game.pg --method pp          # one method alone
  mazegraph solve-game game.pg --method zielonka
  mazegraph solve-game game.pg --check claimed.sol
  mazegraph solve-game game.pg --objective buchi --priority 2 --to json
  mazegraph solve-game game.pg --objective safety --player 1 --target 0,4"
)]
pub struct Args {
    /// The game (.pg, .gm, .game.json, .game.dot; `-` for standard input, with --from).
    input: PathBuf,
    /// Where to write the solution; standard output when absent or `-` (with --to).
    #[arg(short, long, default_value = "-", hide_default_value = true)]
    output: OutputArg,
    /// Output format (else from the output's extension; a summary when neither).
    #[arg(long, value_enum)]
    to: Option<SolTo>,
    /// Input format: pg, game.json or game.dot.
    #[arg(long, value_name = "FORMAT")]
    from: Option<String>,
    /// The winning condition.
    #[arg(long, value_enum, default_value_t = Kind::Parity)]
    objective: Kind,
    /// The parity game algorithm [default: portfolio] (as `solve --method` names a maze
    /// solver; `--parity-solver` is an alias).
    #[arg(
        long = "method",
        alias = "parity-solver",
        value_enum,
        value_name = "ALGORITHM"
    )]
    parity_solver: Option<ParitySolver>,
    /// Whose Büchi, safety or reachability objective it is.
    #[arg(long, short, default_value_t = 0, value_parser = clap::value_parser!(u8).range(0..=1))]
    player: u8,
    /// The objective's vertices (accepting, to avoid, to reach): ids or names, comma-separated
    /// or repeated.
    #[arg(long, short, value_name = "V,…")]
    target: Vec<String>,
    /// Add the vertices of this priority to the objective's vertices (repeatable).
    #[arg(long, value_name = "P")]
    priority: Vec<u32>,
    /// Verify this claimed solution (paritysol format) instead of solving.
    #[arg(long, value_name = "SOL")]
    check: Option<PathBuf>,
    /// The picture options mean nothing here (hidden, refused).
    #[command(flatten)]
    no_pictures: super::NoPictureOptions,
}

/// Winning conditions.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Max-parity on the game's priorities (see --method).
    Parity,
    /// Visit the target infinitely often (iterated attractors).
    Buchi,
    /// Never visit the target (the dual of the opponent's reachability).
    Safety,
    /// Reach the target (the attractor).
    Reach,
}

/// Parity game algorithms.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParitySolver {
    /// Winner-controlled winning cycles decided first, then priority promotion and recursive
    /// tangle learning raced on the rest, the first answer taken (the default).
    #[value(alias = "auto")]
    Portfolio,
    /// Tangle learning: no exponential blow-up on ladder games.
    #[value(alias = "tl")]
    Tangle,
    /// Recursive tangle learning: tangle learning that also decomposes inside its regions.
    #[value(name = "rtl", alias = "recursive-tangle")]
    RecursiveTangle,
    /// Zielonka's recursive algorithm.
    #[value(alias = "zlk")]
    Zielonka,
    /// Priority promotion: fast on ladder games, where tangle learning is quadratic.
    #[value(name = "pp", alias = "priority-promotion")]
    PriorityPromotion,
    /// Fixpoint iteration with justifications: fast on Jurdziński's games.
    #[value(name = "fpj", alias = "fixpoint-justifications")]
    FixpointJustifications,
}

impl From<ParitySolver> for ParityAlgorithm {
    fn from(s: ParitySolver) -> ParityAlgorithm {
        match s {
            ParitySolver::Portfolio => ParityAlgorithm::Portfolio,
            ParitySolver::Tangle => ParityAlgorithm::TangleLearning,
            ParitySolver::RecursiveTangle => ParityAlgorithm::RecursiveTangleLearning,
            ParitySolver::Zielonka => ParityAlgorithm::Zielonka,
            ParitySolver::PriorityPromotion => ParityAlgorithm::PriorityPromotion,
            ParitySolver::FixpointJustifications => ParityAlgorithm::FixpointJustifications,
        }
    }
}

/// Solution formats.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum SolTo {
    /// PGSolver's `paritysol` format.
    Sol,
    /// JSON: winners and strategy.
    Json,
}

pub fn run(args: Args, global: &Global) -> Result<ExitCode> {
    args.no_pictures.refuse("solve-game")?;
    let opts = global.read_options();
    let format = match &args.from {
        Some(name) => GameFormat::from_name(name).map_err(|e| anyhow!("{e}"))?,
        None if args.input == Path::new("-") => {
            bail!("reading standard input needs --from pg|game.json|game.dot")
        }
        None => GameFormat::from_path(&args.input).map_err(|e| anyhow!("{e}"))?,
    };
    let mut inputs: Vec<&Path> = vec![&args.input];
    if let Some(c) = &args.check {
        inputs.push(c);
    }
    let output = Output::new(args.output.path(), &inputs, global.force)?;
    let to = match (args.to, args.output.path()) {
        (Some(t), _) => Some(t),
        (None, Some(p)) => {
            let name = p.to_string_lossy().to_ascii_lowercase();
            if name.ends_with(".json") {
                Some(SolTo::Json)
            } else if name.ends_with(".sol") || super::files::in_place(p) {
                // A device, a pipe or a standard stream (`-o /dev/null`) takes PGSolver's
                // solution format.
                Some(SolTo::Sol)
            } else {
                bail!(
                    "cannot tell the solution format of {} (use --to sol or json)",
                    p.display()
                )
            }
        }
        (None, None) => None,
    };
    let game = read_game(&args.input, format, &opts)?;
    let objective = objective(&args, &game)?;
    if let Some(claim) = &args.check {
        if args.parity_solver.is_some() {
            bail!("--check verifies a solution without solving: --method does not apply");
        }
        let (bytes, stopped) =
            super::io::read_input(claim, super::io::Expect::Text("sol"), &opts.limits)?;
        if let Some(why) = stopped {
            bail!(why);
        }
        let sol = pg::parse_solution(&bytes, game.vertex_count()).map_err(|e| located(claim, e))?;
        return match check(&game, &objective, &sol) {
            Ok(()) => {
                if !global.quiet {
                    outln!("correct: {}", summary(&game, &sol))?;
                }
                Ok(ExitCode::SUCCESS)
            }
            Err(v) => {
                outln!("wrong: {v}")?;
                Ok(ExitCode::from(1))
            }
        };
    }
    let t0 = Instant::now();
    let algorithm = args.parity_solver.map(Into::into).unwrap_or_default();
    let sol = solve_within(&game, &objective, algorithm, &opts.limits)
        .map_err(|e| located(&args.input, e))?;
    let solved = t0.elapsed();
    check(&game, &objective, &sol)
        .map_err(|v| anyhow!("internal error: the solver's solution fails the checker: {v}"))?;
    match to {
        None => outln!(
            "{} (solved in {:.3} s, verified)",
            summary(&game, &sol),
            solved.as_secs_f64()
        )?,
        Some(SolTo::Sol) => output.write_with(false, |w| pg::write_solution(&sol, w))?,
        Some(SolTo::Json) => output.write_with(false, |w| write_json(w, &sol))?,
    }
    Ok(ExitCode::SUCCESS)
}

fn objective(args: &Args, game: &Game) -> Result<Objective> {
    let mut set = Vec::new();
    for t in args.target.iter().flat_map(|t| t.split(',')) {
        if !t.trim().is_empty() {
            set.push(game.find(t).map_err(|e| anyhow!("--target: {e}"))?);
        }
    }
    for &p in &args.priority {
        set.extend(game.with_priority(p));
    }
    let player = if args.player == 0 {
        Player::Zero
    } else {
        Player::One
    };
    let given = !args.target.is_empty() || !args.priority.is_empty();
    if args.parity_solver.is_some() && args.objective != Kind::Parity {
        bail!(
            "--method is for parity games; the {:?} objective has its own algorithm",
            args.objective
        );
    }
    Ok(match args.objective {
        Kind::Parity => {
            if given {
                bail!("a parity game uses the priorities; --target and --priority are for buchi, safety and reach");
            }
            Objective::Parity
        }
        _ if !given => bail!(
            "the {:?} objective needs its vertices: give --target V,… or --priority P",
            args.objective
        ),
        Kind::Buchi => Objective::Buchi {
            player,
            accepting: set,
        },
        Kind::Safety => Objective::Safety { player, avoid: set },
        Kind::Reach => Objective::Reach {
            player,
            target: set,
        },
    })
}

fn summary(game: &Game, sol: &Solution) -> String {
    let w0 = sol.region(Player::Zero).len();
    let mut s = format!(
        "player 0 wins {w0} of {} vertices, player 1 wins {}",
        game.vertex_count(),
        game.vertex_count() - w0
    );
    if let Some(v) = game.start() {
        s.push_str(&format!(
            "; from the start {}: player {}",
            game.label(v),
            sol.winner(v)
        ));
    }
    s
}

fn write_json(w: &mut dyn Write, sol: &Solution) -> mazegraph::Result<()> {
    w.write_all(b"{\"winner\": {")?;
    for p in [Player::Zero, Player::One] {
        let r: Vec<String> = sol.region(p).iter().map(|v| v.to_string()).collect();
        write!(
            w,
            "{}\"{p}\": [{}]",
            if p == Player::One { ", " } else { "" },
            r.join(", ")
        )?;
    }
    w.write_all(b"},\n\"strategy\": {")?;
    let mut first = true;
    for v in 0..sol.len() as u32 {
        if let Some(m) = sol.strategy(v) {
            write!(w, "{}\"{v}\": {m}", if first { "" } else { ", " })?;
            first = false;
        }
    }
    w.write_all(b"}}\n")?;
    Ok(())
}
