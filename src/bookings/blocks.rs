//! A column of the bookings, a row list or a running sum's counters, held in sealed blocks behind
//! an `Arc` and a short tail: the index an import builds shares every sealed block with the index
//! it replaces, so a day's rows copy the tails and add their own, where plain vectors copied every
//! row into fresh pages (at 10M bookings, 190 MB of columns, 120 MB of row lists and the sums for
//! 10,000 new rows).
//!
//! Invariants: every sealed block holds exactly `1 << BITS` values and is never changed while
//! another copy shares it (`get_mut` copies such a block first); the tail holds fewer; row `r` is
//! in block `r >> BITS`.
//!
//! The snapshot stores a column as one flat vector (`ArchivedVec`), as before the blocks: the
//! archive does not depend on the block size, and snapshots written before still read. A start
//! maps the snapshot's file and its columns' sealed blocks are read in place there (`Sealed`),
//! not copied: at 20M bookings the copies and the fresh pages they filled were half a start.

use std::sync::Arc;

use rkyv::rancor::Fallible;
use rkyv::ser::{Allocator, Writer, WriterExt};
use rkyv::vec::{ArchivedVec, VecResolver};
use rkyv::{Archive, Deserialize, Place, Serialize};

/// Rows per block of a column: 65,536, so that a block of the widest column (8-byte ids) is
/// 512 KiB. In the crate's own tests 16, so that every test of the index, its sums and its
/// snapshot crosses block ends.
pub const COLUMN_BITS: u32 = if cfg!(test) { 4 } else { 16 };
/// Entries per block of a row list: 4,096 (16 KiB); 8 in the crate's tests. A list's last block
/// is its own to each index (below), and there is a list per state, metro area and vendor: small
/// blocks keep what an extended index copies of them small.
pub const LIST_BITS: u32 = if cfg!(test) { 3 } else { 12 };

/// The rows of one value (a state, a metro area, a vendor), ascending.
pub type RowList = Blocks<u32, LIST_BITS>;
/// Counters per block of the running sums (`aggregates`): 1,024 (4 KiB); 8 in the crate's tests.
/// There are about 2,600 arrays of them at 10M bookings, most of a few thousand counters, and a
/// day's import copies each one's tail and the block its last day starts in.
pub const SUM_BITS: u32 = if cfg!(test) { 3 } else { 10 };

/// Values in sealed blocks of `1 << BITS`, shared by every clone, then the last values in a tail
/// of their own: a clone copies the tail, and pushes go to it without a check of who shares what.
#[derive(Debug, Clone)]
pub struct Blocks<T, const BITS: u32 = COLUMN_BITS> {
    sealed: Vec<Sealed<T>>,
    /// Fewer than `1 << BITS` values.
    tail: Vec<T>,
}

impl<T, const BITS: u32> Default for Blocks<T, BITS> {
    fn default() -> Self {
        Blocks {
            sealed: Vec::new(),
            tail: Vec::new(),
        }
    }
}

impl<T: PartialEq, const BITS: u32> PartialEq for Blocks<T, BITS> {
    fn eq(&self, other: &Self) -> bool {
        // The split into blocks follows from the length alone.
        self.tail == other.tail && self.sealed == other.sealed
    }
}

impl<T, const BITS: u32> Blocks<T, BITS> {
    const BLOCK: usize = 1 << BITS;

    pub fn len(&self) -> usize {
        (self.sealed.len() << BITS) + self.tail.len()
    }

    pub fn is_empty(&self) -> bool {
        self.sealed.is_empty() && self.tail.is_empty()
    }
}

impl<T: Copy, const BITS: u32> Blocks<T, BITS> {
    /// No values, with room for `n` before the first block is sealed.
    pub fn with_capacity(n: usize) -> Blocks<T, BITS> {
        Blocks {
            sealed: Vec::with_capacity(n >> BITS),
            tail: Vec::with_capacity(n.min(Self::BLOCK)),
        }
    }

    #[inline]
    pub fn push(&mut self, value: T) {
        self.tail.push(value);
        if self.tail.len() == Self::BLOCK {
            self.seal();
        }
    }

    /// The full tail becomes a sealed block (a copy behind the `Arc`'s counts); the tail keeps its
    /// room for the next block.
    fn seal(&mut self) {
        self.sealed
            .push(Sealed::own(Arc::from(self.tail.as_slice())));
        self.tail.clear();
    }

