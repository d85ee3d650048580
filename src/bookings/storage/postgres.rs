//! Demo bookings in PostgreSQL (migrations/postgres/0008_bookings.sql): `bookings` (one column per
//! field), `booking_identities`, the generation and `bookings:rebuilt_at` in `counters`, the id
//! sequence `bookings_id_seq`.
//!
//! Writers on every node take turns with `pg_advisory_xact_lock(WRITERS_LOCK)`, held from the
//! start of an import or removal to its commit: the generation, the next id and the identities an
//! import reads stay true until it commits, as redb's single writer guarantees. Rows go in with
//! COPY; a whole import is one transaction, so a failure leaves nothing behind.

use std::io::Write as _;

use sqlx::{PgConnection, Postgres, Transaction};

use super::copy_text::push_line;
use super::{Appended, Finish, WantedIdentities};
use crate::bookings::GENERATION;
use crate::bookings::evidence::REAL_CHANGED_AT;
use crate::bookings::index::{Columns, ColumnsBuilder};
use crate::bookings::model::Booking;
use crate::platform::error::Result;
use crate::platform::store::postgres::changes::{self, Change};
use crate::platform::store::{IDENTITY_LEN, PgStore, PgTx};

/// The advisory lock that serialises the writers of bookings across nodes.
const WRITERS_LOCK: i64 = 0x4c69_7473_0008;
/// `counters` key of the last generation that changed or removed existing rows.
pub(super) const REBUILT_AT: &str = "bookings:rebuilt_at";
/// Rows per page when reading the bookings' identities.
const PAGE: i64 = 100_000;
/// Rows per statement when another node catches up on new rows.
const CATCH_UP_PAGE: i64 = 65_536;
/// Bytes of COPY data sent at a time.
pub(super) const COPY_CHUNK: usize = 4 << 20;
const COLUMNS: &str = "id, category, client, firm_size, city_state, state, dma, created, sample";

pub(super) async fn counter(db: impl sqlx::PgExecutor<'_>, key: &str) -> sqlx::Result<u64> {
    let value: Option<i64> = sqlx::query_scalar("SELECT value FROM counters WHERE key = $1")
        .bind(key)
        .fetch_optional(db)
        .await?;
    Ok(value.unwrap_or(0) as u64)
}

pub fn generation(store: &PgStore) -> Result<u64> {
    Ok(store.run(counter(store.pool(), GENERATION))?)
}

pub fn generation_and_rebuilt_at(store: &PgStore) -> Result<(u64, u64)> {
    Ok(store.run(async {
        let mut tx = repeatable_read(store).await?;
        let generation = counter(&mut *tx, GENERATION).await?;
        let rebuilt_at = counter(&mut *tx, REBUILT_AT).await?;
        tx.commit().await?;
        Ok::<_, sqlx::Error>((generation, rebuilt_at))
    })?)
}

/// When the real bookings last changed (Unix seconds), if an import since this was kept did.
pub fn real_changed_at(store: &PgStore) -> Result<Option<i64>> {
    let at = store.run(counter(store.pool(), REAL_CHANGED_AT))?;
    Ok((at > 0).then_some(at as i64))
}

/// Sets `counters`' time of the last change to the real bookings, in the write's transaction.
pub(super) async fn set_real_changed_at(tx: &mut PgConnection, at: i64) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO counters (key, value) VALUES ($1, $2) \
         ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value",
    )
    .bind(REAL_CHANGED_AT)
    .bind(at)
    .execute(&mut *tx)
    .await?;
    Ok(())
}

pub fn stored_counts(store: &PgStore) -> Result<(u64, u64)> {
    let (bookings, identities): (i64, i64) = store.run(
        sqlx::query_as(
            "SELECT (SELECT count(*) FROM bookings), (SELECT count(*) FROM booking_identities)",
        )
        .fetch_one(store.pool()),
    )?;
    Ok((bookings as u64, identities as u64))
}

pub fn is_marked(store: &PgStore, marker: &str) -> Result<bool> {
    Ok(store.setting(marker)?.is_some())
}

