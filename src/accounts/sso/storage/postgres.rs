//! Single sign-on in PostgreSQL (migrations/postgres/0022_sso.sql): `sso_configs`, `sso_domains`,
//! `sso_flows`, `sso_links`. Saves and decisions take `SSO_LOCK`, so the "one confirmed firm per
//! domain" check holds across nodes (the partial unique index stands behind it).

use chrono::{DateTime, Utc};
use sqlx::PgConnection;

use super::super::model::{DomainClaim, DomainStatus, FLOW_SECS, Flow, SsoConfig, SsoLink};
use crate::accounts::FirmRole;
use crate::accounts::sessions::TokenHash;
use crate::platform::error::{AppError, Result};
use crate::platform::firm_id::FirmId;
use crate::platform::store::{PgStore, PgTx};

const SSO_LOCK: i64 = 0x4c69_7473_0022;

fn at(secs: i64) -> DateTime<Utc> {
    DateTime::from_timestamp(secs, 0).unwrap_or_default()
}

#[derive(sqlx::FromRow)]
struct ConfigRow {
    firm_id: i64,
    issuer: String,
    client_id: String,
    client_secret: String,
    default_role: String,
    require_sso: bool,
    updated_at: DateTime<Utc>,
}

impl TryFrom<ConfigRow> for SsoConfig {
    type Error = AppError;
    fn try_from(r: ConfigRow) -> Result<SsoConfig> {
        Ok(SsoConfig {
            firm_id: r.firm_id as u64,
            issuer: r.issuer,
            client_id: r.client_id,
            client_secret: r.client_secret,
            default_role: FirmRole::from_code(&r.default_role).ok_or_else(|| {
                AppError::Internal(anyhow::anyhow!("unknown SSO role {}", r.default_role))
            })?,
            require_sso: r.require_sso,
            updated_at: r.updated_at.timestamp(),
        })
    }
}

#[derive(sqlx::FromRow)]
struct ClaimRow {
    domain: String,
    firm_id: i64,
    status: String,
    claimed_at: DateTime<Utc>,
    decided_at: Option<DateTime<Utc>>,
}

impl TryFrom<ClaimRow> for DomainClaim {
    type Error = AppError;
    fn try_from(r: ClaimRow) -> Result<DomainClaim> {
        Ok(DomainClaim {
            domain: r.domain,
            firm_id: r.firm_id as u64,
            status: DomainStatus::from_code(&r.status).ok_or_else(|| {
                AppError::Internal(anyhow::anyhow!("unknown SSO domain status {}", r.status))
            })?,
            claimed_at: r.claimed_at.timestamp(),
            decided_at: r.decided_at.map(|d| d.timestamp()),
        })
    }
}

#[derive(sqlx::FromRow)]
struct FlowRow {
    firm_id: i64,
    nonce: String,
    pkce_verifier: String,
    redirect_uri: String,
    return_path: String,
    created_at: DateTime<Utc>,
}

impl From<FlowRow> for Flow {
    fn from(r: FlowRow) -> Flow {
        Flow {
            firm_id: r.firm_id as u64,
            nonce: r.nonce,
            pkce_verifier: r.pkce_verifier,
            redirect_uri: r.redirect_uri,
            return_path: r.return_path,
            created_at: r.created_at.timestamp(),
        }
    }
}

#[derive(sqlx::FromRow)]
struct LinkRow {
    issuer: String,
    subject: String,
    user_id: i64,
    created_at: DateTime<Utc>,
}

impl From<LinkRow> for SsoLink {
    fn from(r: LinkRow) -> SsoLink {
        SsoLink {
            issuer: r.issuer,
            subject: r.subject,
            user_id: r.user_id as u64,
            created_at: r.created_at.timestamp(),
        }
    }
}

const CLAIM_COLUMNS: &str = "domain, firm_id, status, claimed_at, decided_at";

pub fn config(db: &PgStore, firm: u64) -> Result<Option<SsoConfig>> {
    db.run(
        sqlx::query_as::<_, ConfigRow>(
            "SELECT firm_id, issuer, client_id, client_secret, default_role, require_sso, \
             updated_at FROM sso_configs WHERE firm_id = $1",
        )
        .bind(firm as i64)
        .fetch_optional(db.pool()),
    )?
    .map(SsoConfig::try_from)
    .transpose()
}

