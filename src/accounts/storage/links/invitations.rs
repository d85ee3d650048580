//! Invitations on the storage seam, one body for both engines: keyed by their firm and their id
//! (one sequence across firms), found by the first 63 bits of their token's hash (`hash_key`,
//! kept beside the invitation) through an index, the whole hash compared after.
//!
//! Every write takes the firm's scope lock first: a new invitation, which withdraws the pending
//! ones of its email, and a sign-up through one, which marks it used, each take their turn, so
//! one person never holds two live links of a firm and a link admits one account, even when two
//! requests arrive at the same moment on two nodes.
//!
//! What carried over: on redb schema 16 rekeyed the invitations of before and rewrote them as
//! JSON (their id sequence is the same META entry); on PostgreSQL migration 0062 moved their rows
//! and carried the id sequence over.

use serde::{Deserialize, Serialize};

use crate::accounts::links::{self, Invitation};
use crate::accounts::model::TokenHash;
use crate::mail::storage::{self as mail_storage, Outgoing};
use crate::platform::error::Result;
use crate::platform::firm_id::FirmId;
use crate::platform::store::seam::{self, Index, On, Table, Tx};
use crate::platform::store::seam::{find_by_hash, hash_key};
use crate::platform::store::{Store, WriteTx};

/// (firm id, invitation id) -> `Stored`: used, revoked and expired invitations too.
pub const INVITATIONS: Table<(u64, u64), Stored> =
    Table::declare("invitations", &["firm_id", "id"], Some("invitations")).indexed(&[&BY_TOKEN]);

/// An invitation by its token: the sign-up page finds it.
pub const BY_TOKEN: Index = Index::new("invitations_by_token", On::Field("token_key"));

/// An invitation as stored: with the part of its token's hash the index orders it by.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stored {
    pub token_key: u64,
    #[serde(flatten)]
    pub invitation: Invitation,
}

fn put(tx: &mut Tx, invitation: &Invitation) -> Result<()> {
    let stored = Stored {
        token_key: hash_key(&invitation.token_hash),
        invitation: invitation.clone(),
    };
    tx.insert(&INVITATIONS, (invitation.firm_id, invitation.id), &stored)
}

/// Stores a new invitation (its `id` is the store's) and returns it with its id, withdrawing in
/// the same step the firm's invitations of the same email still pending at its `created_at`. A
/// firm merged away or deleted takes none (409, 410). With `mail`, the invitation's message is
/// queued in the same transaction.
pub fn create(
    store: &Store,
    mut invitation: Invitation,
    mail: Option<&Outgoing>,
) -> Result<Invitation> {
    let mut tx = store.begin()?;
    seam::within(&mut tx, |tx| {
        tx.open_firm(FirmId::from_stored(invitation.firm_id))?;
        for mut earlier in firms_in(tx, invitation.firm_id)? {
            if earlier.email_key == invitation.email_key
                && earlier.is_pending(invitation.created_at)
            {
                earlier.revoked_at = Some(invitation.created_at);
                put(tx, &earlier)?;
            }
        }
        invitation.id = tx.next_id(&INVITATIONS)?;
        put(tx, &invitation)
    })?;
    if let Some(out) = mail {
        mail_storage::enqueue_in(&mut tx, out, invitation.created_at, None)?;
    }
    tx.commit()?;
    Ok(invitation)
}

/// Every invitation the firm made, oldest first.
pub fn of_firm(store: &Store, firm: FirmId) -> Result<Vec<Invitation>> {
    let rows = seam::range_one(store, &INVITATIONS, &[firm.get()])?;
    Ok(rows.into_iter().map(|(_, s)| s.invitation).collect())
}

fn firms_in(tx: &mut Tx, firm: u64) -> Result<Vec<Invitation>> {
    let rows = tx.range(&INVITATIONS, &[firm])?;
    Ok(rows.into_iter().map(|(_, s)| s.invitation).collect())
}

pub fn find(store: &Store, hash: &TokenHash) -> Result<Option<Invitation>> {
    seam::read(store, |tx| find_in(tx, hash))
}

fn find_in(tx: &mut Tx, hash: &TokenHash) -> Result<Option<Invitation>> {
    let found = find_by_hash(tx, &INVITATIONS, &BY_TOKEN, hash, |s| {
        &s.invitation.token_hash
    })?;
    Ok(found.map(|(_, s)| s.invitation))
}

/// Within a sign-up's transaction: the invitation `hash` names, checked for `email_key` and
/// marked used. Refused (410, 404 or 400, from `links`) when it cannot be used. Read again under
/// its firm's scope lock, so of two sign-ups through one link, one gets it.
pub fn use_in(tx: &mut WriteTx, hash: &TokenHash, email_key: &str, now: i64) -> Result<Invitation> {
    seam::within(tx, |tx| {
        let found = find_in(tx, hash)?.ok_or_else(links::unknown_invitation)?;
        tx.lock_firms(&[FirmId::from_stored(found.firm_id)])?;
        let mut invitation = find_in(tx, hash)?.ok_or_else(links::unknown_invitation)?;
        invitation.admits(email_key, now)?;
        invitation.used_at = Some(now);
        put(tx, &invitation)?;
        Ok(invitation)
    })
}

/// Withdraws the firm's invitation `id` at `now` (one used or withdrawn already keeps what it
/// was); another firm's id, or none, is `None`.
pub fn revoke(store: &Store, firm: FirmId, id: u64, now: i64) -> Result<Option<Invitation>> {
    seam::write(store, |tx| {
        if !tx.firm_is_open(firm)? {
            return Ok(None);
        }
        let Some(Stored { mut invitation, .. }) = tx.get(&INVITATIONS, (firm.get(), id))? else {
            return Ok(None);
        };
        if invitation.revoked_at.is_none() && invitation.used_at.is_none() {
            invitation.revoked_at = Some(now);
            put(tx, &invitation)?;
        }
        Ok(Some(invitation))
    })
}

/// Gives every invitation of firm `from` (pending, used, revoked, expired) to firm `into`, inside
/// a firm merge; of two pending invitations of one email there, the earlier is withdrawn, as if
/// the later had been sent there.
pub fn merge_firm_in(tx: &mut WriteTx, into: FirmId, from: FirmId) -> Result<()> {
    seam::within(tx, |tx| {
        tx.lock_firms(&[into, from])?;
        for mut invitation in firms_in(tx, from.get())? {
            tx.remove(&INVITATIONS, (from.get(), invitation.id))?;
            invitation.firm_id = into.get();
            put(tx, &invitation)?;
        }
        let now = crate::platform::clock::now_secs();
        let pending: Vec<Invitation> = firms_in(tx, into.get())?
            .into_iter()
            .filter(|i| i.is_pending(now))
            .collect();
        let mut latest = std::collections::HashMap::new();
        for invitation in &pending {
            latest.insert(invitation.email_key.as_str(), invitation.id);
        }
        for invitation in &pending {
            if latest[invitation.email_key.as_str()] != invitation.id {
                let mut earlier = invitation.clone();
                earlier.revoked_at = Some(now);
                put(tx, &earlier)?;
            }
        }
        Ok(())
    })
}