    pub fn extend_from_slice(&mut self, mut values: &[T]) {
        while !values.is_empty() {
            let take = (Self::BLOCK - self.tail.len()).min(values.len());
            self.tail.extend_from_slice(&values[..take]);
            values = &values[take..];
            if self.tail.len() == Self::BLOCK {
                self.seal();
            }
        }
    }

    /// Value `r`, to change: a sealed block that another copy shares is copied first, so that
    /// copy never sees the change.
    pub fn get_mut(&mut self, r: usize) -> &mut T {
        let (b, at) = (r >> BITS, r & (Self::BLOCK - 1));
        let sealed = self.sealed.len();
        match self.sealed.get_mut(b) {
            Some(block) => &mut block.make_mut()[at],
            None if b == sealed => &mut self.tail[at],
            None => panic!("row {r} past the blocks"),
        }
    }

    /// The values of `v`, in blocks, with a tail no larger than its values (sealing leaves the
    /// tail room for a block, which the many short arrays of the sums would each waste).
    pub fn from_slice(v: &[T]) -> Blocks<T, BITS> {
        let mut out = Blocks::default();
        out.extend_from_slice(v);
        out.shrink_to_fit();
        out
    }

    /// The blocks in order, each as a slice (the tail last, when it holds a value).
    pub fn slices(&self) -> impl Iterator<Item = &[T]> + Clone + '_ {
        self.slices_in(0, self.len())
    }

    /// The block holding row `r`'s block number `b`.
    #[inline]
    fn block(&self, b: usize) -> &[T] {
        self.sealed.get(b).map_or(&self.tail, |s| s)
    }

    /// The values of rows `[from, to)` as slices, one a block at most.
    pub fn slices_in(
        &self,
        from: usize,
        to: usize,
    ) -> impl DoubleEndedIterator<Item = &[T]> + Clone + '_ {
        let to = to.min(self.len());
        let from = from.min(to);
        (from >> BITS..to.div_ceil(Self::BLOCK)).map(move |b| {
            let start = b << BITS;
            &self.block(b)[from.max(start) - start..to.min(start + Self::BLOCK) - start]
        })
    }

    pub fn iter(&self) -> Values<'_, T> {
        Values {
            sealed: self.sealed.iter(),
            tail: Some(&self.tail),
            current: [].iter(),
            left: self.len(),
        }
    }

    /// The values of rows `[from, len)`.
    pub fn iter_from(&self, from: usize) -> impl Iterator<Item = T> + Clone + '_ {
        self.slices_in(from, self.len())
            .flat_map(|s| s.iter().copied())
    }

    pub fn to_vec(&self) -> Vec<T> {
        let mut out = Vec::with_capacity(self.len());
        for s in self.slices() {
            out.extend_from_slice(s);
        }
        out
    }

    pub fn last(&self) -> Option<T> {
        match self.tail.last() {
            Some(&v) => Some(v),
            None => self.sealed.last().and_then(|b| b.last().copied()),
        }
    }

    /// The number of leading values for which `pred` holds (`pred` true then false along the
    /// values, as for `slice::partition_point`): a search of the sealed blocks' last values, then
    /// of one block.
    pub fn partition_point(&self, mut pred: impl FnMut(&T) -> bool) -> usize {
        let full = self
            .sealed
            .partition_point(|b| b.last().is_some_and(&mut pred));
        (full << BITS) + self.block(full).partition_point(pred)
    }

    /// Whether `pred` holds for every value (a pass over each block as a slice).
    pub fn all(&self, pred: impl Fn(T) -> bool) -> bool {
        self.slices().all(|s| s.iter().all(|&v| pred(v)))
    }

    /// Gives back the room the tail holds beyond its values.
    pub fn shrink_to_fit(&mut self) {
        self.tail.shrink_to_fit();
    }

    /// How many sealed blocks are read in place in a mapped file.
    #[cfg(test)]
    pub fn in_place(&self) -> usize {
        self.sealed
            .iter()
            .filter(|b| matches!(b.owner, Owner::Mapped(_)))
            .count()
    }

    /// How many of these blocks `other` holds too (the same allocation, not equal values).
    pub fn shared_with(&self, other: &Blocks<T, BITS>) -> usize {
        self.sealed
            .iter()
            .zip(&other.sealed)
            .filter(|(a, b)| std::ptr::eq(a.values, b.values))
            .count()
    }
}

/// A sealed block's values: an allocation of its own, or a stretch of a file mapped at start (the
/// snapshot's, `InPlace`), which the block keeps mapped. Either way a read goes from the block's
/// pointer straight to its values, as with an `Arc<[T]>`: no branch on where they are.
pub struct Sealed<T> {
    /// Points into `owner`, which never moves or changes it while the block is shared.
    values: *const [T],
    owner: Owner<T>,
}

