//! Numbers written as Python writes them, so that the port's output can be
//! compared with the Python's character for character.

/// A float as Python's `repr` (and so `json.dumps`) writes it: the shortest
/// digits that read back as the same double, fixed-point between `1e-4` and
/// `1e16`, otherwise scientific with a signed, two-digit exponent.
pub fn python_float_repr(v: f64) -> String {
    if v.is_nan() {
        return "NaN".into();
    }
    if v.is_infinite() {
        return if v > 0.0 { "Infinity" } else { "-Infinity" }.into();
    }
    if v == 0.0 {
        return if v.is_sign_negative() { "-0.0" } else { "0.0" }.into();
    }
    // Rust's `{:e}` prints the shortest digits that read back as `v`
    // ("-1.2345e-5"), but breaks a tie between two such strings upward.
    // Python takes the one nearer the exact value, ties to even: so does
    // `{:.Ne}`, the correctly rounded N-digit form, which is used whenever
    // it reads back as `v` too.
    let shortest = format!("{v:e}");
    let digits =
        shortest.split('e').next().map_or(1, |m| m.bytes().filter(u8::is_ascii_digit).count());
    let rounded = format!("{v:.prec$e}", prec = digits.saturating_sub(1));
    let sci = if rounded.parse::<f64>() == Ok(v) { rounded } else { shortest };
    let (mantissa, exponent) = sci.split_once('e').unwrap_or((&sci, "0"));
    let exponent: i32 = exponent.parse().unwrap_or(0);
    let (sign, mantissa) = match mantissa.strip_prefix('-') {
        Some(rest) => ("-", rest),
        None => ("", mantissa),
    };
    let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
    let body = if (-4..16).contains(&exponent) {
        if exponent >= 0 {
            let whole = exponent as usize + 1;
            if digits.len() <= whole {
                format!("{digits}{}.0", "0".repeat(whole - digits.len()))
            } else {
                format!("{}.{}", &digits[..whole], &digits[whole..])
            }
        } else {
            format!("0.{}{digits}", "0".repeat((-exponent - 1) as usize))
        }
    } else {
        let mantissa =
            if digits.len() == 1 { digits } else { format!("{}.{}", &digits[..1], &digits[1..]) };
        let exp_sign = if exponent < 0 { '-' } else { '+' };
        format!("{mantissa}e{exp_sign}{:02}", exponent.abs())
    };
    format!("{sign}{body}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floats_print_as_python_repr() {
        let cases: &[(f64, &str)] = &[
            (0.0, "0.0"),
            (-0.0, "-0.0"),
            (1.0, "1.0"),
            (-1.0, "-1.0"),
            (0.5, "0.5"),
            (0.1, "0.1"),
            (1.0 / 49.0, "0.02040816326530612"),
            (-2.0 / 343.0, "-0.0058309037900874635"),
            (0.0001, "0.0001"),
            (0.00012, "0.00012"),
            (1e-5, "1e-05"),
            (-1.5e-7, "-1.5e-07"),
            (1.0 / 2401.0 / 2401.0, "1.7346652555743034e-07"),
            (123.456, "123.456"),
            (1e15, "1000000000000000.0"),
            (1e16, "1e+16"),
            (1.25e100, "1.25e+100"),
            (5e-324, "5e-324"),
            // exactly halfway between ...426.2 and ...426.3: Python rounds to even
            (f64::from_bits(0x4312_3413_bc5d_9a29), "1280952237516426.2"),
        ];
        for &(v, want) in cases {
            assert_eq!(python_float_repr(v), want, "{v:e}");
            assert_eq!(python_float_repr(v).parse::<f64>().ok(), Some(v));
        }
    }
}
