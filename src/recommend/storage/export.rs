//! The copy of a redb install's recommendations into PostgreSQL (`litstack export-to-postgres`).

use super::file;
use super::postgres::{answers_json, insert_cleared, time, upsert_past, upsert_picks};
use crate::platform::firm_id::FirmId;
use crate::platform::store::postgres::code;
use crate::platform::store::{FileStore, PgStore, TableCount};

/// Copies every response (keeping its id), pick set, cleared pick set kept for its undo,
/// dismissal and past recommendation in one transaction, moves the response id sequence past the
/// file's, and answers each table's rows in the file and, counted back, in PostgreSQL. A response id already in PostgreSQL fails the copy
/// as a whole.
pub fn export(from: &FileStore, to: &PgStore) -> crate::platform::error::Result<Vec<TableCount>> {
    let rows = file::all_rows(from)?;
    // Codes and times first, so that nothing fails half-way through the transaction.
    let mut responses = Vec::with_capacity(rows.responses.len());
    for r in &rows.responses {
        responses.push((r, answers_json(&r.answers), time(r.at)?));
    }
    let mut picks = Vec::with_capacity(rows.picks.len());
    for (key, set) in &rows.picks {
        picks.push((key, set, code(&set.source)?, time(set.at)?));
    }
    let mut cleared = Vec::with_capacity(rows.cleared.len());
    for (key, set) in &rows.cleared {
        let times = (time(set.set.at)?, time(set.cleared_at)?);
        cleared.push((*key, set, code(&set.set.source)?, times));
    }
    let mut dismissals = Vec::with_capacity(rows.dismissals.len());
    for ((firm_id, vendor_id), d) in &rows.dismissals {
        let other_text = match &d.reason {
            crate::recommend::dismiss_reason::DismissReason::Other(text) => Some(text.as_str()),
            _ => None,
        };
        dismissals.push((
            *firm_id,
            *vendor_id,
            d.reason.code(),
            other_text,
            time(d.at)?,
        ));
    }
    let mut past = Vec::with_capacity(rows.past.len());
    for (key, rec) in &rows.past {
        past.push((*key, rec, time(rec.at)?));
    }

    to.run(async {
        let mut tx = to.pool().begin().await?;
        for (r, answers, at) in &responses {
            sqlx::query(
                "INSERT INTO responses (id, user_id, firm_id, category_id, answers, submitted_at) \
                 VALUES ($1, $2, $3, $4, $5, $6)",
            )
            .bind(r.id as i64)
            .bind(r.user_id as i64)
            .bind(r.firm_id as i64)
            .bind(r.category_id as i64)
            .bind(answers)
            .bind(*at)
            .execute(&mut *tx)
            .await?;
        }
        if rows.response_sequence > 0 {
            // The next response PostgreSQL numbers comes after every id the file handed out.
            sqlx::query("SELECT setval(pg_get_serial_sequence('responses', 'id'), $1)")
                .bind(rows.response_sequence as i64)
                .execute(&mut *tx)
                .await?;
        }
        for ((firm_id, category_id), set, source, at) in &picks {
            upsert_picks(
                &mut tx,
                FirmId::from_stored(*firm_id),
                *category_id,
                set,
                source,
                *at,
            )
            .await?;
        }
        for (key, set, source, times) in &cleared {
            insert_cleared(&mut tx, *key, set, source, *times).await?;
        }
        for (firm_id, vendor_id, reason, other_text, at) in &dismissals {
            sqlx::query(
                "INSERT INTO dismissals (firm_id, vendor_id, reason, other_text, dismissed_at) \
                 VALUES ($1, $2, $3, $4, $5)",
            )
            .bind(*firm_id as i64)
            .bind(*vendor_id as i64)
            .bind(*reason)
            .bind(*other_text)
            .bind(*at)
            .execute(&mut *tx)
            .await?;
        }
        for (key, rec, at) in &past {
            upsert_past(&mut tx, *key, rec, *at).await?;
        }
        tx.commit().await
    })?;

    Ok(vec![
        to.counted("responses", rows.responses.len() as u64)?,
        to.counted("picks", rows.picks.len() as u64)?,
        to.counted("picks_cleared", rows.cleared.len() as u64)?,
        to.counted("dismissals", rows.dismissals.len() as u64)?,
        to.counted("past_recommendations", rows.past.len() as u64)?,
    ])
}