/// A read-only transaction whose statements all see one snapshot: the generation read first
/// belongs to the rows read after it.
pub(super) async fn repeatable_read(
    store: &PgStore,
) -> sqlx::Result<Transaction<'static, Postgres>> {
    let mut tx = store.pool().begin().await?;
    sqlx::query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
        .execute(&mut *tx)
        .await?;
    Ok(tx)
}

/// Appends the bookings with an id above `above` to `builder`, in id order: every one, or the
/// first `limit`. Answers how many, and the last one's id. They arrive by `COPY … TO STDOUT`
/// (text format) and are parsed here as they stream in: at 1M rows this is what another node waits
/// for after an import, and it is several times quicker than decoding rows of a query.
async fn push_rows(
    tx: &mut Transaction<'static, Postgres>,
    above: i64,
    limit: Option<i64>,
    builder: &mut ColumnsBuilder,
) -> Result<(i64, u64)> {
    use futures_util::StreamExt as _;
    // `above` and `limit` are numbers of ours, not input: formatting them into the statement is
    // safe.
    let limit = limit.map(|n| format!(" LIMIT {n}")).unwrap_or_default();
    let statement = format!(
        "COPY (SELECT id, category, client, firm_size, city_state, state, dma, \
         extract(epoch FROM created)::bigint, sample FROM bookings WHERE id > {above} ORDER BY id\
         {limit}) TO STDOUT"
    );
    let mut stream = tx.copy_out_raw(&statement).await?;
    let mut booking = Booking::blank(false);
    let (mut rows, mut last) = (0i64, 0u64);
    // A chunk ends anywhere: the unfinished line waits here for the next one.
    let mut pending: Vec<u8> = Vec::new();
    while let Some(chunk) = stream.next().await {
        let chunk = chunk?;
        let mut data: &[u8] = &chunk;
        if !pending.is_empty() {
            let Some(end) = data.iter().position(|&b| b == b'\n') else {
                pending.extend_from_slice(data);
                continue;
            };
            pending.extend_from_slice(&data[..=end]);
            data = &data[end + 1..];
            let line = std::mem::take(&mut pending);
            last = push_line(&line[..line.len() - 1], &mut booking, builder)?;
            rows += 1;
        }
        for line in data.split_inclusive(|&b| b == b'\n') {
            match line.strip_suffix(b"\n") {
                Some(line) => {
                    last = push_line(line, &mut booking, builder)?;
                    rows += 1;
                }
                None => pending.extend_from_slice(line),
            }
        }
    }
    if !pending.is_empty() {
        return Err(anyhow::anyhow!("the bookings ended mid-row").into());
    }
    Ok((rows, last))
}

/// Reads every booking into sorted columns, with the generation they belong to.
pub fn read_columns(store: &PgStore) -> Result<(u64, Columns)> {
    store.run(async {
        let mut tx = repeatable_read(store).await?;
        let generation = counter(&mut *tx, GENERATION).await?;
        let mut builder = ColumnsBuilder::default();
        push_rows(&mut tx, 0, None, &mut builder).await?;
        tx.commit().await?;
        Ok((generation, builder.finish()))
    })
}

/// Appends the rows above `largest` when no change since `since` (the index's generation) touched
/// existing rows.
pub(super) fn append_rows_above(
    store: &PgStore,
    since: u64,
    largest: u64,
    builder: &mut ColumnsBuilder,
) -> Result<Appended> {
    store.run(async {
        let mut tx = repeatable_read(store).await?;
        let generation = counter(&mut *tx, GENERATION).await?;
        if counter(&mut *tx, REBUILT_AT).await? > since {
            return Ok(Appended::Rebuilt);
        }
        // In pages, each an index scan from where the last ended. Asked for every row above
        // `largest` at once, the planner may guess many rows from statistics that do not know the
        // new ones (a table not analyzed since a large COPY: 1.4M of 10M) and sort the whole
        // table: at 10M bookings, 572 ms to read a day's 10,000 rows against 12-18 ms in pages.
        let mut above = largest as i64;
        loop {
            let (rows, last) = push_rows(&mut tx, above, Some(CATCH_UP_PAGE), builder).await?;
            if rows < CATCH_UP_PAGE {
                break;
            }
            above = last as i64;
        }
        tx.commit().await?;
        Ok(Appended::Current(generation))
    })
}

