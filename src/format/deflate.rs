//! PNG image data at memory speed: the rows are cut into chunks of about 4 MiB, each chunk is
//! one deflate block of literals coded with its own Huffman code (no string matching), the
//! chunks are coded on every core, and they are joined into one zlib stream with sync flushes
//! (an empty stored block after each, so every chunk ends on a byte).
//!
//! Maze pictures use few byte values with very uneven frequencies, and a Huffman code built
//! for the bytes comes within a few percent of their order-0 entropy. The solution picture of
//! a 15001² maze (a 4-bit palette, 108 MiB of rows) takes 25 MiB, where the png crate's fast
//! mode (fdeflate's one fixed code) takes 55 MiB and zlib level 1 (miniz_oxide) 28 MiB in 3.6
//! times fdeflate's time. On a 4001² solution (`cargo bench --bench png`): 800 MiB/s on two
//! cores and 1.9 MB, against 300 MiB/s and 4.2 MB (BENCHMARKS.md, "Scale").
//!
//! ```
//! use mazegraph::format::deflate::ImageData;
//! let mut png_bytes = Vec::new();
//! let mut enc = png::Encoder::new(&mut png_bytes, 16, 3);
//! enc.set_color(png::ColorType::Grayscale);
//! let mut writer = enc.write_header().unwrap();
//! let mut data = ImageData::new(&mut writer, 16);
//! data.write_rows(0..3, |y, row| row.fill(40 * y as u8)).unwrap();
//! data.finish().unwrap();
//! writer.finish().unwrap();
//! let mut dec = png::Decoder::new(std::io::Cursor::new(png_bytes)).read_info().unwrap();
//! let mut pixels = vec![0; 48];
//! dec.next_frame(&mut pixels).unwrap();
//! assert_eq!(pixels[16..20], [40; 4]);
//! ```

use crate::error::Result;
use crate::par::*;
use std::io::Write;
use std::ops::Range;

/// Bytes of rows per chunk (one Huffman code each, coded on one core).
const CHUNK_BYTES: usize = 4 << 20;

/// The zlib header: deflate, 32 KiB window, fastest compression (0x78 0x01).
const ZLIB_HEADER: [u8; 2] = [0x78, 0x01];

/// The end of the stream after sync-flushed blocks: an empty final block of the fixed code
/// (BFINAL 1, BTYPE 01, the end-of-block code 0000000), padded to the byte.
const FINAL_BLOCK: [u8; 2] = [0x03, 0x00];

/// The image data of one PNG being written: rows go in ([`ImageData::write_rows`]), IDAT
/// chunks come out on the PNG writer.
pub struct ImageData<'a, W: Write> {
    png: &'a mut png::Writer<W>,
    /// Bytes of one row, without its filter byte.
    row_bytes: usize,
    /// The Adler-32 of the rows so far (filter bytes included).
    adler: u32,
    /// Nothing written yet: the zlib header goes before the first chunk.
    first: bool,
}

impl<'a, W: Write> ImageData<'a, W> {
    /// Image data for rows of `row_bytes` bytes (without the filter byte), written on `png`
    /// (whose header is written and whose rows have that size).
    pub fn new(png: &'a mut png::Writer<W>, row_bytes: usize) -> Self {
        ImageData {
            png,
            row_bytes,
            adler: 1,
            first: true,
        }
    }

