//! Every recommendation storage operation, run on both backends with the same expectations.

use crate::platform::firm_id::FirmId;
use std::collections::HashSet;

/// A firm id as the store holds it.
fn fid(id: u64) -> FirmId {
    FirmId::from_stored(id)
}

/// One person answering for their own firm (ids alike, as after the schema 6 migration).
fn author(id: u64) -> Author {
    Author {
        user_id: id,
        firm_id: fid(id),
    }
}

use super::*;
use crate::platform::store::PgStore;
use crate::platform::store::postgres::test_store;
use crate::platform::store::testing::{file_store, on_both, two_postgres_nodes};
use crate::recommend::model::{PickSource, StoredPick};

/// Runs `test` with two nodes: on redb the one store twice (one process owns the file), on
/// PostgreSQL two stores, each with its own pool, on one fresh database.
fn on_two_nodes_of_both_backends(test: impl Fn(&Store, &Store)) {
    let (_dir, file) = file_store();
    test(&file, &file);
    let [a, b] = two_postgres_nodes();
    test(&a, &b);
}

fn set(vendors: &[u64], source: PickSource, at: i64) -> PickSet {
    PickSet {
        picks: vendors
            .iter()
            .map(|&vendor_id| StoredPick {
                vendor_id,
                reason: format!("Reason for {vendor_id}"),
            })
            .collect(),
        source,
        note: (source == PickSource::PickForMe).then(|| "Based on all firms".to_string()),
        used_size_fallback: source == PickSource::PickForMe,
        at,
    }
}

fn stage(category_id: u64, vendors: &[u64], at: i64) -> StageSave {
    StageSave {
        category_id,
        set: set(vendors, PickSource::Questionnaire, at),
        history: vendors
            .iter()
            .map(|&v| (v, vec![format!("Strength of {v}"), "Popular".to_string()]))
            .collect(),
    }
}

fn vendors_of(store: &Store, firm_id: u64) -> Vec<(u64, Vec<u64>)> {
    pick_sets(store, fid(firm_id))
        .unwrap()
        .into_iter()
        .map(|(c, s)| (c, s.picks.iter().map(|p| p.vendor_id).collect()))
        .collect()
}

#[test]
fn responses_number_from_one_and_the_latest_per_category_counts() {
    on_both(|store| {
        let answers = vec![
            (3, vec!["Under 10".to_string(), "10-50".to_string()]),
            (1, vec![]),
            (2, vec!["Ünïcode, \"quoted\"".to_string()]),
        ];
        assert_eq!(
            insert_response(store, author(7), 1, answers.clone()).unwrap(),
            1
        );
        assert_eq!(
            insert_response(store, author(7), 1, vec![(3, vec![])]).unwrap(),
            2
        );
        assert_eq!(insert_response(store, author(7), 4, vec![]).unwrap(), 3);
        assert_eq!(insert_response(store, author(8), 1, vec![]).unwrap(), 4);

        let first = load_response(store, fid(7), 1).unwrap().unwrap();
        assert_eq!((first.id, first.firm_id, first.category_id), (1, 7, 1));
        assert_eq!(first.answers, answers, "answers keep their order and text");
        assert!((first.at - crate::platform::clock::now_secs()).abs() < 60);
        assert_eq!(load_response(store, fid(7), 99).unwrap(), None);
        // Another firm's response is not found through this one.
        assert_eq!(load_response(store, fid(8), 1).unwrap(), None);
        assert_eq!(latest_response(store, fid(7), 1).unwrap().unwrap().id, 2);
        assert_eq!(latest_response(store, fid(9), 1).unwrap(), None);
        let latest: Vec<u64> = (latest_responses(store, fid(7)).unwrap().iter())
            .map(|r| r.id)
            .collect();
        assert_eq!(latest, [2, 3]);
        assert_eq!(
            responses(store, fid(7))
                .unwrap()
                .iter()
                .map(|r| r.id)
                .collect::<Vec<_>>(),
            [1, 2, 3]
        );

        assert_eq!(latest_response_id(store, fid(7), 1).unwrap(), Some(2));
        assert_eq!(latest_response_id(store, fid(7), 4).unwrap(), Some(3));
        assert_eq!(latest_response_id(store, fid(8), 1).unwrap(), Some(4));
        assert_eq!(latest_response_id(store, fid(7), 5).unwrap(), None);
        assert_eq!(
            responded_categories(store, fid(7)).unwrap(),
            HashSet::from([1, 4])
        );
        assert_eq!(responded_categories(store, fid(9)).unwrap(), HashSet::new());
    });
}

