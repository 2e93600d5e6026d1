//! Bad input, made on the spot: damaged and forged PNGs, and the record,
//! script and board-text lines that once crashed or hung the program.
//! `tests/hardening.rs` feeds them to the binary; `tests/fuzz_inputs.rs`
//! keeps the fuzz targets' committed inputs equal to them.

use fourinrow::io::images::{crc32, EMBEDDED_IMAGES};

/// The built-in PNG `name` (`4rowred.png`, ...).
pub fn embedded(name: &str) -> &'static [u8] {
    EMBEDDED_IMAGES.iter().find(|(n, _)| *n == name).map(|(_, bytes)| *bytes).unwrap()
}

/// The built-in red token, 100x100 RGBA: chunks IHDR (bytes 8 to 32), IDAT, IEND.
pub fn red() -> &'static [u8] {
    embedded("4rowred.png")
}

/// One PNG chunk: length, type, data and the CRC of type and data.
pub fn chunk(kind: &[u8; 4], data: &[u8]) -> Vec<u8> {
    let mut typed = kind.to_vec();
    typed.extend_from_slice(data);
    let mut out = (data.len() as u32).to_be_bytes().to_vec();
    out.extend_from_slice(&typed);
    out.extend_from_slice(&crc32(&typed).to_be_bytes());
    out
}

/// `png` with `extra` (whole chunks) inserted right after its IHDR chunk.
pub fn after_ihdr(png: &[u8], extra: &[u8]) -> Vec<u8> {
    let mut out = png[..33].to_vec();
    out.extend_from_slice(extra);
    out.extend_from_slice(&png[33..]);
    out
}

/// `png` with IHDR's 13 data bytes replaced, its CRC made right again.
pub fn with_ihdr(png: &[u8], edit: impl FnOnce(&mut [u8])) -> Vec<u8> {
    let mut out = png.to_vec();
    edit(&mut out[16..29]);
    let crc = crc32(&out[12..29]).to_be_bytes();
    out[29..33].copy_from_slice(&crc);
    out
}

/// The red token claiming to be `width` x `height` pixels, with a right CRC.
pub fn sized(width: u32, height: u32) -> Vec<u8> {
    with_ihdr(red(), |data| {
        data[..4].copy_from_slice(&width.to_be_bytes());
        data[4..8].copy_from_slice(&height.to_be_bytes());
    })
}

/// The red token's IHDR and IEND with no IDAT: sound chunks, no pixels
/// (libpng: "Not enough image data" or "No IDATs").
pub fn no_pixels() -> Vec<u8> {
    let mut out = red()[..33].to_vec();
    out.extend_from_slice(&chunk(b"IEND", b""));
    out
}

/// The red token with its pixel data replaced by bytes that are no zlib
/// stream, under a right CRC.
pub fn garbage_pixels() -> Vec<u8> {
    let mut out = red()[..33].to_vec();
    out.extend_from_slice(&chunk(b"IDAT", b"this is not a zlib stream at all"));
    out.extend_from_slice(&chunk(b"IEND", b""));
    out
}

/// A small PNG made by hand: IHDR of `width` x `height`, `depth` bits,
/// colour type `colour`; the `extra` chunks; `rows` (each starting with
/// its filter byte) in one stored deflate block.
pub fn tiny_png(
    width: u32,
    height: u32,
    depth: u8,
    colour: u8,
    extra: &[Vec<u8>],
    rows: &[u8],
) -> Vec<u8> {
    let mut ihdr = width.to_be_bytes().to_vec();
    ihdr.extend_from_slice(&height.to_be_bytes());
    ihdr.extend_from_slice(&[depth, colour, 0, 0, 0]);
    let mut out = b"\x89PNG\r\n\x1a\n".to_vec();
    out.extend_from_slice(&chunk(b"IHDR", &ihdr));
    for c in extra {
        out.extend_from_slice(c);
    }
    out.extend_from_slice(&chunk(b"IDAT", &zlib_stored(rows)));
    out.extend_from_slice(&chunk(b"IEND", b""));
    out
}

/// The red token whose first chunk's type holds a line break (found by
/// fuzzing: the one-line error broke in two).
pub fn line_break_in_chunk_type() -> Vec<u8> {
    let mut out = red().to_vec();
    out[12..16].copy_from_slice(b"\0\nIH");
    out
}

