//! The catalog's storage (`storage/`) on both backends, fed through the vendor CSV importer
//! (`vendor_csv.rs`) as the seed and the operator's imports feed it. Here, beside both, so that
//! the storage names no importer. That a meeting click changes no shortlist is the shortlist's
//! test (`shortlist/storage/mod.rs`).

use super::facts::{Provenance, VendorFacts};
use super::model::{Category, ClickKind, SourcePage, Vendor, VendorSource};
use super::storage::{
    CLICKS, VendorImport, import_vendors, is_seeded, load_catalog, meeting_clicks_on,
    recent_meeting_clicks, record_meeting_click, removal, update_vendor,
};
use super::vendor_csv;
use crate::platform::firm_id::FirmId;
use crate::platform::store::postgres::{test_store, test_store_from_migration};
use crate::platform::store::testing::{file_store, on_both};
use crate::platform::store::{FileStore, PgStore, Store, TableCount, seam};
use crate::platform::upload::ImportReport;

/// The seed's transaction with `rows` as its vendor file, as `seed.rs` runs it.
fn save_seed(
    store: &Store,
    categories: &[Category],
    vendors_csv: &[u8],
) -> crate::platform::error::Result<Option<ImportReport>> {
    super::storage::save_seed(store, categories, |tables| {
        vendor_csv::import(tables, vendors_csv, categories, None)
    })
}

/// The catalog copied into PostgreSQL as `litstack export-to-postgres` copies it: its tables from
/// their declarations, and the settings (its seeded marker).
fn export(from: &FileStore, to: &PgStore) -> crate::platform::error::Result<Vec<TableCount>> {
    use super::storage::{ALIASES, BOOKING_SOURCES, CATEGORIES, FACTS, SOURCES, VENDORS};
    let mut counts = vec![
        seam::copy_to_postgres(from, to, &CATEGORIES)?,
        seam::copy_to_postgres(from, to, &VENDORS)?,
        seam::copy_to_postgres(from, to, &SOURCES)?,
        seam::copy_to_postgres(from, to, &BOOKING_SOURCES)?,
        seam::copy_to_postgres(from, to, &FACTS)?,
        seam::copy_to_postgres(from, to, &ALIASES)?,
    ];
    counts.push(seam::copy_to_postgres(from, to, &CLICKS)?);
    seam::copy_to_postgres(from, to, &crate::platform::store::settings::TABLE)?;
    Ok(counts)
}

fn categories() -> Vec<Category> {
    vec![
        Category::stored(1, "Intake".into(), Some(1)),
        Category::stored(7, "Billing".into(), None),
    ]
}

const HEADER: &str = "id,name,category,websiteUrl,bookingUrl,firmSizeSupported,tags,\
                      priceBracket,partnerLevel,sourceUrl,verifiedOn,bookingSourceUrl,\
                      bookingVerifiedOn\n";

fn csv(rows: &str) -> Vec<u8> {
    format!("{HEADER}{rows}").into_bytes()
}

fn import(store: &Store, rows: &str) -> ImportReport {
    import_vendors(store, |tables| {
        vendor_csv::import(tables, &csv(rows), &categories(), None)
    })
    .unwrap()
}

type Answer = (
    Vec<Category>,
    Vec<Vendor>,
    Vec<(u64, VendorSource)>,
    Vec<(u64, VendorFacts)>,
);

fn answer(store: &Store) -> Answer {
    let rows = load_catalog(store).unwrap();
    let mut sources: Vec<(u64, VendorSource)> = rows.sources.into_iter().collect();
    sources.sort_by_key(|(id, _)| *id);
    let mut facts: Vec<(u64, VendorFacts)> = rows.facts.into_iter().collect();
    facts.sort_by_key(|(id, _)| *id);
    (rows.categories, rows.vendors, sources, facts)
}