#[test]
fn a_save_replaces_its_categories_sets_and_updates_the_history() {
    on_both(|store| {
        save_picks(
            store,
            fid(7),
            &[stage(2, &[20, 21, 22], 100), stage(1, &[10], 100)],
        )
        .unwrap();
        save_picks(store, fid(8), &[stage(1, &[11], 100)]).unwrap();
        assert_eq!(
            vendors_of(store, 7),
            [(1, vec![10]), (2, vec![20, 21, 22])],
            "in category order"
        );

        // A Pick For Me save replaces category 2's set whole; category 1 stays.
        let mut again = stage(2, &[22, 23], 200);
        again.set = set(&[22, 23], PickSource::PickForMe, 200);
        save_picks(store, fid(7), &[again]).unwrap();
        let sets = pick_sets(store, fid(7)).unwrap();
        assert_eq!(sets[1], (2, set(&[22, 23], PickSource::PickForMe, 200)));
        assert_eq!(sets[0], (1, set(&[10], PickSource::Questionnaire, 100)));

        // The history keeps one entry per (category, vendor): the latest, newest first, then by
        // category, rank and vendor.
        let history: Vec<(u64, u64, i64, u32)> = past(store, fid(7))
            .unwrap()
            .into_iter()
            .map(|(c, v, r)| (c, v, r.at, r.rank))
            .collect();
        assert_eq!(
            history,
            [
                (2, 22, 200, 0),
                (2, 23, 200, 1),
                (1, 10, 100, 0),
                (2, 20, 100, 0),
                (2, 21, 100, 1),
            ]
        );
        let (_, _, rec) = &past(store, fid(7)).unwrap()[0];
        assert_eq!(rec.strengths, ["Strength of 22", "Popular"]);

        clear_picks(store, fid(7)).unwrap();
        assert_eq!(pick_sets(store, fid(7)).unwrap(), []);
        assert_eq!(
            past(store, fid(7)).unwrap().len(),
            5,
            "clearing keeps the history"
        );
        assert_eq!(
            vendors_of(store, 8),
            [(1, vec![11])],
            "another user's picks stay"
        );
    });
}

#[test]
fn equal_times_order_by_category_then_rank_then_vendor() {
    on_both(|store| {
        save_picks(store, fid(7), &[stage(3, &[30, 31], 100)]).unwrap();
        save_picks(
            store,
            fid(7),
            &[stage(3, &[32], 100), stage(1, &[12, 11], 100)],
        )
        .unwrap();
        let order: Vec<(u64, u64)> = past(store, fid(7))
            .unwrap()
            .into_iter()
            .map(|(c, v, _)| (c, v))
            .collect();
        assert_eq!(order, [(1, 12), (1, 11), (3, 30), (3, 32), (3, 31)]);
    });
}

