//! Accounts in the redb file: USERS, FIRM_MEMBERS (who belongs to which firm) and USER_EMAILS
//! (email key -> user id); the firms and the sessions are on the seam (`firms.rs`, `sessions.rs`),
//! and an account is read with its firm from there.
//! "One account per email" is enforced here, in `claim_email`, for sign-up and email changes; redb runs one
//! write transaction at a time, which makes each operation one step.

use crate::platform::firm_id::FirmId;
use redb::{ReadableTable, ReadableTableMetadata, WriteTransaction};

use super::firms::{self, FIRMS};
use super::records::StoredUser;
use super::{EMAIL_TAKEN, SignUp};
use crate::accounts::model::{Email, Firm, FirmRole, User};
use crate::platform::error::{Result, conflict};
use crate::platform::store::seam::value;
use crate::platform::store::{self, FIRM_MEMBERS, FileStore, USER_EMAILS, USERS, codec};

/// The firm `id` as the seam keeps it in the redb file (`firms::FIRMS`).
fn get_firm(table: &impl ReadableTable<u64, &'static [u8]>, id: u64) -> Result<Option<Firm>> {
    table
        .get(id)?
        .map(|v| value::decode::<firms::Stored>(FIRMS.name, v.value()).map(|s| s.firm(id)))
        .transpose()
}

/// The stored account with its firm. An account whose firm is missing is a damaged file.
fn load(
    users: &impl ReadableTable<u64, &'static [u8]>,
    firms: &impl ReadableTable<u64, &'static [u8]>,
    id: u64,
) -> Result<Option<User>> {
    let Some(stored) = users
        .get(id)?
        .map(|v| codec::decode::<StoredUser>(v.value()))
        .transpose()?
    else {
        return Ok(None);
    };
    let firm = get_firm(firms, stored.firm_id)?.ok_or_else(|| {
        anyhow::anyhow!(
            "account {} belongs to firm {}, which is missing",
            id,
            stored.firm_id
        )
    })?;
    Ok(Some(stored.with(firm)))
}

/// Whether a sign-up inside `txn` makes the install's first account (its admin, whom
/// `admit_first` may refuse). redb runs one write transaction at a time, so the email check and
/// the insert cannot interleave with a concurrent sign-up.
pub(super) fn open_sign_up(
    txn: &WriteTransaction,
    admit_first: impl FnOnce(Option<String>) -> Result<()>,
) -> Result<bool> {
    let is_admin = txn.open_table(USERS)?.is_empty()?;
    if is_admin {
        admit_first(None)?;
    }
    Ok(is_admin)
}

/// Writes the sign-up's account, a member of `firm` as `firm_role`.
pub(super) fn add_account(
    txn: &WriteTransaction,
    new: SignUp,
    firm: Firm,
    firm_role: FirmRole,
) -> Result<User> {
    let id = store::next_id(txn, "users")?;
    claim_email(txn, &new.email, id)?;
    let user = new.into_user(id, firm, firm_role);
    put_user(txn, &user)?;
    Ok(user)
}

/// The account `id` with its firm, read inside a write transaction.
pub(super) fn load_in(txn: &WriteTransaction, id: u64) -> Result<Option<User>> {
    load(&txn.open_table(USERS)?, &txn.open_table(FIRMS.redb)?, id)
}

/// The account `id` inside `txn` (redb's one writer holds it already).
pub(super) fn hold_account(txn: &WriteTransaction, id: u64) -> Result<Option<User>> {
    load_in(txn, id)
}

/// The account holding `email`, inside `txn`.
pub(super) fn email_owner_in(txn: &WriteTransaction, email: &Email) -> Result<Option<u64>> {
    Ok(txn
        .open_table(USER_EMAILS)?
        .get(email.key().as_str())?
        .map(|v| v.value()))
}

/// Gives `email` to `user_id`, or refuses with a 409 when another account holds it.
fn claim_email(txn: &WriteTransaction, email: &Email, user_id: u64) -> Result<()> {
    if email_owner_in(txn, email)?.is_some_and(|owner| owner != user_id) {
        return Err(conflict(EMAIL_TAKEN));
    }
    txn.open_table(USER_EMAILS)?
        .insert(email.key().as_str(), user_id)?;
    Ok(())
}

/// Writes the account (and its place among its firm's members), not the firm's own record. An
/// account read before its firm was merged away (a request begun before the merge) would name a
/// firm that no longer exists: refused, so no account is ever left without its firm.
pub(super) fn put_user(txn: &WriteTransaction, user: &User) -> Result<()> {
    if txn
        .open_table(FIRMS.redb)?
        .get(user.firm.id.get())?
        .is_none()
    {
        return Err(conflict(crate::platform::store::merged::MERGED));
    }
    let mut users = txn.open_table(USERS)?;
    let previous = users
        .get(user.id)?
        .map(|v| codec::decode::<StoredUser>(v.value()))
        .transpose()?;
    users.insert(user.id, codec::encode(&StoredUser::of(user)).as_slice())?;
    let mut members = txn.open_table(FIRM_MEMBERS)?;
    if let Some(previous) = previous.filter(|p| p.firm_id != user.firm.id.get()) {
        members.remove((previous.firm_id, user.id))?;
    }
    members.insert((user.firm.id.get(), user.id), ())?;
    Ok(())
}

