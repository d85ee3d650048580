//! The tech stack's answers on both engines: saves, reads, a firm merge and the export.

use super::*;
use crate::platform::store::postgres::test_store;
use crate::platform::store::testing::both_engines;

fn adoption(vendor_ids: &[u64], other: &[&str]) -> Adoption {
    Adoption {
        has_tool: !vendor_ids.is_empty() || !other.is_empty(),
        vendor_ids: vendor_ids.to_vec(),
        primary_vendor_id: vendor_ids.first().copied(),
        other_vendors: other.iter().map(|s| s.to_string()).collect(),
    }
}

fn save_on(store: &Store, firm_id: u64, items: &[(u64, Adoption)]) {
    save_answers(store, FirmId::from_stored(firm_id), items).unwrap();
}

type Answers = (Vec<(u64, Adoption)>, Vec<((u64, u64), Adoption)>);

fn read(store: &Store, firm_id: u64) -> Answers {
    (
        load(store, FirmId::from_stored(firm_id)).unwrap(),
        load_all(store).unwrap(),
    )
}

#[test]
fn answers_read_back_alike_and_unsaved_categories_keep_theirs() {
    let (_dir, stores) = both_engines();
    let answers: Vec<Answers> = stores
        .iter()
        .map(|store| {
            save_on(
                store,
                2,
                &[(5, adoption(&[9, 3], &["Excel"])), (1, adoption(&[], &[]))],
            );
            save_on(store, 1, &[(5, adoption(&[4], &[]))]);
            save_on(store, 2, &[(5, adoption(&[3], &[]))]);
            read(store, 2)
        })
        .collect();
    assert_eq!(answers[0], answers[1]);
    let (mine, all) = &answers[0];
    assert_eq!(mine, &[(1, adoption(&[], &[])), (5, adoption(&[3], &[]))]);
    assert_eq!(
        all.iter().map(|(k, _)| *k).collect::<Vec<_>>(),
        [(1, 5), (2, 1), (2, 5)]
    );

    let file = stores[0].file().unwrap();
    let pg = test_store();
    let counts = seam::copy_to_postgres(file, &pg, &ANSWERS).unwrap();
    assert_eq!(
        (counts.table, counts.source, counts.copied),
        ("category_adoption", 3, 3)
    );
    assert_eq!(read(&Store::Postgres(pg), 2), answers[0]);
}

#[test]
fn two_answers_are_united_without_duplicates_and_a_tool_wins_over_none() {
    let none = adoption(&[], &[]);
    let ours = adoption(&[4, 7], &["Excel"]);
    let theirs = Adoption {
        primary_vendor_id: Some(9),
        ..adoption(&[9, 4], &["excel", "Dropbox"])
    };
    let merged = union(ours.clone(), theirs.clone());
    assert_eq!(merged, adoption(&[4, 7, 9], &["Excel", "Dropbox"]));
    assert_eq!(union(none.clone(), theirs.clone()), theirs);
    assert_eq!(union(theirs.clone(), none.clone()), theirs);
    assert_eq!(union(none.clone(), none.clone()), none);
}

#[test]
fn a_merge_unites_the_firms_answers_under_the_kept_one() {
    let (_dir, stores) = both_engines();
    let answers: Vec<Answers> = stores
        .iter()
        .map(|store| {
            save_on(
                store,
                1,
                &[(5, adoption(&[4], &[])), (6, adoption(&[], &[]))],
            );
            save_on(
                store,
                2,
                &[(5, adoption(&[3, 4], &["Excel"])), (7, adoption(&[8], &[]))],
            );
            save_on(store, 3, &[(5, adoption(&[2], &[]))]);
            let mut tx = store.begin().unwrap();
            merge_firm_in(&mut tx, FirmId::from_stored(1), FirmId::from_stored(2)).unwrap();
            // As the accounts' part of a whole merge does.
            crate::platform::store::merged::record(&mut tx, 2, 1).unwrap();
            tx.commit().unwrap();
            assert!(read(store, 2).0.is_empty());
            let late = save_answers(store, FirmId::from_stored(2), &[(9, adoption(&[], &[]))]);
            assert!(
                matches!(late, Err(crate::platform::error::AppError::Conflict(_))),
                "{late:?}"
            );
            assert!(read(store, 2).0.is_empty());
            read(store, 1)
        })
        .collect();
    assert_eq!(answers[0], answers[1]);
    let (mine, all) = &answers[0];
    assert_eq!(
        mine,
        &[
            (5, adoption(&[4, 3], &["Excel"])),
            (6, adoption(&[], &[])),
            (7, adoption(&[8], &[]))
        ]
    );
    assert_eq!(all.len(), 4, "firm 3 untouched: {all:?}");
}

