//! The identities a small import's rows carry, asked of the stored ones: a day's export of
//! thousands of rows meets millions of stored identities, so each stored one is tested against
//! a bitmap of the wanted ones' leading bits (in cache) before the sorted list is searched.

use crate::platform::store::IDENTITY_LEN;

/// Leading bits of an identity that pick its bit in the bitmap (2^20 bits, 128 KiB).
const BITS: u32 = 20;

pub struct WantedIdentities {
    sorted: Vec<[u8; IDENTITY_LEN]>,
    bitmap: Vec<u64>,
}

/// Identities are HMAC outputs, uniformly random: their leading bits spread them evenly.
fn bit(identity: &[u8; IDENTITY_LEN]) -> usize {
    let lead = u32::from_be_bytes([identity[0], identity[1], identity[2], identity[3]]);
    (lead >> (32 - BITS)) as usize
}

impl WantedIdentities {
    pub fn new(mut identities: Vec<[u8; IDENTITY_LEN]>) -> WantedIdentities {
        identities.sort_unstable();
        identities.dedup();
        let mut bitmap = vec![0u64; (1 << BITS) / 64];
        for identity in &identities {
            let b = bit(identity);
            bitmap[b / 64] |= 1 << (b % 64);
        }
        WantedIdentities {
            sorted: identities,
            bitmap,
        }
    }

    #[inline]
    pub fn contains(&self, identity: &[u8; IDENTITY_LEN]) -> bool {
        let b = bit(identity);
        self.bitmap[b / 64] >> (b % 64) & 1 == 1 && self.sorted.binary_search(identity).is_ok()
    }

    /// The wanted identities, sorted and without repeats.
    pub fn as_slice(&self) -> &[[u8; IDENTITY_LEN]] {
        &self.sorted
    }

    pub fn len(&self) -> usize {
        self.sorted.len()
    }

    pub fn is_empty(&self) -> bool {
        self.sorted.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_exactly_the_wanted_identities() {
        let identity = |n: u32| {
            let mut i = [0u8; IDENTITY_LEN];
            // Equal leading bits for every pair, so the sorted list decides.
            i[0..4].copy_from_slice(&(n / 2).to_be_bytes());
            i[4..8].copy_from_slice(&n.to_le_bytes());
            i
        };
        let wanted = WantedIdentities::new(
            (0..1000)
                .step_by(2)
                .map(identity)
                .chain([identity(0)])
                .collect(),
        );
        assert_eq!(wanted.len(), 500);
        for n in 0..1000 {
            assert_eq!(wanted.contains(&identity(n)), n % 2 == 0, "identity {n}");
        }
        assert!(!wanted.contains(&[0xff; IDENTITY_LEN]));
    }
}
