//! Single sign-on in the redb file: SSO_CONFIGS, SSO_DOMAINS, SSO_FLOWS, SSO_LINKS.

use redb::{ReadableTable, WriteTransaction};

use super::super::model::{DomainClaim, DomainStatus, FLOW_SECS, Flow, SsoConfig, SsoLink};
use crate::accounts::sessions::TokenHash;
use crate::platform::error::Result;
use crate::platform::firm_id::FirmId;
use crate::platform::store::{
    self, FileStore, SSO_CONFIGS, SSO_DOMAINS, SSO_FLOWS, SSO_LINKS, codec, open_read,
};

fn link_key(issuer: &str, subject: &str) -> String {
    format!("{issuer}\n{subject}")
}

pub fn config(db: &FileStore, firm: u64) -> Result<Option<SsoConfig>> {
    let txn = db.read()?;
    let Some(table) = open_read(&txn, SSO_CONFIGS)? else {
        return Ok(None);
    };
    Ok(table
        .get(firm)?
        .map(|v| codec::decode(v.value()))
        .transpose()?)
}

fn claims_in(table: &redb::Table<&str, &[u8]>, domain: &str) -> Result<Vec<DomainClaim>> {
    Ok(table
        .get(domain)?
        .map(|v| codec::decode::<Vec<DomainClaim>>(v.value()))
        .transpose()?
        .unwrap_or_default())
}

fn put_claims(
    table: &mut redb::Table<&str, &[u8]>,
    domain: &str,
    claims: &[DomainClaim],
) -> Result<()> {
    if claims.is_empty() {
        table.remove(domain)?;
    } else {
        table.insert(domain, codec::encode(&claims.to_vec()).as_slice())?;
    }
    Ok(())
}

pub fn save_config(
    db: &FileStore,
    config: &SsoConfig,
    domains: &[String],
) -> Result<Vec<DomainClaim>> {
    let txn = db.write()?;
    store::merged::refuse_in_file(
        &txn,
        crate::platform::firm_id::FirmId::from_stored(config.firm_id),
    )?;
    let firm = config.firm_id;
    let mut mine = Vec::new();
    {
        txn.open_table(SSO_CONFIGS)?
            .insert(firm, codec::encode(config).as_slice())?;
        let mut table = txn.open_table(SSO_DOMAINS)?;
        let mut all: Vec<(String, Vec<DomainClaim>)> = Vec::new();
        for entry in table.iter()? {
            let (k, v) = entry?;
            all.push((k.value().to_string(), codec::decode(v.value())?));
        }
        // Claims given up.
        for (domain, claims) in &all {
            if claims.iter().any(|c| c.firm_id == firm) && !domains.contains(domain) {
                let kept: Vec<DomainClaim> = claims
                    .iter()
                    .filter(|c| c.firm_id != firm)
                    .cloned()
                    .collect();
                put_claims(&mut table, domain, &kept)?;
            }
        }
        for domain in domains {
            let mut claims = claims_in(&table, domain)?;
            match claims.iter().find(|c| c.firm_id == firm) {
                Some(claim) => mine.push(claim.clone()),
                None => {
                    super::check_claim(&claims, firm, domain)?;
                    let claim = DomainClaim {
                        domain: domain.clone(),
                        firm_id: firm,
                        status: DomainStatus::Pending,
                        claimed_at: config.updated_at,
                        decided_at: None,
                    };
                    claims.push(claim.clone());
                    put_claims(&mut table, domain, &claims)?;
                    mine.push(claim);
                }
            }
        }
    }
    txn.commit()?;
    Ok(mine)
}

pub fn all_claims(db: &FileStore) -> Result<Vec<DomainClaim>> {
    let txn = db.read()?;
    let Some(table) = open_read(&txn, SSO_DOMAINS)? else {
        return Ok(Vec::new());
    };
    let mut out = Vec::new();
    for entry in table.iter()? {
        out.extend(codec::decode::<Vec<DomainClaim>>(entry?.1.value())?);
    }
    Ok(out)
}

pub fn claims_of(db: &FileStore, domain: &str) -> Result<Vec<DomainClaim>> {
    let txn = db.read()?;
    let Some(table) = open_read(&txn, SSO_DOMAINS)? else {
        return Ok(Vec::new());
    };
    Ok(table
        .get(domain)?
        .map(|v| codec::decode(v.value()))
        .transpose()?
        .unwrap_or_default())
}