    /// Writes `rows`: `fill(y, row)` fills row `y` (zeroed, `row_bytes` long), called from
    /// any thread, in any order. Rows are written unfiltered, in order.
    ///
    /// Complexity: O(bytes) time over the cores; memory for two chunks per core.
    pub fn write_rows(
        &mut self,
        rows: Range<usize>,
        fill: impl Fn(usize, &mut [u8]) + Sync,
    ) -> Result<()> {
        let line = self.row_bytes + 1;
        let per_chunk = (CHUNK_BYTES / line).max(1);
        let chunks: Vec<Range<usize>> = rows
            .clone()
            .step_by(per_chunk)
            .map(|a| a..(a + per_chunk).min(rows.end))
            .collect();
        // One chunk per core at a time; a batch is written while the next one is coded.
        let code = |batch: &[Range<usize>]| -> Vec<(Vec<u8>, u32, usize)> {
            let flag = crate::stop::flags();
            batch
                .to_vec()
                .into_par_iter()
                .map(|range| {
                    crate::stop::carry(&flag, || {
                        let mut raw = vec![0u8; range.len() * line];
                        for (y, row) in range.zip(raw.chunks_exact_mut(line)) {
                            fill(y, &mut row[1..]);
                        }
                        (encode_block(&raw), adler32(&raw), raw.len())
                    })
                })
                .collect()
        };
        let mut batches = chunks.chunks(threads().max(1));
        let Some(first) = batches.next() else {
            return Ok(());
        };
        let mut coded = code(first);
        for batch in batches {
            let (next, written) = beside(|| code(batch), || self.put(std::mem::take(&mut coded)));
            written?;
            coded = next;
        }
        self.put(coded)
    }

    /// Writes coded chunks, in order.
    fn put(&mut self, coded: Vec<(Vec<u8>, u32, usize)>) -> Result<()> {
        for (block, adler, len) in coded {
            self.adler = adler32_combine(self.adler, adler, len);
            if self.first {
                self.first = false;
                let mut data = ZLIB_HEADER.to_vec();
                data.extend_from_slice(&block);
                self.chunk(&data)?;
            } else {
                self.chunk(&block)?;
            }
        }
        Ok(())
    }

    /// Ends the zlib stream (an empty final block and the checksum) in a last IDAT chunk.
    pub fn finish(mut self) -> Result<()> {
        let mut tail = Vec::with_capacity(8);
        if self.first {
            tail.extend_from_slice(&ZLIB_HEADER);
        }
        tail.extend_from_slice(&FINAL_BLOCK);
        tail.extend_from_slice(&self.adler.to_be_bytes());
        self.chunk(&tail)
    }

    fn chunk(&mut self, data: &[u8]) -> Result<()> {
        // IDAT chunks are at most 2³¹ − 1 bytes; a 4 MiB chunk of rows codes to less.
        for part in data.chunks(1 << 30) {
            self.png
                .write_chunk(png::chunk::IDAT, part)
                .map_err(crate::error::png_writing)?;
        }
        Ok(())
    }
}

/// The number of chunks coded at once: one per core of the pool (1 without rayon, or inside
/// a pool already busy with other work).
pub(crate) fn threads() -> usize {
    #[cfg(feature = "parallel")]
    if !in_pool() {
        return rayon::current_num_threads();
    }
    1
}

/// The Adler-32 checksum of `data` (SIMD where the processor has it).
fn adler32(data: &[u8]) -> u32 {
    let mut h = simd_adler32::Adler32::new();
    h.write(data);
    h.finish()
}

/// The Adler-32 of `a` followed by `b`, from theirs and `b`'s length (zlib's combination).
fn adler32_combine(a: u32, b: u32, len_b: usize) -> u32 {
    const BASE: u64 = 65521;
    let rem = len_b as u64 % BASE;
    let (a1, a2) = (u64::from(a & 0xffff), u64::from(a >> 16));
    let (b1, b2) = (u64::from(b & 0xffff), u64::from(b >> 16));
    let sum1 = (a1 + b1 + BASE - 1) % BASE;
    let sum2 = (rem * a1 % BASE + a2 + b2 + BASE - rem) % BASE;
    (sum1 | sum2 << 16) as u32
}

/// Bits written least significant first, as deflate packs them, into a buffer sized in
/// advance: every `put` stores eight bytes and keeps fewer than eight bits pending.
struct Bits {
    out: Vec<u8>,
    /// Bytes complete in `out`.
    pos: usize,
    buf: u64,
    n: u32,
}

