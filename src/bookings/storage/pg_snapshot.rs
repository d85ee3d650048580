//! The bookings index snapshot kept in PostgreSQL (migrations/postgres/0030_bookings_snapshot.sql,
//! 0039_bookings_snapshot_chunks.sql, 0040_bookings_snapshot_rows.sql), so that a hub node starting
//! without its own `bookings.idx` reads it instead of every row and rebuilding the sums. It is the
//! snapshot file's bytes (`snapshot::encode`) cut into content-defined chunks, each stored once
//! under its SHA-256 and listed in order under the booking generation it reflects, with its row
//! count. It is only a quicker start: a snapshot that is missing, of a generation before the stored
//! rows last changed, cut short or damaged is refused, and the node reads the rows as before.
//!
//! Why chunks: imports change the snapshot only at the tail of each column and of each of the
//! running sums' arrays, and the cut points follow the bytes, not their offsets. So the columns'
//! chunks are the ones already stored but for their tails, and only the new chunks are written:
//! at 10M bookings after a day's import, 32 MB of 231 (nearly all of it the sums, thousands of
//! short arrays), where the whole snapshot was written again before. The chunks are small enough
//! (at most 256 KiB) for the pool's connections to carry; the parts of 32 MiB before took
//! connections of their own, as sqlx keeps a connection's buffers at their largest.
//!
//! Why not after every import: a node starting from a snapshot of an earlier generation reads the
//! rows added since (by id, as after another node's import) and extends its index, so a day's
//! import writes its rows and nothing more. The node that installs an index stores it again once
//! the rows added since the stored snapshot pass `rows_a_start_may_read` (at 10M bookings, about
//! 15 day's exports of 10,000), or when existing rows changed since (a start could not extend it).
//!
//! Storing takes its turn under `SNAPSHOT_LOCK` and stores only the database's current generation,
//! once: nodes catching up on the same import find it stored (or recent enough) and skip it, and a
//! snapshot of an older generation is never written over a newer one.

use std::collections::HashSet;
use std::sync::Arc;

use futures_util::TryStreamExt as _;
use sha2::{Digest as _, Sha256};

use super::postgres::{REBUILT_AT, counter};
use crate::bookings::GENERATION;
use crate::bookings::lifecycle::give_back_free;
use crate::bookings::sets::BookingSets;
use crate::bookings::snapshot::{self, HEADER, Payload};
use crate::platform::store::{PgStore, Store};

/// The chunks' sizes: the smallest, the average the cut points aim at, and the largest. A change
/// costs the chunk it falls in, so about 64 KiB for each column's tail; 10M bookings make about
/// 3,600 chunks.
const CHUNK_MIN: usize = 16 << 10;
const CHUNK_AVG: usize = 64 << 10;
const CHUNK_MAX: usize = 256 << 10;
/// Bytes gathered before they are cut into chunks: many chunks at a time, and always more than
/// the largest, so that every chunk cut but the buffer's last is whole.
const CHUNK_BUFFER: usize = 4 << 20;
/// The advisory lock the writers of the stored snapshot take turns with.
pub const SNAPSHOT_LOCK: i64 = 0x4c69_7473_0030;

/// How many rows may be added to the stored snapshot's `stored` before it is stored again: what a
/// node starting from it reads and adds to its index beyond the snapshot. A share of the stored
/// rows, so a start reads a bounded part more (1/64: at 10M bookings, 156,250 rows), with a floor
/// under which the rows cost a start little anyway and a ceiling for the largest hubs.
pub fn rows_a_start_may_read(stored: u64) -> u64 {
    (stored / 64).clamp(1 << 14, 1 << 18)
}

type Hash = [u8; 32];

/// What storing the snapshot did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stored {
    /// Stored: `written` bytes of chunks not stored before, of a snapshot of `total` bytes.
    Written { written: u64, total: u64 },
    /// That generation's snapshot was already stored (another node caught up on the same write).
    Already,
    /// A snapshot of an earlier generation is stored, with `since` rows added after it: few enough
    /// for a start to read (`rows_a_start_may_read`), so nothing was written.
    Recent { stored: u64, since: u64 },
    /// The database has moved past the generation: a newer snapshot belongs there.
    Stale,
}

