//! Demo bookings on the redb file in blocks: each value of `BOOKING_BLOCKS` holds many bookings,
//! keyed by the block's first id. An import writes one value per block instead of a B-tree entry
//! per booking, which was half of its writing thread's time (benches/README.md, issue #48).
//!
//! A block covers the ids from its key up to the next block's key. It comes in two forms, told
//! apart by the last byte of the value:
//! - `columns`: a column per field, each text column a dictionary of the block's values and a code
//!   per row. Imports and folds write this form: at 10M bookings about a sixth of the bytes.
//! - `encoded`: the rows back to back, each as `codec` encodes a `bookings::Booking`. Files written
//!   before the columns hold these; they are read as they are and rewritten in columns when a fold
//!   writes their block again.
//!
//! Both end with the same trailer, after which ids follow each other from the key unless they
//! are listed (flag `LISTED`: after a fold dropped removed rows):
//!
//! ```text
//! ... | [ids: u32 per row, each minus the key] | rows: u32 | flags: u8
//! ```

use anyhow::{Context, ensure};

pub mod columns;
pub mod encoded;

pub use columns::{ColumnBuilder, ColumnRows};
pub use encoded::{EncodedBuilder, EncodedRows};

/// A block closes before its value passes this. redb stores a large value alone in a leaf of the
/// next power of two pages, the leaf's header included: a block of 1 MiB would take 2 MiB, one
/// a little under fills its 1 MiB (at 10M bookings blocks of 65,536 rows left 38 MB of their
/// pages empty, benches/README.md).
pub const BLOCK_BYTES: usize = (1 << 20) - (4 << 10);

/// The ids are listed before the trailer.
const LISTED: u8 = 1;
/// The block holds columns, not encoded rows.
const COLUMNS: u8 = 2;
const TRAILER: usize = 5;

/// A stored block, read in place.
pub enum Block<'a> {
    Columns(ColumnRows<'a>),
    Encoded(EncodedRows<'a>),
}

impl<'a> Block<'a> {
    /// Reads the block stored under `first`; an error names what is wrong with it.
    pub fn parse(first: u64, value: &'a [u8]) -> anyhow::Result<Block<'a>> {
        let body = Body::split(first, value)?;
        Ok(if body.flags & COLUMNS != 0 {
            Block::Columns(ColumnRows::parse(body)?)
        } else {
            Block::Encoded(EncodedRows::parse(body)?)
        })
    }

    pub fn len(&self) -> usize {
        self.ids().len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The id of the `i`th row.
    pub fn id(&self, i: usize) -> u64 {
        self.ids().id(i)
    }

    /// Which row has id `id`, if the block holds it.
    pub fn find(&self, id: u64) -> Option<usize> {
        self.ids().find(id)
    }

    fn ids(&self) -> &Ids<'a> {
        match self {
            Block::Columns(b) => &b.ids,
            Block::Encoded(b) => &b.ids,
        }
    }
}

/// A block's value with its trailer and id list taken off.
struct Body<'a> {
    bytes: &'a [u8],
    flags: u8,
    ids: Ids<'a>,
}

impl<'a> Body<'a> {
    fn split(first: u64, value: &'a [u8]) -> anyhow::Result<Body<'a>> {
        ensure!(value.len() >= TRAILER, "{}", damaged(first));
        let (rest, trailer) = value.split_at(value.len() - TRAILER);
        let rows = u32::from_le_bytes(trailer[..4].try_into()?) as usize;
        let flags = trailer[4];
        let unknown = flags & !(LISTED | COLUMNS);
        ensure!(unknown == 0, "{}: unknown flags {flags}", damaged(first));
        let listed = if flags & LISTED != 0 { rows * 4 } else { 0 };
        let bytes_end = rest.len().checked_sub(listed);
        let bytes_end = bytes_end.with_context(|| damaged(first))?;
        let (bytes, listed) = rest.split_at(bytes_end);
        let ids = Ids {
            first,
            rows,
            listed: (flags & LISTED != 0).then_some(listed),
        };
        Ok(Body { bytes, flags, ids })
    }
}

fn damaged(first: u64) -> String {
    format!("the bookings block at id {first} is damaged")
}

/// The ids of a block's rows: from its key on, or listed.
#[derive(Clone, Copy)]
struct Ids<'a> {
    first: u64,
    rows: usize,
    /// Each row's id minus `first`, as `u32`.
    listed: Option<&'a [u8]>,
}

impl Ids<'_> {
    fn len(&self) -> usize {
        self.rows
    }

    fn id(&self, i: usize) -> u64 {
        self.first
            + match self.listed {
                Some(ids) => u32_at(ids, i) as u64,
                None => i as u64,
            }
    }

    fn find(&self, id: u64) -> Option<usize> {
        let offset = u32::try_from(id.checked_sub(self.first)?).ok()?;
        match self.listed {
            None => Some(offset as usize).filter(|&i| i < self.rows),
            Some(_) => {
                let (mut lo, mut hi) = (0, self.rows);
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
}

/// Row ids in a block as a builder gathers them: kept only once a row is not the next
/// consecutive id.
#[derive(Debug, Default)]
struct IdsBuilder {
    first: u64,
    rows: usize,
    listed: Option<Vec<u32>>,
}

impl IdsBuilder {
    /// Whether a block whose next id is `id` still has room for it as a `u32` past its first.
    fn fits(&self, id: u64) -> bool {
        self.rows == 0 || id - self.first <= u32::MAX as u64
    }

    fn push(&mut self, id: u64) {
        if self.rows == 0 {
            self.first = id;
        }
        let offset = (id - self.first) as u32;
        match &mut self.listed {
            Some(ids) => ids.push(offset),
            None if offset as usize != self.rows => {
                let mut ids: Vec<u32> = (0..self.rows as u32).collect();
                ids.push(offset);
                self.listed = Some(ids);
            }
            None => {}
        }
        self.rows += 1;
    }

    /// Writes the id list (if any) and the trailer onto `value`; the builder is left empty.
    fn finish(&mut self, value: &mut Vec<u8>, form: u8) -> u64 {
        let mut flags = form;
        if let Some(ids) = self.listed.take() {
            value.extend(ids.iter().flat_map(|i| i.to_le_bytes()));
            flags |= LISTED;
        }
        value.extend((self.rows as u32).to_le_bytes());
        value.push(flags);
        self.rows = 0;
        self.first
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