/// One write to the bookings: a transaction holding the writers' advisory lock.
pub struct Txn<'s> {
    /// Rolled back when dropped without `finish`.
    tx: PgTx<'s>,
    generation: u64,
    next_id: u64,
}

impl<'s> Txn<'s> {
    pub fn begin(store: &'s PgStore) -> Result<Txn<'s>> {
        let mut tx = PgTx::begin(store)?;
        let conn = tx.conn()?;
        let (generation, next_id) = store.run(async {
            // Held until commit or rollback: one writer of bookings at a time on all nodes.
            sqlx::query("SELECT pg_advisory_xact_lock($1)")
                .bind(WRITERS_LOCK)
                .execute(&mut *conn)
                .await?;
            let generation = counter(&mut *conn, GENERATION).await?;
            let (last, called): (i64, bool) =
                sqlx::query_as("SELECT last_value, is_called FROM bookings_id_seq")
                    .fetch_one(&mut *conn)
                    .await?;
            let next_id = if called { last + 1 } else { last } as u64;
            Ok::<_, sqlx::Error>((generation, next_id))
        })?;
        Ok(Txn {
            tx,
            generation,
            next_id,
        })
    }

    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// The store, to run statements on the transaction's connection.
    pub(super) fn parts(&mut self) -> Result<(&'s PgStore, &mut PgConnection)> {
        let store = self.tx.store();
        Ok((store, self.tx.conn()?))
    }

    /// Commits without recording a change: for the copy into a database no node serves yet.
    pub(super) fn commit(self) -> Result<()> {
        Ok(self.tx.commit()?)
    }

    pub fn next_id(&self) -> u64 {
        self.next_id
    }

    pub fn for_each_identity(&mut self, mut f: impl FnMut([u8; IDENTITY_LEN], u64)) -> Result<()> {
        let (store, tx) = self.parts()?;
        store.run(async {
            let mut after: Vec<u8> = Vec::new();
            loop {
                let rows = sqlx::query_as::<_, (Vec<u8>, i64)>(
                    "SELECT identity, booking_id FROM booking_identities \
                     WHERE identity > $1 ORDER BY identity LIMIT $2",
                )
                .bind(&after)
                .bind(PAGE)
                .fetch_all(&mut *tx)
                .await?;
                for (identity, id) in &rows {
                    if let Ok(identity) = identity.as_slice().try_into() {
                        f(identity, *id as u64);
                    }
                }
                match rows.last() {
                    Some((last, _)) if rows.len() as i64 == PAGE => after = last.clone(),
                    _ => return Ok(()),
                }
            }
        })
    }

    /// The stored identities among `wanted`, by the identities' primary key.
    pub fn stored_among(
        &mut self,
        wanted: &WantedIdentities,
    ) -> Result<Vec<([u8; IDENTITY_LEN], u64)>> {
        let (store, tx) = self.parts()?;
        store.run(async {
            let mut met = Vec::new();
            for chunk in wanted.as_slice().chunks(PAGE as usize) {
                let keys: Vec<&[u8]> = chunk.iter().map(|k| &k[..]).collect();
                let rows = sqlx::query_as::<_, (Vec<u8>, i64)>(
                    "SELECT identity, booking_id FROM booking_identities \
                     WHERE identity = ANY($1)",
                )
                .bind(&keys)
                .fetch_all(&mut *tx)
                .await?;
                met.extend(rows.into_iter().filter_map(|(identity, id)| {
                    Some((identity.as_slice().try_into().ok()?, id as u64))
                }));
            }
            Ok(met)
        })
    }

    pub fn rows(&mut self) -> RowWriter<'_, 's> {
        RowWriter {
            txn: self,
            new_rows: Vec::with_capacity(COPY_CHUNK + 4096),
            updates: Vec::new(),
            updates_table: false,
        }
    }

    pub fn append_identities(
        &mut self,
        first: u64,
        identities: &[[u8; IDENTITY_LEN]],
    ) -> Result<()> {
        let mut data = Vec::with_capacity(COPY_CHUNK + 64);
        for (i, identity) in identities.iter().enumerate() {
            identity_line(&mut data, identity, first + i as u64);
            if data.len() >= COPY_CHUNK {
                self.copy(
                    "COPY booking_identities (identity, booking_id) FROM STDIN",
                    &data,
                )?;
                data.clear();
            }
        }
        if !data.is_empty() {
            self.copy(
                "COPY booking_identities (identity, booking_id) FROM STDIN",
                &data,
            )?;
        }
        Ok(())
    }

    pub fn sample_ids(&mut self) -> Result<Vec<u64>> {
        let (store, tx) = self.parts()?;
        let ids: Vec<i64> = store.run(
            sqlx::query_scalar("SELECT id FROM bookings WHERE sample ORDER BY id")
                .fetch_all(&mut *tx),
        )?;
        Ok(ids.into_iter().map(|id| id as u64).collect())
    }

    pub fn remove(&mut self, ids: &[u64]) -> Result<()> {
        let ids: Vec<i64> = ids.iter().map(|&id| id as i64).collect();
        let (store, tx) = self.parts()?;
        store.run(async {
            sqlx::query("DELETE FROM bookings WHERE id = ANY($1)")
                .bind(&ids)
                .execute(&mut *tx)
                .await?;
            sqlx::query("DELETE FROM booking_identities WHERE booking_id = ANY($1)")
                .bind(&ids)
                .execute(&mut *tx)
                .await?;
            Ok::<_, sqlx::Error>(())
        })?;
        Ok(())
    }

    pub fn finish(mut self, finish: Finish) -> Result<()> {
        let (store, tx) = self.parts()?;
        store.run(async {
            if let Some(last) = finish.last_id {
                // setval is not undone by a rollback: an id once handed out is never reused.
                sqlx::query("SELECT setval('bookings_id_seq', $1)")
                    .bind(last as i64)
                    .execute(&mut *tx)
                    .await?;
            }
            if let Some(marker) = finish.marker {
                sqlx::query(
                    "INSERT INTO settings (key, value) VALUES ($1, '1') ON CONFLICT DO NOTHING",
                )
                .bind(marker)
                .execute(&mut *tx)
                .await?;
            }
            if let Some(at) = finish.real_changed_at {
                set_real_changed_at(tx, at).await?;
            }
            if let Some(generation) = finish.generation {
                let mut keys = vec![GENERATION];
                if finish.rebuilt {
                    keys.push(REBUILT_AT);
                }
                sqlx::query("UPDATE counters SET value = $1 WHERE key = ANY($2)")
                    .bind(generation as i64)
                    .bind(&keys)
                    .execute(&mut *tx)
                    .await?;
                changes::record(tx, Change::Bookings { generation }).await?;
            }
            Ok::<_, sqlx::Error>(())
        })?;
        self.tx.commit()?;
        Ok(())
    }

    /// Sends `data` (COPY text rows) with `statement`.
    pub(super) fn copy(&mut self, statement: &str, data: &[u8]) -> Result<()> {
        let (store, tx) = self.parts()?;
        store.run(async {
            let mut copy = tx.copy_in_raw(statement).await?;
            copy.send(data).await?;
            copy.finish().await
        })?;
        Ok(())
    }
}

/// Appends an identity and its booking id as one line of COPY text (bytea as `\\x` and hex).
pub(super) fn identity_line(out: &mut Vec<u8>, identity: &[u8; IDENTITY_LEN], id: u64) {
    out.extend_from_slice(b"\\\\x");
    let mut hex = [0u8; IDENTITY_LEN * 2];
    // Writing into a buffer of exactly the right length cannot fail.
    let _ = hex::encode_to_slice(identity, &mut hex);
    out.extend_from_slice(&hex);
    let _ = writeln!(out, "\t{id}");
}

/// Appends a booking as one line of COPY text (tab-separated, `\N` for none, backslash escapes).
/// Writing into a `Vec` cannot fail, and allocates nothing once the buffer has grown.
fn copy_line(out: &mut Vec<u8>, id: u64, b: &Booking) {
    fn text(out: &mut Vec<u8>, value: Option<&str>) {
        let Some(value) = value else {
            out.extend_from_slice(b"\\N\t");
            return;
        };
        for &byte in value.as_bytes() {
            match byte {
                b'\\' => out.extend_from_slice(b"\\\\"),
                b'\t' => out.extend_from_slice(b"\\t"),
                b'\n' => out.extend_from_slice(b"\\n"),
                b'\r' => out.extend_from_slice(b"\\r"),
                other => out.push(other),
            }
        }
        out.push(b'\t');
    }
    let _ = write!(out, "{id}\t");
    text(out, Some(&b.category));
    text(out, Some(&b.client));
    text(out, Some(b.firm_size.code()));
    text(out, b.city_state.as_deref());
    text(out, b.state.as_deref());
    text(out, b.dma.as_deref());
    match chrono::DateTime::from_timestamp(b.created, 0) {
        Some(at) => {
            let _ = write!(out, "{}+00", at.naive_utc());
        }
        None => out.extend_from_slice(b"epoch"),
    }
    out.extend_from_slice(if b.sample { b"\tt\n" } else { b"\tf\n" });
}

/// Writes booking rows inside a `Txn`: new rows by COPY into `bookings`, re-imported ones by COPY
/// into a temporary table and one UPDATE of those that differ.
pub struct RowWriter<'t, 's> {
    txn: &'t mut Txn<'s>,
    new_rows: Vec<u8>,
    updates: Vec<u8>,
    updates_table: bool,
}

impl RowWriter<'_, '_> {
    pub fn insert(&mut self, id: u64, booking: &Booking) -> Result<()> {
        copy_line(&mut self.new_rows, id, booking);
        if self.new_rows.len() >= COPY_CHUNK {
            self.flush_new_rows()?;
        }
        Ok(())
    }

