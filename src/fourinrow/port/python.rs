//! What the interpreter itself computes for the twins: Python's numbers,
//! int or float ([`Num`]), and `sum()`, whose arithmetic changed in Python
//! 3.12 ([`Python`]).
//!
//! `getPotentialMoves` fills its list with ints (`[0] * BOARDWIDTH`, then
//! `1`, `0` or `-1`) and floats (a value that `+=` has added to), and
//! `sum(results)` adds such a mixed list as CPython's `builtin_sum_impl`
//! does:
//!
//! 1. **The int path.** It starts from the int `0` and adds ints exactly,
//!    as whole numbers, until the first float. That one is added as
//!    `int + float`: the int made a double, one rounding.
//! 2. **The float path.** From there on it keeps a double, `f_result`:
//!    - Python 3.8 to 3.11 add each float, and each int made a double,
//!      with one rounded addition each, left to right;
//!    - Python 3.12 and 3.13 add each float with Neumaier's compensated
//!      summation (the rounding error of every addition is kept in a
//!      second double, `c`, added once at the end), but an int still with
//!      one plain addition, outside the compensation.
//!
//! So the same list can sum to doubles that differ in their last digit, and
//! a value that differs can change which columns tie for best. Every
//! version's arithmetic is checked against the real interpreters' answers
//! (`tests/python_sum.rs`, fixtures made by `tools/make-sum-fixtures.py`).

use std::fmt;
use std::ops::{AddAssign, Mul};
use std::str::FromStr;

/// A Python number as `getPotentialMoves` makes them: an int or a float.
///
/// Python has both in one list; Rust needs one type for a `Vec`, so an
/// `enum` holds either. The ints the game makes are small (`-1`, `0`, `1`
/// and sums of a few of them), so `i64` holds them all.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Num {
    /// A Python `int`.
    Int(i64),
    /// A Python `float`.
    Float(f64),
}

impl Num {
    /// `float(x)`: the value as a double, exact for every int the game makes.
    pub fn as_f64(self) -> f64 {
        match self {
            Num::Int(i) => i as f64,
            Num::Float(x) => x,
        }
    }
}

/// Python's `x += y` with a float `y`: the result is a float (an int `x`
/// made a double first, as Python's `int + float` does).
impl AddAssign<f64> for Num {
    fn add_assign(&mut self, y: f64) {
        *self = Num::Float(self.as_f64() + y);
    }
}

/// Python's `x * y` with a float `y`: a float.
impl Mul<f64> for Num {
    type Output = f64;

    fn mul(self, y: f64) -> f64 {
        self.as_f64() * y
    }
}

/// Which Python's `sum()` the twins compute: the interpreter a learner runs
/// the Python with. The default is what a learner installs today.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Python {
    /// Python 3.8 to 3.11 (and the 3.x before them): one rounded addition
    /// after another.
    Before3_12,
    /// Python 3.12 and 3.13: floats added with compensated (Neumaier)
    /// summation.
    #[default]
    From3_12,
}

impl Python {
    /// CPython's `sum(values)`, as this version computes it (see the module
    /// documentation): the int path until the first float, then the float
    /// path, plain before 3.12 and compensated from 3.12.
    pub fn sum(self, values: &[Num]) -> Num {
        let mut items = values.iter();
        // The int path: whole numbers, exactly. The game's ints are tiny,
        // so `saturating_add` never saturates (CPython would go on in
        // arbitrary precision).
        let mut i_result: i64 = 0;
        let mut f_result = loop {
            match items.next() {
                None => return Num::Int(i_result),
                Some(Num::Int(i)) => i_result = i_result.saturating_add(*i),
                // int + float: the int made a double, then one addition.
                Some(Num::Float(x)) => break i_result as f64 + x,
            }
        };
        // The float path.
        match self {
            Python::Before3_12 => {
                for item in items {
                    f_result += item.as_f64();
                }
            }
            Python::From3_12 => {
                // What the additions so far have rounded away.
                let mut c = 0.0;
                for item in items {
                    match *item {
                        Num::Float(x) => {
                            let t = f_result + x;
                            // The error of `t` is exact to compute from the
                            // larger operand first.
                            if f_result.abs() >= x.abs() {
                                c += (f_result - t) + x;
                            } else {
                                c += (x - t) + f_result;
                            }
                            f_result = t;
                        }
                        // 3.12 and 3.13 add an int outside the compensation.
                        Num::Int(i) => f_result += i as f64,
                    }
                }
                // Only a nonzero, finite compensation is added: so a sum of
                // -0.0 keeps its sign and an infinite one does not become NaN.
                if c != 0.0 && c.is_finite() {
                    f_result += c;
                }
            }
        }
        Num::Float(f_result)
    }

