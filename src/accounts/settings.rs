//! Who may create an account: anyone (`open`, the default) or only a person with an invitation
//! (`invite-only`). The operator sets it with `--sign-up` at start or on the Firms screen; the
//! stored value is what every node reads.

use super::AccountsState;
use super::storage;
use crate::platform::error::Result;

pub use crate::platform::config::SignUpMode;

pub const INVITE_ONLY: &str = "This Litstack accepts new accounts by invitation only. Ask your firm's owner or admin to invite you.";

pub fn sign_up_mode(app: &AccountsState) -> Result<SignUpMode> {
    storage::settings::sign_up_mode(&app.store)
}

pub fn set_sign_up_mode(app: &AccountsState, mode: SignUpMode) -> Result<()> {
    storage::settings::set_sign_up_mode(&app.store, mode)
}
