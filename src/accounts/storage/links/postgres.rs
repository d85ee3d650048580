//! Invitations in PostgreSQL (migrations/postgres/0012_invitations.sql). Using one locks its row
//! (`FOR UPDATE`), so two nodes cannot both use it; a new invitation takes its firm's invitations
//! lock, so two nodes cannot both leave a live link for one person.

use crate::platform::firm_id::FirmId;
use chrono::{DateTime, Utc};
use sqlx::PgConnection;

use super::super::postgres::rows::{at, role_from};
use crate::accounts::links::{self, Invitation};
use crate::accounts::model::TokenHash;
use crate::mail::storage::{self as mail_storage, Outgoing};
use crate::platform::error::Result;
use crate::platform::store::PgStore;

/// The class of the advisory lock a firm's new invitations take turns on (`create_invitation`).
const INVITATIONS_LOCK: i32 = 0x494e_5654;

/// `SELECT` of every invitation column, then `$rest` (a literal: the SQL stays a static string).
macro_rules! select_invitations {
    ($rest:literal) => {
        concat!(
            "SELECT id, firm_id, email, email_key, role, token_hash, created_at, expires_at, \
             invited_by, invited_by_name, used_at, revoked_at FROM invitations ",
            $rest
        )
    };
}

fn hash_from(bytes: Vec<u8>) -> anyhow::Result<TokenHash> {
    bytes
        .try_into()
        .map_err(|_| anyhow::anyhow!("a stored token hash is not 32 bytes"))
}

/// An `invitations` row.
#[derive(sqlx::FromRow)]
struct InvitationRow {
    id: i64,
    firm_id: i64,
    email: String,
    email_key: String,
    role: String,
    token_hash: Vec<u8>,
    created_at: DateTime<Utc>,
    expires_at: DateTime<Utc>,
    invited_by: i64,
    invited_by_name: String,
    used_at: Option<DateTime<Utc>>,
    revoked_at: Option<DateTime<Utc>>,
}

impl TryFrom<InvitationRow> for Invitation {
    type Error = crate::platform::error::AppError;
    fn try_from(row: InvitationRow) -> Result<Invitation> {
        Ok(Invitation {
            id: row.id as u64,
            firm_id: row.firm_id as u64,
            email: row.email,
            email_key: row.email_key,
            role: role_from(&row.role)?,
            token_hash: hash_from(row.token_hash)?,
            created_at: row.created_at.timestamp(),
            expires_at: row.expires_at.timestamp(),
            invited_by: row.invited_by as u64,
            invited_by_name: row.invited_by_name,
            used_at: row.used_at.map(|t| t.timestamp()),
            revoked_at: row.revoked_at.map(|t| t.timestamp()),
        })
    }
}

pub fn create_invitation(
    db: &PgStore,
    mut invitation: Invitation,
    mail: Option<&Outgoing>,
) -> Result<Invitation> {
    db.run(async {
        let mut tx = db.pool().begin().await?;
        // A firm merged away while its owner's page was open takes no invitation: a 409 asking to
        // reload, not a row under a firm that is gone.
        crate::platform::store::merged::refuse_in_pg(
            &mut tx,
            FirmId::from_stored(invitation.firm_id),
        )
        .await?;
        // One live link per person: invitations of one firm take turns on every node, each
        // withdrawing the pending ones of its email before it is stored.
        sqlx::query("SELECT pg_advisory_xact_lock($1, $2)")
            .bind(INVITATIONS_LOCK)
            // Folded into the lock's second key; two firms sharing a key only wait for each other.
            .bind((invitation.firm_id % (i32::MAX as u64)) as i32)
            .execute(&mut *tx)
            .await?;
        sqlx::query(
            "UPDATE invitations SET revoked_at = $3 WHERE firm_id = $1 AND email_key = $2 \
             AND used_at IS NULL AND revoked_at IS NULL AND expires_at > $3",
        )
        .bind(invitation.firm_id as i64)
        .bind(&invitation.email_key)
        .bind(at(invitation.created_at))
        .execute(&mut *tx)
        .await?;
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO invitations (firm_id, email, email_key, role, token_hash, created_at, \
             expires_at, invited_by, invited_by_name) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) \
             RETURNING id",
        )
        .bind(invitation.firm_id as i64)
        .bind(&invitation.email)
        .bind(&invitation.email_key)
        .bind(invitation.role.code())
        .bind(invitation.token_hash.as_slice())
        .bind(at(invitation.created_at))
        .bind(at(invitation.expires_at))
        .bind(invitation.invited_by as i64)
        .bind(&invitation.invited_by_name)
        .fetch_one(&mut *tx)
        .await?;
        if let Some(out) = mail {
            mail_storage::enqueue_pg(&mut tx, out, invitation.created_at).await?;
        }
        tx.commit().await?;
        invitation.id = id as u64;
        Ok(invitation)
    })
}

