//! The bookings file's records, read as the csv crate reads them (with `flexible`), in less time:
//! the bytes that can end a field or a record (`,` `"` LF CR) are found 16 at a time, and a record
//! whose fields are plain or simply quoted is taken from them where it lies, with no byte copied on
//! its own. Any other record (an escaped quote, text after a closing quote, a last record with no
//! line end after it, one longer than the buffer) is read by `csv_core`, the csv crate's parser. A
//! test compares both readers, fields and line numbers, on random files (benches/README.md, issue
//! #48: the csv crate's reader was 13% of a 10M import).

use std::io::Read;
use std::ops::Range;

const COMMA: u8 = b',';
const QUOTE: u8 = b'"';
const LF: u8 = b'\n';
const CR: u8 = b'\r';

/// The read buffer: bytes asked of the file at a time. A record longer than it is read by
/// `csv_core` as it streams through, so that neither the buffer nor the marks (up to one a byte)
/// grow with a record.
const BUFFER: usize = 256 * 1024;

/// Records read in one go, their bytes back to back.
#[derive(Default)]
pub(super) struct Records {
    bytes: Vec<u8>,
    fields: Vec<Range<usize>>,
    records: Vec<RecordAt>,
}

/// A record in `Records`: its fields end at `fields_end` in `fields`, its bytes (separators and
/// quotes included, when it was read in place) lie at `span`.
struct RecordAt {
    fields_end: usize,
    span: Range<usize>,
    line: u64,
}

impl Records {
    pub(super) fn len(&self) -> usize {
        self.records.len()
    }

    pub(super) fn is_empty(&self) -> bool {
        self.records.is_empty()
    }

    fn clear(&mut self) {
        self.bytes.clear();
        self.fields.clear();
        self.records.clear();
    }

    /// Each record with the line it starts on (the csv crate's `Position::line`).
    pub(super) fn iter(&self) -> impl Iterator<Item = (u64, RecordBytes<'_>)> {
        let mut fields_from = 0;
        self.records.iter().map(move |r| {
            let fields = &self.fields[fields_from..r.fields_end];
            fields_from = r.fields_end;
            let bytes = &self.bytes[r.span.clone()];
            (
                r.line,
                RecordBytes {
                    bytes,
                    at: r.span.start,
                    fields,
                },
            )
        })
    }
}

/// One record: its bytes and where each field lies in them.
#[derive(Clone, Copy)]
pub(super) struct RecordBytes<'r> {
    bytes: &'r [u8],
    /// Where `bytes` starts among the records' bytes, which `fields` count from.
    at: usize,
    fields: &'r [Range<usize>],
}

impl<'r> RecordBytes<'r> {
    /// The record's bytes: every field's, and perhaps separators and quotes between them.
    pub(super) fn bytes(self) -> &'r [u8] {
        self.bytes
    }

    /// Where field `i` lies in `bytes`; `None` past the record's last field.
    pub(super) fn range(self, i: usize) -> Option<Range<usize>> {
        let r = self.fields.get(i)?;
        Some(r.start - self.at..r.end - self.at)
    }

    #[cfg(test)]
    pub(super) fn field_bytes(self) -> Vec<&'r [u8]> {
        (0..self.fields.len())
            .filter_map(|i| self.range(i).map(|r| &self.bytes[r]))
            .collect()
    }
}

/// What a record read in place came to.
enum InPlace {
    /// The record ends before `next` (its terminator read), with `lines` line feeds in it.
    Record {
        next: usize,
        marks: usize,
        lines: u64,
    },
    /// The buffer ends inside it.
    More,
    /// `csv_core` reads it.
    Slow,
}

