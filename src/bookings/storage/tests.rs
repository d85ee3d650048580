//! The bookings' guarantees, stated once and run on both backends: a load of an empty database,
//! an import all or nothing, imports at once taking turns with ids never reused, another node
//! catching up, rows among the stored days kept as runs until a compaction (which keeps the rows
//! imported while it builds), the copy of a redb install to PostgreSQL, and the hub's stored
//! snapshot: stored again once the rows added since pass a share of it, then written as the chunks
//! those imports changed, and a start from it that reads the rows added since.

use std::sync::Arc;

use arc_swap::ArcSwap;

use super::{BookingsTxn, generation, read_columns};
use crate::bookings::lifecycle::{
    MOST_RUNS, catch_up, compact, finish_snapshots, install_compacted, load,
};
use crate::bookings::{BookingSets, BookingsState, generate, sample};
use crate::catalog::Catalog;
use crate::import::{self, Kind, Options};
use crate::platform::config::Config;
use crate::platform::store::postgres::{connect_or_panic, test_database};
use crate::platform::store::testing::file_store;
use crate::platform::store::{PgStore, Store};
use crate::platform::upload::ImportReport;

/// The seeded catalog, read from a redb store of its own (the import checks categories by it).
fn seeded_catalog() -> Catalog {
    let (_dir, store) = file_store();
    crate::catalog::seed(&store).unwrap();
    Catalog::load(&store).unwrap()
}

/// A node on `store` with a data directory of its own (its snapshot, and on redb its key).
struct Node {
    app: BookingsState,
    _dir: tempfile::TempDir,
}

impl Node {
    fn new(store: Store, dir: tempfile::TempDir) -> Node {
        let config = Config::for_data_dir(dir.path());
        let store = Arc::new(store);
        let bookings = load(&store, dir.path()).unwrap();
        // The bookings' own state and nothing else: no accounts, no peer figures, no hub (the
        // tests call `catch_up` themselves).
        let app = BookingsState {
            store,
            config: Arc::new(config),
            catalog: Arc::new(ArcSwap::from_pointee(seeded_catalog())),
            bookings: Arc::new(ArcSwap::new(bookings)),
        };
        Node { app, _dir: dir }
    }

    fn import(&self, csv: &[u8]) -> Result<ImportReport, import::ImportError> {
        let options = Options {
            expect: Some(Kind::Bookings),
            ..Options::default()
        };
        import::run_bookings(&self.app, csv, options)
    }

    fn sets(&self) -> Arc<BookingSets> {
        self.app.bookings.load_full()
    }
}

fn file_node() -> Node {
    let (dir, store) = file_store();
    Node::new(store, dir)
}

fn pg_node(url: &str) -> Node {
    let store = Store::Postgres(connect_or_panic(url));
    Node::new(store, tempfile::tempdir().unwrap())
}

/// Both backends: a redb node, and a PostgreSQL node on a fresh database.
fn each_backend(test: impl Fn(&Node)) {
    test(&file_node());
    test(&pg_node(&test_database()));
}

/// A generated bookings file of `rows` rows (ids told apart by `seed`).
fn bookings_csv(rows: u64, seed: u64) -> Vec<u8> {
    let catalog = generate::from_catalog(&seeded_catalog());
    let mut csv = Vec::new();
    let end = chrono::NaiveDate::from_ymd_opt(2026, 6, 30).unwrap();
    generate::write_csv(&mut csv, rows, seed, end, &catalog).unwrap();
    csv
}

/// Every stored booking id, ascending.
fn stored_ids(store: &Store) -> Vec<u64> {
    let (_, cols) = read_columns(store).unwrap();
    let mut ids = cols.ids.to_vec();
    ids.sort_unstable();
    ids
}

/// Every stored identity with its booking id, by id.
fn stored_identities(store: &Store) -> Vec<(u64, [u8; crate::platform::store::IDENTITY_LEN])> {
    let mut txn = BookingsTxn::begin(store).unwrap();
    let mut all = Vec::new();
    txn.for_each_identity(|identity, id| all.push((id, identity)))
        .unwrap();
    all.sort_unstable();
    all
}

/// A reader that gives `data` up to `fail_at` bytes, then an I/O error (an upload cut off).
struct FailingReader {
    data: Vec<u8>,
    at: usize,
    fail_at: usize,
}

