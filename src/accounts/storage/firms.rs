//! The firms on the storage seam, one body for both engines: keyed by their id, the value the
//! firm's record without it (its name, size, when it was made, whether it is verified or
//! disabled), so a firm gains a field without a migration on either engine.
//!
//! A write of a firm's record runs inside a transaction of the firm's members too (a sign-up, a
//! merge): the accounts still keep their own tables per engine (`file.rs`, `postgres.rs`) and
//! read their firm from this table. A merge holds both firms' rows (`get_for_update`), which every
//! write of a firm's data key-shares first (`Tx::open_firm`), so such a write runs wholly before
//! or after it.
//!
//! What carried over: on redb schema 20 rewrote the firms of before (bincode, with their id) as
//! JSON; on PostgreSQL migration 0068 moved the rows, and the id sequence with them.

use serde::{Deserialize, Serialize};

use crate::accounts::model::Firm;
use crate::platform::error::{Result, not_found};
use crate::platform::firm_id::FirmId;
use crate::platform::firm_size::FirmSize;
use crate::platform::store::seam::{self, Table, Tx};
use crate::platform::store::{Store, postgres::changes::Change};

/// Firm id -> `Stored`; ids from the sequence `firms`, never reused.
pub const FIRMS: Table<u64, Stored> = Table::declare("firms", &["id"], Some("firms"));

/// A firm as stored: its record but its id, which is the key. Only storage turns a stored id
/// into a `FirmId` (the domain type `Firm` has no `Deserialize`, so nothing read from a request
/// can make one).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stored {
    pub name: String,
    pub size: Option<FirmSize>,
    pub created_at: i64,
    pub verified: bool,
    pub disabled: bool,
}

impl Stored {
    pub fn of(firm: &Firm) -> Stored {
        Stored {
            name: firm.name.clone(),
            size: firm.size,
            created_at: firm.created_at,
            verified: firm.verified,
            disabled: firm.disabled,
        }
    }

    pub fn firm(self, id: u64) -> Firm {
        Firm {
            id: FirmId::from_stored(id),
            name: self.name,
            size: self.size,
            created_at: self.created_at,
            verified: self.verified,
            disabled: self.disabled,
        }
    }
}

/// A firm to make (`add_in`).
pub struct NewFirm {
    pub name: String,
    pub size: Option<FirmSize>,
    pub created_at: i64,
    pub verified: bool,
}

/// The firm `id`, read by one statement.
pub fn find(store: &Store, id: u64) -> Result<Option<Firm>> {
    Ok(seam::get_one(store, &FIRMS, id)?.map(|s| s.firm(id)))
}

/// Every firm, by id.
pub fn all(store: &Store) -> Result<Vec<Firm>> {
    Ok(seam::range_one(store, &FIRMS, &[])?
        .into_iter()
        .map(|(id, s)| s.firm(id))
        .collect())
}

/// The firm `id` inside `tx`.
pub fn find_in(tx: &mut Tx, id: u64) -> Result<Option<Firm>> {
    Ok(tx.get(&FIRMS, id)?.map(|s| s.firm(id)))
}

/// Makes `new` a firm with a new id, enabled, inside `tx`. Another node's peer figures count it.
pub fn add_in(tx: &mut Tx, new: NewFirm) -> Result<Firm> {
    let stored = Stored {
        name: new.name,
        size: new.size,
        created_at: new.created_at,
        verified: new.verified,
        disabled: false,
    };
    let id = tx.insert_next(&FIRMS, &[], &stored)?;
    let firm = stored.firm(id);
    tx.record_change(Change::Peers { firm_id: firm.id });
    Ok(firm)
}

/// Saves the firm's own record (name, size, flags) inside `tx`; a firm that is not here is a 404.
pub fn save_in(tx: &mut Tx, firm: &Firm) -> Result<()> {
    let id = firm.id.get();
    if tx.get(&FIRMS, id)?.is_none() {
        return Err(not_found("There is no firm with this id"));
    }
    tx.insert(&FIRMS, id, &Stored::of(firm))
}

/// The firms `into` and `from` of a merge, both held to the end of `tx` (in id order, so two
/// merges cannot deadlock); `into` keeps being verified if either was, and `from` goes. Answers
/// (`into` as it is now, `from` as it was). Either firm missing is a 404 naming it.
pub fn merge_in(tx: &mut Tx, into: FirmId, from: FirmId) -> Result<(Firm, Firm)> {
    let (into, from) = (into.get(), from.get());
    let low = tx.get_for_update(&FIRMS, into.min(from))?;
    let high = tx.get_for_update(&FIRMS, into.max(from))?;
    let (kept, gone) = if into <= from {
        (low, high)
    } else {
        (high, low)
    };
    let found = |stored: Option<Stored>, id: u64| {
        stored
            .map(|s| s.firm(id))
            .ok_or_else(|| not_found(format!("There is no firm with id {id}")))
    };
    let (mut kept, gone) = (found(kept, into)?, found(gone, from)?);
    kept.verified |= gone.verified;
    tx.insert(&FIRMS, into, &Stored::of(&kept))?;
    tx.remove(&FIRMS, from)?;
    Ok((kept, gone))
}