pub(super) struct RecordReader<R> {
    inner: R,
    buf: Vec<u8>,
    /// The unread bytes are `buf[pos..filled]`.
    pos: usize,
    filled: usize,
    eof: bool,
    /// The file's first bytes were read (and its byte order mark dropped).
    started: bool,
    /// Where in `buf[..filled]` a byte that can end a field or a record lies, in order; those at
    /// or past `pos` start at `marks[next]`.
    marks: Vec<usize>,
    next: usize,
    /// The line the next record starts on.
    line: u64,
    /// The fields of the record being read in place, as positions in `buf`.
    in_place: Vec<Range<usize>>,
    core: csv_core::Reader,
    /// Where `csv_core` puts the bytes of a record's fields (`ends` their ends). Kept at its size
    /// between records: sized afresh from the unread bytes each time, it was zeroed anew for every
    /// record, and a file whose every row has an escaped quote took half as long again as with the
    /// csv crate.
    slow_bytes: Vec<u8>,
    ends: Vec<usize>,
}

impl<R: Read> RecordReader<R> {
    pub(super) fn new(inner: R) -> Self {
        let mut core = csv_core::Reader::new();
        // `csv_core` drops a byte order mark on its first read only; the file's is dropped below,
        // so this first read (an empty line, skipped) keeps it from dropping one later.
        core.read_record(b"\n", &mut [0; 1], &mut [0; 1]);
        RecordReader {
            inner,
            buf: vec![0; BUFFER],
            pos: 0,
            filled: 0,
            eof: false,
            started: false,
            marks: Vec::with_capacity(BUFFER / 4),
            next: 0,
            line: 1,
            in_place: Vec::new(),
            core,
            slow_bytes: vec![0; 4096],
            ends: vec![0; 64],
        }
    }

    /// Reads up to `most` records into `out` (what it held is gone); fewer only at the file's end.
    pub(super) fn read(&mut self, most: usize, out: &mut Records) -> std::io::Result<()> {
        out.clear();
        if !self.started {
            self.started = true;
            // The csv crate drops the mark only when its first read holds it whole (and reads
            // nothing when that read is the mark alone); here the file's first three bytes decide.
            while self.filled < 3 && !self.eof {
                self.fill()?;
            }
            if self.buf[..self.filled].starts_with(b"\xef\xbb\xbf") {
                self.pos = 3;
                self.next = self.marks.partition_point(|&m| m < 3);
            }
        }
        // Records read in place are copied into `out` together, from `run_from` to `pos`.
        let mut run_from = self.pos;
        // The line of the record being read, kept while more of it is read.
        let mut record_line = None;
        while out.records.len() < most {
            let line = *record_line.get_or_insert(self.line);
            let start = self.skip_empty_lines();
            let outcome = match self.in_place(start) {
                // A record longer than the buffer: `csv_core` reads it as it streams through.
                InPlace::More if self.pos == 0 && self.filled == BUFFER => InPlace::Slow,
                outcome => outcome,
            };
            match outcome {
                InPlace::Record { next, marks, lines } => {
                    let to_out = |p: usize| out.bytes.len() + p - run_from;
                    let span = to_out(start)..to_out(next - 1);
                    out.fields
                        .extend(self.in_place.iter().map(|f| to_out(f.start)..to_out(f.end)));
                    out.records.push(RecordAt {
                        fields_end: out.fields.len(),
                        span,
                        line,
                    });
                    self.pos = next;
                    self.next = marks;
                    self.line += lines;
                    record_line = None;
                }
                InPlace::More => {
                    out.bytes.extend_from_slice(&self.buf[run_from..self.pos]);
                    self.fill()?;
                    run_from = self.pos;
                }
                InPlace::Slow => {
                    out.bytes.extend_from_slice(&self.buf[run_from..self.pos]);
                    let read = self.slow(out, line)?;
                    run_from = self.pos;
                    record_line = None;
                    if !read {
                        break;
                    }
                }
            }
        }
        out.bytes.extend_from_slice(&self.buf[run_from..self.pos]);
        Ok(())
    }

    /// Steps over the line ends before a record (`csv_core` skips empty lines); returns where the
    /// record starts. The line count moves on, but the record keeps the line it was asked at, as
    /// with the csv crate.
    fn skip_empty_lines(&mut self) -> usize {
        while self.pos < self.filled && matches!(self.buf[self.pos], LF | CR) {
            self.line += u64::from(self.buf[self.pos] == LF);
            self.pos += 1;
            self.next += 1;
        }
        self.pos
    }