/// The red token with a bit depth of 3, which PNG does not have.
pub fn bad_bit_depth() -> Vec<u8> {
    with_ihdr(red(), |data| data[8] = 3)
}

/// A 30-byte GIF claiming 65535x65535 pixels: SDL2_image allocated and
/// cleared 15 GB for it before the game read PNGs only.
pub fn huge_gif() -> Vec<u8> {
    let mut gif = b"GIF89a\xff\xff\xff\xff\x80\0\0\0\0\0\xff\xff\xff".to_vec();
    gif.extend_from_slice(b",\0\0\0\0\xff\xff\xff\xff\0\x02\x02D\x01\0;");
    gif
}

/// A 70-byte BMP header claiming 40000x40000 pixels (4.7 GB before).
pub fn huge_bmp() -> Vec<u8> {
    let mut bmp = b"BM".to_vec();
    for word in [70u32, 0, 54, 40, 40_000, 40_000] {
        bmp.extend_from_slice(&word.to_le_bytes());
    }
    bmp.extend_from_slice(&[1, 0, 24, 0]);
    bmp.resize(70, 0);
    bmp
}

/// adler32 as zlib computes it.
pub fn adler32(data: &[u8]) -> u32 {
    let (mut a, mut b) = (1u32, 0u32);
    for &byte in data {
        a = (a + u32::from(byte)) % 65521;
        b = (b + a) % 65521;
    }
    (b << 16) | a
}

/// `data` as a zlib stream of one stored (uncompressed) deflate block.
pub fn zlib_stored(data: &[u8]) -> Vec<u8> {
    let len = data.len() as u16;
    let mut out = vec![0x78, 0x01, 0x01];
    out.extend_from_slice(&len.to_le_bytes());
    out.extend_from_slice(&(!len).to_le_bytes());
    out.extend_from_slice(data);
    out.extend_from_slice(&adler32(data).to_be_bytes());
    out
}

/// An iCCP chunk holding `profile`.
fn iccp(profile: &[u8]) -> Vec<u8> {
    let mut data = b"sRGB IEC61966-2.1\0\0".to_vec();
    data.extend_from_slice(&zlib_stored(profile));
    chunk(b"iCCP", &data)
}

/// The length, rendering intent, adler32 and CRC-32 by which libpng 1.6
/// knows the broken "HP-Microsoft sRGB v2 media-relative" profile (its
/// `png_sRGB_checks` table; the profile carries no MD5).
const HP_SRGB: (usize, u32, u32, u32) = (3144, 1, 0x0398_f3fc, 0xf29e_526d);

/// A valid ICC v2 display profile header for RGB with no tags, `length`
/// bytes long with zeros after it, of rendering intent `intent`.
fn icc_header(length: usize, intent: u32) -> Vec<u8> {
    let mut p = vec![0u8; length];
    p[0..4].copy_from_slice(&(length as u32).to_be_bytes());
    p[8..12].copy_from_slice(&0x0210_0000u32.to_be_bytes());
    p[12..16].copy_from_slice(b"mntr");
    p[16..20].copy_from_slice(b"RGB ");
    p[20..24].copy_from_slice(b"XYZ ");
    p[36..40].copy_from_slice(b"acsp");
    p[64..68].copy_from_slice(&intent.to_be_bytes());
    // The D50 illuminant, as libpng wants it.
    p[68..80].copy_from_slice(&[0, 0, 0xf6, 0xd6, 0, 1, 0, 0, 0, 0, 0xd3, 0x2d]);
    p
}

