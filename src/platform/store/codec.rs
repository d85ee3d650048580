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

/// `encode`, appended to `out`: a loop over millions of rows allocates nothing per row.
pub fn encode_onto<T: Serialize>(value: &T, out: &mut Vec<u8>) {
    // Writing into a Vec cannot fail.
    bincode::serde::encode_into_std_write(value, out, config()).expect("encoding a stored value");
}

pub fn decode<T: DeserializeOwned>(bytes: &[u8]) -> anyhow::Result<T> {
    let (value, _) = bincode::serde::decode_from_slice(bytes, config())
        .map_err(|e| anyhow::anyhow!("a stored value could not be decoded: {e}"))?;
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encoding_onto_a_buffer_appends_what_encode_gives() {
        let mut out = b"kept".to_vec();
        encode_onto(&("a text", 42u64), &mut out);
        assert_eq!(&out[..4], b"kept");
        assert_eq!(&out[4..], encode(&("a text", 42u64)));
        let (text, n): (String, u64) = decode(&out[4..]).unwrap();
        assert_eq!((text.as_str(), n), ("a text", 42));
    }
}