    /// The versions whose `sum()` [`Python::sum`] computes, as `--python`
    /// takes them (`3.11`, `3.12.1`) and what it says when one is not.
    pub const KNOWN: &'static str = "3.6 to 3.13";
}

/// Not in the Python: why `--python` refused a version.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PythonError {
    /// A version whose `sum()` the port does not compute (`2.7`, `3.14`).
    Unknown(String),
    /// Not a version at all.
    NotAVersion(String),
}

impl fmt::Display for PythonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PythonError::Unknown(text) => write!(
                f,
                "Python {text}: the port computes the sum() of Python {} only",
                Python::KNOWN
            ),
            PythonError::NotAVersion(text) => {
                write!(f, "'{text}' is not a Python version like 3.12 or 3.11")
            }
        }
    }
}

impl std::error::Error for PythonError {}

/// `3.11`, `3.12.1`, `3.13.0rc2`, `3.8`: the version's arithmetic.
impl FromStr for Python {
    type Err = PythonError;

    fn from_str(text: &str) -> Result<Python, PythonError> {
        let mut parts = text.trim().splitn(3, '.');
        let major = parts.next().and_then(|m| m.parse::<u32>().ok());
        let minor = parts.next().and_then(|m| m.parse::<u32>().ok());
        match (major, minor) {
            (Some(3), Some(6..=11)) => Ok(Python::Before3_12),
            (Some(3), Some(12 | 13)) => Ok(Python::From3_12),
            (Some(_), Some(_)) => Err(PythonError::Unknown(text.into())),
            _ => Err(PythonError::NotAVersion(text.into())),
        }
    }
}

/// How `--explain`, `--help` and the comparison name the arithmetic.
impl fmt::Display for Python {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Python::Before3_12 => "Python 3.8 to 3.11 (sum() adds plainly)",
            Python::From3_12 => "Python 3.12 and later (sum() compensates)",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Num::{Float, Int};

    const BOTH: [Python; 2] = [Python::Before3_12, Python::From3_12];

    #[test]
    fn ints_alone_sum_to_an_int() {
        for py in BOTH {
            assert_eq!(py.sum(&[]), Int(0));
            assert_eq!(py.sum(&[Int(1), Int(-1), Int(-1)]), Int(-1));
        }
    }

    #[test]
    fn the_first_float_starts_from_the_ints_before_it() {
        // int 0 + -0.0 is +0.0, in every version.
        for py in BOTH {
            assert_eq!(py.sum(&[Float(-0.0)]).as_f64().to_bits(), 0.0f64.to_bits());
            assert_eq!(py.sum(&[Int(2), Float(0.5)]), Float(2.5));
        }
    }

    #[test]
    fn ten_tenths_are_one_only_from_3_12() {
        let tenths = [Float(0.1); 10];
        assert_eq!(Python::Before3_12.sum(&tenths), Float(0.9999999999999999));
        assert_eq!(Python::From3_12.sum(&tenths), Float(1.0));
    }

    #[test]
    fn an_int_after_a_float_is_not_compensated() {
        // 1e16 + 1 rounds back to 1e16 (the doubles there are 2 apart):
        // added as floats, the two lost 1s come back from the compensation;
        // added as ints (3.12 and 3.13), they are lost.
        let floats = [Float(1e16), Float(1.0), Float(1.0)];
        let ints = [Float(1e16), Int(1), Int(1)];
        assert_eq!(Python::From3_12.sum(&floats), Float(1.0000000000000002e16));
        assert_eq!(Python::From3_12.sum(&ints), Float(1e16));
        assert_eq!(Python::Before3_12.sum(&floats), Float(1e16));
    }

