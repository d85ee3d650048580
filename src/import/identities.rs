//! The identities an import knows, each with its booking id: the stored ones and the new ones of
//! the file. An open-addressing table of indexes into one array of identities: about 24 bytes a
//! row where a `HashMap` took about 70 (at 10M rows, 230 MB against 700 MB while it grows). Its
//! slots are 32 bits while the indexes fit in `NARROW_INDEX_BITS` (134M identities), 64 past that.

use crate::platform::store::IDENTITY_LEN;

pub(super) type Identity = [u8; IDENTITY_LEN];

pub(super) struct Identities {
    /// The stored identities, then the new ones in id order.
    all: Vec<Identity>,
    /// The booking ids of the stored identities (`all[..stored_ids.len()]`).
    stored_ids: Vec<u64>,
    /// The id of the first new identity; the others follow it.
    first_new: u64,
    slots: Slots,
}

enum Slots {
    Narrow(Vec<u32>),
    Wide(Vec<u64>),
}

/// Bits of a narrow slot that hold an index; the others hold a tag. A few in the crate's tests, so
/// that they cross to wide slots.
const NARROW_INDEX_BITS: u32 = if cfg!(test) { 8 } else { 27 };

/// A slot of the table: 0 when empty, else an index into `all` plus one and, in the bits left, a
/// tag of the identity's, so that a probe past another identity mostly ends without reading it.
trait Slot: Copy + Default {
    /// How many identities the slots can index.
    const INDEXES: usize;
    fn new(index: usize, tag: u64) -> Self;
    /// The index it holds; `None` when empty.
    fn index(self) -> Option<usize>;
    fn has_tag(self, tag: u64) -> bool;
}

impl Slot for u32 {
    const INDEXES: usize = (1 << NARROW_INDEX_BITS) - 1;

    fn new(index: usize, tag: u64) -> u32 {
        ((tag >> (32 + NARROW_INDEX_BITS)) as u32) << NARROW_INDEX_BITS | (index + 1) as u32
    }

    fn index(self) -> Option<usize> {
        (self & ((1 << NARROW_INDEX_BITS) - 1))
            .checked_sub(1)
            .map(|i| i as usize)
    }

    fn has_tag(self, tag: u64) -> bool {
        self >> NARROW_INDEX_BITS == (tag >> (32 + NARROW_INDEX_BITS)) as u32
    }
}

impl Slot for u64 {
    const INDEXES: usize = u32::MAX as usize;

    fn new(index: usize, tag: u64) -> u64 {
        tag & 0xffff_ffff_0000_0000 | (index as u64 + 1)
    }

    fn index(self) -> Option<usize> {
        (self & 0xffff_ffff).checked_sub(1).map(|i| i as usize)
    }

    fn has_tag(self, tag: u64) -> bool {
        self & 0xffff_ffff_0000_0000 == tag & 0xffff_ffff_0000_0000
    }
}

/// Identities are HMAC outputs, already uniformly random: their bytes are the hash. The first
/// eight pick the slot, the last eight give the tag.
fn place(identity: &Identity) -> (usize, u64) {
    let word = |at: usize| {
        let mut w = [0u8; 8];
        w.copy_from_slice(&identity[at..at + 8]);
        u64::from_le_bytes(w)
    };
    (word(0) as usize, word(8))
}

/// The index in `all` of `identity`, if a slot holds it.
fn find<S: Slot>(slots: &[S], all: &[Identity], identity: &Identity) -> Option<usize> {
    let (hash, tag) = place(identity);
    let mask = slots.len() - 1;
    let mut at = hash & mask;
    loop {
        let slot = slots[at];
        let index = slot.index()?;
        // As one 128-bit word: an array's `==` calls `bcmp`.
        if slot.has_tag(tag) && u128::from_ne_bytes(all[index]) == u128::from_ne_bytes(*identity) {
            return Some(index);
        }
        at = (at + 1) & mask;
    }
}

/// Asks the processor to bring the cache line holding `value` into its caches.
#[cfg(target_arch = "x86_64")]
#[inline]
#[expect(
    unsafe_code,
    reason = "_mm_prefetch is a target-feature function; sse is part of every x86_64 target"
)]
fn prefetch<T>(value: &T) {
    use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
    // SAFETY: a prefetch is a hint that reads nothing the program sees and cannot fault; the
    // pointer comes from a reference, and every x86_64 processor has SSE.
    unsafe { _mm_prefetch::<_MM_HINT_T0>(std::ptr::from_ref(value).cast()) }
}

