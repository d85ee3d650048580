//! The evaluations in the redb file: EVALUATION_ROUNDS, (firm id, category id, round) -> the
//! round as JSON.

use redb::ReadableTable;

use crate::evaluations::model::Round;
use crate::platform::error::Result;
use crate::platform::firm_id::FirmId;
use crate::platform::store::{self, EVALUATION_ROUNDS, FileStore};

type Table<'t> = redb::Table<'t, (u64, u64, u32), &'static [u8]>;

fn decode(bytes: &[u8]) -> Result<Round> {
    super::decode(std::str::from_utf8(bytes).unwrap_or_default())
}

pub fn rounds(db: &FileStore, firm_id: FirmId, category_id: u64) -> Result<Vec<Round>> {
    let txn = db.read()?;
    let Some(table) = store::open_read(&txn, EVALUATION_ROUNDS)? else {
        return Ok(Vec::new());
    };
    let (f, c) = (firm_id.get(), category_id);
    let mut out = Vec::new();
    for entry in table.range((f, c, 0)..=(f, c, u32::MAX))? {
        out.push(decode(entry?.1.value())?);
    }
    Ok(out)
}

pub fn load_all(db: &FileStore) -> Result<Vec<Round>> {
    let txn = db.read()?;
    let Some(table) = store::open_read(&txn, EVALUATION_ROUNDS)? else {
        return Ok(Vec::new());
    };
    let mut out = Vec::new();
    for entry in table.iter()? {
        out.push(decode(entry?.1.value())?);
    }
    Ok(out)
}

fn put(table: &mut Table<'_>, round: &Round) -> Result<()> {
    table.insert(
        (round.firm_id, round.category_id, round.round),
        super::encode(round).as_bytes(),
    )?;
    Ok(())
}

pub fn update<T>(
    db: &FileStore,
    firm_id: FirmId,
    category_id: u64,
    change: impl FnOnce(&mut Vec<Round>) -> Result<T>,
) -> Result<T> {
    let txn = db.write()?;
    store::merged::refuse_in_file(&txn, firm_id)?;
    let answer = update_in(&txn, firm_id, category_id, change)?;
    txn.commit()?;
    Ok(answer)
}

/// `update` inside the caller's transaction.
pub fn update_in<T>(
    txn: &redb::WriteTransaction,
    firm_id: FirmId,
    category_id: u64,
    change: impl FnOnce(&mut Vec<Round>) -> Result<T>,
) -> Result<T> {
    let mut table = txn.open_table(EVALUATION_ROUNDS)?;
    let (f, c) = (firm_id.get(), category_id);
    let mut rounds = Vec::new();
    for entry in table.range((f, c, 0)..=(f, c, u32::MAX))? {
        rounds.push(decode(entry?.1.value())?);
    }
    let answer = change(&mut rounds)?;
    for round in &rounds {
        put(&mut table, round)?;
    }
    Ok(answer)
}

fn firm_rounds(table: &Table<'_>, firm_id: u64) -> Result<Vec<Round>> {
    let mut out = Vec::new();
    for entry in table.range((firm_id, 0, 0)..=(firm_id, u64::MAX, u32::MAX))? {
        out.push(decode(entry?.1.value())?);
    }
    Ok(out)
}

pub fn merge_firm_in(txn: &redb::WriteTransaction, into: FirmId, from: FirmId) -> Result<()> {
    let mut table = txn.open_table(EVALUATION_ROUNDS)?;
    let ours = firm_rounds(&table, into.get())?;
    let theirs = firm_rounds(&table, from.get())?;
    for round in &theirs {
        table.remove((round.firm_id, round.category_id, round.round))?;
    }
    for round in super::renumbered(&ours, theirs, into.get()) {
        put(&mut table, &round)?;
    }
    Ok(())
}