impl Bits {
    /// A buffer for `bits` bits at most.
    fn with_capacity(bits: u64) -> Bits {
        Bits {
            out: vec![0; (bits / 8) as usize + 16],
            pos: 0,
            buf: 0,
            n: 0,
        }
    }

    /// Appends the low `n` bits of `v` (`n` ≤ 56).
    #[inline(always)]
    fn put(&mut self, v: u64, n: u32) {
        self.buf |= v << self.n;
        self.n += n;
        self.out[self.pos..self.pos + 8].copy_from_slice(&self.buf.to_le_bytes());
        let bytes = self.n / 8;
        self.pos += bytes as usize;
        // bytes ≤ 7: n was below 8 before this put.
        self.buf = if bytes == 0 {
            self.buf
        } else {
            self.buf >> (8 * bytes)
        };
        self.n %= 8;
    }

    /// Pads with zero bits to the next byte; the bytes written so far.
    fn finish(mut self) -> Vec<u8> {
        self.pos += usize::from(self.n > 0);
        self.out.truncate(self.pos);
        self.out
    }
}

/// The order in which the code-length code's lengths are sent (RFC 1951, 3.2.7).
const CL_ORDER: [usize; 19] = [
    16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15,
];

/// One non-final dynamic-Huffman block of the literals of `raw`, then a sync flush (an empty
/// stored block), so that blocks coded apart can be joined.
fn encode_block(raw: &[u8]) -> Vec<u8> {
    let freq = histogram(raw);
    // Codes of at most 14 bits (deflate allows 15): four of them fit in one put.
    let lit = code_lengths(&freq, 14);
    // Two distance codes of one bit: never used, but a complete code every decoder takes.
    let mut lengths = lit.clone();
    lengths.extend_from_slice(&[1, 1]);
    let mut cl_freq = [0u64; 19];
    for &l in &lengths {
        cl_freq[l as usize] += 1;
    }
    if cl_freq.iter().filter(|&&f| f > 0).count() < 2 {
        cl_freq[if cl_freq[0] == 0 { 0 } else { 1 }] += 1;
    }
    let cl = code_lengths(&cl_freq, 7);
    let cl_codes = canonical(&cl);
    let hclen = 4.max(19 - CL_ORDER.iter().rev().take_while(|&&s| cl[s] == 0).count());

    // The block's exact size: header, the code lengths, the data, the end; then the flush.
    let data_bits: u64 = freq.iter().zip(&lit).map(|(&f, &l)| f * u64::from(l)).sum();
    let header_bits = 17 + 3 * hclen as u64 + 7 * lengths.len() as u64;
    let mut bits = Bits::with_capacity(header_bits + data_bits + 3 + 8);
    bits.put(0b100, 3); // BFINAL 0, BTYPE 10 (dynamic)
    bits.put(0, 5); // HLIT: 257 literal/length codes
    bits.put(1, 5); // HDIST: 2 distance codes
    bits.put((hclen - 4) as u64, 4);
    for &s in &CL_ORDER[..hclen] {
        bits.put(u64::from(cl[s]), 3);
    }
    for &l in &lengths {
        let (code, n) = cl_codes[l as usize];
        bits.put(u64::from(code), n);
    }

    let codes = canonical(&lit);
    // One table entry per byte: its code in the low bits, its length above bit 32.
    let table: Vec<u64> = codes[..256]
        .iter()
        .map(|&(c, n)| u64::from(c) | u64::from(n) << 32)
        .collect();
    let code = |b: u8| {
        let t = table[b as usize];
        (t & 0xffff_ffff, (t >> 32) as u32)
    };
    let mut quads = raw.chunks_exact(4);
    for q in &mut quads {
        // Four codes of at most 14 bits: at most 56 bits, one put.
        let (a, na) = code(q[0]);
        let (b, nb) = code(q[1]);
        let (c, nc) = code(q[2]);
        let (d, nd) = code(q[3]);
        let v = a | b << na | c << (na + nb) | d << (na + nb + nc);
        bits.put(v, na + nb + nc + nd);
    }
    for &x in quads.remainder() {
        let (v, n) = code(x);
        bits.put(v, n);
    }
    let (eob, n) = codes[256];
    bits.put(u64::from(eob), n);
    // Sync flush: an empty stored block (BFINAL 0, BTYPE 00), aligned, LEN 0, NLEN 0xffff.
    bits.put(0, 3);
    let mut out = bits.finish();
    out.extend_from_slice(&[0, 0, 0xff, 0xff]);
    out
}

