//! The storage seam (issue 79) on both engines, through the saved views' own table (`VIEWS`):
//! a get, an insert (over a row), the range of one firm's 50 rows, and a write transaction of a
//! get then an insert, on redb and on PostgreSQL, with 20 firms of 50 views each stored. Then the
//! seam's value encoding against bincode on redb, side by side: the saved view encoded and
//! decoded by each, and a get and a firm's range of 50 read straight from redb tables holding
//! each encoding.
//!
//! Then a secondary index of a table keyed by three parts (the profile views' by vendor, 200,000
//! rows of 2,000 members on 50 vendors in 2 months): one vendor's 4,000 rows through the index,
//! against a read of the whole table filtered, as a vendor's statistics read them before it.
//!
//! `LITSTACK_SKIP_WEB_BUILD=1 cargo bench --bench seam -- --measurement-time 3`; PostgreSQL is
//! benched when `LITSTACK_TEST_DATABASE_URL` names a cluster the bench may create a database in
//! (`bash scripts/with-postgres.sh` sets it; `PG_FSYNC=on` for a durable one), else skipped with
//! a note.
#![expect(
    clippy::unwrap_used,
    reason = "setup that cannot work should stop the run at once"
)]

use criterion::{Criterion, criterion_group, criterion_main};
use litstack::platform::store::postgres::{create_database, drop_database};
use litstack::platform::store::seam::{self, value};
use litstack::platform::store::{PgStore, Store, codec, open_file};
use litstack::saved_views::SavedView;
use litstack::saved_views::storage::VIEWS;
use litstack::vendor_profile::views;
use redb::ReadableDatabase;

const FIRMS: u64 = 20;
const PER_FIRM: u64 = 50;
/// The firm whose rows are read and written.
const FIRM: u64 = 7;

fn view(firm_id: u64, id: u64) -> SavedView {
    SavedView {
        id,
        firm_id,
        name: format!("Texas trials {id}"),
        params: format!("state=TX&firmSize=E6_20&start=2026-01-01&end=2026-06-30&page={id}"),
        created_at: 1_700_000_000 + id as i64,
        created_by: Some("Ann Doe".into()),
    }
}

fn filled(store: &Store) {
    seam::write(store, |tx| {
        for firm in 1..=FIRMS {
            for n in 1..=PER_FIRM {
                let id = (firm - 1) * PER_FIRM + n;
                tx.insert(&VIEWS, (firm, id), &view(firm, id))?;
            }
        }
        Ok(())
    })
    .unwrap();
}

/// The four operations on `store`, named for `engine`.
fn operations(c: &mut Criterion, engine: &str, store: &Store) {
    filled(store);
    let key = (FIRM, (FIRM - 1) * PER_FIRM + 25);
    let row = view(key.0, key.1);
    let mut group = c.benchmark_group(format!("seam {engine}"));
    group.bench_function("get", |b| {
        b.iter(|| seam::read(store, |tx| tx.get(&VIEWS, key)).unwrap())
    });
    group.bench_function("insert", |b| {
        b.iter(|| seam::write(store, |tx| tx.insert(&VIEWS, key, &row)).unwrap())
    });
    group.bench_function("range of a firm's 50", |b| {
        b.iter(|| {
            let rows = seam::read(store, |tx| tx.range(&VIEWS, &[FIRM])).unwrap();
            assert_eq!(rows.len() as u64, PER_FIRM);
            rows
        })
    });
    group.bench_function("write: get then insert", |b| {
        b.iter(|| {
            seam::write(store, |tx| {
                let found = tx.get(&VIEWS, key)?.unwrap();
                tx.insert(&VIEWS, key, &found)
            })
            .unwrap()
        })
    });
    group.finish();
}

const MEMBERS: u64 = 2_000;
const VENDORS: u64 = 50;
const MONTHS: [u32; 2] = [202610, 202611];
/// The vendor whose rows are read.
const VENDOR: u64 = 7;

/// A vendor's rows among the profile views of many members: by the index, and by the whole table.
fn vendor_rows(c: &mut Criterion, engine: &str, store: &Store) {
    for member in (1..=MEMBERS).step_by(100) {
        let rows: Vec<_> = (member..member + 100)
            .flat_map(|m| (1..=VENDORS).flat_map(move |v| MONTHS.map(|month| ((m, v, month), 3))))
            .collect();
        seam::write(store, |tx| tx.insert_many(&views::VIEWS, &rows)).unwrap();
    }
    let want = (MEMBERS * MONTHS.len() as u64) as usize;
    let mut group = c.benchmark_group(format!("seam {engine}, a vendor's rows of 200,000"));
    group.bench_function("by the index", |b| {
        b.iter(|| {
            let rows = seam::read(store, |tx| {
                tx.lookup(&views::VIEWS, &views::BY_VENDOR, VENDOR..=VENDOR)
            })
            .unwrap();
            assert_eq!(rows.len(), want);
            rows
        })
    });
    group.bench_function("the whole table, filtered", |b| {
        b.iter(|| {
            let rows: Vec<_> = seam::read(store, |tx| tx.range(&views::VIEWS, &[]))
                .unwrap()
                .into_iter()
                .filter(|((_, vendor, _), _)| *vendor == VENDOR)
                .collect();
            assert_eq!(rows.len(), want);
            rows
        })
    });
    group.finish();
}

