//! Single sign-on's storage, in either backend: the firm's provider, its domain claims, the flows
//! begun at a provider and the identities linked to accounts.

mod export;
mod file;
mod postgres;

pub use export::export;

use super::model::{DomainClaim, DomainStatus, Flow, SsoConfig, SsoLink};
use crate::accounts::sessions::TokenHash;
use crate::platform::error::{Result, bad_request, conflict};
use crate::platform::firm_id::FirmId;
use crate::platform::store::registry::{Export, Holder, Load, Purge, Table, Taking, rows};
use crate::platform::store::{SSO_CONFIGS, SSO_DOMAINS, SSO_FLOWS, SSO_LINKS};
use crate::platform::store::{Store, WriteTx};

pub fn config(store: &Store, firm: FirmId) -> Result<Option<SsoConfig>> {
    match store {
        Store::File(db) => file::config(db, firm.get()),
        Store::Postgres(db) => postgres::config(db, firm.get()),
    }
}

/// Saves the firm's provider and its claims to exactly `domains` in one transaction: a domain it
/// no longer names is given up, a new one is pending. A domain another firm holds confirmed is a
/// 400 naming it. Answers the firm's claims.
pub fn save_config(
    store: &Store,
    config: &SsoConfig,
    domains: &[String],
) -> Result<Vec<DomainClaim>> {
    match store {
        Store::File(db) => file::save_config(db, config, domains),
        Store::Postgres(db) => postgres::save_config(db, config, domains),
    }
}

/// The claims made by `firm`, by domain.
pub fn firm_claims(store: &Store, firm: FirmId) -> Result<Vec<DomainClaim>> {
    let mut claims = all_claims(store)?;
    claims.retain(|c| c.firm_id == firm.get());
    Ok(claims)
}

/// Every firm's claims, by domain then firm.
pub fn all_claims(store: &Store) -> Result<Vec<DomainClaim>> {
    let mut claims = match store {
        Store::File(db) => file::all_claims(db)?,
        Store::Postgres(db) => postgres::all_claims(db)?,
    };
    claims.sort_by(|a, b| (&a.domain, a.firm_id).cmp(&(&b.domain, b.firm_id)));
    Ok(claims)
}

/// The firm whose claim to `domain` the operator confirmed.
pub fn confirmed_firm(store: &Store, domain: &str) -> Result<Option<FirmId>> {
    Ok(all_claims_of(store, domain)?
        .into_iter()
        .find(|c| c.status == DomainStatus::Confirmed)
        .map(|c| FirmId::from_stored(c.firm_id)))
}

fn all_claims_of(store: &Store, domain: &str) -> Result<Vec<DomainClaim>> {
    match store {
        Store::File(db) => file::claims_of(db, domain),
        Store::Postgres(db) => postgres::claims_of(db, domain),
    }
}

/// The operator's decision on `firm`'s claim to `domain`; `None` when there is no such claim.
/// Confirming a domain another firm holds confirmed is a 409.
pub fn decide(
    store: &Store,
    firm: FirmId,
    domain: &str,
    status: DomainStatus,
    now: i64,
) -> Result<Option<DomainClaim>> {
    match store {
        Store::File(db) => file::decide(db, firm.get(), domain, status, now),
        Store::Postgres(db) => postgres::decide(db, firm.get(), domain, status, now),
    }
}

/// Keeps a flow begun at the provider (and drops the flows older than ten minutes).
pub fn put_flow(store: &Store, state: &TokenHash, flow: &Flow) -> Result<()> {
    match store {
        Store::File(db) => file::put_flow(db, state, flow),
        Store::Postgres(db) => postgres::put_flow(db, state, flow),
    }
}

/// Takes the flow of `state` out of the store: it can be finished once.
pub fn take_flow(store: &Store, state: &TokenHash) -> Result<Option<Flow>> {
    match store {
        Store::File(db) => file::take_flow(db, state),
        Store::Postgres(db) => postgres::take_flow(db, state),
    }
}

pub fn link(store: &Store, issuer: &str, subject: &str) -> Result<Option<SsoLink>> {
    match store {
        Store::File(db) => file::link(db, issuer, subject),
        Store::Postgres(db) => postgres::link(db, issuer, subject),
    }
}

/// Links the identity to an account of `firm` (replacing a link to an account that no longer
/// exists); refused when the firm was merged away or deleted meanwhile, as its links went with it.
pub fn put_link(store: &Store, firm: FirmId, link: &SsoLink) -> Result<()> {
    match store {
        Store::File(db) => file::put_link(db, firm, link),
        Store::Postgres(db) => postgres::put_link(db, firm, link),
    }
}

/// A firm merge: the merged firm's provider and domain claims are dropped (the kept firm's
/// owner sets up single sign-on for everyone; the identities' links stay, by account).
pub fn merge_firm_in(tx: &mut WriteTx, _into: FirmId, from: FirmId) -> Result<()> {
    match tx {
        WriteTx::File(txn) => file::drop_firm_in(txn, from.get()),
        WriteTx::Postgres(tx) => postgres::drop_firm_in(tx, from.get()),
    }
}

