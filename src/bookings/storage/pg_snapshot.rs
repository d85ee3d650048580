//! The bookings index snapshot kept in PostgreSQL (migrations/postgres/0030_bookings_snapshot.sql),
//! so that a hub node starting without its own `bookings.idx` reads one blob instead of every row
//! and rebuilding the sums. The blob is the snapshot file's bytes (`snapshot::encode`), cut into
//! parts of `PART` bytes, keyed by the booking generation it reflects. It is only a quicker start:
//! a snapshot that is missing, of another generation, cut short or damaged is refused, and the
//! node reads the rows as before.
//!
//! Storing takes its turn under `SNAPSHOT_LOCK` and stores only the database's current generation,
//! once: nodes catching up on the same import find it stored and skip it, and a snapshot of an
//! older generation is never written over a newer one.

use std::sync::Arc;

use futures_util::TryStreamExt as _;

use sqlx::pool::PoolConnection;
use sqlx::{Connection as _, Postgres};

use super::postgres::counter;
use crate::bookings::GENERATION;
use crate::bookings::lifecycle::give_back_free;
use crate::bookings::sets::BookingSets;
use crate::bookings::snapshot::{self, HEADER, Payload};
use crate::platform::store::{PgStore, Store};

/// Bytes per stored part.
const PART: usize = 32 << 20;
/// The advisory lock the writers of the stored snapshot take turns with.
pub const SNAPSHOT_LOCK: i64 = 0x4c69_7473_0030;

/// What storing the snapshot did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stored {
    /// Written, in this many bytes.
    Written(u64),
    /// That generation's snapshot was already stored (another node caught up on the same write).
    Already,
    /// The database has moved past the generation: a newer snapshot belongs there.
    Stale,
}

/// Stores the snapshot of `sets` in the background, on the store's runtime: only a quicker start,
/// it must not hold up an import's answer or a node's start (at 1M bookings, 40 MB to encode and
/// write). A failure is only logged. A task of the runtime, not a thread of its own: a runtime
/// that shuts down (a server's at exit, a test's) drops it between two statements, and the
/// transaction is rolled back.
pub fn spawn_write(owner: &Arc<Store>, sets: Arc<BookingSets>, replace: bool) {
    let Store::Postgres(store) = &**owner else {
        return;
    };
    let owner = owner.clone();
    store.spawn(async move {
        let Store::Postgres(store) = &*owner else {
            return;
        };
        let generation = sets.generation;
        let encoded = match write(store, sets, replace).await {
            Ok(Stored::Written(bytes)) => {
                tracing::debug!(generation, bytes, "the bookings snapshot was stored");
                true
            }
            Ok(Stored::Already | Stored::Stale) => false,
            Err(e) => {
                tracing::warn!(
                    error = %e,
                    generation,
                    "the bookings snapshot could not be stored in the database"
                );
                true
            }
        };
        // The encoder's parts (32 MiB each, two at most) are freed by now: given back as after the
        // file's write.
        if encoded {
            let after = "the bookings snapshot was stored in the database";
            let _ = tokio::task::spawn_blocking(move || give_back_free(after)).await;
        }
    });
}

/// Stores the snapshot of `sets` for its generation, replacing every other generation's, when that
/// generation is still the database's current one and is not stored yet (or, with `replace`, even
/// if it is: a node that refused the stored one rebuilt its index from the rows).
async fn write(store: &PgStore, sets: Arc<BookingSets>, replace: bool) -> anyhow::Result<Stored> {
    let generation = sets.generation as i64;
    let mut conn = unpooled(store).await?;
    let mut tx = conn.begin().await?;
    // Held until commit or rollback: storers on every node take turns.
    sqlx::query("SELECT pg_advisory_xact_lock($1)")
        .bind(SNAPSHOT_LOCK)
        .execute(&mut *tx)
        .await?;
    if counter(&mut *tx, GENERATION).await? != sets.generation {
        return Ok(Stored::Stale);
    }
    let stored: bool =
        sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM bookings_snapshot WHERE generation = $1)")
            .bind(generation)
            .fetch_one(&mut *tx)
            .await?;
    if stored && !replace {
        return Ok(Stored::Already);
    }
    sqlx::query("DELETE FROM bookings_snapshot")
        .execute(&mut *tx)
        .await?;
    // Encoded on a blocking thread and handed over a part at a time: no more than two parts are
    // held (`encode` streams its archives). Should this task be dropped, the encoder's next part
    // finds the channel closed and it stops.
    let (send, mut parts) = tokio::sync::mpsc::channel::<Vec<u8>>(1);
    let encoder = tokio::task::spawn_blocking(move || {
        let mut out = PartSender {
            send,
            buffer: Vec::with_capacity(PART),
        };
        snapshot::encode(&sets, &mut out)?;
        out.send_part()?;
        Ok::<_, anyhow::Error>(())
    });
    let (mut part, mut written) = (0i32, 0u64);
    while let Some(bytes) = parts.recv().await {
        sqlx::query("INSERT INTO bookings_snapshot (generation, part, bytes) VALUES ($1, $2, $3)")
            .bind(generation)
            .bind(part)
            .bind(&bytes)
            .execute(&mut *tx)
            .await?;
        part += 1;
        written += bytes.len() as u64;
    }
    encoder.await??;
    tx.commit().await?;
    Ok(Stored::Written(written))
}