/// Elsewhere the look-up waits for memory, as it would without the hint.
#[cfg(not(target_arch = "x86_64"))]
#[inline]
fn prefetch<T>(_value: &T) {}

/// Puts `all[index]` in the first free slot from its place.
fn put<S: Slot>(slots: &mut [S], all: &[Identity], index: usize) {
    let (hash, tag) = place(&all[index]);
    let mask = slots.len() - 1;
    let mut at = hash & mask;
    while slots[at].index().is_some() {
        at = (at + 1) & mask;
    }
    slots[at] = S::new(index, tag);
}

/// `len` slots holding every identity of `all`.
fn filled<S: Slot>(len: usize, all: &[Identity]) -> Vec<S> {
    let mut slots = vec![S::default(); len];
    for index in 0..all.len() {
        put(&mut slots, all, index);
    }
    slots
}

impl Slots {
    fn len(&self) -> usize {
        match self {
            Slots::Narrow(s) => s.len(),
            Slots::Wide(s) => s.len(),
        }
    }

    /// `len` slots for `all`, as narrow as `identities` of them allow.
    fn for_identities(len: usize, all: &[Identity], identities: usize) -> Slots {
        if identities <= u32::INDEXES {
            Slots::Narrow(filled(len, all))
        } else {
            Slots::Wide(filled(len, all))
        }
    }
}

impl Identities {
    /// For `stored` identities and room for about `new` more before the table grows.
    pub(super) fn new(first_new: u64, stored: usize, new: usize) -> Identities {
        let len = ((stored + new) * 4 / 3 + 1).next_power_of_two().max(1024);
        Identities {
            all: Vec::with_capacity(stored),
            stored_ids: Vec::with_capacity(stored),
            first_new,
            slots: Slots::for_identities(len, &[], stored),
        }
    }

    /// Adds an identity stored under `id` (before any new one is added).
    pub(super) fn add_stored(&mut self, identity: Identity, id: u64) {
        self.stored_ids.push(id);
        self.add(identity);
    }

    /// Adds a new identity and returns the booking id it gets.
    pub(super) fn add_new(&mut self, identity: Identity) -> u64 {
        let id = self.first_new + (self.all.len() - self.stored_ids.len()) as u64;
        self.add(identity);
        id
    }

    /// The booking id of a known identity.
    pub(super) fn get(&self, identity: &Identity) -> Option<u64> {
        let index = match &self.slots {
            Slots::Narrow(s) => find(s, &self.all, identity),
            Slots::Wide(s) => find(s, &self.all, identity),
        }?;
        Some(match self.stored_ids.get(index) {
            Some(&id) => id,
            None => self.first_new + (index - self.stored_ids.len()) as u64,
        })
    }

    /// Asks for the slot `identity` starts its probe at to be brought into the cache, so that
    /// its look-up a few rows later does not wait for memory: at 10M rows, a slot read that
    /// missed the cache was the writer's largest single cost. Only a hint; nothing is read.
    #[inline]
    pub(super) fn prefetch(&self, identity: &Identity) {
        let (hash, _) = place(identity);
        match &self.slots {
            Slots::Narrow(s) => prefetch(&s[hash & (s.len() - 1)]),
            Slots::Wide(s) => prefetch(&s[hash & (s.len() - 1)]),
        }
    }

    /// A few rows after `prefetch`: asks for the identity that `identity`'s slot points to, when
    /// the slot's tag is its own, since the look-up compares the whole identity then: every
    /// look-up of a stored row, and one in 32 of a new one while the slots are 32 bits wide.
    #[inline]
    pub(super) fn prefetch_match(&self, identity: &Identity) {
        fn ask<S: Slot>(slots: &[S], all: &[Identity], identity: &Identity) {
            let (hash, tag) = place(identity);
            let slot = slots[hash & (slots.len() - 1)];
            if let Some(index) = slot.index()
                && slot.has_tag(tag)
            {
                prefetch(&all[index]);
            }
        }
        match &self.slots {
            Slots::Narrow(s) => ask(s, &self.all, identity),
            Slots::Wide(s) => ask(s, &self.all, identity),
        }
    }

    /// The new identities, in id order from `first_new`.
    pub(super) fn new_ones(&self) -> &[Identity] {
        &self.all[self.stored_ids.len()..]
    }

