//! The copy of a redb install's questionnaire responses into PostgreSQL (`litstack
//! export-to-postgres`); the seam's tables beside them are copied from their declarations.

use super::file;
use super::postgres::{answers_json, time};
use crate::platform::store::{FileStore, PgStore, TableCount};

/// Copies every response (keeping its id) in one transaction, moves the response id sequence
/// past the file's, and answers the rows in the file and, counted back, in PostgreSQL. A response
/// id already in PostgreSQL fails the copy as a whole.
pub fn export(from: &FileStore, to: &PgStore) -> crate::platform::error::Result<Vec<TableCount>> {
    let rows = file::all_rows(from)?;
    // Codes and times first, so that nothing fails half-way through the transaction.
    let mut responses = Vec::with_capacity(rows.responses.len());
    for r in &rows.responses {
        responses.push((r, answers_json(&r.answers), time(r.at)?));
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
        tx.commit().await
    })?;

    Ok(vec![to.counted("responses", rows.responses.len() as u64)?])
}