pub fn decide(
    db: &FileStore,
    firm: u64,
    domain: &str,
    status: DomainStatus,
    now: i64,
) -> Result<Option<DomainClaim>> {
    let txn = db.write()?;
    let decided = {
        let mut table = txn.open_table(SSO_DOMAINS)?;
        let mut claims = claims_in(&table, domain)?;
        if status == DomainStatus::Confirmed {
            super::check_confirm(&claims, firm, domain)?;
        }
        let Some(claim) = claims.iter_mut().find(|c| c.firm_id == firm) else {
            return Ok(None);
        };
        claim.status = status;
        claim.decided_at = Some(now);
        let decided = claim.clone();
        put_claims(&mut table, domain, &claims)?;
        decided
    };
    txn.commit()?;
    Ok(Some(decided))
}

pub fn put_flow(db: &FileStore, state: &TokenHash, flow: &Flow) -> Result<()> {
    let txn = db.write()?;
    {
        let mut table = txn.open_table(SSO_FLOWS)?;
        let mut stale = Vec::new();
        for entry in table.iter()? {
            let (k, v) = entry?;
            let old: Flow = codec::decode(v.value())?;
            if flow.created_at - old.created_at > FLOW_SECS {
                stale.push(k.value().to_vec());
            }
        }
        for key in stale {
            table.remove(key.as_slice())?;
        }
        table.insert(state.as_slice(), codec::encode(flow).as_slice())?;
    }
    txn.commit()?;
    Ok(())
}

pub fn take_flow(db: &FileStore, state: &TokenHash) -> Result<Option<Flow>> {
    let txn = db.write()?;
    let flow = {
        let mut table = txn.open_table(SSO_FLOWS)?;
        let removed = table.remove(state.as_slice())?;
        removed
            .map(|v| codec::decode::<Flow>(v.value()))
            .transpose()?
    };
    if flow.is_some() {
        txn.commit()?;
    }
    Ok(flow)
}

pub fn link(db: &FileStore, issuer: &str, subject: &str) -> Result<Option<SsoLink>> {
    let txn = db.read()?;
    let Some(table) = open_read(&txn, SSO_LINKS)? else {
        return Ok(None);
    };
    Ok(table
        .get(link_key(issuer, subject).as_str())?
        .map(|v| codec::decode(v.value()))
        .transpose()?)
}

pub fn put_link(db: &FileStore, firm: FirmId, link: &SsoLink) -> Result<()> {
    let txn = db.write()?;
    crate::platform::store::merged::refuse_in_file(&txn, firm)?;
    txn.open_table(SSO_LINKS)?.insert(
        link_key(&link.issuer, &link.subject).as_str(),
        codec::encode(link).as_slice(),
    )?;
    txn.commit()?;
    Ok(())
}

pub fn drop_firm_in(txn: &WriteTransaction, firm: u64) -> Result<()> {
    txn.open_table(SSO_CONFIGS)?.remove(firm)?;
    let mut table = txn.open_table(SSO_DOMAINS)?;
    let mut all: Vec<(String, Vec<DomainClaim>)> = Vec::new();
    for entry in table.iter()? {
        let (k, v) = entry?;
        all.push((k.value().to_string(), codec::decode(v.value())?));
    }
    for (domain, claims) in all {
        if claims.iter().any(|c| c.firm_id == firm) {
            let kept: Vec<DomainClaim> = claims.into_iter().filter(|c| c.firm_id != firm).collect();
            put_claims(&mut table, &domain, &kept)?;
        }
    }
    Ok(())
}

/// Every row of the four tables, as the export copies them.
pub type AllRows = (
    Vec<SsoConfig>,
    Vec<DomainClaim>,
    Vec<(Vec<u8>, Flow)>,
    Vec<SsoLink>,
);

/// Every row of the four tables: for the export.
pub fn load_all(db: &FileStore) -> Result<AllRows> {
    let txn = db.read()?;
    let mut configs = Vec::new();
    if let Some(t) = open_read(&txn, SSO_CONFIGS)? {
        for e in t.iter()? {
            configs.push(codec::decode(e?.1.value())?);
        }
    }
    let mut flows = Vec::new();
    if let Some(t) = open_read(&txn, SSO_FLOWS)? {
        for e in t.iter()? {
            let (k, v) = e?;
            flows.push((k.value().to_vec(), codec::decode(v.value())?));
        }
    }
    let mut links = Vec::new();
    if let Some(t) = open_read(&txn, SSO_LINKS)? {
        for e in t.iter()? {
            links.push(codec::decode(e?.1.value())?);
        }
    }
    drop(txn);
    Ok((configs, all_claims(db)?, flows, links))
}
