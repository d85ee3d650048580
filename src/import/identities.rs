//! The identities an import knows, each with its booking id: the stored ones and the new ones of
//! the file. An open-addressing table of indexes into one array of identities: about 30 bytes a
//! row where a `HashMap` took about 70 (at 10M rows, 300 MB against 700 MB while it grows).

use crate::platform::store::IDENTITY_LEN;

pub(super) type Identity = [u8; IDENTITY_LEN];

pub(super) struct Identities {
    /// The stored identities, then the new ones in id order.
    all: Vec<Identity>,
    /// The booking ids of the stored identities (`all[..stored_ids.len()]`).
    stored_ids: Vec<u64>,
    /// The id of the first new identity; the others follow it.
    first_new: u64,
    /// 0 for an empty slot, else the identity's tag (high half) and its index in `all` plus one.
    slots: Vec<u64>,
}

/// Identities are HMAC outputs, already uniformly random: their bytes are the hash.
fn place(identity: &Identity) -> (usize, u64) {
    let word = |at: usize| {
        let mut w = [0u8; 8];
        w.copy_from_slice(&identity[at..at + 8]);
        u64::from_le_bytes(w)
    };
    (word(0) as usize, word(8) & 0xffff_ffff_0000_0000)
}

impl Identities {
    pub(super) fn new(first_new: u64, stored: usize) -> Identities {
        Identities {
            all: Vec::with_capacity(stored),
            stored_ids: Vec::with_capacity(stored),
            first_new,
            slots: vec![0; (stored * 4 / 3 + 1).next_power_of_two().max(1024)],
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
        let (hash, tag) = place(identity);
        let mask = self.slots.len() - 1;
        let mut at = hash & mask;
        loop {
            let slot = self.slots[at];
            if slot == 0 {
                return None;
            }
            let index = (slot & 0xffff_ffff) as usize - 1;
            if slot & !0xffff_ffff == tag && self.all[index] == *identity {
                return Some(match self.stored_ids.get(index) {
                    Some(&id) => id,
                    None => self.first_new + (index - self.stored_ids.len()) as u64,
                });
            }
            at = (at + 1) & mask;
        }
    }

    /// The new identities, in id order from `first_new`.
    pub(super) fn new_ones(&self) -> &[Identity] {
        &self.all[self.stored_ids.len()..]
    }

    fn add(&mut self, identity: Identity) {
        // At most three slots in four taken, so that a probe ends soon.
        if (self.all.len() + 1) * 4 > self.slots.len() * 3 {
            self.grow();
        }
        self.all.push(identity);
        self.place_index(self.all.len() - 1);
    }

    fn place_index(&mut self, index: usize) {
        let (hash, tag) = place(&self.all[index]);
        let mask = self.slots.len() - 1;
        let mut at = hash & mask;
        while self.slots[at] != 0 {
            at = (at + 1) & mask;
        }
        self.slots[at] = tag | (index as u64 + 1);
    }

    fn grow(&mut self) {
        self.slots = vec![0; self.slots.len() * 2];
        for index in 0..self.all.len() {
            self.place_index(index);
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
        let mut known = Identities::new(101, 3);
        for n in 0..3 {
            known.add_stored(identity(n), 10 + n as u64);
        }
        for n in 3..3000 {
            assert_eq!(known.add_new(identity(n)), 101 + n as u64 - 3);
        }
        assert_eq!(known.get(&identity(1)), Some(11));
        assert_eq!(known.get(&identity(2999)), Some(3097));
        assert_eq!(known.get(&identity(3000)), None);
        assert_eq!(known.new_ones().len(), 2997);
    }
}
