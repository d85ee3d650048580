//! Recommendations in PostgreSQL: the `responses`, `picks`, `dismissals` and
//! `past_recommendations` tables (migrations/postgres/0006_recommend.sql), and `picks_cleared`
//! (0015_undo.sql), the picks the last "Clear picks" kept for its undo.
//!
//! What redb's single writer guaranteed, with many nodes writing for one user at once:
//! - a response's id comes from the table's identity sequence, never reused;
//! - `save_picks` and `dismiss` each run in one transaction that first takes the user's
//!   transaction-scoped advisory lock (`lock_users_picks`), so one user's saves and dismissals
//!   apply one after the other, whole, and never deadlock on each other's rows;
//! - `dismiss` also reads the picks `FOR UPDATE`, so a concurrent "Clear picks" either goes first
//!   or waits for it; "Clear picks" and its undo take the same lock;
//! - every other write is a single statement.

use crate::platform::firm_id::FirmId;
use std::collections::HashSet;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use sqlx::PgConnection;
use sqlx::types::Json;

use super::{Author, Refill, Restored};
use crate::platform::error::Result;
use crate::platform::store::PgStore;
use crate::platform::store::postgres::code;
use crate::recommend::dismiss_reason::{DismissReason, Dismissal};
use crate::recommend::model::{ClearedSet, PastRec, PickSet, StageSave, StoredResponse};

mod rows;

/// The advisory lock class of one user's picks and history (the user id is the second key).
/// Two users whose ids agree in their low 32 bits share a lock: a short wait, never a wrong
/// answer.
const PICKS_LOCK_CLASS: i32 = 0x5265_6301;

/// One question's answer as the `answers` column holds it.
#[derive(Serialize, Deserialize)]
pub(super) struct Answer {
    question_id: u64,
    selected: Vec<String>,
}

pub(super) fn answers_json(answers: &[(u64, Vec<String>)]) -> Json<Vec<Answer>> {
    Json(
        answers
            .iter()
            .map(|(question_id, selected)| Answer {
                question_id: *question_id,
                selected: selected.clone(),
            })
            .collect(),
    )
}

/// A time of whole seconds as a `timestamptz`.
pub(super) fn time(secs: i64) -> anyhow::Result<DateTime<Utc>> {
    DateTime::from_timestamp(secs, 0).ok_or_else(|| anyhow::anyhow!("{secs} s is not a time"))
}

pub fn insert_response(
    store: &PgStore,
    author: Author,
    category_id: u64,
    answers: Vec<(u64, Vec<String>)>,
    at: i64,
) -> Result<u64> {
    let submitted_at = time(at)?;
    let id: i64 = store.run(async {
        let mut tx = store.pool().begin().await?;
        crate::platform::store::merged::refuse_in_pg(&mut tx, author.firm_id).await?;
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO responses (user_id, firm_id, category_id, answers, submitted_at) \
             VALUES ($1, $2, $3, $4, $5) RETURNING id",
        )
        .bind(author.user_id as i64)
        .bind(author.firm_id.get() as i64)
        .bind(category_id as i64)
        .bind(answers_json(&answers))
        .bind(submitted_at)
        .fetch_one(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok::<_, crate::platform::error::AppError>(id)
    })?;
    Ok(id as u64)
}

/// Every response of the firm, oldest first.
pub fn responses(store: &PgStore, firm_id: FirmId) -> Result<Vec<StoredResponse>> {
    let rows = store.run(
        sqlx::query_as::<_, rows::ResponseRow>(
            "SELECT id, user_id, firm_id, category_id, answers, submitted_at FROM responses \
             WHERE firm_id = $1 ORDER BY id",
        )
        .bind(firm_id.get() as i64)
        .fetch_all(store.pool()),
    )?;
    Ok(rows.into_iter().map(StoredResponse::from).collect())
}

pub fn load_response(store: &PgStore, id: u64) -> Result<Option<StoredResponse>> {
    let row = store.run(
        sqlx::query_as::<_, rows::ResponseRow>(
            "SELECT id, user_id, firm_id, category_id, answers, submitted_at FROM responses \
             WHERE id = $1",
        )
        .bind(id as i64)
        .fetch_optional(store.pool()),
    )?;
    Ok(row.map(StoredResponse::from))
}

pub fn latest_response_id(
    store: &PgStore,
    firm_id: FirmId,
    category_id: u64,
) -> Result<Option<u64>> {
    let latest: Option<i64> = store.run(
        sqlx::query_scalar("SELECT max(id) FROM responses WHERE firm_id = $1 AND category_id = $2")
            .bind(firm_id.get() as i64)
            .bind(category_id as i64)
            .fetch_one(store.pool()),
    )?;
    Ok(latest.map(|id| id as u64))
}

