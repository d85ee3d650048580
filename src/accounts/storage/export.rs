//! Copying the accounts of a redb install into PostgreSQL (`litstack export-to-postgres`).

use crate::accounts::model::Session;

use crate::platform::store::postgres::code;
use crate::platform::store::{
    FIRMS, FileStore, PgStore, SESSIONS, TableCount, USERS, codec, open_read,
};

use super::postgres::rows::at;
use super::records::{StoredFirm, StoredUser};

/// Copies the redb file's accounts into PostgreSQL keeping ids and token hashes, moves the id
/// sequence past them (and past any id the file had handed out), and counts the rows back.
pub fn export(from: &FileStore, to: &PgStore) -> crate::platform::error::Result<Vec<TableCount>> {
    use redb::{ReadableTable, ReadableTableMetadata};
    let txn = from.read()?;
    let users_table = txn.open_table(USERS)?;
    let firms_table = txn.open_table(FIRMS)?;
    let sessions_table = txn.open_table(SESSIONS)?;
    let mut users = Vec::new();
    for entry in users_table.iter()? {
        users.push(codec::decode::<StoredUser>(entry?.1.value())?);
    }
    let mut firms = Vec::new();
    for entry in firms_table.iter()? {
        firms.push(codec::decode::<StoredFirm>(entry?.1.value())?.into_firm());
    }
    let firms_handed_out = crate::platform::store::meta_get(&txn, "seq:firms")?.unwrap_or(0);
    let firm_rows = firms_table.len()?;
    let mut sessions = Vec::new();
    for entry in sessions_table.iter()? {
        let (key, value) = entry?;
        sessions.push((
            key.value().to_vec(),
            codec::decode::<Session>(value.value())?,
        ));
    }
    // Firms merged away: a session from before the copy naming one is refused on the hub too.
    let mut merged = Vec::new();
    if let Some(table) = open_read(&txn, crate::platform::store::MERGED_FIRMS)? {
        for entry in table.iter()? {
            let (from_id, into_id) = entry?;
            merged.push((from_id.value(), into_id.value()));
        }
    }
    // What each session was started from, with the sessions.
    let mut devices = Vec::new();
    if let Some(table) = open_read(&txn, crate::platform::store::SESSION_DEVICES)? {
        for entry in table.iter()? {
            let (key, value) = entry?;
            devices.push((
                key.value().to_vec(),
                codec::decode::<crate::accounts::model::SessionDevice>(value.value())?,
            ));
        }
    }
    // (A row whose session is gone goes nowhere.)
    let open: std::collections::HashSet<&[u8]> =
        sessions.iter().map(|(k, _)| k.as_slice()).collect();
    devices.retain(|(hash, _)| open.contains(hash.as_slice()));
    let handed_out = crate::platform::store::meta_get(&txn, "seq:users")?.unwrap_or(0);
    let (user_rows, session_rows) = (users_table.len()?, sessions_table.len()?);

    to.run(async {
        let mut tx = to.pool().begin().await?;
        for firm in &firms {
            let firm_size = firm.size.as_ref().map(code).transpose()?;
            sqlx::query(
                "INSERT INTO firms (id, name, firm_size, created_at, verified, disabled) \
                 VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (id) DO NOTHING",
            )
            .bind(firm.id.get() as i64)
            .bind(&firm.name)
            .bind(firm_size)
            .bind(at(firm.created_at))
            .bind(firm.verified)
            .bind(firm.disabled)
            .execute(&mut *tx)
            .await?;
        }
        let highest_firm = firms
            .iter()
            .map(|f| f.id.get())
            .max()
            .unwrap_or(0)
            .max(firms_handed_out);
        if highest_firm > 0 {
            sqlx::query(
                "SELECT setval(pg_get_serial_sequence('firms', 'id'), \
                 GREATEST($1, (SELECT COALESCE(MAX(id), 0) FROM firms)))",
            )
            .bind(highest_firm as i64)
            .execute(&mut *tx)
            .await?;
        }
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
        for (from_id, into_id) in &merged {
            crate::platform::store::merged::record_in_pg(&mut tx, *from_id, *into_id).await?;
        }
        for (hash, d) in &devices {
            sqlx::query(
                "INSERT INTO session_devices (token_hash, user_id, device, address, started_at) \
                 SELECT token_hash, user_id, $2, $3, $4 FROM sessions WHERE token_hash = $1",
            )
            .bind(hash.as_slice())
            .bind(&d.device)
            .bind(&d.address)
            .bind(at(d.started_at))
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        anyhow::Ok(())
    })?;
    Ok(vec![
        to.counted("firms", firm_rows)?,
        to.counted("users", user_rows)?,
        to.counted("sessions", session_rows)?,
        to.counted("merged_firms", merged.len() as u64)?,
        to.counted("session_devices", devices.len() as u64)?,
    ])
}
