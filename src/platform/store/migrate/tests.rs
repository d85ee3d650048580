//! Each migration step on a file written by the version before it.

use super::*;
use crate::platform::store::meta_get;
use redb::Database;

/// Marks the file `txn` writes as written at schema `version`, as the Litstack of that version
/// left it.
fn at_schema(txn: &redb::WriteTransaction, version: u64) {
    txn.open_table(META)
        .unwrap()
        .insert("schema_version", version)
        .unwrap();
}

/// A hub database as the binary before migration `version` + 1 left it, holding `rows`, opened
/// by today's code: migrated.
fn hub_after(version: i64, rows: &str) -> crate::platform::store::Store {
    crate::platform::store::Store::Postgres(
        crate::platform::store::postgres::test_store_from_migration(version, rows),
    )
}

/// A data directory whose file schema `version` wrote, its rows put by `fill` (after the tables
/// of schema 1), opened by today's code: migrated.
fn file_at(
    version: u64,
    fill: impl FnOnce(&redb::WriteTransaction),
) -> (tempfile::TempDir, crate::platform::store::Store) {
    let dir = tempfile::tempdir().unwrap();
    {
        let db = Database::create(dir.path().join("litstack.redb")).unwrap();
        let txn = db.begin_write().unwrap();
        create_tables(&txn).unwrap();
        fill(&txn);
        at_schema(&txn, version);
        txn.commit().unwrap();
    }
    let store = crate::platform::store::Store::File(
        crate::platform::store::FileStore::open(dir.path()).unwrap(),
    );
    (dir, store)
}

/// The bytes of the row `key` of the redb table `table`, which must be there.
fn stored<'k, K: redb::Key + 'static>(
    txn: &redb::ReadTransaction,
    table: redb::TableDefinition<'_, K, &'static [u8]>,
    key: impl std::borrow::Borrow<K::SelfType<'k>>,
) -> Vec<u8> {
    let rows = txn.open_table(table).unwrap();
    let row = rows.get(key).unwrap().expect("the row");
    row.value().to_vec()
}

/// The JSON of the row `key` of the redb table `table`, as the seam stores a value.
fn stored_json<'k, K: redb::Key + 'static>(
    txn: &redb::ReadTransaction,
    table: redb::TableDefinition<'_, K, &'static [u8]>,
    key: impl std::borrow::Borrow<K::SelfType<'k>>,
) -> serde_json::Value {
    serde_json::from_slice(&stored(txn, table, key)).unwrap()
}

#[test]
fn version_1_identities_become_runs_of_consecutive_ids() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("litstack.redb");
    const V1_KEYS: redb::TableDefinition<&[u8], u64> = redb::TableDefinition::new("booking_keys");
    // Bookings 1-3 from one import and 7-8 from another (4-6 never committed).
    let v1: Vec<([u8; 16], u64)> = [1u64, 2, 3, 7, 8]
        .iter()
        .map(|&id| ([id as u8 * 11; 16], id))
        .collect();
    {
        let db = Database::create(&path).unwrap();
        let txn = db.begin_write().unwrap();
        create_tables(&txn).unwrap();
        {
            let mut keys = txn.open_table(V1_KEYS).unwrap();
            // In key order, as version 1 stored them: not the id order.
            let mut by_key = v1.clone();
            by_key.sort_unstable_by_key(|(k, _)| std::cmp::Reverse(*k));
            for (k, id) in &by_key {
                keys.insert(k.as_slice(), *id).unwrap();
            }
            at_schema(&txn, 1);
        }
        txn.commit().unwrap();
    }

    let store = crate::platform::store::FileStore::open(dir.path()).unwrap();
    let txn = store.read().unwrap();
    let runs: Vec<(u64, Vec<u8>)> = txn
        .open_table(BOOKING_IDENTITIES)
        .unwrap()
        .iter()
        .unwrap()
        .map(|e| {
            let (k, v) = e.unwrap();
            (k.value(), v.value().to_vec())
        })
        .collect();
    let expected = |ids: &[u64]| ids.iter().flat_map(|&id| [id as u8 * 11; 16]).collect();
    assert_eq!(
        runs,
        vec![(1, expected(&[1, 2, 3])), (7, expected(&[7, 8]))]
    );
    assert!(txn.open_table(V1_KEYS).is_err(), "the old table is gone");
    assert_eq!(
        meta_get(&txn, "schema_version").unwrap(),
        Some(SCHEMA_VERSION)
    );
}
#[test]
fn version_24_identity_runs_are_cut_to_fill_their_pages() {
    use crate::platform::store::IDENTITIES_PER_RUN;
    let identity = |id: u64| [(id % 251) as u8; 16];
    let run = |from: u64, n: u64| (from..from + n).flat_map(identity).collect::<Vec<u8>>();
    // As version 23 stored them: a run longer than a run now holds, one that follows it, a day's
    // run after those, and one after a gap (removed bookings).
    let per = IDENTITIES_PER_RUN as u64;
    let stored = [
        (1, per + 300),
        (per + 301, 500),
        (per + 801, 40),
        (per + 900, 7),
    ];
    let (_dir, store) = file_at(23, |txn| {
        let mut runs = txn.open_table(BOOKING_IDENTITIES).unwrap();
        for (from, n) in stored {
            runs.insert(from, run(from, n).as_slice()).unwrap();
        }
    });
    let crate::platform::store::Store::File(file) = &store else {
        panic!("a file")
    };
    let txn = file.read().unwrap();
    let runs: Vec<(u64, Vec<u8>)> = (txn.open_table(BOOKING_IDENTITIES).unwrap().iter().unwrap())
        .map(|e| {
            let (k, v) = e.unwrap();
            (k.value(), v.value().to_vec())
        })
        .collect();
    // The first three are consecutive: cut into full runs and the rest; the one after the gap
    // stays.
    assert_eq!(
        runs,
        vec![
            (1, run(1, per)),
            (per + 1, run(per + 1, 840)),
            (per + 900, run(per + 900, 7)),
        ]
    );
}

#[test]
fn version_2_vendors_lose_the_invented_partner_values_an_admin_never_changed() {
    use crate::catalog::Vendor;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("litstack.redb");
    let vendor = |id: u64, level: Option<&str>, star: bool| Vendor {
        id,
        name: format!("Vendor {id}"),
        category_id: 1,
        website_url: None,
        booking_url: None,
        logo_url: None,
        description: String::new(),
        short_highlights: vec![],
        integrations: vec![],
        price_bracket: None,
        firm_sizes_supported: vec![],
        practice_areas_supported: vec![],
        geo_focus: None,
        tags: vec![],
        is_recommended_partner: star,
        partner_level: level.map(String::from),
        is_active: true,
        needs_review: false,
    };
    let before = [
        vendor(2, Some("Gold"), true),     // as shipped: cleared
        vendor(8, Some("Gold"), true),     // shipped Silver, an admin made it Gold: kept
        vendor(11, Some("Gold"), false),   // an admin took the star away: kept
        vendor(5, Some("Silver"), true),   // never shipped as a partner: an admin's, kept
        vendor(137, Some("Bronze"), true), // as shipped: cleared
    ];
    {
        let db = Database::create(&path).unwrap();
        let txn = db.begin_write().unwrap();
        create_tables(&txn).unwrap();
        {
            let mut table = txn.open_table(VENDORS).unwrap();
            for v in &before {
                table.insert(v.id, codec::encode(v).as_slice()).unwrap();
            }
            at_schema(&txn, 2);
        }
        txn.commit().unwrap();
    }

    let store = crate::platform::store::FileStore::open(dir.path()).unwrap();

    let txn = store.read().unwrap();
    let vendors = txn.open_table(VENDORS).unwrap();
    let after =
        // Stored as the seam's JSON since schema 21.
        |id: u64| -> Vendor {
            crate::platform::store::seam::value::decode("vendors", vendors.get(id).unwrap().unwrap().value()).unwrap()
        };
    assert_eq!(after(2), vendor(2, None, false));
    assert_eq!(after(137), vendor(137, None, false));
    for kept in &before[1..4] {
        assert_eq!(
            &after(kept.id),
            kept,
            "vendor {} is an admin's choice",
            kept.id
        );
    }
    assert!(
        txn.open_table(VENDOR_SOURCES).is_ok(),
        "the new table exists"
    );
    assert_eq!(
        meta_get(&txn, "schema_version").unwrap(),
        Some(SCHEMA_VERSION)
    );
}

#[test]
fn version_4_meeting_clicks_move_to_a_range_per_user_and_vendor() {
    use crate::catalog::model::{MeetingClick, SourcePage};
    use crate::catalog::storage::{meeting_clicks_on, recent_meeting_clicks};
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("litstack.redb");
    let click = |id, user_id, vendor_id| MeetingClick {
        id,
        user_id,
        vendor_id,
        source_page: SourcePage::Browse,
        at: 1_700_000_000 + id as i64,
        kind: Default::default(),
    };
    let before = [
        click(1, 7, 95),
        click(2, 8, 95),
        click(3, 7, 12),
        click(4, 7, 95),
    ];
    {
        let db = Database::create(&path).unwrap();
        let txn = db.begin_write().unwrap();
        create_tables(&txn).unwrap();
        {
            let mut old = txn.open_table(V4_MEETING_CLICKS).unwrap();
            for c in &before {
                old.insert(c.id, codec::encode(&frozen_click(c)).as_slice())
                    .unwrap();
            }
            at_schema(&txn, 4);
        }
        txn.commit().unwrap();
    }

    let store = crate::platform::store::Store::File(
        crate::platform::store::FileStore::open(dir.path()).unwrap(),
    );
    assert_eq!(
        meeting_clicks_on(&store, &[7], &[95]).unwrap(),
        vec![before[3].clone(), before[0].clone()]
    );
    let recent: Vec<u64> = recent_meeting_clicks(&store, 7, 10)
        .unwrap()
        .iter()
        .map(|c| c.id)
        .collect();
    assert_eq!(recent, [4, 3, 1]);
    let txn = store.file().unwrap().read().unwrap();
    assert!(
        txn.open_table(V4_MEETING_CLICKS).is_err(),
        "the old table is gone"
    );
    assert!(
        txn.open_table(V13_MEETING_CLICK_TIMES).is_err(),
        "the time order went with schema 14"
    );
    assert_eq!(
        meta_get(&txn, "schema_version").unwrap(),
        Some(SCHEMA_VERSION)
    );
}

/// A click as schemas 4 to 13 stored it: without its kind.
fn frozen_click(c: &crate::catalog::model::MeetingClick) -> shapes::MeetingClick {
    let page: shapes::SourcePage =
        serde_json::from_value(serde_json::to_value(c.source_page).unwrap()).unwrap();
    shapes::MeetingClick {
        id: c.id,
        user_id: c.user_id,
        vendor_id: c.vendor_id,
        source_page: page,
        at: c.at,
    }
}

/// A file at schema 13 holds the clicks in bincode, each user's time order beside them and the
/// website clicks marked in a table of their own: schema 14 rewrites each click as the seam's
/// JSON with its kind, and the two side tables go; the clicks read the same, and their ids go
/// on from the sequence.
#[test]
fn version_13_meeting_clicks_are_stored_as_json_with_their_kinds() {
    use crate::catalog::model::{ClickKind, MeetingClick, SourcePage};
    use crate::catalog::storage::{
        CLICKS, meeting_clicks_on, recent_meeting_clicks, record_meeting_click,
    };
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("litstack.redb");
    let click = |id, user_id, vendor_id, source_page, kind| MeetingClick {
        id,
        user_id,
        vendor_id,
        source_page,
        at: 1_700_000_000 + id as i64,
        kind,
    };
    let clicks = [
        click(1, 7, 95, SourcePage::Browse, ClickKind::Booking),
        click(2, 8, 95, SourcePage::Profile, ClickKind::Website),
        click(4, 7, 12, SourcePage::GetRecStages, ClickKind::Website),
        click(6, 7, 95, SourcePage::Compare, ClickKind::Booking),
    ];
    {
        let db = Database::create(&path).unwrap();
        let txn = db.begin_write().unwrap();
        create_tables(&txn).unwrap();
        {
            let mut by_owner = txn.open_table(MEETING_CLICKS).unwrap();
            let mut times = txn.open_table(V13_MEETING_CLICK_TIMES).unwrap();
            let mut kinds = txn.open_table(V13_MEETING_CLICK_KINDS).unwrap();
            for c in &clicks {
                by_owner
                    .insert(
                        (c.user_id, c.vendor_id, c.id),
                        codec::encode(&frozen_click(c)).as_slice(),
                    )
                    .unwrap();
                times.insert((c.user_id, c.id), c.vendor_id).unwrap();
                if c.kind == ClickKind::Website {
                    kinds.insert(c.id, 1).unwrap();
                }
            }
            let mut meta = txn.open_table(META).unwrap();
            meta.insert("schema_version", 13).unwrap();
            meta.insert("seq:meeting_clicks", 9).unwrap();
        }
        txn.commit().unwrap();
    }

    let store = crate::platform::store::Store::File(
        crate::platform::store::FileStore::open(dir.path()).unwrap(),
    );
    assert_eq!(
        recent_meeting_clicks(&store, 7, 10).unwrap(),
        vec![clicks[3].clone(), clicks[2].clone(), clicks[0].clone()]
    );
    assert_eq!(
        meeting_clicks_on(&store, &[8], &[95]).unwrap(),
        [clicks[1].clone()]
    );
    {
        let txn = store.file().unwrap().read().unwrap();
        assert_eq!(
            stored_json(&txn, CLICKS.redb, (7, 12, 4)),
            serde_json::to_value(&clicks[2]).unwrap()
        );
        assert!(txn.open_table(V13_MEETING_CLICK_TIMES).is_err());
        assert!(txn.open_table(V13_MEETING_CLICK_KINDS).is_err());
        assert_eq!(
            meta_get(&txn, "schema_version").unwrap(),
            Some(SCHEMA_VERSION)
        );
    }
    let firm = crate::platform::firm_id::FirmId::for_fixtures(1);
    let next = record_meeting_click(&store, firm, 7, 95, SourcePage::Browse, ClickKind::Booking);
    assert_eq!(next.unwrap().id, 10);
}

#[test]
fn version_3_dismissals_keep_their_time_and_read_no_reason_given() {
    use crate::recommend::dismissals::{DismissReason, Dismissal};
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("litstack.redb");
    {
        let db = Database::create(&path).unwrap();
        let txn = db.begin_write().unwrap();
        create_tables(&txn).unwrap();
        {
            let mut old = txn.open_table(V3_DISMISSED).unwrap();
            old.insert((1, 10), 1_700_000_000).unwrap();
            old.insert((2, 11), 1_700_000_500).unwrap();
            at_schema(&txn, 3);
        }
        txn.commit().unwrap();
    }

    let store = crate::platform::store::FileStore::open(dir.path()).unwrap();

    let txn = store.read().unwrap();
    let table = txn.open_table(DISMISSED).unwrap();
    let rows: Vec<((u64, u64), Dismissal)> = table
        .iter()
        .unwrap()
        .map(|e| {
            let (k, v) = e.unwrap();
            // JSON from schema 14 on, as the seam stores it.
            let value = seam::value::decode("dismissals", v.value()).unwrap();
            (k.value(), value)
        })
        .collect();
    let not_given = |at| Dismissal {
        at,
        reason: DismissReason::NotGiven,
    };
    assert_eq!(
        rows,
        vec![
            ((1, 10), not_given(1_700_000_000)),
            ((2, 11), not_given(1_700_000_500))
        ]
    );
    assert!(
        txn.open_table(V3_DISMISSED).is_err(),
        "the old table is gone"
    );
    assert_eq!(
        meta_get(&txn, "schema_version").unwrap(),
        Some(SCHEMA_VERSION)
    );
}

#[test]
fn version_7_shortlist_entries_keep_everything_and_have_no_author_yet() {
    use crate::shortlist::model::{Entry, Outcome, Status, StatusChange};
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("litstack.redb");
    let outcome = Outcome {
        demo_held: Some(true),
        chosen: Some(true),
        chosen_at: Some(300),
        satisfaction: None,
    };
    {
        let db = Database::create(&path).unwrap();
        let txn = db.begin_write().unwrap();
        create_tables(&txn).unwrap();
        {
            let old = V6Entry {
                status: shapes::Status::Chosen,
                note: "Ask about the Clio sync".into(),
                reject_reason: None,
                history: vec![
                    V6StatusChange {
                        status: shapes::Status::Considering,
                        at: 100,
                    },
                    V6StatusChange {
                        status: shapes::Status::Chosen,
                        at: 300,
                    },
                ],
                outcome: shapes::Outcome {
                    demo_held: Some(true),
                    chosen: Some(true),
                    chosen_at: Some(300),
                    satisfaction: None,
                },
                added_at: 100,
            };
            txn.open_table(SHORTLIST)
                .unwrap()
                .insert((4, 12), codec::encode(&old).as_slice())
                .unwrap();
            at_schema(&txn, 6);
        }
        txn.commit().unwrap();
    }

    let store = crate::platform::store::FileStore::open(dir.path()).unwrap();

    let txn = store.read().unwrap();
    // Rewritten as JSON by schema 11 (`version_10_…`).
    let entry: Entry = crate::platform::store::seam::value::decode(
        "shortlist",
        txn.open_table(SHORTLIST)
            .unwrap()
            .get((4, 12))
            .unwrap()
            .unwrap()
            .value(),
    )
    .unwrap();
    let change = |status, at| StatusChange {
        status,
        at,
        by: None,
    };
    assert_eq!(
        entry,
        Entry {
            status: Status::Chosen,
            note: "Ask about the Clio sync".into(),
            note_by: None,
            note_at: None,
            reject_reason: None,
            history: vec![
                change(Status::Considering, 100),
                change(Status::Chosen, 300)
            ],
            outcome,
            added_at: 100,
            recorded: None,
        }
    );
    assert_eq!(
        meta_get(&txn, "schema_version").unwrap(),
        Some(SCHEMA_VERSION)
    );
}

/// The frozen shapes the migrations write are, at this schema version, the shapes the domains
/// store: a value written through one reads back through the other. (When a domain's stored shape
/// changes, `SCHEMA_VERSION` moves on with a migration, and that type's pair leaves this test.)
#[test]
fn version_8_booking_sources_were_all_checked_against_a_page() {
    use crate::catalog::{BookingSource, ImportedBy};
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("litstack.redb");
    {
        let db = Database::create(&path).unwrap();
        let txn = db.begin_write().unwrap();
        create_tables(&txn).unwrap();
        {
            let old = shapes::CheckedBookingSourceV7 {
                source_url: "https://acme.example.com/demo".into(),
                verified_on: "2026-11-20".into(),
            };
            txn.open_table(VENDOR_BOOKING_SOURCES)
                .unwrap()
                .insert(5, codec::encode(&old).as_slice())
                .unwrap();
            at_schema(&txn, 7);
        }
        txn.commit().unwrap();
    }
    let store = crate::platform::store::FileStore::open(dir.path()).unwrap();
    let txn = store.read().unwrap();
    let table = txn.open_table(VENDOR_BOOKING_SOURCES).unwrap();
    // Stored as the seam's JSON since schema 21.
    let read: BookingSource = crate::platform::store::seam::value::decode(
        "vendor_booking_sources",
        table.get(5).unwrap().unwrap().value(),
    )
    .unwrap();
    assert_eq!(
        read,
        BookingSource::checked("https://acme.example.com/demo", "2026-11-20")
    );
    // The imported kind, as schema 8 writes it, is today's type.
    let frozen = shapes::BookingSource::Imported(shapes::ImportedBy {
        user_id: Some(1),
        file_name: "vendors.csv".into(),
        on: "2026-11-25".into(),
    });
    assert_eq!(
        codec::decode::<BookingSource>(&codec::encode(&frozen)).unwrap(),
        BookingSource::Imported(ImportedBy {
            user_id: Some(1),
            file_name: "vendors.csv".into(),
            on: "2026-11-25".into(),
        })
    );
    assert_eq!(
        meta_get(&txn, "schema_version").unwrap(),
        Some(SCHEMA_VERSION)
    );
}