/// The check of a new claim against the domain's claims, the same on both backends.
fn check_claim(existing: &[DomainClaim], firm_id: u64, domain: &str) -> Result<()> {
    if existing
        .iter()
        .any(|c| c.firm_id != firm_id && c.status == DomainStatus::Confirmed)
    {
        return Err(bad_request(format!(
            "{domain} is already confirmed for another firm's single sign-on: remove it, or ask \
             the operator"
        )));
    }
    Ok(())
}

/// The check of a confirmation, the same on both backends.
fn check_confirm(existing: &[DomainClaim], firm_id: u64, domain: &str) -> Result<()> {
    if existing
        .iter()
        .any(|c| c.firm_id != firm_id && c.status == DomainStatus::Confirmed)
    {
        return Err(conflict(format!(
            "{domain} is already confirmed for another firm: refuse that claim first"
        )));
    }
    Ok(())
}

// A firm's archive: its provider (without the client secret) and its domain claims.
fn archive_config(store: &Store, taking: &Taking) -> Result<Vec<serde_json::Value>> {
    rows(config(store, taking.firm)?)
}

fn archive_domains(store: &Store, taking: &Taking) -> Result<Vec<serde_json::Value>> {
    rows(firm_claims(store, taking.firm)?)
}

// A deleted firm's rows in the redb tables keyed by a domain, a flow or an identity.
fn purge_domains(txn: &redb::WriteTransaction, taking: &Taking) -> Result<()> {
    use redb::ReadableTable;
    if !crate::platform::store::registry::has_table(txn, "sso_domains")? {
        return Ok(());
    }
    let mut table = txn.open_table(crate::platform::store::SSO_DOMAINS)?;
    let mut changed: Vec<(String, Vec<DomainClaim>)> = Vec::new();
    for entry in table.iter()? {
        let (domain, value) = entry?;
        let claims: Vec<DomainClaim> = crate::platform::store::codec::decode(value.value())?;
        if claims.iter().any(|c| c.firm_id == taking.firm.get()) {
            let kept = claims
                .into_iter()
                .filter(|c| c.firm_id != taking.firm.get())
                .collect();
            changed.push((domain.value().to_string(), kept));
        }
    }
    for (domain, kept) in changed {
        if kept.is_empty() {
            table.remove(domain.as_str())?;
        } else {
            table.insert(
                domain.as_str(),
                crate::platform::store::codec::encode(&kept).as_slice(),
            )?;
        }
    }
    Ok(())
}

fn purge_flows(txn: &redb::WriteTransaction, taking: &Taking) -> Result<()> {
    if crate::platform::store::registry::has_table(txn, "sso_flows")? {
        txn.open_table(crate::platform::store::SSO_FLOWS)?
            .retain(|_, value| {
                let flow: Option<Flow> = crate::platform::store::codec::decode(value).ok();
                flow.is_none_or(|f| f.firm_id != taking.firm.get())
            })?;
    }
    Ok(())
}

fn purge_links(txn: &redb::WriteTransaction, taking: &Taking) -> Result<()> {
    if crate::platform::store::registry::has_table(txn, "sso_links")? {
        txn.open_table(crate::platform::store::SSO_LINKS)?
            .retain(|_, value| {
                let link: Option<SsoLink> = crate::platform::store::codec::decode(value).ok();
                link.is_none_or(|l| !taking.members.contains(&l.user_id))
            })?;
    }
    Ok(())
}

/// This domain's tables, for the registry of data (the list in src/registry.rs).
pub const TABLES: &[Table] = &[
    Table {
        name: "sso_configs",
        purge: Purge::ByKey,
        export: Export::Rows {
            read: archive_config,
            load: Load::Left(
                "the provider's client secret never leaves an install: an owner sets up single sign-on again",
            ),
        },
        holder: Holder::Firm { column: "firm_id" },
        redb: &[&SSO_CONFIGS],
        postgres: true,
        secrets: &["client_secret"],
        refers_to: &[],
    },
    Table {
        name: "sso_domains",
        purge: Purge::By(purge_domains),
        export: Export::Rows {
            read: archive_domains,
            load: Load::Left(
                "the operator confirms a firm's domains on each install: an owner claims them again",
            ),
        },
        holder: Holder::Firm { column: "firm_id" },
        redb: &[&SSO_DOMAINS],
        postgres: true,
        secrets: &[],
        refers_to: &[],
    },
    Table {
        name: "sso_flows",
        purge: Purge::By(purge_flows),
        export: Export::Left("sign-ins in progress"),
        holder: Holder::Firm { column: "firm_id" },
        redb: &[&SSO_FLOWS],
        postgres: true,
        secrets: &["state_hash", "nonce", "pkce_verifier"],
        refers_to: &[],
    },
    Table {
        name: "sso_links",
        purge: Purge::By(purge_links),
        export: Export::Left(
            "identities linked at this install's sign-in: linked again at the first single sign-on",
        ),
        holder: Holder::Member { column: "user_id" },
        redb: &[&SSO_LINKS],
        postgres: true,
        secrets: &[],
        refers_to: &[],
    },
];