async fn lock(conn: &mut PgConnection) -> sqlx::Result<()> {
    sqlx::query("SELECT pg_advisory_xact_lock($1)")
        .bind(SSO_LOCK)
        .execute(conn)
        .await?;
    Ok(())
}

async fn claims_in(conn: &mut PgConnection, domain: &str) -> Result<Vec<DomainClaim>> {
    sqlx::query_as::<_, ClaimRow>(sqlx::AssertSqlSafe(format!(
        "SELECT {CLAIM_COLUMNS} FROM sso_domains WHERE domain = $1"
    )))
    .bind(domain)
    .fetch_all(conn)
    .await?
    .into_iter()
    .map(DomainClaim::try_from)
    .collect()
}

pub(super) async fn put_config(conn: &mut PgConnection, c: &SsoConfig) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO sso_configs (firm_id, issuer, client_id, client_secret, default_role, \
         require_sso, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7) \
         ON CONFLICT (firm_id) DO UPDATE SET issuer = EXCLUDED.issuer, \
         client_id = EXCLUDED.client_id, client_secret = EXCLUDED.client_secret, \
         default_role = EXCLUDED.default_role, require_sso = EXCLUDED.require_sso, \
         updated_at = EXCLUDED.updated_at",
    )
    .bind(c.firm_id as i64)
    .bind(&c.issuer)
    .bind(&c.client_id)
    .bind(&c.client_secret)
    .bind(c.default_role.code())
    .bind(c.require_sso)
    .bind(at(c.updated_at))
    .execute(conn)
    .await?;
    Ok(())
}

pub(super) async fn put_claim(conn: &mut PgConnection, c: &DomainClaim) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO sso_domains (domain, firm_id, status, claimed_at, decided_at) \
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT (domain, firm_id) DO UPDATE SET \
         status = EXCLUDED.status, decided_at = EXCLUDED.decided_at",
    )
    .bind(&c.domain)
    .bind(c.firm_id as i64)
    .bind(c.status.code())
    .bind(at(c.claimed_at))
    .bind(c.decided_at.map(at))
    .execute(conn)
    .await?;
    Ok(())
}

pub fn save_config(
    db: &PgStore,
    config: &SsoConfig,
    domains: &[String],
) -> Result<Vec<DomainClaim>> {
    db.run(async {
        let mut tx = db.pool().begin().await?;
        lock(&mut tx).await?;
        crate::platform::store::merged::refuse_in_pg(&mut tx, FirmId::from_stored(config.firm_id))
            .await?;
        put_config(&mut tx, config).await?;
        sqlx::query("DELETE FROM sso_domains WHERE firm_id = $1 AND NOT (domain = ANY($2))")
            .bind(config.firm_id as i64)
            .bind(domains)
            .execute(&mut *tx)
            .await?;
        let mut mine = Vec::new();
        for domain in domains {
            let claims = claims_in(&mut tx, domain).await?;
            match claims.iter().find(|c| c.firm_id == config.firm_id) {
                Some(claim) => mine.push(claim.clone()),
                None => {
                    super::check_claim(&claims, config.firm_id, domain)?;
                    let claim = DomainClaim {
                        domain: domain.clone(),
                        firm_id: config.firm_id,
                        status: DomainStatus::Pending,
                        claimed_at: config.updated_at,
                        decided_at: None,
                    };
                    put_claim(&mut tx, &claim).await?;
                    mine.push(claim);
                }
            }
        }
        tx.commit().await?;
        Ok(mine)
    })
}

pub fn all_claims(db: &PgStore) -> Result<Vec<DomainClaim>> {
    db.run(
        sqlx::query_as::<_, ClaimRow>(sqlx::AssertSqlSafe(format!(
            "SELECT {CLAIM_COLUMNS} FROM sso_domains"
        )))
        .fetch_all(db.pool()),
    )?
    .into_iter()
    .map(DomainClaim::try_from)
    .collect()
}