#[test]
fn the_shapes_the_migrations_write_are_the_domains_stored_values_at_this_version() {
    // Schema 23 moved the vendor accounts' values as they were, and schema 24 cut the bookings'
    // identities into other runs: no shape of their own.
    assert_eq!(
        SCHEMA_VERSION, 24,
        "compare the shapes with the new version's types"
    );
    // Schema 22's accounts in JSON, as the seam stores them.
    let frozen = serde_json::to_value(shapes::StoredUser {
        name: "Ann".into(),
        email: "Ann@Doe.com".into(),
        email_key: 7,
        firm_role: shapes::FirmRole::Viewer,
        password_hash: "x".into(),
        is_admin: true,
        created_at: 9,
    })
    .unwrap();
    assert_eq!(
        serde_json::from_value::<crate::accounts::storage::users::Stored>(frozen).unwrap(),
        crate::accounts::storage::users::Stored {
            name: "Ann".into(),
            email: "Ann@Doe.com".into(),
            email_key: 7,
            firm_role: crate::platform::caller::FirmRole::Viewer,
            password_hash: "x".into(),
            is_admin: true,
            created_at: 9,
        }
    );
    assert_eq!(
        crate::accounts::storage::users::email_key("Ann@Doe.com"),
        crate::platform::store::seam::text_key("ann@doe.com"),
        "schema 22 keyed each email as the accounts' storage does"
    );
    fn same<A: serde::Serialize, B: serde::de::DeserializeOwned + PartialEq + std::fmt::Debug>(
        frozen: &A,
        today: B,
    ) {
        assert_eq!(codec::decode::<B>(&codec::encode(frozen)).unwrap(), today);
    }
    let firm_size = crate::platform::firm_size::FirmSize::parse("E6_20");
    // One value built twice: as the frozen shape and as today's type.
    macro_rules! same_value {
        ($($frozen:ident)::+, $($today:ident)::+ { $($field:ident: $value:expr),* $(,)? }) => {
            same(
                &$($frozen)::+ { $($field: $value),* },
                $($today)::+ { $($field: $value),* },
            )
        };
    }
    // Schema 20's firms in JSON, as the seam stores them.
    let frozen = serde_json::to_value(shapes::StoredFirm {
        name: "Doe LLP".into(),
        size: firm_size,
        created_at: 9,
        verified: true,
        disabled: false,
    })
    .unwrap();
    assert_eq!(
        serde_json::from_value::<crate::accounts::storage::firms::Stored>(frozen).unwrap(),
        crate::accounts::storage::firms::Stored {
            name: "Doe LLP".into(),
            size: firm_size,
            created_at: 9,
            verified: true,
            disabled: false,
        }
    );
    same_value!(
        shapes::Vendor,
        crate::catalog::Vendor {
            id: 1,
            name: "Acme".into(),
            category_id: 2,
            website_url: Some("https://acme.example".into()),
            booking_url: None,
            logo_url: None,
            description: "d".into(),
            short_highlights: vec!["h".into()],
            integrations: vec!["i".into()],
            price_bracket: Some(2),
            firm_sizes_supported: firm_size.into_iter().collect(),
            practice_areas_supported: vec!["PI".into()],
            geo_focus: None,
            tags: vec!["t".into()],
            is_recommended_partner: true,
            partner_level: Some("Gold".into()),
            is_active: true,
            needs_review: false,
        }
    );
    {
        use crate::platform::caller::FirmRole;
        same(&shapes::FirmRole::Owner, FirmRole::Owner);
        same(&shapes::FirmRole::Admin, FirmRole::Admin);
        same(&shapes::FirmRole::Member, FirmRole::Member);
        same(&shapes::FirmRole::Viewer, FirmRole::Viewer);
    }
    {
        use crate::notifications::model::{NoticeKind, Pref, Stored};
        // Every kind in order (bincode keeps a variant by its position), named as today's JSON
        // names it (schema 12 writes the frozen shape's JSON), and no kind of today's left out.
        let kinds = [
            (shapes::NoticeKind::RoleChanged, NoticeKind::RoleChanged),
            (shapes::NoticeKind::NewSignIn, NoticeKind::NewSignIn),
            (shapes::NoticeKind::DemoFollowUp, NoticeKind::DemoFollowUp),
            (
                shapes::NoticeKind::RenewalReminder,
                NoticeKind::RenewalReminder,
            ),
            (
                shapes::NoticeKind::DecisionApproval,
                NoticeKind::DecisionApproval,
            ),
            (shapes::NoticeKind::VendorClaim, NoticeKind::VendorClaim),
            (
                shapes::NoticeKind::VendorProposal,
                NoticeKind::VendorProposal,
            ),
            (shapes::NoticeKind::FirmDeletion, NoticeKind::FirmDeletion),
            (
                shapes::NoticeKind::OperatorHandover,
                NoticeKind::OperatorHandover,
            ),
            (shapes::NoticeKind::DemoAnswered, NoticeKind::DemoAnswered),
        ];
        assert_eq!(kinds.len(), NoticeKind::ALL.len());
        for (frozen, now) in kinds {
            assert_eq!(serde_json::to_value(&frozen).unwrap(), now.code());
            same(&frozen, now);
        }
        let frozen = shapes::Notice {
            id: 1,
            kind: shapes::NoticeKind::DemoAnswered,
            firm_id: 2,
            title: "t".into(),
            body: "b".into(),
            link: "/l".into(),
            created_at: 3,
            read: true,
        };
        let today = Stored {
            id: 1,
            kind: NoticeKind::DemoAnswered,
            firm_id: 2,
            title: "t".into(),
            body: "b".into(),
            link: "/l".into(),
            created_at: 3,
            read: true,
        };
        let json = serde_json::to_value(&frozen).unwrap();
        assert_eq!(serde_json::from_value::<Stored>(json).unwrap(), today);
        same(&frozen, today);
        same_value!(
            shapes::NoticePref,
            Pref {
                email: false,
                in_app: true,
            }
        );
    }
    same_value!(
        shapes::Factor,
        crate::accounts::model::Factor {
            secret: vec![7; 20],
            created_at: 1_700_000_000,
            confirmed_at: Some(1_700_000_060),
            last_used_step: 56_666_668,
            recovery: vec![[1; 32], [2; 32]],
        }
    );
    same(
        &vec![shapes::KnownDevice {
            device: "Firefox on Linux".into(),
            address: "10.0.0.1".into(),
            last_seen: 1_700_000_000,
        }],
        vec![crate::accounts::storage::devices::KnownDevice {
            device: "Firefox on Linux".into(),
            address: "10.0.0.1".into(),
            last_seen: 1_700_000_000,
        }],
    );
    same_value!(
        shapes::Requirement,
        crate::accounts::model::Requirement {
            required: true,
            set_by: 3,
            set_at: 1_700_000_000,
        }
    );
    same_value!(
        shapes::Offer,
        crate::accounts::storage::handover::Offer {
            id: (1 << 53) - 1,
            from_user: 1,
            to_user: 2,
            offered_at: 1_700_000_000,
            expires_at: 1_700_604_800,
        }
    );
    same_value!(
        shapes::Consent,
        crate::accounts::model::Consent {
            share: true,
            by_user: 3,
            by_name: "Ann Doe".into(),
            at: 1_700_000_000,
        }
    );
    {
        use crate::profile::bands as today;
        // Every band of each answer, in order (bincode keeps a variant by its position), and no
        // band of today's left out.
        macro_rules! every_band {
            ($band:ident: $($variant:ident),+) => {{
                let pairs = [$((shapes::$band::$variant, today::$band::$variant)),+];
                assert_eq!(pairs.len(), today::$band::CODES.len(), stringify!($band));
                for (frozen, now) in pairs {
                    same(&frozen, now);
                }
            }};
        }
        every_band!(AttorneysBand: Solo, A2To5, A6To15, A16To30, A31To50, A51Plus);
        every_band!(EmployeesBand: E2To10, E11To50, E51To200, E200Plus);
        every_band!(CasesBand: C1To10, C11To25, C26To50, C51To100, C101Plus);
        every_band!(SpendBand: S0To5K, S5To10K, S10To40K, S40To100K, S100To500K, S500KTo1M, S1MPlus);
    }
    same(
        &shapes::Dismissal {
            at: 5,
            reason: shapes::DismissReason::Other("x".into()),
        },
        crate::recommend::dismissals::Dismissal {
            at: 5,
            reason: crate::recommend::dismissals::DismissReason::Other("x".into()),
        },
    );
    {
        use crate::recommend::dismissals::DismissReason;
        same(
            &shapes::DismissReason::TooExpensive,
            DismissReason::TooExpensive,
        );
        same(
            &shapes::DismissReason::DoesntIntegrate,
            DismissReason::DoesntIntegrate,
        );
        same(
            &shapes::DismissReason::AlreadyEvaluated,
            DismissReason::AlreadyEvaluated,
        );
        same(
            &shapes::DismissReason::NotRightForPractice,
            DismissReason::NotRightForPractice,
        );
        same(&shapes::DismissReason::NotGiven, DismissReason::NotGiven);
    }
    same_value!(
        shapes::Response,
        crate::recommend::model::StoredResponse {
            id: 1,
            user_id: 2,
            firm_id: 3,
            category_id: 4,
            answers: vec![(5, vec!["a".into()])],
            at: 6,
        }
    );
    // Schema 14's responses in bincode, and their JSON as the seam stores it from schema 15.
    same_json::<shapes::Response, _>(&crate::recommend::model::StoredResponse {
        id: 1,
        user_id: 2,
        firm_id: 3,
        category_id: 4,
        answers: vec![(5, vec!["a".into(), "b".into()]), (6, vec![])],
        at: 6,
    });
    use crate::shortlist::model as today;
    same(
        &shapes::Entry {
            status: shapes::Status::Rejected,
            note: "n".into(),
            note_by: Some("Ann".into()),
            note_at: Some(3),
            reject_reason: Some("r".into()),
            history: vec![shapes::StatusChange {
                status: shapes::Status::DemoHeld,
                at: 2,
                by: None,
            }],
            outcome: shapes::Outcome {
                demo_held: Some(true),
                chosen: Some(false),
                chosen_at: None,
                satisfaction: Some(4),
            },
            added_at: 1,
            recorded: Some(shapes::Recorded {
                reasons: vec!["fits".into()],
                at: 7,
            }),
        },
        today::Entry {
            status: today::Status::Rejected,
            note: "n".into(),
            note_by: Some("Ann".into()),
            note_at: Some(3),
            reject_reason: Some("r".into()),
            history: vec![today::StatusChange {
                status: today::Status::DemoHeld,
                at: 2,
                by: None,
            }],
            outcome: today::Outcome {
                demo_held: Some(true),
                chosen: Some(false),
                chosen_at: None,
                satisfaction: Some(4),
            },
            added_at: 1,
            recorded: Some(today::Recorded {
                reasons: vec!["fits".into()],
                at: 7,
            }),
        },
    );
    same(&shapes::Status::NotChosen, today::Status::NotChosen);
    same(
        &shapes::DemoDate {
            day: 20_000,
            set_by: 3,
        },
        today::DemoDate {
            day: 20_000,
            set_by: 3,
        },
    );
    // Schema 10's saved view in bincode, and its JSON as the seam stores it from schema 11.
    let today = crate::saved_views::model::SavedView {
        id: 1,
        firm_id: 2,
        name: "Texas".into(),
        params: "state=TX".into(),
        created_at: 3,
        created_by: Some("Ann".into()),
    };
    let frozen: shapes::SavedView = codec::decode(&codec::encode(&today)).unwrap();
    let json = crate::platform::store::seam::value::encode("saved_views", &frozen).unwrap();
    assert_eq!(
        crate::platform::store::seam::value::decode::<crate::saved_views::model::SavedView>(
            "saved_views",
            &json
        )
        .unwrap(),
        today
    );
    same_value!(
        shapes::Adoption,
        crate::techstack::model::Adoption {
            has_tool: true,
            vendor_ids: vec![3, 9],
            primary_vendor_id: Some(9),
            other_vendors: vec!["Excel".into()],
        }
    );
    same_value!(
        shapes::Contract,
        crate::techstack::contracts::Contract {
            firm_id: 1,
            vendor_id: 2,
            start: 739_000,
            term_months: 12,
            renewal: 739_365,
            notice_days: 30,
            annual_cost: 1_200_000,
            seats: 5,
            responsible_user_id: 7,
            updated_at: 1_800_000_000,
            updated_by: Some("Ann Doe".into()),
        }
    );
    same_value!(
        shapes::Feed,
        crate::techstack::storage::contracts::Feed {
            firm_id: 1,
            token_hash: [7; 32],
            created_at: 1_800_000_000,
        }
    );
    // Schema 12's decisions and versions in bincode, and their JSON as the seam stores it from
    // schema 13: every status, verdict and tech-stack step by position, named as today's.
    for (i, tech_step) in decision_steps().into_iter().enumerate() {
        let today = decision(i as u64, tech_step);
        let frozen: shapes::Decision = codec::decode(&codec::encode(&today)).unwrap();
        assert_eq!(
            serde_json::to_value(&frozen).unwrap(),
            serde_json::to_value(&today).unwrap()
        );
    }
    let today = decision_version(2);
    let frozen: shapes::DecisionVersion = codec::decode(&codec::encode(&today)).unwrap();
    assert_eq!(
        serde_json::to_value(&frozen).unwrap(),
        serde_json::to_value(&today).unwrap()
    );
    // Schema 13's single sign-on in bincode, and its JSON as the seam stores it from schema 14:
    // every role and status by position, named as today's.
    fn same_json<A: serde::Serialize + serde::de::DeserializeOwned, B: serde::Serialize>(
        today: &B,
    ) {
        let frozen: A = codec::decode(&codec::encode(today)).unwrap();
        assert_eq!(
            serde_json::to_value(&frozen).unwrap(),
            serde_json::to_value(today).unwrap()
        );
    }
    use crate::accounts::sso::model as sso;
    for role in crate::platform::caller::FirmRole::ALL {
        same_json::<shapes::SsoConfig, _>(&sso::SsoConfig {
            firm_id: 1,
            issuer: "https://id.example".into(),
            client_id: "c".into(),
            client_secret: "s".into(),
            default_role: role,
            require_sso: true,
            updated_at: 1_800_000_000,
        });
    }
    for status in [
        sso::DomainStatus::Pending,
        sso::DomainStatus::Confirmed,
        sso::DomainStatus::Refused,
    ] {
        same_json::<shapes::DomainClaim, _>(&sso::DomainClaim {
            domain: "a.com".into(),
            firm_id: 1,
            status,
            claimed_at: 1_800_000_000,
            decided_at: Some(1_800_000_001),
        });
    }
    let flow = sso::Flow {
        firm_id: 1,
        nonce: "n".into(),
        pkce_verifier: "v".into(),
        redirect_uri: "https://x.example/cb".into(),
        return_path: "/".into(),
        created_at: 1_800_000_000,
    };
    same_json::<shapes::Flow, _>(&flow);
    let frozen = shapes::StoredFlow {
        state_hash: [9; 32],
        flow: codec::decode(&codec::encode(&flow)).unwrap(),
    };
    assert_eq!(
        serde_json::to_value(&frozen).unwrap(),
        serde_json::to_value(crate::accounts::sso::storage::StoredFlow {
            state_hash: [9; 32],
            flow,
        })
        .unwrap()
    );
    same_json::<shapes::SsoLink, _>(&sso::SsoLink {
        issuer: "https://id.example".into(),
        subject: "ann".into(),
        user_id: 7,
        created_at: 1_800_000_000,
    });
    // Read only by the migrations: today's values read back through the frozen shapes.
    let rec = crate::recommend::model::PastRec {
        at: 8,
        rank: 1,
        strengths: vec!["s".into()],
    };
    let read: shapes::PastRec = codec::decode(&codec::encode(&rec)).unwrap();
    assert_eq!(
        (read.at, read.rank, read.strengths),
        (8, 1, rec.strengths.clone())
    );
    // Schema 13's recommendations in bincode, and their JSON as the seam stores it from schema
    // 14: every pick source and dismissal reason by position, named as today's.
    same_json::<shapes::PastRec, _>(&rec);
    for set in recommend_sets() {
        same_json::<shapes::PickSet, _>(&set);
        same_json::<shapes::ClearedSet, _>(&crate::recommend::model::ClearedSet {
            set,
            cleared_at: 9,
        });
    }
    for dismissal in recommend_dismissals() {
        same_json::<shapes::Dismissal, _>(&dismissal);
    }
    let click = crate::catalog::model::MeetingClick {
        id: 3,
        user_id: 4,
        vendor_id: 5,
        source_page: crate::catalog::model::SourcePage::Browse,
        at: 6,
        kind: Default::default(),
    };
    let read: shapes::MeetingClickKeys = codec::decode(&codec::encode(&click)).unwrap();
    assert_eq!((read.id, read.user_id, read.vendor_id), (3, 4, 5));
    // Schema 14's "What firms pay" in bincode, and its JSON as the seam stores it from 15.
    let (head, entry) = what_firms_pay_snapshot();
    let frozen: shapes::SnapshotHead = codec::decode(&codec::encode(&head)).unwrap();
    let json = serde_json::to_value(&frozen).unwrap();
    assert_eq!(serde_json::from_value::<Head>(json).unwrap(), head);
    let frozen: shapes::SnapshotEntry = codec::decode(&codec::encode(&entry)).unwrap();
    assert_eq!(
        codec::decode::<Entry>(&codec::encode(&frozen)).unwrap(),
        entry
    );
    let json = serde_json::to_value(&frozen).unwrap();
    assert_eq!(serde_json::from_value::<Entry>(json).unwrap(), entry);
    // Schema 14's scheduled deletions in bincode, and their JSON as the seam stores it from 15.
    let scheduled = deletion();
    let frozen: shapes::Deletion = codec::decode(&codec::encode(&scheduled)).unwrap();
    let json = serde_json::to_value(&frozen).unwrap();
    assert_eq!(
        serde_json::from_value::<crate::accounts::storage::deletion::Deletion>(json).unwrap(),
        scheduled
    );
    // Schema 14's reset links in bincode, and their JSON as the seam stores it from 15.
    let link = reset_link();
    let frozen: shapes::ResetLink = codec::decode(&codec::encode(&link)).unwrap();
    let json = serde_json::to_value(&frozen).unwrap();
    assert_eq!(
        serde_json::from_value::<crate::accounts::links::ResetLink>(json).unwrap(),
        link
    );
    // Schema 16's audit lines in bincode, each action by its position, and their JSON as the seam
    // stores it from 17.
    for action in crate::accounts::audit::AuditAction::ALL {
        let entry = audit_line(action);
        let frozen: shapes::AuditEntry = codec::decode(&codec::encode(&entry)).unwrap();
        assert_eq!(shapes::AUDIT_ACTIONS[frozen.action as usize], action.code());
        let json = serde_json::to_value(shapes::AuditLine {
            at: frozen.at,
            actor: frozen.actor,
            action: shapes::AUDIT_ACTIONS[frozen.action as usize].to_string(),
            detail: frozen.detail,
        })
        .unwrap();
        assert_eq!(
            json,
            serde_json::to_value(crate::accounts::storage::audit::Line::of(&entry)).unwrap()
        );
    }
    // Schema 17's notes of why sessions ended in bincode, each reason by its position, and their
    // JSON as the seam stores it from 18.
    {
        use crate::accounts::model::{EndReason, EndedSession};
        use crate::accounts::storage::ended::Ended;
        for reason in [
            EndReason::PasswordChanged,
            EndReason::PasswordReset,
            EndReason::EmailChanged,
            EndReason::Removed,
        ] {
            let ended = EndedSession {
                reason,
                firm_name: Some("Alder".into()),
                at: 1_800_000_000,
            };
            let frozen: shapes::EndedSession = codec::decode(&codec::encode(&ended)).unwrap();
            let json = serde_json::to_value(shapes::StoredEnded {
                token_hash: [7; 32],
                reason: frozen.reason.code().to_string(),
                firm_name: frozen.firm_name,
                at: frozen.at,
            })
            .unwrap();
            let today = Ended {
                token_hash: [7; 32],
                reason: reason.code().to_string(),
                firm_name: Some("Alder".into()),
                at: 1_800_000_000,
            };
            assert_eq!(json, serde_json::to_value(today).unwrap());
        }
    }
    // Schema 18's sessions and their devices in bincode, and their JSON as the seam stores it
    // from 19.
    {
        use crate::accounts::model::{Session, SessionDevice};
        use crate::accounts::storage::sessions::Stored;
        let session = Session {
            user_id: 1,
            created_at: 1_700_000_100,
            last_seen: 1_700_000_200,
        };
        let device = SessionDevice {
            device: "Firefox on Linux".into(),
            address: "10.0.0.1".into(),
            started_at: 1_700_000_100,
        };
        let frozen: shapes::Session = codec::decode(&codec::encode(&session)).unwrap();
        let frozen_device: shapes::SessionDevice = codec::decode(&codec::encode(&device)).unwrap();
        let json = serde_json::to_value(shapes::StoredSession {
            token_hash: [7; 32],
            created_at: frozen.created_at,
            last_seen: frozen.last_seen,
            device: Some(frozen_device),
        })
        .unwrap();
        let today = Stored {
            token_hash: [7; 32],
            created_at: session.created_at,
            last_seen: session.last_seen,
            device: Some(device),
        };
        assert_eq!(json, serde_json::to_value(today).unwrap());
        assert_eq!(frozen.user_id, session.user_id);
    }
    // Schema 15's invitations in bincode, and their JSON as the seam stores it from 16.
    let frozen: shapes::Invitation = codec::decode(&codec::encode(&invitation())).unwrap();
    let json = serde_json::to_value(shapes::StoredInvitation {
        token_key: 7,
        invitation: frozen,
    })
    .unwrap();
    assert_eq!(
        serde_json::from_value::<crate::accounts::storage::links::invitations::Stored>(json)
            .unwrap(),
        crate::accounts::storage::links::invitations::Stored {
            token_key: 7,
            invitation: invitation(),
        }
    );
    // Schema 15's logo copies in bincode, and their JSON as the seam stores it from 16.
    let (sha256, copy) = logo();
    let schema_15 = codec::encode(&(
        &copy.content_type,
        &copy.source_url,
        &copy.copied_on,
        &copy.bytes,
    ));
    let frozen: shapes::Logo = codec::decode(&schema_15).unwrap();
    let json = serde_json::to_value(shapes::StoredLogo {
        sha256: sha256.clone(),
        logo: frozen,
    })
    .unwrap();
    assert_eq!(
        serde_json::from_value::<crate::catalog::logos::Stored>(json).unwrap(),
        crate::catalog::logos::Stored { sha256, logo: copy }
    );
    // Schema 14's mail settings in bincode, and their JSON as the seam stores it from 15.
    let frozen: shapes::MailSettings = codec::decode(&codec::encode(&mail_settings())).unwrap();
    let json = serde_json::to_value(&frozen).unwrap();
    assert_eq!(
        serde_json::from_value::<crate::mail::MailSettings>(json).unwrap(),
        mail_settings()
    );
    // Schema 13's clicks in bincode, and their JSON as the seam stores it from schema 14: every
    // page by position, named as today's (the kind, today's last field, was never in them).
    use crate::catalog::model::SourcePage;
    for page in [
        SourcePage::Browse,
        SourcePage::PastRecs,
        SourcePage::GetRecStages,
        SourcePage::GetRec,
        SourcePage::Compare,
        SourcePage::Profile,
    ] {
        let today = crate::catalog::model::MeetingClick {
            source_page: page,
            ..click.clone()
        };
        let frozen: shapes::MeetingClick = codec::decode(&codec::encode(&today)).unwrap();
        let json = serde_json::to_value(&frozen).unwrap();
        assert_eq!(
            serde_json::from_value::<crate::catalog::model::MeetingClick>(json).unwrap(),
            today
        );
    }
}

