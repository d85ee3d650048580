//! Copying the bookings of a redb install into PostgreSQL (`litstack export-to-postgres`).

use crate::bookings::GENERATION;
use crate::platform::error::Result;

use crate::platform::store::postgres::changes::{self, Change};
use crate::platform::store::{FileStore, PgStore, TableCount};

use super::postgres::{COPY_CHUNK, REBUILT_AT, Txn, identity_line};

/// Copies the bookings, their identities, the generation, the id sequence, the identity key and
/// the sample marker of a redb install into PostgreSQL, keeping ids; counts the rows back.
pub fn export(from: &FileStore, to: &PgStore) -> Result<Vec<TableCount>> {
    let (generation, last_id, marked) = super::file::export_meta(from)?;
    let real_changed_at = super::file::real_changed_at(from)?;
    let mut txn = Txn::begin(to)?;
    let mut source_rows = 0u64;
    {
        let mut rows = txn.rows();
        super::file::for_each_booking(from, |id, booking| {
            source_rows += 1;
            rows.insert(id, booking)
        })?;
        rows.finish()?;
    }
    let mut source_identities = 0u64;
    let mut data = Vec::with_capacity(COPY_CHUNK + 64);
    super::file::for_each_stored_identity(from, |identity, id| {
        source_identities += 1;
        identity_line(&mut data, &identity, id);
        if data.len() >= COPY_CHUNK {
            txn.copy(
                "COPY booking_identities (identity, booking_id) FROM STDIN",
                &data,
            )?;
            data.clear();
        }
        Ok(())
    })?;
    if !data.is_empty() {
        txn.copy(
            "COPY booking_identities (identity, booking_id) FROM STDIN",
            &data,
        )?;
    }
    let key = super::key::file_key(from)?;
    let (store, tx) = txn.parts()?;
    store.run(async {
        if last_id > 0 {
            sqlx::query("SELECT setval('bookings_id_seq', $1)")
                .bind(last_id as i64)
                .execute(&mut *tx)
                .await?;
        }
        // A stored index snapshot is of other rows, perhaps of the same generation number: none
        // may outlive the copy (`into_empty` counts data tables only, not this cache).
        sqlx::query("DELETE FROM bookings_snapshot")
            .execute(&mut *tx)
            .await?;
        sqlx::query("DELETE FROM bookings_snapshot_chunks")
            .execute(&mut *tx)
            .await?;
        sqlx::query("DELETE FROM bookings_snapshot_rows")
            .execute(&mut *tx)
            .await?;
        // The copied rows are other rows than any node's index: every node rebuilds.
        sqlx::query("UPDATE counters SET value = $1 WHERE key = ANY($2)")
            .bind(generation as i64)
            .bind(vec![GENERATION, REBUILT_AT])
            .execute(&mut *tx)
            .await?;
        if let Some(at) = real_changed_at {
            super::postgres::set_real_changed_at(tx, at).await?;
        }
        if marked {
            sqlx::query(
                "INSERT INTO settings (key, value) VALUES ($1, '1') ON CONFLICT DO NOTHING",
            )
            .bind(crate::bookings::SAMPLE_MARKER)
            .execute(&mut *tx)
            .await?;
        }
        if let Some(key) = key {
            sqlx::query(
                "INSERT INTO settings (key, value) VALUES ($1, to_jsonb($2::text)) \
                 ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value",
            )
            .bind(super::key::KEY_SETTING)
            .bind(hex::encode(key))
            .execute(&mut *tx)
            .await?;
        }
        changes::record(tx, Change::Bookings { generation }).await
    })?;
    txn.commit()?;
    Ok(vec![
        store.counted("bookings", source_rows)?,
        store.counted("booking_identities", source_identities)?,
    ])
}
