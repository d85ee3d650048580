//! The install's sign-up mode: the setting `sign_up` (`store::settings`). Absent means open, as
//! the spec has it.

use crate::platform::config::SignUpMode;
use crate::platform::error::Result;
use crate::platform::store::{Store, seam, settings};

const SETTING: &str = "sign_up";

pub fn sign_up_mode(store: &Store) -> Result<SignUpMode> {
    Ok(settings::read(store, SETTING)?.unwrap_or(SignUpMode::Open))
}

pub fn set_sign_up_mode(store: &Store, mode: SignUpMode) -> Result<()> {
    seam::write(store, |tx| settings::put(tx, SETTING, &mode))
}