pub fn claims_of(db: &PgStore, domain: &str) -> Result<Vec<DomainClaim>> {
    db.run(async {
        let mut conn = db.pool().acquire().await?;
        claims_in(&mut conn, domain).await
    })
}

pub fn decide(
    db: &PgStore,
    firm: u64,
    domain: &str,
    status: DomainStatus,
    now: i64,
) -> Result<Option<DomainClaim>> {
    db.run(async {
        let mut tx = db.pool().begin().await?;
        lock(&mut tx).await?;
        let claims = claims_in(&mut tx, domain).await?;
        if status == DomainStatus::Confirmed {
            super::check_confirm(&claims, firm, domain)?;
        }
        let Some(mut claim) = claims.into_iter().find(|c| c.firm_id == firm) else {
            return Ok(None);
        };
        claim.status = status;
        claim.decided_at = Some(now);
        put_claim(&mut tx, &claim).await?;
        tx.commit().await?;
        Ok(Some(claim))
    })
}

pub(super) async fn insert_flow(
    conn: &mut PgConnection,
    state: &[u8],
    f: &Flow,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO sso_flows (state_hash, firm_id, nonce, pkce_verifier, redirect_uri, \
         return_path, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(state)
    .bind(f.firm_id as i64)
    .bind(&f.nonce)
    .bind(&f.pkce_verifier)
    .bind(&f.redirect_uri)
    .bind(&f.return_path)
    .bind(at(f.created_at))
    .execute(conn)
    .await?;
    Ok(())
}

pub fn put_flow(db: &PgStore, state: &TokenHash, flow: &Flow) -> Result<()> {
    db.run(async {
        let mut tx = db.pool().begin().await?;
        sqlx::query("DELETE FROM sso_flows WHERE created_at < $1")
            .bind(at(flow.created_at - FLOW_SECS))
            .execute(&mut *tx)
            .await?;
        insert_flow(&mut tx, state, flow).await?;
        tx.commit().await?;
        Ok(())
    })
}

pub fn take_flow(db: &PgStore, state: &TokenHash) -> Result<Option<Flow>> {
    Ok(db
        .run(
            sqlx::query_as::<_, FlowRow>(
                "DELETE FROM sso_flows WHERE state_hash = $1 RETURNING firm_id, nonce, \
                 pkce_verifier, redirect_uri, return_path, created_at",
            )
            .bind(state.as_slice())
            .fetch_optional(db.pool()),
        )?
        .map(Flow::from))
}

pub fn link(db: &PgStore, issuer: &str, subject: &str) -> Result<Option<SsoLink>> {
    Ok(db
        .run(
            sqlx::query_as::<_, LinkRow>(
                "SELECT issuer, subject, user_id, created_at FROM sso_links \
                 WHERE issuer = $1 AND subject = $2",
            )
            .bind(issuer)
            .bind(subject)
            .fetch_optional(db.pool()),
        )?
        .map(SsoLink::from))
}

pub(super) async fn insert_link(conn: &mut PgConnection, l: &SsoLink) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO sso_links (issuer, subject, user_id, created_at) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (issuer, subject) DO UPDATE SET user_id = EXCLUDED.user_id, \
         created_at = EXCLUDED.created_at",
    )
    .bind(&l.issuer)
    .bind(&l.subject)
    .bind(l.user_id as i64)
    .bind(at(l.created_at))
    .execute(conn)
    .await?;
    Ok(())
}

pub fn put_link(db: &PgStore, firm: FirmId, link: &SsoLink) -> Result<()> {
    db.run(async {
        let mut tx = db.pool().begin().await?;
        crate::platform::store::merged::refuse_in_pg(&mut tx, firm).await?;
        insert_link(&mut tx, link).await?;
        tx.commit().await?;
        Ok(())
    })
}

pub fn drop_firm_in(tx: &mut PgTx, firm: u64) -> Result<()> {
    let store = tx.store();
    store.run(
        sqlx::query("DELETE FROM sso_configs WHERE firm_id = $1")
            .bind(firm as i64)
            .execute(tx.conn()?),
    )?;
    store.run(
        sqlx::query("DELETE FROM sso_domains WHERE firm_id = $1")
            .bind(firm as i64)
            .execute(tx.conn()?),
    )?;
    Ok(())
}
