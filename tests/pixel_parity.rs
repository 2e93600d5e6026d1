//! pygame's smoothscale and alpha blit, checked against what pygame 2.6.1
//! computed (tests/fixtures/pixels.txt, made by tools/make-pixel-fixtures.py).

use fourinrow::io::pixels::{blit_alpha, smoothscale, xrgb_at, RgbaImage, ScaleBackend};

/// The xorshift32 byte stream the fixture script draws its pixels from.
fn xorshift_bytes(seed: u32, n: usize) -> Vec<u8> {
    let mut x = if seed == 0 { 1 } else { seed };
    (0..n)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            x as u8
        })
        .collect()
}

/// 64-bit FNV-1a, as the fixture script hashes.
fn fnv1a64(data: impl IntoIterator<Item = u8>) -> u64 {
    data.into_iter()
        .fold(0xcbf2_9ce4_8422_2325, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

fn fixtures() -> Vec<Vec<String>> {
    let text =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/pixels.txt"))
            .expect("tests/fixtures/pixels.txt");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split_whitespace().map(String::from).collect())
        .collect()
}

fn num<T: std::str::FromStr>(s: &str) -> T
where
    T::Err: std::fmt::Debug,
{
    s.parse().unwrap()
}

#[test]
fn smoothscale_matches_pygame_for_both_backends() {
    let mut checked = 0;
    for f in fixtures().iter().filter(|f| f[0] == "scale") {
        let backend = match f[1].as_str() {
            "SSE" => ScaleBackend::Sse,
            "GENERIC" => ScaleBackend::Generic,
            other => panic!("unknown backend {other}"),
        };
        let (sw, sh, dw, dh): (usize, usize, usize, usize) =
            (num(&f[2]), num(&f[3]), num(&f[4]), num(&f[5]));
        let seed: u32 = num(&f[6]);
        let want: u64 = num(&f[7]);
        let src = RgbaImage::from_rgba(sw, sh, xorshift_bytes(seed, sw * sh * 4)).unwrap();
        let out = smoothscale(&src, dw, dh, backend);
        assert_eq!(
            fnv1a64(out.data().iter().copied()),
            want,
            "smoothscale {sw}x{sh} -> {dw}x{dh} with {}",
            backend.name()
        );
        checked += 1;
    }
    assert!(checked >= 40, "only {checked} scale cases");
}

#[test]
fn alpha_blit_matches_pygame() {
    let (w, h) = (640usize, 480usize);
    let mut checked = 0;
    for f in fixtures().iter().filter(|f| f[0] == "blit") {
        let (sw, sh): (usize, usize) = (num(&f[1]), num(&f[2]));
        let (x, y): (i32, i32) = (num(&f[3]), num(&f[4]));
        let seed: u32 = num(&f[5]);
        let want: u64 = num(&f[6]);
        let src = RgbaImage::from_rgba(sw, sh, xorshift_bytes(seed, sw * sh * 4)).unwrap();
        let rgb = xorshift_bytes(seed + 1, w * h * 3);
        let mut display: Vec<u8> = rgb
            .chunks(3)
            .flat_map(|p| {
                (u32::from(p[0]) << 16 | u32::from(p[1]) << 8 | u32::from(p[2])).to_ne_bytes()
            })
            .collect();
        blit_alpha(&mut display, w * 4, w, h, &src, x, y);
        let out = (0..h).flat_map(|py| (0..w).map(move |px| (px, py))).flat_map(|(px, py)| {
            let (r, g, b) = xrgb_at(&display, w * 4, px, py);
            [r, g, b]
        });
        assert_eq!(fnv1a64(out), want, "blit {sw}x{sh} at ({x}, {y})");
        checked += 1;
    }
    assert!(checked >= 10, "only {checked} blit cases");
}
