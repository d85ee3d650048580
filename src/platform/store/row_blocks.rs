//! Demo bookings on the redb file in blocks: each value of `BOOKING_BLOCKS` holds many encoded
//! bookings (as `codec` encodes a `bookings::Booking`), keyed by the block's first id. An import
//! writes one value per block instead of a B-tree entry per booking, which was half of its
//! writing thread's time (benches/README.md, issue #48).
//!
//! A block covers the ids from its key up to the next block's key. Its rows lie back to back,
//! followed by a trailer, so a block is written as its rows arrive, not gathered into a second
//! buffer:
//!
//! ```text
//! rows' bytes | ends: u32 per row | [ids: u32 per row, each minus the key] | rows: u32 | flags: u8
//! ```
//!
//! `ends` gives where each row ends in the bytes. The ids are listed only when they are not the
//! key's consecutive ids (flag `LISTED`): after a fold dropped removed rows.

use anyhow::{Context, ensure};

/// A block closes at this many rows.
pub const BLOCK_ROWS: usize = 65_536;
/// A block closes before its value passes this: redb gives a value a page of the next power of
/// two, so a block of a little over 4 MiB would take 8.
pub const BLOCK_BYTES: usize = (4 << 20) - (16 << 10);

/// The ids are listed in the trailer.
const LISTED: u8 = 1;
const TRAILER: usize = 5;

/// A block being filled with rows of ascending ids.
#[derive(Debug, Default)]
pub struct BlockBuilder {
    first: u64,
    bytes: Vec<u8>,
    ends: Vec<u32>,
    /// Each row's id minus `first`, kept only once a row is not the next consecutive id.
    ids: Option<Vec<u32>>,
}

impl BlockBuilder {
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// Whether `row` still fits, as the row with id `id`: a block holds at most `BLOCK_ROWS` rows,
    /// `BLOCK_BYTES` bytes, and ids less than 2^32 past its first.
    pub fn fits(&self, id: u64, row: &[u8]) -> bool {
        if self.is_empty() {
            return true;
        }
        // Counted as if the ids were listed: this row may be the one that needs the list.
        let rows = self.ends.len() + 1;
        rows <= BLOCK_ROWS
            && id - self.first <= u32::MAX as u64
            && self.bytes.len() + row.len() + rows * 8 + TRAILER <= BLOCK_BYTES
    }

    /// Appends a row; its id is larger than the last row's. Check `fits` first.
    pub fn push(&mut self, id: u64, row: &[u8]) {
        if self.is_empty() {
            self.first = id;
        }
        let offset = (id - self.first) as u32;
        let rows = self.ends.len() as u32;
        match &mut self.ids {
            Some(ids) => ids.push(offset),
            None if offset != rows => {
                let mut ids: Vec<u32> = (0..rows).collect();
                ids.push(offset);
                self.ids = Some(ids);
            }
            None => {}
        }
        self.bytes.extend_from_slice(row);
        self.ends.push(self.bytes.len() as u32);
    }

    /// The block's key and its stored value; the builder is left empty.
    pub fn take(&mut self) -> (u64, Vec<u8>) {
        let mut value = std::mem::take(&mut self.bytes);
        let ends = std::mem::take(&mut self.ends);
        let ids = self.ids.take();
        value.reserve(ends.len() * 8 + TRAILER);
        value.extend(ends.iter().flat_map(|e| e.to_le_bytes()));
        if let Some(ids) = &ids {
            value.extend(ids.iter().flat_map(|i| i.to_le_bytes()));
        }
        value.extend((ends.len() as u32).to_le_bytes());
        value.push(if ids.is_some() { LISTED } else { 0 });
        (self.first, value)
    }
}

/// A stored block, read in place.
#[derive(Clone, Copy)]
pub struct Block<'a> {
    first: u64,
    bytes: &'a [u8],
    ends: &'a [u8],
    ids: Option<&'a [u8]>,
}

