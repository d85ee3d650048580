//! Single sign-on's storage, written once over the storage seam (`store::seam`): the firm's
//! provider (`CONFIGS`), its domain claims (`DOMAINS`), the flows begun at a provider (`FLOWS`)
//! and the identities linked to accounts (`LINKS`), on redb and PostgreSQL alike.
//!
//! A domain, a flow's state and an identity are text or a hash, not an id: each is keyed by the
//! first 63 bits of its SHA-256 after its holder (`seam::text_key`, `seam::hash_key`) and found
//! by them through an index; the whole text or hash, kept in the value, is compared after.
//!
//! What carried over: on redb schema 14 rewrote the providers as the seam's JSON and rekeyed the
//! other three tables; on PostgreSQL migration 0053 moved the rows into the seam's layout.

use serde::{Deserialize, Serialize};

use super::model::{DomainClaim, DomainStatus, FLOW_SECS, Flow, SsoConfig, SsoLink};
use crate::accounts::sessions::TokenHash;
use crate::platform::error::{Result, bad_request, conflict};
use crate::platform::firm_id::FirmId;
use crate::platform::store::registry::{Export, Holder, Load, Purge, Table, Taking, rows};
use crate::platform::store::seam::{self, Index, On, Tx, find_by_hash, hash_key, text_key};
use crate::platform::store::{SSO_CONFIGS, Store, WriteTx};

/// Firm id -> `SsoConfig`: the firm's identity provider.
pub const CONFIGS: seam::Table<u64, SsoConfig> =
    seam::Table::new("sso_configs", SSO_CONFIGS, &["firm_id"], None);

/// (firm id, `text_key` of the domain) -> `DomainClaim`: each firm's claim to an email domain,
/// pending, confirmed (at most one firm's) or refused by the operator.
pub const DOMAINS: seam::Table<(u64, u64), DomainClaim> =
    seam::Table::declare("sso_domains", &["firm_id", "domain_key"], None)
        .indexed(&[&DOMAINS_BY_NAME]);

/// A domain's claims, every firm's: a sign-in finds the firm by the email's domain.
pub const DOMAINS_BY_NAME: Index = Index::new("sso_domains_by_domain", On::Key(1));

/// (firm id, `hash_key` of the state's hash) -> `StoredFlow`: ten minutes, used once.
pub const FLOWS: seam::Table<(u64, u64), StoredFlow> =
    seam::Table::declare("sso_flows", &["firm_id", "state_key"], None)
        .indexed(&[&FLOWS_BY_STATE, &FLOWS_BY_AGE]);

/// A flow by its state: the provider's answer finds it.
pub const FLOWS_BY_STATE: Index = Index::new("sso_flows_by_state", On::Key(1));

/// The flows by when they began: the stale ones go without reading the others.
pub const FLOWS_BY_AGE: Index = Index::new("sso_flows_by_age", On::Field("created_at"));

/// (user id, `text_key` of the identity) -> `SsoLink`: the account an identity signs in as.
pub const LINKS: seam::Table<(u64, u64), SsoLink> =
    seam::Table::declare("sso_links", &["user_id", "identity_key"], None)
        .indexed(&[&LINKS_BY_IDENTITY]);

/// An identity's link, whoever's account it names.
pub const LINKS_BY_IDENTITY: Index = Index::new("sso_links_by_identity", On::Key(1));

/// A flow as stored: with the whole hash of its state, which its key holds only a part of.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoredFlow {
    pub state_hash: TokenHash,
    #[serde(flatten)]
    pub flow: Flow,
}

/// An identity's text: its issuer and subject, which neither holds a newline of.
pub fn identity(issuer: &str, subject: &str) -> String {
    format!("{issuer}\n{subject}")
}

pub fn config(store: &Store, firm: FirmId) -> Result<Option<SsoConfig>> {
    seam::get_one(store, &CONFIGS, firm.get())
}

/// The firm's provider and its claims by domain, in one snapshot.
pub fn settings(store: &Store, firm: FirmId) -> Result<(Option<SsoConfig>, Vec<DomainClaim>)> {
    let (config, rows) = seam::read(store, |tx| {
        Ok((
            tx.get(&CONFIGS, firm.get())?,
            tx.range(&DOMAINS, &[firm.get()])?,
        ))
    })?;
    Ok((
        config,
        by_domain(rows.into_iter().map(|(_, c)| c).collect()),
    ))
}

