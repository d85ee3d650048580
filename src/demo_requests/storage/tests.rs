//! The demo requests' storage on both engines: the same answers, a vendor reads only its own, a
//! refused change writes nothing, and a firm merge and a vendor merge and delete carry them along.

use super::*;
use crate::demo_requests::model::{Answer, Shared};
use crate::platform::store::testing::both_engines;

fn ask(store: &Store, firm: u64, vendor: u64, by: u64, at: i64) -> DemoRequest {
    create(
        store,
        FirmId::from_stored(firm),
        vendor,
        |_| Ok(()),
        |seen| {
            Ok(DemoRequest {
                id: seen.id,
                vendor_id: vendor,
                requested_by: by,
                requested_by_name: format!("Person {by}"),
                requested_at: at,
                shared: Shared {
                    firm_name: Some(format!("Firm {firm}")),
                    ..Shared::default()
                },
                answer: None,
                booked_at: None,
                withdrawn_at: None,
                withdrawn_by: None,
            })
        },
        |_, _| Ok(()),
    )
    .unwrap()
}

fn ids(rows: &[DemoRequest]) -> Vec<u64> {
    rows.iter().map(|r| r.id).collect()
}

#[test]
fn requests_read_back_alike_and_a_vendor_reads_only_its_own() {
    let (_dir, stores) = both_engines();
    let answers: Vec<_> = stores
        .iter()
        .map(|store| {
            let a = ask(store, 1, 7, 10, 100);
            let b = ask(store, 2, 7, 20, 200);
            let c = ask(store, 1, 8, 10, 300);
            assert!(a.id < b.id && b.id < c.id);
            // A refused change writes nothing; another vendor finds no request of that id.
            let refused = update_for_firm(
                store,
                FirmId::from_stored(1),
                a.id,
                |_| Err(crate::platform::error::bad_request("no")),
                |_, _| Ok(()),
            );
            assert!(refused.is_err());
            let foreign = update_for_vendor(store, 8, a.id, Ok, |_, _, _| Ok(()));
            assert!(matches!(
                foreign,
                Err(crate::platform::error::AppError::NotFound(_))
            ));
            let other_firm =
                update_for_firm(store, FirmId::from_stored(2), a.id, Ok, |_, _| Ok(()));
            assert!(matches!(
                other_firm,
                Err(crate::platform::error::AppError::NotFound(_))
            ));
            let answered = update_for_vendor(
                store,
                7,
                a.id,
                |mut r| {
                    r.answer = Some(Answer {
                        answered_at: 400,
                        by_name: "Pat".into(),
                        scheduling_url: Some("https://chartswap.com/demo".into()),
                        times: vec![],
                        message: None,
                    });
                    Ok(r)
                },
                |_, firm, _| {
                    assert_eq!(firm.get(), 1);
                    Ok(())
                },
            )
            .unwrap();
            assert!(answered.answer.is_some());
            (
                ids(&for_firm(store, FirmId::from_stored(1)).unwrap()),
                ids(&for_vendor(store, 7).unwrap()),
                for_firm(store, FirmId::from_stored(1)).unwrap(),
            )
        })
        .collect();
    // Ids are drawn per engine; the shapes agree.
    for (firm, vendor, _) in &answers {
        assert_eq!(firm.len(), 2);
        assert_eq!(vendor.len(), 2);
        assert!(firm[0] > firm[1], "newest first");
    }
    let strip = |rows: &[DemoRequest]| -> Vec<DemoRequest> {
        rows.iter()
            .cloned()
            .map(|mut r| {
                r.id = 0;
                r
            })
            .collect()
    };
    assert_eq!(strip(&answers[0].2), strip(&answers[1].2));
}

#[test]
fn merges_and_a_vendor_delete_carry_requests_and_asks_along() {
    let (_dir, stores) = both_engines();
    for store in &stores {
        let a = ask(store, 1, 7, 10, 100);
        ask(store, 2, 8, 20, 200);
        let join = JoinAsk {
            asked_at: 5,
            asked_by: 10,
        };
        assert!(ask_to_join(store, FirmId::from_stored(1), 30, &join).unwrap());
        assert!(!ask_to_join(store, FirmId::from_stored(1), 30, &join).unwrap());
        assert!(ask_to_join(store, FirmId::from_stored(1), 31, &join).unwrap());
        assert!(ask_to_join(store, FirmId::from_stored(2), 31, &join).unwrap());

        // Vendor 7 merged into 8: firm 1's request now names 8, and 8 lists both.
        let mut tx = store.begin().unwrap();
        let moved = (vendors::PART.merge)(&mut tx, 7, 8).unwrap();
        let moved_asks = (vendors::PART.merge)(&mut tx, 30, 31).unwrap();
        tx.commit().unwrap();
        assert_eq!(moved.counts[0], (vendors::DEMO_REQUESTS, 1));
        // Firm 1 asked both 30 and 31: one ask stays.
        assert_eq!(moved_asks.counts[1], (vendors::JOIN_ASKS_MOVED, 0));
        assert!(for_vendor(store, 7).unwrap().is_empty());
        assert_eq!(for_vendor(store, 8).unwrap().len(), 2);
        assert_eq!(
            firms_join_asks(store, FirmId::from_stored(1)).unwrap(),
            [31]
        );

        // Firm 2 merged into firm 1: its request and ask are firm 1's.
        let mut tx = store.begin().unwrap();
        merge_firm_in(&mut tx, FirmId::from_stored(1), FirmId::from_stored(2)).unwrap();
        tx.commit().unwrap();
        assert_eq!(for_firm(store, FirmId::from_stored(1)).unwrap().len(), 2);
        assert!(for_firm(store, FirmId::from_stored(2)).unwrap().is_empty());
        assert!(
            for_firm(store, FirmId::from_stored(1))
                .unwrap()
                .iter()
                .any(|r| r.id == a.id)
        );

        // Vendor 8 deleted: its requests go; vendor 31 deleted: its asks go.
        let mut tx = store.begin().unwrap();
        (vendors::PART.delete.unwrap())(&mut tx, 8).unwrap();
        (vendors::PART.delete.unwrap())(&mut tx, 31).unwrap();
        tx.commit().unwrap();
        assert!(for_firm(store, FirmId::from_stored(1)).unwrap().is_empty());
        let (requests, asks) = everything(store).unwrap();
        assert!(requests.is_empty() && asks.is_empty());
    }
}
