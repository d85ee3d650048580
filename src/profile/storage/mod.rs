//! The firm's onboarding answers, by firm id, on the storage seam: one body for both engines.
//! The user's own details are the accounts domain's (`accounts::save_details`,
//! `accounts::change_email`).

use super::bands::Onboarding;
use crate::platform::error::Result;
use crate::platform::firm_id::FirmId;
use crate::platform::store::arrival::{Arrival, Rows, parse_all};
use crate::platform::store::registry::{
    Export, Holder, Load, Purge, Table as Declared, Taking, rows,
};
use crate::platform::store::seam::{self, Table};
use crate::platform::store::{ONBOARDING, Store, WriteTx};

/// firm id -> `Onboarding`.
pub const ANSWERS: Table<u64, Onboarding> =
    Table::new("onboarding", ONBOARDING, &["firm_id"], None);

pub fn find_onboarding(store: &Store, firm_id: FirmId) -> Result<Option<Onboarding>> {
    seam::read(store, |tx| find_onboarding_in(tx, firm_id))
}

/// `find_onboarding` inside a read begun elsewhere (the progress overview's one snapshot).
pub fn find_onboarding_in(tx: &mut seam::Tx, firm_id: FirmId) -> Result<Option<Onboarding>> {
    tx.get(&ANSWERS, firm_id.get())
}

/// Saves the answers, replacing any earlier ones (refused for a firm merged away or deleted).
pub fn save_onboarding(store: &Store, firm_id: FirmId, answers: &Onboarding) -> Result<()> {
    seam::write(store, |tx| {
        tx.open_firm(firm_id)?;
        tx.insert(&ANSWERS, firm_id.get(), answers)
    })
}

/// Merges firm `from`'s answers into firm `into` inside the caller's transaction: `into` keeps its
/// own; `from`'s are taken only when `into` has none; `from`'s go.
pub fn merge_firm_in(tx: &mut WriteTx, into: FirmId, from: FirmId) -> Result<()> {
    seam::within(tx, |tx| {
        if let Some(theirs) = tx.remove(&ANSWERS, from.get())?
            && tx.get(&ANSWERS, into.get())?.is_none()
        {
            tx.insert(&ANSWERS, into.get(), &theirs)?;
        }
        Ok(())
    })
}

// A firm's archive: its onboarding answers; an import writes them as the new firm's.
fn load_onboarding(tx: &mut WriteTx, arrival: &mut Arrival, rows: &mut Rows<'_>) -> Result<usize> {
    let firm_id = arrival.firm()?;
    let answers: Vec<Onboarding> = parse_all("onboarding", rows)?;
    seam::within(tx, |tx| {
        for answers in &answers {
            tx.insert(&ANSWERS, firm_id.get(), answers)?;
        }
        Ok(answers.len())
    })
}

fn archive_onboarding(store: &Store, taking: &Taking) -> Result<Vec<serde_json::Value>> {
    rows(find_onboarding(store, taking.firm)?)
}

/// This domain's tables, for the registry of data (the list in src/registry.rs).
pub const TABLES: &[Declared] = &[Declared {
    name: "onboarding",
    purge: Purge::ByKey,
    export: Export::Rows {
        read: archive_onboarding,
        load: Load::Rows(load_onboarding),
    },
    holder: Holder::Firm { column: "firm_id" },
    redb: &[&ANSWERS],
    postgres: true,
    secrets: &[],
    refers_to: &[],
}];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::platform::store::testing::{both_engines, file_store};

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

    /// A hub database as the binary before migration 0045 left it (one column per answer, with
    /// its save time): every firm's answers are found after it, as they were written.
    #[test]
    fn answers_of_a_hub_from_before_the_seam_are_found_after_its_migration() {
        let store = Store::Postgres(crate::platform::store::postgres::test_store_from_migration(
            44,
            "INSERT INTO onboarding (firm_id, attorneys_count_band, employees_count_band, \
             injury_cases_per_month_band, annual_software_spend_band, saved_at) VALUES \
             (1, 'A2_5', 'E11_50', 'C11_25', 'S10_40K', to_timestamp(100)), \
             (3, 'SOLO', 'E2_10', 'C101P', 'S1M_P', to_timestamp(200));",
        ));
        let codes = |firm: u64| {
            find_onboarding(&store, FirmId::from_stored(firm))
                .unwrap()
                .map(|o| serde_json::to_value(o).unwrap())
        };
        assert_eq!(
            codes(1),
            Some(serde_json::to_value(answers("A2_5")).unwrap())
        );
        assert_eq!(
            codes(3),
            Some(serde_json::json!({
                "attorneysCountBand": "SOLO",
                "employeesCountBand": "E2_10",
                "injuryCasesPerMonthBand": "C101P",
                "annualSoftwareSpendBand": "S1M_P"
            }))
        );
        assert_eq!(codes(2), None);
        // The seam writes the migrated table: a firm's new answers replace its old ones.
        save_onboarding(&store, FirmId::from_stored(3), &answers("A51P")).unwrap();
        assert_eq!(attorneys(&store, 3).as_deref(), Some("A51P"));
    }

    #[test]
    fn export_copies_every_firms_answers() {
        let (_dir, from) = file_store();
        for (firm, band) in [(1, "A2_5"), (7, "A16_30")] {
            save_onboarding(&from, FirmId::from_stored(firm), &answers(band)).unwrap();
        }
        let to = crate::platform::store::postgres::test_store();
        let counts = [seam::copy_to_postgres(from.file().unwrap(), &to, &ANSWERS).unwrap()];
        assert_eq!((counts[0].source, counts[0].copied), (2, 2));
        let to = Store::Postgres(to);
        for firm in [1, 7, 8] {
            assert_eq!(attorneys(&to, firm), attorneys(&from, firm));
        }
    }

    #[test]
    fn a_merge_keeps_the_kept_firms_answers_and_takes_the_others_only_when_it_has_none() {
        let (_dir, stores) = both_engines();
        for store in stores {
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