/// Saves the firm's provider and its claims to exactly `domains` in one transaction: a domain it
/// no longer names is given up, a new one is pending. A domain another firm holds confirmed is a
/// 400 naming it. Answers the firm's claims.
pub fn save_config(
    store: &Store,
    config: &SsoConfig,
    domains: &[String],
) -> Result<Vec<DomainClaim>> {
    let firm = config.firm_id;
    seam::write(store, |tx| {
        tx.open_firm(FirmId::from_stored(firm))?;
        tx.insert(&CONFIGS, firm, config)?;
        for (key, claim) in tx.range(&DOMAINS, &[firm])? {
            if !domains.contains(&claim.domain) {
                tx.remove(&DOMAINS, key)?;
            }
        }
        let mut mine = Vec::new();
        for domain in domains {
            let claims = claims_in(tx, domain)?;
            match claims.iter().find(|c| c.firm_id == firm) {
                Some(claim) => mine.push(claim.clone()),
                None => {
                    check_claim(&claims, firm, domain)?;
                    let claim = DomainClaim {
                        domain: domain.clone(),
                        firm_id: firm,
                        status: DomainStatus::Pending,
                        claimed_at: config.updated_at,
                        decided_at: None,
                    };
                    tx.insert(&DOMAINS, (firm, text_key(domain)), &claim)?;
                    mine.push(claim);
                }
            }
        }
        Ok(mine)
    })
}

/// The claims made by `firm`, by domain.
pub fn firm_claims(store: &Store, firm: FirmId) -> Result<Vec<DomainClaim>> {
    let rows = seam::range_one(store, &DOMAINS, &[firm.get()])?;
    Ok(by_domain(rows.into_iter().map(|(_, c)| c).collect()))
}

/// Every firm's claims, by domain then firm.
pub fn all_claims(store: &Store) -> Result<Vec<DomainClaim>> {
    let rows = seam::range_one(store, &DOMAINS, &[])?;
    Ok(by_domain(rows.into_iter().map(|(_, c)| c).collect()))
}

fn by_domain(mut claims: Vec<DomainClaim>) -> Vec<DomainClaim> {
    claims.sort_by(|a, b| (&a.domain, a.firm_id).cmp(&(&b.domain, b.firm_id)));
    claims
}

/// The firm whose claim to `domain` the operator confirmed.
pub fn confirmed_firm(store: &Store, domain: &str) -> Result<Option<FirmId>> {
    Ok(seam::read(store, |tx| claims_in(tx, domain))?
        .into_iter()
        .find(|c| c.status == DomainStatus::Confirmed)
        .map(|c| FirmId::from_stored(c.firm_id)))
}

/// Every firm's claims to `domain`, through the index.
fn claims_in(tx: &mut Tx, domain: &str) -> Result<Vec<DomainClaim>> {
    let key = text_key(domain);
    Ok(tx
        .lookup(&DOMAINS, &DOMAINS_BY_NAME, key..=key)?
        .into_iter()
        .map(|(_, claim)| claim)
        .filter(|claim| claim.domain == domain)
        .collect())
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
    seam::write(store, |tx| {
        // A firm merged away or deleted has no claims left.
        if !tx.firm_is_open(firm)? {
            return Ok(None);
        }
        let claims = claims_in(tx, domain)?;
        if status == DomainStatus::Confirmed {
            check_confirm(&claims, firm.get(), domain)?;
        }
        let Some(mut claim) = claims.into_iter().find(|c| c.firm_id == firm.get()) else {
            return Ok(None);
        };
        claim.status = status;
        claim.decided_at = Some(now);
        tx.insert(&DOMAINS, (firm.get(), text_key(domain)), &claim)?;
        Ok(Some(claim))
    })
}

/// Keeps a flow begun at the provider (and drops the flows older than ten minutes, every
/// firm's).
pub fn put_flow(store: &Store, state: &TokenHash, flow: &Flow) -> Result<()> {
    seam::write(store, |tx| {
        tx.open_firm(FirmId::from_stored(flow.firm_id))?;
        // Older than `FLOW_SECS` before this one: begun at `created_at - FLOW_SECS - 1` or before.
        if let Ok(last) = u64::try_from(flow.created_at - FLOW_SECS - 1) {
            for (key, _) in tx.lookup(&FLOWS, &FLOWS_BY_AGE, 0..=last)? {
                tx.remove(&FLOWS, key)?;
            }
        }
        let stored = StoredFlow {
            state_hash: *state,
            flow: flow.clone(),
        };
        tx.insert(&FLOWS, (flow.firm_id, hash_key(state)), &stored)
    })
}