fn on_redb(c: &mut Criterion) {
    let dir = tempfile::tempdir().unwrap();
    let store = open_file(dir.path()).unwrap();
    operations(c, "redb", &store);
    vendor_rows(c, "redb", &store);
}

fn on_postgres(c: &mut Criterion) {
    let Ok(cluster) = std::env::var("LITSTACK_TEST_DATABASE_URL") else {
        eprintln!(
            "seam on PostgreSQL skipped: LITSTACK_TEST_DATABASE_URL is unset (run through \
             scripts/with-postgres.sh)"
        );
        return;
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let name = format!("seam_bench_{}", std::process::id());
    let store = {
        let _in_runtime = runtime.enter();
        let url = create_database(&cluster, &name).unwrap();
        Store::Postgres(PgStore::connect(&url).unwrap())
    };
    operations(c, "postgres", &store);
    vendor_rows(c, "postgres", &store);
    drop(store);
    let _in_runtime = runtime.enter();
    drop_database(&cluster, &name).unwrap();
}

type Rows = redb::TableDefinition<'static, (u64, u64), &'static [u8]>;
const BINCODE: Rows = redb::TableDefinition::new("bincode");
const JSON: Rows = redb::TableDefinition::new("json");

/// bincode (`codec`, every other redb table's values) against the seam's JSON (`seam::value`).
fn encodings(c: &mut Criterion) {
    let row = view(FIRM, 25);
    let as_bincode = codec::encode(&row);
    let as_json = value::encode("saved_views", &row).unwrap();
    eprintln!(
        "a saved view is {} bytes in bincode, {} in JSON",
        as_bincode.len(),
        as_json.len()
    );
    let mut group = c.benchmark_group("saved view value");
    group.bench_function("bincode encode", |b| b.iter(|| codec::encode(&row)));
    group.bench_function("json encode", |b| {
        b.iter(|| value::encode("saved_views", &row).unwrap())
    });
    group.bench_function("bincode decode", |b| {
        b.iter(|| codec::decode::<SavedView>(&as_bincode).unwrap())
    });
    group.bench_function("json decode", |b| {
        b.iter(|| value::decode::<SavedView>("saved_views", &as_json).unwrap())
    });
    group.finish();

    // The same rows in one redb file twice, once in each encoding.
    let dir = tempfile::tempdir().unwrap();
    let db = redb::Database::create(dir.path().join("encodings.redb")).unwrap();
    let txn = db.begin_write().unwrap();
    {
        let mut bincode = txn.open_table(BINCODE).unwrap();
        let mut json = txn.open_table(JSON).unwrap();
        for firm in 1..=FIRMS {
            for id in 1..=PER_FIRM {
                let v = view(firm, id);
                bincode
                    .insert((firm, id), codec::encode(&v).as_slice())
                    .unwrap();
                json.insert(
                    (firm, id),
                    value::encode("saved_views", &v).unwrap().as_slice(),
                )
                .unwrap();
            }
        }
    }
    txn.commit().unwrap();
    type Decode = fn(&[u8]) -> SavedView;
    let kinds: [(&str, Rows, Decode); 2] = [
        ("bincode", BINCODE, |b| codec::decode(b).unwrap()),
        ("json", JSON, |b| value::decode("saved_views", b).unwrap()),
    ];
    let mut group = c.benchmark_group("redb by encoding");
    for (kind, table, decode) in kinds {
        group.bench_function(format!("{kind} get"), |b| {
            b.iter(|| {
                let txn = db.begin_read().unwrap();
                let rows = txn.open_table(table).unwrap();
                decode(rows.get((FIRM, 25)).unwrap().unwrap().value())
            })
        });
        group.bench_function(format!("{kind} range of a firm's 50"), |b| {
            b.iter(|| {
                let txn = db.begin_read().unwrap();
                let rows = txn.open_table(table).unwrap();
                rows.range((FIRM, 0)..=(FIRM, u64::MAX))
                    .unwrap()
                    .map(|row| decode(row.unwrap().1.value()))
                    .collect::<Vec<_>>()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, on_redb, on_postgres, encodings);
criterion_main!(benches);
