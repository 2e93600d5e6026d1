//! Grading the tutorial's AI.
