//! Decisions in the redb file: DECISIONS and DECISION_VERSIONS.

use redb::{ReadableTable, WriteTransaction};

use crate::decisions::model::{Decision, DecisionStatus, Version};
use crate::platform::error::Result;
use crate::platform::firm_id::FirmId;
use crate::platform::store::{self, DECISION_VERSIONS, DECISIONS, FileStore, codec};

pub fn list(db: &FileStore, firm_id: FirmId) -> Result<Vec<Decision>> {
    let rows: Vec<(u64, Decision)> = store::user_rows(&db.read()?, DECISIONS, firm_id.get())?;
    Ok(rows.into_iter().map(|(_, d)| d).collect())
}

/// Every firm's decisions, for the export.
pub fn load_all(db: &FileStore) -> Result<Vec<Decision>> {
    let rows: Vec<((u64, u64), Decision)> = store::all_user_rows(&db.read()?, DECISIONS)?;
    Ok(rows.into_iter().map(|(_, d)| d).collect())
}

/// Every firm's versions, for the export.
pub fn all_versions(db: &FileStore) -> Result<Vec<Version>> {
    let txn = db.read()?;
    let Some(table) = store::open_read(&txn, DECISION_VERSIONS)? else {
        return Ok(Vec::new());
    };
    let mut out = Vec::new();
    for entry in table.iter()? {
        out.push(codec::decode(entry?.1.value())?);
    }
    Ok(out)
}

pub fn versions(db: &FileStore, firm_id: FirmId, id: u64) -> Result<Vec<Version>> {
    let txn = db.read()?;
    let Some(table) = store::open_read(&txn, DECISION_VERSIONS)? else {
        return Ok(Vec::new());
    };
    let f = firm_id.get();
    let mut out = Vec::new();
    for entry in table.range((f, id, 0)..=(f, id, u64::MAX))? {
        out.push(codec::decode(entry?.1.value())?);
    }
    Ok(out)
}

pub fn find_in(txn: &WriteTransaction, firm_id: FirmId, id: u64) -> Result<Option<Decision>> {
    store::merged::refuse_in_file(txn, firm_id)?;
    let table = txn.open_table(DECISIONS)?;
    let found = table.get((firm_id.get(), id))?;
    Ok(found.map(|v| codec::decode(v.value())).transpose()?)
}

pub fn open_in_category_in(
    txn: &WriteTransaction,
    firm_id: FirmId,
    category_id: u64,
) -> Result<Option<u64>> {
    store::merged::refuse_in_file(txn, firm_id)?;
    let table = txn.open_table(DECISIONS)?;
    let f = firm_id.get();
    for entry in table.range((f, 0)..=(f, u64::MAX))? {
        let d: Decision = codec::decode(entry?.1.value())?;
        if d.terms.category_id == category_id && d.status == DecisionStatus::Open {
            return Ok(Some(d.id));
        }
    }
    Ok(None)
}

pub fn put_in(txn: &WriteTransaction, d: &Decision) -> Result<()> {
    txn.open_table(DECISIONS)?
        .insert((d.firm_id, d.id), codec::encode(d).as_slice())?;
    Ok(())
}

pub fn latest_in(txn: &WriteTransaction, firm_id: FirmId, id: u64) -> Result<Option<Version>> {
    let table = txn.open_table(DECISION_VERSIONS)?;
    let f = firm_id.get();
    let last = table.range((f, id, 0)..=(f, id, u64::MAX))?.next_back();
    Ok(last.map(|e| codec::decode(e?.1.value())).transpose()?)
}

pub fn add_version_in(txn: &WriteTransaction, v: &Version) -> Result<()> {
    let mut table = txn.open_table(DECISION_VERSIONS)?;
    let key = (v.firm_id, v.decision_id, u64::from(v.n));
    if table.get(key)?.is_some() {
        return Err(anyhow::anyhow!(
            "version {} of decision {} is stored already",
            v.n,
            v.decision_id
        )
        .into());
    }
    table.insert(key, codec::encode(v).as_slice())?;
    Ok(())
}

pub fn merge_firm_in(txn: &WriteTransaction, into: FirmId, from: FirmId) -> Result<()> {
    let (into, from) = (into.get(), from.get());
    let mut table = txn.open_table(DECISIONS)?;
    let mut theirs: Vec<Decision> = Vec::new();
    for entry in table.range((from, 0)..=(from, u64::MAX))? {
        theirs.push(codec::decode(entry?.1.value())?);
    }
    for mut d in theirs {
        table.remove((from, d.id))?;
        d.firm_id = into;
        table.insert((into, d.id), codec::encode(&d).as_slice())?;
    }
    let mut table = txn.open_table(DECISION_VERSIONS)?;
    let mut versions: Vec<Version> = Vec::new();
    for entry in table.range((from, 0, 0)..=(from, u64::MAX, u64::MAX))? {
        versions.push(codec::decode(entry?.1.value())?);
    }
    for mut v in versions {
        table.remove((from, v.decision_id, u64::from(v.n)))?;
        v.firm_id = into;
        table.insert(
            (into, v.decision_id, u64::from(v.n)),
            codec::encode(&v).as_slice(),
        )?;
    }
    Ok(())
}
