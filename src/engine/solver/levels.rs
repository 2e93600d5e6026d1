//! Levels for players.
