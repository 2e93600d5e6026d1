//! THE TOOLS of Four in a Row: what runs without a window: `fourinrow
//! analyze`, `solve`, `grade`, the opening book's builder, the board text
//! they read and write, and the engines by name.

pub mod analyze;
pub mod boardtext;
pub mod book;
pub mod engines;
pub mod grade;
pub mod solve;
