//! The form of a block that imports and folds write: a column per field. The caller decides what
//! the columns mean (`bookings::storage::file`); a block only knows it holds texts, a time and
//! small codes. A text column keeps each distinct value of the block once, in a dictionary, and a
//! code per row in the fewest bytes its dictionary needs: at 10M bookings a row takes about 16
//! bytes where its encoded form took about 110.
//!
//! ```text
//! texts: u8 | small codes: u8
//! per text column:  values: u32 | ends: u32 per value | values' bytes | width: u8 | code per row
//! the time column:  base: i64 | width: u8 | per row, its time (width 4: minus the base)
//! per small column: u8 per row
//! [ids] | rows: u32 | flags: u8
//! ```
//!
//! A text's code is 0 when the row has none, else its value's place in the dictionary plus one.

use anyhow::{Context, ensure};
use foldhash::HashMap;

use super::{BLOCK_BYTES, Body, COLUMNS, Ids, IdsBuilder, TRAILER, damaged, u32_at};

/// A block being filled with rows of ascending ids, each of the same columns.
#[derive(Debug)]
pub struct ColumnBuilder {
    ids: IdsBuilder,
    texts: Vec<TextColumn>,
    times: Vec<i64>,
    small: Vec<Vec<u8>>,
    /// The earliest and latest time pushed: whether the times fit four bytes from the earliest.
    time_span: (i64, i64),
}

/// The span of no time: any time pushed replaces both ends.
const NO_TIMES: (i64, i64) = (i64::MAX, i64::MIN);

/// Keys a text column holds a table for: 4 MiB of it at most.
const MOST_KEYS: u32 = 1 << 20;

#[derive(Debug, Default)]
struct TextColumn {
    /// Each value's code.
    codes_of: HashMap<String, u32>,
    /// For rows pushed with keys: each key's code (0 for a key not met in this block), and the
    /// keys met, to clear them when the block is taken.
    by_key: Vec<u32>,
    keys: Vec<u32>,
    values: String,
    ends: Vec<u32>,
    codes: Vec<u32>,
}

impl TextColumn {
    /// The code of `text`.
    fn code(&mut self, text: Option<&str>) -> u32 {
        let Some(text) = text else {
            return 0;
        };
        if let Some(&code) = self.codes_of.get(text) {
            return code;
        }
        let code = self.add(text);
        self.codes_of.insert(text.to_owned(), code);
        code
    }

    /// Puts `text` at the end of the dictionary; returns its code.
    fn add(&mut self, text: &str) -> u32 {
        self.values.push_str(text);
        self.ends.push(self.values.len() as u32);
        self.ends.len() as u32
    }

    /// The code of `text`, found by its key. A key past `MOST_KEYS` is looked up by its text: the table stays small when a file gives
    /// millions of distinct names (a text always has the same key, so it always takes one way).
    fn keyed_code(&mut self, text: Option<&str>, key: u32) -> u32 {
        let Some(text) = text else {
            return 0;
        };
        if key >= MOST_KEYS {
            return self.code(Some(text));
        }
        let at = key as usize;
        match self.by_key.get(at) {
            Some(&code) if code != 0 => return code,
            Some(_) => {}
            None => self.by_key.resize(at + 1, 0),
        }
        let code = self.add(text);
        self.by_key[at] = code;
        self.keys.push(key);
        code
    }

    fn clear(&mut self) {
        self.codes_of.clear();
        for &key in &self.keys {
            self.by_key[key as usize] = 0;
        }
        self.keys.clear();
        self.values.clear();
        self.ends.clear();
        self.codes.clear();
    }
}

impl ColumnBuilder {
    /// A builder of blocks of `texts` text columns, a time and `small` columns of one byte.
    pub fn new(texts: usize, small: usize) -> ColumnBuilder {
        ColumnBuilder {
            ids: IdsBuilder::default(),
            texts: (0..texts).map(|_| TextColumn::default()).collect(),
            times: Vec::new(),
            small: vec![Vec::new(); small],
            time_span: NO_TIMES,
        }
    }

    pub fn is_empty(&self) -> bool {
        self.ids.rows == 0
    }

