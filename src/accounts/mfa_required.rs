//! A second factor required: by a firm's owner for every member of the firm, or by the operator
//! for the whole install (`--require-mfa`).
//!
//! A session of an account that has no factor while one is required may only set one up
//! ("setup-only"): `me`, sign-out, the factor's status, setup and confirm; every other route that
//! needs a session answers 403 with the code `mfa_setup_required`. Whether a session is
//! setup-only is decided when the session cache reads it (at its first request, so at sign-in,
//! sign-up, a reset link), kept with the cached session, and decided again:
//! - at each request while it is setup-only (so confirming a factor lifts it at once, on any node);
//! - when the firm's choice changes (the firm's members' cached sessions are dropped on this node,
//!   and in hub mode the change log tells the others), and when the account's or the firm's record
//!   changes (a firm merge, say).

use serde::Serialize;

pub use super::model::Requirement;
use super::model::User;
use super::{AccountsState, storage};
use crate::platform::error::Result;
use crate::platform::firm_id::FirmId;

/// Who requires a second factor of an account.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum RequiredBy {
    /// The operator, for every account of this install (`--require-mfa`).
    Install,
    /// The account's firm (its owner's choice).
    Firm,
}

/// Why a required factor cannot be turned off.
pub fn stays_on(by: RequiredBy) -> &'static str {
    match by {
        RequiredBy::Firm => {
            "Your firm requires two-step sign-in, so it stays on. Ask an owner of your firm if \
             you need it off."
        }
        RequiredBy::Install => {
            "This Litstack requires two-step sign-in for every account, so it stays on."
        }
    }
}

/// Whether the firm's owner requires a second factor of every member.
pub fn firm_requires(app: &AccountsState, firm_id: FirmId) -> Result<bool> {
    firm_requires_in(&app.store, firm_id)
}

/// [`firm_requires`] for a domain that holds only the store (the recommendations read it as a
/// security fact the firm asks of vendors).
pub fn firm_requires_in(store: &crate::platform::store::Store, firm_id: FirmId) -> Result<bool> {
    Ok(storage::mfa_required::find(store, firm_id)?.is_some_and(|r| r.required))
}

/// Who requires a second factor of `user`, if anyone (the install first).
pub fn required_by(app: &AccountsState, user: &User) -> Result<Option<RequiredBy>> {
    if app.config.require_mfa {
        return Ok(Some(RequiredBy::Install));
    }
    Ok(firm_requires(app, user.firm.id)?.then_some(RequiredBy::Firm))
}

/// Whether a session of `user` may only set up a second factor: one is required and the account
/// has none.
pub fn setup_due(app: &AccountsState, user: &User) -> Result<bool> {
    Ok(required_by(app, user)?.is_some() && !super::mfa::has_factor(app, user.id)?)
}

/// How many of the firm's members have no second factor yet.
pub fn members_without_factor(app: &AccountsState, firm_id: FirmId) -> Result<usize> {
    let mut count = 0;
    for member in super::firm_members(app, firm_id)? {
        if !super::mfa::has_factor(app, member.id)? {
            count += 1;
        }
    }
    Ok(count)
}

/// Saves the firm's choice (made by `owner`) and has every member's cached session decide again.
pub fn set(app: &AccountsState, owner: &User, required: bool) -> Result<()> {
    let requirement = Requirement {
        required,
        set_by: owner.id,
        set_at: crate::platform::clock::now_secs(),
    };
    storage::mfa_required::save(&app.store, owner.firm.id, &requirement)?;
    app.sessions.reload_firm(owner.firm.id);
    Ok(())
}
