//! Copying the accounts of a redb install into PostgreSQL (`litstack export-to-postgres`).

use crate::platform::store::{FileStore, PgStore, TableCount, USERS, codec, open_read};

use super::postgres::rows::at;
use super::records::StoredUser;

/// Copies the redb file's accounts into PostgreSQL keeping ids, moves the id sequence past them
/// (and past any id the file had handed out), and counts the rows back. The firms and the
/// sessions go as every table on the seam goes (after this: an account's firm is not checked by
/// a foreign key, but by `litstack check`).
pub fn export(from: &FileStore, to: &PgStore) -> crate::platform::error::Result<Vec<TableCount>> {
    use redb::{ReadableTable, ReadableTableMetadata};
    let txn = from.read()?;
    let users_table = txn.open_table(USERS)?;
    let mut users = Vec::new();
    for entry in users_table.iter()? {
        users.push(codec::decode::<StoredUser>(entry?.1.value())?);
    }
    // Firms merged away: a session from before the copy naming one is refused on the hub too.
    let mut merged = Vec::new();
    if let Some(table) = open_read(&txn, crate::platform::store::MERGED_FIRMS)? {
        for entry in table.iter()? {
            let (from_id, into_id) = entry?;
            merged.push((from_id.value(), into_id.value()));
        }
    }
    let handed_out = crate::platform::store::meta_get(&txn, "seq:users")?.unwrap_or(0);
    let user_rows = users_table.len()?;

    to.run(async {
        let mut tx = to.pool().begin().await?;
        for user in &users {
            sqlx::query(
                "INSERT INTO users (id, name, email, email_key, firm_id, firm_role, \
                 password_hash, is_admin, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) \
                 ON CONFLICT (id) DO NOTHING",
            )
            .bind(user.id as i64)
            .bind(&user.name)
            .bind(&user.email)
            .bind(user.email.to_lowercase())
            .bind(user.firm_id as i64)
            .bind(user.firm_role.code())
            .bind(&user.password_hash)
            .bind(user.is_admin)
            .bind(at(user.created_at))
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
        for (from_id, into_id) in &merged {
            crate::platform::store::merged::record_in_pg(&mut tx, *from_id, *into_id).await?;
        }
        tx.commit().await?;
        anyhow::Ok(())
    })?;
    Ok(vec![
        to.counted("users", user_rows)?,
        to.counted("merged_firms", merged.len() as u64)?,
    ])
}
