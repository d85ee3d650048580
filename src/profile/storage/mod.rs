//! The firm's onboarding answers, by user id, in either backend. The user's own details are the
//! accounts domain's (`accounts::save_details`, `accounts::change_email`).

mod export;
mod file;
mod postgres;

pub use export::export;

use super::bands::Onboarding;
use crate::platform::error::Result;
use crate::platform::firm_id::FirmId;
use crate::platform::store::ONBOARDING;
use crate::platform::store::arrival::{Arrival, Rows, parse_all};
use crate::platform::store::registry::{Export, Holder, Load, Purge, Table, Taking, rows};
use crate::platform::store::{Store, WriteTx};

pub fn find_onboarding(store: &Store, firm_id: FirmId) -> Result<Option<Onboarding>> {
    match store {
        Store::File(db) => file::find_onboarding(db, firm_id),
        Store::Postgres(db) => postgres::find_onboarding(db, firm_id),
    }
}

/// Saves the answers, replacing any earlier ones.
pub fn save_onboarding(store: &Store, firm_id: FirmId, answers: &Onboarding) -> Result<()> {
    match store {
        Store::File(db) => file::save_onboarding(db, firm_id, answers),
        Store::Postgres(db) => postgres::save_onboarding(db, firm_id, answers),
    }
}

/// Merges firm `from`'s answers into firm `into` inside the caller's transaction: `into` keeps its
/// own; `from`'s are taken only when `into` has none.
pub fn merge_firm_in(tx: &mut WriteTx, into: FirmId, from: FirmId) -> Result<()> {
    match tx {
        WriteTx::File(txn) => file::merge_firm_in(txn, into, from),
        WriteTx::Postgres(tx) => postgres::merge_firm_in(tx, into, from),
    }
}

// A firm's archive: its onboarding answers; an import writes them as the new firm's.
fn load_onboarding(tx: &mut WriteTx, arrival: &mut Arrival, rows: &mut Rows<'_>) -> Result<usize> {
    let firm_id = arrival.firm()?;
    let answers: Vec<Onboarding> = parse_all("onboarding", rows)?;
    for answers in &answers {
        match tx {
            WriteTx::File(txn) => {
                txn.open_table(ONBOARDING)?.insert(
                    firm_id.get(),
                    crate::platform::store::codec::encode(answers).as_slice(),
                )?;
            }
            WriteTx::Postgres(tx) => {
                let store = tx.store();
                store.run(postgres::upsert(tx.conn()?, firm_id, answers))?;
            }
        }
    }
    Ok(answers.len())
}

fn archive_onboarding(store: &Store, taking: &Taking) -> Result<Vec<serde_json::Value>> {
    rows(find_onboarding(store, taking.firm)?)
}

/// This domain's tables, for the registry of data (the list in src/registry.rs).
pub const TABLES: &[Table] = &[Table {
    name: "onboarding",
    purge: Purge::ByKey,
    export: Export::Rows {
        read: archive_onboarding,
        load: Load::Rows(load_onboarding),
    },
    holder: Holder::Firm { column: "firm_id" },
    redb: &[&ONBOARDING],
    postgres: true,
    secrets: &[],
    refers_to: &[],
}];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::platform::store::FileStore;

    fn answers(attorneys: &str) -> Onboarding {
        serde_json::from_value(serde_json::json!({
            "attorneysCountBand": attorneys,
            "employeesCountBand": "E11_50",
            "injuryCasesPerMonthBand": "C11_25",
            "annualSoftwareSpendBand": "S10_40K"
        }))
        .unwrap()
    }

    fn merge(store: &Store, into: u64, from: u64) {
        let mut tx = store.begin().unwrap();
        merge_firm_in(
            &mut tx,
            FirmId::from_stored(into),
            FirmId::from_stored(from),
        )
        .unwrap();
        // As the accounts' part of a whole merge does.
        crate::platform::store::merged::record(&mut tx, from, into).unwrap();
        tx.commit().unwrap();
    }

    fn attorneys(store: &Store, firm_id: u64) -> Option<String> {
        find_onboarding(store, FirmId::from_stored(firm_id))
            .unwrap()
            .map(|o| crate::platform::store::postgres::code(&o.attorneys_count_band).unwrap())
    }

    #[test]
    fn a_merge_keeps_the_kept_firms_answers_and_takes_the_others_only_when_it_has_none() {
        let dir = tempfile::tempdir().unwrap();
        for store in [
            Store::File(FileStore::open(dir.path()).unwrap()),
            Store::Postgres(crate::platform::store::postgres::test_store()),
        ] {
            save_onboarding(&store, FirmId::from_stored(1), &answers("A2_5")).unwrap();
            save_onboarding(&store, FirmId::from_stored(2), &answers("SOLO")).unwrap();
            save_onboarding(&store, FirmId::from_stored(4), &answers("A6_15")).unwrap();
            merge(&store, 1, 2);
            merge(&store, 3, 4);
            merge(&store, 5, 6);
            // A write for a merged firm, from a request begun before the merge, is refused.
            let late = save_onboarding(&store, FirmId::from_stored(2), &answers("SOLO"));
            assert!(
                matches!(late, Err(crate::platform::error::AppError::Conflict(_))),
                "{late:?}"
            );
            let found: Vec<Option<String>> = (1..=6).map(|id| attorneys(&store, id)).collect();
            assert_eq!(
                found,
                [
                    Some("A2_5".into()),
                    None,
                    Some("A6_15".into()),
                    None,
                    None,
                    None
                ]
            );
        }
    }
}