    /// Reads the record at `start` from the marks, its fields into `in_place`.
    fn in_place(&mut self, start: usize) -> InPlace {
        let buf = &self.buf[..self.filled];
        let marks = &self.marks;
        let undecided = if self.eof {
            InPlace::Slow
        } else {
            InPlace::More
        };
        self.in_place.clear();
        let (mut p, mut m, mut lines) = (start, self.next, 0);
        loop {
            if p == buf.len() {
                return undecided;
            }
            let end = if buf[p] == QUOTE {
                // A quoted field: to the next quote, line feeds and separators within it.
                m += 1;
                let close = loop {
                    let Some(&at) = marks.get(m) else {
                        return undecided;
                    };
                    m += 1;
                    match buf[at] {
                        QUOTE => break at,
                        LF => lines += 1,
                        _ => {}
                    }
                };
                match buf.get(close + 1).copied() {
                    Some(COMMA | LF | CR) => {}
                    // An escaped quote, or text after the closing quote.
                    Some(_) => return InPlace::Slow,
                    // The buffer ends at the closing quote.
                    None => return undecided,
                }
                self.in_place.push(p + 1..close);
                m += 1;
                close + 1
            } else {
                // A plain field: to the next separator or line end; a quote in it is text.
                let at = loop {
                    let Some(&at) = marks.get(m) else {
                        return undecided;
                    };
                    m += 1;
                    if buf[at] != QUOTE {
                        break at;
                    }
                };
                self.in_place.push(p..at);
                at
            };
            match buf[end] {
                COMMA => p = end + 1,
                terminator => {
                    return InPlace::Record {
                        next: end + 1,
                        marks: m,
                        lines: lines + u64::from(terminator == LF),
                    };
                }
            }
        }
    }

    /// Reads the record at `pos` with `csv_core`, its fields into `out`; false at the file's end.
    fn slow(&mut self, out: &mut Records, line: u64) -> std::io::Result<bool> {
        use csv_core::ReadRecordResult;
        let (mut written, mut nends) = (0, 0);
        loop {
            let input = &self.buf[self.pos..self.filled];
            let (result, read, wrote, ended) = self.core.read_record(
                input,
                &mut self.slow_bytes[written..],
                &mut self.ends[nends..],
            );
            self.line += bytecount(&input[..read], LF);
            self.pos += read;
            written += wrote;
            nends += ended;
            match result {
                ReadRecordResult::InputEmpty => self.fill()?,
                ReadRecordResult::OutputFull => {
                    self.slow_bytes.resize(self.slow_bytes.len() * 2, 0);
                }
                ReadRecordResult::OutputEndsFull => self.ends.resize(self.ends.len() * 2, 0),
                ReadRecordResult::Record => break,
                ReadRecordResult::End => return Ok(false),
            }
        }
        let from = out.bytes.len();
        out.bytes.extend_from_slice(&self.slow_bytes[..written]);
        self.next = self.marks.partition_point(|&m| m < self.pos);
        let mut start = from;
        for &end in &self.ends[..nends] {
            out.fields.push(start..from + end);
            start = from + end;
        }
        out.records.push(RecordAt {
            fields_end: out.fields.len(),
            span: from..from + written,
            line,
        });
        Ok(true)
    }

