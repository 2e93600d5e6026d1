//! `make-book`: builds the opening book that `fourinrow` ships, with this
//! crate's own solver (see `fourinrow::fourinrow::tools::book` and `docs/solver.md`).
//!
//!     cargo run --release --bin make-book -- [--plies N] [--all-plies A] [--lines-from L] [--jobs J]
//!
//! It can be stopped at any time (Ctrl-C, SIGTERM) and goes on where it
//! stopped when run again with the same options.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use clap::Parser;

use fourinrow::fourinrow::tools::book::{build, compile_only, BuildOptions, Ended};

/// Builds the 7x6 opening book: every position of the first --all-plies
/// moves, and every position a perfect player meets as either colour up to
/// --plies moves, each with every column's score; the perfect player's
/// lines start from the empty board, or from every position of
/// --lines-from moves (and of one more). It goes on from the book it
/// writes; the defaults are the shipped book's, so with none it goes on
/// with that build.
#[derive(Parser, Debug)]
#[command(name = "make-book", version)]
struct Args {
    /// Columns of the board
    #[arg(long, value_name = "N", default_value_t = 7)]
    width: usize,
    /// Rows of the board
    #[arg(long, value_name = "N", default_value_t = 6)]
    height: usize,
    /// Cover the perfect player's positions up to N moves
    #[arg(long, value_name = "N", default_value_t = 12, value_parser = clap::value_parser!(u8).range(1..=20))]
    plies: u8,
    /// Cover every position up to N moves
    // At most 15: the book's header keeps it in 4 bits.
    #[arg(long, value_name = "N", default_value_t = 9, value_parser = clap::value_parser!(u8).range(1..=15))]
    all_plies: u8,
    /// Start the perfect player's lines from every position of L moves and
    /// of L + 1 (0: the empty board), at most --all-plies
    #[arg(long, value_name = "L", default_value_t = 2, value_parser = clap::value_parser!(u8).range(0..=8))]
    lines_from: u8,
    /// Positions solved at once [default: the machine's cores]
    #[arg(long, value_name = "J", value_parser = clap::value_parser!(u16).range(1..=256))]
    jobs: Option<u16>,
    /// Memory for each job's transposition table, in MB (rounded down to a
    /// power of two, at least 1)
    #[arg(long, value_name = "MB", default_value_t = 256, value_parser = clap::value_parser!(u32).range(1..=65536))]
    table_mb: u32,
    /// The append-only file of positions solved since the book was last
    /// written (MOVES SCORE a line), so that a crash loses nothing
    #[arg(long, value_name = "FILE", default_value = "book/7x6.txt")]
    checkpoint: PathBuf,
    /// The book to go on from and to write
    #[arg(long, value_name = "FILE", default_value = "book/7x6.bin")]
    out: PathBuf,
    /// Only write the book of what the book and the checkpoint hold,
    /// solving nothing
    #[arg(long)]
    compile: bool,
}

/// The table size, as `log2` of its 64-byte buckets, that fits in `mb`
/// megabytes.
fn table_bits(mb: u32) -> u32 {
    // 2^14 buckets of 64 bytes make one MB.
    14 + mb.ilog2()
}

fn main() -> ExitCode {
    let args = Args::parse();
    if args.all_plies > args.plies {
        eprintln!("make-book: --all-plies {} is more than --plies {}", args.all_plies, args.plies);
        return ExitCode::from(2);
    }
    if args.lines_from > args.all_plies {
        eprintln!(
            "make-book: --lines-from {} is more than --all-plies {}",
            args.lines_from, args.all_plies
        );
        return ExitCode::from(2);
    }
    let jobs = args
        .jobs
        .map_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()), usize::from);
    let options = BuildOptions {
        width: args.width,
        height: args.height,
        plies: usize::from(args.plies),
        all_plies: usize::from(args.all_plies),
        lines_from: usize::from(args.lines_from),
        jobs,
        table_bits: table_bits(args.table_mb),
        checkpoint: args.checkpoint,
        out: args.out,
    };
    let mut log = std::io::stderr();
    if args.compile {
        return match compile_only(&options, &mut log) {
            Ok(_) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("make-book: {e}");
                ExitCode::from(2)
            }
        };
    }
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    if let Err(e) = ctrlc::set_handler(move || flag.store(true, Ordering::Relaxed)) {
        eprintln!(
            "make-book: cannot catch Ctrl-C ({e}); a stop loses only the positions in progress"
        );
    }
    match build(&options, &stop, &mut log) {
        Ok(Ended::Done) => ExitCode::SUCCESS,
        Ok(Ended::Stopped) => ExitCode::from(130),
        Err(e) => {
            eprintln!("make-book: {e}");
            ExitCode::from(2)
        }
    }
}