/// Takes the flow of `state` out of the store: it can be finished once.
pub fn take_flow(store: &Store, state: &TokenHash) -> Result<Option<Flow>> {
    seam::write(store, |tx| {
        let found = find_by_hash(tx, &FLOWS, &FLOWS_BY_STATE, state, |s| &s.state_hash)?;
        let Some((key, stored)) = found else {
            return Ok(None);
        };
        tx.remove(&FLOWS, key)?;
        Ok(Some(stored.flow))
    })
}

pub fn link(store: &Store, issuer: &str, subject: &str) -> Result<Option<SsoLink>> {
    seam::read(store, |tx| {
        Ok(links_of(tx, issuer, subject)?.into_iter().next())
    })
    .map(|found| found.map(|(_, link)| link))
}

/// The links of the identity (one at most), with their keys.
fn links_of(tx: &mut Tx, issuer: &str, subject: &str) -> Result<Vec<((u64, u64), SsoLink)>> {
    let key = text_key(&identity(issuer, subject));
    Ok(tx
        .lookup(&LINKS, &LINKS_BY_IDENTITY, key..=key)?
        .into_iter()
        .filter(|(_, link)| link.issuer == issuer && link.subject == subject)
        .collect())
}

/// Links the identity to an account of `firm` (replacing a link to an account that no longer
/// exists); refused when the firm was merged away or deleted meanwhile, as its links went with it.
pub fn put_link(store: &Store, firm: FirmId, link: &SsoLink) -> Result<()> {
    seam::write(store, |tx| {
        tx.open_firm(firm)?;
        for (key, _) in links_of(tx, &link.issuer, &link.subject)? {
            tx.remove(&LINKS, key)?;
        }
        let key = text_key(&identity(&link.issuer, &link.subject));
        tx.insert(&LINKS, (link.user_id, key), link)
    })
}

/// A firm merge: the merged firm's provider and domain claims are dropped (the kept firm's
/// owner sets up single sign-on for everyone; the identities' links stay, by account).
pub fn merge_firm_in(tx: &mut WriteTx, into: FirmId, from: FirmId) -> Result<()> {
    seam::within(tx, |tx| {
        tx.lock_firms(&[into, from])?;
        tx.remove(&CONFIGS, from.get())?;
        for (key, _) in tx.range(&DOMAINS, &[from.get()])? {
            tx.remove(&DOMAINS, key)?;
        }
        Ok(())
    })
}

/// The check of a new claim against the domain's claims.
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

/// The check of a confirmation.
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
        redb: &[&CONFIGS],
        postgres: true,
        secrets: &["client_secret"],
        refers_to: &[],
    },
    Table {
        name: "sso_domains",
        purge: Purge::ByKey,
        export: Export::Rows {
            read: archive_domains,
            load: Load::Left(
                "the operator confirms a firm's domains on each install: an owner claims them again",
            ),
        },
        holder: Holder::Firm { column: "firm_id" },
        redb: &[&DOMAINS, &DOMAINS_BY_NAME],
        postgres: true,
        secrets: &[],
        refers_to: &[],
    },
    Table {
        name: "sso_flows",
        purge: Purge::ByKey,
        export: Export::Left("sign-ins in progress"),
        holder: Holder::Firm { column: "firm_id" },
        redb: &[&FLOWS, &FLOWS_BY_STATE, &FLOWS_BY_AGE],
        postgres: true,
        secrets: &["state_hash", "nonce", "pkce_verifier"],
        refers_to: &[],
    },
    Table {
        name: "sso_links",
        purge: Purge::ByKey,
        export: Export::Left(
            "identities linked at this install's sign-in: linked again at the first single sign-on",
        ),
        holder: Holder::Member { column: "user_id" },
        redb: &[&LINKS, &LINKS_BY_IDENTITY],
        postgres: true,
        secrets: &[],
        refers_to: &[],
    },
];

#[cfg(test)]
mod tests;