/// Stores the snapshot of `sets` in the background, on the store's runtime: only a quicker start,
/// it must not hold up an import's answer or a node's start (at 10M bookings, 230 MB to encode).
/// A failure is only logged. A task of the runtime, not a thread of its own: a runtime that shuts
/// down (a server's at exit, a test's) drops it between two statements, and the transaction is
/// rolled back.
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
            Ok(Stored::Written { written, total }) => {
                tracing::debug!(
                    generation,
                    bytes = written,
                    total,
                    "the bookings snapshot was stored"
                );
                true
            }
            Ok(Stored::Recent { stored, since }) => {
                tracing::debug!(
                    generation,
                    stored,
                    rows_since = since,
                    "the stored bookings snapshot is recent enough: not stored again"
                );
                false
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
        // The encoder's buffers are freed by now: given back as after the file's write.
        if encoded {
            let after = "the bookings snapshot was stored in the database";
            let _ = tokio::task::spawn_blocking(move || give_back_free(after)).await;
        }
    });
}

/// Stores the snapshot of `sets` for its generation, in place of every other generation's, when
/// that generation is still the database's current one, is not stored yet and the stored one is
/// not recent enough (`Stored::Recent`). With `replace` (a node refused the stored one and rebuilt
/// its index from the rows) it is stored even so, and no stored chunk is trusted: a damaged one
/// would otherwise be listed again.
pub(super) async fn write(
    store: &PgStore,
    sets: Arc<BookingSets>,
    replace: bool,
) -> anyhow::Result<Stored> {
    let (generation, rows) = (sets.generation as i64, sets.len() as i64);
    let mut tx = store.pool().begin().await?;
    // Held until commit or rollback: storers on every node take turns.
    sqlx::query("SELECT pg_advisory_xact_lock($1)")
        .bind(SNAPSHOT_LOCK)
        .execute(&mut *tx)
        .await?;
    if counter(&mut *tx, GENERATION).await? != sets.generation {
        return Ok(Stored::Stale);
    }
    if !replace && let Some(kept) = recent(&mut tx, &sets).await? {
        return Ok(kept);
    }
    sqlx::query("DELETE FROM bookings_snapshot")
        .execute(&mut *tx)
        .await?;
    sqlx::query("DELETE FROM bookings_snapshot_rows")
        .execute(&mut *tx)
        .await?;
    let mut known: HashSet<Hash> = if replace {
        sqlx::query("DELETE FROM bookings_snapshot_chunks")
            .execute(&mut *tx)
            .await?;
        HashSet::new()
    } else {
        sqlx::query_scalar::<_, Vec<u8>>("SELECT hash FROM bookings_snapshot_chunks")
            .fetch_all(&mut *tx)
            .await?
            .into_iter()
            .filter_map(|hash| Hash::try_from(hash).ok())
            .collect()
    };
    // Encoded, cut and hashed on a blocking thread and handed over a chunk at a time. Should this
    // task be dropped, the encoder's next chunk finds the channel closed and it stops.
    let (send, mut chunks) = tokio::sync::mpsc::channel::<Chunk>(16);
    let encoder = tokio::task::spawn_blocking(move || {
        let mut out = Chunker::new(|chunk| {
            send.blocking_send(chunk)
                .map_err(|_| std::io::Error::other("the snapshot's writer stopped"))
        });
        snapshot::encode(&sets, &mut out)?;
        out.finish()?;
        Ok::<_, anyhow::Error>(())
    });
    let (mut hashes, mut written, mut total) = (Vec::new(), 0u64, 0u64);
    while let Some(chunk) = chunks.recv().await {
        total += chunk.bytes.len() as u64;
        if known.insert(chunk.hash) {
            sqlx::query("INSERT INTO bookings_snapshot_chunks (hash, bytes) VALUES ($1, $2)")
                .bind(&chunk.hash[..])
                .bind(&chunk.bytes)
                .execute(&mut *tx)
                .await?;
            written += chunk.bytes.len() as u64;
        }
        hashes.push(chunk.hash.to_vec());
    }
    encoder.await??;
    sqlx::query(
        "INSERT INTO bookings_snapshot (generation, part, hash) \
         SELECT $1, (part - 1)::integer, hash FROM unnest($2::bytea[]) WITH ORDINALITY AS t (hash, part)",
    )
    .bind(generation)
    .bind(&hashes)
    .execute(&mut *tx)
    .await?;
    sqlx::query("INSERT INTO bookings_snapshot_rows (generation, rows) VALUES ($1, $2)")
        .bind(generation)
        .bind(rows)
        .execute(&mut *tx)
        .await?;
    // The chunks only older generations listed.
    sqlx::query(
        "DELETE FROM bookings_snapshot_chunks c \
         WHERE NOT EXISTS (SELECT 1 FROM bookings_snapshot s WHERE s.hash = c.hash)",
    )
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(Stored::Written { written, total })
}

