//! The exact solver: the true outcome of a Four in a Row position with
//! perfect play on both sides, and the score of every column.
//!
//! # Scores
//!
//! Scores are those of Pascal Pons' `c4solver`, for the side to move, on a
//! board of `W` columns and `H` rows after `n` moves:
//!
//! - winning with its very next stone scores `(W*H + 1 - n) / 2` (integer
//!   division), one less for each pair of moves it takes longer; on 7x6 that
//!   is 22 minus the number of its own stones when it completes four;
//! - losing scores the opposite of the opponent's win, so negative;
//! - a draw (the board fills with no four) scores 0.
//!
//! So the sign says who wins and the size says how soon. [`Outcome`] reads
//! a score as "win in 3", "draw" or "loss in 5", counting the player's own
//! moves: "win in 3" is four completed with its third stone from now, "loss
//! in 5" the opponent's four with its fifth, after the player's fifth move.
//!
//! # Sizes
//!
//! Every board of at least 4x4 whose bitboard fits in 128 bits:
//! `W * (H + 1) <= 128` (see [`fits`]). Boards with `W * (H + 1) <= 64`
//! (7x6, 8x7, 9x6 ...) use `u64`, the others (10x6, 12x9, 25x4, 4x31 ...)
//! `u128`; 7x6 itself gets a copy of the search whose masks are constants.
//! `tests/solver.rs` checks sizes from 4x4 to 25x4 and 4x31 against a
//! brute-force minimax. What a size costs is another matter: 7x6 from the
//! empty board takes minutes; larger boards are only practical near the end.
//!
//! # The technique
//!
//! **Negamax with alpha-beta.** A position's score for the side to move is
//! the best of minus its children's scores. Alpha-beta asks a narrower
//! question, "is the score at most `alpha`, at least `beta`, or which
//! value in between?", and stops looking at a position's moves as soon as
//! one reaches `beta` (the opponent would never allow this position). The
//! answers are *fail-soft bounds*: a result `<= alpha` is an upper bound on
//! the score, `>= beta` a lower bound.
//!
//! **Null windows, narrowed.** The search is fastest with `beta = alpha + 1`:
//! it then only answers "above `alpha` or not". The root's score lies in a
//! known range (from the stones left); each null-window search halves it
//! (first around 0, to learn who wins), until one value is left, as Pons
//! does ([`search::Search::narrow`]). With `weak` the range is just -1..=1.
//!
//! **Losing moves pruned.** A move that lets the opponent complete four at
//! once is never searched: if the opponent has two threats to play, the
//! position is lost; with one, the block is the only move; and no move goes
//! under an opponent's threat cell ([`search::Search::non_losing_moves`]).
//! With one move left, the position needs no table entry of its own.
//!
//! **Bounds from the stones left.** When the opponent cannot win next
//! move, the score is at least minus its win two moves later, and at most
//! our win with our next-but-one stone: the window is clipped to that.
//!
//! **Move ordering.** Alpha-beta is quickest when the best move comes
//! first. The table's best move (the one that refuted a window last time)
//! comes first, then moves by how many winning cells they create, ties
//! centre first (centre columns take part in more fours).
//!
//! **The transposition table** ([`table`]). The same position is reached
//! by many move orders; the table remembers, per position, a lower *and* an
//! upper bound on its score (Pons keeps one) and its best move. Keys are
//! whole: on `u64` boards the position's unique code itself (so a hit is
//! never a different position), on `u128` boards a 64-bit fold of it.
//! Entries sit in buckets of four in one cache line; a new entry evicts
//! one from an older question first, then the one with the fewest empty
//! cells (the least work to redo). The table is kept from one position to
//! the next: its entries are facts about positions, true for any question.
//!
//! **Mirror images share entries.** A position and its mirror image have
//! the same score, so for the first 12 moves (where the tree is widest and
//! symmetric lines meet) the table is keyed by the smaller of the two codes,
//! and the best move is mirrored with it. Later, mirror images rarely
//! meet and the extra work would not pay.
//!
//! **Enhanced transposition cutoffs.** Before searching the moves of a
//! position with 12 or more empty cells, each child is looked up: a child
//! whose upper bound is already low enough refutes the window at the cost
//! of a table look-up, without a search.
//!
//! **A table that fits the TLB.** Profiling shows about three quarters of
//! the search's time in the loads of table probes: each probe lands on a
//! random cache line, and with 4 KiB pages a large table also misses the
//! processor's cache of page translations (the TLB) on nearly every probe.
//! A smaller table holds fewer positions, so the search visits more nodes,
//! but each costs much less. Measured on the first five hard opening
//! positions of the reference test sets (one thread, 1 December 2026):
//!
//! | table | nodes | CPU time |
//! | ---: | ---: | ---: |
//! | 128 MiB | 147 M | 18.0 s |
//! | 32 MiB | 155 M | 14.3 s |
//! | 16 MiB | 162 M | 10.5 s |
//! | 8 MiB | 173 M | 8.1 s |
//! | 4 MiB | 190 M | 7.7 s |
//! | 2 MiB | 219 M | 8.0 s |
//!
//! The table stops at 16 MiB (a million entries): about as fast as the
//! smaller ones on these positions, with room for the hardest ones, where
//! more entries save more nodes. (Huge pages would lift the limit, but this
//! system grants them only on request, which the standard library cannot
//! make.)
//!
//! **Both cores: Lazy SMP.** Several threads search the same root at once,
//! sharing the table without locks (each entry is checked against its key,
//! so a half-written entry reads as a miss, never a wrong one). Each thread
//! fills in entries the other then finds, and a helper breaks ties from the
//! other side so they wander apart. Whichever thread finishes a null window
//! first narrows the shared range; the other abandons a window whose answer
//! is known. On a quiet machine a second thread made the search 1.8 times
//! as fast (20 hard positions: 3.9 s a position with one thread, 2.1 s with
//! two, with a 128 MiB table). But the threads search about 40% more nodes
//! between them, start and join each search (the join waits for the helper
//! to be scheduled), and on a busy machine two threads may share one core:
//! then the helper only adds work. So helpers join a search only once it
//! has taken 2^20 nodes (about a tenth of a second), and the first stage
//! with helpers is a probe: if the threads together search fewer than 1.4
//! times the single thread's nodes per second, the helpers sit out this
//! search and the next eight hard ones.
//!
//! **Stages.** A search starts on one thread with a 256 KiB table (cheap
//! to allocate for a position that takes microseconds) and is cut into
//! stages: past 16,384 nodes, and each time four times more, the table
//! grows fourfold (1, 4, then 16 MiB, its entries copied over), and past
//! 2^20 nodes the helpers join. A stage that ends keeps the root's range
//! and the table, so little work is lost.
//!
//! **The opening book inside the search** ([`book`]). A solver given a
//! book looks up the root there first, and then every position of the
//! search with no more stones than the book's perfect player's lines go
//! to: a position it holds has an exact score, so nothing below it is
//! searched. On positions of 8 moves outside the book, whose trees pass
//! through the lines' positions of 9 to 11 moves, that took a quarter
//! off the time (`docs/solver.md`).
//!
//! Measured on the first six hard opening positions (one thread, 128 MiB
//! table, so the node counts do not depend on timing): the plain search,
//! without mirror keys and cutoffs, visits 285 million nodes in 35.8 s of
//! CPU; enhanced cutoffs bring that to 219 million, mirror keys to 259
//! million, both together to 200 million in 28.0 s (22% less time).
//! Tried and dropped: a history heuristic in place of centre-first ties
//! (409 million nodes, much worse) and, for helpers, testing the
//! neighbouring null window instead of the same one (no gain measured).
//!
//! # Budgets and stopping
//!
//! [`Solver::analyze_within`] gives every column's result within a deadline
//! and reacts to a stop flag: every search looks at the clock and the flag
//! every 1,024 nodes (well under a millisecond). What it cannot prove in
//! time it estimates by looking a growing number of moves ahead, a position
//! at the horizon counting as a draw: a win or a loss found that way is
//! proven all the same (no unknown position was involved), a 0 means
//! nothing is forced within the horizon.
//!
//! # Levels and grades
//!
//! [`levels`] turns exact scores into players of four strengths;
//! [`crate::fourinrow::tools::grade`] measures how often the tutorial's AI finds a perfect move.

pub mod analysis;
pub mod book;
pub mod levels;
pub mod player;
pub mod position;
pub mod search;
pub mod solve;
pub mod table;

pub use analysis::{best_columns, Analysis, Outcome};
pub use book::Book;
pub use levels::Level;
pub use position::{fits, MoveFault, Position, PositionError};
pub use search::Tuning;
pub use solve::Solver;
