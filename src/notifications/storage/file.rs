//! Notices, preferences and the unsubscribe secret in the redb file: `NOTICES`, `NOTICE_PREFS`,
//! `SETTINGS["unsubscribe_secret"]`.

use std::collections::HashMap;

use redb::{ReadableTable, WriteTransaction};

use super::{Delivery, SECRET_KEY, new_secret, unsubscribe_url};
use crate::mail::storage::{self as mail_storage, Outgoing};
use crate::notifications::model::{KEEP_PER_PERSON, NoticeKind, Pref, Stored};
use crate::platform::error::Result;
use crate::platform::firm_id::FirmId;
use crate::platform::store::{self, FileStore, NOTICE_PREFS, NOTICES, SETTINGS, codec, open_read};

fn pref_in(txn: &WriteTransaction, user_id: u64, kind: NoticeKind) -> Result<Pref> {
    let table = txn.open_table(NOTICE_PREFS)?;
    let value = table.get((user_id, kind.code()))?;
    Ok(value
        .map(|v| codec::decode(v.value()))
        .transpose()?
        .unwrap_or_default())
}

/// The install's unsubscribe secret, created in `txn` on first use.
pub fn secret_in(txn: &WriteTransaction) -> Result<Vec<u8>> {
    let mut table = txn.open_table(SETTINGS)?;
    if let Some(v) = table.get(SECRET_KEY)? {
        return Ok(v.value().to_vec());
    }
    let secret = new_secret();
    table.insert(SECRET_KEY, secret.as_slice())?;
    Ok(secret)
}

pub fn secret(db: &FileStore) -> Result<Vec<u8>> {
    let txn = db.write()?;
    let secret = secret_in(&txn)?;
    txn.commit()?;
    Ok(secret)
}

/// Writes `d` in the cause's transaction, as its person's preferences say.
pub fn deliver_in(txn: &WriteTransaction, d: &Delivery) -> Result<()> {
    let n = &d.notice;
    let pref = pref_in(txn, n.user_id, n.kind)?;
    if pref.in_app {
        let id = store::next_id(txn, "notices")?;
        let stored = Stored {
            id,
            kind: n.kind,
            firm_id: n.firm_id,
            title: n.title.clone(),
            body: n.body.clone(),
            link: n.link.clone(),
            created_at: n.created_at,
            read: false,
        };
        let mut table = txn.open_table(NOTICES)?;
        table.insert((n.user_id, id), codec::encode(&stored).as_slice())?;
        let ids: Vec<u64> = table
            .range((n.user_id, 0)..=(n.user_id, u64::MAX))?
            .map(|e| e.map(|(k, _)| k.value().1))
            .collect::<std::result::Result<_, _>>()?;
        for old in ids.iter().take(ids.len().saturating_sub(KEEP_PER_PERSON)) {
            table.remove((n.user_id, *old))?;
        }
    }
    if pref.mails(n.kind)
        && let Some(base) = d.base.as_deref()
        && let Some(settings) = mail_storage::settings_in_file(txn)?
    {
        let out = Outgoing::new(&settings, d.letter.clone());
        let id = mail_storage::enqueue_file(txn, &out, n.created_at)?;
        if !n.kind.always_mailed() {
            let secret = secret_in(txn)?;
            let url = unsubscribe_url(base, &secret, n.user_id, n.kind, n.created_at);
            mail_storage::set_unsubscribe_file(txn, id, &url)?;
        }
    }
    Ok(())
}

/// The newest `limit` notices of `user_id`, and how many of all kept are unread.
pub fn list(db: &FileStore, user_id: u64, limit: usize) -> Result<(usize, Vec<Stored>)> {
    let txn = db.read()?;
    let Some(table) = open_read(&txn, NOTICES)? else {
        return Ok((0, Vec::new()));
    };
    let mut unread = 0;
    let mut items = Vec::new();
    for entry in table.range((user_id, 0)..=(user_id, u64::MAX))?.rev() {
        let stored: Stored = codec::decode(entry?.1.value())?;
        unread += usize::from(!stored.read);
        if items.len() < limit {
            items.push(stored);
        }
    }
    Ok((unread, items))
}

