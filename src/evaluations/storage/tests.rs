//! The evaluations read back alike from both backends, merge and export.

use super::*;
use crate::evaluations::model::{Criterion, Round};
use crate::platform::store::FileStore;
use crate::platform::store::postgres::test_store;

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

#[test]
fn rounds_read_back_alike_merge_and_export() {
    let dir = tempfile::tempdir().unwrap();
    let stores = [
        Store::File(FileStore::open(dir.path()).unwrap()),
        Store::Postgres(test_store()),
    ];
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
            load_all(store).unwrap()
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
    let Store::File(file) = &stores[0] else {
        unreachable!()
    };
    let pg = test_store();
    let counts = export(file, &pg).unwrap();
    assert_eq!(counts[0].table, "evaluation_rounds");
    assert_eq!(counts[0].copied, 4);
    assert_eq!(load_all(&Store::Postgres(pg)).unwrap(), reads[0]);
}