#[test]
fn dismissing_takes_a_pick_out_of_every_set_and_remembers_why() {
    on_both(|store| {
        save_picks(
            store,
            fid(7),
            &[stage(1, &[10, 11], 100), stage(2, &[11, 20], 100)],
        )
        .unwrap();
        save_picks(store, fid(8), &[stage(1, &[11], 100)]).unwrap();

        assert!(!dismiss(store, fid(7), 99, DismissReason::TooExpensive).unwrap());
        assert_eq!(dismissals(store, fid(7)).unwrap(), [], "nothing written");

        let other = DismissReason::Other("We build our own".into());
        assert!(dismiss(store, fid(7), 11, other.clone()).unwrap());
        // The stored sets keep a dismissed pick (hidden while the dismissal stands, back in its
        // place when it is undone).
        assert_eq!(vendors_of(store, 7), [(1, vec![10, 11]), (2, vec![11, 20])]);
        assert_eq!(
            vendors_of(store, 8),
            [(1, vec![11])],
            "only the user's own picks"
        );
        assert!(
            !dismiss(store, fid(7), 11, DismissReason::TooExpensive).unwrap(),
            "an already dismissed vendor is no longer a pick"
        );
        assert!(dismiss(store, fid(7), 20, DismissReason::NotGiven).unwrap());
        assert!(dismiss(store, fid(7), 10, DismissReason::DoesntIntegrate).unwrap());
        assert_eq!(
            vendors_of(store, 7),
            [(1, vec![10, 11]), (2, vec![11, 20])],
            "every set as saved"
        );

        let found = dismissals(store, fid(7)).unwrap();
        let reasons: Vec<(u64, DismissReason)> =
            found.iter().map(|(v, d)| (*v, d.reason.clone())).collect();
        assert_eq!(
            reasons,
            [
                (10, DismissReason::DoesntIntegrate),
                (11, other),
                (20, DismissReason::NotGiven)
            ],
            "in vendor order"
        );
        assert!(
            found
                .iter()
                .all(|(_, d)| (d.at - crate::platform::clock::now_secs()).abs() < 60)
        );
        assert_eq!(
            dismissed(store, fid(7)).unwrap(),
            HashSet::from([10, 11, 20])
        );
        assert_eq!(dismissed(store, fid(8)).unwrap(), HashSet::new());

        assert!(undo_dismissal(store, fid(7), 11).unwrap());
        assert!(!undo_dismissal(store, fid(7), 11).unwrap());
        assert!(
            !undo_dismissal(store, fid(8), 10).unwrap(),
            "not another user's"
        );
        assert_eq!(dismissed(store, fid(7)).unwrap(), HashSet::from([10, 20]));

        // Undone, picked again later and dismissed again: the new reason replaces the old.
        assert!(undo_dismissal(store, fid(7), 10).unwrap());
        save_picks(store, fid(7), &[stage(1, &[10], 300)]).unwrap();
        assert!(dismiss(store, fid(7), 10, DismissReason::AlreadyEvaluated).unwrap());
        assert_eq!(
            dismissals(store, fid(7)).unwrap()[0].1.reason,
            DismissReason::AlreadyEvaluated
        );
    });
}

#[test]
fn concurrent_dismissals_of_one_users_picks_lose_none() {
    on_two_nodes_of_both_backends(|a, b| {
        let vendors: Vec<u64> = (1..=8).collect();
        save_picks(
            a,
            fid(7),
            &[stage(1, &vendors, 100), stage(2, &vendors, 100)],
        )
        .unwrap();
        std::thread::scope(|s| {
            let handles: Vec<_> = vendors
                .iter()
                .map(|&v| {
                    let node = if v % 2 == 0 { a } else { b };
                    s.spawn(move || dismiss(node, fid(7), v, DismissReason::TooExpensive))
                })
                .collect();
            for handle in handles {
                assert!(handle.join().unwrap().unwrap());
            }
        });
        assert_eq!(
            vendors_of(a, 7),
            [(1, vendors.clone()), (2, vendors.clone())]
        );
        assert_eq!(dismissed(b, fid(7)).unwrap().len(), 8);
    });
}

#[test]
fn concurrent_saves_in_opposite_orders_all_succeed_whole() {
    on_two_nodes_of_both_backends(|a, b| {
        std::thread::scope(|s| {
            let handles: Vec<_> = (0..8u64)
                .map(|i| {
                    let node = if i < 4 { a } else { b };
                    s.spawn(move || {
                        // Half the saves write the categories and vendors in the other order.
                        let mut vendors = vec![10 + i % 2, 20, 30];
                        let mut stages = vec![stage(1, &vendors, 100), stage(2, &vendors, 100)];
                        if i % 2 == 1 {
                            vendors.reverse();
                            stages = vec![stage(2, &vendors, 100), stage(1, &vendors, 100)];
                        }
                        save_picks(node, fid(7), &stages)
                    })
                })
                .collect();
            for handle in handles {
                handle.join().unwrap().unwrap();
            }
        });
        // Every save is whole: both categories hold the same save's list.
        let sets = vendors_of(b, 7);
        assert_eq!(sets.len(), 2);
        assert_eq!(sets[0].1, sets[1].1);
    });
}

