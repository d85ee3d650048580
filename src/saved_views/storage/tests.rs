//! The saved views' storage on both backends: the same answers, the same refusals.

use super::*;
use crate::platform::firm_id::FirmId;
use crate::platform::store::postgres::test_store;
use crate::platform::store::testing::{both_engines, file_store_in};
use crate::platform::store::{FileStore, SAVED_VIEWS};
use crate::saved_views::model::SavedView;
use crate::saved_views::model::{ViewName, ViewParams};

fn new_view(name: &str) -> NewView {
    NewView {
        name: ViewName::parse(name).unwrap(),
        params: ViewParams::parse("state=TX").unwrap(),
        created_at: 1_700_000_000,
        created_by: Some("Ann Doe".into()),
    }
}

fn names(store: &Store, firm: u64) -> Vec<String> {
    list(store, FirmId::from_stored(firm))
        .unwrap()
        .into_iter()
        .map(|v| v.name)
        .collect()
}

#[test]
fn views_save_list_refuse_and_delete_alike_on_both_backends() {
    let (_dir, stores) = both_engines();
    for store in stores {
        let (a, b) = (FirmId::from_stored(1), FirmId::from_stored(2));
        let texas = create(&store, a, &new_view("Texas")).unwrap();
        create(&store, a, &new_view("austin")).unwrap();
        create(&store, b, &new_view("Texas")).unwrap();
        assert_eq!(names(&store, 1), ["austin", "Texas"]);
        assert_eq!(texas.created_by.as_deref(), Some("Ann Doe"));
        let taken = create(&store, a, &new_view("TEXAS")).unwrap_err();
        assert!(
            matches!(taken, crate::platform::error::AppError::Conflict(_)),
            "{taken:?}"
        );
        assert!(
            delete(&store, b, texas.id).unwrap().is_none(),
            "another firm's id"
        );
        assert_eq!(delete(&store, a, texas.id).unwrap().unwrap().name, "Texas");
        assert!(delete(&store, a, texas.id).unwrap().is_none());
        assert_eq!(names(&store, 1), ["austin"]);
    }
}

#[test]
fn views_a_firm_keeps_at_most_a_hundred() {
    let (_dir, stores) = both_engines();
    for store in stores {
        let firm = FirmId::from_stored(3);
        for n in 0..MAX_VIEWS {
            create(&store, firm, &new_view(&format!("View {n}"))).unwrap();
        }
        let full = create(&store, firm, &new_view("One more")).unwrap_err();
        assert!(full.to_string().contains("100 saved views"), "{full}");
    }
}

#[test]
fn views_a_merge_moves_them_and_numbers_a_taken_name() {
    let (_dir, stores) = both_engines();
    let mut exported = None;
    for store in stores {
        let (into, from) = (FirmId::from_stored(1), FirmId::from_stored(2));
        create(&store, into, &new_view("Texas")).unwrap();
        create(&store, from, &new_view("texas")).unwrap();
        create(&store, from, &new_view("Ohio")).unwrap();
        let mut tx = store.begin().unwrap();
        merge_firm_in(&mut tx, into, from).unwrap();
        tx.commit().unwrap();
        assert_eq!(names(&store, 1), ["Ohio", "Texas", "texas (2)"]);
        assert!(names(&store, 2).is_empty());
        if let Ok(file) = store.file() {
            let to = test_store();
            let counts = [seam::copy_to_postgres(file, &to, &VIEWS).unwrap()];
            let pg = Store::Postgres(to);
            assert_eq!((counts[0].table, counts[0].copied), ("saved_views", 3));
            let all = |store: &Store| seam::read(store, |tx| tx.range(&VIEWS, &[])).unwrap();
            exported = Some(all(&pg));
            assert_eq!(exported.as_ref().unwrap(), &all(&store));
            // The sequence moved past the copied ids.
            let next = create(&pg, into, &new_view("New")).unwrap();
            assert!(
                exported
                    .as_ref()
                    .unwrap()
                    .iter()
                    .all(|(_, v)| v.id < next.id)
            );
        }
    }
    assert!(exported.is_some());
}

#[test]
fn views_saves_at_once_of_one_name_keep_one() {
    let (_dir, stores) = both_engines();
    for store in stores {
        let firm = FirmId::from_stored(5);
        let saved = std::thread::scope(|scope| {
            let runs: Vec<_> = (0..6)
                .map(|n| {
                    let store = &store;
                    let name = if n % 2 == 0 { "Texas" } else { "TEXAS" };
                    scope.spawn(move || create(store, firm, &new_view(name)))
                })
                .collect();
            runs.into_iter()
                .map(|run| run.join().unwrap())
                .filter(Result::is_ok)
                .count()
        });
        assert_eq!(saved, 1);
        assert_eq!(list(&store, firm).unwrap().len(), 1);
    }
}

/// A redb file written before the seam (the view encoded straight into SAVED_VIEWS, in bincode,
/// schema 10) reads the same through it once opened (its values then rewritten as JSON).
#[test]
fn views_of_a_file_from_before_the_seam_read_the_same() {
    let dir = tempfile::tempdir().unwrap();
    let view = SavedView {
        id: 4,
        firm_id: 1,
        name: "Texas".into(),
        params: "state=TX".into(),
        created_at: 1_700_000_000,
        created_by: None,
    };
    {
        let file = FileStore::open(dir.path()).unwrap();
        let txn = file.write().unwrap();
        txn.open_table(SAVED_VIEWS)
            .unwrap()
            .insert(
                (1, 4),
                crate::platform::store::codec::encode(&view).as_slice(),
            )
            .unwrap();
        crate::platform::store::bump_sequence(&txn, "saved_views", 6).unwrap();
        crate::platform::store::meta_set(&txn, "schema_version", 10).unwrap();
        txn.commit().unwrap();
    }
    let store = file_store_in(&dir);
    assert_eq!(list(&store, FirmId::from_stored(1)).unwrap(), [view]);
    let next = create(&store, FirmId::from_stored(1), &new_view("Ohio")).unwrap();
    assert_eq!(next.id, 7, "the file's sequence goes on");
}

/// A hub database of the schema before the seam (migrations up to 0041, the typed
/// `saved_views` table): migration 0042 keeps its views, their ids and its sequence's value.
#[test]
fn views_of_a_hub_from_before_the_seam_are_found_after_its_migration() {
    let store = Store::Postgres(crate::platform::store::postgres::test_store_from_migration(
        41,
        "INSERT INTO saved_views (firm_id, name, params, created_at, created_by) VALUES \
        (1, 'Texas', 'state=TX', to_timestamp(1700000000), 'Ann Doe'), \
        (1, 'Gone', '', to_timestamp(1700000001), NULL), \
        (2, 'Ohio', 'state=OH', to_timestamp(1700000002), NULL); \
        DELETE FROM saved_views WHERE name = 'Ohio';",
    ));
    let views = list(&store, FirmId::from_stored(1)).unwrap();
    assert_eq!(
        views,
        [
            SavedView {
                id: 2,
                firm_id: 1,
                name: "Gone".into(),
                params: String::new(),
                created_at: 1_700_000_001,
                created_by: None,
            },
            SavedView {
                id: 1,
                firm_id: 1,
                name: "Texas".into(),
                params: "state=TX".into(),
                created_at: 1_700_000_000,
                created_by: Some("Ann Doe".into()),
            },
        ]
    );
    // The sequence's value, not the largest id: id 3 went with Ohio and is not given again.
    let next = create(&store, FirmId::from_stored(1), &new_view("New")).unwrap();
    assert_eq!(next.id, 4);
}
