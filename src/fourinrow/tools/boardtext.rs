//! Board text, as the tools read and write it: [`Board`]'s `FromStr` and
//! `Display`, defined in [`crate::fourinrow::port::boardtext`].

use crate::fourinrow::port::board::Board;
pub use crate::fourinrow::port::boardtext::BoardTextError;

/// Reads a board text: `text.parse::<Board>()`, for the call sites that read
/// better with a function (`parse_board(line)?`).
pub fn parse_board(text: &str) -> Result<Board, BoardTextError> {
    text.parse()
}