/// What a store answers for a user, all of it.
fn everything(store: &Store, firm_id: u64) -> String {
    let mut responded: Vec<u64> = responded_categories(store, fid(firm_id))
        .unwrap()
        .into_iter()
        .collect();
    responded.sort_unstable();
    let latest: Vec<Option<StoredResponse>> = responded
        .iter()
        .map(|&c| {
            let id = latest_response_id(store, fid(firm_id), c).unwrap().unwrap();
            load_response(store, fid(firm_id), id).unwrap()
        })
        .collect();
    format!(
        "{responded:?}\n{latest:?}\n{:?}\n{:?}\n{:?}\n{:?}",
        pick_sets(store, fid(firm_id)).unwrap(),
        cleared_picks(store, fid(firm_id)).unwrap(),
        dismissals(store, fid(firm_id)).unwrap(),
        past(store, fid(firm_id)).unwrap()
    )
}

#[test]
fn an_export_copies_every_row_and_keeps_the_ids() {
    let (_dir, file) = file_store();
    for firm_id in [7, 8] {
        insert_response(&file, author(firm_id), 1, vec![(1, vec!["A".into()])]).unwrap();
        insert_response(
            &file,
            author(firm_id),
            1,
            vec![(2, vec!["B".into(), "C".into()])],
        )
        .unwrap();
        insert_response(&file, author(firm_id), 3, vec![]).unwrap();
        save_picks(&file, fid(firm_id), &[stage(1, &[10, 11, 12], 100)]).unwrap();
        save_picks(
            &file,
            fid(firm_id),
            &[stage(1, &[12, 13], 200), stage(3, &[30], 200)],
        )
        .unwrap();
        dismiss(
            &file,
            fid(firm_id),
            13,
            DismissReason::Other("Too slow".into()),
        )
        .unwrap();
        dismiss(&file, fid(firm_id), 30, DismissReason::NotGiven).unwrap();
    }
    // Firm 8 clears its picks: both sets are kept for the undo (a dismissed pick stays in its set).
    clear_picks(&file, fid(8)).unwrap();
    let source = file.file().unwrap();
    let target: PgStore = test_store();
    // The seam's tables, as `litstack export-to-postgres` copies them: from their declarations.
    let mut counts = vec![seam::copy_to_postgres(source, &target, &RESPONSES).unwrap()];
    counts.push(seam::copy_to_postgres(source, &target, &LATEST).unwrap());
    counts.push(seam::copy_to_postgres(source, &target, &PICKS).unwrap());
    counts.push(seam::copy_to_postgres(source, &target, &CLEARED).unwrap());
    counts.push(seam::copy_to_postgres(source, &target, &DISMISSED).unwrap());
    counts.push(seam::copy_to_postgres(source, &target, &PAST).unwrap());
    let counted = |table: &str| counts.iter().find(|c| c.table == table).unwrap();
    assert_eq!(
        (counted("responses").source, counted("responses").copied),
        (6, 6)
    );
    assert_eq!(
        (
            counted("user_responses").source,
            counted("user_responses").copied
        ),
        (4, 4)
    );
    assert_eq!((counted("picks").source, counted("picks").copied), (2, 2));
    assert_eq!(
        (
            counted("picks_cleared").source,
            counted("picks_cleared").copied
        ),
        (2, 2)
    );
    assert_eq!(
        (counted("dismissals").source, counted("dismissals").copied),
        (4, 4)
    );
    assert_eq!(
        (
            counted("past_recommendations").source,
            counted("past_recommendations").copied
        ),
        (10, 10)
    );

    let hub = Store::Postgres(target);
    for firm_id in [7, 8] {
        assert_eq!(everything(&hub, firm_id), everything(&file, firm_id));
    }
    assert_eq!(
        insert_response(&hub, author(7), 1, vec![]).unwrap(),
        7,
        "new ids follow the file's"
    );
}

