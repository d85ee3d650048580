//! The outbox in the redb file: `OUTBOX` (id -> message) and `OUTBOX_DUE` (the queued ones by
//! next attempt).

use redb::{ReadableTable, WriteTransaction};

use super::Outcome;
use crate::mail::model::{CLAIM_SECS, Letter, Queued, Status};
use crate::platform::error::Result;
use crate::platform::store::{
    self, FileStore, OUTBOX, OUTBOX_DUE, OUTBOX_UNSUBSCRIBE, codec, open_read,
};

fn due_key(q: &Queued) -> (u64, u64) {
    (q.next_attempt_at.max(0) as u64, q.id)
}

fn put(txn: &WriteTransaction, q: &Queued) -> Result<()> {
    txn.open_table(OUTBOX)?
        .insert(q.id, codec::encode(q).as_slice())?;
    Ok(())
}

fn get(txn: &WriteTransaction, id: u64) -> Result<Option<Queued>> {
    let table = txn.open_table(OUTBOX)?;
    let value = table.get(id)?;
    Ok(value.map(|v| codec::decode(v.value())).transpose()?)
}

/// Queues `letter` inside the cause's transaction.
pub fn enqueue_in(
    txn: &WriteTransaction,
    letter: &Letter,
    message_id: String,
    now: i64,
) -> Result<u64> {
    let id = store::next_id(txn, "outbox")?;
    let q = Queued::new(id, letter, message_id, now);
    put(txn, &q)?;
    txn.open_table(OUTBOX_DUE)?.insert(due_key(&q), ())?;
    Ok(id)
}

pub fn claim_due(db: &FileStore, now: i64, limit: usize) -> Result<Vec<Queued>> {
    let txn = db.write()?;
    let mut claimed = Vec::new();
    {
        let due: Vec<(u64, u64)> = {
            let table = txn.open_table(OUTBOX_DUE)?;
            let mut keys = Vec::new();
            for entry in table.range((0, 0)..=(now.max(0) as u64, u64::MAX))? {
                keys.push(entry?.0.value());
                if keys.len() == limit {
                    break;
                }
            }
            keys
        };
        for key in due {
            let Some(mut q) = get(&txn, key.1)? else {
                continue;
            };
            if q.status != Status::Queued || q.claimed_until.is_some_and(|until| until > now) {
                continue;
            }
            q.claimed_until = Some(now + CLAIM_SECS);
            put(&txn, &q)?;
            claimed.push(q);
        }
    }
    txn.commit()?;
    Ok(claimed)
}

pub fn finish(db: &FileStore, id: u64, outcome: &Outcome, now: i64) -> Result<()> {
    let txn = db.write()?;
    if let Some(mut q) = get(&txn, id)? {
        let before = due_key(&q);
        let was_queued = q.status == Status::Queued;
        outcome.apply(&mut q, now);
        let mut due = txn.open_table(OUTBOX_DUE)?;
        if was_queued {
            due.remove(before)?;
        }
        if q.status == Status::Queued {
            due.insert(due_key(&q), ())?;
        }
        drop(due);
        put(&txn, &q)?;
    }
    txn.commit()?;
    Ok(())
}

/// Applies the operator's `change` to message `id` (retry or drop); `None` when there is none.
pub fn change(
    db: &FileStore,
    id: u64,
    change: impl FnOnce(&mut Queued) -> Result<()>,
) -> Result<Option<Queued>> {
    let txn = db.write()?;
    let Some(mut q) = get(&txn, id)? else {
        return Ok(None);
    };
    let before = (q.status == Status::Queued).then(|| due_key(&q));
    change(&mut q)?;
    let mut due = txn.open_table(OUTBOX_DUE)?;
    if let Some(key) = before {
        due.remove(key)?;
    }
    if q.status == Status::Queued {
        due.insert(due_key(&q), ())?;
    }
    drop(due);
    put(&txn, &q)?;
    txn.commit()?;
    Ok(Some(q))
}

/// The newest `limit` messages, newest first.
pub fn recent(db: &FileStore, limit: usize) -> Result<Vec<Queued>> {
    let txn = db.read()?;
    let Some(table) = open_read(&txn, OUTBOX)? else {
        return Ok(Vec::new());
    };
    let mut out = Vec::new();
    for entry in table.iter()?.rev().take(limit) {
        out.push(codec::decode(entry?.1.value())?);
    }
    Ok(out)
}

/// Every message, by id: the export and tests.
pub fn load_all(db: &FileStore) -> Result<Vec<Queued>> {
    let txn = db.read()?;
    let Some(table) = open_read(&txn, OUTBOX)? else {
        return Ok(Vec::new());
    };
    let mut out = Vec::new();
    for entry in table.iter()? {
        out.push(codec::decode(entry?.1.value())?);
    }
    Ok(out)
}

pub fn set_unsubscribe(txn: &WriteTransaction, id: u64, url: &str) -> Result<()> {
    txn.open_table(OUTBOX_UNSUBSCRIBE)?.insert(id, url)?;
    Ok(())
}

pub fn unsubscribe_url(db: &FileStore, id: u64) -> Result<Option<String>> {
    let txn = db.read()?;
    let Some(table) = open_read(&txn, OUTBOX_UNSUBSCRIBE)? else {
        return Ok(None);
    };
    Ok(table.get(id)?.map(|v| v.value().to_string()))
}

/// Every message's unsubscribe address, by message id: the export.
pub fn load_unsubscribe(db: &FileStore) -> Result<Vec<(u64, String)>> {
    let txn = db.read()?;
    let Some(table) = open_read(&txn, OUTBOX_UNSUBSCRIBE)? else {
        return Ok(Vec::new());
    };
    let mut out = Vec::new();
    for entry in table.iter()? {
        let (k, v) = entry?;
        out.push((k.value(), v.value().to_string()));
    }
    Ok(out)
}

/// Releases every claim: at start, no other process can be sending from this file (it holds the
/// file's lock), so a claim left is a killed process's and its message is due again now.
pub fn release_claims(db: &FileStore) -> Result<usize> {
    let txn = db.write()?;
    let mut released = 0;
    {
        let ids: Vec<u64> = match txn.open_table(OUTBOX_DUE) {
            Ok(table) => table
                .iter()?
                .map(|e| e.map(|(k, _)| k.value().1))
                .collect::<std::result::Result<_, _>>()?,
            Err(e) => return Err(e.into()),
        };
        for id in ids {
            if let Some(mut q) = get(&txn, id)?
                && q.claimed_until.take().is_some()
            {
                put(&txn, &q)?;
                released += 1;
            }
        }
    }
    txn.commit()?;
    Ok(released)
}