    #[test]
    fn the_first_float_is_added_without_compensation() {
        // int 1 + 1e-16 rounds to 1.0 on the int path's exit, and that
        // error is not kept; a float 1.0 in its place would keep it.
        let after_int = [Int(1), Float(1e-16), Float(1e-16)];
        let after_float = [Float(1.0), Float(1e-16), Float(1e-16)];
        assert_eq!(Python::From3_12.sum(&after_int), Float(1.0));
        assert_eq!(Python::From3_12.sum(&after_float), Float(1.0000000000000002));
    }

    #[test]
    fn versions_read_as_python_prints_them() {
        for (text, py) in [
            ("3.11", Python::Before3_12),
            ("3.8", Python::Before3_12),
            ("3.11.7", Python::Before3_12),
            ("3.12.1", Python::From3_12),
            ("3.13", Python::From3_12),
            ("3.13.0rc2", Python::From3_12),
        ] {
            assert_eq!(text.parse::<Python>(), Ok(py), "{text}");
        }
        for bad in ["3.14", "2.7", "4.0", "three", "", "3"] {
            assert!(bad.parse::<Python>().is_err(), "{bad}");
        }
        // A version it does not know, and what is no version, are told apart.
        let unknown = "3.14".parse::<Python>().unwrap_err();
        assert_eq!(unknown, PythonError::Unknown("3.14".into()));
        assert_eq!(
            unknown.to_string(),
            "Python 3.14: the port computes the sum() of Python 3.6 to 3.13 only"
        );
        let not_a_version = "three".parse::<Python>().unwrap_err();
        assert_eq!(not_a_version, PythonError::NotAVersion("three".into()));
        assert_eq!(not_a_version.to_string(), "'three' is not a Python version like 3.12 or 3.11");
        assert_eq!(Python::default(), Python::From3_12);
    }

    #[test]
    fn python_ops_make_floats() {
        let mut x = Int(0);
        x += 0.25;
        assert_eq!(x, Float(0.25));
        assert_eq!(Int(-1) * 1.0, -1.0);
        assert_eq!(Int(3) * 0.5, 1.5);
        assert_eq!(Float(0.75) * 4.0, 3.0);
    }

    #[test]
    fn a_float_larger_than_the_sum_so_far_is_compensated_too() {
        // 1.0 + 1e16 rounds to 1e16: the lost 1.0 is kept from the smaller
        // operand, the sum so far (Neumaier's other case), then the second 1.0's.
        let values = [Float(1.0), Float(1e16), Float(1.0)];
        assert_eq!(Python::From3_12.sum(&values), Float(1.0000000000000002e16));
        assert_eq!(Python::Before3_12.sum(&values), Float(1e16));
    }

    #[test]
    fn ints_after_a_float_are_added_to_it_in_every_version() {
        for py in BOTH {
            assert_eq!(py.sum(&[Float(0.5), Int(1), Int(2)]), Float(3.5));
            assert_eq!(py.sum(&[Float(0.5), Int(-3)]), Float(-2.5));
        }
    }

    #[test]
    fn an_infinite_sum_stays_infinite_and_not_nan() {
        // 1e308 + 1e308 overflows: the compensation is then -inf, and adding
        // it would make NaN; Python 3.12 leaves it out.
        for py in BOTH {
            let sum = py.sum(&[Float(1e308), Float(1e308)]).as_f64();
            assert_eq!(sum, f64::INFINITY, "{py:?}");
        }
    }

    #[test]
    fn each_version_is_named_by_its_arithmetic() {
        assert_eq!(Python::Before3_12.to_string(), "Python 3.8 to 3.11 (sum() adds plainly)");
        assert_eq!(Python::From3_12.to_string(), "Python 3.12 and later (sum() compensates)");
    }
}