pub fn firm_invitations(db: &PgStore, firm_id: FirmId) -> Result<Vec<Invitation>> {
    db.run(async {
        let rows = sqlx::query_as::<_, InvitationRow>(select_invitations!(
            "WHERE firm_id = $1 ORDER BY id"
        ))
        .bind(firm_id.get() as i64)
        .fetch_all(db.pool())
        .await?;
        rows.into_iter().map(Invitation::try_from).collect()
    })
}

pub fn find_invitation_by_token(db: &PgStore, hash: &TokenHash) -> Result<Option<Invitation>> {
    db.run(async {
        sqlx::query_as::<_, InvitationRow>(select_invitations!("WHERE token_hash = $1"))
            .bind(hash.as_slice())
            .fetch_optional(db.pool())
            .await?
            .map(Invitation::try_from)
            .transpose()
    })
}

/// Within the sign-up's transaction: the invitation `hash` names, locked, checked for
/// `email_key` and marked used.
pub(in crate::accounts::storage) async fn consume_invitation(
    tx: &mut PgConnection,
    hash: &TokenHash,
    email_key: &str,
    now: i64,
) -> Result<Invitation> {
    let row =
        sqlx::query_as::<_, InvitationRow>(select_invitations!("WHERE token_hash = $1 FOR UPDATE"))
            .bind(hash.as_slice())
            .fetch_optional(&mut *tx)
            .await?
            .ok_or_else(links::unknown_invitation)?;
    let mut invitation = Invitation::try_from(row)?;
    invitation.admits(email_key, now)?;
    invitation.used_at = Some(now);
    sqlx::query("UPDATE invitations SET used_at = $2 WHERE id = $1")
        .bind(invitation.id as i64)
        .bind(at(now))
        .execute(&mut *tx)
        .await?;
    Ok(invitation)
}

pub fn revoke_invitation(
    db: &PgStore,
    firm_id: FirmId,
    id: u64,
    now: i64,
) -> Result<Option<Invitation>> {
    db.run(async {
        // Used or already withdrawn invitations keep what they were.
        sqlx::query(
            "UPDATE invitations SET revoked_at = $3 \
             WHERE id = $1 AND firm_id = $2 AND revoked_at IS NULL AND used_at IS NULL",
        )
        .bind(id as i64)
        .bind(firm_id.get() as i64)
        .bind(at(now))
        .execute(db.pool())
        .await?;
        sqlx::query_as::<_, InvitationRow>(select_invitations!("WHERE id = $1 AND firm_id = $2"))
            .bind(id as i64)
            .bind(firm_id.get() as i64)
            .fetch_optional(db.pool())
            .await?
            .map(Invitation::try_from)
            .transpose()
    })
}

/// Gives every invitation of firm `from` to firm `into`, inside the caller's transaction; of two
/// pending invitations of one email there, the earlier is withdrawn.
pub(in crate::accounts::storage) async fn move_invitations_in(
    tx: &mut PgConnection,
    into: u64,
    from: u64,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE invitations SET firm_id = $1 WHERE firm_id = $2")
        .bind(into as i64)
        .bind(from as i64)
        .execute(&mut *tx)
        .await?;
    // One live link per person in the kept firm too: of two pending invitations of one email,
    // the later stands, as if it had been sent there. (The merge holds both firm rows, which a
    // new invitation key-share locks first: none lands meanwhile.)
    sqlx::query(
        "UPDATE invitations i SET revoked_at = $2 WHERE i.firm_id = $1 AND i.used_at IS NULL \
         AND i.revoked_at IS NULL AND i.expires_at > $2 AND EXISTS (SELECT 1 FROM invitations n \
         WHERE n.firm_id = $1 AND n.email_key = i.email_key AND n.id > i.id \
         AND n.used_at IS NULL AND n.revoked_at IS NULL AND n.expires_at > $2)",
    )
    .bind(into as i64)
    .bind(at(crate::platform::clock::now_secs()))
    .execute(tx)
    .await?;
    Ok(())
}
