//! Rows keyed by a secret's hash or by a text, not by an id: a token's hash or a text (a domain, an
//! identity) is kept whole in the value, and the key holds its first 63 bits, a key part on both
//! engines. An index on that part finds the row; the whole hash is compared after, since two
//! share the 63 bits only by chance.

use serde::Serialize;
use serde::de::DeserializeOwned;
use sha2::{Digest, Sha256};

use super::{Index, Key, MAX_PART, RedbValue, Table, Tx};
use crate::platform::error::Result;

/// The first 63 bits of a SHA-256, a key part on both engines.
pub fn hash_key(hash: &[u8; 32]) -> u64 {
    let mut first = [0; 8];
    first.copy_from_slice(&hash[..8]);
    u64::from_be_bytes(first) & MAX_PART
}

/// `hash_key` of a text's SHA-256.
pub fn text_key(text: &str) -> u64 {
    hash_key(&Sha256::digest(text.as_bytes()).into())
}

/// The row of `table` whose hash (`hash_of` its value) is `hash`, with its key: found through
/// `index` on the key part that holds the hash's `hash_key`, the whole hash compared after.
pub fn find_by_hash<K, V, R>(
    tx: &mut Tx,
    table: &Table<K, V, R>,
    index: &Index,
    hash: &[u8; 32],
    hash_of: impl Fn(&V) -> &[u8; 32],
) -> Result<Option<(K, V)>>
where
    K: Key,
    V: Serialize + DeserializeOwned,
    R: RedbValue<V>,
{
    let key = hash_key(hash);
    Ok(tx
        .lookup(table, index, key..=key)?
        .into_iter()
        .find(|(_, value)| hash_of(value) == hash))
}