    fn add(&mut self, identity: Identity) {
        let len = self.slots.len();
        // At most three slots in four taken, so that a probe ends soon; and slots as wide as the
        // next index needs.
        let full = (self.all.len() + 1) * 4 > len * 3;
        let too_narrow =
            matches!(self.slots, Slots::Narrow(_)) && self.all.len() + 1 > u32::INDEXES;
        if full || too_narrow {
            let len = if full { len * 2 } else { len };
            self.slots = Slots::for_identities(len, &self.all, self.all.len() + 1);
        }
        self.all.push(identity);
        let index = self.all.len() - 1;
        match &mut self.slots {
            Slots::Narrow(s) => put(s, &self.all, index),
            Slots::Wide(s) => put(s, &self.all, index),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stored_and_new_identities_are_found_with_their_ids() {
        let identity = |n: u32| {
            let mut i = [0u8; IDENTITY_LEN];
            // Equal low words, so that every identity probes past the others.
            i[8..12].copy_from_slice(&n.to_le_bytes());
            i[12..16].copy_from_slice(&n.wrapping_mul(2_654_435_761).to_le_bytes());
            i
        };
        let mut known = Identities::new(101, 3, 0);
        for n in 0..3 {
            known.add_stored(identity(n), 10 + n as u64);
        }
        for n in 3..3000 {
            assert_eq!(known.add_new(identity(n)), 101 + n as u64 - 3);
        }
        // A prefetch reads nothing; the look-ups after it answer as before.
        for n in [1, 2999, 3000] {
            known.prefetch(&identity(n));
            known.prefetch_match(&identity(n));
        }
        assert_eq!(known.get(&identity(1)), Some(11));
        assert_eq!(known.get(&identity(2999)), Some(3097));
        assert_eq!(known.get(&identity(3000)), None);
        let new = known.new_ones();
        assert_eq!(
            (new.len(), new[0], new[2996]),
            (2997, identity(3), identity(2999))
        );
    }

    #[test]
    fn a_table_sized_for_the_file_s_rows_takes_them_without_growing() {
        let identity = |n: u32| {
            let mut i = [0u8; IDENTITY_LEN];
            i[..4].copy_from_slice(&n.wrapping_mul(2_654_435_761).to_le_bytes());
            i[8..12].copy_from_slice(&n.to_le_bytes());
            i
        };
        let mut known = Identities::new(1, 0, 3_000);
        let len = known.slots.len();
        assert!(len * 3 >= 3_000 * 4, "{len} slots");
        for n in 0..3_000 {
            known.add_new(identity(n));
        }
        assert_eq!(known.slots.len(), len, "no growth for the rows counted");
        known.add_new(identity(3_000));
        assert_eq!(known.get(&identity(2_999)), Some(3_000));
        // Unsized, the same rows grow the table from its least.
        let mut grown = Identities::new(1, 0, 0);
        let least = grown.slots.len();
        for n in 0..3_000 {
            grown.add_new(identity(n));
        }
        assert!(grown.slots.len() > least);
    }

    #[test]
    fn slots_widen_past_the_narrow_indexes_and_a_shared_tag_is_told_apart_by_the_identity() {
        // Each identity's slot and tag are the same (equal first and last words): only the bytes
        // between tell them apart.
        let identity = |n: u32| {
            let mut i = [0u8; IDENTITY_LEN];
            i[8..12].copy_from_slice(&n.to_le_bytes());
            i[12..16].copy_from_slice(&[0xab; 4]);
            i
        };
        let narrow = u32::INDEXES as u32;
        let mut known = Identities::new(1, 0, 0);
        for n in 0..narrow {
            known.add_new(identity(n));
        }
        assert!(matches!(known.slots, Slots::Narrow(_)));
        for n in narrow..narrow + 50 {
            known.add_new(identity(n));
        }
        assert!(
            matches!(known.slots, Slots::Wide(_)),
            "past {narrow} indexes"
        );
        known.prefetch(&identity(narrow + 50));
        for n in 0..narrow + 50 {
            assert_eq!(known.get(&identity(n)), Some(1 + u64::from(n)), "{n}");
        }
        assert_eq!(known.get(&identity(narrow + 50)), None);
        // An install already past the narrow indexes starts wide.
        let stored = Identities::new(1_000, u32::INDEXES + 1, 0);
        assert!(matches!(stored.slots, Slots::Wide(_)));
    }
}