/// How often each byte value occurs in `raw`, and the end-of-block code once (index 256);
/// byte 0 at least once, so that the code has two symbols and is complete. Four tables
/// counted side by side, so that runs of one byte do not wait on one counter.
fn histogram(raw: &[u8]) -> [u64; 257] {
    let mut t = [[0u32; 256]; 4];
    let mut quads = raw.chunks_exact(4);
    for q in &mut quads {
        t[0][q[0] as usize] += 1;
        t[1][q[1] as usize] += 1;
        t[2][q[2] as usize] += 1;
        t[3][q[3] as usize] += 1;
    }
    let mut freq = [0u64; 257];
    for &b in quads.remainder() {
        freq[b as usize] += 1;
    }
    for (v, f) in freq.iter_mut().take(256).enumerate() {
        *f += t.iter().map(|t| u64::from(t[v])).sum::<u64>();
    }
    freq[256] = 1;
    freq[0] = freq[0].max(1);
    freq
}

/// Huffman code lengths for `freq`, none longer than `limit` (0 for symbols never used).
/// Over the limit, the frequencies are halved (rounding up) until the code fits.
fn code_lengths(freq: &[u64], limit: u8) -> Vec<u8> {
    let mut f: Vec<u64> = freq.to_vec();
    loop {
        let lengths = huffman(&f);
        if lengths.iter().all(|&l| l <= limit) {
            return lengths;
        }
        for x in f.iter_mut().filter(|x| **x > 0) {
            *x = x.div_ceil(2);
        }
    }
}

/// Unbounded Huffman code lengths (two queues over the leaves sorted by frequency).
fn huffman(freq: &[u64]) -> Vec<u8> {
    let mut leaves: Vec<(u64, usize)> = freq
        .iter()
        .enumerate()
        .filter(|(_, &f)| f > 0)
        .map(|(s, &f)| (f, s))
        .collect();
    leaves.sort_unstable();
    let mut lengths = vec![0u8; freq.len()];
    if leaves.len() < 2 {
        for &(_, s) in &leaves {
            lengths[s] = 1;
        }
        return lengths;
    }
    // Nodes: leaves 0..n, then internal nodes; parent links give the depths.
    let n = leaves.len();
    let mut weight: Vec<u64> = leaves.iter().map(|&(f, _)| f).collect();
    let mut parent = vec![usize::MAX; 2 * n - 1];
    let (mut next_leaf, mut next_inner) = (0, n);
    for _ in 0..n - 1 {
        let mut pick = || {
            let inner_ok = next_inner < weight.len();
            if next_leaf < n && (!inner_ok || weight[next_leaf] <= weight[next_inner]) {
                next_leaf += 1;
                next_leaf - 1
            } else {
                next_inner += 1;
                next_inner - 1
            }
        };
        let (a, b) = (pick(), pick());
        let id = weight.len();
        weight.push(weight[a] + weight[b]);
        parent[a] = id;
        parent[b] = id;
    }
    // Depths from the root (the last node) down: parents always come after their children.
    let mut depth = vec![0u8; 2 * n - 1];
    for v in (0..2 * n - 2).rev() {
        depth[v] = depth[parent[v]].saturating_add(1);
    }
    for (k, &(_, s)) in leaves.iter().enumerate() {
        lengths[s] = depth[k];
    }
    lengths
}