pub fn responded_categories(store: &PgStore, firm_id: FirmId) -> Result<HashSet<u64>> {
    let categories: Vec<i64> = store.run(
        sqlx::query_scalar("SELECT DISTINCT category_id FROM responses WHERE firm_id = $1")
            .bind(firm_id.get() as i64)
            .fetch_all(store.pool()),
    )?;
    Ok(categories.into_iter().map(|c| c as u64).collect())
}

pub fn dismissals(store: &PgStore, firm_id: FirmId) -> Result<Vec<(u64, Dismissal)>> {
    let rows = store.run(
        sqlx::query_as::<_, rows::DismissalRow>(
            "SELECT vendor_id, reason, other_text, dismissed_at FROM dismissals \
             WHERE firm_id = $1 ORDER BY vendor_id",
        )
        .bind(firm_id.get() as i64)
        .fetch_all(store.pool()),
    )?;
    Ok(rows
        .into_iter()
        .map(TryFrom::try_from)
        .collect::<anyhow::Result<_>>()?)
}

pub fn undo_dismissal(store: &PgStore, firm_id: FirmId, vendor_id: u64) -> Result<bool> {
    store.run(async {
        let mut tx = store.pool().begin().await?;
        crate::platform::store::merged::refuse_in_pg(&mut tx, firm_id).await?;
        let done = sqlx::query("DELETE FROM dismissals WHERE firm_id = $1 AND vendor_id = $2")
            .bind(firm_id.get() as i64)
            .bind(vendor_id as i64)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(done.rows_affected() > 0)
    })
}

pub fn pick_sets(store: &PgStore, firm_id: FirmId) -> Result<Vec<(u64, PickSet)>> {
    let rows = store.run(
        sqlx::query_as::<_, rows::PicksRow>(
            "SELECT category_id, vendors, source, note, used_size_fallback, saved_at FROM picks \
             WHERE firm_id = $1 ORDER BY category_id",
        )
        .bind(firm_id.get() as i64)
        .fetch_all(store.pool()),
    )?;
    Ok(rows
        .into_iter()
        .map(TryFrom::try_from)
        .collect::<anyhow::Result<_>>()?)
}

/// Takes the user's picks lock until the transaction ends.
async fn lock_users_picks(tx: &mut PgConnection, firm_id: FirmId) -> sqlx::Result<()> {
    sqlx::query("SELECT pg_advisory_xact_lock($1, $2)")
        .bind(PICKS_LOCK_CLASS)
        .bind(firm_id.get() as i32)
        .execute(tx)
        .await?;
    Ok(())
}

pub(super) async fn upsert_picks(
    tx: &mut PgConnection,
    firm_id: FirmId,
    category_id: u64,
    set: &PickSet,
    source: &str,
    saved_at: DateTime<Utc>,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO picks (firm_id, category_id, vendors, source, note, used_size_fallback, \
         saved_at) VALUES ($1, $2, $3, $4, $5, $6, $7) \
         ON CONFLICT (firm_id, category_id) DO UPDATE SET vendors = EXCLUDED.vendors, \
         source = EXCLUDED.source, note = EXCLUDED.note, \
         used_size_fallback = EXCLUDED.used_size_fallback, saved_at = EXCLUDED.saved_at",
    )
    .bind(firm_id.get() as i64)
    .bind(category_id as i64)
    .bind(Json(&set.picks))
    .bind(source)
    .bind(&set.note)
    .bind(set.used_size_fallback)
    .bind(saved_at)
    .execute(tx)
    .await?;
    Ok(())
}

pub(super) async fn upsert_past(
    tx: &mut PgConnection,
    (firm_id, category_id, vendor_id): (u64, u64, u64),
    rec: &PastRec,
    recommended_at: DateTime<Utc>,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO past_recommendations (firm_id, category_id, vendor_id, recommended_at, \
         rank, strengths) VALUES ($1, $2, $3, $4, $5, $6) \
         ON CONFLICT (firm_id, category_id, vendor_id) DO UPDATE SET \
         recommended_at = EXCLUDED.recommended_at, rank = EXCLUDED.rank, \
         strengths = EXCLUDED.strengths",
    )
    .bind(firm_id as i64)
    .bind(category_id as i64)
    .bind(vendor_id as i64)
    .bind(recommended_at)
    .bind(rec.rank as i32)
    .bind(&rec.strengths)
    .execute(tx)
    .await?;
    Ok(())
}