    /// The bytes of the value `take` would return, with one more row if `next` gives it (its id,
    /// texts and time). Exact, but for the next row's texts: each is counted as new to its
    /// dictionary, which may widen the column's codes.
    fn value_len(&self, next: Option<(u64, &[Option<&str>], i64)>) -> usize {
        let rows = self.ids.rows + usize::from(next.is_some());
        let mut len = 2;
        for (c, column) in self.texts.iter().enumerate() {
            let new = next.and_then(|(_, texts, _)| texts[c]).map(str::len);
            let values = column.ends.len() + usize::from(new.is_some());
            let bytes = column.values.len() + new.unwrap_or(0);
            len += 4 + values * 4 + bytes + 1 + rows * width_of(values as u64);
        }
        let (mut lo, mut hi) = self.time_span;
        let mut listed = self.ids.listed.is_some();
        if let Some((id, _, time)) = next {
            (lo, hi) = (lo.min(time), hi.max(time));
            listed |= self.ids.rows > 0 && id != self.ids.first + self.ids.rows as u64;
        }
        let time_width = if hi.abs_diff(lo) <= u32::MAX as u64 {
            4
        } else {
            8
        };
        len += 9 + rows * time_width + rows * self.small.len();
        if listed {
            len += rows * 4;
        }
        len + TRAILER
    }

    /// Whether the row with id `id`, these texts and this time still fits: a block holds at most
    /// `BLOCK_BYTES` bytes, and ids less than 2^32 past its first. A first row always fits.
    pub fn fits(&self, id: u64, texts: &[Option<&str>], time: i64) -> bool {
        if self.is_empty() {
            return true;
        }
        self.ids.fits(id) && self.value_len(Some((id, texts, time))) <= BLOCK_BYTES
    }

    /// Appends a row; its id is larger than the last row's, and it has a text (or none) for
    /// every text column and a code for every small one. Check `fits` first.
    pub fn push(&mut self, id: u64, texts: &[Option<&str>], time: i64, small: &[u8]) {
        debug_assert_eq!(
            (texts.len(), small.len()),
            (self.texts.len(), self.small.len())
        );
        self.ids.push(id);
        for (column, text) in self.texts.iter_mut().zip(texts) {
            let code = column.code(*text);
            column.codes.push(code);
        }
        self.push_rest(time, small);
    }

    /// Appends a row as `push` does, each text found in its dictionary by a key the caller gives
    /// it instead of by its bytes: a small number, the same for the same text of a column in
    /// every row the builder takes this way (the import has one for each text already, its id in
    /// the index's dictionaries). A builder takes its rows one way or the other.
    pub fn push_keyed(
        &mut self,
        id: u64,
        texts: &[Option<&str>],
        keys: &[u32],
        time: i64,
        small: &[u8],
    ) {
        debug_assert_eq!(texts.len(), keys.len());
        self.ids.push(id);
        for ((column, text), &key) in self.texts.iter_mut().zip(texts).zip(keys) {
            let code = column.keyed_code(*text, key);
            column.codes.push(code);
        }
        self.push_rest(time, small);
    }

    fn push_rest(&mut self, time: i64, small: &[u8]) {
        self.times.push(time);
        let (lo, hi) = self.time_span;
        self.time_span = (lo.min(time), hi.max(time));
        for (column, &code) in self.small.iter_mut().zip(small) {
            column.push(code);
        }
    }

    /// The block's key and its stored value; the builder is left empty.
    pub fn take(&mut self) -> (u64, Vec<u8>) {
        let rows = self.ids.rows;
        let len = self.value_len(None);
        let mut value = Vec::with_capacity(len);
        value.push(self.texts.len() as u8);
        value.push(self.small.len() as u8);
        for column in &mut self.texts {
            value.extend((column.ends.len() as u32).to_le_bytes());
            value.extend(column.ends.iter().flat_map(|e| e.to_le_bytes()));
            value.extend_from_slice(column.values.as_bytes());
            let width = width_of(column.ends.len() as u64);
            value.push(width as u8);
            for &code in &column.codes {
                value.extend_from_slice(&code.to_le_bytes()[..width]);
            }
            column.clear();
        }
        let (min, max) = self.time_span;
        let narrow = rows > 0 && max.abs_diff(min) <= u32::MAX as u64;
        let base = if narrow { min } else { 0 };
        value.extend(base.to_le_bytes());
        value.push(if narrow { 4 } else { 8 });
        for &time in &self.times {
            if narrow {
                value.extend(((time - base) as u32).to_le_bytes());
            } else {
                value.extend(time.to_le_bytes());
            }
        }
        self.times.clear();
        for column in &mut self.small {
            value.extend_from_slice(column);
            column.clear();
        }
        self.time_span = NO_TIMES;
        let first = self.ids.finish(&mut value, COLUMNS);
        // The length `fits` counts with is the length written: checked in tests and debug builds.
        debug_assert_eq!(value.len(), len, "value_len is exact");
        (first, value)
    }
}