#[test]
fn a_merge_moves_responses_picks_dismissals_and_history_keeping_the_kept_firms_on_a_clash() {
    on_both(|store| {
        let kept = Author {
            user_id: 10,
            firm_id: fid(1),
        };
        let merged = Author {
            user_id: 20,
            firm_id: fid(2),
        };
        // Category 5: the kept firm's response is older; category 6: only the merged firm's.
        let older = insert_response(store, kept, 5, vec![(1, vec!["a".into()])]).unwrap();
        let newer = insert_response(store, merged, 5, vec![(1, vec!["b".into()])]).unwrap();
        let only = insert_response(store, merged, 6, vec![]).unwrap();
        let latest = insert_response(store, kept, 6, vec![]).unwrap();
        save_picks(store, fid(1), &[stage(5, &[11, 12], 100)]).unwrap();
        save_picks(
            store,
            fid(2),
            &[stage(5, &[13], 200), stage(6, &[21, 22], 50)],
        )
        .unwrap();
        assert!(dismiss(store, fid(1), 12, DismissReason::TooExpensive).unwrap());
        assert!(dismiss(store, fid(2), 21, DismissReason::AlreadyEvaluated).unwrap());
        assert!(dismiss(store, fid(2), 22, DismissReason::TooExpensive).unwrap());
        save_picks(store, fid(2), &[stage(6, &[12], 300)]).unwrap();
        assert!(dismiss(store, fid(2), 12, DismissReason::AlreadyEvaluated).unwrap());
        insert_response(store, author(3), 5, vec![]).unwrap();

        let mut tx = store.begin().unwrap();
        merge_firm_in(&mut tx, fid(1), fid(2)).unwrap();
        // As the accounts' part of a whole merge does.
        crate::platform::store::merged::record(&mut tx, 2, 1).unwrap();
        tx.commit().unwrap();

        // Responses keep their author; the newer latest one wins per category.
        let response = load_response(store, fid(1), newer).unwrap().unwrap();
        assert_eq!((response.user_id, response.firm_id), (20, 1));
        assert_eq!(
            load_response(store, fid(1), older)
                .unwrap()
                .unwrap()
                .firm_id,
            1
        );
        assert_eq!(
            load_response(store, fid(1), only).unwrap().unwrap().firm_id,
            1
        );
        assert_eq!(load_response(store, fid(2), newer).unwrap(), None);
        assert!(responses(store, fid(2)).unwrap().is_empty());
        assert_eq!(latest_response_id(store, fid(1), 5).unwrap(), Some(newer));
        assert_eq!(latest_response_id(store, fid(1), 6).unwrap(), Some(latest));
        assert_eq!(
            responded_categories(store, fid(1)).unwrap(),
            HashSet::from([5, 6])
        );
        assert!(responded_categories(store, fid(2)).unwrap().is_empty());
        assert!(latest_response_id(store, fid(3), 5).unwrap().is_some());
        // Picks: the kept firm's category 5 stays; category 6 comes from the merged firm.
        assert_eq!(vendors_of(store, 1), vec![(5, vec![11, 12]), (6, vec![12])]);
        assert!(vendors_of(store, 2).is_empty());
        // Dismissals: the union, the kept firm's reason on a clash.
        let reasons: Vec<(u64, DismissReason)> = dismissals(store, fid(1))
            .unwrap()
            .into_iter()
            .map(|(v, d)| (v, d.reason))
            .collect();
        assert_eq!(
            reasons,
            vec![
                (12, DismissReason::TooExpensive),
                (21, DismissReason::AlreadyEvaluated),
                (22, DismissReason::TooExpensive)
            ]
        );
        assert!(dismissals(store, fid(2)).unwrap().is_empty());
        // Past recommendations: the union, the later one on a clash.
        let history: Vec<(u64, u64, i64)> = past(store, fid(1))
            .unwrap()
            .into_iter()
            .map(|(c, v, rec)| (c, v, rec.at))
            .collect();
        assert_eq!(
            history,
            vec![
                (6, 12, 300),
                (5, 13, 200),
                (5, 11, 100),
                (5, 12, 100),
                (6, 21, 50),
                (6, 22, 50)
            ]
        );
        assert!(past(store, fid(2)).unwrap().is_empty());
        // A write for the merged firm, from a request begun before the merge, is refused.
        let late = save_picks(store, fid(2), &[stage(7, &[1], 400)]);
        assert!(
            matches!(late, Err(crate::platform::error::AppError::Conflict(_))),
            "{late:?}"
        );
        let late = insert_response(store, merged, 7, vec![]);
        assert!(
            matches!(late, Err(crate::platform::error::AppError::Conflict(_))),
            "{late:?}"
        );
        assert!(vendors_of(store, 2).is_empty());
    });
}

