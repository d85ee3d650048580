//! A seam value's encoding: JSON, on both engines. PostgreSQL keeps it as `jsonb`; redb keeps the
//! same JSON's bytes. Unlike `store::codec` (bincode, positional: a stored struct that gains a
//! field, or an enum a variant before its last, no longer decodes), JSON names each field and
//! variant, so a seam value grows without a schema version or a migration: a new field with
//! `#[serde(default)]` reads as its default in the rows written before it, and a new enum variant
//! may go anywhere. Only the seam's tables use it; every other redb value stays `codec`'s
//! bincode until its domain moves onto the seam (the redb migration of schema 11 converted the
//! seam's tables of before, `migrate/`).

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::platform::error::{AppError, Result};

/// `value` as the JSON stored for it (a value serde cannot write as JSON, such as a map with
/// keys that are not text or integers, is an error, on both engines alike).
pub fn encode<V: Serialize>(table: &str, value: &V) -> Result<Vec<u8>> {
    serde_json::to_vec(value).map_err(|e| {
        AppError::Internal(anyhow::anyhow!("a value of {table} cannot be stored: {e}"))
    })
}

/// The value stored as `bytes` (JSON).
pub fn decode<V: DeserializeOwned>(table: &str, bytes: &[u8]) -> Result<V> {
    serde_json::from_slice(bytes).map_err(|e| read_error(table, e))
}

/// The value PostgreSQL answered as `json`.
pub(super) fn from_json<V: DeserializeOwned>(table: &str, json: serde_json::Value) -> Result<V> {
    serde_json::from_value(json).map_err(|e| read_error(table, e))
}

fn read_error(table: &str, e: serde_json::Error) -> AppError {
    AppError::Internal(anyhow::anyhow!(
        "a stored value of {table} does not read: {e}"
    ))
}
