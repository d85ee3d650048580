//! The accounts' tables in a firm's archive (`store::registry::Export::Rows`): the firm, its
//! members (no password hash), its invitations (no token hash), its audit log and its choices.

use serde_json::{Value, json};

use crate::error::Result;
use crate::store::Store;
use crate::store::registry::{Taking, rows};

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