#[test]
fn a_clear_keeps_the_picks_and_its_undo_puts_back_all_but_newer_ones() {
    on_both(|store| {
        let firm = 4;
        let pfm = StageSave {
            set: set(&[30, 31], PickSource::PickForMe, 150),
            ..stage(3, &[30, 31], 150)
        };
        save_picks(store, fid(firm), &[stage(1, &[10, 11], 100), pfm]).unwrap();
        // A set every pick of which was dismissed: kept too (the dismissal hides it, an undo of
        // the dismissal brings it back).
        save_picks(store, fid(firm), &[stage(5, &[50], 120)]).unwrap();
        assert!(dismiss(store, fid(firm), 50, DismissReason::TooExpensive).unwrap());
        save_picks(store, fid(9), &[stage(1, &[12], 100)]).unwrap();
        let before = pick_sets(store, fid(firm)).unwrap();
        assert_eq!(restore_cleared_picks(store, fid(firm)).unwrap(), None);

        clear_picks(store, fid(firm)).unwrap();
        assert!(pick_sets(store, fid(firm)).unwrap().is_empty());
        let kept: Vec<(u64, PickSet)> = cleared_picks(store, fid(firm))
            .unwrap()
            .into_iter()
            .map(|(c, k)| (c, k.set))
            .collect();
        assert_eq!(kept, before, "the sets, unchanged");
        // A clear that finds no pick keeps what the last one kept.
        clear_picks(store, fid(firm)).unwrap();
        assert_eq!(cleared_picks(store, fid(firm)).unwrap().len(), 3);
        // Category 3 gets new picks after the clear: they stay.
        save_picks(store, fid(firm), &[stage(3, &[32], 200)]).unwrap();

        let done = restore_cleared_picks(store, fid(firm)).unwrap().unwrap();
        assert_eq!(
            done,
            Restored {
                restored: vec![1, 5],
                kept_newer: vec![3]
            }
        );
        let after = pick_sets(store, fid(firm)).unwrap();
        assert_eq!(after[0], before[0], "source, note and time as they were");
        assert_eq!(after[1].1.picks[0].vendor_id, 32);
        assert!(
            cleared_picks(store, fid(firm)).unwrap().is_empty(),
            "used up"
        );
        assert_eq!(restore_cleared_picks(store, fid(firm)).unwrap(), None);
        // Another firm's picks were never touched.
        assert_eq!(vendors_of(store, 9), vec![(1, vec![12])]);
        assert_eq!(restore_cleared_picks(store, fid(9)).unwrap(), None);
    });
}