    /// Moves the unread bytes to the buffer's start and reads more after them; at the file's end,
    /// sets `eof`.
    fn fill(&mut self) -> std::io::Result<()> {
        if self.eof {
            return Ok(());
        }
        // A full buffer is emptied first: by the records read from it, or by `slow`.
        debug_assert!(self.pos > 0 || self.filled < self.buf.len());
        if self.pos > 0 {
            self.buf.copy_within(self.pos..self.filled, 0);
            // (`next` may be behind: `slow` moves `pos` on its own.)
            self.marks
                .drain(..self.marks.partition_point(|&m| m < self.pos));
            self.marks.iter_mut().for_each(|m| *m -= self.pos);
            self.filled -= self.pos;
            self.pos = 0;
            self.next = 0;
        }
        let read = loop {
            match self.inner.read(&mut self.buf[self.filled..]) {
                Ok(n) => break n,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        };
        if read == 0 {
            self.eof = true;
        }
        find_marks(
            &self.buf[self.filled..self.filled + read],
            self.filled,
            &mut self.marks,
        );
        self.filled += read;
        Ok(())
    }
}

fn bytecount(bytes: &[u8], byte: u8) -> u64 {
    bytes.iter().filter(|&&b| b == byte).count() as u64
}

/// Appends to `marks` where in `bytes` (which start at `offset`) a comma, quote, LF or CR lies.
fn find_marks(bytes: &[u8], offset: usize, marks: &mut Vec<usize>) {
    let mut blocks = bytes.chunks_exact(16);
    let mut at = offset;
    for block in &mut blocks {
        let mut mask = block_marks(block.try_into().expect("a block of 16"));
        while mask != 0 {
            marks.push(at + mask.trailing_zeros() as usize);
            mask &= mask - 1;
        }
        at += 16;
    }
    for (i, &b) in blocks.remainder().iter().enumerate() {
        if matches!(b, COMMA | QUOTE | LF | CR) {
            marks.push(at + i);
        }
    }
}

/// Bit `i` set where `block[i]` is a comma, quote, LF or CR.
#[cfg(target_arch = "x86_64")]
#[inline]
#[expect(
    unsafe_code,
    reason = "the SSE2 intrinsics are target-feature functions; SSE2 is part of every x86_64 target"
)]
fn block_marks(block: &[u8; 16]) -> u32 {
    // SAFETY: `sse2_marks` needs SSE2, which every x86_64 processor has.
    unsafe { sse2_marks(block) }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "sse2")]
fn sse2_marks(block: &[u8; 16]) -> u32 {
    use std::arch::x86_64::{
        _mm_cmpeq_epi8, _mm_movemask_epi8, _mm_or_si128, _mm_set_epi64x, _mm_set1_epi8,
    };
    let half = |from: usize| i64::from_le_bytes(block[from..from + 8].try_into().expect("8 bytes"));
    let v = _mm_set_epi64x(half(8), half(0));
    let is = |b: u8| _mm_cmpeq_epi8(v, _mm_set1_epi8(b as i8));
    let any = _mm_or_si128(
        _mm_or_si128(is(COMMA), is(QUOTE)),
        _mm_or_si128(is(LF), is(CR)),
    );
    _mm_movemask_epi8(any) as u32
}

#[cfg(not(target_arch = "x86_64"))]
#[inline]
fn block_marks(block: &[u8; 16]) -> u32 {
    swar_marks(block)
}