/// The bytes a code takes in a column of `values` values (codes 0 to `values`).
fn width_of(values: u64) -> usize {
    match values {
        0..=0xff => 1,
        0x100..=0xffff => 2,
        _ => 4,
    }
}

/// A stored block of columns, read in place.
pub struct ColumnRows<'a> {
    pub(super) ids: Ids<'a>,
    texts: Vec<TextRows<'a>>,
    time_base: i64,
    time_width: usize,
    times: &'a [u8],
    small: Vec<&'a [u8]>,
}

struct TextRows<'a> {
    values: &'a str,
    ends: &'a [u8],
    width: usize,
    codes: &'a [u8],
}

/// Reads a value front to back; running short is an error.
struct Cursor<'a> {
    bytes: &'a [u8],
    first: u64,
}

impl<'a> Cursor<'a> {
    fn take(&mut self, n: usize) -> anyhow::Result<&'a [u8]> {
        ensure!(n <= self.bytes.len(), "{}", damaged(self.first));
        let (taken, rest) = self.bytes.split_at(n);
        self.bytes = rest;
        Ok(taken)
    }

    fn byte(&mut self) -> anyhow::Result<u8> {
        Ok(self.take(1)?[0])
    }

    fn u32(&mut self) -> anyhow::Result<u32> {
        Ok(u32::from_le_bytes(self.take(4)?.try_into()?))
    }

    fn i64(&mut self) -> anyhow::Result<i64> {
        Ok(i64::from_le_bytes(self.take(8)?.try_into()?))
    }
}

impl<'a> ColumnRows<'a> {
    pub(super) fn parse(body: Body<'a>) -> anyhow::Result<ColumnRows<'a>> {
        let Body { bytes, ids, .. } = body;
        let first = ids.first;
        let bad = || damaged(first);
        let rows = ids.rows;
        let mut at = Cursor { bytes, first };
        let (texts, small) = (at.byte()? as usize, at.byte()? as usize);
        let mut text_columns = Vec::with_capacity(texts);
        for _ in 0..texts {
            let values = at.u32()? as usize;
            let ends = at.take(values.checked_mul(4).with_context(bad)?)?;
            let length = if values == 0 {
                0
            } else {
                u32_at(ends, values - 1) as usize
            };
            let values_bytes = std::str::from_utf8(at.take(length)?).with_context(bad)?;
            let mut start = 0;
            for v in 0..values {
                let end = u32_at(ends, v) as usize;
                ensure!(
                    start <= end && values_bytes.is_char_boundary(end),
                    "{}",
                    bad()
                );
                start = end;
            }
            let width = at.byte()? as usize;
            ensure!(matches!(width, 1 | 2 | 4), "{}", bad());
            let codes = at.take(rows.checked_mul(width).with_context(bad)?)?;
            let column = TextRows {
                values: values_bytes,
                ends,
                width,
                codes,
            };
            ensure!((0..rows).all(|r| column.code(r) <= values), "{}", bad());
            text_columns.push(column);
        }
        let time_base = at.i64()?;
        let time_width = at.byte()? as usize;
        ensure!(matches!(time_width, 4 | 8), "{}", bad());
        let times = at.take(rows * time_width)?;
        let small = (0..small)
            .map(|_| at.take(rows))
            .collect::<Result<_, _>>()?;
        ensure!(at.bytes.is_empty(), "{}", bad());
        Ok(ColumnRows {
            ids,
            texts: text_columns,
            time_base,
            time_width,
            times,
            small,
        })
    }

    /// How many text columns and small ones the block has.
    pub fn shape(&self) -> (usize, usize) {
        (self.texts.len(), self.small.len())
    }

    /// The text of the `i`th row in text column `column`, if it has one.
    pub fn text(&self, column: usize, i: usize) -> Option<&'a str> {
        let column = &self.texts[column];
        let code = column.code(i);
        let end = u32_at(column.ends, code.checked_sub(1)?) as usize;
        let start = if code == 1 {
            0
        } else {
            u32_at(column.ends, code - 2) as usize
        };
        Some(&column.values[start..end])
    }

    /// The time of the `i`th row.
    pub fn time(&self, i: usize) -> i64 {
        let at = i * self.time_width;
        if self.time_width == 4 {
            self.time_base.wrapping_add(u32_at(self.times, i) as i64)
        } else {
            i64::from_le_bytes(self.times[at..at + 8].try_into().unwrap_or_default())
        }
    }

