//! The pending offer of the install's operator role, on the storage seam: `operator_handovers`
//! (offered account id -> `Offer`), at most one row. `admin::handover` holds the rules; the move
//! of the role itself is here, beside the accounts it writes.
//!
//! What carried over: on redb the table is the one of before the seam, its bincode values
//! rewritten as the seam's JSON by schema 14; on PostgreSQL migration 0054 moved its row.

use serde::{Deserialize, Serialize};

use crate::platform::error::{Result, conflict};
use crate::platform::firm_id::FirmId;
use crate::platform::store::seam::{self, Table};
use crate::platform::store::{OPERATOR_HANDOVERS, Store, WriteTx};

/// An offer of the operator role, from the operator to another account.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Offer {
    /// Random, so an old offer's id never names a later one.
    pub id: u64,
    pub from_user: u64,
    pub to_user: u64,
    /// Unix seconds, as `expires_at`.
    pub offered_at: i64,
    pub expires_at: i64,
}

/// offered account id -> `Offer`: at most one row.
pub const OFFERS: Table<u64, Offer> =
    Table::new("operator_handovers", OPERATOR_HANDOVERS, &["to_user"], None);

/// No firm has id 0: its scope lock is the install's offer's, so that an offer, an accept, a
/// decline, a withdrawal and the expiry take turns on every node (the one row is kept by them).
const OFFER_LOCK: u64 = 0;

/// The pending offer, if any.
pub fn current(store: &Store) -> Result<Option<Offer>> {
    seam::read(store, first)
}

fn first(tx: &mut seam::Tx) -> Result<Option<Offer>> {
    Ok(tx.range(&OFFERS, &[])?.into_iter().next().map(|(_, o)| o))
}

/// The pending offer inside `tx`, as its writes will find it (after the offer's lock).
pub fn current_in(tx: &mut WriteTx) -> Result<Option<Offer>> {
    seam::within(tx, |tx| {
        tx.lock_firms(&[FirmId::from_stored(OFFER_LOCK)])?;
        first(tx)
    })
}

/// Writes `offer` inside `tx`, unless one is pending: then `standing` answers the conflict.
pub fn create_in(tx: &mut WriteTx, offer: &Offer, standing: &str) -> Result<()> {
    seam::within(tx, |tx| {
        tx.lock_firms(&[FirmId::from_stored(OFFER_LOCK)])?;
        if first(tx)?.is_some() {
            return Err(conflict(standing));
        }
        tx.insert(&OFFERS, offer.to_user, offer)
    })
}

/// Removes the pending offer `offer` inside `tx` (read there first with `current_in`).
pub fn remove_in(tx: &mut WriteTx, offer: &Offer) -> Result<()> {
    seam::within(tx, |tx| {
        if tx
            .get(&OFFERS, offer.to_user)?
            .is_some_and(|o| o.id == offer.id)
        {
            tx.remove(&OFFERS, offer.to_user)?;
        }
        Ok(())
    })
}

/// Removes the pending offer that names account `user_id` (to it or from it) inside `tx`: the
/// account's removal takes the offer with it.
pub fn forget_in(tx: &mut WriteTx, user_id: u64) -> Result<()> {
    seam::within(tx, |tx| {
        tx.lock_firms(&[FirmId::from_stored(OFFER_LOCK)])?;
        if let Some(offer) = first(tx)?
            && (offer.to_user == user_id || offer.from_user == user_id)
        {
            tx.remove(&OFFERS, offer.to_user)?;
        }
        Ok(())
    })
}

/// Moves the operator role from account `from` to account `to` inside `tx`, both rows written in
/// it, so no reader ever sees the install with no operator or with both. Answers false (and
/// writes nothing) when `from` no longer runs the install or `to` no longer exists.
pub fn move_operator_in(tx: &mut WriteTx, from: u64, to: u64) -> Result<bool> {
    // Both accounts held in id order, as every holder of two takes them: two moves at once
    // cannot deadlock.
    let (first, second) = (from.min(to), from.max(to));
    let first = super::users::hold_in(tx, first)?;
    let second = super::users::hold_in(tx, second)?;
    let by_id = |id: u64| {
        [&first, &second]
            .into_iter()
            .flatten()
            .find(|u| u.id == id)
            .cloned()
    };
    let (Some(mut old), Some(mut new)) = (by_id(from), by_id(to)) else {
        return Ok(false);
    };
    if !old.is_admin {
        return Ok(false);
    }
    old.is_admin = false;
    new.is_admin = true;
    // Each save tells every hub node's cached sessions of the account to read it again.
    super::users::save_in(tx, &new)?;
    super::users::save_in(tx, &old)?;
    Ok(true)
}