/// Why the snapshot of `sets` need not be stored, if it need not: that generation's is stored, or
/// one a start can extend to it by reading few rows (stored since the last change to existing
/// rows, with its row count: one stored before migration 0040 has none). An empty index's
/// snapshot spares a start nothing: the first rows are always stored.
async fn recent(conn: &mut sqlx::PgConnection, sets: &BookingSets) -> sqlx::Result<Option<Stored>> {
    let stored: Option<(i64, Option<i64>)> = sqlx::query_as(
        "SELECT s.generation, r.rows FROM (SELECT max(generation) AS generation FROM bookings_snapshot) s \
         LEFT JOIN bookings_snapshot_rows r USING (generation) WHERE s.generation IS NOT NULL",
    )
    .fetch_optional(&mut *conn)
    .await?;
    let Some((generation, rows)) = stored else {
        return Ok(None);
    };
    if generation as u64 == sets.generation {
        return Ok(Some(Stored::Already));
    }
    let Some(rows) = rows else {
        return Ok(None);
    };
    let rebuilt_at = counter(&mut *conn, REBUILT_AT).await?;
    let (stored, now) = (rows as u64, sets.len() as u64);
    let extendable = generation as u64 >= rebuilt_at && 0 < stored && stored <= now;
    Ok(
        (extendable && now - stored <= rows_a_start_may_read(stored)).then_some(Stored::Recent {
            stored: generation as u64,
            since: now - stored,
        }),
    )
}

/// One chunk of the snapshot and the SHA-256 of its bytes.
struct Chunk {
    hash: Hash,
    bytes: Vec<u8>,
}

/// Takes the encoded snapshot and hands it on in content-defined chunks (FastCDC), the same ones as
/// a cut of the whole snapshot at once: where a chunk ends depends only on its own bytes, so each
/// chunk cut from the buffer but its last is final, and the last is cut again with the bytes after.
struct Chunker<F> {
    send: F,
    buffer: Vec<u8>,
}

impl<F: FnMut(Chunk) -> std::io::Result<()>> Chunker<F> {
    fn new(send: F) -> Self {
        Chunker {
            send,
            buffer: Vec::with_capacity(CHUNK_BUFFER + CHUNK_MAX),
        }
    }

    /// Hands on the buffer's chunks (with `last`, every one; otherwise all but the last).
    fn cut(&mut self, last: bool) -> std::io::Result<()> {
        let mut taken = 0;
        for cut in fastcdc::v2020::FastCDC::new(&self.buffer, CHUNK_MIN, CHUNK_AVG, CHUNK_MAX) {
            let end = cut.offset + cut.length;
            if !last && end == self.buffer.len() {
                break;
            }
            let bytes = self.buffer[cut.offset..end].to_vec();
            (self.send)(Chunk {
                hash: Sha256::digest(&bytes).into(),
                bytes,
            })?;
            taken = end;
        }
        self.buffer.drain(..taken);
        Ok(())
    }

    fn finish(mut self) -> std::io::Result<()> {
        self.cut(true)
    }
}

