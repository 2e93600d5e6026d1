//! THE TOOLS: what runs without a window: `fourinrow analyze`, the board
//! text the tools read and write, and the command line.

pub mod analyze;
pub mod boardtext;
pub mod book;
pub mod cli;
pub mod engines;
pub mod grade;
pub mod solve;
