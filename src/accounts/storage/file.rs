//! Accounts in the redb file: USERS, USER_EMAILS (email key -> user id) and SESSIONS (token hash
//! -> session). "One account per email" is enforced here, in `claim_email`, for sign-up and email
//! changes; redb runs one write transaction at a time, which makes each operation one step.

use redb::{ReadableTable, ReadableTableMetadata, WriteTransaction};

use super::{EMAIL_TAKEN, NewUser};
use crate::accounts::model::{Email, Session, User};
use crate::accounts::sessions::TokenHash;
use crate::error::{Result, conflict};
use crate::state::now_secs;
use crate::store::{self, FileStore, SESSIONS, USER_EMAILS, USERS, codec};

/// Creates the account and its first session (`session`) in one transaction. The first account
/// is the admin: `admit_first` runs only then and may refuse it. An email already in use is a 409.
pub fn create_user(
    store: &FileStore,
    new: NewUser,
    session: &TokenHash,
    admit_first: impl FnOnce(Option<String>) -> Result<()>,
) -> Result<User> {
    // redb runs one write transaction at a time, so the email check and the insert cannot
    // interleave with a concurrent sign-up.
    let txn = store.write()?;
    let user = {
        let is_admin = txn.open_table(USERS)?.is_empty()?;
        if is_admin {
            admit_first(None)?;
        }
        let id = store::next_id(&txn, "users")?;
        claim_email(&txn, &new.email, id)?;
        let user = User {
            id,
            name: new.name,
            email: new.email.as_str().to_string(),
            law_firm: new.law_firm,
            firm_size: new.firm_size,
            password_hash: new.password_hash,
            is_admin,
            created_at: now_secs(),
        };
        put_user(&txn, &user)?;
        user
    };
    put_new_session(&txn, session, user.id)?;
    txn.commit()?;
    Ok(user)
}

/// Gives `email` to `user_id`, or refuses with a 409 when another account holds it.
fn claim_email(txn: &WriteTransaction, email: &Email, user_id: u64) -> Result<()> {
    let mut emails = txn.open_table(USER_EMAILS)?;
    let owner = emails.get(email.key().as_str())?.map(|v| v.value());
    if owner.is_some_and(|owner| owner != user_id) {
        return Err(conflict(EMAIL_TAKEN));
    }
    emails.insert(email.key().as_str(), user_id)?;
    Ok(())
}

fn put_user(txn: &WriteTransaction, user: &User) -> Result<()> {
    txn.open_table(USERS)?
        .insert(user.id, codec::encode(user).as_slice())?;
    Ok(())
}

pub fn find_user(store: &FileStore, id: u64) -> Result<Option<User>> {
    let txn = store.read()?;
    let table = txn.open_table(USERS)?;
    let user = table
        .get(id)?
        .map(|v| codec::decode::<User>(v.value()))
        .transpose()?;
    Ok(user)
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
    let table = txn.open_table(USERS)?;
    let mut users = Vec::new();
    for entry in table.iter()? {
        users.push(codec::decode(entry?.1.value())?);
    }
    Ok(users)
}

pub fn has_users(store: &FileStore) -> Result<bool> {
    Ok(!store.read()?.open_table(USERS)?.is_empty()?)
}

/// Saves a user's record whose email is unchanged.
pub fn save_user(store: &FileStore, user: &User) -> Result<()> {
    let txn = store.write()?;
    put_user(&txn, user)?;
    txn.commit()?;
    Ok(())
}

/// Saves `user` (its password hash changed) and ends every other session of it, in one
/// transaction. Returns how many sessions ended.
pub fn save_password(store: &FileStore, user: &User, keep: &TokenHash) -> Result<usize> {
    let txn = store.write()?;
    put_user(&txn, user)?;
    let ended = revoke_other_sessions(&txn, user.id, keep)?;
    txn.commit()?;
    Ok(ended)
}

/// Saves `user`, whose email changed from `old_email`, and ends its other sessions, in one
/// transaction. A new email that another account holds is a 409 and nothing is written.
pub fn save_new_email(
    store: &FileStore,
    user: &User,
    old_email: &str,
    new_email: &Email,
    keep: &TokenHash,
) -> Result<()> {
    let txn = store.write()?;
    // The old key goes first: a change of case only keeps the same key.
    txn.open_table(USER_EMAILS)?
        .remove(old_email.to_lowercase().as_str())?;
    claim_email(&txn, new_email, user.id)?;
    put_user(&txn, user)?;
    revoke_other_sessions(&txn, user.id, keep)?;
    txn.commit()?;
    Ok(())
}

fn put_new_session(txn: &WriteTransaction, hash: &TokenHash, user_id: u64) -> Result<()> {
    let now = now_secs();
    let session = Session {
        user_id,
        created_at: now,
        last_seen: now,
    };
    txn.open_table(SESSIONS)?
        .insert(hash.as_slice(), codec::encode(&session).as_slice())?;
    Ok(())
}

/// Starts the session `hash` for `user_id`, ending `previous` (the browser's old one) if given.
pub fn rotate_session(
    store: &FileStore,
    previous: Option<&TokenHash>,
    hash: &TokenHash,
    user_id: u64,
) -> Result<()> {
    let txn = store.write()?;
    if let Some(old) = previous {
        txn.open_table(SESSIONS)?.remove(old.as_slice())?;
    }
    put_new_session(&txn, hash, user_id)?;
    txn.commit()?;
    Ok(())
}

pub fn find_session(store: &FileStore, hash: &TokenHash) -> Result<Option<Session>> {
    let txn = store.read()?;
    let found = txn.open_table(SESSIONS)?.get(hash.as_slice())?;
    Ok(found.map(|v| codec::decode(v.value())).transpose()?)
}

pub fn delete_session(store: &FileStore, hash: &TokenHash) -> Result<()> {
    let txn = store.write()?;
    txn.open_table(SESSIONS)?.remove(hash.as_slice())?;
    txn.commit()?;
    Ok(())
}

/// Writes back a session's `last_seen`. Returns false (writing nothing) when the session is gone:
/// a concurrent sign-out must never be undone.
pub fn touch_session(store: &FileStore, hash: &TokenHash, session: &Session) -> Result<bool> {
    let txn = store.write()?;
    let still_there = {
        let mut table = txn.open_table(SESSIONS)?;
        let exists = table.get(hash.as_slice())?.is_some();
        if exists {
            table.insert(hash.as_slice(), codec::encode(session).as_slice())?;
        }
        exists
    };
    txn.commit()?;
    Ok(still_there)
}

/// Deletes every session of `user_id` but `keep`, in `txn`. Returns how many ended.
fn revoke_other_sessions(txn: &WriteTransaction, user_id: u64, keep: &TokenHash) -> Result<usize> {
    let mut table = txn.open_table(SESSIONS)?;
    let mut doomed = Vec::new();
    for entry in table.iter()? {
        let (k, v) = entry?;
        let session: Session = codec::decode(v.value())?;
        if session.user_id == user_id && k.value() != keep.as_slice() {
            doomed.push(k.value().to_vec());
        }
    }
    for key in &doomed {
        table.remove(key.as_slice())?;
    }
    Ok(doomed.len())
}