impl<F: FnMut(Chunk) -> std::io::Result<()>> std::io::Write for Chunker<F> {
    fn write(&mut self, data: &[u8]) -> std::io::Result<usize> {
        self.buffer.extend_from_slice(data);
        if self.buffer.len() >= CHUNK_BUFFER {
            self.cut(false)?;
        }
        Ok(data.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The stored snapshot when it is of generation `at_least` or later: its generation, header and
/// payload, read straight into the buffer `snapshot::decode` takes; otherwise why not. Checks what
/// the file's length checks for the file: parts numbered from 0 without a gap, adding up to the
/// length the header announces.
pub fn read(
    store: &PgStore,
    at_least: u64,
) -> std::result::Result<(u64, [u8; HEADER], Payload), String> {
    let failed = |e: sqlx::Error| format!("the stored snapshot could not be read ({e})");
    store.run(async {
        // One snapshot of the database for both statements: a store committing meanwhile does
        // not change the parts under the count.
        let mut tx = store.pool().begin().await.map_err(failed)?;
        sqlx::query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
            .execute(&mut *tx)
            .await
            .map_err(failed)?;
        let generation: Option<i64> =
            sqlx::query_scalar("SELECT max(generation) FROM bookings_snapshot")
                .fetch_one(&mut *tx)
                .await
                .map_err(failed)?;
        let generation = match generation {
            None => return Err("the database holds no snapshot".into()),
            Some(g) if (g as u64) < at_least => {
                return Err(format!(
                    "the database's snapshot is of generation {g}, before the stored rows last \
                     changed (generation {at_least})"
                ));
            }
            Some(g) => g as u64,
        };
        let (parts, total): (i64, Option<i64>) = sqlx::query_as(
            "SELECT count(*), sum(length(c.bytes))::bigint \
             FROM bookings_snapshot s JOIN bookings_snapshot_chunks c USING (hash) \
             WHERE s.generation = $1",
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
            "SELECT s.part, c.bytes \
             FROM bookings_snapshot s JOIN bookings_snapshot_chunks c USING (hash) \
             WHERE s.generation = $1 ORDER BY s.part",
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
            Some(payload) if in_payload == payload.len() => Ok((generation, header, payload)),
            _ => Err("the stored snapshot is truncated".into()),
        }
    })
}

#[cfg(test)]
mod tests {
    use std::io::Write as _;

    use super::*;

    /// Bytes that cut into chunks of every kind: random runs, and runs of one byte long enough to
    /// reach the largest chunk.
    fn bytes(len: usize) -> Vec<u8> {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        (0..len)
            .map(|i| {
                if (i / 300_000) % 4 == 3 {
                    return 7;
                }
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                state as u8
            })
            .collect()
    }

    fn chunked(data: &[u8], write_size: usize) -> Vec<(Hash, usize)> {
        let mut chunks = Vec::new();
        let mut out = Chunker::new(|chunk: Chunk| {
            assert_eq!(chunk.hash, <Hash>::from(Sha256::digest(&chunk.bytes)));
            chunks.push((chunk.hash, chunk.bytes.len()));
            Ok(())
        });
        for piece in data.chunks(write_size) {
            out.write_all(piece).unwrap();
        }
        out.finish().unwrap();
        chunks
    }

    #[test]
    fn the_chunks_cut_as_written_are_those_of_the_whole_at_once() {
        let data = bytes(11 << 20);
        let whole: Vec<(Hash, usize)> =
            fastcdc::v2020::FastCDC::new(&data, CHUNK_MIN, CHUNK_AVG, CHUNK_MAX)
                .map(|c| {
                    let bytes = &data[c.offset..c.offset + c.length];
                    (Sha256::digest(bytes).into(), c.length)
                })
                .collect();
        assert!(whole.len() > 100, "{} chunks", whole.len());
        assert!(whole.iter().any(|c| c.1 == CHUNK_MAX));
        for write_size in [1 << 16, 1_000_003, 5 << 20] {
            assert!(
                chunked(&data, write_size) == whole,
                "writes of {write_size}"
            );
        }
        assert!(chunked(&[], 1).is_empty());
    }

    #[test]
    fn bytes_inserted_change_only_the_chunks_around_them() {
        let data = bytes(6 << 20);
        let mut changed = data.clone();
        changed.splice(3_000_000..3_000_000, [1u8; 777]);
        let before: HashSet<Hash> = chunked(&data, 1 << 16).into_iter().map(|c| c.0).collect();
        let after = chunked(&changed, 1 << 16);
        let new: usize = after
            .iter()
            .filter(|c| !before.contains(&c.0))
            .map(|c| c.1)
            .sum();
        assert!(new <= 2 * CHUNK_MAX, "{new} bytes of new chunks");
    }
}