#[test]
fn a_merge_moves_the_cleared_picks_keeping_the_kept_firms_on_a_clash() {
    on_both(|store| {
        save_picks(store, fid(1), &[stage(5, &[11], 100)]).unwrap();
        save_picks(store, fid(2), &[stage(5, &[13], 200), stage(6, &[21], 200)]).unwrap();
        clear_picks(store, fid(1)).unwrap();
        clear_picks(store, fid(2)).unwrap();

        let mut tx = store.begin().unwrap();
        merge_firm_in(&mut tx, fid(1), fid(2)).unwrap();
        tx.commit().unwrap();

        let kept: Vec<(u64, Vec<u64>)> = cleared_picks(store, fid(1))
            .unwrap()
            .into_iter()
            .map(|(c, k)| (c, k.set.picks.iter().map(|p| p.vendor_id).collect()))
            .collect();
        assert_eq!(kept, vec![(5, vec![11]), (6, vec![21])]);
        assert!(cleared_picks(store, fid(2)).unwrap().is_empty());
    });
}

#[test]
fn a_hub_at_migration_50_keeps_every_pick_dismissal_and_recommendation() {
    use crate::platform::store::postgres::test_store_from_migration;
    let questionnaire = set(&[10, 11], PickSource::Questionnaire, 1_800_000_000);
    let pick_for_me = set(&[12], PickSource::PickForMe, 1_800_000_100);
    let cleared = ClearedSet {
        set: set(&[13, 14], PickSource::Questionnaire, 1_800_000_200),
        cleared_at: 1_800_000_300,
    };
    let reasons = [
        ("too_expensive", None, DismissReason::TooExpensive),
        ("doesnt_integrate", None, DismissReason::DoesntIntegrate),
        ("already_evaluated", None, DismissReason::AlreadyEvaluated),
        (
            "not_right_for_practice",
            None,
            DismissReason::NotRightForPractice,
        ),
        (
            "other",
            Some("Too \"slow\" for us"),
            DismissReason::Other("Too \"slow\" for us".into()),
        ),
        ("not_given", None, DismissReason::NotGiven),
    ];
    let pick_set_sql = |firm: u64, category: u64, s: &PickSet| {
        format!(
            "{firm}, {category}, $j${}$j$, '{}', {}, {}, to_timestamp({})",
            serde_json::to_string(&s.picks).unwrap(),
            crate::platform::store::postgres::code(&s.source).unwrap(),
            s.note
                .as_ref()
                .map_or("NULL".to_string(), |n| format!("$t${n}$t$")),
            s.used_size_fallback,
            s.at
        )
    };
    let columns = "firm_id, category_id, vendors, source, note, used_size_fallback, saved_at";
    let mut sql = format!(
        "INSERT INTO picks ({columns}) VALUES ({}), ({});\n",
        pick_set_sql(7, 1, &questionnaire),
        pick_set_sql(7, 2, &pick_for_me)
    );
    sql.push_str(&format!(
        "INSERT INTO picks_cleared ({columns}, cleared_at) VALUES ({}, to_timestamp({}));\n",
        pick_set_sql(7, 3, &cleared.set),
        cleared.cleared_at
    ));
    for (i, (code, text, _)) in reasons.iter().enumerate() {
        sql.push_str(&format!(
            "INSERT INTO dismissals (firm_id, vendor_id, reason, other_text, dismissed_at) \
             VALUES (7, {}, '{code}', {}, to_timestamp({}));\n",
            20 + i,
            text.map_or("NULL".to_string(), |t| format!("$t${t}$t$")),
            1_800_000_000 + i
        ));
    }
    sql.push_str(
        "INSERT INTO past_recommendations (firm_id, category_id, vendor_id, recommended_at, \
         rank, strengths) VALUES (7, 1, 10, to_timestamp(1800000000), 0, \
         ARRAY['Integrates', 'Popular']), (7, 1, 11, to_timestamp(1800000000), 1, ARRAY[]::text[]), \
         (8, 2, 12, to_timestamp(1700000000), 0, ARRAY['Cheap']);\n",
    );
    let store = Store::Postgres(test_store_from_migration(50, &sql));

    assert_eq!(
        pick_sets(&store, fid(7)).unwrap(),
        [(1, questionnaire.clone()), (2, pick_for_me.clone())]
    );
    assert_eq!(cleared_picks(&store, fid(7)).unwrap(), [(3, cleared)]);
    let dismissed: Vec<(u64, Dismissal)> = reasons
        .into_iter()
        .enumerate()
        .map(|(i, (_, _, reason))| {
            let at = 1_800_000_000 + i as i64;
            (20 + i as u64, Dismissal { at, reason })
        })
        .collect();
    assert_eq!(dismissals(&store, fid(7)).unwrap(), dismissed);
    let rec = |at: i64, rank: u32, strengths: &[&str]| PastRec {
        at,
        rank,
        strengths: strengths.iter().map(|s| s.to_string()).collect(),
    };
    assert_eq!(
        past(&store, fid(7)).unwrap(),
        [
            (1, 10, rec(1_800_000_000, 0, &["Integrates", "Popular"])),
            (1, 11, rec(1_800_000_000, 1, &[])),
        ]
    );
    assert_eq!(
        past(&store, fid(8)).unwrap(),
        [(2, 12, rec(1_700_000_000, 0, &["Cheap"]))]
    );
    // And the moved rows are written as before.
    assert!(undo_dismissal(&store, fid(7), 20).unwrap());
    assert!(dismiss(&store, fid(7), 10, DismissReason::TooExpensive).unwrap());
    restore_cleared_picks(&store, fid(7)).unwrap().unwrap();
    assert_eq!(pick_sets(&store, fid(7)).unwrap().len(), 3);
}

