//! The accounts' tables in a firm's archive (`store::registry::Export::Rows`): the firm, its
//! members (no password hash), its invitations (no token hash), its audit log and its choices.

use serde_json::{Value, json};

use crate::platform::error::Result;
use crate::platform::store::Store;
use crate::platform::store::registry::{Taking, rows};

pub fn firm(store: &Store, taking: &Taking) -> Result<Vec<Value>> {
    rows(super::find_firm(store, taking.firm.get())?)
}

pub fn members(store: &Store, taking: &Taking) -> Result<Vec<Value>> {
    let members = super::firm_members(store, taking.firm)?;
    Ok(members
        .iter()
        .map(|u| {
            json!({
                "id": u.id,
                "name": u.name,
                "email": u.email,
                "role": u.firm_role.code(),
                "operator": u.is_admin,
                "created_at": u.created_at,
            })
        })
        .collect())
}

pub fn invitations(store: &Store, taking: &Taking) -> Result<Vec<Value>> {
    rows(super::links::firm_invitations(store, taking.firm)?)
}

pub fn audit(store: &Store, taking: &Taking) -> Result<Vec<Value>> {
    rows(super::audit::firm_entries(store, taking.firm)?)
}

pub fn mfa_required(store: &Store, taking: &Taking) -> Result<Vec<Value>> {
    rows(super::mfa_required::find(store, taking.firm)?)
}

pub fn price_sharing(store: &Store, taking: &Taking) -> Result<Vec<Value>> {
    rows(super::price_sharing::find(store, taking.firm)?)
}

// A deleted firm's rows in the accounts' redb tables whose keys do not start with its id
// (`store::registry::Purge::By`). A value that no longer decodes is kept: it names nobody known.
pub mod purge {
    use redb::{ReadableTable, WriteTransaction};

    use crate::accounts::model::Session;
    use crate::platform::error::Result;
    use crate::platform::store::registry::{RedbTable, Taking};
    use crate::platform::store::{
        FIRM_MEMBERS, MERGED_FIRMS, SESSION_DEVICES, SESSIONS, USER_EMAILS, USERS, codec,
    };

    use crate::platform::store::registry::has_table as exists;

    pub fn users(txn: &WriteTransaction, taking: &Taking) -> Result<()> {
        USERS.purge_keys(txn, &taking.members)?;
        FIRM_MEMBERS.purge_keys(txn, &[taking.firm.get()])?;
        if exists(txn, "user_emails")? {
            txn.open_table(USER_EMAILS)?
                .retain(|_, user| !taking.members.contains(&user))?;
        }
        Ok(())
    }

    /// The members' sessions, and the devices they were started from (keyed by the same hash).
    pub fn sessions(txn: &WriteTransaction, taking: &Taking) -> Result<()> {
        if !exists(txn, "sessions")? {
            return Ok(());
        }
        let mut gone: Vec<Vec<u8>> = Vec::new();
        for entry in txn.open_table(SESSIONS)?.iter()? {
            let (hash, value) = entry?;
            let session: Option<Session> = codec::decode(value.value()).ok();
            if session.is_some_and(|s| taking.members.contains(&s.user_id)) {
                gone.push(hash.value().to_vec());
            }
        }
        let mut sessions = txn.open_table(SESSIONS)?;
        for hash in &gone {
            sessions.remove(hash.as_slice())?;
        }
        if exists(txn, "session_devices")? {
            let mut devices = txn.open_table(SESSION_DEVICES)?;
            for hash in &gone {
                devices.remove(hash.as_slice())?;
            }
        }
        Ok(())
    }

    /// The firms once merged into this one: their ids led here.
    pub fn merged_firms(txn: &WriteTransaction, taking: &Taking) -> Result<()> {
        if exists(txn, "merged_firms")? {
            txn.open_table(MERGED_FIRMS)?
                .retain(|_, into| into != taking.firm.get())?;
        }
        Ok(())
    }
}