/// A profile that libpng takes for the broken HP sRGB profile: the right
/// header, and free bytes set so that its adler32 and CRC-32 are the ones
/// libpng looks for. libpng warns "iCCP: known incorrect sRGB profile".
///
/// The adler32 is reached by adding to bytes of one region: their sum sets
/// its low half, and moving a unit k bytes towards the start raises the
/// weighted sum (the high half) by k. The CRC-32 is then reached without
/// touching the adler32: in another region, groups of four bytes
/// `40 41 41 40` become `41 40 40 41` (+1 -1 -1 +1, so neither sum
/// changes), each flipping four bits, and CRC-32 is affine in the bits, so
/// which groups to flip is a linear system over GF(2).
pub fn srgb_profile_known_incorrect() -> Vec<u8> {
    const M: u32 = 65521;
    let (length, intent, want_adler, want_crc) = HP_SRGB;
    let mut p = icc_header(length, intent);
    let groups: Vec<usize> = (0..64).map(|k| 132 + 4 * k).collect();
    for &g in &groups {
        p[g..g + 4].copy_from_slice(&[0x40, 0x41, 0x41, 0x40]);
    }
    let free = groups[63] + 4..length;

    // adler32: a = 1 + sum, b = sum over i of (length - i) * byte_i + length.
    let adler = adler32(&p);
    let need_a = ((want_adler & 0xffff) + M - (adler & 0xffff)) % M + M;
    let mut add = vec![0u32; length];
    let mut left = need_a;
    for i in free.clone().rev() {
        add[i] = left.min(255);
        left -= add[i];
        if left == 0 {
            break;
        }
    }
    let weight = |add: &[u32]| -> u64 {
        add.iter().enumerate().map(|(i, &c)| (length - i) as u64 * u64::from(c)).sum()
    };
    let b_now = (u64::from(adler >> 16) + weight(&add)) % u64::from(M);
    let mut raise = (u64::from(want_adler >> 16) + u64::from(M) - b_now) % u64::from(M);
    while raise > 0 {
        // Move one unit as far left as fits, from the rightmost byte that can.
        let (src, dst) = (free.clone().rev().filter(|&i| add[i] > 0))
            .find_map(|src| {
                let reach = (src - free.start).min(raise as usize);
                (src - reach..src).find(|&i| add[i] < 255).map(|dst| (src, dst))
            })
            .unwrap();
        add[src] -= 1;
        add[dst] += 1;
        raise -= (src - dst) as u64;
    }
    for i in free {
        p[i] = add[i] as u8;
    }
    assert_eq!(adler32(&p), want_adler);

    // CRC-32: which groups to flip, by Gaussian elimination over GF(2):
    // each basis row is a CRC difference and the set of groups that make it.
    let base = crc32(&p);
    let mut basis: [Option<(u32, u64)>; 32] = [None; 32];
    for (k, &g) in groups.iter().enumerate() {
        let mut q = p.clone();
        q[g..g + 4].iter_mut().for_each(|b| *b ^= 1);
        let mut row = (crc32(&q) ^ base, 1u64 << k);
        for bit in (0..32).rev() {
            if row.0 >> bit & 1 == 1 {
                match basis[bit] {
                    Some(b) => row = (row.0 ^ b.0, row.1 ^ b.1),
                    None => {
                        basis[bit] = Some(row);
                        break;
                    }
                }
            }
        }
    }
    let (mut rest, mut flips) = (base ^ want_crc, 0u64);
    for bit in (0..32).rev() {
        if rest >> bit & 1 == 1 {
            let b = basis[bit].expect("64 random differences span the 32 bits");
            (rest, flips) = (rest ^ b.0, flips ^ b.1);
        }
    }
    for (k, &g) in groups.iter().enumerate() {
        if flips >> k & 1 == 1 {
            p[g..g + 4].iter_mut().for_each(|b| *b ^= 1);
        }
    }
    assert_eq!((adler32(&p), crc32(&p)), (want_adler, want_crc));
    p
}

/// The broken HP sRGB profile's length, intent and (absent) MD5 with other
/// bytes: libpng warns "iCCP: Not recognizing known sRGB profile that has
/// been edited".
pub fn srgb_profile_edited() -> Vec<u8> {
    let (length, intent, _, _) = HP_SRGB;
    let mut p = icc_header(length, intent);
    p[200] = 1;
    p
}

/// The red token with an iCCP chunk carrying `profile`.
pub fn with_profile(profile: &[u8]) -> Vec<u8> {
    after_ihdr(red(), &iccp(profile))
}

/// Bits written least significant first, as deflate packs them.
struct Bits {
    out: Vec<u8>,
    used: u32,
}

impl Bits {
    /// `value`'s low `n` bits, least significant first.
    fn put(&mut self, value: u32, n: u32) {
        for i in 0..n {
            if self.used % 8 == 0 {
                self.out.push(0);
            }
            let last = self.out.len() - 1;
            self.out[last] |= (((value >> i) & 1) as u8) << (self.used % 8);
            self.used += 1;
        }
    }