#[test]
fn a_hub_at_migration_54_keeps_every_response_its_latest_and_its_ids() {
    use crate::platform::store::postgres::test_store_from_migration;
    let sql = r#"
        INSERT INTO responses (id, user_id, firm_id, category_id, answers, submitted_at) VALUES
          (1, 70, 7, 1, '[{"question_id": 3, "selected": ["Under 10", "10-50"]},
                          {"question_id": 1, "selected": ["Ünïcode, \"quoted\""]}]',
           to_timestamp(1800000000)),
          (2, 70, 7, 2, '[{"question_id": 5, "selected": ["x"]}]', to_timestamp(1800000050)),
          (3, 80, 8, 1, '[]', to_timestamp(1800000060)),
          (4, 71, 7, 1, '[]', to_timestamp(1800000100));
        -- Ids up to 10 were handed out (a write that rolled back took the rest).
        SELECT setval(pg_get_serial_sequence('responses', 'id'), 10);
    "#;
    let store = Store::Postgres(test_store_from_migration(54, sql));

    assert_eq!(
        load_response(&store, fid(7), 1).unwrap(),
        Some(StoredResponse {
            id: 1,
            user_id: 70,
            firm_id: 7,
            category_id: 1,
            answers: vec![
                (3, vec!["Under 10".into(), "10-50".into()]),
                (1, vec!["Ünïcode, \"quoted\"".into()]),
            ],
            at: 1_800_000_000,
        })
    );
    assert_eq!(load_response(&store, fid(8), 1).unwrap(), None);
    let ids = |firm| -> Vec<u64> {
        (responses(&store, fid(firm)).unwrap().iter())
            .map(|r| r.id)
            .collect()
    };
    assert_eq!((ids(7), ids(8)), (vec![1, 2, 4], vec![3]));
    assert_eq!(latest_response_id(&store, fid(7), 1).unwrap(), Some(4));
    assert_eq!(latest_response_id(&store, fid(7), 2).unwrap(), Some(2));
    assert_eq!(latest_response_id(&store, fid(8), 1).unwrap(), Some(3));
    assert_eq!(
        responded_categories(&store, fid(7)).unwrap(),
        HashSet::from([1, 2])
    );
    assert!(
        load_response(&store, fid(8), 3)
            .unwrap()
            .unwrap()
            .answers
            .is_empty()
    );
    // And a new response takes the next id of the old sequence, and is the latest.
    assert_eq!(insert_response(&store, author(7), 1, vec![]).unwrap(), 11);
    assert_eq!(latest_response_id(&store, fid(7), 1).unwrap(), Some(11));
}
