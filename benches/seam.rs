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
//! Then a firm merge's move of the merged firm's audit log of 300,000 lines (`Tx::move_rows`),
//! against the move before the seam, side by side: on redb each line decoded, removed and
//! written again; on PostgreSQL one UPDATE of a table of the shape before. And on PostgreSQL a
//! firm deletion's purge of such a log, from the seam's table and from the table before.
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
use litstack::accounts::audit::{AuditAction, AuditEntry, LINES as AUDIT, Line};
use litstack::platform::store::postgres::{create_database, drop_database};
use litstack::platform::store::seam::{self, value};
use litstack::platform::store::{FileStore, PgStore, Store, codec, open_file};
use litstack::saved_views::SavedView;
use litstack::saved_views::storage::VIEWS;
use litstack::vendor_profile::views;
use redb::{ReadableDatabase, ReadableTable};

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

/// The audit lines of the firm merged away, and of the firm it goes into.
const LINES: u64 = 300_000;
const MERGED_FIRM: u64 = 1;
const KEPT_FIRM: u64 = 2;

fn audit_line(id: u64) -> AuditEntry {
    AuditEntry {
        id,
        firm_id: MERGED_FIRM,
        at: 1_700_000_000 + id as i64,
        actor: Some("Avery Alder".into()),
        action: AuditAction::InvitationCreated,
        detail: format!("Invited member{id}@alder-finch.example as member"),
    }
}

/// A firm merge's move of a log of 300,000 lines to the kept firm, on the seam (`move_rows`),
/// each iteration moving the log one way and the next back; `before` moves the same lines as the
/// code before the seam did, side by side in the same run.
fn audit_move(c: &mut Criterion, engine: &str, store: &Store, before: &dyn Fn(u64, u64)) {
    for first in (1..=LINES).step_by(10_000) {
        let rows: Vec<_> = (first..first + 10_000)
            .map(|id| ((MERGED_FIRM, id), Line::of(&audit_line(id))))
            .collect();
        seam::write(store, |tx| tx.insert_many(&AUDIT, &rows)).unwrap();
    }
    let mut group = c.benchmark_group(format!(
        "seam {engine}, a merge's move of 300,000 audit lines"
    ));
    group.sampling_mode(criterion::SamplingMode::Flat);
    group.sample_size(10);
    let mut from = MERGED_FIRM;
    group.bench_function("on the seam", |b| {
        b.iter(|| {
            let into = if from == MERGED_FIRM {
                KEPT_FIRM
            } else {
                MERGED_FIRM
            };
            // As the merge runs it: inside the merge's transaction (`seam::within`).
            let mut tx = store.begin().unwrap();
            let moved = seam::within(&mut tx, |tx| tx.move_rows(&AUDIT, from, into)).unwrap();
            tx.commit().unwrap();
            assert_eq!(moved, LINES);
            from = into;
        })
    });
    let mut from = MERGED_FIRM;
    group.bench_function("before the seam", |b| {
        b.iter(|| {
            let into = if from == MERGED_FIRM {
                KEPT_FIRM
            } else {
                MERGED_FIRM
            };
            before(from, into);
            from = into;
        })
    });
    group.finish();
}

/// The redb file's move before the seam: each line decoded from bincode, removed, and written
/// again under the kept firm (in a table of its own in the same file as the seam's).
fn redb_move_before(file: &FileStore, from: u64, into: u64) {
    let txn = file.write().unwrap();
    {
        let mut table = txn.open_table(AUDIT_BEFORE).unwrap();
        let mut lines: Vec<AuditEntry> = Vec::new();
        for row in table.range((from, 0)..=(from, u64::MAX)).unwrap() {
            lines.push(codec::decode(row.unwrap().1.value()).unwrap());
        }
        assert_eq!(lines.len() as u64, LINES);
        for mut line in lines {
            table.remove((from, line.id)).unwrap();
            line.firm_id = into;
            table
                .insert((into, line.id), codec::encode(&line).as_slice())
                .unwrap();
        }
    }
    txn.commit().unwrap();
}

fn on_redb(c: &mut Criterion) {
    let dir = tempfile::tempdir().unwrap();
    let store = open_file(dir.path()).unwrap();
    operations(c, "redb", &store);
    vendor_rows(c, "redb", &store);
    let Store::File(file) = &store else {
        unreachable!("opened above")
    };
    let txn = file.write().unwrap();
    {
        let mut table = txn.open_table(AUDIT_BEFORE).unwrap();
        for id in 1..=LINES {
            let line = audit_line(id);
            table
                .insert((MERGED_FIRM, id), codec::encode(&line).as_slice())
                .unwrap();
        }
    }
    txn.commit().unwrap();
    audit_move(c, "redb", &store, &|from, into| {
        redb_move_before(file, from, into)
    });
}