pub fn save_picks(store: &PgStore, firm_id: FirmId, stages: &[StageSave]) -> Result<()> {
    // Codes and times first, so that nothing fails half-way through the transaction.
    let mut prepared = Vec::with_capacity(stages.len());
    for stage in stages {
        prepared.push((stage, code(&stage.set.source)?, time(stage.set.at)?));
    }
    store.run(async {
        let mut tx = store.pool().begin().await?;
        crate::platform::store::merged::refuse_in_pg(&mut tx, firm_id).await?;
        lock_users_picks(&mut tx, firm_id).await?;
        for (stage, source, at) in &prepared {
            upsert_picks(&mut tx, firm_id, stage.category_id, &stage.set, source, *at).await?;
            for (rank, (vendor_id, strengths)) in stage.history.iter().enumerate() {
                let rec = PastRec {
                    at: stage.set.at,
                    rank: rank as u32,
                    strengths: strengths.clone(),
                };
                upsert_past(
                    &mut tx,
                    (firm_id.get(), stage.category_id, *vendor_id),
                    &rec,
                    *at,
                )
                .await?;
            }
        }
        tx.commit().await?;
        Ok::<_, crate::platform::error::AppError>(())
    })
}

pub fn clear_picks(store: &PgStore, firm_id: FirmId, at: i64) -> Result<()> {
    let cleared_at = time(at)?;
    store.run(async {
        let mut tx = store.pool().begin().await?;
        crate::platform::store::merged::refuse_in_pg(&mut tx, firm_id).await?;
        lock_users_picks(&mut tx, firm_id).await?;
        let with_picks: i64 = sqlx::query_scalar(
            "SELECT count(*) FROM picks WHERE firm_id = $1 AND jsonb_array_length(vendors) > 0",
        )
        .bind(firm_id.get() as i64)
        .fetch_one(&mut *tx)
        .await?;
        if with_picks > 0 {
            // This clear's picks replace what an earlier one kept.
            sqlx::query("DELETE FROM picks_cleared WHERE firm_id = $1")
                .bind(firm_id.get() as i64)
                .execute(&mut *tx)
                .await?;
            sqlx::query(
                "INSERT INTO picks_cleared (firm_id, category_id, vendors, source, note, \
                 used_size_fallback, saved_at, cleared_at) SELECT firm_id, category_id, vendors, \
                 source, note, used_size_fallback, saved_at, $2 FROM picks \
                 WHERE firm_id = $1 AND jsonb_array_length(vendors) > 0",
            )
            .bind(firm_id.get() as i64)
            .bind(cleared_at)
            .execute(&mut *tx)
            .await?;
        }
        sqlx::query("DELETE FROM picks WHERE firm_id = $1")
            .bind(firm_id.get() as i64)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(())
    })
}

pub fn cleared_picks(store: &PgStore, firm_id: FirmId) -> Result<Vec<(u64, ClearedSet)>> {
    let rows = store.run(
        sqlx::query_as::<_, rows::ClearedRow>(
            "SELECT category_id, vendors, source, note, used_size_fallback, saved_at, cleared_at \
             FROM picks_cleared WHERE firm_id = $1 ORDER BY category_id",
        )
        .bind(firm_id.get() as i64)
        .fetch_all(store.pool()),
    )?;
    Ok(rows
        .into_iter()
        .map(TryFrom::try_from)
        .collect::<anyhow::Result<_>>()?)
}

pub fn restore_cleared_picks(store: &PgStore, firm_id: FirmId) -> Result<Option<Restored>> {
    store.run(async {
        let mut tx = store.pool().begin().await?;
        crate::platform::store::merged::refuse_in_pg(&mut tx, firm_id).await?;
        lock_users_picks(&mut tx, firm_id).await?;
        let rows = sqlx::query_as::<_, (i64, bool)>(
            "SELECT c.category_id, EXISTS (SELECT 1 FROM picks p WHERE p.firm_id = c.firm_id \
             AND p.category_id = c.category_id AND jsonb_array_length(p.vendors) > 0) AS newer \
             FROM picks_cleared c WHERE c.firm_id = $1 ORDER BY c.category_id",
        )
        .bind(firm_id.get() as i64)
        .fetch_all(&mut *tx)
        .await?;
        if rows.is_empty() {
            // Nothing written: the transaction rolls back as it drops.
            return Ok(None);
        }
        let mut done = Restored::default();
        for (category_id, newer) in rows {
            let category_id = category_id as u64;
            if newer {
                done.kept_newer.push(category_id);
            } else {
                done.restored.push(category_id);
            }
        }
        let restored: Vec<i64> = done.restored.iter().map(|&c| c as i64).collect();
        sqlx::query(
            "INSERT INTO picks (firm_id, category_id, vendors, source, note, used_size_fallback, \
             saved_at) SELECT firm_id, category_id, vendors, source, note, used_size_fallback, \
             saved_at FROM picks_cleared WHERE firm_id = $1 AND category_id = ANY($2) \
             ON CONFLICT (firm_id, category_id) DO UPDATE SET vendors = EXCLUDED.vendors, \
             source = EXCLUDED.source, note = EXCLUDED.note, \
             used_size_fallback = EXCLUDED.used_size_fallback, saved_at = EXCLUDED.saved_at",
        )
        .bind(firm_id.get() as i64)
        .bind(&restored)
        .execute(&mut *tx)
        .await?;
        sqlx::query("DELETE FROM picks_cleared WHERE firm_id = $1")
            .bind(firm_id.get() as i64)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok::<_, crate::platform::error::AppError>(Some(done))
    })
}

