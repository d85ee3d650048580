//! The first form of a block: the rows back to back, each as `codec` encodes it, then where each
//! ends. Written now only by the conversion of a file from before blocks (schema version 9); read
//! wherever blocks are.
//!
//! ```text
//! rows' bytes | ends: u32 per row | [ids] | rows: u32 | flags: u8
//! ```

use anyhow::ensure;

use super::{BLOCK_BYTES, Body, Ids, IdsBuilder, TRAILER, damaged, u32_at};

/// A block being filled with encoded rows of ascending ids.
#[derive(Debug, Default)]
pub struct EncodedBuilder {
    ids: IdsBuilder,
    bytes: Vec<u8>,
    ends: Vec<u32>,
}

impl EncodedBuilder {
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// Whether `row` still fits, as the row with id `id`: a block holds at most `BLOCK_BYTES`
    /// bytes, and ids less than 2^32 past its first.
    pub fn fits(&self, id: u64, row: &[u8]) -> bool {
        if self.is_empty() {
            return true;
        }
        // Counted as if the ids were listed: this row may be the one that needs the list.
        let rows = self.ends.len() + 1;
        self.ids.fits(id) && self.bytes.len() + row.len() + rows * 8 + TRAILER <= BLOCK_BYTES
    }

    /// Appends a row; its id is larger than the last row's. Check `fits` first.
    pub fn push(&mut self, id: u64, row: &[u8]) {
        self.ids.push(id);
        self.bytes.extend_from_slice(row);
        self.ends.push(self.bytes.len() as u32);
    }

    /// The block's key and its stored value; the builder is left empty.
    pub fn take(&mut self) -> (u64, Vec<u8>) {
        let mut value = std::mem::take(&mut self.bytes);
        let ends = std::mem::take(&mut self.ends);
        value.reserve(ends.len() * 8 + TRAILER);
        value.extend(ends.iter().flat_map(|e| e.to_le_bytes()));
        let first = self.ids.finish(&mut value, 0);
        (first, value)
    }
}

/// A stored block of encoded rows, read in place.
#[derive(Clone, Copy)]
pub struct EncodedRows<'a> {
    pub(super) ids: Ids<'a>,
    bytes: &'a [u8],
    ends: &'a [u8],
}

impl<'a> EncodedRows<'a> {
    pub(super) fn parse(body: Body<'a>) -> anyhow::Result<EncodedRows<'a>> {
        let Body { bytes, ids, .. } = body;
        let bad = || damaged(ids.first);
        let at = bytes.len().checked_sub(ids.rows * 4);
        let Some(at) = at else {
            anyhow::bail!("{}", bad());
        };
        let (bytes, ends) = bytes.split_at(at);
        let block = EncodedRows { ids, bytes, ends };
        let mut start = 0;
        for i in 0..ids.rows {
            let end = block.end(i);
            ensure!(start <= end && end <= bytes.len(), "{}", bad());
            start = end;
        }
        Ok(block)
    }

    fn end(&self, i: usize) -> usize {
        u32_at(self.ends, i) as usize
    }

    /// The encoded booking of the `i`th row.
    pub fn row(&self, i: usize) -> &'a [u8] {
        let start = if i == 0 { 0 } else { self.end(i - 1) };
        &self.bytes[start..self.end(i)]
    }

    /// Every row: its id and encoded booking, in id order.
    pub fn rows(self) -> impl Iterator<Item = (u64, &'a [u8])> {
        (0..self.ids.len()).map(move |i| (self.ids.id(i), self.row(i)))
    }
}

#[cfg(test)]
mod tests {
    use super::super::Block;
    use super::*;

    fn parse(first: u64, value: &[u8]) -> anyhow::Result<Block<'_>> {
        Block::parse(first, value)
    }

    fn read<'a>(block: &Block<'a>) -> Vec<(u64, &'a [u8])> {
        match block {
            Block::Encoded(b) => b.rows().collect(),
            Block::Columns(_) => panic!("a block of columns"),
        }
    }

    fn stored(rows: &[(u64, &[u8])]) -> (u64, Vec<u8>) {
        let mut b = EncodedBuilder::default();
        for &(id, row) in rows {
            assert!(b.fits(id, row));
            b.push(id, row);
        }
        b.take()
    }

    #[test]
    fn consecutive_ids_read_back_without_a_list() {
        let rows: Vec<(u64, &[u8])> = vec![(7, b"abc"), (8, b""), (9, b"de")];
        let (first, value) = stored(&rows);
        assert_eq!(first, 7);
        assert_eq!(value.len(), 5 + 3 * 4 + TRAILER, "no id list");
        let block = parse(first, &value).unwrap();
        assert_eq!(read(&block), rows);
        assert_eq!(block.find(8), Some(1));
        assert_eq!(block.find(6), None);
        assert_eq!(block.find(10), None);
    }

    #[test]
    fn ids_with_gaps_are_listed_and_found() {
        let rows: Vec<(u64, &[u8])> = vec![(3, b"a"), (4, b"b"), (9, b"c"), (12, b"dd")];
        let (first, value) = stored(&rows);
        let block = parse(first, &value).unwrap();
        assert_eq!(read(&block), rows);
        for (i, (id, _)) in rows.iter().enumerate() {
            assert_eq!(block.find(*id), Some(i));
        }
        for absent in [2, 5, 8, 10, 13] {
            assert_eq!(block.find(absent), None, "{absent}");
        }
    }

    #[test]
    fn one_row_and_no_row() {
        let (first, value) = stored(&[(1, b"x")]);
        let block = parse(first, &value).unwrap();
        assert_eq!(read(&block), vec![(1, &b"x"[..])]);
        let (first, value) = EncodedBuilder::default().take();
        assert!(parse(first, &value).unwrap().is_empty());
    }

    #[test]
    fn a_block_closes_at_its_bytes_or_an_id_too_far() {
        let mut b = EncodedBuilder::default();
        let row = vec![0u8; 1 << 18];
        for id in 1..=3 {
            assert!(b.fits(id, &row));
            b.push(id, &row);
        }
        assert!(!b.fits(4, &row), "bytes");
        let (_, value) = b.take();
        assert!(value.len() <= BLOCK_BYTES);
        let mut b = EncodedBuilder::default();
        b.push(1, b"r");
        assert!(
            !b.fits(2 + u32::MAX as u64, b"r"),
            "an id past u32 from the first"
        );
    }

    #[test]
    fn a_damaged_block_is_an_error_not_a_panic() {
        let (first, value) = stored(&[(1, b"abc"), (2, b"de")]);
        for cut in 0..value.len() {
            let _ = parse(first, &value[cut..]);
            let _ = parse(first, &value[..cut]);
        }
        let mut flags = value.clone();
        *flags.last_mut().unwrap() = 0x80;
        assert!(parse(first, &flags).is_err());
        let mut ends = value.clone();
        ends[5] = 0xff; // the first row's end, past the bytes
        assert!(parse(first, &ends).is_err());
    }
}
