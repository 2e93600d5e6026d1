//! What the step-list Gobang lacks, kept out of its twins.
//!
//! - [`rules`]: win detection done right, freestyle (five or more) and
//!   standard (exactly five), in every direction.

pub mod rules;
