//! Invitations in the redb file: INVITATIONS (id -> invitation), found by INVITATION_TOKENS
//! (token hash -> id) and listed per firm by FIRM_INVITATIONS. Tables are created at their first
//! write; readers treat a missing one as empty.

use crate::platform::firm_id::FirmId;
use redb::{ReadableTable, WriteTransaction};

use crate::accounts::links::{self, Invitation};
use crate::accounts::model::TokenHash;
use crate::mail::storage::{self as mail_storage, Outgoing};
use crate::platform::error::Result;
use crate::platform::store::{
    self, FIRM_INVITATIONS, FileStore, INVITATION_TOKENS, INVITATIONS, codec, open_read,
};

fn put_invitation(txn: &WriteTransaction, invitation: &Invitation) -> Result<()> {
    txn.open_table(INVITATIONS)?
        .insert(invitation.id, codec::encode(invitation).as_slice())?;
    Ok(())
}

pub fn create_invitation(
    db: &FileStore,
    mut invitation: Invitation,
    mail: Option<&Outgoing>,
) -> Result<Invitation> {
    let txn = db.write()?;
    store::merged::refuse_in_file(&txn, FirmId::from_stored(invitation.firm_id))?;
    withdraw_pending_in(&txn, &invitation)?;
    invitation.id = store::next_id(&txn, "invitations")?;
    put_invitation(&txn, &invitation)?;
    txn.open_table(INVITATION_TOKENS)?
        .insert(invitation.token_hash.as_slice(), invitation.id)?;
    txn.open_table(FIRM_INVITATIONS)?
        .insert((invitation.firm_id, invitation.id), ())?;
    if let Some(out) = mail {
        mail_storage::enqueue_file(&txn, out, invitation.created_at)?;
    }
    txn.commit()?;
    Ok(invitation)
}

/// Withdraws the firm's invitations of `new`'s email still pending when it is made, inside the
/// write that stores it (one writer at a time: no other invitation lands in between).
fn withdraw_pending_in(txn: &WriteTransaction, new: &Invitation) -> Result<()> {
    let firm = new.firm_id;
    let ids: Vec<u64> = txn
        .open_table(FIRM_INVITATIONS)?
        .range((firm, 0)..=(firm, u64::MAX))?
        .map(|e| e.map(|(k, _)| k.value().1))
        .collect::<std::result::Result<_, _>>()?;
    let mut table = txn.open_table(INVITATIONS)?;
    for id in ids {
        let found: Option<Invitation> = table
            .get(id)?
            .map(|v| codec::decode(v.value()))
            .transpose()?;
        if let Some(mut earlier) = found
            && earlier.email_key == new.email_key
            && earlier.is_pending(new.created_at)
        {
            earlier.revoked_at = Some(new.created_at);
            table.insert(id, codec::encode(&earlier).as_slice())?;
        }
    }
    Ok(())
}

pub fn firm_invitations(db: &FileStore, firm_id: FirmId) -> Result<Vec<Invitation>> {
    let txn = db.read()?;
    let (Some(index), Some(table)) = (
        open_read(&txn, FIRM_INVITATIONS)?,
        open_read(&txn, INVITATIONS)?,
    ) else {
        return Ok(Vec::new());
    };
    let mut out = Vec::new();
    for entry in index.range((firm_id.get(), 0)..=(firm_id.get(), u64::MAX))? {
        let id = entry?.0.value().1;
        if let Some(v) = table.get(id)? {
            out.push(codec::decode(v.value())?);
        }
    }
    Ok(out)
}

pub fn find_invitation_by_token(db: &FileStore, hash: &TokenHash) -> Result<Option<Invitation>> {
    let txn = db.read()?;
    let (Some(tokens), Some(table)) = (
        open_read(&txn, INVITATION_TOKENS)?,
        open_read(&txn, INVITATIONS)?,
    ) else {
        return Ok(None);
    };
    let Some(id) = tokens.get(hash.as_slice())?.map(|v| v.value()) else {
        return Ok(None);
    };
    Ok(table
        .get(id)?
        .map(|v| codec::decode(v.value()))
        .transpose()?)
}

