//! The feed's records, as rows of the install's settings (`store::settings`), written in the
//! catalog's own transaction: the stable ids, what this install last applied, and what it last
//! published. Kept with the catalog, they are in every backup with it, so a restore brings back
//! the catalog and the version it came from together.

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::platform::error::Result;
use crate::platform::store::{Store, WriteTx, seam, settings};

/// The stable id of every vendor published or pulled (`state::StableIds`).
pub const IDS: &str = "catalog-feed:ids";
/// What this install last applied, its keys, schedule and open choices (`state::Subscription`).
pub const SUBSCRIPTION: &str = "catalog-feed:subscription";
/// The last version this install published, by feed name (`state::Published`).
pub const PUBLISHED: &str = "catalog-feed:published";

pub fn get<T: DeserializeOwned>(store: &Store, key: &str) -> Result<Option<T>> {
    settings::read(store, key)
}

pub fn get_in<T: DeserializeOwned>(tx: &mut WriteTx, key: &str) -> Result<Option<T>> {
    seam::within(tx, |tx| settings::get(tx, key))
}

pub fn put_in<T: Serialize>(tx: &mut WriteTx, key: &str, value: &T) -> Result<()> {
    seam::within(tx, |tx| settings::put(tx, key, value))
}