#[test]
fn version_9_bookings_move_into_blocks() {
    use crate::platform::store::row_blocks::Block;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("litstack.redb");
    // Ids with a gap (a removed sample set, a failed import), rows of different lengths.
    let rows: Vec<(u64, Vec<u8>)> = (1..=40u64)
        .chain(100..=130)
        .map(|id| (id, vec![id as u8; (id % 7) as usize]))
        .collect();
    {
        let db = Database::create(&path).unwrap();
        let txn = db.begin_write().unwrap();
        create_tables(&txn).unwrap();
        {
            let mut old = txn.open_table(V8_BOOKINGS).unwrap();
            for (id, row) in &rows {
                old.insert(id, row.as_slice()).unwrap();
            }
            at_schema(&txn, 8);
        }
        txn.commit().unwrap();
    }
    let store = crate::platform::store::FileStore::open(dir.path()).unwrap();
    let txn = store.read().unwrap();
    let blocks = txn.open_table(BOOKING_BLOCKS).unwrap();
    let mut read = Vec::new();
    for entry in blocks.iter().unwrap() {
        let (first, value) = entry.unwrap();
        let Block::Encoded(block) = Block::parse(first.value(), value.value()).unwrap() else {
            panic!("the conversion writes encoded rows")
        };
        read.extend(block.rows().map(|(id, row)| (id, row.to_vec())));
    }
    assert_eq!(read, rows);
    assert_eq!(blocks.len().unwrap(), 1, "one block, its ids listed");
    assert!(txn.open_table(BOOKING_CHANGES).unwrap().is_empty().unwrap());
    assert!(
        txn.open_table(V8_BOOKINGS).is_err(),
        "the old table is gone"
    );
    assert_eq!(
        crate::platform::store::row_blocks::stored_bookings(&txn).unwrap(),
        rows.len() as u64
    );
    assert_eq!(
        meta_get(&txn, "schema_version").unwrap(),
        Some(SCHEMA_VERSION)
    );
}

#[test]
fn the_conversion_into_blocks_is_refused_without_the_disk_it_needs() {
    let dir = std::path::Path::new("/srv/litstack");
    let what = "stores the 2000000 bookings in blocks";
    let refused = room_for(300 << 20, Some(100 << 20), what, dir).unwrap_err();
    assert_eq!(
        refused.to_string(),
        "this version stores the 2000000 bookings in blocks, which needs about 300 MB free on \
         the disk of /srv/litstack for the conversion, and 100 MB are free; free some space and \
         start again (the database is unchanged)"
    );
    assert!(room_for(300 << 20, Some(300 << 20), what, dir).is_ok());
    assert!(
        room_for(300 << 20, None, what, dir).is_ok(),
        "unknown: tried"
    );
}

#[test]
fn version_10_shortlist_is_stored_as_json_and_reads_the_same() {
    use crate::shortlist::model as today;
    use crate::shortlist::storage::{ENTRIES, REMOVED, demos};
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("litstack.redb");
    let entry = |status: fn() -> shapes::Status, note: &str| shapes::Entry {
        status: status(),
        note: note.into(),
        note_by: Some("Ann Doe".into()),
        note_at: Some(20),
        reject_reason: None,
        history: vec![
            shapes::StatusChange {
                status: shapes::Status::Considering,
                at: 10,
                by: None,
            },
            shapes::StatusChange {
                status: status(),
                at: 30,
                by: Some("Ann Doe".into()),
            },
        ],
        outcome: shapes::Outcome {
            demo_held: Some(true),
            chosen: None,
            chosen_at: None,
            satisfaction: None,
        },
        added_at: 10,
        recorded: Some(shapes::Recorded {
            reasons: vec!["Integrates with Clio".into()],
            at: 10,
        }),
    };
    {
        let db = Database::create(&path).unwrap();
        let txn = db.begin_write().unwrap();
        create_tables(&txn).unwrap();
        {
            let mut rows = txn.open_table(SHORTLIST).unwrap();
            rows.insert(
                (1, 7),
                codec::encode(&entry(|| shapes::Status::DemoHeld, "Ask")).as_slice(),
            )
            .unwrap();
            rows.insert(
                (2, 7),
                codec::encode(&entry(|| shapes::Status::NotChosen, "")).as_slice(),
            )
            .unwrap();
            let removed = shapes::Removed {
                entry: entry(|| shapes::Status::DemoBooked, "Gone"),
                removed_at: 40,
                removed_by: None,
            };
            txn.open_table(SHORTLIST_REMOVED)
                .unwrap()
                .insert((1, 8), codec::encode(&removed).as_slice())
                .unwrap();
            let date = shapes::DemoDate {
                day: 20_000,
                set_by: 5,
            };
            txn.open_table(DEMO_DATES)
                .unwrap()
                .insert((1, 7), codec::encode(&date).as_slice())
                .unwrap();
            at_schema(&txn, 10);
        }
        txn.commit().unwrap();
    }

    let store = crate::platform::store::Store::File(
        crate::platform::store::FileStore::open(dir.path()).unwrap(),
    );
    let entry = |status: today::Status, note: &str| today::Entry {
        status,
        note: note.into(),
        note_by: Some("Ann Doe".into()),
        note_at: Some(20),
        reject_reason: None,
        history: vec![
            today::StatusChange {
                status: today::Status::Considering,
                at: 10,
                by: None,
            },
            today::StatusChange {
                status,
                at: 30,
                by: Some("Ann Doe".into()),
            },
        ],
        outcome: today::Outcome {
            demo_held: Some(true),
            ..Default::default()
        },
        added_at: 10,
        recorded: Some(today::Recorded {
            reasons: vec!["Integrates with Clio".into()],
            at: 10,
        }),
    };
    let (entries, removed) = crate::platform::store::seam::read(&store, |tx| {
        Ok((tx.range(&ENTRIES, &[])?, tx.range(&REMOVED, &[])?))
    })
    .unwrap();
    assert_eq!(
        entries,
        [
            ((1, 7), entry(today::Status::DemoHeld, "Ask")),
            ((2, 7), entry(today::Status::NotChosen, "")),
        ]
    );
    assert_eq!(
        removed,
        [(
            (1, 8),
            today::Removed {
                entry: entry(today::Status::DemoBooked, "Gone"),
                removed_at: 40,
                removed_by: None,
            }
        )]
    );
    let firm = crate::platform::firm_id::FirmId::from_stored;
    assert_eq!(
        demos::load(&store, firm(1)).unwrap(),
        std::collections::HashMap::from([(
            7,
            today::DemoDate {
                day: 20_000,
                set_by: 5
            }
        )]),
    );
    assert_eq!(
        demos::due(&store, 20_000, 20_000).unwrap(),
        [(
            (1, 7),
            today::DemoDate {
                day: 20_000,
                set_by: 5
            }
        )],
        "the by-day index reads the converted rows"
    );
    let txn = store.file().unwrap().read().unwrap();
    let json = stored_json(&txn, SHORTLIST, (2, 7));
    assert_eq!(json["status"], "Not chosen", "statuses by their names");
    assert_eq!(json["history"][1]["by"], "Ann Doe");
}

/// A file at schema 11 holds the notices in bincode, each person's choices by (person, kind code)
/// and the unsubscribe secret in the settings: schema 12 rewrites the notices as the seam's JSON,
/// gathers the choices into one row per person and gives the secret a table of its own, and the
/// notifications read all of it the same through the seam (the notices' ids go on from the file's
/// sequence).
#[test]
fn version_11_notices_choices_and_secret_read_the_same_on_the_seam() {
    use crate::notifications::model::{NoticeKind, Pref};
    use crate::notifications::storage as notices;
    use crate::platform::store::{NOTICES, SETTINGS};
    const V11_NOTICE_PREFS: redb::TableDefinition<(u64, &str), &[u8]> =
        redb::TableDefinition::new("notice_prefs");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("litstack.redb");
    let notice = |id: u64, kind: shapes::NoticeKind, read: bool| shapes::Notice {
        id,
        kind,
        firm_id: 3,
        title: format!("Notice {id}"),
        body: "What happened".into(),
        link: "/shortlist".into(),
        created_at: 1_700_000_000 + id as i64,
        read,
    };
    let secret = [7u8; 32];
    {
        let db = Database::create(&path).unwrap();
        let txn = db.begin_write().unwrap();
        create_tables(&txn).unwrap();
        {
            let mut rows = txn.open_table(NOTICES).unwrap();
            for n in [
                notice(41, shapes::NoticeKind::RoleChanged, true),
                notice(42, shapes::NoticeKind::DemoAnswered, false),
            ] {
                rows.insert((7, n.id), codec::encode(&n).as_slice())
                    .unwrap();
            }
            let mut prefs = txn.open_table(V11_NOTICE_PREFS).unwrap();
            let pref = |email, in_app| shapes::NoticePref { email, in_app };
            for (key, p) in [
                ((7, "roleChanged"), pref(false, true)),
                ((7, "demoAnswered"), pref(true, false)),
                ((7, "gone"), pref(false, false)),
                ((8, "newSignIn"), pref(true, false)),
            ] {
                prefs.insert(key, codec::encode(&p).as_slice()).unwrap();
            }
            txn.open_table(SETTINGS)
                .unwrap()
                .insert("unsubscribe_secret", secret.as_slice())
                .unwrap();
            let mut meta = txn.open_table(META).unwrap();
            meta.insert("seq:notices", 45).unwrap();
            meta.insert("schema_version", 11).unwrap();
        }
        txn.commit().unwrap();
    }

    let store = crate::platform::store::Store::File(
        crate::platform::store::FileStore::open(dir.path()).unwrap(),
    );
    let (unread, listed) = notices::list(&store, 7, 50).unwrap();
    assert_eq!(unread, 1);
    let listed: Vec<serde_json::Value> = listed
        .into_iter()
        .map(|n| serde_json::to_value(n).unwrap())
        .collect();
    let want = [
        notice(42, shapes::NoticeKind::DemoAnswered, false),
        notice(41, shapes::NoticeKind::RoleChanged, true),
    ]
    .map(|n| serde_json::to_value(n).unwrap());
    assert_eq!(listed, want);
    assert_eq!(listed[0]["kind"], "demoAnswered");
    let pref = |email, in_app| Pref { email, in_app };
    assert_eq!(
        notices::prefs(&store, 7).unwrap(),
        std::collections::HashMap::from([
            (NoticeKind::RoleChanged, pref(false, true)),
            (NoticeKind::DemoAnswered, pref(true, false)),
        ])
    );
    assert_eq!(
        notices::prefs(&store, 8).unwrap(),
        std::collections::HashMap::from([(NoticeKind::NewSignIn, pref(true, false))])
    );
    assert_eq!(notices::secret(&store).unwrap(), secret);
    {
        let txn = store.file().unwrap().read().unwrap();
        assert!(
            txn.open_table(SETTINGS)
                .unwrap()
                .get("unsubscribe_secret")
                .unwrap()
                .is_none()
        );
        assert_eq!(stored_json(&txn, NOTICES, (7, 41)), want[1]);
        assert_eq!(
            meta_get(&txn, "schema_version").unwrap(),
            Some(SCHEMA_VERSION)
        );
    }
    // A new notice takes the next id of the file's sequence, under the others.
    let mut tx = store.begin().unwrap();
    notices::deliver_in(
        &mut tx,
        &notices::Delivery {
            notice: crate::notifications::Notice {
                kind: NoticeKind::RoleChanged,
                user_id: 7,
                firm_id: 3,
                title: "New".into(),
                body: "b".into(),
                link: String::new(),
                created_at: 1_700_000_100,
            },
            letter: crate::mail::letters::notice(
                NoticeKind::RoleChanged.message_kind(),
                3,
                "ann@doe-law.com",
                "Ann",
                "New",
                "b",
                None,
            ),
            base: None,
        },
    )
    .unwrap();
    tx.commit().unwrap();
    let (unread, listed) = notices::list(&store, 7, 50).unwrap();
    assert_eq!(unread, 2);
    assert_eq!(
        listed.iter().map(|n| n.id).collect::<Vec<_>>(),
        [46, 42, 41]
    );
}

#[test]
fn version_10_saved_views_are_stored_as_json_and_read_the_same() {
    use crate::saved_views::model::SavedView;
    use crate::saved_views::storage::list;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("litstack.redb");
    let view = |id: u64, firm_id: u64, name: &str, by: Option<&str>| shapes::SavedView {
        id,
        firm_id,
        name: name.into(),
        params: format!("state={name}"),
        created_at: 1_700_000_000 + id as i64,
        created_by: by.map(String::from),
    };
    let before = [
        view(3, 1, "Texas", Some("Ann Doe")),
        view(4, 1, "Ohio", None),
        view(9, 2, "Utah", None),
    ];
    {
        let db = Database::create(&path).unwrap();
        let txn = db.begin_write().unwrap();
        create_tables(&txn).unwrap();
        {
            let mut table = txn.open_table(SAVED_VIEWS).unwrap();
            for v in &before {
                table
                    .insert((v.firm_id, v.id), codec::encode(v).as_slice())
                    .unwrap();
            }
            at_schema(&txn, 10);
        }
        txn.commit().unwrap();
    }

    let store = crate::platform::store::Store::File(
        crate::platform::store::FileStore::open(dir.path()).unwrap(),
    );
    let today = |v: &shapes::SavedView| SavedView {
        id: v.id,
        firm_id: v.firm_id,
        name: v.name.clone(),
        params: v.params.clone(),
        created_at: v.created_at,
        created_by: v.created_by.clone(),
    };
    let firm = crate::platform::firm_id::FirmId::from_stored;
    assert_eq!(
        list(&store, firm(1)).unwrap(),
        [today(&before[1]), today(&before[0])],
        "by name"
    );
    assert_eq!(list(&store, firm(2)).unwrap(), [today(&before[2])]);
    let txn = store.file().unwrap().read().unwrap();
    assert_eq!(
        stored_json(&txn, SAVED_VIEWS, (1, 3)),
        serde_json::json!({
            "id": 3, "firm_id": 1, "name": "Texas", "params": "state=Texas",
            "created_at": 1_700_000_003, "created_by": "Ann Doe",
        }),
        "the JSON PostgreSQL's jsonb holds"
    );
    assert_eq!(
        meta_get(&txn, "schema_version").unwrap(),
        Some(SCHEMA_VERSION)
    );
}

/// A file at schema 11 holds the evaluation rounds as JSON already (they never were bincode): it
/// opens at this schema with the same bytes, and the evaluations read them the same through the
/// seam.
#[test]
fn version_11_evaluation_rounds_read_the_same_through_the_seam() {
    use crate::evaluations::model::{Criterion, Round};
    use crate::platform::store::EVALUATION_ROUNDS;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("litstack.redb");
    let mut first = Round::new(4, 9, 1, 1_700_000_000);
    first.criteria = Some(vec![Criterion {
        id: "price".into(),
        name: "Price".into(),
        weight: 100,
    }]);
    let rounds = [first, Round::new(4, 9, 2, 1_700_000_100)];
    // As the evaluations wrote a round before the seam: `serde_json::to_string`.
    let stored: Vec<String> = rounds
        .iter()
        .map(|r| serde_json::to_string(r).unwrap())
        .collect();
    {
        let db = Database::create(&path).unwrap();
        let txn = db.begin_write().unwrap();
        create_tables(&txn).unwrap();
        {
            let mut table = txn.open_table(EVALUATION_ROUNDS).unwrap();
            for (round, json) in rounds.iter().zip(&stored) {
                table.insert((4, 9, round.round), json.as_bytes()).unwrap();
            }
            at_schema(&txn, 11);
        }
        txn.commit().unwrap();
    }

    let store = crate::platform::store::Store::File(
        crate::platform::store::FileStore::open(dir.path()).unwrap(),
    );
    let firm = crate::platform::firm_id::FirmId::from_stored(4);
    assert_eq!(
        crate::evaluations::storage::rounds(&store, firm, 9).unwrap(),
        rounds
    );
    let txn = store.file().unwrap().read().unwrap();
    let table = txn.open_table(EVALUATION_ROUNDS).unwrap();
    for (round, json) in rounds.iter().zip(&stored) {
        let bytes = table.get((4, 9, round.round)).unwrap().unwrap();
        assert_eq!(bytes.value(), json.as_bytes());
    }
    assert_eq!(
        meta_get(&txn, "schema_version").unwrap(),
        Some(SCHEMA_VERSION)
    );
}

/// A file at schema 11 holds the onboarding answers and the price-sharing choices in bincode, by
/// firm: schema 12 rewrites them as the seam's JSON, and their domains read them the same
/// through the seam.
#[test]
fn version_11_onboarding_and_price_sharing_are_stored_as_json_and_read_the_same() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("litstack.redb");
    {
        let db = Database::create(&path).unwrap();
        let txn = db.begin_write().unwrap();
        create_tables(&txn).unwrap();
        {
            let answers = shapes::Onboarding {
                attorneys_count_band: shapes::AttorneysBand::A51Plus,
                employees_count_band: shapes::EmployeesBand::E200Plus,
                injury_cases_per_month_band: shapes::CasesBand::C26To50,
                annual_software_spend_band: shapes::SpendBand::S500KTo1M,
            };
            txn.open_table(ONBOARDING)
                .unwrap()
                .insert(4, codec::encode(&answers).as_slice())
                .unwrap();
            let consent = shapes::Consent {
                share: true,
                by_user: 9,
                by_name: "Ann Doe".into(),
                at: 1_700_000_000,
            };
            txn.open_table(FIRM_PRICE_SHARING)
                .unwrap()
                .insert(4, codec::encode(&consent).as_slice())
                .unwrap();
            at_schema(&txn, 11);
        }
        txn.commit().unwrap();
    }

    let store = crate::platform::store::Store::File(
        crate::platform::store::FileStore::open(dir.path()).unwrap(),
    );
    let want = serde_json::json!({
        "attorneysCountBand": "A51P",
        "employeesCountBand": "E200P",
        "injuryCasesPerMonthBand": "C26_50",
        "annualSoftwareSpendBand": "S500_1M"
    });
    let found = crate::profile::storage::find_onboarding(
        &store,
        crate::platform::firm_id::FirmId::from_stored(4),
    )
    .unwrap()
    .map(|o| serde_json::to_value(o).unwrap());
    assert_eq!(found, Some(want.clone()));
    let firm = crate::platform::firm_id::FirmId::from_stored(4);
    assert_eq!(
        crate::accounts::storage::price_sharing::find(&store, firm).unwrap(),
        Some(crate::accounts::model::Consent {
            share: true,
            by_user: 9,
            by_name: "Ann Doe".into(),
            at: 1_700_000_000,
        })
    );
    assert_eq!(
        crate::accounts::storage::price_sharing::sharing_firms(&store).unwrap(),
        [firm]
    );
    let txn = store.file().unwrap().read().unwrap();
    assert_eq!(stored_json(&txn, ONBOARDING, 4), want);
    assert_eq!(
        txn.open_table(META)
            .unwrap()
            .get("schema_version")
            .unwrap()
            .map(|v| v.value()),
        Some(SCHEMA_VERSION)
    );
}