    pub fn replace(&mut self, id: u64, booking: &Booking) -> Result<()> {
        copy_line(&mut self.updates, id, booking);
        if self.updates.len() >= COPY_CHUNK {
            self.flush_updates()?;
        }
        Ok(())
    }

    /// Writes the buffered rows; returns how many re-imported rows differed from the stored ones.
    pub fn finish(mut self) -> Result<u64> {
        self.flush_new_rows()?;
        self.flush_updates()?;
        if !self.updates_table {
            return Ok(0);
        }
        let (store, tx) = self.txn.parts()?;
        let done = store.run(
            sqlx::query(
                "UPDATE bookings b SET category = u.category, client = u.client, \
                 firm_size = u.firm_size, city_state = u.city_state, state = u.state, \
                 dma = u.dma, created = u.created, sample = u.sample \
                 FROM booking_updates u WHERE b.id = u.id AND \
                 (b.category, b.client, b.firm_size, b.city_state, b.state, b.dma, b.created, \
                 b.sample) IS DISTINCT FROM (u.category, u.client, u.firm_size, u.city_state, \
                 u.state, u.dma, u.created, u.sample)",
            )
            .execute(&mut *tx),
        )?;
        Ok(done.rows_affected())
    }

    fn flush_new_rows(&mut self) -> Result<()> {
        if !self.new_rows.is_empty() {
            let statement = format!("COPY bookings ({COLUMNS}) FROM STDIN");
            self.txn.copy(&statement, &self.new_rows)?;
            self.new_rows.clear();
        }
        Ok(())
    }

    fn flush_updates(&mut self) -> Result<()> {
        if self.updates.is_empty() {
            return Ok(());
        }
        if !self.updates_table {
            let (store, tx) = self.txn.parts()?;
            store.run(
                sqlx::query(
                    "CREATE TEMPORARY TABLE booking_updates (LIKE bookings) ON COMMIT DROP",
                )
                .execute(&mut *tx),
            )?;
            self.updates_table = true;
        }
        let statement = format!("COPY booking_updates ({COLUMNS}) FROM STDIN");
        self.txn.copy(&statement, &self.updates)?;
        self.updates.clear();
        Ok(())
    }
}
