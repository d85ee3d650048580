//! Copying the accounts of a redb install into PostgreSQL (`litstack export-to-postgres`).

use crate::accounts::model::{Session, User};

use crate::store::postgres::code;
use crate::store::{FileStore, PgStore, SESSIONS, TableCount, USERS, codec};

use super::postgres::at;

/// Copies the redb file's accounts into PostgreSQL keeping ids and token hashes, moves the id
/// sequence past them (and past any id the file had handed out), and counts the rows back.
pub fn export(from: &FileStore, to: &PgStore) -> anyhow::Result<Vec<TableCount>> {
    use redb::{ReadableTable, ReadableTableMetadata};
    let txn = from.read()?;
    let users_table = txn.open_table(USERS)?;
    let sessions_table = txn.open_table(SESSIONS)?;
    let mut users = Vec::new();
    for entry in users_table.iter()? {
        users.push(codec::decode::<User>(entry?.1.value())?);
    }
    let mut sessions = Vec::new();
    for entry in sessions_table.iter()? {
        let (key, value) = entry?;
        sessions.push((
            key.value().to_vec(),
            codec::decode::<Session>(value.value())?,
        ));
    }
    let handed_out = crate::store::meta_get(&txn, "seq:users")?.unwrap_or(0);
    let (user_rows, session_rows) = (users_table.len()?, sessions_table.len()?);

    to.run(async {
        let mut tx = to.pool().begin().await?;
        for user in &users {
            let firm_size = user.firm_size.as_ref().map(code).transpose()?;
            sqlx::query(
                "INSERT INTO users (id, name, email, email_key, law_firm, firm_size, \
                 password_hash, is_admin, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) \
                 ON CONFLICT (id) DO NOTHING",
            )
            .bind(user.id as i64)
            .bind(&user.name)
            .bind(&user.email)
            .bind(user.email.to_lowercase())
            .bind(&user.law_firm)
            .bind(firm_size)
            .bind(&user.password_hash)
            .bind(user.is_admin)
            .bind(at(user.created_at))
            .execute(&mut *tx)
            .await?;
        }
        for (hash, session) in &sessions {
            sqlx::query(
                "INSERT INTO sessions (token_hash, user_id, created_at, last_seen) \
                 VALUES ($1, $2, $3, $4) ON CONFLICT (token_hash) DO NOTHING",
            )
            .bind(hash)
            .bind(session.user_id as i64)
            .bind(at(session.created_at))
            .bind(at(session.last_seen))
            .execute(&mut *tx)
            .await?;
        }
        let highest = users
            .iter()
            .map(|u| u.id)
            .max()
            .unwrap_or(0)
            .max(handed_out);
        if highest > 0 {
            sqlx::query(
                "SELECT setval(pg_get_serial_sequence('users', 'id'), \
                 GREATEST($1, (SELECT COALESCE(MAX(id), 0) FROM users)))",
            )
            .bind(highest as i64)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        anyhow::Ok(())
    })?;
    Ok(vec![
        to.counted("users", user_rows)?,
        to.counted("sessions", session_rows)?,
    ])
}