#[test]
fn seed_import_and_edit_answer_alike_on_both_backends() {
    let (file, pg) = on_both(|store| {
        assert!(!is_seeded(store).unwrap());
        let seeded = save_seed(
            store,
            &categories(),
            &csv("3,Acme Intake,Intake,https://acme.example.com,,SOLO;E6_20,Forms,2,Gold,https://src.example.com,2026-11-02\n"),
        )
        .unwrap()
        .unwrap();
        assert_eq!((seeded.inserted, seeded.updated), (1, 0));
        assert!(is_seeded(store).unwrap());
        // A second seed (another node starting at once) writes nothing.
        assert!(
            save_seed(store, &categories(), &csv(",Other,Intake,,,,,,,,\n"))
                .unwrap()
                .is_none()
        );

        // No id: the next after the seed's 3. A file's own id moves the sequence past it.
        let report = import(
            store,
            ",Bill Co,Billing,,https://bill.example.com/demo,,,,,,,https://bill.example.com,2026-11-03\n\
             20,Twenty,Billing,,,,,,,,\n\
             ,Acme Intake,Intake,https://acme.example.com,,SOLO;E6_20,Forms,3,,,\n\
             ,Bad,Nowhere,,,,,,,,\n",
        );
        assert_eq!(
            (report.inserted, report.updated, report.errors.len()),
            (2, 1, 1)
        );
        let report = import(store, ",After Twenty,Billing,,,,,,,,\n");
        assert_eq!(report.inserted, 1);

        let edited = update_vendor(store, 4, &Provenance::Estimate, |mut v, _| {
            v.is_recommended_partner = true;
            Ok(Some(v))
        })
        .unwrap();
        assert!(edited);
        assert!(!update_vendor(store, 999, &Provenance::Estimate, |v, _| Ok(Some(v))).unwrap());
        // An edit that refuses writes nothing and keeps its error.
        assert!(
            update_vendor(store, 4, &Provenance::Estimate, |_, _| Err(
                crate::platform::error::bad_request("no")
            ))
            .is_err()
        );
        answer(store)
    });
    assert_eq!(file, pg);
    let ids: Vec<u64> = file.1.iter().map(|v| v.id).collect();
    assert_eq!(ids, [3, 4, 20, 21]);
    assert_eq!(file.1[0].price_bracket, Some(3));
    assert!(file.1[1].is_recommended_partner);
    // The second import dropped Acme's source: an empty source removes the row.
    assert!(file.2.is_empty());
}

#[test]
fn a_meeting_click_is_stored() {
    let (file, pg) = on_both(|store| {
        save_seed(
            store,
            &categories(),
            &csv("1,Acme,Intake,,https://acme.example.com/demo,,,,,,,https://acme.example.com,2026-11-03\n"),
        )
        .unwrap();
        let click = |user, page, kind| {
            record_meeting_click(store, FirmId::for_fixtures(1), user, 1, page, kind).unwrap()
        };
        let first = click(9, SourcePage::Browse, ClickKind::Booking);
        let second = click(9, SourcePage::Profile, ClickKind::Website);
        click(10, SourcePage::Compare, ClickKind::Booking);
        assert_eq!((first.id, second.id), (1, 2));
        let mine: Vec<(u64, SourcePage, ClickKind)> = recent_meeting_clicks(store, 9, 10)
            .unwrap()
            .iter()
            .map(|c| (c.id, c.source_page, c.kind))
            .collect();
        let newest = recent_meeting_clicks(store, 9, 1).unwrap();
        assert_eq!(newest[0].at, second.at);
        mine
    });
    assert_eq!(file, pg);
    assert_eq!(
        file,
        [
            (2, SourcePage::Profile, ClickKind::Website),
            (1, SourcePage::Browse, ClickKind::Booking)
        ]
    );
}