enum Owner<T> {
    Own(Arc<[T]>),
    /// Never written in place: a new snapshot is another file renamed over this one, and the
    /// mapping keeps this one's pages.
    Mapped(Mapping),
}

/// A snapshot file mapped for reading (see `InPlace`).
pub type Mapping = Arc<memmap2::Mmap>;

// SAFETY: a `Sealed` is a shared, never mutated view of values its owner keeps alive; it is sent
// and shared exactly as an `Arc<[T]>` is.
#[expect(unsafe_code, reason = "a view into its owner, which is Send")]
unsafe impl<T: Send + Sync> Send for Sealed<T> {}
#[expect(unsafe_code, reason = "a view into its owner, which is Sync")]
unsafe impl<T: Send + Sync> Sync for Sealed<T> {}

impl<T> Sealed<T> {
    fn own(values: Arc<[T]>) -> Sealed<T> {
        Sealed {
            values: Arc::as_ptr(&values),
            owner: Owner::Own(values),
        }
    }
}

impl<T: Copy> Sealed<T> {
    /// The values of `archived` read where they are, inside `mapping`; `None` when they are not
    /// inside it, or the archived form is not laid out as `T` is (a big-endian machine).
    fn in_place(archived: &[T::Archived], mapping: &Mapping) -> Option<Sealed<T>>
    where
        T: Plain,
    {
        let same_layout = cfg!(target_endian = "little")
            && std::mem::size_of::<T>() == std::mem::size_of::<T::Archived>()
            && std::mem::align_of::<T>() == std::mem::align_of::<T::Archived>();
        let file = mapping.as_ptr_range();
        let inside = file.start <= archived.as_ptr().cast()
            && archived.as_ptr_range().end.cast() <= file.end;
        (same_layout && inside).then(|| Sealed {
            values: std::ptr::slice_from_raw_parts(archived.as_ptr().cast::<T>(), archived.len()),
            owner: Owner::Mapped(mapping.clone()),
        })
    }

    /// The values, to change: copied first when another block shares them or they are mapped.
    fn make_mut(&mut self) -> &mut [T] {
        let own = match &mut self.owner {
            Owner::Own(values) => Arc::get_mut(values).is_some(),
            Owner::Mapped(_) => false,
        };
        if !own {
            *self = Sealed::own(Arc::from(&**self));
        }
        match &mut self.owner {
            Owner::Own(values) => Arc::get_mut(values).expect("a block just made its own"),
            Owner::Mapped(_) => unreachable!("a block just made its own"),
        }
    }
}

impl<T> std::ops::Deref for Sealed<T> {
    type Target = [T];

    #[inline]
    #[expect(
        unsafe_code,
        reason = "the values of an allocation or a mapping the block owns; see `values`"
    )]
    fn deref(&self) -> &[T] {
        // SAFETY: `values` points into `owner` (see the field), which lives as long as `self`.
        unsafe { &*self.values }
    }
}

impl<T> Clone for Sealed<T> {
    fn clone(&self) -> Self {
        Sealed {
            values: self.values,
            owner: match &self.owner {
                Owner::Own(values) => Owner::Own(values.clone()),
                Owner::Mapped(mapping) => Owner::Mapped(mapping.clone()),
            },
        }
    }
}

impl<T: PartialEq> PartialEq for Sealed<T> {
    fn eq(&self, other: &Self) -> bool {
        **self == **other
    }
}

impl<T: std::fmt::Debug> std::fmt::Debug for Sealed<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        (**self).fmt(f)
    }
}

/// What a deserializer tells the blocks it builds: the file the archive is read from, when it is
/// a mapped file whose sealed blocks are read in place, or nothing (they are copied).
pub trait InPlace {
    fn mapping(&self) -> Option<&Mapping>;
}

impl<E> InPlace for rkyv::rancor::Strategy<rkyv::de::Pool, E> {
    fn mapping(&self) -> Option<&Mapping> {
        None
    }
}

impl<E> InPlace for rkyv::rancor::Strategy<Mapping, E> {
    fn mapping(&self) -> Option<&Mapping> {
        Some(self)
    }
}

/// The values of a `Blocks` in order, with their number known.
#[derive(Clone)]
pub struct Values<'a, T> {
    sealed: std::slice::Iter<'a, Sealed<T>>,
    tail: Option<&'a Vec<T>>,
    current: std::slice::Iter<'a, T>,
    left: usize,
}

