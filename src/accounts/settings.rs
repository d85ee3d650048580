//! Who may create an account: anyone (`open`, the default) or only a person with an invitation
//! (`invite-only`). The operator sets it with `--sign-up` at start or on the Firms screen; the
//! stored value is what every node reads.

use serde::{Deserialize, Serialize};

use super::storage;
use crate::error::Result;
use crate::state::App;

#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema, clap::ValueEnum,
)]
#[serde(rename_all = "kebab-case")]
pub enum SignUpMode {
    Open,
    InviteOnly,
}

impl SignUpMode {
    pub fn code(self) -> &'static str {
        match self {
            SignUpMode::Open => "open",
            SignUpMode::InviteOnly => "invite-only",
        }
    }

    pub fn from_code(code: &str) -> Option<SignUpMode> {
        [SignUpMode::Open, SignUpMode::InviteOnly]
            .into_iter()
            .find(|m| m.code() == code)
    }
}

pub const INVITE_ONLY: &str = "This Litstack accepts new accounts by invitation only. Ask your firm's owner or admin to invite you.";

pub fn sign_up_mode(app: &App) -> Result<SignUpMode> {
    storage::settings::sign_up_mode(&app.store)
}

pub fn set_sign_up_mode(app: &App, mode: SignUpMode) -> Result<()> {
    storage::settings::set_sign_up_mode(&app.store, mode)
}