/// An import that starts while another is open waits for it and then finds its vendor (one
/// vendor, not two), as under redb's one writer.
#[test]
fn concurrent_vendor_imports_are_serialised() {
    let row = ",Same Name,Billing,,,,,,,,\n";
    let (file, pg) = on_both(|store| {
        save_seed(store, &categories(), &csv("")).unwrap();
        std::thread::scope(|s| {
            let mut tx = store.begin().unwrap();
            let mut tables = VendorImport::open(&mut tx).unwrap();
            let second = s.spawn(|| import(store, row));
            // Long enough for the second import to read the vendors, were it not held.
            std::thread::sleep(std::time::Duration::from_millis(300));
            let first = vendor_csv::import(&mut tables, &csv(row), &categories(), None).unwrap();
            drop(tables);
            tx.commit().unwrap();
            let second = second.join().unwrap();
            (
                first.inserted,
                second.inserted,
                second.skipped,
                answer(store).1.len(),
            )
        })
    });
    assert_eq!(file, (1, 0, 1, 1));
    assert_eq!(pg, file);
}

/// The shipped seed reads back the same from both backends.
#[test]
fn the_shipped_seed_is_the_same_catalog_on_both_backends() {
    let (file, pg) = on_both(|store| {
        crate::catalog::seed(store).unwrap();
        crate::catalog::seed(store).unwrap();
        answer(store)
    });
    assert!(file.1.len() > 100);
    assert_eq!(file, pg);
}

/// A redb file's catalog copied into PostgreSQL answers the same, keeps its ids, and the next
/// vendor and click get the same ids on both.
#[test]
fn export_copies_every_row_keeping_ids_and_moves_the_sequences() {
    let (_dir, file) = file_store();
    save_seed(
        &file,
        &categories(),
        &csv(
            "5,Acme,Intake,,https://acme.example.com/demo,,,,,https://src.example.com,2026-01-31
              ,Bill Co,Billing,,,E200P,,,,,
",
        ),
    )
    .unwrap();
    // The administrator's logo for vendor 6: its provenance is a vendor_facts row.
    let by = Provenance::administrator_today(Some(1), None);
    update_vendor(&file, 6, &by, |mut v, _| {
        v.logo_url = Some("https://bill.example.com/logo.png".into());
        Ok(Some(v))
    })
    .unwrap();
    let firm = FirmId::for_fixtures(1);
    for (user, vendor, page, kind) in [
        (3, 5, SourcePage::GetRec, ClickKind::Booking),
        (4, 6, SourcePage::Browse, ClickKind::Booking),
        (3, 6, SourcePage::Browse, ClickKind::Website),
    ] {
        record_meeting_click(&file, firm, user, vendor, page, kind).unwrap();
    }
    // A vendor once merged into vendor 5: its bookings count for 5 on the hub too.
    let mut tx = file.begin().unwrap();
    removal::alias_in(&mut tx, "acme duplicate", 99, 5).unwrap();
    tx.commit().unwrap();
    let pg = test_store();
    let from = file.file().unwrap();
    let counts = export(from, &pg).unwrap();
    let counted: Vec<(&str, u64, u64)> = counts
        .iter()
        .map(|c| (c.table, c.source, c.copied))
        .collect();
    assert_eq!(
        counted,
        [
            ("categories", 2, 2),
            ("vendors", 2, 2),
            ("vendor_sources", 1, 1),
            ("vendor_booking_sources", 1, 1),
            ("vendor_facts", 1, 1),
            ("vendor_aliases", 1, 1),
            ("meeting_clicks", 3, 3)
        ]
    );
    let pg = Store::Postgres(pg);
    assert!(is_seeded(&pg).unwrap());
    assert_eq!(answer(&pg), answer(&file));
    for store in [&file, &pg] {
        assert_eq!(import(store, ",Next,Billing,,,,,,,,\n").inserted, 1);
        let click =
            record_meeting_click(store, firm, 3, 5, SourcePage::Profile, ClickKind::Booking);
        assert_eq!(click.unwrap().id, 4);
    }
    assert_eq!(answer(&pg), answer(&file));
    assert_eq!(answer(&pg).1.last().unwrap().id, 7);
    let clicks = |store: &Store| -> Vec<(u64, u64, SourcePage, ClickKind)> {
        recent_meeting_clicks(store, 3, 10)
            .unwrap()
            .iter()
            .map(|c| (c.id, c.vendor_id, c.source_page, c.kind))
            .collect()
    };
    assert_eq!(clicks(&pg), clicks(&file));
    assert_eq!(clicks(&pg)[1].3, ClickKind::Website);
    for store in [&file, &pg] {
        let rows = load_catalog(store).unwrap();
        assert_eq!(rows.aliases.get("acme duplicate"), Some(&5));
        assert_eq!(
            rows.booking_sources[&5].checked_page().unwrap().1,
            "2026-01-31"
        );
    }
    // A second copy into a database that has a catalog is refused.
    let Store::Postgres(pg) = &pg else {
        unreachable!()
    };
    assert!(export(from, pg).is_err());
}