impl<'a> Block<'a> {
    /// Reads the block stored under `first`; an error names what is wrong with it.
    pub fn parse(first: u64, value: &'a [u8]) -> anyhow::Result<Block<'a>> {
        let bad = || format!("the bookings block at id {first} is damaged");
        ensure!(value.len() >= TRAILER, "{}", bad());
        let (rest, trailer) = value.split_at(value.len() - TRAILER);
        let rows = u32::from_le_bytes(trailer[..4].try_into()?) as usize;
        let flags = trailer[4];
        ensure!(flags & !LISTED == 0, "{}: unknown flags {flags}", bad());
        let per_row = if flags & LISTED != 0 { 8 } else { 4 };
        let listed = rows.checked_mul(per_row).filter(|&n| n <= rest.len());
        let listed = listed.with_context(bad)?;
        let (bytes, lists) = rest.split_at(rest.len() - listed);
        let (ends, ids) = lists.split_at(rows * 4);
        let block = Block {
            first,
            bytes,
            ends,
            ids: (flags & LISTED != 0).then_some(ids),
        };
        let mut start = 0;
        for i in 0..rows {
            let end = block.end(i);
            ensure!(start <= end && end <= bytes.len(), "{}", bad());
            start = end;
        }
        Ok(block)
    }

    pub fn first(&self) -> u64 {
        self.first
    }

    pub fn len(&self) -> usize {
        self.ends.len() / 4
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn end(&self, i: usize) -> usize {
        u32_at(self.ends, i) as usize
    }

    /// The id of the `i`th row.
    pub fn id(&self, i: usize) -> u64 {
        self.first
            + match self.ids {
                Some(ids) => u32_at(ids, i) as u64,
                None => i as u64,
            }
    }

    /// The encoded booking of the `i`th row.
    pub fn row(&self, i: usize) -> &'a [u8] {
        let start = if i == 0 { 0 } else { self.end(i - 1) };
        &self.bytes[start..self.end(i)]
    }

    /// Which row has id `id`, if the block holds it.
    pub fn find(&self, id: u64) -> Option<usize> {
        let offset = u32::try_from(id.checked_sub(self.first)?).ok()?;
        match self.ids {
            None => Some(offset as usize).filter(|&i| i < self.len()),
            Some(_) => {
                let (mut lo, mut hi) = (0, self.len());
                while lo < hi {
                    let mid = (lo + hi) / 2;
                    match (self.id(mid) - self.first).cmp(&(offset as u64)) {
                        std::cmp::Ordering::Less => lo = mid + 1,
                        std::cmp::Ordering::Greater => hi = mid,
                        std::cmp::Ordering::Equal => return Some(mid),
                    }
                }
                None
            }
        }
    }

    /// Every row: its id and encoded booking, in id order.
    pub fn rows(self) -> impl Iterator<Item = (u64, &'a [u8])> {
        (0..self.len()).map(move |i| (self.id(i), self.row(i)))
    }
}

/// How many bookings the file stores: the blocks' rows less the removed ones (a removal is an
/// empty change, written only for a row a block holds).
pub fn stored_bookings(txn: &redb::ReadTransaction) -> anyhow::Result<u64> {
    use redb::ReadableTable;
    let mut bookings = 0;
    if let Some(blocks) = super::open_read(txn, super::BOOKING_BLOCKS)? {
        for entry in blocks.iter()? {
            let (first, value) = entry?;
            bookings += Block::parse(first.value(), value.value())?.len() as u64;
        }
    }
    if let Some(changes) = super::open_read(txn, super::BOOKING_CHANGES)? {
        for entry in changes.iter()? {
            bookings -= entry?.1.value().is_empty() as u64;
        }
    }
    Ok(bookings)
}

fn u32_at(bytes: &[u8], i: usize) -> u32 {
    let at = i * 4;
    u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stored(rows: &[(u64, &[u8])]) -> (u64, Vec<u8>) {
        let mut b = BlockBuilder::default();
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
        let block = Block::parse(first, &value).unwrap();
        assert_eq!(block.rows().collect::<Vec<_>>(), rows);
        assert_eq!(block.find(8), Some(1));
        assert_eq!(block.find(6), None);
        assert_eq!(block.find(10), None);
    }

    #[test]
    fn ids_with_gaps_are_listed_and_found() {
        let rows: Vec<(u64, &[u8])> = vec![(3, b"a"), (4, b"b"), (9, b"c"), (12, b"dd")];
        let (first, value) = stored(&rows);
        let block = Block::parse(first, &value).unwrap();
        assert_eq!(block.rows().collect::<Vec<_>>(), rows);
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
        let block = Block::parse(first, &value).unwrap();
        assert_eq!(block.rows().collect::<Vec<_>>(), vec![(1, &b"x"[..])]);
        let (first, value) = BlockBuilder::default().take();
        assert!(Block::parse(first, &value).unwrap().is_empty());
    }

    #[test]
    fn a_block_closes_at_its_rows_its_bytes_or_an_id_too_far() {
        let mut b = BlockBuilder::default();
        for id in 1..=BLOCK_ROWS as u64 {
            b.push(id, b"r");
        }
        assert!(!b.fits(BLOCK_ROWS as u64 + 1, b"r"), "rows");
        let mut b = BlockBuilder::default();
        let row = vec![0u8; 1 << 20];
        for id in 1..=3 {
            assert!(b.fits(id, &row));
            b.push(id, &row);
        }
        assert!(!b.fits(4, &row), "bytes");
        let (_, value) = b.take();
        assert!(value.len() <= BLOCK_BYTES);
        let mut b = BlockBuilder::default();
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
            let _ = Block::parse(first, &value[cut..]);
            let _ = Block::parse(first, &value[..cut]);
        }
        let mut flags = value.clone();
        *flags.last_mut().unwrap() = 0x80;
        assert!(Block::parse(first, &flags).is_err());
        let mut ends = value.clone();
        ends[5] = 0xff; // the first row's end, past the bytes
        assert!(Block::parse(first, &ends).is_err());
    }
}