/// `block_marks` eight bytes at a time in a `u64`, for processors without SSE2.
#[cfg_attr(
    all(target_arch = "x86_64", not(test)),
    expect(dead_code, reason = "x86_64 has SSE2; the tests compare both ways")
)]
fn swar_marks(block: &[u8; 16]) -> u32 {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    // The high bit of each byte of `x` equal to `b`, exactly (no carry crosses a byte).
    let equal = |x: u64, b: u8| {
        let t = x ^ (u64::from(b) * 0x0101_0101_0101_0101);
        !(((t & LOW7).wrapping_add(LOW7)) | t | LOW7)
    };
    let mut mask = 0;
    for (half, bytes) in block.chunks_exact(8).enumerate() {
        let x = u64::from_le_bytes(bytes.try_into().expect("8 bytes"));
        let mut high = equal(x, COMMA) | equal(x, QUOTE) | equal(x, LF) | equal(x, CR);
        while high != 0 {
            mask |= 1 << (half * 8 + high.trailing_zeros() as usize / 8);
            high &= high - 1;
        }
    }
    mask
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Every record of `data` as the csv crate reads it: its fields and line.
    fn by_csv(data: &[u8]) -> Vec<(u64, Vec<Vec<u8>>)> {
        let mut reader = csv::ReaderBuilder::new()
            .has_headers(false)
            .flexible(true)
            .from_reader(data);
        let mut rec = csv::ByteRecord::new();
        let mut all = Vec::new();
        while reader.read_byte_record(&mut rec).unwrap() {
            let line = rec.position().unwrap().line();
            all.push((line, rec.iter().map(<[u8]>::to_vec).collect()));
        }
        all
    }

    /// A reader handing out `step` bytes a read, so that records cross every buffer edge.
    struct Trickle<'a>(&'a [u8], usize);
    impl Read for Trickle<'_> {
        fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
            let n = self.0.len().min(self.1).min(out.len());
            out[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }

    fn by_reader(data: &[u8], step: usize, batch: usize) -> Vec<(u64, Vec<Vec<u8>>)> {
        let mut reader = RecordReader::new(Trickle(data, step));
        let mut records = Records::default();
        let mut all = Vec::new();
        loop {
            reader.read(batch, &mut records).unwrap();
            for (line, rec) in records.iter() {
                all.push((line, rec.field_bytes().iter().map(|f| f.to_vec()).collect()));
            }
            if records.len() < batch {
                return all;
            }
        }
    }

    #[test]
    fn plain_and_quoted_fields_are_read_in_place() {
        let data = b"Id,City State\n7-1,\"Philadelphia, PA\"\n\n7-2,Erie\n\"a\nb\",\"\"\n";
        let want = by_csv(data);
        assert_eq!(by_reader(data, 1 << 20, 100), want);
        assert_eq!(want.len(), 4);
        assert_eq!(want[3], (5, vec![b"a\nb".to_vec(), b"".to_vec()]));
    }

    #[test]
    fn odd_records_read_as_the_csv_crate_reads_them() {
        for data in [
            &b"\xef\xbb\xbfa,b\n1,2"[..],
            b"a\"b,\"c\"\"d\",\"e\"f\n",
            b"\"unclosed,\nquote",
            b"x\r\ny\rz\n\r\n",
            b",,\n,\n\"\"",
            b"",
            b"\n\n",
            b"\"",
            b"a,\xef\xbb\xbfb\n\xef\xbb\xbf\n",
        ] {
            for step in [1, 2, 3, 7, 1 << 20] {
                let want = by_csv(data);
                assert_eq!(
                    by_reader(data, step, 2),
                    want,
                    "{:?}",
                    String::from_utf8_lossy(data)
                );
            }
        }
    }

    #[test]
    fn a_record_longer_than_the_buffer_streams_through_it() {
        // Commas in a quoted field: a mark a byte, were the buffer to grow with the record.
        let mut data = b"a,\"".to_vec();
        data.extend(std::iter::repeat_n(b',', 3 * BUFFER));
        data.extend_from_slice(b"\"\nb,c\n");
        let mut reader = RecordReader::new(Trickle(&data, 10_000));
        let mut records = Records::default();
        reader.read(10, &mut records).unwrap();
        let got: Vec<_> = records
            .iter()
            .map(|(line, rec)| (line, rec.field_bytes().iter().map(|f| f.to_vec()).collect()))
            .collect();
        assert_eq!(got, by_csv(&data));
        assert_eq!(reader.buf.len(), BUFFER);
        assert!(reader.marks.capacity() <= 2 * BUFFER);
    }

    #[test]
    fn both_ways_of_finding_the_marks_agree() {
        let block: &[u8; 16] = b"a,\"\n\rb\x2c\xac\x22\x8a\x0a\x0d,,\xffz";
        assert_eq!(swar_marks(block), block_marks(block));
        assert_eq!(block_marks(block), 0b0011_1101_0101_1110);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]
        #[test]
        fn any_file_reads_as_the_csv_crate_reads_it(
            bytes in proptest::collection::vec(
                prop_oneof![
                    Just(b'a'), Just(b'b'), Just(COMMA), Just(QUOTE), Just(LF), Just(CR),
                    Just(0xef), Just(0xbb), Just(0xbf), Just(b' ')
                ],
                0..200,
            ),
            step in 1usize..40,
            batch in 1usize..5,
        ) {
            prop_assert_eq!(by_reader(&bytes, step, batch), by_csv(&bytes));
        }
    }
}