/// A file at schema 12 holds the tech stack's answers, contracts and calendar feeds in bincode,
/// and its reminder claims as plain integers: schema 13 rewrites the first three as the seam's
/// JSON, and the tech stack reads every one the same through the seam.
#[test]
fn version_12_tech_stack_contracts_feeds_and_claims_read_the_same_on_the_seam() {
    use crate::platform::firm_id::FirmId;
    use crate::techstack::storage::{self as techstack, contracts, reminders};
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("litstack.redb");
    let adoption = shapes::Adoption {
        has_tool: true,
        vendor_ids: vec![3, 9],
        primary_vendor_id: Some(9),
        other_vendors: vec!["Excel".into()],
    };
    let contract = shapes::Contract {
        firm_id: 4,
        vendor_id: 9,
        start: 739_000,
        term_months: 12,
        renewal: 739_365,
        notice_days: 30,
        annual_cost: 1_200_000,
        seats: 5,
        responsible_user_id: 7,
        updated_at: 1_800_000_000,
        updated_by: None,
    };
    let feed = shapes::Feed {
        firm_id: 4,
        token_hash: [5; 32],
        created_at: 1_800_000_000,
    };
    // Another firm's hash whose first 63 bits are the same: only the whole hash tells them apart.
    let mut close = [5; 32];
    close[31] = 6;
    let neighbour = shapes::Feed {
        firm_id: 6,
        token_hash: close,
        created_at: 1_800_000_001,
    };
    {
        let db = Database::create(&path).unwrap();
        let txn = db.begin_write().unwrap();
        create_tables(&txn).unwrap();
        {
            txn.open_table(ADOPTION)
                .unwrap()
                .insert((4, 2), codec::encode(&adoption).as_slice())
                .unwrap();
            txn.open_table(crate::platform::store::CONTRACTS)
                .unwrap()
                .insert((4, 9), codec::encode(&contract).as_slice())
                .unwrap();
            let mut feeds = txn.open_table(V12_CALENDAR_FEEDS).unwrap();
            feeds.insert(4, codec::encode(&feed).as_slice()).unwrap();
            feeds
                .insert(6, codec::encode(&neighbour).as_slice())
                .unwrap();
            txn.open_table(crate::platform::store::RENEWAL_REMINDERS)
                .unwrap()
                .insert((4, 9, 20_000, 90), 1_700_000_000)
                .unwrap();
            at_schema(&txn, 12);
        }
        txn.commit().unwrap();
    }

    let store = crate::platform::store::Store::File(
        crate::platform::store::FileStore::open(dir.path()).unwrap(),
    );
    let firm = FirmId::from_stored(4);
    assert_eq!(
        techstack::load(&store, firm)
            .unwrap()
            .iter()
            .map(|(c, a)| (*c, serde_json::to_value(a).unwrap()))
            .collect::<Vec<_>>(),
        [(2, serde_json::to_value(&adoption).unwrap())]
    );
    assert_eq!(
        contracts::contracts(&store, firm)
            .unwrap()
            .iter()
            .map(|c| serde_json::to_value(c).unwrap())
            .collect::<Vec<_>>(),
        [serde_json::to_value(&contract).unwrap()]
    );
    // Each feed is found by its token's hash, through the index the step wrote.
    for (hash, want) in [([5; 32], &feed), (close, &neighbour)] {
        let found = contracts::feed_by_hash(&store, &hash).unwrap().unwrap();
        assert_eq!(
            serde_json::to_value(found).unwrap(),
            serde_json::to_value(want).unwrap()
        );
    }
    assert_eq!(contracts::feed_by_hash(&store, &[7; 32]).unwrap(), None);
    assert_eq!(
        contracts::feed(&store, FirmId::from_stored(6))
            .unwrap()
            .map(|f| f.created_at),
        Some(1_800_000_001)
    );
    assert!(reminders::claimed(&store, (4, 9, 20_000, 90)).unwrap());
    assert!(!reminders::claimed(&store, (4, 9, 20_000, 60)).unwrap());
    let txn = store.file().unwrap().read().unwrap();
    let by_hash: redb::TableDefinition<(u64, u64, u64), ()> =
        redb::TableDefinition::new("calendar_feeds_by_hash");
    let prefix = crate::platform::store::seam::hash_key(&[5; 32]);
    assert_eq!(
        txn.open_table(by_hash)
            .unwrap()
            .iter()
            .unwrap()
            .map(|e| e.unwrap().0.value())
            .collect::<Vec<_>>(),
        [(prefix, 4, prefix), (prefix, 6, prefix)]
    );
    assert_eq!(
        stored_json(&txn, ADOPTION, (4, 2)),
        serde_json::to_value(&adoption).unwrap()
    );
    assert_eq!(
        txn.open_table(META)
            .unwrap()
            .get("schema_version")
            .unwrap()
            .map(|v| v.value()),
        Some(SCHEMA_VERSION)
    );
}

/// Every tech-stack step a decision may hold, in the order of today's type.
fn decision_steps() -> Vec<crate::decisions::model::TechStep> {
    use crate::decisions::model::TechStep;
    vec![
        TechStep::Pending,
        TechStep::Added,
        TechStep::AlreadyThere,
        TechStep::NeedsConfirmation {
            current: "Old".into(),
        },
        TechStep::Replaced { old: "Old".into() },
        TechStep::AddedBeside {
            current: "Old".into(),
        },
    ]
}

/// A decision as the domain stores it, final with an approval and an objection when `id` is odd.
fn decision(
    id: u64,
    tech_step: crate::decisions::model::TechStep,
) -> crate::decisions::model::Decision {
    use crate::decisions::model::{Approval, Approver, Decision, DecisionStatus, Terms, Verdict};
    let odd = id % 2 == 1;
    Decision {
        id,
        firm_id: 4,
        terms: Terms {
            category_id: 9,
            vendor_id: 10,
            runner_up_id: odd.then_some(11),
            reasons: "Best \"scores\"".into(),
            annual_cost: 1_200_000,
            start_date: "2026-03-01".into(),
            approvers: vec![Approver {
                user_id: 1,
                name: "Ann".into(),
            }],
        },
        proposed_by: "Ann".into(),
        proposed_at: 1_800_000_000,
        status: if odd {
            DecisionStatus::Final
        } else {
            DecisionStatus::Open
        },
        final_at: odd.then_some(1_800_000_100),
        approvals: [Verdict::Objected, Verdict::Approved]
            .into_iter()
            .take(if odd { 2 } else { 0 })
            .map(|verdict| Approval {
                user_id: 1,
                name: "Ann".into(),
                verdict,
                hash: "a".repeat(64),
                version: 1,
                comment: "Why".into(),
                at: 1_800_000_050,
            })
            .collect(),
        tech_step,
    }
}

/// Version `n` of decision 1's record: a canonical text with quotes, escapes, accents, another
/// script and an emoji, and its hash.
fn decision_version(n: u32) -> crate::decisions::model::Version {
    use crate::decisions::canonical;
    let content = canonical::canonical(&serde_json::json!({
        "reasons": "Ann's \"pick\"\\ with\ttabs\nand\u{1}, é, 中文, 🙂, \u{2028}",
        "n": n,
    }));
    crate::decisions::model::Version {
        firm_id: 4,
        decision_id: 1,
        n,
        hash: canonical::hash(&content),
        content,
        created_at: 1_800_000_000 + i64::from(n),
    }
}

/// A file at schema 12 holds the decisions and their versions in bincode and the imports' maps
/// as JSON: schema 13 rewrites the first two as the seam's JSON and leaves the maps' bytes as
/// they were; the decisions domain reads all of it the same through the seam, each signed text
/// and hash byte for byte.
#[test]
fn version_12_decisions_are_stored_as_json_and_read_the_same() {
    use crate::decisions::storage::{self, imported};
    use crate::platform::store::{DECISION_VERSIONS, DECISIONS, IMPORTED_IDS};
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("litstack.redb");
    let decisions: Vec<_> = decision_steps()
        .into_iter()
        .enumerate()
        .map(|(i, step)| decision(i as u64 + 1, step))
        .collect();
    let versions = [decision_version(1), decision_version(2)];
    let steps = vec![imported::IdStep {
        imported_at: 1_700_000_000,
        users: [(40, 1)].into(),
        vendors: [(100, 10)].into(),
        categories: [(90, 9)].into(),
        decisions: [(70, 1)].into(),
    }];
    // As the imports wrote their maps before the seam: `serde_json::to_vec`.
    let stored_steps = serde_json::to_vec(&steps).unwrap();
    {
        let db = Database::create(&path).unwrap();
        let txn = db.begin_write().unwrap();
        create_tables(&txn).unwrap();
        {
            // As schema 12 wrote them: `store::codec`'s bincode of the domain's types.
            let mut table = txn.open_table(DECISIONS).unwrap();
            for d in &decisions {
                table
                    .insert((d.firm_id, d.id), codec::encode(d).as_slice())
                    .unwrap();
            }
            let mut table = txn.open_table(DECISION_VERSIONS).unwrap();
            for v in &versions {
                table
                    .insert(
                        (v.firm_id, v.decision_id, u64::from(v.n)),
                        codec::encode(v).as_slice(),
                    )
                    .unwrap();
            }
            txn.open_table(IMPORTED_IDS)
                .unwrap()
                .insert(4, stored_steps.as_slice())
                .unwrap();
            let mut meta = txn.open_table(META).unwrap();
            meta.insert("schema_version", 12).unwrap();
            meta.insert("seq:decisions", 6).unwrap();
        }
        txn.commit().unwrap();
    }

    let store = crate::platform::store::Store::File(
        crate::platform::store::FileStore::open(dir.path()).unwrap(),
    );
    let firm = crate::platform::firm_id::FirmId::from_stored(4);
    assert_eq!(storage::list(&store, firm).unwrap(), decisions);
    let read = storage::versions(&store, firm, 1).unwrap();
    assert_eq!(read, versions);
    for (read, written) in read.iter().zip(&versions) {
        assert_eq!(read.content.as_bytes(), written.content.as_bytes());
        assert_eq!(read.hash.as_bytes(), written.hash.as_bytes());
        assert_eq!(crate::decisions::canonical::hash(&read.content), read.hash);
    }
    assert_eq!(imported::steps(&store, firm).unwrap(), steps);
    let txn = store.file().unwrap().read().unwrap();
    assert_eq!(
        stored_json(&txn, DECISIONS, (4, 4)),
        serde_json::to_value(&decisions[3]).unwrap()
    );
    assert_eq!(
        stored(&txn, DECISION_VERSIONS, (4, 1, 2)),
        serde_json::to_vec(&versions[1]).unwrap()
    );
    assert_eq!(stored(&txn, IMPORTED_IDS, 4), stored_steps);
    assert_eq!(
        meta_get(&txn, "schema_version").unwrap(),
        Some(SCHEMA_VERSION)
    );
    drop(txn);
    // The ids go on from the file's sequence.
    let mut tx = store.begin().unwrap();
    assert_eq!(storage::next_id_in(&mut tx).unwrap(), 7);
}

/// A firm's requirement of a second factor and an offer of the operator role as the domain
/// stores them.
fn requirement_and_offer() -> (
    crate::accounts::model::Requirement,
    crate::accounts::storage::handover::Offer,
) {
    (
        crate::accounts::model::Requirement {
            required: true,
            set_by: 9,
            set_at: 1_700_000_000,
        },
        crate::accounts::storage::handover::Offer {
            id: (1 << 53) - 1,
            from_user: 1,
            to_user: 9,
            offered_at: 1_700_000_100,
            expires_at: 1_700_604_900,
        },
    )
}

/// A file at schema 13 holds the firms' second-factor requirements and the operator role's offer
/// in bincode: schema 14 rewrites them as the seam's JSON, and the accounts read them the same
/// through the seam.
#[test]
fn version_13_mfa_requirements_and_the_handover_are_stored_as_json_and_read_the_same() {
    use crate::accounts::storage::{handover, mfa_required};
    use crate::platform::store::{FIRM_MFA_REQUIRED, OPERATOR_HANDOVERS};
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("litstack.redb");
    let (requirement, offer) = requirement_and_offer();
    {
        let db = Database::create(&path).unwrap();
        let txn = db.begin_write().unwrap();
        create_tables(&txn).unwrap();
        {
            // As schema 13 wrote them: `store::codec`'s bincode of the domain's types.
            let mut table = txn.open_table(FIRM_MFA_REQUIRED).unwrap();
            table
                .insert(4, codec::encode(&requirement).as_slice())
                .unwrap();
            let off = crate::accounts::model::Requirement {
                required: false,
                ..requirement
            };
            table.insert(5, codec::encode(&off).as_slice()).unwrap();
            txn.open_table(OPERATOR_HANDOVERS)
                .unwrap()
                .insert(offer.to_user, codec::encode(&offer).as_slice())
                .unwrap();
            at_schema(&txn, 13);
        }
        txn.commit().unwrap();
    }

    let store = crate::platform::store::Store::File(
        crate::platform::store::FileStore::open(dir.path()).unwrap(),
    );
    let firm = crate::platform::firm_id::FirmId::from_stored;
    assert_eq!(
        mfa_required::find(&store, firm(4)).unwrap(),
        Some(requirement)
    );
    assert_eq!(
        mfa_required::find(&store, firm(5))
            .unwrap()
            .map(|r| r.required),
        Some(false)
    );
    assert_eq!(mfa_required::find(&store, firm(6)).unwrap(), None);
    assert_eq!(handover::current(&store).unwrap(), Some(offer.clone()));
    let txn = store.file().unwrap().read().unwrap();
    assert_eq!(
        stored(&txn, FIRM_MFA_REQUIRED, 4),
        serde_json::to_vec(&requirement).unwrap()
    );
    assert_eq!(
        stored(&txn, OPERATOR_HANDOVERS, 9),
        serde_json::to_vec(&offer).unwrap()
    );
    assert_eq!(
        meta_get(&txn, "schema_version").unwrap(),
        Some(SCHEMA_VERSION)
    );
    drop(txn);
    // The seam writes the converted tables.
    let mut tx = store.begin().unwrap();
    handover::remove_in(&mut tx, &offer).unwrap();
    tx.commit().unwrap();
    assert_eq!(handover::current(&store).unwrap(), None);
}

/// A hub database as the binary before migration 0054 left it (a column per field, the offer's
/// foreign keys): every firm's requirement and the pending offer are found after it, as written,
/// and the seam writes the migrated tables.
#[test]
fn mfa_requirements_and_the_handover_of_a_hub_from_before_the_seam_are_kept() {
    use crate::accounts::storage::{handover, mfa_required};
    let (requirement, offer) = requirement_and_offer();
    let store = crate::platform::store::Store::Postgres(
        crate::platform::store::postgres::test_store_from_migration(
            53,
            "INSERT INTO firms VALUES (1, 'Alder', 'SOLO', to_timestamp(1700000000), true, false);\n\
             INSERT INTO users VALUES \
             (1, 'Ann', 'ann@a.example', 'ann@a.example', 'x', true, to_timestamp(1700000000), 1, 'owner'), \
             (9, 'Bo', 'bo@a.example', 'bo@a.example', 'x', false, to_timestamp(1700000000), 1, 'admin');\n\
             INSERT INTO firm_mfa_required (firm_id, required, set_by, set_at) VALUES \
             (4, true, 9, to_timestamp(1700000000)), (5, false, 9, to_timestamp(1700000000));\n\
             INSERT INTO operator_handovers (id, from_user, to_user, offered_at, expires_at) VALUES \
             (9007199254740991, 1, 9, to_timestamp(1700000100), to_timestamp(1700604900));",
        ),
    );
    let firm = crate::platform::firm_id::FirmId::from_stored;
    assert_eq!(
        mfa_required::find(&store, firm(4)).unwrap(),
        Some(requirement)
    );
    assert_eq!(
        mfa_required::find(&store, firm(5))
            .unwrap()
            .map(|r| r.required),
        Some(false)
    );
    assert_eq!(mfa_required::find(&store, firm(6)).unwrap(), None);
    assert_eq!(handover::current(&store).unwrap(), Some(offer.clone()));

    // One offer at a time still, and a withdrawal removes it.
    let mut tx = store.begin().unwrap();
    let second = handover::Offer {
        id: 7,
        to_user: 1,
        from_user: 9,
        ..offer.clone()
    };
    let refused = handover::create_in(&mut tx, &second, "pending").unwrap_err();
    assert!(matches!(
        refused,
        crate::platform::error::AppError::Conflict(_)
    ));
    drop(tx);
    let mut tx = store.begin().unwrap();
    handover::remove_in(&mut tx, &offer).unwrap();
    tx.commit().unwrap();
    assert_eq!(handover::current(&store).unwrap(), None);
    mfa_required::save(&store, firm(1), &requirement).unwrap();
    assert_eq!(
        mfa_required::find(&store, firm(1)).unwrap(),
        Some(requirement)
    );
}

/// A pick set of each source.
fn recommend_sets() -> Vec<crate::recommend::model::PickSet> {
    use crate::recommend::model::{PickSet, PickSource, StoredPick};
    [PickSource::Questionnaire, PickSource::PickForMe]
        .into_iter()
        .enumerate()
        .map(|(i, source)| PickSet {
            picks: vec![
                StoredPick {
                    vendor_id: 10 + i as u64,
                    reason: "Fits \"small\" firms".into(),
                },
                StoredPick {
                    vendor_id: 20,
                    reason: "Popular".into(),
                },
            ],
            source,
            note: (i == 1).then(|| "Based on all firms".into()),
            used_size_fallback: i == 1,
            at: 1_800_000_000 + i as i64,
        })
        .collect()
}

/// A dismissal of each reason.
fn recommend_dismissals() -> Vec<crate::recommend::dismiss_reason::Dismissal> {
    use crate::recommend::dismiss_reason::{DismissReason, Dismissal};
    [
        DismissReason::TooExpensive,
        DismissReason::DoesntIntegrate,
        DismissReason::AlreadyEvaluated,
        DismissReason::NotRightForPractice,
        DismissReason::Other("Too slow".into()),
        DismissReason::NotGiven,
    ]
    .into_iter()
    .enumerate()
    .map(|(i, reason)| Dismissal {
        at: 1_800_000_000 + i as i64,
        reason,
    })
    .collect()
}

#[test]
fn version_13_picks_dismissals_and_history_are_stored_as_json_and_read_the_same() {
    use crate::recommend::model::{ClearedSet, PastRec};
    use crate::recommend::storage;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("litstack.redb");
    let sets = recommend_sets();
    let cleared = ClearedSet {
        set: sets[1].clone(),
        cleared_at: 1_800_000_100,
    };
    let dismissals = recommend_dismissals();
    let rec = PastRec {
        at: 1_800_000_000,
        rank: 2,
        strengths: vec!["Integrates".into(), "Popular".into()],
    };
    {
        let db = Database::create(&path).unwrap();
        let txn = db.begin_write().unwrap();
        create_tables(&txn).unwrap();
        {
            // As schema 13 wrote them: `store::codec`'s bincode of the domain's types.
            let mut table = txn.open_table(PICKS).unwrap();
            for (i, set) in sets.iter().enumerate() {
                table
                    .insert((4, i as u64 + 1), codec::encode(set).as_slice())
                    .unwrap();
            }
            txn.open_table(super::super::PICKS_CLEARED)
                .unwrap()
                .insert((4, 3), codec::encode(&cleared).as_slice())
                .unwrap();
            let mut table = txn.open_table(DISMISSED).unwrap();
            for (i, d) in dismissals.iter().enumerate() {
                table
                    .insert((4, 30 + i as u64), codec::encode(d).as_slice())
                    .unwrap();
            }
            txn.open_table(PAST_RECS)
                .unwrap()
                .insert((4, 1, 10), codec::encode(&rec).as_slice())
                .unwrap();
            at_schema(&txn, 13);
        }
        txn.commit().unwrap();
    }

    let store = crate::platform::store::Store::File(
        crate::platform::store::FileStore::open(dir.path()).unwrap(),
    );
    let firm = crate::platform::firm_id::FirmId::from_stored(4);
    assert_eq!(
        storage::pick_sets(&store, firm).unwrap(),
        vec![(1, sets[0].clone()), (2, sets[1].clone())]
    );
    assert_eq!(
        storage::cleared_picks(&store, firm).unwrap(),
        vec![(3, cleared.clone())]
    );
    assert_eq!(
        storage::dismissals(&store, firm).unwrap(),
        (30..).zip(dismissals.clone()).collect::<Vec<_>>()
    );
    assert_eq!(
        storage::past(&store, firm).unwrap(),
        vec![(1, 10, rec.clone())]
    );
    let txn = store.file().unwrap().read().unwrap();
    assert_eq!(
        stored(&txn, PICKS, (4, 2)),
        serde_json::to_vec(&sets[1]).unwrap()
    );
    assert_eq!(
        stored(&txn, DISMISSED, (4, 34)),
        serde_json::to_vec(&dismissals[4]).unwrap()
    );
    assert_eq!(
        meta_get(&txn, "schema_version").unwrap(),
        Some(SCHEMA_VERSION)
    );
}