impl<T: Copy> Iterator for Values<'_, T> {
    type Item = T;

    #[inline]
    fn next(&mut self) -> Option<T> {
        loop {
            if let Some(&v) = self.current.next() {
                self.left -= 1;
                return Some(v);
            }
            self.current = match self.sealed.next() {
                Some(b) => b.iter(),
                None => self.tail.take()?.iter(),
            };
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.left, Some(self.left))
    }
}

impl<T: Copy> ExactSizeIterator for Values<'_, T> {}

impl<T, const BITS: u32> std::ops::Index<usize> for Blocks<T, BITS> {
    type Output = T;

    #[inline]
    fn index(&self, r: usize) -> &T {
        let (b, at) = (r >> BITS, r & ((1 << BITS) - 1));
        match self.sealed.get(b) {
            Some(block) => &block[at],
            None if b == self.sealed.len() => &self.tail[at],
            None => panic!("row {r} past the blocks"),
        }
    }
}

impl<T: Copy, const BITS: u32> FromIterator<T> for Blocks<T, BITS> {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
        let mut out = Blocks::default();
        for v in iter {
            out.push(v);
        }
        out
    }
}

impl<T: Archive, const BITS: u32> Archive for Blocks<T, BITS> {
    type Archived = ArchivedVec<T::Archived>;
    type Resolver = VecResolver;

    fn resolve(&self, resolver: Self::Resolver, out: Place<Self::Archived>) {
        ArchivedVec::resolve_from_len(self.len(), resolver, out);
    }
}

/// The values as an `ArchivedVec`, laid out as rkyv lays out a vector of them, written a buffer
/// of their little-endian bytes at a time. rkyv's writer for an iterator of values (a vector's
/// values are in blocks, not one slice) handled each value on its own: at 10M bookings that was
/// most of a snapshot's write.
impl<T, S, const BITS: u32> Serialize<S> for Blocks<T, BITS>
where
    T: Plain,
    S: Fallible + Allocator + Writer + ?Sized,
{
    fn serialize(&self, serializer: &mut S) -> Result<Self::Resolver, S::Error> {
        const BUFFER: usize = 1 << 16;
        let at_a_time = BUFFER / std::mem::size_of::<T>().max(1);
        let pos = serializer.align_for::<T::Archived>()?;
        let mut bytes = Vec::with_capacity(BUFFER);
        for values in self.slices().flat_map(|s| s.chunks(at_a_time)) {
            bytes.clear();
            T::archived_bytes(values, &mut bytes);
            serializer.write(&bytes)?;
        }
        Ok(VecResolver::from_pos(pos))
    }
}

/// The values a column holds, read from their archived (little-endian) form by a plain
/// conversion: a start reads 10M of each, which a fallible call per value made about a tenth slower.
pub trait Plain: Copy + Archive {
    fn native(archived: &Self::Archived) -> Self;
    /// Appends the archived form of `values` to `out`: their little-endian bytes, as rkyv's
    /// archived integers are laid out (no padding between them).
    fn archived_bytes(values: &[Self], out: &mut Vec<u8>);
}

macro_rules! plain {
    ($($t:ty),*) => {$(
        impl Plain for $t {
            #[inline]
            fn native(archived: &Self::Archived) -> Self {
                <$t>::from(*archived)
            }

            fn archived_bytes(values: &[Self], out: &mut Vec<u8>) {
                const SIZE: usize = std::mem::size_of::<$t>();
                const { assert!(SIZE == std::mem::size_of::<<$t as Archive>::Archived>()) };
                let from = out.len();
                out.resize(from + values.len() * SIZE, 0);
                for (to, v) in out[from..].chunks_exact_mut(SIZE).zip(values) {
                    to.copy_from_slice(&v.to_le_bytes());
                }
            }
        }
    )*};
}
plain!(u8, u16, u32, u64);

