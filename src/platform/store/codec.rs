//! The value codec: every value stored in redb goes through these two functions. bincode is the
//! design card's choice and is unmaintained upstream, so it must stay swappable in this one place.

use serde::Serialize;
use serde::de::DeserializeOwned;

fn config() -> bincode::config::Configuration {
    bincode::config::standard()
}

pub fn encode<T: Serialize>(value: &T) -> Vec<u8> {
    // Serialising our own plain structs into a Vec cannot fail.
    bincode::serde::encode_to_vec(value, config()).expect("encoding a stored value")
}

pub fn decode<T: DeserializeOwned>(bytes: &[u8]) -> anyhow::Result<T> {
    let (value, _) = bincode::serde::decode_from_slice(bytes, config())
        .map_err(|e| anyhow::anyhow!("a stored value could not be decoded: {e}"))?;
    Ok(value)
}