/// Reading one user's clicks never touches another user's: here the other user's row does not
/// even decode, and the reads of the first user still answer (a walk would fail on it).
#[test]
fn a_users_clicks_are_read_without_touching_anyone_elses() {
    let (_dir, store) = file_store();
    let firm = FirmId::for_fixtures(1);
    for vendor_id in [95, 12, 95] {
        record_meeting_click(
            &store,
            firm,
            7,
            vendor_id,
            SourcePage::Profile,
            ClickKind::Booking,
        )
        .unwrap();
    }
    let txn = store.file().unwrap().write().unwrap();
    txn.open_table(CLICKS.redb)
        .unwrap()
        .insert((8, 95, 100), b"not a click".as_slice())
        .unwrap();
    txn.commit().unwrap();

    let on_95: Vec<u64> = meeting_clicks_on(&store, &[7], &[95])
        .unwrap()
        .iter()
        .map(|c| c.id)
        .collect();
    assert_eq!(on_95, [3, 1], "newest first");
    let recent: Vec<u64> = recent_meeting_clicks(&store, 7, 2)
        .unwrap()
        .iter()
        .map(|c| c.vendor_id)
        .collect();
    assert_eq!(recent, [95, 12]);
    assert!(
        meeting_clicks_on(&store, &[8], &[95]).is_err(),
        "the bad row is there, for its owner's reads"
    );
}

/// A hub database as the binary before migration 0052 left it (a click's kind in a column, its
/// time a timestamp): every click reads the same after its migration, and the ids go on from the
/// identity's value, not the largest id.
#[test]
fn meeting_clicks_of_a_hub_from_before_the_seam_read_the_same_after_its_migration() {
    let sql = "INSERT INTO meeting_clicks (id, user_id, vendor_id, source_page, at, kind) VALUES \
               (1, 7, 95, 'BROWSE', to_timestamp(1700000001), 'BOOKING'), \
               (2, 8, 95, 'PROFILE', to_timestamp(1700000002), 'WEBSITE'), \
               (5, 7, 12, 'GET_REC_STAGES', to_timestamp(1700000005), 'WEBSITE'); \
               SELECT setval(pg_get_serial_sequence('meeting_clicks', 'id'), 40);";
    let store = Store::Postgres(test_store_from_migration(50, sql));
    let read: Vec<(u64, u64, u64, SourcePage, i64, ClickKind)> =
        recent_meeting_clicks(&store, 7, 10)
            .unwrap()
            .into_iter()
            .map(|c| (c.id, c.user_id, c.vendor_id, c.source_page, c.at, c.kind))
            .collect();
    assert_eq!(
        read,
        [
            (
                5,
                7,
                12,
                SourcePage::GetRecStages,
                1_700_000_005,
                ClickKind::Website
            ),
            (
                1,
                7,
                95,
                SourcePage::Browse,
                1_700_000_001,
                ClickKind::Booking
            ),
        ]
    );
    let theirs = meeting_clicks_on(&store, &[8], &[95]).unwrap();
    assert_eq!((theirs[0].id, theirs[0].kind), (2, ClickKind::Website));
    assert_eq!(
        crate::platform::store::seam::read(&store, |tx| {
            crate::catalog::storage::scheduler_opens_in(tx, 95)
        })
        .unwrap(),
        [(7, 1_700_000_001)]
    );
    let firm = FirmId::for_fixtures(1);
    let next = record_meeting_click(&store, firm, 7, 95, SourcePage::Browse, ClickKind::Booking);
    assert_eq!(next.unwrap().id, 41);
}