#[test]
fn version_13_single_sign_on_reads_the_same_on_the_seam() {
    use crate::accounts::sso::model::{DomainClaim, DomainStatus, Flow, SsoConfig, SsoLink};
    use crate::accounts::sso::storage as sso;
    use crate::platform::firm_id::FirmId;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("litstack.redb");
    let config = SsoConfig {
        firm_id: 4,
        issuer: "https://id.example".into(),
        client_id: "litstack".into(),
        client_secret: "s3cret".into(),
        default_role: crate::platform::caller::FirmRole::Member,
        require_sso: true,
        updated_at: 1_800_000_000,
    };
    let claim = |firm_id, status| DomainClaim {
        domain: "a.com".into(),
        firm_id,
        status,
        claimed_at: 1_800_000_000,
        decided_at: None,
    };
    let claims = vec![
        claim(4, DomainStatus::Confirmed),
        claim(6, DomainStatus::Pending),
    ];
    let flow = Flow {
        firm_id: 6,
        nonce: "n".into(),
        pkce_verifier: "v".into(),
        redirect_uri: "https://x.example/cb".into(),
        return_path: "/".into(),
        created_at: 1_800_000_000,
    };
    let link = SsoLink {
        issuer: "https://id.example".into(),
        subject: "ann".into(),
        user_id: 7,
        created_at: 1_800_000_000,
    };
    // Written by schema 13's binary: today's types encode as its shapes did (the shapes' test).
    {
        let db = Database::create(&path).unwrap();
        let txn = db.begin_write().unwrap();
        create_tables(&txn).unwrap();
        {
            txn.open_table(super::super::SSO_CONFIGS)
                .unwrap()
                .insert(4, codec::encode(&config).as_slice())
                .unwrap();
            txn.open_table(V13_SSO_DOMAINS)
                .unwrap()
                .insert("a.com", codec::encode(&claims).as_slice())
                .unwrap();
            txn.open_table(V13_SSO_FLOWS)
                .unwrap()
                .insert([5u8; 32].as_slice(), codec::encode(&flow).as_slice())
                .unwrap();
            txn.open_table(V13_SSO_LINKS)
                .unwrap()
                .insert("https://id.example\nann", codec::encode(&link).as_slice())
                .unwrap();
            at_schema(&txn, 13);
        }
        txn.commit().unwrap();
    }

    let store = crate::platform::store::Store::File(
        crate::platform::store::FileStore::open(dir.path()).unwrap(),
    );
    assert_eq!(
        sso::config(&store, FirmId::from_stored(4)).unwrap(),
        Some(config)
    );
    assert_eq!(sso::all_claims(&store).unwrap(), claims);
    assert_eq!(
        sso::firm_claims(&store, FirmId::from_stored(6)).unwrap(),
        claims[1..]
    );
    assert_eq!(
        sso::confirmed_firm(&store, "a.com").unwrap(),
        Some(FirmId::from_stored(4))
    );
    assert_eq!(
        sso::link(&store, "https://id.example", "ann").unwrap(),
        Some(link)
    );
    assert_eq!(sso::take_flow(&store, &[5; 32]).unwrap(), Some(flow));
    assert_eq!(sso::take_flow(&store, &[5; 32]).unwrap(), None);
    let txn = store.file().unwrap().read().unwrap();
    assert_eq!(
        txn.open_table(META)
            .unwrap()
            .get("schema_version")
            .unwrap()
            .map(|v| v.value()),
        Some(SCHEMA_VERSION)
    );
}

/// A file of schema 14 holds the profile views as plain counts, as the seam keeps them: they read
/// the same after opening, and a view adds to its month's count.
#[test]
fn version_14_profile_views_read_the_same_on_the_seam() {
    use crate::platform::store::PROFILE_VIEWS;
    use crate::vendor_profile::views::{self, Views};
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("litstack.redb");
    {
        let db = Database::create(&path).unwrap();
        let txn = db.begin_write().unwrap();
        create_tables(&txn).unwrap();
        {
            let mut rows = txn.open_table(PROFILE_VIEWS).unwrap();
            rows.insert((7, 42, 202610), 3).unwrap();
            rows.insert((7, 42, 202611), 1).unwrap();
            rows.insert((8, 42, 202611), 5).unwrap();
            rows.insert((8, 43, 202611), 2).unwrap();
            at_schema(&txn, 14);
        }
        txn.commit().unwrap();
    }
    let store = crate::platform::store::Store::File(
        crate::platform::store::FileStore::open(dir.path()).unwrap(),
    );
    let view = |user_id, month, n| Views {
        user_id,
        vendor_id: 42,
        month,
        views: n,
    };
    assert_eq!(
        views::of_vendor(&store, 42).unwrap(),
        [view(7, 202610, 3), view(7, 202611, 1), view(8, 202611, 5)]
    );
    // 2026-11-26T07:00:00Z.
    let firm = crate::platform::firm_id::FirmId::for_fixtures(1);
    views::record(&store, firm, 8, 42, 1_795_676_400).unwrap();
    assert_eq!(views::of_vendor(&store, 42).unwrap()[2], view(8, 202611, 6));
}

/// A hub database as the binary before migration 0056 left it (the count in a column of its own):
/// every member's views are found after it, as written, and a view adds to its month's count.
#[test]
fn profile_views_of_a_hub_from_before_the_seam_are_kept() {
    use crate::vendor_profile::views::{self, Views};
    let store = crate::platform::store::Store::Postgres(
        crate::platform::store::postgres::test_store_from_migration(
            54,
            "INSERT INTO firms VALUES (1, 'Alder', 'SOLO', to_timestamp(1700000000), true, false);\n\
             INSERT INTO profile_views (user_id, vendor_id, month, views) VALUES \
             (7, 42, 202610, 3), (7, 42, 202611, 1), (8, 42, 202611, 9007199254740991), \
             (8, 43, 202611, 2);",
        ),
    );
    let view = |user_id, month, n| Views {
        user_id,
        vendor_id: 42,
        month,
        views: n,
    };
    assert_eq!(
        views::of_vendor(&store, 42).unwrap(),
        [
            view(7, 202610, 3),
            view(7, 202611, 1),
            view(8, 202611, 9_007_199_254_740_991)
        ]
    );
    assert_eq!(views::of_vendor(&store, 43).unwrap().len(), 1);
    let firm = crate::platform::firm_id::FirmId::from_stored(1);
    views::record(&store, firm, 7, 42, 1_795_676_400).unwrap();
    assert_eq!(views::of_vendor(&store, 42).unwrap()[1], view(7, 202611, 2));
}

use crate::vendor_profile::price_snapshot::{Entry, Head};

/// A month's "What firms pay": its head and a vendor's row with bands shown and withheld.
fn what_firms_pay_snapshot() -> (Head, Entry) {
    use crate::vendor_profile::prices::{Drawn, DrawnPay};
    let head = Head {
        month: "2026-11".into(),
        computed_at: 1_795_676_400,
    };
    let entry = Entry {
        month: "2026-11".into(),
        firms: vec![3, 4, 5, 6, 9_007_199_254_740_991],
        pay: DrawnPay {
            overall: Drawn {
                firms: 5,
                bands: [Some(2), None, Some(11)],
            },
            groups: vec![(
                0,
                3,
                Drawn {
                    firms: 5,
                    bands: [None; 3],
                },
            )],
        },
    };
    (head, entry)
}

/// A file of schema 14 holds the month's "What firms pay" as settings rows in bincode: schema 15
/// moves the head and every vendor's row to the seam's tables as JSON, read the same, and leaves
/// the other settings where they were.
#[test]
fn version_14_what_firms_pay_moves_out_of_the_settings_and_reads_the_same() {
    use crate::platform::store::SETTINGS;
    use crate::vendor_profile::price_snapshot::{self, ENTRIES};
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("litstack.redb");
    let (head, entry) = what_firms_pay_snapshot();
    {
        let db = Database::create(&path).unwrap();
        let txn = db.begin_write().unwrap();
        create_tables(&txn).unwrap();
        {
            let mut settings = txn.open_table(SETTINGS).unwrap();
            settings
                .insert("what_firms_pay", codec::encode(&head).as_slice())
                .unwrap();
            for vendor in [7, 12] {
                settings
                    .insert(
                        format!("what_firms_pay/{vendor}").as_str(),
                        codec::encode(&entry).as_slice(),
                    )
                    .unwrap();
            }
            settings
                .insert("catalog-feed:published", b"{}".as_slice())
                .unwrap();
            settings
                .insert("what_firms_pax", b"\"kept\"".as_slice())
                .unwrap();
            at_schema(&txn, 14);
        }
        txn.commit().unwrap();
    }
    let store = crate::platform::store::Store::File(
        crate::platform::store::FileStore::open(dir.path()).unwrap(),
    );
    assert_eq!(price_snapshot::head(&store).unwrap(), Some(head));
    let rows = seam::read(&store, |tx| tx.range(&ENTRIES, &[])).unwrap();
    assert_eq!(rows, [(7, entry.clone()), (12, entry)]);
    let txn = store.file().unwrap().read().unwrap();
    let settings = txn.open_table(SETTINGS).unwrap();
    let left: Vec<String> = settings
        .iter()
        .unwrap()
        .map(|e| e.unwrap().0.value().to_string())
        .collect();
    assert_eq!(left, ["catalog-feed:published", "what_firms_pax"]);
    assert_eq!(
        meta_get(&txn, "schema_version").unwrap(),
        Some(SCHEMA_VERSION)
    );
}

/// A hub database as the binary before migration 0056 left it (the snapshot in settings rows of
/// JSON text): the month's head and every vendor's row are found after it, as written; a daily
/// head of before and its rows are left behind, as they counted for no snapshot.
#[test]
fn what_firms_pay_of_a_hub_from_before_the_seam_is_kept() {
    use crate::vendor_profile::price_snapshot::{self, ENTRIES};
    let (head, entry) = what_firms_pay_snapshot();
    // As the binary before wrote them: serde's JSON as text.
    let sql = format!(
        "INSERT INTO settings (key, value) VALUES ('what_firms_pay', '{}'), \
         ('what_firms_pay/7', '{1}'), ('what_firms_pay/12', '{1}'), ('sign_up', 'open');",
        serde_json::to_string(&head).unwrap(),
        serde_json::to_string(&entry).unwrap(),
    );
    let store = crate::platform::store::Store::Postgres(
        crate::platform::store::postgres::test_store_from_migration(54, &sql),
    );
    assert_eq!(price_snapshot::head(&store).unwrap(), Some(head));
    let rows = seam::read(&store, |tx| tx.range(&ENTRIES, &[])).unwrap();
    assert_eq!(rows, [(7, entry.clone()), (12, entry)]);

    let daily = crate::platform::store::Store::Postgres(
        crate::platform::store::postgres::test_store_from_migration(
            54,
            "INSERT INTO settings (key, value) VALUES \
             ('what_firms_pay', '{\"day\":\"2026-11-30\",\"computedAt\":1796079167}'), \
             ('what_firms_pay/7', '{\"day\":\"2026-11-30\",\"firms\":[1],\"pay\":[]}');",
        ),
    );
    assert_eq!(price_snapshot::head(&daily).unwrap(), None);
    assert!(
        seam::read(&daily, |tx| tx.range(&ENTRIES, &[]))
            .unwrap()
            .is_empty()
    );
}

/// An account's second factor and the devices it signed in from, as the domain stores them.
fn factor_and_known_devices() -> (
    crate::accounts::model::Factor,
    Vec<crate::accounts::storage::devices::KnownDevice>,
) {
    use crate::accounts::storage::devices::KnownDevice;
    (
        crate::accounts::model::Factor {
            secret: (1..=20).collect(),
            created_at: 1_700_000_000,
            confirmed_at: Some(1_700_000_060),
            last_used_step: 56_666_668,
            recovery: vec![[0xab; 32], [0x01; 32]],
        },
        vec![
            KnownDevice {
                device: "Firefox on Linux".into(),
                address: "10.0.0.2".into(),
                last_seen: 1_700_000_200,
            },
            KnownDevice {
                device: "Chrome on Windows".into(),
                address: "10.0.0.1".into(),
                last_seen: 1_700_000_100,
            },
        ],
    )
}

/// A file at schema 14 holds the accounts' second factors and known devices in bincode: schema
/// 15 rewrites them as the seam's JSON, and the accounts read them the same through the seam.
#[test]
fn version_14_factors_and_known_devices_are_stored_as_json_and_read_the_same() {
    use crate::accounts::storage::{devices, mfa};
    use crate::platform::store::{KNOWN_DEVICES, USER_FACTORS};
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("litstack.redb");
    let (factor, known) = factor_and_known_devices();
    let pending = crate::accounts::model::Factor {
        confirmed_at: None,
        recovery: Vec::new(),
        ..factor.clone()
    };
    {
        let db = Database::create(&path).unwrap();
        let txn = db.begin_write().unwrap();
        create_tables(&txn).unwrap();
        {
            // As schema 14 wrote them: `store::codec`'s bincode of the domain's types.
            let mut table = txn.open_table(USER_FACTORS).unwrap();
            table.insert(3, codec::encode(&factor).as_slice()).unwrap();
            table.insert(4, codec::encode(&pending).as_slice()).unwrap();
            txn.open_table(KNOWN_DEVICES)
                .unwrap()
                .insert(3, codec::encode(&known).as_slice())
                .unwrap();
            at_schema(&txn, 14);
        }
        txn.commit().unwrap();
    }

    let store = crate::platform::store::Store::File(
        crate::platform::store::FileStore::open(dir.path()).unwrap(),
    );
    assert_eq!(mfa::find_factor(&store, 3).unwrap(), Some(factor.clone()));
    assert_eq!(mfa::find_factor(&store, 4).unwrap(), Some(pending));
    assert_eq!(mfa::find_factor(&store, 5).unwrap(), None);
    let known_of = |id| seam::read(&store, |tx| tx.get(&devices::KNOWN, id)).unwrap();
    assert_eq!(known_of(3), Some(known.clone()));
    assert_eq!(known_of(4), None);
    let txn = store.file().unwrap().read().unwrap();
    assert_eq!(
        stored(&txn, USER_FACTORS, 3),
        serde_json::to_vec(&factor).unwrap()
    );
    assert_eq!(
        stored(&txn, KNOWN_DEVICES, 3),
        serde_json::to_vec(&known).unwrap()
    );
    assert_eq!(
        meta_get(&txn, "schema_version").unwrap(),
        Some(SCHEMA_VERSION)
    );
    drop(txn);
    // The seam writes the converted tables.
    seam::write(&store, |tx| tx.remove(&mfa::FACTORS, 3)).unwrap();
    assert_eq!(mfa::find_factor(&store, 3).unwrap(), None);
    let mut tx = store.begin().unwrap();
    devices::forget_in(&mut tx, 3).unwrap();
    tx.commit().unwrap();
    assert_eq!(known_of(3), None);
}

/// A hub database as the binary before migration 0057 left it (a column per field, a row per
/// known device, the foreign keys): every account's factor and known devices are found after it,
/// as written, and the seam writes the migrated tables.
#[test]
fn factors_and_known_devices_of_a_hub_from_before_the_seam_are_kept() {
    use crate::accounts::storage::{devices, mfa};
    let (factor, known) = factor_and_known_devices();
    let store = crate::platform::store::Store::Postgres(
        crate::platform::store::postgres::test_store_from_migration(
            54,
            &format!(
                "INSERT INTO firms VALUES (1, 'Alder', 'SOLO', to_timestamp(1700000000), true, false);\n\
                 INSERT INTO users VALUES \
                 (1, 'Ann', 'ann@a.example', 'ann@a.example', 'x', true, to_timestamp(1700000000), 1, 'owner'), \
                 (9, 'Bo', 'bo@a.example', 'bo@a.example', 'x', false, to_timestamp(1700000000), 1, 'admin');\n\
                 INSERT INTO user_factors (user_id, secret, created_at, confirmed_at, last_used_step, \
                 recovery_hashes) VALUES \
                 (1, '\\x{secret}', to_timestamp(1700000000), to_timestamp(1700000060), 56666668, \
                 '\\x{recovery}'), \
                 (9, '\\x{secret}', to_timestamp(1700000000), NULL, 0, '');\n\
                 INSERT INTO known_devices (user_id, device, address, last_seen) VALUES \
                 (1, 'Chrome on Windows', '10.0.0.1', to_timestamp(1700000100)), \
                 (1, 'Firefox on Linux', '10.0.0.2', to_timestamp(1700000200));",
                secret = hex::encode(&factor.secret),
                recovery = hex::encode(factor.recovery.concat()),
            ),
        ),
    );
    assert_eq!(mfa::find_factor(&store, 1).unwrap(), Some(factor.clone()));
    assert_eq!(
        mfa::find_factor(&store, 9).unwrap(),
        Some(crate::accounts::model::Factor {
            confirmed_at: None,
            last_used_step: 0,
            recovery: Vec::new(),
            ..factor.clone()
        })
    );
    assert_eq!(mfa::find_factor(&store, 2).unwrap(), None);
    let known_of = |id| seam::read(&store, |tx| tx.get(&devices::KNOWN, id)).unwrap();
    assert_eq!(known_of(1), Some(known));
    assert_eq!(known_of(9), None);

    // The seam writes the migrated tables.
    seam::write(&store, |tx| tx.remove(&mfa::FACTORS, 9)).unwrap();
    assert_eq!(mfa::find_factor(&store, 9).unwrap(), None);
    let mut tx = store.begin().unwrap();
    devices::forget_in(&mut tx, 1).unwrap();
    mfa::forget_in(&mut tx, 1).unwrap();
    tx.commit().unwrap();
    assert_eq!(known_of(1), None);
    assert_eq!(mfa::find_factor(&store, 1).unwrap(), None);
}

/// The mail settings an operator saved.
fn mail_settings() -> crate::mail::MailSettings {
    crate::mail::MailSettings {
        smtp_url: "smtp://ann:s3cret@mail.example.com:587".into(),
        from: "Litstack <litstack@example.com>".into(),
        allow_plain: false,
    }
}

/// The mail settings, an invite-only sign-up and the feed's records (`litstack` at version 4)
/// read through the domains.
fn the_settings_read_the_same(store: &crate::platform::store::Store) {
    use crate::accounts::settings::SignUpMode;
    use crate::catalog_feed::state::Published;
    use crate::catalog_feed::storage::{self as feed, PUBLISHED};
    assert_eq!(
        crate::mail::storage::settings(store).unwrap(),
        Some(mail_settings())
    );
    let mode = crate::accounts::storage::settings::sign_up_mode(store).unwrap();
    assert_eq!(mode, SignUpMode::InviteOnly);
    let published: Published = feed::get(store, PUBLISHED).unwrap().unwrap();
    assert_eq!(published.0.get("litstack"), Some(&4));
}