/// Within the sign-up's transaction: the invitation `hash` names, checked for `email_key` and
/// marked used. Refused (410, 404 or 400, from `links`) when it cannot be used.
pub(in crate::accounts::storage) fn consume_invitation(
    txn: &WriteTransaction,
    hash: &TokenHash,
    email_key: &str,
    now: i64,
) -> Result<Invitation> {
    let id = txn
        .open_table(INVITATION_TOKENS)?
        .get(hash.as_slice())?
        .map(|v| v.value())
        .ok_or_else(links::unknown_invitation)?;
    let mut invitation: Invitation = txn
        .open_table(INVITATIONS)?
        .get(id)?
        .map(|v| codec::decode(v.value()))
        .transpose()?
        .ok_or_else(links::unknown_invitation)?;
    invitation.admits(email_key, now)?;
    invitation.used_at = Some(now);
    put_invitation(txn, &invitation)?;
    Ok(invitation)
}

pub fn revoke_invitation(
    db: &FileStore,
    firm_id: FirmId,
    id: u64,
    now: i64,
) -> Result<Option<Invitation>> {
    let txn = db.write()?;
    let found: Option<Invitation> = txn
        .open_table(INVITATIONS)?
        .get(id)?
        .map(|v| codec::decode(v.value()))
        .transpose()?;
    let Some(mut invitation) = found.filter(|i: &Invitation| i.firm_id == firm_id.get()) else {
        return Ok(None);
    };
    if invitation.revoked_at.is_none() && invitation.used_at.is_none() {
        invitation.revoked_at = Some(now);
        put_invitation(&txn, &invitation)?;
    }
    txn.commit()?;
    Ok(Some(invitation))
}

/// Gives every invitation of firm `from` (pending, used, revoked, expired) to firm `into`; of two
/// pending invitations of one email there, the earlier is withdrawn.
pub(in crate::accounts::storage) fn move_invitations_in(
    txn: &WriteTransaction,
    into: u64,
    from: u64,
) -> Result<()> {
    let mut index = txn.open_table(FIRM_INVITATIONS)?;
    let mut table = txn.open_table(INVITATIONS)?;
    let ids: Vec<u64> = index
        .range((from, 0)..=(from, u64::MAX))?
        .map(|e| e.map(|(k, _)| k.value().1))
        .collect::<std::result::Result<_, _>>()?;
    for id in ids {
        let found: Option<Invitation> = table
            .get(id)?
            .map(|v| codec::decode(v.value()))
            .transpose()?;
        if let Some(mut invitation) = found {
            invitation.firm_id = into;
            table.insert(id, codec::encode(&invitation).as_slice())?;
        }
        index.remove((from, id))?;
        index.insert((into, id), ())?;
    }
    // One live link per person in the kept firm too: of two pending invitations of one email,
    // the later stands, as if it had been sent there.
    let now = crate::platform::clock::now_secs();
    let mut latest: std::collections::HashMap<String, u64> = Default::default();
    let mut pending = Vec::new();
    for entry in index.range((into, 0)..=(into, u64::MAX))? {
        let id = entry?.0.value().1;
        let found: Option<Invitation> = table
            .get(id)?
            .map(|v| codec::decode(v.value()))
            .transpose()?;
        if let Some(invitation) = found.filter(|i| i.is_pending(now)) {
            latest.insert(invitation.email_key.clone(), id);
            pending.push(invitation);
        }
    }
    for mut earlier in pending {
        if latest[&earlier.email_key] != earlier.id {
            earlier.revoked_at = Some(now);
            table.insert(earlier.id, codec::encode(&earlier).as_slice())?;
        }
    }
    Ok(())
}