/// PostgreSQL's log before the seam (migration 0012): a row per line, a column per field.
const POSTGRES_BEFORE: &str = "CREATE TABLE audit_before (\
    id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, \
    firm_id bigint NOT NULL, at timestamptz NOT NULL, actor text, action text NOT NULL, \
    detail text NOT NULL); \
    CREATE INDEX audit_before_by_firm ON audit_before (firm_id, id); \
    INSERT INTO audit_before (id, firm_id, at, actor, action, detail) \
    SELECT n, 1, to_timestamp(1700000000 + n), 'Avery Alder', 'invitation_created', \
           'Invited member' || n || '@alder-finch.example as member' \
      FROM generate_series(1, 300000) AS n";

/// The lines of `firm` put back into a log table of either shape, as one statement.
const REFILL_BEFORE: &str = "INSERT INTO audit_before (id, firm_id, at, actor, action, detail) \
    SELECT n, $1, to_timestamp(1700000000 + n), 'Avery Alder', 'invitation_created', \
           'Invited member' || n || '@alder-finch.example as member' \
      FROM generate_series(1, 300000) AS n";
const REFILL_SEAM: &str = "INSERT INTO firm_audit (firm_id, id, value) \
    SELECT $1, n, jsonb_build_object('at', 1700000000 + n, 'actor', 'Avery Alder', \
           'action', 'invitation_created', \
           'detail', 'Invited member' || n || '@alder-finch.example as member') \
      FROM generate_series(1, 300000) AS n";

/// A firm deletion's purge of a log of 300,000 lines on PostgreSQL: the registry's statement
/// (`registry::purge_in`, the same for both shapes) on the table before the seam and on the
/// seam's, each refilled between iterations.
fn audit_purge(c: &mut Criterion, pg: &PgStore) {
    let run = |sql: &str, firm: i64| -> u64 {
        pg.run(
            sqlx::query(sqlx::AssertSqlSafe(sql.to_string()))
                .bind(firm)
                .execute(pg.pool()),
        )
        .unwrap()
        .rows_affected()
    };
    let mut group = c.benchmark_group("seam postgres, a deletion's purge of 300,000 audit lines");
    group.sampling_mode(criterion::SamplingMode::Flat);
    group.sample_size(10);
    for (name, table, refill) in [
        ("on the seam", "firm_audit", REFILL_SEAM),
        ("before the seam", "audit_before", REFILL_BEFORE),
    ] {
        let purge = format!("DELETE FROM {table} WHERE firm_id = ANY(ARRAY[$1::bigint])");
        let clear = format!("DELETE FROM {table} WHERE $1::bigint > 0");
        group.bench_function(name, |b| {
            b.iter_batched(
                || {
                    run(&clear, 1);
                    assert_eq!(run(refill, 3), LINES);
                },
                |()| assert_eq!(run(&purge, 3), LINES),
                criterion::BatchSize::PerIteration,
            )
        });
    }
    group.finish();
}

/// PostgreSQL's move before the seam: one UPDATE of the lines' firm column.
fn postgres_move_before(pg: &PgStore, from: u64, into: u64) {
    let moved = pg
        .run(
            sqlx::query("UPDATE audit_before SET firm_id = $2 WHERE firm_id = $1")
                .bind(from as i64)
                .bind(into as i64)
                .execute(pg.pool()),
        )
        .unwrap();
    assert_eq!(moved.rows_affected(), LINES);
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
    {
        let _in_runtime = runtime.enter();
        let Store::Postgres(pg) = &store else {
            unreachable!("made above")
        };
        pg.run(sqlx::raw_sql(POSTGRES_BEFORE).execute(pg.pool()))
            .unwrap();
        audit_move(c, "postgres", &store, &|from, into| {
            postgres_move_before(pg, from, into)
        });
        audit_purge(c, pg);
    }
    drop(store);
    let _in_runtime = runtime.enter();
    drop_database(&cluster, &name).unwrap();
}

type Rows = redb::TableDefinition<'static, (u64, u64), &'static [u8]>;
const BINCODE: Rows = redb::TableDefinition::new("bincode");
/// The audit log of before the seam, in the seam's own file.
const AUDIT_BEFORE: Rows = redb::TableDefinition::new("audit_before");
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