/// A file at schema 14 holds the mail settings in bincode and the sign-up mode in META: schema 15
/// makes both settings of the seam's JSON, read the same, beside the catalog feed's records
/// (JSON already); a sign-up mode never set stays open.
#[test]
fn version_14_settings_move_onto_the_seam_and_read_the_same() {
    use crate::accounts::settings::SignUpMode;
    use crate::accounts::storage::settings::sign_up_mode;
    use crate::catalog_feed::storage::PUBLISHED;
    use crate::platform::store::SETTINGS;
    let file_at_14 = |invite_only: Option<u64>| {
        let dir = tempfile::tempdir().unwrap();
        let db = Database::create(dir.path().join("litstack.redb")).unwrap();
        let txn = db.begin_write().unwrap();
        create_tables(&txn).unwrap();
        {
            let mut settings = txn.open_table(SETTINGS).unwrap();
            settings
                .insert("mail", codec::encode(&mail_settings()).as_slice())
                .unwrap();
            settings
                .insert(PUBLISHED, br#"{"litstack":4}"#.as_slice())
                .unwrap();
            let mut meta = txn.open_table(META).unwrap();
            meta.insert("schema_version", 14).unwrap();
            if let Some(invite_only) = invite_only {
                meta.insert("sign_up_invite_only", invite_only).unwrap();
            }
        }
        txn.commit().unwrap();
        drop(db);
        let store = crate::platform::store::Store::File(
            crate::platform::store::FileStore::open(dir.path()).unwrap(),
        );
        (dir, store)
    };

    let (_dir, store) = file_at_14(Some(1));
    the_settings_read_the_same(&store);
    let txn = store.file().unwrap().read().unwrap();
    assert_eq!(meta_get(&txn, "sign_up_invite_only").unwrap(), None);
    let mail = stored(&txn, SETTINGS, "mail");
    assert_eq!(mail, serde_json::to_vec(&mail_settings()).unwrap());
    drop(txn);
    // The seam writes the converted table.
    crate::mail::storage::set_settings(&store, None).unwrap();
    assert_eq!(crate::mail::storage::settings(&store).unwrap(), None);

    for (invite_only, mode) in [(Some(0), SignUpMode::Open), (None, SignUpMode::Open)] {
        let (_dir, store) = file_at_14(invite_only);
        assert_eq!(sign_up_mode(&store).unwrap(), mode);
    }
}

/// A hub database as the binary before migration 0058 left it (every setting text, the mail
/// settings and the feed's records JSON in it): each reads the same after it, the values every
/// node shares as the text they were, and the seam writes the migrated table.
#[test]
fn settings_of_a_hub_from_before_the_seam_are_kept() {
    use crate::accounts::settings::SignUpMode;
    use crate::accounts::storage::settings::{set_sign_up_mode, sign_up_mode};
    let db = crate::platform::store::postgres::test_store_from_migration(
        57,
        &format!(
            "INSERT INTO settings (key, value) VALUES ('mail', '{}'), \
             ('sign_up', 'invite-only'), ('catalog-feed:published', '{{\"litstack\":4}}'), \
             ('booking_identity_key', '0a0b'), ('seeded:sample-bookings', '1');",
            serde_json::to_string(&mail_settings()).unwrap(),
        ),
    );
    assert_eq!(
        db.setting("booking_identity_key").unwrap().as_deref(),
        Some("0a0b")
    );
    assert_eq!(
        db.setting("seeded:sample-bookings").unwrap().as_deref(),
        Some("1")
    );
    assert_eq!(
        db.shared_setting("booking_identity_key", "ffff").unwrap(),
        "0a0b"
    );
    let store = crate::platform::store::Store::Postgres(db);
    the_settings_read_the_same(&store);

    // The seam writes the migrated table.
    set_sign_up_mode(&store, SignUpMode::Open).unwrap();
    assert_eq!(sign_up_mode(&store).unwrap(), SignUpMode::Open);
    crate::mail::storage::set_settings(&store, None).unwrap();
    assert_eq!(crate::mail::storage::settings(&store).unwrap(), None);
}

/// The sign-in of token [4; 32] pending before the move is gone; a new one of `user_id` is kept
/// and taken once.
fn the_sign_in_of_before_is_gone_and_a_new_one_kept(
    store: &crate::platform::store::Store,
    user_id: u64,
) {
    use crate::accounts::model::Challenge;
    use crate::accounts::storage::mfa;
    assert_eq!(mfa::find_challenge(store, &[4; 32]).unwrap(), None);
    let pending = Challenge {
        user_id,
        expires_at: crate::platform::clock::now_secs() + 300,
    };
    mfa::create_challenge(store, &[4; 32], &pending).unwrap();
    assert_eq!(mfa::take_challenge(store, &[4; 32]).unwrap(), Some(pending));
    assert_eq!(mfa::take_challenge(store, &[4; 32]).unwrap(), None);
}

/// A file at schema 14 with a pending second-factor sign-in (keyed by its token's hash): schema
/// 15 lets it go, as it lasts five minutes, and the seam's table of the sign-ins takes new ones.
#[test]
fn version_14_pending_sign_ins_go_and_new_ones_are_kept_on_the_seam() {
    use crate::accounts::model::Challenge;
    let (_dir, store) = file_at(14, |txn| {
        let old: redb::TableDefinition<&[u8], &[u8]> = redb::TableDefinition::new("mfa_challenges");
        let pending = Challenge {
            user_id: 3,
            expires_at: i64::MAX,
        };
        txn.open_table(old)
            .unwrap()
            .insert([4; 32].as_slice(), codec::encode(&pending).as_slice())
            .unwrap();
    });
    the_sign_in_of_before_is_gone_and_a_new_one_kept(&store, 3);
}

/// A hub database as the binary before migration 0059 left it (a row per pending sign-in, keyed
/// by the token's hash): the sign-ins of before go, and the seam's table takes new ones.
#[test]
fn pending_sign_ins_of_a_hub_from_before_the_seam_go() {
    let store = hub_after(
        58,
        "INSERT INTO firms VALUES (1, 'Alder', 'SOLO', to_timestamp(1700000000), true, false);\n\
             INSERT INTO users VALUES \
             (1, 'Ann', 'ann@a.example', 'ann@a.example', 'x', true, to_timestamp(1700000000), 1, 'owner');\n\
             INSERT INTO mfa_challenges (token_hash, user_id, expires_at) VALUES \
             ('\\x0404040404040404040404040404040404040404040404040404040404040404', 1, \
             now() + interval '5 minutes');",
    );
    the_sign_in_of_before_is_gone_and_a_new_one_kept(&store, 1);
}

/// A firm's deletion its owner scheduled.
fn deletion() -> crate::accounts::storage::deletion::Deletion {
    crate::accounts::storage::deletion::Deletion {
        scheduled_at: 1_700_000_000,
        due_at: 1_700_604_800,
        by_user: Some(1),
        by_name: "Ann \"Owner\" Doe".into(),
    }
}

/// A file at schema 14 holds the firms' scheduled deletions in bincode: schema 15 rewrites them
/// as the seam's JSON, read, due and taken back as they were.
#[test]
fn version_14_scheduled_deletions_are_stored_as_json_and_read_the_same() {
    use crate::accounts::storage::deletion;
    use crate::platform::firm_id::FirmId;
    use crate::platform::store::FIRM_DELETIONS;
    let (_dir, store) = file_at(14, |txn| {
        txn.open_table(FIRM_DELETIONS)
            .unwrap()
            .insert(4, codec::encode(&deletion()).as_slice())
            .unwrap();
    });
    the_deletion_of_before_reads_the_same(&store, 4);
    let bytes = store
        .file()
        .unwrap()
        .read()
        .unwrap()
        .open_table(FIRM_DELETIONS)
        .unwrap()
        .get(4)
        .unwrap()
        .unwrap()
        .value()
        .to_vec();
    assert_eq!(bytes, serde_json::to_vec(&deletion()).unwrap());
    assert!(deletion::cancel(&store, FirmId::from_stored(4)).unwrap());
}

/// Firm `firm`'s deletion of before is found, listed and due as it was.
fn the_deletion_of_before_reads_the_same(store: &crate::platform::store::Store, firm: u64) {
    use crate::accounts::storage::deletion;
    use crate::platform::firm_id::FirmId;
    let scheduled = deletion();
    assert_eq!(
        deletion::find(store, FirmId::from_stored(firm)).unwrap(),
        Some(scheduled.clone())
    );
    assert_eq!(
        deletion::all_due_times(store).unwrap(),
        [(firm, scheduled.due_at)]
    );
    assert_eq!(
        deletion::due(store, scheduled.due_at - 1).unwrap(),
        Vec::<u64>::new()
    );
    assert_eq!(deletion::due(store, scheduled.due_at).unwrap(), [firm]);
}

/// A hub database as the binary before migration 0061 left it (a column per field): a firm's
/// scheduled deletion is found, due and taken back as it was.
#[test]
fn scheduled_deletions_of_a_hub_from_before_the_seam_are_kept() {
    use crate::accounts::storage::deletion;
    use crate::platform::firm_id::FirmId;
    let store = hub_after(
        60,
        "INSERT INTO firms VALUES (1, 'Alder', 'SOLO', to_timestamp(1700000000), true, false);\n\
             INSERT INTO firm_deletions (firm_id, scheduled_at, due_at, by_user, by_name) VALUES \
             (1, to_timestamp(1700000000), to_timestamp(1700604800), 1, 'Ann \"Owner\" Doe');",
    );
    the_deletion_of_before_reads_the_same(&store, 1);
    assert!(deletion::cancel(&store, FirmId::from_stored(1)).unwrap());
    assert_eq!(
        deletion::find(&store, FirmId::from_stored(1)).unwrap(),
        None
    );
}

/// A data directory of today's file with one account, Ann's (id 1), owner of firm 1: a test then
/// rewrites tables as an older schema left them.
fn with_ann() -> tempfile::TempDir {
    use crate::accounts::storage::{FirmChoice, NewUser, create_user};
    let dir = tempfile::tempdir().unwrap();
    let store = crate::platform::store::open_file(dir.path()).unwrap();
    let ann = NewUser {
        name: "Ann".into(),
        email: crate::accounts::model::Email::parse("ann@doe.com").unwrap(),
        firm: FirmChoice::New {
            name: "Doe LLP".into(),
            size: None,
        },
        password_hash: "hash".into(),
    };
    let ann = create_user(&store, ann, &[1; 32], |_| Ok(())).unwrap();
    assert_eq!((ann.id, ann.firm.id.get()), (1, 1));
    dir
}

/// A reset link of account 1, mailed and not yet used.
fn reset_link() -> crate::accounts::links::ResetLink {
    crate::accounts::links::ResetLink {
        token_hash: [0xa7; 32],
        user_id: 1,
        created_at: 1_700_000_000,
        // 2100-01-01: unexpired whenever the test runs.
        expires_at: 4_102_444_800,
        issued_by: 9,
        used_at: None,
    }
}

/// The reset link of before is found by its token and, used, gives its account the new password
/// once.
fn the_reset_link_of_before_is_found_and_used_once(store: &crate::platform::store::Store) {
    use crate::accounts::storage::links;
    let link = reset_link();
    assert_eq!(
        links::find_reset_link(store, &link.token_hash).unwrap(),
        Some(link.clone())
    );
    assert_eq!(links::find_reset_link(store, &[0xa8; 32]).unwrap(), None);
    let user = links::use_reset_link(store, &link.token_hash, 1_700_000_100, "new-hash").unwrap();
    assert_eq!((user.id, user.password_hash.as_str()), (1, "new-hash"));
    let used = links::find_reset_link(store, &link.token_hash)
        .unwrap()
        .unwrap();
    assert_eq!(used.used_at, Some(1_700_000_100));
    let again = links::use_reset_link(store, &link.token_hash, 1_700_000_200, "other");
    assert!(again.is_err(), "a link is used once");
}

/// A file at schema 14 holds the reset links in bincode, keyed by their token's hash: schema 15
/// keys them by their person and the hash's first 63 bits, as JSON on the seam, and a link of
/// before is found and used as it was.
#[test]
fn version_14_reset_links_are_rekeyed_and_used_the_same() {
    let dir = with_ann();
    {
        let db = Database::open(dir.path().join("litstack.redb")).unwrap();
        let txn = db.begin_write().unwrap();
        {
            txn.delete_table(redb::TableDefinition::<(u64, u64), &[u8]>::new(
                "reset_links",
            ))
            .unwrap();
            txn.delete_table(redb::TableDefinition::<(u64, u64, u64), ()>::new(
                "reset_links_by_token",
            ))
            .unwrap();
            let old: redb::TableDefinition<&[u8], &[u8]> =
                redb::TableDefinition::new("reset_links");
            let link = reset_link();
            txn.open_table(old)
                .unwrap()
                .insert(link.token_hash.as_slice(), codec::encode(&link).as_slice())
                .unwrap();
            at_schema(&txn, 14);
        }
        txn.commit().unwrap();
    }
    let store = crate::platform::store::open_file(dir.path()).unwrap();
    the_reset_link_of_before_is_found_and_used_once(&store);
}

/// A hub database as the binary before migration 0060 left it (a row per link, keyed by its
/// token's hash, a column per field): a link of before is found and used as it was.
#[test]
fn reset_links_of_a_hub_from_before_the_seam_are_kept() {
    let link = reset_link();
    let store = hub_after(
        59,
        &format!(
            "INSERT INTO firms VALUES (1, 'Alder', 'SOLO', to_timestamp(1700000000), true, false);\n\
                 INSERT INTO users VALUES \
                 (1, 'Ann', 'ann@a.example', 'ann@a.example', 'x', true, to_timestamp(1700000000), 1, 'owner');\n\
                 INSERT INTO reset_links (token_hash, user_id, created_at, expires_at, issued_by) \
                 VALUES ('\\x{}', 1, to_timestamp(1700000000), to_timestamp({}), 9);",
            hex::encode(link.token_hash),
            link.expires_at,
        ),
    );
    the_reset_link_of_before_is_found_and_used_once(&store);
}

/// A file at schema 15 keeps the catalog's seeding markers in META: schema 16 moves them into
/// the settings, so a start neither seeds a second catalog nor brings the shipped facts again.
#[test]
fn version_15_catalog_markers_move_into_the_settings() {
    let (_dir, store) = file_at(15, |txn| {
        let mut meta = txn.open_table(META).unwrap();
        for marker in [
            "seeded:catalog",
            "seeded:vendor-facts",
            "seeded:sample-bookings",
        ] {
            meta.insert(marker, 1).unwrap();
        }
    });
    assert!(crate::catalog::storage::is_seeded(&store).unwrap());
    let again = crate::catalog::storage::once(&store, "seeded:vendor-facts", |_| {
        panic!("brought once already")
    });
    assert!(!again.unwrap());
    let crate::platform::store::Store::File(file) = &store else {
        unreachable!()
    };
    let txn = file.read().unwrap();
    assert_eq!(meta_get(&txn, "seeded:catalog").unwrap(), None);
    assert_eq!(meta_get(&txn, "seeded:vendor-facts").unwrap(), None);
    // The bookings keep theirs.
    assert_eq!(meta_get(&txn, "seeded:sample-bookings").unwrap(), Some(1));
}

/// The logo copy of vendor 146 both fixtures hold: (its hash, the copy).
fn logo() -> (String, crate::catalog::logos::Logo) {
    (
        "af2d5ed60c8f9755fdc01ba238e31e205921441691dfe9753ed2c665d7d44051".into(),
        crate::catalog::logos::Logo {
            content_type: "image/png".into(),
            source_url: "http://127.0.0.1:44817/logo.png".into(),
            copied_on: "2026-11-30".into(),
            bytes: b"\x89PNG\r\n\x1a\n0001".to_vec(),
        },
    )
}

/// The logo of before is served by its vendor and hash, and by no other hash.
fn the_logo_of_before_is_served(store: &crate::platform::store::Store) {
    use crate::catalog::logos;
    let (sha, copy) = logo();
    assert_eq!(logos::get(store, 146, &sha).unwrap(), Some(copy));
    let mut other = sha.clone();
    other.replace_range(60.., "0000");
    assert_eq!(logos::get(store, 146, &other).unwrap(), None);
    assert_eq!(logos::get(store, 145, &sha).unwrap(), None);
}

/// A file at schema 15 keeps the logo copies by a text key of vendor and hash, the image in
/// bincode: schema 16 keys them by vendor and the hash's first 63 bits, as the seam's JSON.
#[test]
fn version_15_logos_are_rekeyed_and_served_the_same() {
    let (sha, copy) = logo();
    let (_dir, store) = file_at(15, |txn| {
        let old: redb::TableDefinition<&str, &[u8]> = redb::TableDefinition::new("vendor_logos");
        // As schema 15 wrote a copy: its four fields in bincode, the image as plain bytes.
        let value = codec::encode(&(
            &copy.content_type,
            &copy.source_url,
            &copy.copied_on,
            &copy.bytes,
        ));
        txn.open_table(old)
            .unwrap()
            .insert(format!("{:016x}:{sha}", 146).as_str(), value.as_slice())
            .unwrap();
    });
    the_logo_of_before_is_served(&store);
}

/// A hub database as the binary before migration 0063 left it (a column per field, the image as
/// bytea): the logo of before is served as it was.
#[test]
fn logos_of_a_hub_from_before_the_seam_are_kept() {
    let (sha, copy) = logo();
    let store = hub_after(
        62,
        &format!(
            "INSERT INTO vendor_logos VALUES (146, '{sha}', '{}', '{}', '{}', '\\x{}');",
            copy.content_type,
            copy.source_url,
            copy.copied_on,
            hex::encode(&copy.bytes),
        ),
    );
    the_logo_of_before_is_served(&store);
}

/// An invitation of firm 1 to bo@doe.com, id 4, mailed and not yet used.
fn invitation() -> crate::accounts::links::Invitation {
    crate::accounts::links::Invitation {
        id: 4,
        firm_id: 1,
        email: "Bo@Doe.com".into(),
        email_key: "bo@doe.com".into(),
        role: crate::platform::caller::FirmRole::Member,
        token_hash: [0xb3; 32],
        created_at: 1_700_000_000,
        // 2100-01-01: unexpired whenever the test runs.
        expires_at: 4_102_444_800,
        invited_by: 1,
        invited_by_name: "Ann".into(),
        used_at: None,
        revoked_at: None,
    }
}

/// The invitation of before is listed and found by its token, admits its person once, and the
/// next invitation takes the next id of the sequence of before (4 handed out).
fn the_invitation_of_before_is_found_and_used_once(store: &crate::platform::store::Store) {
    use crate::accounts::model::Email;
    use crate::accounts::storage::{FirmChoice, NewUser, create_user, links};
    let firm = crate::platform::firm_id::FirmId::from_stored(1);
    let invitation = invitation();
    assert_eq!(
        links::find_invitation_by_token(store, &invitation.token_hash).unwrap(),
        Some(invitation.clone())
    );
    assert_eq!(
        links::find_invitation_by_token(store, &[0xb4; 32]).unwrap(),
        None
    );
    assert_eq!(
        links::firm_invitations(store, firm).unwrap(),
        vec![invitation.clone()]
    );
    let bo = |email: &str| NewUser {
        name: "Bo".into(),
        email: Email::parse(email).unwrap(),
        firm: FirmChoice::Join {
            invitation: invitation.token_hash,
        },
        password_hash: "hash".into(),
    };
    let joined = create_user(store, bo("bo@doe.com"), &[2; 32], |_| Ok(())).unwrap();
    assert_eq!(
        (joined.firm.id, joined.firm_role),
        (firm, crate::platform::caller::FirmRole::Member)
    );
    let again = create_user(store, bo("bo@doe.com"), &[3; 32], |_| Ok(()));
    assert!(
        matches!(&again, Err(crate::platform::error::AppError::Gone(m))
            if m == crate::accounts::links::INVITATION_USED),
        "{again:?}"
    );
    let next = crate::accounts::links::Invitation {
        email: "cy@doe.com".into(),
        email_key: "cy@doe.com".into(),
        token_hash: [0xb4; 32],
        ..invitation
    };
    let next = links::create_invitation(store, next, None).unwrap();
    assert_eq!(next.id, 5);
    assert_eq!(
        links::find_invitation_by_token(store, &[0xb4; 32]).unwrap(),
        Some(next)
    );
}

/// A file at schema 15 holds the invitations in bincode by id, with a table from token hash to id
/// and one of each firm's ids: schema 16 keys them by their firm and id, found by their token
/// through the seam's index, as JSON, and an invitation of before is found and used as it was.
#[test]
fn version_15_invitations_are_rekeyed_and_used_the_same() {
    let dir = with_ann();
    {
        let db = Database::open(dir.path().join("litstack.redb")).unwrap();
        let txn = db.begin_write().unwrap();
        {
            let invitation = invitation();
            let by_id: redb::TableDefinition<u64, &[u8]> =
                redb::TableDefinition::new("invitations");
            txn.open_table(by_id)
                .unwrap()
                .insert(invitation.id, codec::encode(&invitation).as_slice())
                .unwrap();
            let tokens: redb::TableDefinition<&[u8], u64> =
                redb::TableDefinition::new("invitation_tokens");
            txn.open_table(tokens)
                .unwrap()
                .insert(invitation.token_hash.as_slice(), invitation.id)
                .unwrap();
            let of_firm: redb::TableDefinition<(u64, u64), ()> =
                redb::TableDefinition::new("firm_invitations");
            txn.open_table(of_firm)
                .unwrap()
                .insert((invitation.firm_id, invitation.id), ())
                .unwrap();
            txn.open_table(META)
                .unwrap()
                .insert("seq:invitations", 4)
                .unwrap();
            at_schema(&txn, 15);
        }
        txn.commit().unwrap();
    }
    let store = crate::platform::store::open_file(dir.path()).unwrap();
    the_invitation_of_before_is_found_and_used_once(&store);
    let crate::platform::store::Store::File(file) = &store else {
        unreachable!()
    };
    let txn = file.write().unwrap();
    for old in ["invitation_tokens", "firm_invitations"] {
        assert!(
            !super::super::registry::has_table(&txn, old).unwrap(),
            "{old}"
        );
    }
}

/// A hub database as the binary before migration 0062 left it (a row per invitation, a column
/// per field, ids from an identity): an invitation of before is found and used as it was, and the
/// ids go on from the identity's.
#[test]
fn invitations_of_a_hub_from_before_the_seam_are_kept() {
    let invitation = invitation();
    let store = hub_after(
        61,
        &format!(
            "INSERT INTO firms VALUES (1, 'Alder', 'SOLO', to_timestamp(1700000000), true, false);\n\
                 INSERT INTO users VALUES \
                 (1, 'Ann', 'ann@a.example', 'ann@a.example', 'x', true, to_timestamp(1700000000), 1, 'owner');\n\
                 INSERT INTO invitations (id, firm_id, email, email_key, role, token_hash, \
                 created_at, expires_at, invited_by, invited_by_name) VALUES (4, 1, 'Bo@Doe.com', \
                 'bo@doe.com', 'member', '\\x{}', to_timestamp(1700000000), to_timestamp({}), 1, 'Ann');\n\
                 SELECT setval(pg_get_serial_sequence('invitations', 'id'), 4);\n\
                 SELECT setval(pg_get_serial_sequence('users', 'id'), 1);",
            hex::encode(invitation.token_hash),
            invitation.expires_at,
        ),
    );
    the_invitation_of_before_is_found_and_used_once(&store);
}

/// An audit line of firm 1.
fn audit_line(action: crate::accounts::audit::AuditAction) -> crate::accounts::audit::AuditEntry {
    crate::accounts::audit::AuditEntry {
        id: 9,
        firm_id: 1,
        at: 1_700_000_000,
        actor: Some("Ann".into()),
        action,
        detail: "Invited bo@doe.com as member".into(),
    }
}

/// The line of before reads as it was, and the next line takes the next id of the sequence of
/// before (9 handed out).
fn the_audit_line_of_before_reads_the_same(store: &crate::platform::store::Store) {
    use crate::accounts::audit::{AuditAction, AuditEntry};
    use crate::accounts::storage::audit;
    let firm = crate::platform::firm_id::FirmId::from_stored(1);
    let before = audit_line(AuditAction::InvitationCreated);
    assert_eq!(
        audit::firm_entries(store, firm).unwrap(),
        vec![before.clone()]
    );
    let next = AuditEntry {
        action: AuditAction::ViewSaved,
        detail: "Saved the view \"Texas\" of Trends".into(),
        ..before.clone()
    };
    assert!(audit::append(store, next.clone()).unwrap());
    assert_eq!(
        audit::firm_entries(store, firm).unwrap(),
        vec![before, AuditEntry { id: 10, ..next }]
    );
}

/// A file at schema 16 holds the audit log in bincode, each action by its position: schema 17
/// keeps its keys and sequence and stores each line as the seam's JSON, read as it was.
#[test]
fn version_16_audit_lines_move_onto_the_seam_and_read_the_same() {
    let dir = with_ann();
    {
        let db = Database::open(dir.path().join("litstack.redb")).unwrap();
        let txn = db.begin_write().unwrap();
        {
            let line = audit_line(crate::accounts::audit::AuditAction::InvitationCreated);
            txn.open_table(FIRM_AUDIT)
                .unwrap()
                .insert((1, 9), codec::encode(&line).as_slice())
                .unwrap();
            txn.open_table(META)
                .unwrap()
                .insert("seq:audit", 9)
                .unwrap();
            at_schema(&txn, 16);
        }
        txn.commit().unwrap();
    }
    let store = crate::platform::store::open_file(dir.path()).unwrap();
    the_audit_line_of_before_reads_the_same(&store);
}

/// A hub database as the binary before migration 0065 left it (a row per line, a column per
/// field, ids from an identity): the line of before reads as it was, and the ids go on from the
/// identity's.
#[test]
fn audit_lines_of_a_hub_from_before_the_seam_are_kept() {
    let store = hub_after(
        64,
        "INSERT INTO firms VALUES (1, 'Alder', 'SOLO', to_timestamp(1700000000), true, false);\n\
         INSERT INTO firm_audit (id, firm_id, at, actor, action, detail) VALUES \
         (9, 1, to_timestamp(1700000000), 'Ann', 'invitation_created', 'Invited bo@doe.com as member');\n\
         SELECT setval(pg_get_serial_sequence('firm_audit', 'id'), 9);",
    );
    the_audit_line_of_before_reads_the_same(&store);
}

/// The sessions of before, as each backend wrote them: two of account 1, one of them with its
/// device, and one of account 2. Each reads as it was, with its device, and goes on working.
fn the_sessions_of_before_read_the_same(store: &crate::platform::store::Store) {
    use crate::accounts::model::SessionDevice;
    use crate::accounts::storage as accounts;
    let session = |hash: u8| {
        accounts::find_session(store, &[hash; 32])
            .unwrap()
            .map(|s| (s.user_id, s.created_at, s.last_seen))
    };
    assert_eq!(session(1), Some((1, 1_700_000_100, 1_700_000_200)));
    assert_eq!(session(2), Some((1, 1_700_000_300, 1_700_000_400)));
    assert_eq!(session(3), Some((2, 1_700_000_500, 1_700_000_600)));
    assert_eq!(session(4), None);
    let mut listed = accounts::sessions::of_user(store, 1).unwrap();
    listed.sort_by_key(|(hash, _, _)| *hash);
    let firefox = SessionDevice {
        device: "Firefox on Linux".into(),
        address: "10.0.0.1".into(),
        started_at: 1_700_000_100,
    };
    let devices: Vec<_> = listed.iter().map(|(h, _, d)| (h[0], d.clone())).collect();
    assert_eq!(devices, vec![(1, Some(firefox)), (2, None)]);
    let seen = accounts::last_active(store, &[1, 2, 3]).unwrap();
    assert_eq!(seen.get(&1), Some(&1_700_000_400));
    assert_eq!(seen.get(&2), Some(&1_700_000_600));
    assert_eq!(seen.get(&3), None);
    // A sign-out ends the one session; a touch moves the other's last sight forward only.
    accounts::delete_session(store, &[2; 32]).unwrap();
    assert_eq!(session(2), None);
    let later = crate::accounts::model::Session {
        user_id: 1,
        created_at: 1_700_000_100,
        last_seen: 1_700_000_900,
    };
    assert!(accounts::touch_session(store, &[1; 32], &later).unwrap());
    assert_eq!(session(1), Some((1, 1_700_000_100, 1_700_000_900)));
    assert!(!accounts::touch_session(store, &[2; 32], &later).unwrap());
}

/// A file at schema 18 keeps the sessions and their devices by the token's whole hash, in
/// bincode: schema 19 rekeys each session (its person, the hash's first 63 bits) and stores it as
/// the seam's JSON with its device.
#[test]
fn version_18_sessions_move_onto_the_seam_with_their_devices() {
    let (_dir, store) = file_at(18, |txn| {
        let mut sessions = txn.open_table(V18_SESSIONS).unwrap();
        for (hash, user_id, created_at, last_seen) in [
            (1u8, 1u64, 1_700_000_100i64, 1_700_000_200i64),
            (2, 1, 1_700_000_300, 1_700_000_400),
            (3, 2, 1_700_000_500, 1_700_000_600),
        ] {
            let session = shapes::Session {
                user_id,
                created_at,
                last_seen,
            };
            sessions
                .insert([hash; 32].as_slice(), codec::encode(&session).as_slice())
                .unwrap();
        }
        let device = shapes::SessionDevice {
            device: "Firefox on Linux".into(),
            address: "10.0.0.1".into(),
            started_at: 1_700_000_100,
        };
        let mut devices = txn.open_table(V18_SESSION_DEVICES).unwrap();
        // The second device's session is gone: it goes nowhere.
        for hash in [1u8, 4] {
            devices
                .insert([hash; 32].as_slice(), codec::encode(&device).as_slice())
                .unwrap();
        }
    });
    the_sessions_of_before_read_the_same(&store);
}

/// A hub database as the binary before migration 0067 left it (a row per session by the whole
/// hash, the devices in a table of their own): each session reads as it was, with its device.
#[test]
fn sessions_of_a_hub_from_before_the_seam_are_kept_with_their_devices() {
    let store = hub_after(
        66,
        "INSERT INTO firms VALUES (1, 'Alder', 'SOLO', to_timestamp(1700000000), true, false);\n\
         INSERT INTO users VALUES \
         (1, 'Ann', 'ann@a.example', 'ann@a.example', 'x', true, to_timestamp(1700000000), 1, 'owner'), \
         (2, 'Bo', 'bo@a.example', 'bo@a.example', 'x', false, to_timestamp(1700000000), 1, 'member');\n\
         INSERT INTO sessions VALUES \
         (decode(repeat('01', 32), 'hex'), 1, to_timestamp(1700000100), to_timestamp(1700000200)), \
         (decode(repeat('02', 32), 'hex'), 1, to_timestamp(1700000300), to_timestamp(1700000400)), \
         (decode(repeat('03', 32), 'hex'), 2, to_timestamp(1700000500), to_timestamp(1700000600));\n\
         INSERT INTO session_devices VALUES \
         (decode(repeat('01', 32), 'hex'), 1, 'Firefox on Linux', '10.0.0.1', to_timestamp(1700000100));",
    );
    the_sessions_of_before_read_the_same(&store);
}

/// The notes of before, as each backend wrote them: a member's removal a minute ago, and a
/// password change of eight days ago (past its week).
fn the_ended_sessions_of_before_read_the_same(store: &crate::platform::store::Store) {
    use crate::accounts::model::{EndReason, EndedSession};
    use crate::accounts::storage::find_ended_session;
    let removed = find_ended_session(store, &[7; 32]).unwrap().unwrap();
    assert_eq!(removed.reason, EndReason::Removed);
    assert_eq!(removed.firm_name.as_deref(), Some("Alder"));
    assert!(removed.current(crate::platform::clock::now_secs()));
    assert_eq!(find_ended_session(store, &[8; 32]).unwrap(), None);
    assert_eq!(find_ended_session(store, &[9; 32]).unwrap(), None);
    // The next note lets the one past its week go, through the index on the time.
    let why = EndedSession::new(EndReason::PasswordChanged, None);
    let mut tx = store.begin().unwrap();
    crate::accounts::storage::ended::note_in(&mut tx, &[[9; 32]], &why).unwrap();
    tx.commit().unwrap();
    let notes = crate::platform::store::seam::range_one(
        store,
        &crate::accounts::storage::ended::NOTES,
        &[],
    )
    .unwrap();
    let hashes: Vec<[u8; 32]> = notes.iter().map(|(_, n)| n.token_hash).collect();
    assert_eq!(hashes.len(), 2);
    assert!(hashes.contains(&[7; 32]) && hashes.contains(&[9; 32]));
    assert_eq!(find_ended_session(store, &[9; 32]).unwrap(), Some(why));
}

/// A file at schema 17 keeps why sessions ended by the token's whole hash, in bincode: schema 18
/// rekeys each note (the hash's first 63 bits, the time) and stores it as the seam's JSON.
#[test]
fn version_17_ended_sessions_move_onto_the_seam_and_read_the_same() {
    use crate::accounts::model::{EndReason, EndedSession};
    let now = crate::platform::clock::now_secs();
    let (_dir, store) = file_at(17, |txn| {
        let mut table = txn.open_table(V17_ENDED_SESSIONS).unwrap();
        let removed = EndedSession {
            reason: EndReason::Removed,
            firm_name: Some("Alder".into()),
            at: now - 60,
        };
        let stale = EndedSession {
            reason: EndReason::PasswordChanged,
            firm_name: None,
            at: now - 8 * 24 * 3600,
        };
        for (hash, note) in [([7u8; 32], removed), ([8u8; 32], stale)] {
            table
                .insert(hash.as_slice(), codec::encode(&note).as_slice())
                .unwrap();
        }
    });
    the_ended_sessions_of_before_read_the_same(&store);
}

/// A hub database as the binary before migration 0066 left it (a row per note, by the whole
/// hash): each note reads as it was.
#[test]
fn ended_sessions_of_a_hub_from_before_the_seam_are_kept() {
    let store = hub_after(
        65,
        "INSERT INTO ended_sessions VALUES \
         (decode(repeat('07', 32), 'hex'), 'removed', 'Alder', now() - interval '1 minute'), \
         (decode(repeat('08', 32), 'hex'), 'password_changed', NULL, now() - interval '8 days');",
    );
    the_ended_sessions_of_before_read_the_same(&store);
}

#[test]
fn version_14_responses_are_keyed_by_their_firm_and_read_the_same() {
    use crate::recommend::model::StoredResponse;
    use crate::recommend::storage;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("litstack.redb");
    let response = |id, firm_id, category_id, at| StoredResponse {
        id,
        user_id: firm_id * 10,
        firm_id,
        category_id,
        answers: vec![(3, vec!["Under 10".into(), "Ünïcode".into()]), (1, vec![])],
        at,
    };
    let responses = [
        response(1, 4, 1, 1_800_000_000),
        response(2, 5, 1, 1_800_000_010),
        response(3, 4, 2, 1_800_000_020),
        response(5, 4, 1, 1_800_000_030),
    ];
    {
        let db = Database::create(&path).unwrap();
        let txn = db.begin_write().unwrap();
        create_tables(&txn).unwrap();
        {
            // As schema 14 wrote them: by id, `store::codec`'s bincode, the latest per category
            // beside them.
            let mut table = txn.open_table(V14_RESPONSES).unwrap();
            for r in &responses {
                table.insert(r.id, codec::encode(r).as_slice()).unwrap();
            }
            let mut latest = txn.open_table(USER_RESPONSES).unwrap();
            for (key, id) in [((4, 1), 5), ((4, 2), 3), ((5, 1), 2)] {
                latest.insert(key, id).unwrap();
            }
            let mut meta = txn.open_table(META).unwrap();
            meta.insert("schema_version", 14).unwrap();
            // Id 6 was handed out to a write that failed.
            meta.insert("seq:responses", 6).unwrap();
        }
        txn.commit().unwrap();
    }

    let store = crate::platform::store::Store::File(
        crate::platform::store::FileStore::open(dir.path()).unwrap(),
    );
    let firm = crate::platform::firm_id::FirmId::from_stored;
    assert_eq!(
        storage::responses(&store, firm(4)).unwrap(),
        [
            responses[0].clone(),
            responses[2].clone(),
            responses[3].clone()
        ]
    );
    assert_eq!(
        storage::load_response(&store, firm(5), 2).unwrap(),
        Some(responses[1].clone())
    );
    assert_eq!(storage::load_response(&store, firm(5), 1).unwrap(), None);
    assert_eq!(
        storage::latest_response(&store, firm(4), 1).unwrap(),
        Some(responses[3].clone())
    );
    assert_eq!(
        storage::responded_categories(&store, firm(4)).unwrap(),
        std::collections::HashSet::from([1, 2])
    );
    {
        let txn = store.file().unwrap().read().unwrap();
        assert_eq!(
            stored(&txn, storage::RESPONSES.redb, (4, 3)),
            serde_json::to_vec(&responses[2]).unwrap()
        );
        assert_eq!(
            meta_get(&txn, "schema_version").unwrap(),
            Some(SCHEMA_VERSION)
        );
    }
    // A new response takes the next id of the file's sequence, and is the latest.
    let author = storage::Author {
        user_id: 40,
        firm_id: firm(4),
    };
    assert_eq!(
        storage::insert_response(&store, author, 1, vec![]).unwrap(),
        7
    );
    assert_eq!(
        storage::latest_response_id(&store, firm(4), 1).unwrap(),
        Some(7)
    );
}

/// The firms of before, as each backend wrote them: Alder (verified, solo) with Ann, and Birch
/// (disabled, no size) with Bo; firm 2 was merged away, and ids up to 4 were handed out. Each
/// reads as it was, with its member; a new firm takes the next id (the sequence carried over,
/// not the largest id); a firm's record saves and reads back.
fn the_firms_of_before_read_the_same(store: &crate::platform::store::Store) {
    use crate::accounts::storage::{
        FirmChoice, NewUser, all_firms, create_user, find_firm, find_user, save_firm,
    };
    let view = |f: &crate::platform::caller::Firm| {
        (
            f.id.get(),
            f.name.clone(),
            f.size.map(|s| s.code()),
            f.created_at,
            f.verified,
            f.disabled,
        )
    };
    let firms: Vec<_> = all_firms(store).unwrap().iter().map(view).collect();
    assert_eq!(
        firms,
        vec![
            (1, "Alder".into(), Some("SOLO"), 1_700_000_000, true, false),
            (3, "Birch".into(), None, 1_700_000_500, false, true),
        ]
    );
    let ann = find_user(store, 1).unwrap().unwrap();
    assert_eq!(view(&ann.firm), firms[0]);
    assert_eq!(find_user(store, 2).unwrap().unwrap().firm.name, "Birch");
    assert_eq!(find_firm(store, 2).unwrap(), None);

    let new = NewUser {
        name: "Cy".into(),
        email: crate::accounts::Email::parse("cy@c.example").unwrap(),
        firm: FirmChoice::New {
            name: "Cedar".into(),
            size: None,
        },
        password_hash: "x".into(),
    };
    let cy = create_user(store, new, &[5; 32], |_| Ok(())).unwrap();
    assert_eq!(cy.firm.id.get(), 5);
    assert!(!cy.firm.verified);

    let mut birch = find_firm(store, 3).unwrap().unwrap();
    birch.disabled = false;
    birch.name = "Birch & Co".into();
    save_firm(store, &birch).unwrap();
    assert_eq!(find_firm(store, 3).unwrap(), Some(birch));
}

/// A file at schema 19 keeps each firm with its id, in bincode: schema 20 stores it as the seam's
/// JSON, without the id its key holds.
#[test]
fn version_19_firms_move_onto_the_seam_and_read_the_same() {
    let (_dir, store) = file_at(19, |txn| {
        // Schema 19 keeps the sessions on the seam (schema 1's table of them is gone).
        txn.delete_table(V18_SESSIONS).unwrap();
        let mut firms = txn.open_table(FIRMS).unwrap();
        for (id, name, size, created_at, verified, disabled) in [
            (
                1u64,
                "Alder",
                crate::platform::firm_size::FirmSize::parse("SOLO"),
                1_700_000_000i64,
                true,
                false,
            ),
            (3, "Birch", None, 1_700_000_500, false, true),
        ] {
            let firm = shapes::Firm {
                id,
                name: name.into(),
                size,
                created_at,
                verified,
                disabled,
            };
            firms.insert(id, codec::encode(&firm).as_slice()).unwrap();
        }
        let mut users = txn.open_table(USERS).unwrap();
        let mut members = txn.open_table(FIRM_MEMBERS).unwrap();
        let mut emails = txn.open_table(USER_EMAILS).unwrap();
        for (id, name, firm_id) in [(1u64, "Ann", 1u64), (2, "Bo", 3)] {
            let email = format!("{}@a.example", name.to_lowercase());
            let user = V6User {
                id,
                name: name.into(),
                email: email.clone(),
                firm_id,
                firm_role: shapes::FirmRole::Owner,
                password_hash: "x".into(),
                is_admin: id == 1,
                created_at: 1_700_000_000,
            };
            users.insert(id, codec::encode(&user).as_slice()).unwrap();
            members.insert((firm_id, id), ()).unwrap();
            emails.insert(email.as_str(), id).unwrap();
        }
        txn.open_table(crate::platform::store::MERGED_FIRMS)
            .unwrap()
            .insert(2, 1)
            .unwrap();
        let mut meta = txn.open_table(META).unwrap();
        meta.insert("seq:firms", 4).unwrap();
        meta.insert("seq:users", 2).unwrap();
    });
    the_firms_of_before_read_the_same(&store);
}

/// A hub database as the binary before migration 0068 left it (a column per field of a firm, ids
/// from the table's identity): each firm reads as it was.
#[test]
fn firms_of_a_hub_from_before_the_seam_are_kept() {
    let store = hub_after(
        67,
        "INSERT INTO firms VALUES (1, 'Alder', 'SOLO', to_timestamp(1700000000), true, false), \
         (3, 'Birch', NULL, to_timestamp(1700000500), false, true);\n\
         SELECT setval(pg_get_serial_sequence('firms', 'id'), 4);\n\
         INSERT INTO users VALUES \
         (1, 'Ann', 'ann@a.example', 'ann@a.example', 'x', true, to_timestamp(1700000000), 1, 'owner'), \
         (2, 'Bo', 'bo@a.example', 'bo@a.example', 'x', false, to_timestamp(1700000000), 3, 'owner');\n\
         SELECT setval(pg_get_serial_sequence('users', 'id'), 2);\n\
         INSERT INTO merged_firms VALUES (2, 1, now());",
    );
    the_firms_of_before_read_the_same(&store);
}

/// Schema 21's step takes the catalog's bincode values of schema 20 through the frozen shapes into
/// JSON: today's types read that JSON as the values they wrote in bincode, every variant of a
/// vendor's facts among them.
#[test]
fn the_catalogs_bincode_values_become_json_todays_types_read() {
    use crate::catalog::facts::{
        Evidence, EvidenceSeen, Provenance, RowFact, Security, Soc2, Soc2Type, Sso, SsoProtocol,
        Stated, VendorFacts,
    };
    use crate::catalog::{BookingSource, ImportedBy, VendorSource};
    fn through<Frozen, Today>(today: Today)
    where
        Frozen: serde::Serialize + serde::de::DeserializeOwned,
        Today: serde::Serialize + serde::de::DeserializeOwned + PartialEq + std::fmt::Debug,
    {
        let frozen: Frozen = codec::decode(&codec::encode(&today)).unwrap();
        let json = crate::platform::store::seam::value::encode("t", &frozen).unwrap();
        let read: Today = crate::platform::store::seam::value::decode("t", &json).unwrap();
        assert_eq!(read, today);
    }
    let stated = |value: bool, provenance: Provenance| Stated { value, provenance };
    let page = Provenance::Page {
        url: "https://acme.example/security".into(),
        checked_on: "2026-11-01".into(),
    };
    let facts = VendorFacts {
        row: [
            (RowFact::Website, page.clone()),
            (
                RowFact::Price,
                Provenance::administrator_today(Some(1), Some("v.csv")),
            ),
            (RowFact::Logo, Provenance::Estimate),
            (
                RowFact::BookingLink,
                Provenance::Publisher {
                    feed: "f".into(),
                    on: "2026-11-02".into(),
                },
            ),
            (
                RowFact::Description,
                Provenance::Vendor {
                    vendor: "Acme".into(),
                    account_id: Some(4),
                    approved_by: None,
                    on: "2026-11-03".into(),
                },
            ),
        ]
        .into_iter()
        .collect(),
        stated_price: Some(Stated {
            value: "From $39 per user per month".into(),
            provenance: page.clone(),
        }),
        pricing_model: None,
        security: Security {
            soc2: Some(Stated {
                value: Soc2 {
                    report: Soc2Type::TypeII,
                    period_end: Some("2026-06-30".into()),
                },
                provenance: Provenance::VendorAttested {
                    vendor: "Acme".into(),
                    account_id: Some(4),
                    approved_by: Some(1),
                    on: "2026-11-04".into(),
                    evidence: Evidence {
                        seen: EvidenceSeen::Note {
                            note: "report seen".into(),
                        },
                        seen_on: "2026-11-04".into(),
                    },
                },
            }),
            sso: Some(Stated {
                value: Sso {
                    offered: true,
                    protocols: vec![SsoProtocol::Saml, SsoProtocol::Oidc],
                    plan: None,
                },
                provenance: page.clone(),
            }),
            mfa: Some(stated(true, page.clone())),
            hipaa_baa: Some(stated(false, page.clone())),
            trust_page: Some(Stated {
                value: "https://acme.example/trust".into(),
                provenance: Provenance::VendorAttested {
                    vendor: "Acme".into(),
                    account_id: None,
                    approved_by: None,
                    on: "2026-11-05".into(),
                    evidence: Evidence {
                        seen: EvidenceSeen::Page {
                            url: "https://acme.example/trust".into(),
                        },
                        seen_on: "2026-11-05".into(),
                    },
                },
            }),
            ..Security::default()
        },
    };
    through::<shapes::VendorFacts, _>(facts);
    through::<shapes::VendorFacts, _>(VendorFacts::default());
    through::<shapes::Vendor, _>(crate::catalog::Vendor {
        id: 1,
        name: "Acme".into(),
        category_id: 2,
        website_url: Some("https://acme.example".into()),
        booking_url: None,
        logo_url: None,
        description: "d".into(),
        short_highlights: vec!["h".into()],
        integrations: vec![],
        price_bracket: Some(2),
        firm_sizes_supported: crate::platform::firm_size::FirmSize::parse("E6_20")
            .into_iter()
            .collect(),
        practice_areas_supported: vec!["PI".into()],
        geo_focus: None,
        tags: vec!["t".into()],
        is_recommended_partner: false,
        partner_level: None,
        is_active: true,
        needs_review: false,
    });
    through::<shapes::VendorSource, _>(VendorSource {
        source_url: Some("https://acme.example".into()),
        verified_on: None,
    });
    through::<shapes::BookingSource, _>(BookingSource::checked(
        "https://acme.example/demo",
        "2026-01-31",
    ));
    through::<shapes::BookingSource, _>(BookingSource::Imported(ImportedBy {
        user_id: None,
        file_name: "vendors.csv".into(),
        on: "2026-02-01".into(),
    }));
}

/// The catalog a file of schema 20 or a hub from before migration 0069 holds, read after the
/// migration: two categories, two vendors (one checked against a page, with facts; one imported),
/// a merged vendor's name. A new vendor takes the id after the sequence (10, not the largest id
/// plus one), and an edit is stored.
fn the_catalog_of_before_reads_the_same(store: &crate::platform::store::Store) {
    use crate::catalog::facts::{Provenance, RowFact};
    use crate::catalog::storage::{import_vendors, load_catalog, update_vendor};
    use crate::catalog::{BookingSource, ImportedBy, VendorSource};
    let rows = load_catalog(store).unwrap();
    let categories: Vec<_> = (rows.categories.iter())
        .map(|c| (c.id, c.name.as_str(), c.stage))
        .collect();
    assert_eq!(categories, [(1, "Intake", Some(1)), (7, "Billing", None)]);
    let vendors: Vec<_> = (rows.vendors.iter())
        .map(|v| {
            let sizes: Vec<_> = v.firm_sizes_supported.iter().map(|s| s.code()).collect();
            (
                v.id,
                v.name.as_str(),
                v.category_id,
                v.booking_url.as_deref(),
                sizes,
                v.price_bracket,
            )
        })
        .collect();
    assert_eq!(
        vendors,
        [
            (
                3,
                "Acme",
                1,
                Some("https://acme.example/demo"),
                vec!["SOLO", "E2_5"],
                Some(2)
            ),
            (5, "Bill Co", 7, None, vec![], None),
        ]
    );
    assert_eq!(rows.vendors[0].short_highlights, ["Fast intake"]);
    assert!(rows.vendors[0].is_recommended_partner && !rows.vendors[1].is_active);
    assert_eq!(
        rows.sources[&3],
        VendorSource {
            source_url: Some("https://acme.example".into()),
            verified_on: Some("2026-01-31".into()),
        }
    );
    assert_eq!(
        rows.booking_sources[&3],
        BookingSource::checked("https://acme.example/demo", "2026-01-31")
    );
    assert_eq!(
        rows.booking_sources[&5],
        BookingSource::Imported(ImportedBy {
            user_id: Some(1),
            file_name: "v.csv".into(),
            on: "2026-02-01".into(),
        })
    );
    assert_eq!(
        rows.facts[&3].row[&RowFact::Website],
        Provenance::Page {
            url: "https://acme.example".into(),
            checked_on: "2026-01-31".into(),
        }
    );
    assert_eq!(rows.aliases["acme duplicate"], 3);

    let new = import_vendors(store, |tables| {
        let id = tables.new_id(None)?;
        let vendor = crate::catalog::Vendor {
            id,
            name: "Cedar".into(),
            ..rows.vendors[1].clone()
        };
        tables.put(&vendor, &VendorSource::default())?;
        Ok::<_, crate::platform::error::AppError>(id)
    })
    .unwrap();
    assert_eq!(new, 10);
    let by = Provenance::administrator_today(Some(1), None);
    let edited = update_vendor(store, 5, &by, |mut v, _| {
        v.is_active = true;
        Ok(Some(v))
    });
    assert!(edited.unwrap());
    let after = load_catalog(store).unwrap();
    assert!(after.vendors.iter().any(|v| v.id == 5 && v.is_active));
    assert_eq!(
        after.vendors.iter().map(|v| v.id).collect::<Vec<_>>(),
        [3, 5, 10]
    );
}

#[test]
fn version_20_catalog_moves_onto_the_seam_and_reads_the_same() {
    use crate::platform::firm_size::FirmSize;
    let (_dir, store) = file_at(20, |txn| {
        // Schema 19 keeps the sessions on the seam (schema 1's table of them is gone).
        txn.delete_table(V18_SESSIONS).unwrap();
        let mut categories = txn.open_table(CATEGORIES).unwrap();
        for (id, name, stage) in [(1u64, "Intake", Some(1u8)), (7, "Billing", None)] {
            let category = shapes::Category {
                id,
                name: name.into(),
                stage,
            };
            categories
                .insert(id, codec::encode(&category).as_slice())
                .unwrap();
        }
        let vendor = |id: u64, name: &str, category_id: u64| shapes::Vendor {
            id,
            name: name.into(),
            category_id,
            website_url: None,
            booking_url: None,
            logo_url: None,
            description: String::new(),
            short_highlights: vec![],
            integrations: vec![],
            price_bracket: None,
            firm_sizes_supported: vec![],
            practice_areas_supported: vec![],
            geo_focus: None,
            tags: vec![],
            is_recommended_partner: false,
            partner_level: None,
            is_active: false,
            needs_review: false,
        };
        let acme = shapes::Vendor {
            website_url: Some("https://acme.example".into()),
            booking_url: Some("https://acme.example/demo".into()),
            short_highlights: vec!["Fast intake".into()],
            price_bracket: Some(2),
            firm_sizes_supported: ["SOLO", "E2_5"]
                .into_iter()
                .filter_map(FirmSize::parse)
                .collect(),
            is_recommended_partner: true,
            is_active: true,
            ..vendor(3, "Acme", 1)
        };
        let mut vendors = txn.open_table(VENDORS).unwrap();
        for v in [acme, vendor(5, "Bill Co", 7)] {
            vendors.insert(v.id, codec::encode(&v).as_slice()).unwrap();
        }
        let source = shapes::VendorSource {
            source_url: Some("https://acme.example".into()),
            verified_on: Some("2026-01-31".into()),
        };
        txn.open_table(VENDOR_SOURCES)
            .unwrap()
            .insert(3, codec::encode(&source).as_slice())
            .unwrap();
        let mut booking = txn.open_table(VENDOR_BOOKING_SOURCES).unwrap();
        let checked = shapes::BookingSource::Checked {
            source_url: "https://acme.example/demo".into(),
            verified_on: "2026-01-31".into(),
        };
        booking
            .insert(3, codec::encode(&checked).as_slice())
            .unwrap();
        let imported = shapes::BookingSource::Imported(shapes::ImportedBy {
            user_id: Some(1),
            file_name: "v.csv".into(),
            on: "2026-02-01".into(),
        });
        booking
            .insert(5, codec::encode(&imported).as_slice())
            .unwrap();
        let facts = shapes::VendorFacts {
            row: [(
                shapes::RowFact::Website,
                shapes::Provenance::Page {
                    url: "https://acme.example".into(),
                    checked_on: "2026-01-31".into(),
                },
            )]
            .into_iter()
            .collect(),
            stated_price: None,
            pricing_model: None,
            security: shapes::Security {
                soc2: None,
                iso27001: None,
                hipaa_baa: None,
                sso: None,
                mfa: None,
                data_location: None,
                ai_training: None,
                data_export: None,
                trust_page: None,
            },
        };
        txn.open_table(crate::platform::store::VENDOR_FACTS)
            .unwrap()
            .insert(3, codec::encode(&facts).as_slice())
            .unwrap();
        txn.open_table(crate::platform::store::VENDOR_ALIASES)
            .unwrap()
            .insert("acme duplicate", 3)
            .unwrap();
        txn.open_table(META)
            .unwrap()
            .insert("seq:vendors", 9)
            .unwrap();
    });
    the_catalog_of_before_reads_the_same(&store);
}

/// A hub database as the binary before migration 0069 left it (a column per field of a vendor,
/// ids from `vendor_ids`): the catalog reads as it was.
#[test]
fn the_catalog_of_a_hub_from_before_the_seam_is_kept() {
    let store = hub_after(
        68,
        "INSERT INTO categories VALUES (1, 'Intake', 1), (7, 'Billing', NULL);\n\
         INSERT INTO vendors (id, name, category_id, website_url, booking_url, logo_url, \
         description, short_highlights, integrations, price_bracket, firm_sizes_supported, \
         practice_areas_supported, geo_focus, tags, is_recommended_partner, partner_level, \
         is_active, needs_review) VALUES \
         (3, 'Acme', 1, 'https://acme.example', 'https://acme.example/demo', NULL, '', \
          '{Fast intake}', '{}', 2, '{SOLO,E2_5}', '{}', NULL, '{}', true, NULL, true, false), \
         (5, 'Bill Co', 7, NULL, NULL, NULL, '', '{}', '{}', NULL, '{}', '{}', NULL, '{}', \
          false, NULL, false, false);\n\
         SELECT setval('vendor_ids', 9);\n\
         INSERT INTO vendor_sources VALUES (3, 'https://acme.example', '2026-01-31');\n\
         INSERT INTO vendor_booking_sources (vendor_id, source_url, verified_on) \
         VALUES (3, 'https://acme.example/demo', '2026-01-31');\n\
         INSERT INTO vendor_booking_sources (vendor_id, imported_by, imported_file, imported_on) \
         VALUES (5, 1, 'v.csv', '2026-02-01');\n\
         INSERT INTO vendor_facts VALUES (3, '{\"row\": {\"Website\": {\"Page\": \
         {\"url\": \"https://acme.example\", \"checked_on\": \"2026-01-31\"}}}, \
         \"stated_price\": null, \"pricing_model\": null, \"security\": {\"soc2\": null, \
         \"iso27001\": null, \"hipaa_baa\": null, \"sso\": null, \"mfa\": null, \
         \"data_location\": null, \"ai_training\": null, \"data_export\": null, \
         \"trust_page\": null}}');\n\
         INSERT INTO vendor_aliases VALUES ('acme duplicate', 3);",
    );
    the_catalog_of_before_reads_the_same(&store);
}

/// The accounts a file of schema 21 or a hub from before migration 0070 holds, read after the
/// migration: three accounts in two firms (one with an email typed in capitals), found by id, by
/// email in any case and by firm. A sign-up takes the id after the sequence (9, not the largest id
/// plus one) and is refused an email an account of before holds; an email change is found by its
/// new email only; a removed account is gone from its firm.
fn the_accounts_of_before_read_the_same(store: &crate::platform::store::Store) {
    use crate::accounts::Email;
    use crate::accounts::storage::{
        FirmChoice, NewUser, all_users, create_user, find_user, find_user_by_email, firm_members,
        remove_user, save_new_email,
    };
    use crate::platform::caller::FirmRole;
    use crate::platform::firm_id::FirmId;
    let view = |u: &crate::platform::caller::User| {
        (
            u.id,
            u.name.clone(),
            u.email.clone(),
            u.firm.id.get(),
            u.firm_role,
            u.is_admin,
            u.created_at,
        )
    };
    let all: Vec<_> = all_users(store).unwrap().iter().map(view).collect();
    assert_eq!(
        all,
        vec![
            (
                1,
                "Ann".into(),
                "Ann@A.example".into(),
                1,
                FirmRole::Owner,
                true,
                1_700_000_000
            ),
            (
                2,
                "Bo".into(),
                "bo@a.example".into(),
                1,
                FirmRole::Viewer,
                false,
                1_700_000_100
            ),
            (
                4,
                "Cy".into(),
                "cy@c.example".into(),
                3,
                FirmRole::Owner,
                false,
                1_700_000_200
            ),
        ]
    );
    assert_eq!(find_user(store, 4).unwrap().unwrap().firm.name, "Cedar");
    assert!(find_user(store, 3).unwrap().is_none());
    let email = |e: &str| Email::parse(e).unwrap();
    let ann = find_user_by_email(store, &email("ann@a.EXAMPLE"))
        .unwrap()
        .unwrap();
    assert_eq!(ann.id, 1);
    let ids = |firm: u64| -> Vec<u64> {
        firm_members(store, FirmId::from_stored(firm))
            .unwrap()
            .iter()
            .map(|u| u.id)
            .collect()
    };
    assert_eq!((ids(1), ids(3)), (vec![1, 2], vec![4]));

    let sign_up = |e: &str| NewUser {
        name: "Di".into(),
        email: email(e),
        firm: FirmChoice::New {
            name: "Dogwood".into(),
            size: None,
        },
        password_hash: "x".into(),
    };
    let taken = create_user(store, sign_up("ANN@a.example"), &[6; 32], |_| Ok(()));
    assert_eq!(
        taken.unwrap_err().to_string(),
        "An account with this email already exists"
    );
    let di = create_user(store, sign_up("di@d.example"), &[7; 32], |_| Ok(())).unwrap();
    assert_eq!(di.id, 9);

    let mut bo = find_user(store, 2).unwrap().unwrap();
    bo.email = "bo@b.example".into();
    save_new_email(store, &bo, &email("bo@b.example"), &[8; 32]).unwrap();
    assert!(
        find_user_by_email(store, &email("bo@a.example"))
            .unwrap()
            .is_none()
    );
    assert_eq!(
        find_user_by_email(store, &email("BO@b.example"))
            .unwrap()
            .map(|u| u.id),
        Some(2)
    );
    remove_user(store, &bo).unwrap();
    assert_eq!(ids(1), vec![1]);
    assert!(find_user(store, 2).unwrap().is_none());
}

#[test]
fn version_21_accounts_move_onto_the_seam_and_read_the_same() {
    let (_dir, store) = file_at(21, |txn| {
        // Schema 19 keeps the sessions on the seam (schema 1's table of them is gone).
        txn.delete_table(V18_SESSIONS).unwrap();
        let mut firms = txn.open_table(FIRMS).unwrap();
        for (id, name) in [(1u64, "Alder"), (3, "Cedar")] {
            let firm = shapes::StoredFirm {
                name: name.into(),
                size: None,
                created_at: 1_700_000_000,
                verified: false,
                disabled: false,
            };
            firms
                .insert(id, serde_json::to_vec(&firm).unwrap().as_slice())
                .unwrap();
        }
        let mut users = txn.open_table(USERS).unwrap();
        let mut members = txn.open_table(FIRM_MEMBERS).unwrap();
        let mut emails = txn.open_table(USER_EMAILS).unwrap();
        for (id, name, email, firm_id, firm_role, created_at) in [
            (
                1u64,
                "Ann",
                "Ann@A.example",
                1u64,
                shapes::FirmRole::Owner,
                1_700_000_000i64,
            ),
            (
                2,
                "Bo",
                "bo@a.example",
                1,
                shapes::FirmRole::Viewer,
                1_700_000_100,
            ),
            (
                4,
                "Cy",
                "cy@c.example",
                3,
                shapes::FirmRole::Owner,
                1_700_000_200,
            ),
        ] {
            let user = V6User {
                id,
                name: name.into(),
                email: email.into(),
                firm_id,
                firm_role,
                password_hash: "x".into(),
                is_admin: id == 1,
                created_at,
            };
            users.insert(id, codec::encode(&user).as_slice()).unwrap();
            members.insert((firm_id, id), ()).unwrap();
            emails.insert(email.to_lowercase().as_str(), id).unwrap();
        }
        let mut meta = txn.open_table(META).unwrap();
        meta.insert("seq:firms", 3).unwrap();
        meta.insert("seq:users", 8).unwrap();
    });
    the_accounts_of_before_read_the_same(&store);
}

/// A hub database as the binary before migration 0070 left it (a column per field of an account,
/// a unique `email_key`, ids from the table's identity): each account reads as it was.
#[test]
fn the_accounts_of_a_hub_from_before_the_seam_are_kept() {
    let store = hub_after(
        69,
        "INSERT INTO firms VALUES \
         (1, '{\"name\": \"Alder\", \"size\": null, \"created_at\": 1700000000, \
               \"verified\": false, \"disabled\": false}'), \
         (3, '{\"name\": \"Cedar\", \"size\": null, \"created_at\": 1700000000, \
               \"verified\": false, \"disabled\": false}');\n\
         SELECT setval('seq_firms', 3);\n\
         INSERT INTO users VALUES \
         (1, 'Ann', 'Ann@A.example', 'ann@a.example', 'x', true, to_timestamp(1700000000), 1, 'owner'), \
         (2, 'Bo', 'bo@a.example', 'bo@a.example', 'x', false, to_timestamp(1700000100), 1, 'viewer'), \
         (4, 'Cy', 'cy@c.example', 'cy@c.example', 'x', false, to_timestamp(1700000200), 3, 'owner');\n\
         SELECT setval(pg_get_serial_sequence('users', 'id'), 8);",
    );
    the_accounts_of_before_read_the_same(&store);
}

/// A file of schema 22 kept the vendor accounts as JSON documents by a text key of their kind:
/// schema 23 puts each in its kind's table, and the sequences go on from where they were.
#[test]
fn version_22_vendor_account_documents_move_to_their_tables() {
    let (session_hash, link_hash) = ("ab".repeat(32), "cd".repeat(32));
    let docs = [
        ("seq:accounts".to_string(), serde_json::json!(3)),
        ("seq:proposals".to_string(), serde_json::json!(2)),
        ("seq:notices".to_string(), serde_json::json!(4)),
        ("email:vera@v.example".to_string(), serde_json::json!(3)),
        (
            "account:0000000000000003".to_string(),
            serde_json::json!({"id": 3, "name": "Vera", "totp": null, "email": "Vera@v.example",
                "emailKey": "vera@v.example", "vendorId": 9, "createdAt": 5, "invitedBy": null,
                "passwordHash": "h"}),
        ),
        (
            format!("session:{session_hash}"),
            serde_json::json!({"id": 11, "device": "A browser", "accountId": 3, "createdAt": 5,
                "expiresAt": 4_000_000_000i64, "lastSeen": 5}),
        ),
        (
            format!("link:{link_hash}"),
            serde_json::json!({"kind": "claim", "email": "w@v.example", "vendorId": 9,
                "createdAt": 5, "expiresAt": 4_000_000_000i64, "invitedBy": null}),
        ),
        (
            "proposal:0000000000000002".to_string(),
            serde_json::json!({"id": 2, "byName": "Vera", "reason": null, "status": "open",
                "changes": {}, "vendorId": 9, "accountId": 3, "decidedAt": null,
                "decidedBy": null, "submittedAt": 6}),
        ),
        (
            "notice:0000000000000003:0000000000000004".to_string(),
            serde_json::json!({"id": 4, "title": "T", "body": "B", "createdAt": 7, "read": false}),
        ),
        (
            "mailed:0000000000000009:0000000000000001".to_string(),
            serde_json::json!({"until": 4_000_000_000i64}),
        ),
    ];
    let (_dir, store) = file_at(22, |txn| {
        let mut table = txn.open_table(V22_VENDOR_DOCS).unwrap();
        for (key, json) in &docs {
            let bytes = seam::value::encode("vendor_accounts", json).unwrap();
            table.insert(key.as_str(), bytes.as_slice()).unwrap();
        }
    });
    crate::vendor_accounts::storage::tests::documents_of_before_are_in_their_tables(
        &store,
        &session_hash,
        &link_hash,
    );
}