/// A connection for a snapshot's parts, closed when dropped instead of going back to the pool. A
/// part grows the connection's buffer to twice its size (a bind message of 32 MiB, a row of as
/// much), and sqlx keeps a buffer's size as long as the connection lives: after storing the
/// snapshot of 1M bookings a hub node held 67 MB so (heaptrack), in a connection of its pool.
async fn unpooled(store: &PgStore) -> sqlx::Result<PoolConnection<Postgres>> {
    let mut conn = store.pool().acquire().await?;
    conn.close_on_drop();
    Ok(conn)
}

/// Takes the encoded snapshot and sends it on in parts of `PART` bytes.
struct PartSender {
    send: tokio::sync::mpsc::Sender<Vec<u8>>,
    buffer: Vec<u8>,
}

impl PartSender {
    fn send_part(&mut self) -> std::io::Result<()> {
        if self.buffer.is_empty() {
            return Ok(());
        }
        let part = std::mem::replace(&mut self.buffer, Vec::with_capacity(PART));
        self.send
            .blocking_send(part)
            .map_err(|_| std::io::Error::other("the snapshot's writer stopped"))
    }
}

impl std::io::Write for PartSender {
    fn write(&mut self, mut data: &[u8]) -> std::io::Result<usize> {
        let len = data.len();
        while !data.is_empty() {
            let take = (PART - self.buffer.len()).min(data.len());
            self.buffer.extend_from_slice(&data[..take]);
            data = &data[take..];
            if self.buffer.len() == PART {
                self.send_part()?;
            }
        }
        Ok(len)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The header and payload of the stored snapshot of `generation`, read straight into the buffer
/// `snapshot::decode` takes; otherwise why not. Checks what the file's length checks for the file:
/// parts numbered from 0 without a gap, adding up to the length the header announces.
pub fn read(
    store: &PgStore,
    generation: u64,
) -> std::result::Result<([u8; HEADER], Payload), String> {
    let failed = |e: sqlx::Error| format!("the stored snapshot could not be read ({e})");
    store.run(async {
        // One snapshot of the database for both statements: a store committing meanwhile does
        // not change the parts under the count.
        let mut conn = unpooled(store).await.map_err(failed)?;
        let mut tx = conn.begin().await.map_err(failed)?;
        sqlx::query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
            .execute(&mut *tx)
            .await
            .map_err(failed)?;
        let (parts, total): (i64, Option<i64>) = sqlx::query_as(
            "SELECT count(*), sum(length(bytes))::bigint FROM bookings_snapshot \
             WHERE generation = $1",
        )
        .bind(generation as i64)
        .fetch_one(&mut *tx)
        .await
        .map_err(failed)?;
        let total = total.unwrap_or(0);
        if parts == 0 {
            return Err(format!(
                "the database holds no snapshot of generation {generation}"
            ));
        }
        let mut rows = sqlx::query_as::<_, (i32, Vec<u8>)>(
            "SELECT part, bytes FROM bookings_snapshot WHERE generation = $1 ORDER BY part",
        )
        .bind(generation as i64)
        .fetch(&mut *tx);
        let mut header = [0u8; HEADER];
        let mut in_header = 0;
        let mut payload: Option<Payload> = None;
        let mut in_payload = 0;
        let mut expected = 0;
        while let Some((part, bytes)) = rows.try_next().await.map_err(failed)? {
            if part != expected {
                return Err(format!("the stored snapshot lacks part {expected}"));
            }
            expected += 1;
            let mut bytes = bytes.as_slice();
            if in_header < HEADER {
                let take = (HEADER - in_header).min(bytes.len());
                header[in_header..in_header + take].copy_from_slice(&bytes[..take]);
                in_header += take;
                bytes = &bytes[take..];
                if in_header < HEADER {
                    continue;
                }
                let len = snapshot::payload_len(&header, generation)?;
                // Checked before the buffer is made: a damaged header must not allocate.
                if len as u64 != (total as u64).saturating_sub(HEADER as u64) {
                    return Err("the stored snapshot is truncated".into());
                }
                payload = Some(snapshot::payload_buffer(len));
            }
            let Some(payload) = payload.as_mut() else {
                continue;
            };
            let end = in_payload + bytes.len();
            if end > payload.len() {
                return Err("the stored snapshot is longer than its header says".into());
            }
            payload[in_payload..end].copy_from_slice(bytes);
            in_payload = end;
        }
        drop(rows);
        tx.commit().await.map_err(failed)?;
        match payload {
            Some(payload) if in_payload == payload.len() => Ok((header, payload)),
            _ => Err("the stored snapshot is truncated".into()),
        }
    })
}