    /// A Huffman code of `len` bits, most significant first.
    fn code(&mut self, code: u32, len: u32) {
        for i in (0..len).rev() {
            self.put((code >> i) & 1, 1);
        }
    }
}

/// A zlib stream that inflates to `n` zero bytes (n at least 1), about
/// 1,000 times smaller: one dynamic-Huffman deflate block whose only
/// symbols are the literal 0 (code `10`), a match of 258 bytes at distance
/// 1 (`0`, its distance `0`) and the end (`11`), so that each match costs
/// two bits, as zlib's own best compression of zeros does.
pub fn zlib_deflated_zeros(n: usize) -> Vec<u8> {
    let mut bits = Bits { out: vec![0x78, 0xda], used: 16 };
    bits.put(1, 1); // the last block
    bits.put(2, 2); // dynamic Huffman codes
    bits.put(29, 5); // 286 literal/length codes
    bits.put(0, 5); // 1 distance code
    bits.put(15, 4); // 19 code-length codes
                     // The code-length code: 18 (a run of zeros) 1 bit, 1 and 2 two bits each.
    for symbol in [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15] {
        bits.put(
            match symbol {
                18 => 1,
                1 | 2 => 2,
                _ => 0,
            },
            3,
        );
    }
    // Lengths: 0 -> 2, 1..=255 -> 0, 256 -> 2, 257..=284 -> 0, 285 -> 1; distance 0 -> 1.
    let (run, one, two) = ((0, 1), (2, 2), (3, 2));
    bits.code(two.0, two.1);
    bits.code(run.0, run.1);
    bits.put(127, 7); // 138 zeros
    bits.code(run.0, run.1);
    bits.put(106, 7); // 117 zeros
    bits.code(two.0, two.1);
    bits.code(run.0, run.1);
    bits.put(17, 7); // 28 zeros
    bits.code(one.0, one.1);
    bits.code(one.0, one.1);
    // The data: a literal 0, then matches of 258 and literals for the rest.
    bits.code(2, 2);
    let rest = n - 1;
    for _ in 0..rest / 258 {
        bits.code(0, 1);
        bits.code(0, 1);
    }
    for _ in 0..rest % 258 {
        bits.code(2, 2);
    }
    bits.code(3, 2); // the end of the block
    let mut out = bits.out;
    let b = (n % 65521) as u32; // adler32 of zeros: a stays 1, b counts them
    out.extend_from_slice(&((b << 16) | 1).to_be_bytes());
    out
}

/// A PNG of `width` x `height`, `depth` bits, colour type `colour`, its
/// IDAT holding `zlib` (the rows, each with its filter byte, compressed).
pub fn png_with_data(width: u32, height: u32, depth: u8, colour: u8, zlib: &[u8]) -> Vec<u8> {
    let mut ihdr = width.to_be_bytes().to_vec();
    ihdr.extend_from_slice(&height.to_be_bytes());
    ihdr.extend_from_slice(&[depth, colour, 0, 0, 0]);
    let mut out = b"\x89PNG\r\n\x1a\n".to_vec();
    out.extend_from_slice(&chunk(b"IHDR", &ihdr));
    out.extend_from_slice(&chunk(b"IDAT", zlib));
    out.extend_from_slice(&chunk(b"IEND", b""));
    out
}

/// A sound opening book for 5x4: every position of up to 3 moves (none of
/// which can be won yet) with its exact score, in a few blocks.
pub fn small_book() -> Vec<u8> {
    use fourinrow::fourinrow::engine::solver::book::{key, Coverage};
    use fourinrow::fourinrow::engine::solver::{Book, Position, Solver};
    let mut solver = Solver::new();
    let mut ply = vec![Position::new(5, 4).unwrap()];
    let mut entries = Vec::new();
    for _ in 0..=3 {
        for p in &ply {
            entries.push((key(p).unwrap(), solver.solve(p, false) as i8));
        }
        ply = ply.iter().flat_map(|p| (0..5).map(move |c| p.child(c))).collect();
    }
    entries.sort_unstable();
    entries.dedup();
    Book::to_bytes(5, 4, Coverage { plies: 3, all_plies: 3, lines_from: 0 }, &entries)
}