/// A hub database as the binary before migration 0049 left it (typed columns, dates and
/// timestamps): every answer, contract, feed and reminder claim is found after it, as written.
#[test]
fn a_tech_stack_of_a_hub_from_before_the_seam_is_found_after_its_migration() {
    use crate::techstack::contracts::Contract;
    let store = Store::Postgres(crate::platform::store::postgres::test_store_from_migration(
        48,
        "INSERT INTO category_adoption (firm_id, category_id, has_tool, vendor_ids, \
         primary_vendor_id, other_vendors, saved_at) VALUES \
         (1, 5, true, '{9,3}', 9, '{Excel}', to_timestamp(100)), \
         (2, 6, false, '{}', NULL, '{}', to_timestamp(100)); \
         INSERT INTO tool_contracts (firm_id, vendor_id, start_date, term_months, renewal_date, \
         notice_days, annual_cost_cents, seats, responsible_user_id, updated_at, updated_by) \
         VALUES (1, 9, DATE '2026-01-01', 12, DATE '2027-01-01', 30, 1200000, 5, 7, \
         to_timestamp(1800000000), 'Ann Doe'); \
         INSERT INTO calendar_feeds (firm_id, token_hash, created_at) VALUES \
         (1, decode(repeat('07', 32), 'hex'), to_timestamp(1800000000)), \
         (2, decode(repeat('ff', 32), 'hex'), to_timestamp(1800000001)); \
         INSERT INTO renewal_reminders (firm_id, vendor_id, deadline, milestone, sent_at) VALUES \
         (1, 9, DATE '2026-12-02', 30, to_timestamp(1790000000));",
    ));
    assert_eq!(
        load_all(&store).unwrap(),
        [
            ((1, 5), adoption(&[9, 3], &["Excel"])),
            ((2, 6), adoption(&[], &[]))
        ]
    );
    let date = |y, m, d| chrono::NaiveDate::from_ymd_opt(y, m, d).unwrap();
    let ce = |d: chrono::NaiveDate| chrono::Datelike::num_days_from_ce(&d);
    assert_eq!(
        contracts::contracts(&store, FirmId::from_stored(1)).unwrap(),
        [Contract {
            firm_id: 1,
            vendor_id: 9,
            start: ce(date(2026, 1, 1)),
            term_months: 12,
            renewal: ce(date(2027, 1, 1)),
            notice_days: 30,
            annual_cost: 1_200_000,
            seats: 5,
            responsible_user_id: 7,
            updated_at: 1_800_000_000,
            updated_by: Some("Ann Doe".into()),
        }]
    );
    // Each feed is found by its token's hash (the first 63 bits as the migration keyed them,
    // the top bit of 0xff.. dropped), and by its firm.
    for (firm_id, byte, created_at) in [(1, 7, 1_800_000_000), (2, 0xff, 1_800_000_001)] {
        let feed = Some(contracts::Feed {
            firm_id,
            token_hash: [byte; 32],
            created_at,
        });
        assert_eq!(contracts::feed_by_hash(&store, &[byte; 32]).unwrap(), feed);
        assert_eq!(
            contracts::feed(&store, FirmId::from_stored(firm_id)).unwrap(),
            feed
        );
    }
    assert_eq!(contracts::feed_by_hash(&store, &[8; 32]).unwrap(), None);
    let deadline = reminders::day_number(date(2026, 12, 2));
    assert_eq!(
        reminders::all(&store).unwrap(),
        [((1, 9, deadline, 30), 1_790_000_000)]
    );
    // The seam writes the migrated tables: a new answer replaces the old one.
    save_on(&store, 1, &[(5, adoption(&[3], &[]))]);
    assert_eq!(
        load(&store, FirmId::from_stored(1)).unwrap(),
        [(5, adoption(&[3], &[]))]
    );
}