impl<T, D, const BITS: u32> Deserialize<Blocks<T, BITS>, D> for ArchivedVec<T::Archived>
where
    T: Plain,
    D: Fallible + InPlace + ?Sized,
{
    fn deserialize(&self, d: &mut D) -> Result<Blocks<T, BITS>, D::Error> {
        let mut out = Blocks::default();
        for chunk in self.as_slice().chunks(1 << BITS) {
            let values = chunk.iter().map(T::native);
            if chunk.len() == 1 << BITS {
                let mapped = d.mapping().and_then(|m| Sealed::in_place(chunk, m));
                out.sealed
                    .push(mapped.unwrap_or_else(|| Sealed::own(values.collect())));
            } else {
                out.tail = values.collect();
            }
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BLOCK: usize = 1 << COLUMN_BITS;

    #[test]
    fn values_cross_block_ends_and_a_clone_shares_every_block_but_the_one_it_grows() {
        let values: Vec<u32> = (0..(2 * BLOCK + 10) as u32).map(|v| v * 3).collect();
        let blocks: Blocks<u32> = Blocks::from_slice(&values);
        assert_eq!(blocks.len(), values.len());
        assert_eq!(blocks[BLOCK - 1], values[BLOCK - 1]);
        assert_eq!(blocks[BLOCK], values[BLOCK]);
        assert_eq!(blocks.to_vec(), values);
        assert_eq!(
            blocks.iter_from(BLOCK + 3).collect::<Vec<_>>(),
            values[BLOCK + 3..]
        );
        assert_eq!(blocks.iter_from(values.len()).count(), 0);
        let mut part = blocks.clone();
        part.extend_from_slice(&[1, 2]);
        assert_eq!(part.len(), values.len() + 2);
        assert_eq!(part[values.len() + 1], 2);
        assert_eq!(part.shared_with(&blocks), 2);
        assert_eq!(
            blocks.len(),
            values.len(),
            "the shared original is untouched"
        );
        for probe in [0, 1, 3 * BLOCK as u32 - 1, 3 * BLOCK as u32, u32::MAX] {
            assert_eq!(
                blocks.partition_point(|&v| v < probe),
                values.partition_point(|&v| v < probe),
                "{probe}"
            );
        }

        assert!(blocks.all(|v| v % 3 == 0));

        let mut grown = blocks.clone();
        grown.push(7);
        assert_eq!(grown.shared_with(&blocks), 2, "the full blocks stay shared");
        assert_eq!(blocks.len(), values.len(), "the original is untouched");
        assert_eq!(blocks.last(), values.last().copied());
        assert_eq!(grown.last(), Some(7));
    }

    #[test]
    fn a_push_at_a_block_end_starts_a_block_and_the_archive_is_one_flat_vector() {
        let mut blocks: Blocks<u16> = (0..BLOCK as u32).map(|v| v as u16).collect();
        let full = blocks.clone();
        blocks.push(1);
        assert_eq!(blocks.shared_with(&full), 1);
        assert_eq!(blocks[BLOCK], 1);

        let bytes = rkyv::to_bytes::<rkyv::rancor::Error>(&blocks).expect("encoded");
        let flat = rkyv::from_bytes::<Vec<u16>, rkyv::rancor::Error>(&bytes).expect("flat");
        assert_eq!(flat, blocks.to_vec());
        let back = rkyv::from_bytes::<Blocks<u16>, rkyv::rancor::Error>(&bytes).expect("blocks");
        assert_eq!(back, blocks);
        let from_vec = rkyv::to_bytes::<rkyv::rancor::Error>(&flat).expect("encoded");
        assert_eq!(
            from_vec.as_slice(),
            bytes.as_slice(),
            "the same bytes as a vector's"
        );
    }

    /// The values are written as bytes, not through rkyv's own writer: the archive must still be
    /// rkyv's, byte for byte, for every width, when empty, and after a value that leaves the next
    /// one unaligned.
    #[test]
    fn every_width_archives_as_a_vector_does() {
        fn same_as_a_vector<T>(values: Vec<T>)
        where
            T: Plain + std::fmt::Debug + PartialEq,
            T: for<'a> rkyv::Serialize<
                    rkyv::api::high::HighSerializer<
                        rkyv::util::AlignedVec,
                        rkyv::ser::allocator::ArenaHandle<'a>,
                        rkyv::rancor::Error,
                    >,
                >,
        {
            let blocks: Blocks<T> = Blocks::from_slice(&values);
            let archived = rkyv::to_bytes::<rkyv::rancor::Error>(&(7u8, blocks)).expect("blocks");
            let vector = rkyv::to_bytes::<rkyv::rancor::Error>(&(7u8, values)).expect("vector");
            assert_eq!(archived.as_slice(), vector.as_slice());
        }
        let n = 3 * BLOCK + 5;
        same_as_a_vector((0..n).map(|v| v as u8).collect());
        same_as_a_vector((0..n).map(|v| (v * 517) as u16).collect());
        same_as_a_vector(
            (0..n)
                .map(|v| (v as u32).wrapping_mul(2_654_435_761))
                .collect(),
        );
        same_as_a_vector((0..n).map(|v| (v as u64) << 40 | v as u64).collect());
        same_as_a_vector(Vec::<u64>::new());
    }
}