/// Writes a kept set as it is (the export into an empty database).
pub(super) async fn insert_cleared(
    tx: &mut PgConnection,
    (firm_id, category_id): (u64, u64),
    cleared: &ClearedSet,
    source: &str,
    (saved_at, cleared_at): (DateTime<Utc>, DateTime<Utc>),
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO picks_cleared (firm_id, category_id, vendors, source, note, \
         used_size_fallback, saved_at, cleared_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(firm_id as i64)
    .bind(category_id as i64)
    .bind(Json(&cleared.set.picks))
    .bind(source)
    .bind(&cleared.set.note)
    .bind(cleared.set.used_size_fallback)
    .bind(saved_at)
    .bind(cleared_at)
    .execute(tx)
    .await?;
    Ok(())
}

pub fn dismiss(
    store: &PgStore,
    firm_id: FirmId,
    vendor_id: u64,
    reason: DismissReason,
    at: i64,
) -> Result<bool> {
    let dismissed_at = time(at)?;
    let other_text = match &reason {
        DismissReason::Other(text) => Some(text.clone()),
        _ => None,
    };
    store.run(async {
        let mut tx = store.pool().begin().await?;
        crate::platform::store::merged::refuse_in_pg(&mut tx, firm_id).await?;
        lock_users_picks(&mut tx, firm_id).await?;
        // The pick stays in its set (reads leave it out while the dismissal stands).
        let found: bool = sqlx::query_scalar(
            "SELECT EXISTS (SELECT 1 FROM picks p, jsonb_array_elements(p.vendors) v \
             WHERE p.firm_id = $1 AND (v->>'vendor_id')::bigint = $2) \
             AND NOT EXISTS (SELECT 1 FROM dismissals WHERE firm_id = $1 AND vendor_id = $2)",
        )
        .bind(firm_id.get() as i64)
        .bind(vendor_id as i64)
        .fetch_one(&mut *tx)
        .await?;
        if !found {
            // Nothing written: the transaction rolls back as it drops.
            return Ok(false);
        }
        sqlx::query(
            "INSERT INTO dismissals (firm_id, vendor_id, reason, other_text, dismissed_at) \
             VALUES ($1, $2, $3, $4, $5) \
             ON CONFLICT (firm_id, vendor_id) DO UPDATE SET reason = EXCLUDED.reason, \
             other_text = EXCLUDED.other_text, dismissed_at = EXCLUDED.dismissed_at",
        )
        .bind(firm_id.get() as i64)
        .bind(vendor_id as i64)
        .bind(reason.code())
        .bind(&other_text)
        .bind(dismissed_at)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok::<_, crate::platform::error::AppError>(true)
    })
}

pub fn refill_picks(
    store: &PgStore,
    firm_id: FirmId,
    expected: &PickSet,
    refill: &Refill,
) -> Result<bool> {
    let source = code(&refill.set.source)?;
    let saved_at = time(refill.set.at)?;
    let mut history = Vec::with_capacity(refill.history.len());
    for (vendor_id, rec) in &refill.history {
        history.push((*vendor_id, rec, time(rec.at)?));
    }
    store.run(async {
        let mut tx = store.pool().begin().await?;
        crate::platform::store::merged::refuse_in_pg(&mut tx, firm_id).await?;
        lock_users_picks(&mut tx, firm_id).await?;
        let row = sqlx::query_as::<_, rows::PicksRow>(
            "SELECT category_id, vendors, source, note, used_size_fallback, saved_at FROM picks \
             WHERE firm_id = $1 AND category_id = $2",
        )
        .bind(firm_id.get() as i64)
        .bind(refill.category_id as i64)
        .fetch_optional(&mut *tx)
        .await?;
        let current = row
            .map(<(u64, PickSet)>::try_from)
            .transpose()?
            .map(|(_, set)| set);
        if current.as_ref() != Some(expected) {
            return Ok(false);
        }
        upsert_picks(
            &mut tx,
            firm_id,
            refill.category_id,
            &refill.set,
            &source,
            saved_at,
        )
        .await?;
        for (vendor_id, rec, at) in &history {
            upsert_past(
                &mut tx,
                (firm_id.get(), refill.category_id, *vendor_id),
                rec,
                *at,
            )
            .await?;
        }
        tx.commit().await?;
        Ok::<_, crate::platform::error::AppError>(true)
    })
}

/// In (category, vendor) order, as the file answers; the caller sorts.
pub fn past(store: &PgStore, firm_id: FirmId) -> Result<Vec<(u64, u64, PastRec)>> {
    let rows = store.run(
        sqlx::query_as::<_, rows::PastRow>(
            "SELECT category_id, vendor_id, recommended_at, rank, strengths \
             FROM past_recommendations WHERE firm_id = $1 ORDER BY category_id, vendor_id",
        )
        .bind(firm_id.get() as i64)
        .fetch_all(store.pool()),
    )?;
    Ok(rows
        .into_iter()
        .map(TryFrom::try_from)
        .collect::<anyhow::Result<_>>()?)
}

/// Moves firm `from`'s recommendation rows to firm `into` inside `tx` (see
/// `super::merge_firm_in`), holding both firms' picks locks (in id order) to the commit, so a
/// save or a dismissal of either firm goes wholly before the merge or after it.
pub fn merge_firm_in(
    tx: &mut crate::platform::store::PgTx,
    into: FirmId,
    from: FirmId,
) -> Result<()> {
    // Keys and binds take the plain ids.
    let (into, from) = (into.get(), from.get());
    let store = tx.store();
    let conn = tx.conn()?;
    store.run(async {
        // Both ids were checked by the accounts' merge earlier in this transaction.
        lock_users_picks(&mut *conn, FirmId::from_stored(into.min(from))).await?;
        lock_users_picks(&mut *conn, FirmId::from_stored(into.max(from))).await?;
        // The latest response per category is the one with the highest id: the newer one.
        for sql in [
            "UPDATE responses SET firm_id = $1 WHERE firm_id = $2",
            "INSERT INTO picks (firm_id, category_id, vendors, source, note, \
             used_size_fallback, saved_at) SELECT $1, category_id, vendors, source, note, \
             used_size_fallback, saved_at FROM picks WHERE firm_id = $2 \
             ON CONFLICT (firm_id, category_id) DO NOTHING",
            "INSERT INTO picks_cleared (firm_id, category_id, vendors, source, note, \
             used_size_fallback, saved_at, cleared_at) SELECT $1, category_id, vendors, source, \
             note, used_size_fallback, saved_at, cleared_at FROM picks_cleared WHERE firm_id = $2 \
             ON CONFLICT (firm_id, category_id) DO NOTHING",
            "INSERT INTO dismissals (firm_id, vendor_id, reason, other_text, dismissed_at) \
             SELECT $1, vendor_id, reason, other_text, dismissed_at FROM dismissals \
             WHERE firm_id = $2 ON CONFLICT (firm_id, vendor_id) DO NOTHING",
            "INSERT INTO past_recommendations (firm_id, category_id, vendor_id, \
             recommended_at, rank, strengths) SELECT $1, category_id, vendor_id, \
             recommended_at, rank, strengths FROM past_recommendations WHERE firm_id = $2 \
             ON CONFLICT (firm_id, category_id, vendor_id) DO UPDATE SET \
             recommended_at = EXCLUDED.recommended_at, rank = EXCLUDED.rank, \
             strengths = EXCLUDED.strengths \
             WHERE past_recommendations.recommended_at < EXCLUDED.recommended_at",
        ] {
            sqlx::query(sql)
                .bind(into as i64)
                .bind(from as i64)
                .execute(&mut *conn)
                .await?;
        }
        for sql in [
            "DELETE FROM picks WHERE firm_id = $1",
            "DELETE FROM picks_cleared WHERE firm_id = $1",
            "DELETE FROM dismissals WHERE firm_id = $1",
            "DELETE FROM past_recommendations WHERE firm_id = $1",
        ] {
            sqlx::query(sql)
                .bind(from as i64)
                .execute(&mut *conn)
                .await?;
        }
        Ok(())
    })
}
