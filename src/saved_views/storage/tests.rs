//! The saved views' storage on both backends: the same answers, the same refusals.

use super::*;
use crate::platform::firm_id::FirmId;
use crate::platform::store::FileStore;
use crate::platform::store::postgres::test_store;
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

fn stores(dir: &std::path::Path) -> [Store; 2] {
    [
        Store::File(FileStore::open(dir).unwrap()),
        Store::Postgres(test_store()),
    ]
}

#[test]
fn views_save_list_refuse_and_delete_alike_on_both_backends() {
    let dir = tempfile::tempdir().unwrap();
    for store in stores(dir.path()) {
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
    let dir = tempfile::tempdir().unwrap();
    for store in stores(dir.path()) {
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
    let dir = tempfile::tempdir().unwrap();
    let mut exported = None;
    for store in stores(dir.path()) {
        let (into, from) = (FirmId::from_stored(1), FirmId::from_stored(2));
        create(&store, into, &new_view("Texas")).unwrap();
        create(&store, from, &new_view("texas")).unwrap();
        create(&store, from, &new_view("Ohio")).unwrap();
        let mut tx = store.begin().unwrap();
        merge_firm_in(&mut tx, into, from).unwrap();
        tx.commit().unwrap();
        assert_eq!(names(&store, 1), ["Ohio", "Texas", "texas (2)"]);
        assert!(names(&store, 2).is_empty());
        if let Store::File(file) = &store {
            let pg = test_store();
            let counts = export(file, &pg).unwrap();
            assert_eq!((counts[0].table, counts[0].copied), ("saved_views", 3));
            exported = Some(postgres::load_all(&pg).unwrap());
            assert_eq!(exported.as_ref().unwrap(), &file::load_all(file).unwrap());
            // The sequence moved past the copied ids.
            let next = postgres::create(&pg, into, &new_view("New")).unwrap();
            assert!(exported.as_ref().unwrap().iter().all(|v| v.id < next.id));
        }
    }
    assert!(exported.is_some());
}

#[test]
fn views_saves_at_once_of_one_name_keep_one() {
    let dir = tempfile::tempdir().unwrap();
    for store in stores(dir.path()) {
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
