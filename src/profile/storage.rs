//! The ONBOARDING table: the firm's onboarding answers, by user id. The user's own details are
//! the accounts domain's (`accounts::save_details`, `accounts::change_email`).

use super::bands::Onboarding;
use crate::error::Result;
use crate::store::{ONBOARDING, Store, codec};

pub fn find_onboarding(store: &Store, user_id: u64) -> Result<Option<Onboarding>> {
    let txn = store.read()?;
    let table = txn.open_table(ONBOARDING)?;
    let found = table
        .get(user_id)?
        .map(|v| codec::decode(v.value()))
        .transpose()?;
    Ok(found)
}

/// Saves the answers, replacing any earlier ones.
pub fn save_onboarding(store: &Store, user_id: u64, answers: &Onboarding) -> Result<()> {
    let txn = store.write()?;
    txn.open_table(ONBOARDING)?
        .insert(user_id, codec::encode(answers).as_slice())?;
    txn.commit()?;
    Ok(())
}