/// `super::resolve_in` on the redb file.
pub fn resolve_in(
    txn: &WriteTransaction,
    users: &[u64],
    kind: NoticeKind,
    link: &str,
    body: &str,
) -> Result<()> {
    let mut table = txn.open_table(NOTICES)?;
    for &user_id in users {
        let mut ended = Vec::new();
        for entry in table.range((user_id, 0)..=(user_id, u64::MAX))? {
            let (key, value) = entry?;
            let stored: Stored = codec::decode(value.value())?;
            if stored.kind == kind && stored.link == link {
                ended.push((key.value(), stored));
            }
        }
        for (key, mut stored) in ended {
            stored.read = true;
            stored.body = body.to_string();
            table.insert(key, codec::encode(&stored).as_slice())?;
        }
    }
    Ok(())
}

/// Marks `ids` of `user_id` read (every one when `None`); others' ids are skipped.
pub fn mark_read(db: &FileStore, firm: FirmId, user_id: u64, ids: Option<&[u64]>) -> Result<()> {
    let txn = db.write()?;
    store::merged::refuse_in_file(&txn, firm)?;
    {
        let mut table = txn.open_table(NOTICES)?;
        let keys: Vec<u64> = match ids {
            Some(ids) => ids.to_vec(),
            None => table
                .range((user_id, 0)..=(user_id, u64::MAX))?
                .map(|e| e.map(|(k, _)| k.value().1))
                .collect::<std::result::Result<_, _>>()?,
        };
        for id in keys {
            let found = table.get((user_id, id))?.map(|v| v.value().to_vec());
            if let Some(bytes) = found {
                let mut stored: Stored = codec::decode(&bytes)?;
                if !stored.read {
                    stored.read = true;
                    table.insert((user_id, id), codec::encode(&stored).as_slice())?;
                }
            }
        }
    }
    txn.commit()?;
    Ok(())
}

pub fn prefs(db: &FileStore, user_id: u64) -> Result<HashMap<NoticeKind, Pref>> {
    let txn = db.read()?;
    let mut out = HashMap::new();
    let Some(table) = open_read(&txn, NOTICE_PREFS)? else {
        return Ok(out);
    };
    for kind in NoticeKind::ALL {
        if let Some(v) = table.get((user_id, kind.code()))? {
            out.insert(kind, codec::decode(v.value())?);
        }
    }
    Ok(out)
}

pub fn set_prefs(
    db: &FileStore,
    firm: FirmId,
    user_id: u64,
    prefs: &[(NoticeKind, Pref)],
) -> Result<()> {
    let txn = db.write()?;
    store::merged::refuse_in_file(&txn, firm)?;
    {
        let mut table = txn.open_table(NOTICE_PREFS)?;
        for (kind, pref) in prefs {
            table.insert((user_id, kind.code()), codec::encode(pref).as_slice())?;
        }
    }
    txn.commit()?;
    Ok(())
}

/// Every notice (with its person) and every preference: the export.
type All = (Vec<(u64, Stored)>, Vec<(u64, NoticeKind, Pref)>);

pub fn load_all(db: &FileStore) -> Result<All> {
    let txn = db.read()?;
    let mut notices = Vec::new();
    if let Some(table) = open_read(&txn, NOTICES)? {
        for entry in table.iter()? {
            let (k, v) = entry?;
            notices.push((k.value().0, codec::decode(v.value())?));
        }
    }
    let mut prefs = Vec::new();
    if let Some(table) = open_read(&txn, NOTICE_PREFS)? {
        for entry in table.iter()? {
            let (k, v) = entry?;
            let (user, code) = k.value();
            if let Some(kind) = NoticeKind::from_code(code) {
                prefs.push((user, kind, codec::decode(v.value())?));
            }
        }
    }
    Ok((notices, prefs))
}

/// The unsubscribe secret if one was made: the export.
pub fn stored_secret(db: &FileStore) -> Result<Option<Vec<u8>>> {
    let txn = db.read()?;
    let Some(table) = open_read(&txn, SETTINGS)? else {
        return Ok(None);
    };
    Ok(table.get(SECRET_KEY)?.map(|v| v.value().to_vec()))
}
