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
    use redb::WriteTransaction;

    use crate::platform::error::Result;
    use crate::platform::store::MERGED_FIRMS;
    use crate::platform::store::registry::Taking;

    use crate::platform::store::registry::has_table as exists;

    /// The firms once merged into this one: their ids led here.
    pub fn merged_firms(txn: &WriteTransaction, taking: &Taking) -> Result<()> {
        if exists(txn, "merged_firms")? {
            txn.open_table(MERGED_FIRMS)?
                .retain(|_, into| into != taking.firm.get())?;
        }
        Ok(())
    }
}