/// Writes an account, its firm and its email key into `txn` as they are: for setting up many
/// firms at once (benchmarks), never for the app's own sign-ups.
pub fn put_account(txn: &WriteTransaction, user: &User) -> Result<()> {
    put_firm(txn, &user.firm)?;
    put_user(txn, user)?;
    claim_email(txn, &Email::parse(&user.email)?, user.id)
}

fn put_firm(txn: &WriteTransaction, firm: &Firm) -> Result<()> {
    let json = value::encode(FIRMS.name, &firms::Stored::of(firm))?;
    txn.open_table(FIRMS.redb)?
        .insert(firm.id.get(), json.as_slice())?;
    Ok(())
}

pub fn find_user(store: &FileStore, id: u64) -> Result<Option<User>> {
    let txn = store.read()?;
    load(&txn.open_table(USERS)?, &txn.open_table(FIRMS.redb)?, id)
}

/// The firm's members, by user id.
pub fn firm_members(store: &FileStore, firm_id: FirmId) -> Result<Vec<User>> {
    let txn = store.read()?;
    let (users, firms) = (txn.open_table(USERS)?, txn.open_table(FIRMS.redb)?);
    let mut found = Vec::new();
    for entry in txn
        .open_table(FIRM_MEMBERS)?
        .range((firm_id.get(), 0)..=(firm_id.get(), u64::MAX))?
    {
        let (_, user_id) = entry?.0.value();
        found.extend(load(&users, &firms, user_id)?);
    }
    Ok(found)
}

pub fn find_user_by_email(store: &FileStore, email: &Email) -> Result<Option<User>> {
    let id = store
        .read()?
        .open_table(USER_EMAILS)?
        .get(email.key().as_str())?
        .map(|v| v.value());
    match id {
        Some(id) => find_user(store, id),
        None => Ok(None),
    }
}

/// Every account, by id.
pub fn all_users(store: &FileStore) -> Result<Vec<User>> {
    let txn = store.read()?;
    let (table, firms) = (txn.open_table(USERS)?, txn.open_table(FIRMS.redb)?);
    let mut users = Vec::new();
    for entry in table.iter()? {
        let stored: StoredUser = codec::decode(entry?.1.value())?;
        let firm = get_firm(&firms, stored.firm_id)?
            .ok_or_else(|| anyhow::anyhow!("account {} has no firm", stored.id))?;
        users.push(stored.with(firm));
    }
    Ok(users)
}

pub fn has_users(store: &FileStore) -> Result<bool> {
    Ok(!store.read()?.open_table(USERS)?.is_empty()?)
}

/// Saves `user`, whose email changed from `old_email`, in `txn`. A new email that another account
/// holds is a 409.
pub(super) fn save_new_email_in(
    txn: &WriteTransaction,
    user: &User,
    old_email: &str,
    new_email: &Email,
) -> Result<()> {
    // The old key goes first: a change of case only keeps the same key.
    txn.open_table(USER_EMAILS)?
        .remove(old_email.to_lowercase().as_str())?;
    claim_email(txn, new_email, user.id)?;
    put_user(txn, user)
}

/// Deletes the account in `txn`: its record, its email (free for a new invitation) and its place
/// in its firm. What it wrote for the firm stays the firm's.
pub fn remove_user_in(txn: &WriteTransaction, user: &User) -> Result<()> {
    txn.open_table(USERS)?.remove(user.id)?;
    txn.open_table(USER_EMAILS)?
        .remove(user.email.to_lowercase().as_str())?;
    txn.open_table(FIRM_MEMBERS)?
        .remove((user.firm.id.get(), user.id))?;
    Ok(())
}

/// The ids of the firm's members inside `txn`, by id.
pub(super) fn member_ids_in(txn: &WriteTransaction, firm_id: FirmId) -> Result<Vec<u64>> {
    let firm = firm_id.get();
    Ok(txn
        .open_table(FIRM_MEMBERS)?
        .range((firm, 0)..=(firm, u64::MAX))?
        .map(|e| e.map(|(k, _)| k.value().1))
        .collect::<std::result::Result<_, _>>()?)
}

/// Moves firm `from`'s members (roles kept) to firm `into` inside `txn`; answers their ids.
pub(super) fn move_members_in(
    txn: &WriteTransaction,
    into: FirmId,
    from: FirmId,
) -> Result<Vec<u64>> {
    let ids = member_ids_in(txn, from)?;
    let (into, from) = (into.get(), from.get());
    let mut members = txn.open_table(FIRM_MEMBERS)?;
    let mut users = txn.open_table(USERS)?;
    let mut moved = Vec::new();
    for user_id in ids {
        let stored = users
            .get(user_id)?
            .map(|v| codec::decode::<StoredUser>(v.value()))
            .transpose()?;
        if let Some(mut stored) = stored {
            stored.firm_id = into;
            users.insert(user_id, codec::encode(&stored).as_slice())?;
            moved.push(user_id);
        }
        members.remove((from, user_id))?;
        members.insert((into, user_id), ())?;
    }
    Ok(moved)
}