/// Canonical codes for `lengths` (RFC 1951, 3.2.2), bit-reversed for least-significant-first
/// output: (code, length) per symbol.
fn canonical(lengths: &[u8]) -> Vec<(u32, u32)> {
    let mut count = [0u32; 16];
    for &l in lengths {
        count[l as usize] += 1;
    }
    count[0] = 0;
    let mut next = [0u32; 16];
    let mut code = 0;
    for bits in 1..16 {
        code = (code + count[bits - 1]) << 1;
        next[bits] = code;
    }
    lengths
        .iter()
        .map(|&l| {
            if l == 0 {
                return (0, 0);
            }
            let c = next[l as usize];
            next[l as usize] += 1;
            (c.reverse_bits() >> (32 - u32::from(l)), u32::from(l))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adler_combination_is_the_adler_of_the_whole() {
        let data: Vec<u8> = (0..300_000u32).map(|i| (i * 7919 % 251) as u8).collect();
        for cut in [0, 1, 5552, 65521, 100_000, 299_999, 300_000] {
            let (a, b) = data.split_at(cut);
            let whole = adler32(&data);
            let joined = adler32_combine(adler32(a), adler32(b), b.len());
            assert_eq!(joined, whole, "cut at {cut}");
        }
    }

    #[test]
    fn lengths_respect_the_limit_and_make_a_complete_code() {
        // Fibonacci frequencies make the deepest unbounded code.
        let mut freq = vec![0u64; 40];
        let (mut a, mut b) = (1u64, 1u64);
        for f in freq.iter_mut() {
            *f = a;
            (a, b) = (b, a + b);
        }
        for limit in [7u8, 15] {
            let l = code_lengths(&freq, limit);
            assert!(l.iter().all(|&x| (1..=limit).contains(&x)));
            let kraft: f64 = l.iter().map(|&x| 0.5f64.powi(x.into())).sum();
            assert!((kraft - 1.0).abs() < 1e-12, "kraft {kraft}");
        }
        assert_eq!(huffman(&[0, 5, 0]), vec![0, 1, 0]);
    }

    /// Inflates a zlib stream with miniz_oxide (a decoder independent of ours).
    fn inflate(z: &[u8]) -> Vec<u8> {
        miniz_oxide::inflate::decompress_to_vec_zlib(z).expect("valid zlib")
    }

    fn stream(chunks: &[&[u8]]) -> Vec<u8> {
        let mut z = ZLIB_HEADER.to_vec();
        let mut adler = 1;
        for c in chunks {
            z.extend(encode_block(c));
            adler = adler32_combine(adler, adler32(c), c.len());
        }
        z.extend_from_slice(&FINAL_BLOCK);
        z.extend_from_slice(&adler.to_be_bytes());
        z
    }

    #[test]
    fn joined_blocks_inflate_to_the_data() {
        let skewed: Vec<u8> = (0..100_000u32)
            .map(|i| [1, 1, 1, 0, 0, 0x11, 3, 0x33][(i.wrapping_mul(2654435761) >> 29) as usize])
            .collect();
        let all: Vec<u8> = (0..=255).cycle().take(70_000).collect();
        let empty: &[u8] = &[];
        let one = [7u8; 1000];
        for chunks in [
            vec![&skewed[..]],
            vec![
                &skewed[..50_000],
                &all[..],
                empty,
                &one[..],
                &skewed[50_000..],
            ],
            vec![empty],
        ] {
            let want: Vec<u8> = chunks.concat();
            assert_eq!(inflate(&stream(&chunks)), want);
        }
        // The skewed bytes code near their entropy (about 2.3 bits a byte).
        assert!(encode_block(&skewed).len() < skewed.len() * 31 / 100);
    }
}
