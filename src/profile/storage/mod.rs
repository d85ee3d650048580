//! The firm's onboarding answers, by user id, in either backend. The user's own details are the
//! accounts domain's (`accounts::save_details`, `accounts::change_email`).

mod export;
mod file;
mod postgres;

pub use export::export;

use super::bands::Onboarding;
use crate::error::Result;
use crate::store::{Store, WriteTx};

pub fn find_onboarding(store: &Store, firm_id: u64) -> Result<Option<Onboarding>> {
    match store {
        Store::File(db) => file::find_onboarding(db, firm_id),
        Store::Postgres(db) => postgres::find_onboarding(db, firm_id),
    }
}

/// Saves the answers, replacing any earlier ones.
pub fn save_onboarding(store: &Store, firm_id: u64, answers: &Onboarding) -> Result<()> {
    match store {
        Store::File(db) => file::save_onboarding(db, firm_id, answers),
        Store::Postgres(db) => postgres::save_onboarding(db, firm_id, answers),
    }
}

/// Merges firm `from`'s answers into firm `into` inside the caller's transaction: `into` keeps its
/// own; `from`'s are taken only when `into` has none.
pub fn merge_firm_in(tx: &mut WriteTx, into: u64, from: u64) -> Result<()> {
    match tx {
        WriteTx::File(txn) => file::merge_firm_in(txn, into, from),
        WriteTx::Postgres(tx) => postgres::merge_firm_in(tx, into, from),
    }
}
