//! Questionnaire responses in PostgreSQL: the `responses` table
//! (migrations/postgres/0006_recommend.sql). A response's id comes from the table's identity
//! sequence, never reused; every write is a single statement.

use crate::platform::firm_id::FirmId;
use std::collections::HashSet;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use sqlx::types::Json;

use super::Author;
use crate::platform::error::Result;
use crate::platform::store::PgStore;
use crate::recommend::model::StoredResponse;

mod rows;

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

/// Moves firm `from`'s responses to firm `into` inside `tx` (see `super::merge_firm_in`): the
/// latest response per category is the one with the highest id, the newer one.
pub fn merge_responses_in(
    tx: &mut crate::platform::store::PgTx,
    into: FirmId,
    from: FirmId,
) -> Result<()> {
    let store = tx.store();
    store.run(
        sqlx::query("UPDATE responses SET firm_id = $1 WHERE firm_id = $2")
            .bind(into.get() as i64)
            .bind(from.get() as i64)
            .execute(tx.conn()?),
    )?;
    Ok(())
}