impl std::io::Read for FailingReader {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.at >= self.fail_at {
            return Err(std::io::Error::other("the upload was cut off"));
        }
        let n = buf.len().min(self.fail_at - self.at);
        buf[..n].copy_from_slice(&self.data[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

#[test]
fn an_empty_database_loads_an_empty_index() {
    each_backend(|node| {
        assert!(node.sets().is_empty());
        assert_eq!(node.sets().generation, 0);
        assert_eq!(generation(&node.app.store).unwrap(), 0);
        assert!(!super::is_marked(&node.app.store, sample::SAMPLE_MARKER).unwrap());
    });
}

#[test]
fn an_import_is_all_or_nothing() {
    each_backend(|node| {
        // Long enough that PostgreSQL has sent rows by COPY before the upload breaks off.
        let csv = bookings_csv(80_000, 7);
        let cut = FailingReader {
            fail_at: csv.len() * 3 / 4,
            data: csv.clone(),
            at: 0,
        };
        let options = Options {
            expect: Some(Kind::Bookings),
            ..Options::default()
        };
        assert!(import::run_bookings(&node.app, cut, options).is_err());
        assert_eq!(generation(&node.app.store).unwrap(), 0);
        assert!(stored_ids(&node.app.store).is_empty());
        assert!(stored_identities(&node.app.store).is_empty());
        assert!(node.sets().is_empty());

        // A file with a bad row: the valid rows go in, the bad one is reported.
        let mut with_bad_row = b"Id,Created Time,Client Category\n".to_vec();
        with_bad_row.extend_from_slice(b"a,2026-01-02T10:00:00Z,Intake\nb,not a time,Intake\n");
        let report = node.import(&with_bad_row).unwrap();
        assert_eq!((report.inserted, report.errors.len()), (1, 1), "{report:?}");
        assert_eq!(generation(&node.app.store).unwrap(), 1);
        // Ids are never reused, and a failed import may have spent some: only their order is
        // promised.
        let ids = stored_ids(&node.app.store);
        assert_eq!(ids.len(), 1);
        assert_eq!(node.sets().real.cols.ids.to_vec(), ids);
    });
}

/// An import of several batches and identity runs: each new booking has its identity once, and the
/// file's rows are recognised when it comes again.
#[test]
fn an_import_of_several_batches_stores_each_identity_once() {
    each_backend(|node| {
        let csv = bookings_csv(10_500, 3);
        assert_eq!(node.import(&csv).unwrap().inserted, 10_500);
        let identities = stored_identities(&node.app.store);
        let ids: Vec<u64> = identities.iter().map(|&(id, _)| id).collect();
        assert_eq!(ids, stored_ids(&node.app.store));
        let mut distinct: Vec<_> = identities.iter().map(|&(_, identity)| identity).collect();
        distinct.sort_unstable();
        distinct.dedup();
        assert_eq!(distinct.len(), 10_500);

        let again = node.import(&csv).unwrap();
        assert_eq!((again.inserted, again.skipped), (0, 10_500), "{again:?}");
        assert_eq!(stored_identities(&node.app.store), identities);
    });
}

#[test]
fn an_import_gives_the_same_answer_on_both_backends() {
    let file = file_node();
    let pg = pg_node(&test_database());
    let csv = bookings_csv(5_000, 3);
    for node in [&file, &pg] {
        let first = node.import(&csv).unwrap();
        assert_eq!(
            (first.inserted, first.updated, first.skipped),
            (5_000, 0, 0)
        );
        let again = node.import(&csv).unwrap();
        assert_eq!(
            (again.inserted, again.updated, again.skipped),
            (0, 0, 5_000)
        );
    }
    // One row changed: recognised by its Id, updated in place.
    let text = String::from_utf8(csv).unwrap();
    let changed = text.replacen(",SOLO,", ",E200P,", 1);
    assert_ne!(changed, text);
    for node in [&file, &pg] {
        let report = node.import(changed.as_bytes()).unwrap();
        assert_eq!(
            (report.inserted, report.updated, report.skipped),
            (0, 1, 4_999)
        );
        assert_eq!(generation(&node.app.store).unwrap(), 2);
    }
    let (_, from_file) = read_columns(&file.app.store).unwrap();
    let (_, from_pg) = read_columns(&pg.app.store).unwrap();
    assert!(from_file == from_pg, "the stored rows differ");
    assert!(
        file.sets().real.cols == pg.sets().real.cols,
        "the indexes differ"
    );
}

#[test]
fn imports_at_once_take_turns_and_never_share_an_id() {
    let url = test_database();
    let (a, b) = (pg_node(&url), pg_node(&url));
    let file = file_node();
    let (one, two) = (bookings_csv(20_000, 1), bookings_csv(20_000, 2));
    // Two nodes of one database, and two requests on one redb node.
    for (x, y) in [(&a, &b), (&file, &file)] {
        std::thread::scope(|s| {
            let first = s.spawn(|| x.import(&one).unwrap());
            let second = s.spawn(|| y.import(&two).unwrap());
            assert_eq!(first.join().unwrap().inserted, 20_000);
            assert_eq!(second.join().unwrap().inserted, 20_000);
        });
        let ids = stored_ids(&x.app.store);
        assert_eq!(ids, (1..=40_000).collect::<Vec<u64>>());
        assert_eq!(generation(&x.app.store).unwrap(), 2);
    }
    // Each PostgreSQL node saw only its own import; catching up gives both every row.
    catch_up(&a.app).unwrap();
    catch_up(&b.app).unwrap();
    assert_eq!(a.sets().generation, 2);
    assert!(a.sets().real.cols == b.sets().real.cols);
    // Which import went first (and so took ids 1 to 20,000) is the race's to decide.
    assert_eq!(a.sets().len(), file.sets().len());
}

#[test]
fn another_node_catches_up_by_extending_or_rebuilding() {
    let url = test_database();
    let (a, b) = (pg_node(&url), pg_node(&url));
    let csv = bookings_csv(3_000, 5);
    a.import(&csv).unwrap();
    catch_up(&b.app).unwrap();
    assert_eq!(b.sets().generation, 1);
    assert!(
        b.sets().real.cols == a.sets().real.cols,
        "the indexes differ"
    );
    catch_up(&b.app).unwrap(); // nothing new: nothing done
    assert_eq!(b.sets().generation, 1);

    // Only new rows: B extends its index.
    a.import(&bookings_csv(1_000, 6)).unwrap();
    catch_up(&b.app).unwrap();
    assert_eq!(b.sets().len(), 4_000);
    assert!(
        b.sets().real.cols == a.sets().real.cols,
        "the indexes differ"
    );

    // An update of a stored row: B rebuilds.
    let text = String::from_utf8(csv).unwrap();
    let changed = text.replacen(",SOLO,", ",E200P,", 1);
    assert_eq!(a.import(changed.as_bytes()).unwrap().updated, 1);
    catch_up(&b.app).unwrap();
    assert_eq!(b.sets().generation, 3);
    assert!(
        b.sets().real.cols == a.sets().real.cols,
        "the indexes differ"
    );

    // B's restart finds the snapshot of the current generation.
    let restarted = load(&b.app.store, &b.app.config.storage.data_dir).unwrap();
    assert!(
        restarted.real.cols == a.sets().real.cols,
        "the indexes differ"
    );
}

#[test]
fn another_node_catches_up_on_more_rows_than_a_page_holds() {
    let url = test_database();
    let (a, b) = (pg_node(&url), pg_node(&url));
    a.import(&bookings_csv(1_000, 7)).unwrap();
    catch_up(&b.app).unwrap();
    // Only new rows: B reads those above its largest id, 65,536 at a time.
    a.import(&bookings_csv(70_000, 8)).unwrap();
    catch_up(&b.app).unwrap();
    assert_eq!(b.sets().len(), 71_000);
    assert!(
        b.sets().real.cols == a.sets().real.cols,
        "the indexes differ"
    );
}

/// The trends and the newest rows the real index gives, unfiltered and for Texas, as JSON.
fn answers(sets: &BookingSets) -> Vec<serde_json::Value> {
    use crate::bookings::query::{self, Filters};
    let texas = Filters {
        state: Some("TX"),
        ..Filters::default()
    };
    [Filters::default(), texas]
        .iter()
        .flat_map(|f| {
            let trends = query::trends(&sets.real, f, Default::default());
            let (rows, total) = query::newest(&sets.real, f, 3, 40);
            [
                serde_json::to_value(&trends).unwrap(),
                serde_json::to_value(&rows).unwrap(),
                serde_json::json!(total),
            ]
        })
        .collect()
}

/// Waits (a few seconds at most) until this process maps no snapshot file of `data_dir` that
/// another was renamed over: its space is the disk's again once the last index reading it went.
fn given_back(data_dir: &std::path::Path) {
    let replaced = format!(
        "{} (deleted)",
        crate::bookings::snapshot::path(data_dir).display()
    );
    let began = std::time::Instant::now();
    loop {
        let maps = std::fs::read_to_string("/proc/self/maps").unwrap();
        let held = maps.lines().filter(|l| l.ends_with(&replaced)).count();
        if held == 0 {
            return;
        }
        assert!(
            began.elapsed().as_secs() < 10,
            "{held} mappings of replaced snapshots are still held"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

/// Rows among the stored days are a run of their own behind the stored rows: the index answers as
/// the index of every row built at once does, a restart reads the runs from the snapshot, and a
/// compaction sorts them into one — by itself once imports leave more than `MOST_RUNS`.
#[test]
fn rows_among_the_stored_days_are_runs_of_their_own_until_a_compaction() {
    each_backend(|node| {
        node.import(&bookings_csv(2_000, 11)).unwrap();
        node.import(&bookings_csv(150, 12)).unwrap();
        node.import(&bookings_csv(150, 13)).unwrap();
        let sets = node.sets();
        assert_eq!(sets.real.runs, [0, 2_000, 2_150]);
        let (generation, cols) = read_columns(&node.app.store).unwrap();
        let rebuilt = BookingSets::from_columns(cols, generation);
        assert!(sets.real.sorted_columns() == rebuilt.real.cols);
        assert!(sets.real.sums == rebuilt.real.sums);
        assert_eq!(answers(&sets), answers(&rebuilt));

        finish_snapshots();
        let restarted = load(&node.app.store, &node.app.config.storage.data_dir).unwrap();
        assert_eq!(restarted.real.runs, sets.real.runs);
        assert!(restarted.real.cols == sets.real.cols);

        assert!(compact(&node.app, 1));
        let compacted = node.sets();
        assert_eq!(compacted.real.runs, [0]);
        assert!(compacted.real.cols == rebuilt.real.cols);
        assert_eq!(answers(&compacted), answers(&rebuilt));
        assert!(!compact(&node.app, 1), "one run: nothing to sort");

        // Imports that leave more than MOST_RUNS runs are followed by a compaction.
        for seed in 0..MOST_RUNS as u64 {
            node.import(&bookings_csv(20, 100 + seed)).unwrap();
        }
        let began = std::time::Instant::now();
        while node.sets().real.runs.len() > 1 {
            assert!(began.elapsed().as_secs() < 60, "no compaction came");
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        let (generation, cols) = read_columns(&node.app.store).unwrap();
        assert_eq!(node.sets().generation, generation);
        assert!(node.sets().real.cols == BookingSets::from_columns(cols, generation).real.cols);
    });
}

/// A restarted node reads its columns in place in the snapshot's file (`blocks::Sealed`): imports
/// then extend that index, while each writes a new snapshot renamed over the file it was read
/// from, and the index then reads its columns in the new file, so the replaced one's space is
/// given back; it answers as the index of every row built at once does, before and after a
/// compaction and another restart.
#[test]
fn a_restarted_node_reads_its_columns_in_place_and_imports_extend_them() {
    each_backend(|node| {
        node.import(&bookings_csv(2_000, 21)).unwrap();
        finish_snapshots();
        let data_dir = &node.app.config.storage.data_dir;
        let restarted = load(&node.app.store, data_dir).unwrap();
        // 2,000 rows: 125 sealed blocks of the tests' 16 rows.
        assert_eq!(restarted.real.cols.times.in_place(), 125);
        node.app.bookings.store(restarted);

        node.import(&bookings_csv(150, 22)).unwrap();
        node.import(&bookings_csv(40, 23)).unwrap();
        finish_snapshots();
        let sets = node.sets();
        assert_eq!(sets.real.runs, [0, 2_000, 2_150], "extended, not rebuilt");
        // 2,190 rows: every sealed block is read in the last snapshot written.
        assert_eq!(sets.real.cols.times.in_place(), 136);
        given_back(data_dir);
        let (generation, cols) = read_columns(&node.app.store).unwrap();
        let rebuilt = BookingSets::from_columns(cols, generation);
        assert!(sets.real.sorted_columns() == rebuilt.real.cols);
        assert!(sets.real.sums == rebuilt.real.sums);
        assert_eq!(answers(&sets), answers(&rebuilt));

        assert!(compact(&node.app, 1));
        assert_eq!(answers(&node.sets()), answers(&rebuilt));
        finish_snapshots();
        assert_eq!(node.sets().real.cols.times.in_place(), 136);
        // The index before the compaction reads a replaced file while this test holds it.
        drop(sets);
        given_back(data_dir);
        let again = load(&node.app.store, data_dir).unwrap();
        assert!(again.real.sorted_columns() == rebuilt.real.cols);
        assert_eq!(answers(&again), answers(&rebuilt));
    });
}

/// A compaction builds its sorted index outside the writers' turn: the imports that commit
/// meanwhile add their rows to it when it is swapped in, and a rebuild meanwhile (an update of a
/// stored row) makes it give up.
#[test]
fn a_compaction_keeps_the_rows_imported_while_it_built() {
    each_backend(|node| {
        let first = bookings_csv(2_000, 11);
        node.import(&first).unwrap();
        node.import(&bookings_csv(150, 12)).unwrap();
        let from = node.app.bookings.load_full();
        assert_eq!(from.real.runs, [0, 2_000]);
        let sorted = from.compacted();

        // Two imports of rows among the stored days while it builds: a run each.
        node.import(&bookings_csv(150, 13)).unwrap();
        node.import(&bookings_csv(40, 14)).unwrap();
        assert_eq!(node.sets().real.runs, [0, 2_000, 2_150, 2_300]);
        assert!(install_compacted(&node.app, from, sorted));
        let sets = node.sets();
        assert_eq!(
            sets.real.runs,
            [0, 2_150],
            "the sorted rows, then the added ones"
        );
        let (generation, cols) = read_columns(&node.app.store).unwrap();
        assert_eq!(sets.generation, generation);
        let rebuilt = BookingSets::from_columns(cols, generation);
        assert!(sets.real.sorted_columns() == rebuilt.real.cols);
        assert!(sets.real.sums == rebuilt.real.sums);
        assert_eq!(answers(&sets), answers(&rebuilt));

        // Nothing imported meanwhile: the sorted index as built.
        assert!(compact(&node.app, 1));
        assert_eq!(node.sets().real.runs, [0]);

        // A rebuild meanwhile: the index it built from is gone, and so is the compaction.
        node.import(&bookings_csv(40, 15)).unwrap();
        let from = node.app.bookings.load_full();
        let sorted = from.compacted();
        let changed = String::from_utf8(first)
            .unwrap()
            .replacen(",SOLO,", ",E200P,", 1);
        assert_eq!(node.import(changed.as_bytes()).unwrap().updated, 1);
        let rebuilt = node.app.bookings.load_full();
        assert!(!install_compacted(&node.app, from, sorted));
        assert!(Arc::ptr_eq(&node.app.bookings.load_full(), &rebuilt));
        assert_eq!(rebuilt.real.runs, [0]);
    });
}

/// The hashes of the chunks of the snapshot of `generation` the database stores, in order, and
/// each chunk's length; waits up to 60 s for a node to store it (in the background, after the
/// import's answer).
fn stored_chunks(store: &PgStore, generation: u64) -> Vec<(Vec<u8>, i64)> {
    let started = std::time::Instant::now();
    loop {
        let chunks: Vec<(Vec<u8>, i64)> = store
            .run(
                sqlx::query_as(
                    "SELECT s.hash, length(c.bytes)::bigint \
                     FROM bookings_snapshot s JOIN bookings_snapshot_chunks c USING (hash) \
                     WHERE s.generation = $1 ORDER BY s.part",
                )
                .bind(generation as i64)
                .fetch_all(store.pool()),
            )
            .unwrap();
        if !chunks.is_empty() {
            return chunks;
        }
        assert!(
            started.elapsed() < std::time::Duration::from_secs(60),
            "no snapshot of generation {generation} stored"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

/// What storing the snapshot of `node`'s current indexes does now (the node's own store, in the
/// background, has taken its turn or finds this one done).
fn store_now(node: &Node) -> super::pg_snapshot::Stored {
    let Store::Postgres(store) = &*node.app.store else {
        unreachable!()
    };
    store
        .run(super::pg_snapshot::write(store, node.sets(), false))
        .unwrap()
}

/// A day's export: `rows` rows on July `day`, after every row of `bookings_csv`.
fn day_csv(rows: u64, seed: u64, day: u32) -> Vec<u8> {
    String::from_utf8(bookings_csv(rows, seed))
        .unwrap()
        .lines()
        .enumerate()
        .map(|(i, line)| match (i, line.split_once(',')) {
            (0, _) | (_, None) => format!("{line}\n"),
            (_, Some((id, rest))) => format!("{id},2026-07-{day:02}{}\n", &rest[10..]),
        })
        .collect::<String>()
        .into_bytes()
}

#[test]
fn a_day_s_import_stores_only_the_snapshot_s_chunks_it_changed() {
    use super::pg_snapshot::{Stored, rows_a_start_may_read};
    let node = pg_node(&test_database());
    let Store::Postgres(store) = &*node.app.store else {
        unreachable!()
    };
    node.import(&bookings_csv(400_000, 31)).unwrap();
    let first = stored_chunks(store, 1);
    // A day's export of 1,000 rows: a start reads them beyond the stored snapshot, which stays.
    let allowed = rows_a_start_may_read(400_000);
    assert_eq!(allowed, 16_384);
    node.import(&day_csv(1_000, 32, 1)).unwrap();
    assert_eq!(
        store_now(&node),
        Stored::Recent {
            stored: 1,
            since: 1_000
        }
    );
    // The next passes the rows a start may read: stored again, as the chunks the two changed.
    node.import(&day_csv(allowed, 33, 2)).unwrap();
    let second = stored_chunks(store, 3);

    // Where the real index's columns are in the snapshot: after the header and the four
    // archives' lengths, the first archive. The new chunks that overlap them are the columns' tails
    // and the pointers to their blocks; the rest of the columns' chunks are stored already. (The
    // running sums are thousands of short arrays, each with a new day at its end: nearly all of
    // their chunks are new.)
    let mut encoded = Vec::new();
    crate::bookings::snapshot::encode(&node.sets(), &mut encoded).unwrap();
    let header = crate::bookings::snapshot::HEADER;
    let columns_len = u64::from_le_bytes(encoded[header..header + 8].try_into().unwrap()) as i64;
    let columns = header as i64 + 32..header as i64 + 32 + columns_len;
    let before: std::collections::HashSet<&Vec<u8>> = first.iter().map(|c| &c.0).collect();
    let (mut at, mut new_in_columns, mut new) = (0i64, 0i64, 0i64);
    for (hash, len) in &second {
        if !before.contains(hash) {
            new += len;
            if at < columns.end && at + len > columns.start {
                new_in_columns += len;
            }
        }
        at += len;
    }
    assert_eq!(at as usize, encoded.len());
    assert!(first.len() > 20, "{} chunks", first.len());
    assert!(
        new_in_columns * 4 < columns_len,
        "{new_in_columns} bytes of the columns' {columns_len} were new chunks ({new} of {at} in all)"
    );
    // Only the current generation's chunks are kept, and they read back as the node's snapshot.
    let kept: i64 = store
        .run(
            sqlx::query_scalar("SELECT count(*) FROM bookings_snapshot_chunks")
                .fetch_one(store.pool()),
        )
        .unwrap();
    let distinct: std::collections::HashSet<&Vec<u8>> = second.iter().map(|c| &c.0).collect();
    assert_eq!(kept as usize, distinct.len());
    let (generation, stored_header, payload) = super::pg_snapshot::read(store, 2).unwrap();
    assert_eq!(generation, 3);
    assert!(stored_header[..] == encoded[..header]);
    assert!(payload[..] == encoded[header..]);
    assert_eq!(store_now(&node), Stored::Already);

    // A snapshot stored before migration 0040 has no row count: the next install stores its own.
    store
        .run(sqlx::query("DELETE FROM bookings_snapshot_rows").execute(store.pool()))
        .unwrap();
    node.import(&day_csv(1_000, 34, 3)).unwrap();
    let stored = store_now(&node);
    assert!(!matches!(stored, Stored::Recent { .. }), "{stored:?}");
    stored_chunks(store, 4);
}

/// A node starting with no snapshot of its own reads the one the database stores, of an earlier
/// generation, and the rows added since; one stored before the stored rows last changed is refused,
/// and the rows are read.
#[test]
fn a_start_extends_an_earlier_stored_snapshot_by_the_rows_added_since() {
    use super::pg_snapshot::Stored;
    let url = test_database();
    let a = pg_node(&url);
    let Store::Postgres(store) = &*a.app.store else {
        unreachable!()
    };
    // Enough rows that the 1,500 below are few against them: extended, not built whole.
    let csv = bookings_csv(20_000, 41);
    a.import(&csv).unwrap();
    stored_chunks(store, 1);
    a.import(&day_csv(1_000, 42, 1)).unwrap();
    a.import(&bookings_csv(500, 43)).unwrap(); // rows among the stored days: a run of their own
    assert_eq!(
        store_now(&a),
        Stored::Recent {
            stored: 1,
            since: 1_500
        }
    );
    let b = pg_node(&url);
    assert_eq!(b.sets().generation, 3);
    assert_eq!(b.sets().len(), 21_500);
    assert!(
        answers(&b.sets()) == answers(&a.sets()),
        "the answers differ"
    );
    assert_eq!(b.sets().runs(), a.sets().runs());

    // A correction of a stored row: the snapshot before it can no longer be extended, so the
    // node that installs the rebuilt index stores its own.
    let changed = String::from_utf8(csv)
        .unwrap()
        .replacen(",SOLO,", ",E200P,", 1);
    assert_eq!(a.import(changed.as_bytes()).unwrap().updated, 1);
    stored_chunks(store, 4);
    let err = super::pg_snapshot::read(store, 5).unwrap_err();
    assert!(err.contains("before the stored rows last changed"), "{err}");
    // Another node's rebuild that has not stored its snapshot yet: a start reads the rows.
    store
        .run(
            sqlx::query(
                "UPDATE counters SET value = 5 \
                 WHERE key IN ('bookings:generation', 'bookings:rebuilt_at')",
            )
            .execute(store.pool()),
        )
        .unwrap();
    let c = pg_node(&url);
    assert_eq!(c.sets().generation, 5);
    assert!(
        answers(&c.sets()) == answers(&a.sets()),
        "the answers differ"
    );
}

#[test]
fn the_sample_set_is_seeded_once_and_removed_on_both_backends() {
    each_backend(|node| {
        import::seed_sample(&node.app).unwrap();
        assert_eq!(node.sets().sample.len() as u64, sample::SAMPLE_ROWS);
        assert!(super::is_marked(&node.app.store, sample::SAMPLE_MARKER).unwrap());
        node.import(&bookings_csv(100, 9)).unwrap();
        assert_eq!(sample::remove(&node.app).unwrap(), sample::SAMPLE_ROWS);
        assert_eq!(sample::remove(&node.app).unwrap(), 0);
        assert!(node.sets().sample.is_empty());
        assert_eq!(node.sets().real.len(), 100);
        // The marker stays: a later start does not seed the set again.
        import::seed_sample(&node.app).unwrap();
        assert!(node.sets().sample.is_empty());
        let ids = stored_ids(&node.app.store);
        assert_eq!(
            ids.first(),
            Some(&(sample::SAMPLE_ROWS + 1)),
            "ids are not reused"
        );
        let mut txn = BookingsTxn::begin(&node.app.store).unwrap();
        assert_eq!(txn.next_id().unwrap(), sample::SAMPLE_ROWS + 101);
        assert!(txn.sample_ids().unwrap().is_empty());
    });
}

#[test]
fn a_redb_install_copied_to_postgres_answers_alike() {
    let file = file_node();
    import::seed_sample(&file.app).unwrap();
    let csv = bookings_csv(2_000, 11);
    file.import(&csv).unwrap();
    let from = file.app.store.file().unwrap();
    let url = test_database();
    let to = connect_or_panic(&url);
    let counts = super::export(from, &to).unwrap();
    for count in &counts {
        assert_eq!(count.source, count.copied, "{count:?}");
    }
    assert_eq!(counts[0].source, sample::SAMPLE_ROWS + 2_000);
    drop(to);

    let pg = pg_node(&url);
    assert!(
        read_columns(&pg.app.store).unwrap() == read_columns(&file.app.store).unwrap(),
        "the stored rows differ"
    );
    assert!(
        pg.sets().real.cols == file.sets().real.cols,
        "the indexes differ"
    );
    // The key came along: the same file is recognised, row by row.
    let again = pg.import(&csv).unwrap();
    assert_eq!((again.inserted, again.skipped), (0, 2_000));
    // The sample set is not seeded again, and new ids follow the copied ones.
    import::seed_sample(&pg.app).unwrap();
    assert_eq!(pg.sets().sample.len() as u64, sample::SAMPLE_ROWS);
    let next = BookingsTxn::begin(&pg.app.store)
        .unwrap()
        .next_id()
        .unwrap();
    assert_eq!(next, sample::SAMPLE_ROWS + 2_001);
}

/// The start-up of a PostgreSQL node at 1M bookings, with and without its snapshot, and the import
/// that stores them. Measure in release:
/// `bash scripts/with-postgres.sh cargo test --release --lib -- --ignored --nocapture million`
#[test]
#[ignore = "a measurement: 1M rows, about a minute"]
fn a_node_starts_with_a_million_bookings() {
    let url = test_database();
    let node = pg_node(&url);
    let csv = bookings_csv(1_000_000, 21);
    let started = std::time::Instant::now();
    assert_eq!(node.import(&csv).unwrap().inserted, 1_000_000);
    println!("import of 1M bookings: {:?}", started.elapsed());
    let again = std::time::Instant::now();
    assert_eq!(node.import(&csv).unwrap().skipped, 1_000_000);
    println!(
        "re-import of the same 1M (all recognised): {:?}",
        again.elapsed()
    );

    let store = Arc::new(Store::Postgres(connect_or_panic(&url)));
    let empty_dir = tempfile::tempdir().unwrap();
    let cold = std::time::Instant::now();
    let sets = load(&store, empty_dir.path()).unwrap();
    println!(
        "start without a snapshot (read from PostgreSQL, snapshot written): {:?}",
        cold.elapsed()
    );
    assert_eq!(sets.len(), 1_000_000);
    drop(sets);
    let warm = std::time::Instant::now();
    let sets = load(&store, empty_dir.path()).unwrap();
    println!("start from the snapshot: {:?}", warm.elapsed());
    assert_eq!(sets.len(), 1_000_000);

    let other = pg_node(&url);
    node.import(&bookings_csv(10_000, 22)).unwrap();
    let catching_up = std::time::Instant::now();
    catch_up(&other.app).unwrap();
    println!(
        "catch-up of another node by 10k new rows: {:?}",
        catching_up.elapsed()
    );
    assert_eq!(other.sets().len(), 1_010_000);
}

/// The redb file's blocks (key, rows) and its changes (id, whether a removal).
type Layout = (Vec<(u64, usize)>, Vec<(u64, bool)>);

fn file_layout(store: &Store) -> Layout {
    use crate::platform::store::row_blocks::Block;
    use crate::platform::store::{BOOKING_BLOCKS, BOOKING_CHANGES};
    use redb::ReadableTable;
    let Store::File(db) = store else {
        panic!("a redb store")
    };
    let txn = db.read().unwrap();
    let blocks = txn.open_table(BOOKING_BLOCKS).unwrap();
    let blocks = (blocks.iter().unwrap())
        .map(|e| {
            let (k, v) = e.unwrap();
            (k.value(), Block::parse(k.value(), v.value()).unwrap().len())
        })
        .collect();
    let changes = txn.open_table(BOOKING_CHANGES).unwrap();
    let changes = (changes.iter().unwrap())
        .map(|e| {
            let (k, v) = e.unwrap();
            (k.value(), v.value().is_empty())
        })
        .collect();
    (blocks, changes)
}

/// `csv` with the firm size of its rows `rows` (by row, from 0) changed.
fn with_firm_size_changed(csv: &[u8], rows: impl Fn(usize) -> bool) -> Vec<u8> {
    let mut reader = csv::Reader::from_reader(csv);
    let mut out = csv::Writer::from_writer(Vec::new());
    out.write_record(reader.headers().unwrap()).unwrap();
    let size = (reader.headers().unwrap().iter())
        .position(|h| h == "Standardized Practice Area Broken Out")
        .unwrap();
    for (i, record) in reader.records().enumerate() {
        let mut record: Vec<String> = record.unwrap().iter().map(String::from).collect();
        if rows(i) {
            record[size] = if record[size] == "SOLO" {
                "E200P"
            } else {
                "SOLO"
            }
            .into();
        }
        out.write_record(&record).unwrap();
    }
    out.into_inner().unwrap()
}

#[test]
fn the_file_stores_rows_in_blocks_and_a_re_import_s_changes_beside_them() {
    let node = file_node();
    // More rows than a block and than one round of comparisons hold.
    const TOTAL: usize = 100_000;
    let csv = bookings_csv(TOTAL as u64, 21);
    let first = node.import(&csv).unwrap();
    assert_eq!(first.inserted, TOTAL as u64);
    let (blocks, changes) = file_layout(&node.app.store);
    // The first block closed at its bytes, its page filled but for less than a row's worth.
    let n = blocks[0].1;
    assert_eq!(blocks, vec![(1, n), (n as u64 + 1, TOTAL - n)]);
    let first_len = first_block_len(&node.app.store);
    let most = crate::platform::store::row_blocks::BLOCK_BYTES;
    assert!(
        (most - 512..=most).contains(&first_len),
        "{first_len} bytes of {most}"
    );
    assert!(changes.is_empty());
    let again = node.import(&csv).unwrap();
    assert_eq!((again.updated, again.skipped), (0, TOTAL as u64));
    assert_eq!(file_layout(&node.app.store).0, blocks, "nothing written");

    // A few rows changed in each block: kept as changes, the blocks untouched.
    let few = with_firm_size_changed(&csv, |i| i % 1_000 == 7);
    let report = node.import(&few).unwrap();
    let few_changed = (0..TOTAL).filter(|i| i % 1_000 == 7).count();
    assert_eq!(
        (report.updated as usize, report.skipped as usize),
        (few_changed, TOTAL - few_changed)
    );
    let (after, changes) = file_layout(&node.app.store);
    assert_eq!(after, blocks);
    assert_eq!(changes.len(), few_changed);
    let fresh = file_node();
    fresh.import(&few).unwrap();
    let (_, read) = read_columns(&node.app.store).unwrap();
    let (_, expected) = read_columns(&fresh.app.store).unwrap();
    assert!(read == expected, "the reads merge the changes");
    assert!(node.sets().real.cols == read, "the index has them too");

    // One row in eight of the second block: past its share, it is written again with them.
    let many = with_firm_size_changed(&few, |i| i >= n && i % 8 == 0);
    let report = node.import(&many).unwrap();
    assert_eq!(
        report.updated as usize,
        (n..TOTAL).filter(|i| i % 8 == 0).count()
    );
    let (after, changes) = file_layout(&node.app.store);
    assert_eq!(after, blocks, "the same blocks, the second one rewritten");
    let in_first = (0..n).filter(|i| i % 1_000 == 7).count();
    assert_eq!(
        changes.len(),
        in_first,
        "only the first block's changes are left"
    );
    assert!(changes.iter().all(|&(id, _)| id <= n as u64));
    let (_, read) = read_columns(&node.app.store).unwrap();
    let expected = file_node();
    expected.import(&many).unwrap();
    assert!(read == read_columns(&expected.app.store).unwrap().1);
    assert_eq!(
        super::stored_counts(&node.app.store).unwrap(),
        (TOTAL as u64, TOTAL as u64)
    );
}

/// The bytes of the redb file's first block.
fn first_block_len(store: &Store) -> usize {
    use crate::platform::store::BOOKING_BLOCKS;
    use redb::ReadableTable;
    let Store::File(db) = store else {
        panic!("a redb store")
    };
    let txn = db.read().unwrap();
    let blocks = txn.open_table(BOOKING_BLOCKS).unwrap();
    let (_, value) = blocks.first().unwrap().unwrap();
    value.value().len()
}

/// Each block's form: "columns", or "encoded" rows.
fn block_forms(store: &Store) -> Vec<&'static str> {
    use crate::platform::store::BOOKING_BLOCKS;
    use crate::platform::store::row_blocks::Block;
    use redb::ReadableTable;
    let Store::File(db) = store else {
        panic!("a redb store")
    };
    let txn = db.read().unwrap();
    let blocks = txn.open_table(BOOKING_BLOCKS).unwrap();
    (blocks.iter().unwrap())
        .map(|e| {
            let (k, v) = e.unwrap();
            match Block::parse(k.value(), v.value()).unwrap() {
                Block::Columns(_) => "columns",
                Block::Encoded(_) => "encoded",
            }
        })
        .collect()
}

#[test]
fn blocks_of_encoded_rows_are_read_compared_and_folded_into_columns() {
    use crate::platform::store::row_blocks::EncodedBuilder;
    use crate::platform::store::{BOOKING_BLOCKS, codec};
    let node = file_node();
    let csv = bookings_csv(1_000, 23);
    node.import(&csv).unwrap();
    // The rows written again as encoded rows, the form of a file from before the columns.
    let Store::File(db) = node.app.store.as_ref() else {
        panic!("a redb store")
    };
    let mut rows = Vec::new();
    super::file::for_each_booking(db, |id, booking| {
        rows.push((id, codec::encode(booking)));
        Ok(())
    })
    .unwrap();
    let txn = db.write().unwrap();
    {
        let mut blocks = txn.open_table(BOOKING_BLOCKS).unwrap();
        blocks.retain(|_, _| false).unwrap();
        let mut block = EncodedBuilder::default();
        for (id, row) in &rows {
            block.push(*id, row);
        }
        let (first, value) = block.take();
        blocks.insert(first, value.as_slice()).unwrap();
    }
    txn.commit().unwrap();
    assert_eq!(block_forms(&node.app.store), vec!["encoded"]);
    let (_, read) = read_columns(&node.app.store).unwrap();
    assert!(node.sets().real.cols == read, "read as they were");

    let again = node.import(&csv).unwrap();
    assert_eq!(
        (again.updated, again.skipped),
        (0, 1_000),
        "equal to the stored rows"
    );
    let many = with_firm_size_changed(&csv, |i| i % 8 == 0);
    let report = node.import(&many).unwrap();
    assert_eq!((report.updated, report.skipped), (125, 875));
    assert_eq!(
        block_forms(&node.app.store),
        vec!["columns"],
        "past its share of changes, the block is written again in columns"
    );
    assert!(file_layout(&node.app.store).1.is_empty());
    let expected = file_node();
    expected.import(&many).unwrap();
    let (_, read) = read_columns(&node.app.store).unwrap();
    assert!(read == read_columns(&expected.app.store).unwrap().1);
    assert!(node.sets().real.cols == read);
}

#[test]
fn removed_rows_are_marked_then_dropped_from_their_block() {
    let node = file_node();
    node.import(&bookings_csv(1_000, 22)).unwrap();
    let remove = |ids: &[u64]| {
        let _one = crate::bookings::one_writer();
        let mut txn = BookingsTxn::begin(&node.app.store).unwrap();
        txn.remove(ids).unwrap();
        txn.finish(super::Finish::default()).unwrap();
    };
    remove(&[1, 500]);
    let (blocks, changes) = file_layout(&node.app.store);
    assert_eq!(blocks, vec![(1, 1_000)]);
    assert_eq!(changes, vec![(1, true), (500, true)]);
    assert_eq!(super::stored_counts(&node.app.store).unwrap(), (998, 998));
    // Every third row: past the share, the block keeps the others with their ids listed.
    let thirds: Vec<u64> = (2..=1_000).filter(|id| id % 3 == 0 && *id != 500).collect();
    remove(&thirds);
    let (blocks, changes) = file_layout(&node.app.store);
    let kept: Vec<u64> = (2..=1_000).filter(|id| id % 3 != 0 && *id != 500).collect();
    assert_eq!(blocks, vec![(2, kept.len())]);
    assert!(changes.is_empty());
    assert_eq!(stored_ids(&node.app.store), kept);
    let counted = kept.len() as u64;
    assert_eq!(
        super::stored_counts(&node.app.store).unwrap(),
        (counted, counted)
    );
    // A later import finds the others, and its new rows start a block of their own.
    let report = node.import(&bookings_csv(1_000, 22)).unwrap();
    assert_eq!((report.inserted, report.skipped), (335, 665));
    let (blocks, _) = file_layout(&node.app.store);
    assert_eq!(blocks, vec![(2, kept.len()), (1_001, 335)]);
}

#[test]
fn rows_are_numbered_as_the_file_has_them_across_batches_and_line_breaks() {
    // Past four of the import's batches of 4,096 rows, with bad rows at and around the batches'
    // edges and a quoted line break that moves every line after it.
    let csv = String::from_utf8(bookings_csv(20_000, 23)).unwrap();
    let bad_rows = [5, 3_000, 4_095, 4_096, 4_097, 8_192, 12_000, 19_999];
    let mut file = String::new();
    for (i, line) in csv.lines().enumerate() {
        let row = i.wrapping_sub(1); // the header is line 1
        let line = match row {
            r if bad_rows.contains(&r) => {
                let (id, rest) = line.split_once(',').unwrap();
                let (_, rest) = rest.split_once(',').unwrap();
                format!("{id},not a time,{rest}")
            }
            // Its metro area quoted over two lines.
            2_000 => format!("{},\"Metro\narea\"", line.rsplit_once(',').unwrap().0),
            _ => line.to_string(),
        };
        file.push_str(&line);
        file.push('\n');
    }
    let report = file_node().import(file.as_bytes()).unwrap();
    let lines: Vec<&str> = (report.errors.iter())
        .map(|e| e.split_once(':').unwrap().0)
        .collect();
    // Row r starts on line r + 2, one further down past the line break of row 2,000, which is
    // refused itself (no text holds a line break).
    let mut refused = bad_rows.to_vec();
    refused.insert(1, 2_000);
    let expected: Vec<String> = (refused.iter())
        .map(|&r| format!("Row {}", r + 2 + (r > 2_000) as usize))
        .collect();
    assert_eq!(lines, expected, "{:?}", report.errors);
    assert_eq!(
        (report.inserted, report.row_errors),
        (20_000 - refused.len() as u64, refused.len() as u64)
    );
}

#[test]
fn a_file_of_whole_turns_or_of_a_header_alone_imports_every_row_it_has() {
    // 8,192 rows fill the parsers' turns of 4,096 exactly: the turn after them reads the end of
    // the file and no row. A header alone is a turn of no row at once.
    let node = file_node();
    let report = node.import(&bookings_csv(8_192, 31)).unwrap();
    assert_eq!((report.inserted, report.row_errors), (8_192, 0));
    assert_eq!(stored_ids(&node.app.store).len(), 8_192);
    let header = b"Id,Created Time,Client Category,Client,City State,State,DMA\n";
    let report = node.import(header).unwrap();
    assert_eq!((report.inserted, report.row_errors), (0, 0));
    assert_eq!(node.sets().real.len(), 8_192);
}

/// `csv` with the fields `changes` names set, in the rows `rows` picks (by row, from 0).
fn with_fields_changed(
    csv: &[u8],
    rows: impl Fn(usize) -> bool,
    changes: &[(&str, &str)],
) -> Vec<u8> {
    let mut reader = csv::Reader::from_reader(csv);
    let headers = reader.headers().unwrap().clone();
    let mut out = csv::Writer::from_writer(Vec::new());
    out.write_record(&headers).unwrap();
    let at = |name: &str| headers.iter().position(|h| h == name).unwrap();
    for (i, record) in reader.records().enumerate() {
        let mut record: Vec<String> = record.unwrap().iter().map(String::from).collect();
        if rows(i) {
            for (name, value) in changes {
                record[at(name)] = value.to_string();
            }
        }
        out.write_record(&record).unwrap();
    }
    out.into_inner().unwrap()
}

/// A node with each of `files` imported in turn on a backend of the same kind as `like`'s.
fn imported_alike(like: &Node, files: &[&[u8]]) -> Node {
    let node = match like.app.store.as_ref() {
        Store::File(_) => file_node(),
        Store::Postgres(_) => pg_node(&test_database()),
    };
    for file in files {
        node.import(file).unwrap();
    }
    node
}

/// Corrections that move a row's day (before every stored day) or its state, and a file of rows
/// all older than the stored ones: stored and answered as the same files imported into a fresh
/// install.
#[test]
fn corrections_of_a_day_or_a_state_and_rows_older_than_every_stored_one() {
    each_backend(|node| {
        let csv = bookings_csv(3_000, 24);
        node.import(&csv).unwrap();
        let moved = with_fields_changed(
            &csv,
            |i| i % 50 == 3,
            &[("Created Time", "2023-01-02T10:00:00Z")],
        );
        let report = node.import(&moved).unwrap();
        assert_eq!((report.updated, report.inserted), (60, 0));
        let texas = with_fields_changed(
            &moved,
            |i| i % 40 == 5,
            &[
                ("City State", "Austin, TX"),
                ("State", "TX"),
                ("DMA", "Austin"),
            ],
        );
        let report = node.import(&texas).unwrap();
        assert!(report.updated > 0 && report.inserted == 0, "{report:?}");
        let mut older = Vec::new();
        let end = chrono::NaiveDate::from_ymd_opt(2022, 6, 30).unwrap();
        let catalog = generate::from_catalog(&seeded_catalog());
        generate::write_csv(&mut older, 500, 25, end, &catalog).unwrap();
        assert_eq!(node.import(&older).unwrap().inserted, 500);

        let fresh = imported_alike(node, &[&texas, &older]);
        let (_, read) = read_columns(&node.app.store).unwrap();
        assert!(
            read == read_columns(&fresh.app.store).unwrap().1,
            "the same rows"
        );
        assert_eq!(
            answers(&node.sets()),
            answers(&fresh.sets()),
            "the same answers"
        );
    });
}

/// The one answer to where a firm's evidence comes from (`bookings::evidence::now`), on both
/// backends: nothing, then the sample set only (never evidence, and it dates nothing), then real
/// rows and the time they changed, kept in the import's own commit; a
/// re-import that changes nothing leaves that time alone.
#[test]
fn the_evidence_is_nothing_then_sample_only_then_real_bookings_dated_by_their_import() {
    use crate::bookings::evidence::{self, Source};
    each_backend(|node| {
        let now = || {
            let sets = node.sets();
            evidence::now(&node.app.store, &sets).unwrap()
        };
        let nothing = now();
        assert_eq!(nothing.source, Source::NoBookings);
        assert_eq!(nothing.changed_at, None);
        assert!(!nothing.is_newer_than(0));

        // Recent rows: the last of them today, so the 90 days hold most of them.
        let catalog = generate::from_catalog(&seeded_catalog());
        let recent = |rows, seed| {
            let mut csv = Vec::new();
            generate::write_csv(
                &mut csv,
                rows,
                seed,
                crate::platform::clock::today(),
                &catalog,
            )
            .unwrap();
            csv
        };
        let options = Options {
            sample: true,
            expect: Some(Kind::Bookings),
            ..Options::default()
        };
        import::run_bookings(&node.app, recent(300, 1).as_slice(), options).unwrap();
        let sample = now();
        assert_eq!(sample.source, Source::SampleOnly);
        assert_eq!(
            sample.changed_at, None,
            "sample rows are never evidence and date nothing"
        );

        let before = crate::platform::clock::now_secs();
        let real = recent(400, 2);
        node.import(&real).unwrap();
        let after = crate::platform::clock::now_secs();
        let with = now();
        assert_eq!(with.source, Source::RealBookings);
        let changed = with.changed_at.expect("the import's time is kept");
        assert!((before..=after).contains(&changed));
        assert!(with.is_newer_than(changed - 1) && !with.is_newer_than(changed));

        // The same file again changes no row: the evidence is as old as before.
        std::thread::sleep(std::time::Duration::from_millis(1100));
        node.import(&real).unwrap();
        assert_eq!(now().changed_at, Some(changed));
    });
}