    /// The code of the `i`th row in small column `column`.
    pub fn small(&self, column: usize, i: usize) -> u8 {
        self.small[column][i]
    }
}

impl TextRows<'_> {
    fn code(&self, i: usize) -> usize {
        let at = i * self.width;
        match self.width {
            1 => self.codes[at] as usize,
            2 => u16::from_le_bytes([self.codes[at], self.codes[at + 1]]) as usize,
            _ => u32_at(self.codes, i) as usize,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{BLOCK_BYTES, Block};
    use super::*;

    type Row<'a> = (u64, [Option<&'a str>; 2], i64, [u8; 1]);
    type Owned = (u64, [Option<String>; 2], i64, [u8; 1]);

    fn stored(rows: &[Row]) -> (u64, Vec<u8>) {
        let mut b = ColumnBuilder::new(2, 1);
        for (id, texts, time, small) in rows {
            assert!(b.fits(*id, texts, *time));
            b.push(*id, texts, *time, small);
        }
        b.take()
    }

    fn read(first: u64, value: &[u8]) -> Vec<Owned> {
        let Block::Columns(block) = Block::parse(first, value).unwrap() else {
            panic!("a block of encoded rows")
        };
        assert_eq!(block.shape(), (2, 1));
        (0..block.ids.len())
            .map(|i| {
                let text = |c| block.text(c, i).map(String::from);
                (
                    block.ids.id(i),
                    [text(0), text(1)],
                    block.time(i),
                    [block.small(0, i)],
                )
            })
            .collect()
    }

    fn owned(rows: &[Row]) -> Vec<Owned> {
        (rows.iter())
            .map(|(id, [a, b], t, s)| (*id, [a.map(String::from), b.map(String::from)], *t, *s))
            .collect()
    }

    #[test]
    fn rows_read_back_as_pushed_with_repeated_absent_and_empty_texts() {
        let rows: Vec<Row> = vec![
            (7, [Some("Intake"), Some("Austin, TX")], 1_700_000_000, [3]),
            (8, [Some("Intake"), None], 1_700_000_100, [0]),
            (9, [Some(""), Some("Zürich")], 1_600_000_000, [5]),
            (
                12,
                [Some("Case management"), Some("Austin, TX")],
                1_800_000_000,
                [255],
            ),
        ];
        let (first, value) = stored(&rows);
        assert_eq!(first, 7);
        assert_eq!(read(first, &value), owned(&rows));
        let block = Block::parse(first, &value).unwrap();
        assert_eq!(block.find(12), Some(3));
        assert_eq!(block.find(10), None);
    }

    #[test]
    fn times_far_apart_are_kept_whole_and_a_block_is_reused_after_take() {
        let rows: Vec<Row> = vec![
            (1, [Some("a"), None], i64::MIN + 1, [1]),
            (2, [Some("b"), None], i64::MAX, [2]),
        ];
        let mut b = ColumnBuilder::new(2, 1);
        for (id, texts, time, small) in &rows {
            b.push(*id, texts, *time, small);
        }
        let (first, value) = b.take();
        assert_eq!(read(first, &value), owned(&rows));
        assert!(b.is_empty());
        b.push(40, &[Some("c"), Some("d")], 5, &[0]);
        let (first, value) = b.take();
        assert_eq!(
            read(first, &value),
            owned(&[(40, [Some("c"), Some("d")], 5, [0])])
        );
    }

    #[test]
    fn rows_pushed_with_keys_read_back_in_this_block_and_the_next() {
        let names = ["Intake", "Billing", "Case management"];
        let mut b = ColumnBuilder::new(2, 1);
        let mut rows: Vec<Row> = Vec::new();
        for id in 1..=9u64 {
            let (k, j) = (id as usize % 3, id as usize % 2);
            let texts = [Some(names[k]), (j == 1).then_some(names[2 - k])];
            // A key per text: its place in `names`, far from 0 so that the table grows.
            let keys = [1_000 + k as u32, 5 + (2 - k) as u32];
            b.push_keyed(id, &texts, &keys, id as i64, &[j as u8]);
            rows.push((id, texts, id as i64, [j as u8]));
        }
        let (first, value) = b.take();
        assert_eq!(read(first, &value), owned(&rows));
        // The keys met are forgotten with the block: the next holds its own dictionary.
        b.push_keyed(20, &[Some("Billing"), None], &[1_001, 0], 3, &[0]);
        let (first, value) = b.take();
        assert_eq!(
            read(first, &value),
            owned(&[(20, [Some("Billing"), None], 3, [0])])
        );
        let Block::Columns(block) = Block::parse(first, &value).unwrap() else {
            panic!("a block of columns")
        };
        assert_eq!(
            block.texts[0].ends.len(),
            4,
            "one value in the first dictionary"
        );
        assert_eq!(block.texts[1].ends.len(), 0, "none in the second");

        // Keys past the table's end are looked up by their texts, each kept once.
        let mut b = ColumnBuilder::new(2, 1);
        let far = [MOST_KEYS, MOST_KEYS + 7, u32::MAX];
        let rows: Vec<Row> = (1..=6u64)
            .map(|id| (id, [Some(names[id as usize % 3]), None], 0, [0]))
            .collect();
        for (id, texts, time, small) in &rows {
            let key = far[*id as usize % 3];
            b.push_keyed(*id, texts, &[key, 0], *time, small);
        }
        assert!(b.texts[0].by_key.is_empty(), "no table for far keys");
        let (first, value) = b.take();
        assert_eq!(read(first, &value), owned(&rows));
        let Block::Columns(block) = Block::parse(first, &value).unwrap() else {
            panic!("a block of columns")
        };
        assert_eq!(block.texts[0].ends.len(), 4 * 3, "three values, once each");
    }

    #[test]
    fn codes_widen_past_255_and_65_535_values() {
        for values in [255usize, 256, 65_535, 65_536] {
            let mut b = ColumnBuilder::new(2, 1);
            let names: Vec<String> = (0..values).map(|v| format!("v{v}")).collect();
            let rows: Vec<Row> = (names.iter().enumerate())
                .map(|(i, n)| (i as u64 + 1, [Some(n.as_str()), Some("x")], i as i64, [0]))
                .collect();
            // Pushed whether they fit or not (65,536 distinct texts take more than a block's
            // bytes): `take` checks the length `fits` counts with (`value_len`).
            for (id, texts, time, small) in &rows {
                b.push(*id, texts, *time, small);
            }
            let (first, value) = b.take();
            assert_eq!(read(first, &value), owned(&rows), "{values}");
        }
    }

    #[test]
    fn a_block_closes_at_its_bytes_or_an_id_too_far() {
        let mut b = ColumnBuilder::new(2, 1);
        let long = "x".repeat(1 << 18);
        let mut id = 0;
        loop {
            id += 1;
            let text = format!("{long}{id}");
            if !b.fits(id, &[Some(&text), None], 0) {
                break;
            }
            b.push(id, &[Some(&text), None], 0, &[0]);
        }
        assert_eq!(
            id, 4,
            "three distinct texts of 256 KiB fit, a fourth does not"
        );
        let (_, value) = b.take();
        assert!(value.len() <= BLOCK_BYTES);
        let mut b = ColumnBuilder::new(2, 1);
        b.push(1, &[None, None], 0, &[0]);
        assert!(
            !b.fits(2 + u32::MAX as u64, &[None, None], 0),
            "an id past u32 from the first"
        );
    }

    #[test]
    fn a_damaged_block_is_an_error_not_a_panic() {
        let rows: Vec<Row> = vec![
            (1, [Some("Intake"), Some("é")], 10, [1]),
            (2, [Some("Billing"), None], 20, [2]),
        ];
        let (first, value) = stored(&rows);
        for cut in 0..value.len() {
            let _ = Block::parse(first, &value[cut..]);
            let _ = Block::parse(first, &value[..cut]);
        }
        for at in 0..value.len() - TRAILER {
            for bits in [0x01, 0x80, 0xff] {
                let mut changed = value.clone();
                changed[at] ^= bits;
                if let Ok(Block::Columns(block)) = Block::parse(first, &changed) {
                    // Read every value: a change that parses reads back without a panic.
                    let (texts, small) = block.shape();
                    let mut read = 0i64;
                    for i in 0..block.ids.len() {
                        read += (0..texts)
                            .map(|c| block.text(c, i).map_or(0, str::len) as i64)
                            .sum::<i64>();
                        read += (0..small).map(|c| block.small(c, i) as i64).sum::<i64>();
                        read = read.wrapping_add(block.time(i));
                    }
                    std::hint::black_box(read);
                }
            }
        }
        let mut code = value.clone();
        // The first column's first code (after its count, two ends and "IntakeBilling", width).
        code[2 + 4 + 8 + 13 + 1] = 3;
        assert!(
            Block::parse(first, &code).is_err(),
            "a code past the dictionary"
        );
    }
}
