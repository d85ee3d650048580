//! The evaluations read back alike from both engines, merge, export and carry over a hub's rows.

use super::*;
use crate::evaluations::model::{Criterion, Round};
use crate::platform::store::postgres::{test_store, test_store_from_migration};
use crate::platform::store::testing::both_engines;

fn round(firm: u64, category: u64, n: u32, name: &str) -> Round {
    let mut r = Round::new(firm, category, n, 1_800_000_000);
    r.criteria = Some(vec![Criterion {
        id: "price".into(),
        name: name.into(),
        weight: 100,
    }]);
    r
}

fn firm(id: u64) -> FirmId {
    FirmId::from_stored(id)
}

/// Every firm's rounds, by (firm, category, round).
pub(super) fn load_all(store: &Store) -> Vec<Round> {
    seam::read(store, |tx| Ok(values(tx.range(&ROUNDS, &[])?))).unwrap()
}

#[test]
fn rounds_read_back_alike_merge_and_export() {
    let (_dir, stores) = both_engines();
    let reads: Vec<Vec<Round>> = stores
        .iter()
        .map(|store| {
            update(store, firm(1), 5, |rounds| {
                rounds.push(round(1, 5, 1, "Price"));
                Ok(())
            })
            .unwrap();
            update(store, firm(2), 5, |rounds| {
                rounds.push(round(2, 5, 1, "Theirs"));
                rounds.push(round(2, 5, 2, "Theirs again"));
                Ok(())
            })
            .unwrap();
            update(store, firm(2), 6, |rounds| {
                rounds.push(round(2, 6, 1, "Other"));
                Ok(())
            })
            .unwrap();
            // A refused change writes nothing.
            let refused = update(store, firm(1), 5, |rounds| {
                rounds[0].criteria = None;
                Err::<(), _>(crate::platform::error::bad_request("no"))
            });
            assert!(refused.is_err());
            assert_eq!(
                rounds(store, firm(1), 5).unwrap(),
                [round(1, 5, 1, "Price")]
            );
            let mut tx = store.begin().unwrap();
            merge_firm_in(&mut tx, firm(1), firm(2)).unwrap();
            tx.commit().unwrap();
            load_all(store)
        })
        .collect();
    assert_eq!(reads[0], reads[1]);
    assert_eq!(
        reads[0],
        [
            round(1, 5, 1, "Price"),
            round(1, 5, 2, "Theirs"),
            round(1, 5, 3, "Theirs again"),
            round(1, 6, 1, "Other"),
        ]
    );
    let file = stores[0].file().unwrap();
    let pg = test_store();
    let counts = [seam::copy_to_postgres(file, &pg, &ROUNDS).unwrap()];
    assert_eq!(counts[0].table, "evaluation_rounds");
    assert_eq!((counts[0].source, counts[0].copied), (4, 4));
    assert_eq!(load_all(&Store::Postgres(pg)), reads[0]);
}

/// A change of a round changes it in place; a firm merged away is refused (409) and keeps its
/// rounds as they were.
#[test]
fn a_change_rewrites_the_round_and_a_merged_firm_is_refused_on_both_engines() {
    let (_dir, stores) = both_engines();
    for store in stores {
        for firm_id in [1, 2] {
            update(&store, firm(firm_id), 5, |rounds| {
                rounds.push(round(firm_id, 5, 1, "Price"));
                Ok(())
            })
            .unwrap();
        }
        update(&store, firm(1), 5, |rounds| {
            rounds[0].criteria_version = 2;
            Ok(())
        })
        .unwrap();
        let mut changed = round(1, 5, 1, "Price");
        changed.criteria_version = 2;
        assert_eq!(rounds(&store, firm(1), 5).unwrap(), [changed]);

        let mut tx = store.begin().unwrap();
        crate::platform::store::merged::record(&mut tx, 2, 1).unwrap();
        tx.commit().unwrap();
        let refused = update(&store, firm(2), 5, |rounds| {
            rounds.clear();
            Ok(())
        })
        .unwrap_err();
        assert_eq!(refused.status(), axum::http::StatusCode::CONFLICT);
        assert_eq!(
            rounds(&store, firm(2), 5).unwrap(),
            [round(2, 5, 1, "Price")]
        );
    }
}

/// A hub database as the binary before migration 0047 left it (the round in a `body` column,
/// its number an `integer`): every round reads the same after it, and the seam writes the table.
#[test]
fn rounds_of_a_hub_from_before_the_seam_read_the_same_after_its_migration() {
    let before = [
        round(1, 5, 1, "Price"),
        round(1, 5, 2, "Ann's \"price\""),
        round(1, 6, 1, "Support"),
        round(3, 5, 1, "Theirs"),
    ];
    let rows: Vec<String> = before
        .iter()
        .map(|r| {
            format!(
                "({}, {}, {}, '{}')",
                r.firm_id,
                r.category_id,
                r.round,
                serde_json::to_string(r).unwrap().replace('\'', "''")
            )
        })
        .collect();
    let store = Store::Postgres(test_store_from_migration(
        46,
        &format!(
            "INSERT INTO evaluation_rounds (firm_id, category_id, round, body) VALUES {};",
            rows.join(", ")
        ),
    ));
    assert_eq!(load_all(&store), before);
    assert_eq!(rounds(&store, firm(1), 5).unwrap(), before[..2]);
    assert_eq!(rounds(&store, firm(2), 5).unwrap(), []);
    update(&store, firm(1), 5, |rounds| {
        rounds.push(round(1, 5, 3, "Again"));
        Ok(())
    })
    .unwrap();
    assert_eq!(
        rounds(&store, firm(1), 5).unwrap().last(),
        Some(&round(1, 5, 3, "Again"))
    );
}
