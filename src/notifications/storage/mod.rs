//! Notices, preferences and the unsubscribe secret, written once over the storage seam
//! (`store::seam`) for both engines. A cause writes its notice through its own transaction
//! (`deliver_in`), which reads the person's preferences there and writes the in-app row, the
//! mail, both or neither: no cause knows them. The mail itself is the outbox's (`mail::storage`).
//!
//! What carried over: on redb the notices' table is the one of before the seam, its bincode
//! values rewritten as the seam's JSON by schema 12's migration, which also gathered each
//! person's choices into one row and moved the secret out of the settings; on PostgreSQL
//! migration 0048 did the same, ids and the sequence's value kept.

use std::collections::{BTreeMap, HashMap};

use crate::mail::Letter;
use crate::mail::storage::{self as mail_storage, Outgoing};
use crate::notifications::model::{KEEP_PER_PERSON, Notice, NoticeKind, Pref, Stored};
use crate::platform::error::{AppError, Result};
use crate::platform::firm_id::FirmId;
use crate::platform::store::arrival::{Arrival, Rows, unkeyed};
use crate::platform::store::registry::{
    Export, Holder, INSTALL_OWN, Load, Purge, Reference, Table as Declared, Taking, Target, keyed,
};
use crate::platform::store::seam::{self, Table, Tx};
use crate::platform::store::{NOTICE_PREFS, NOTICES, OUTBOX_UNSUBSCRIBE, UNSUBSCRIBE_SECRET};
use crate::platform::store::{Store, WriteTx};

/// (user id, notice id) -> `Stored`: the bell's notices, the newest `KEEP_PER_PERSON` per
/// person. Ids come from the `notices` sequence, one across people.
pub const NOTICES_BY_PERSON: Table<(u64, u64), Stored> =
    Table::new("notices", NOTICES, &["user_id", "id"], Some("notices"));

/// A person's choices, by kind (a kind absent: both on).
pub type Prefs = BTreeMap<NoticeKind, Pref>;

/// User id -> `Prefs`.
pub const PREFS: Table<u64, Prefs> = Table::new("notice_prefs", NOTICE_PREFS, &["user_id"], None);

/// The install's unsubscribe secret (hex), in its one row `SECRET_ROW`.
pub const SECRET: Table<u64, String> =
    Table::new("unsubscribe_secret", UNSUBSCRIBE_SECRET, &["id"], None);
const SECRET_ROW: u64 = 1;

fn new_secret() -> Vec<u8> {
    use rand::RngCore;
    let mut bytes = vec![0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    bytes
}

/// The one-click unsubscribe address of a message about `kind` to `user_id`.
fn unsubscribe_url(base: &str, secret: &[u8], user_id: u64, kind: NoticeKind, now: i64) -> String {
    let token = crate::notifications::token::sign(secret, user_id, kind, now);
    format!(
        "{}/api/unsubscribe?token={token}",
        base.trim_end_matches('/')
    )
}

/// What a cause hands over: the notice, the message that says it by mail (sent only when mail is
/// on, the person's preference lets it and the install knows its address), and where links point
/// (`accounts::links::base`).
#[derive(Debug, Clone)]
pub struct Delivery {
    pub notice: Notice,
    pub letter: Letter,
    /// The install's address (`Config::public_origin`). `None`: the letter's links would have no
    /// host, so only the bell shows the notice.
    pub base: Option<String>,
}

/// Forgets a person's notices and choices in `tx`, whose account is being removed: rows held by a
/// person who no longer exists would be kept for no one.
pub fn forget_in(tx: &mut WriteTx, user_id: u64) -> Result<()> {
    seam::within(tx, |tx| {
        for (key, _) in tx.range(&NOTICES_BY_PERSON, &[user_id])? {
            tx.remove(&NOTICES_BY_PERSON, key)?;
        }
        tx.remove(&PREFS, user_id)?;
        Ok(())
    })
}

/// Writes `d` in the cause's transaction, as its person's preferences say.
pub fn deliver_in(tx: &mut WriteTx, d: &Delivery) -> Result<()> {
    let n = &d.notice;
    let pref = seam::within(tx, |tx| {
        let pref = pref_in(tx, n.user_id, n.kind)?;
        if pref.in_app {
            show(tx, n)?;
        }
        Ok(pref)
    })?;
    if pref.mails(n.kind)
        && let Some(base) = d.base.as_deref()
        && let Some(settings) = mail_storage::settings_in(tx)?
    {
        let unsubscribe = if n.kind.always_mailed() {
            None
        } else {
            let secret = seam::within(tx, secret_in)?;
            Some(unsubscribe_url(
                base,
                &secret,
                n.user_id,
                n.kind,
                n.created_at,
            ))
        };
        let out = Outgoing::new(&settings, d.letter.clone());
        mail_storage::enqueue_in(tx, &out, n.created_at, unsubscribe.as_deref())?;
    }
    Ok(())
}

/// Writes `d` alone, in a transaction of its own.
pub fn deliver(store: &Store, d: &Delivery) -> Result<()> {
    let mut tx = store.begin()?;
    deliver_in(&mut tx, d)?;
    tx.commit()?;
    Ok(())
}

fn pref_in(tx: &mut Tx, user_id: u64, kind: NoticeKind) -> Result<Pref> {
    let prefs = tx.get(&PREFS, user_id)?.unwrap_or_default();
    Ok(prefs.get(&kind).copied().unwrap_or_default())
}

/// Puts `n` under its person's bell, dropping their oldest beyond `KEEP_PER_PERSON`.
fn show(tx: &mut Tx, n: &Notice) -> Result<()> {
    let id = tx.next_id(&NOTICES_BY_PERSON)?;
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
    tx.insert_new(&NOTICES_BY_PERSON, (n.user_id, id), &stored)?;
    let kept = tx.range(&NOTICES_BY_PERSON, &[n.user_id])?;
    for (key, _) in kept.iter().take(kept.len().saturating_sub(KEEP_PER_PERSON)) {
        tx.remove(&NOTICES_BY_PERSON, *key)?;
    }
    Ok(())
}

/// The install's unsubscribe secret, created on first use. Two nodes of a hub that create it at
/// once keep the first one's.
fn secret_in(tx: &mut Tx) -> Result<Vec<u8>> {
    let hex = match tx.get(&SECRET, SECRET_ROW)? {
        Some(hex) => hex,
        None => {
            let made = hex::encode(new_secret());
            match tx.insert_new(&SECRET, SECRET_ROW, &made) {
                Ok(()) => made,
                Err(AppError::Conflict(m)) if m == seam::TAKEN => tx
                    .get(&SECRET, SECRET_ROW)?
                    .ok_or_else(|| anyhow::anyhow!("the unsubscribe secret went missing"))?,
                Err(e) => return Err(e),
            }
        }
    };
    hex::decode(hex).map_err(|e| AppError::Internal(e.into()))
}

/// The install's unsubscribe secret (created on first use).
pub fn secret(store: &Store) -> Result<Vec<u8>> {
    seam::write(store, secret_in)
}

/// Ends the notices of `kind` about one subject (named by their in-app `link`) for `users`, in
/// the cause's transaction: each is read, and says how it ended (`body`), so no bell keeps asking
/// for what was decided.
pub fn resolve_in(
    tx: &mut WriteTx,
    users: &[u64],
    kind: NoticeKind,
    link: &str,
    body: &str,
) -> Result<()> {
    seam::within(tx, |tx| {
        for &user_id in users {
            for (key, mut stored) in tx.range(&NOTICES_BY_PERSON, &[user_id])? {
                if stored.kind == kind && stored.link == link {
                    stored.read = true;
                    stored.body = body.to_string();
                    tx.insert(&NOTICES_BY_PERSON, key, &stored)?;
                }
            }
        }
        Ok(())
    })
}

/// The newest `limit` notices of `user_id`, newest first, and how many kept are unread.
pub fn list(store: &Store, user_id: u64, limit: usize) -> Result<(usize, Vec<Stored>)> {
    let kept = seam::range_one(store, &NOTICES_BY_PERSON, &[user_id])?;
    let unread = kept.iter().filter(|(_, s)| !s.read).count();
    let items = kept.into_iter().rev().take(limit).map(|(_, s)| s).collect();
    Ok((unread, items))
}

/// Marks `ids` of `user_id` read (all when `None`); ids that are not theirs are skipped. Refused,
/// like a write of the firm's data, when the firm was merged away or deleted meanwhile.
pub fn mark_read(store: &Store, firm: FirmId, user_id: u64, ids: Option<&[u64]>) -> Result<()> {
    seam::write(store, |tx| {
        tx.open_firm(firm)?;
        let mut found = tx.range(&NOTICES_BY_PERSON, &[user_id])?;
        if let Some(ids) = ids {
            found.retain(|((_, id), _)| ids.contains(id));
        }
        for (key, mut stored) in found {
            if !stored.read {
                stored.read = true;
                tx.insert(&NOTICES_BY_PERSON, key, &stored)?;
            }
        }
        Ok(())
    })
}

/// The choices `user_id` made (kinds absent: both on).
pub fn prefs(store: &Store, user_id: u64) -> Result<HashMap<NoticeKind, Pref>> {
    let prefs = seam::get_one(store, &PREFS, user_id)?;
    Ok(prefs.unwrap_or_default().into_iter().collect())
}

/// Stores the choices of `user_id` of `firm`; refused, like a write of the firm's data, when the
/// firm was merged away or deleted meanwhile (its members' choices went with it).
pub fn set_prefs(
    store: &Store,
    firm: FirmId,
    user_id: u64,
    prefs: &[(NoticeKind, Pref)],
) -> Result<()> {
    seam::write(store, |tx| {
        tx.open_firm(firm)?;
        let mut chosen = tx.get(&PREFS, user_id)?.unwrap_or_default();
        chosen.extend(prefs.iter().copied());
        tx.insert(&PREFS, user_id, &chosen)
    })
}

// A firm's archive: its members' notices and their choices of how to be told.
fn archive_notices(store: &Store, taking: &Taking) -> Result<Vec<serde_json::Value>> {
    let mut notices = Vec::new();
    for &user_id in &taking.members {
        for notice in list(store, user_id, usize::MAX)?.1 {
            notices.push(keyed(&[("user_id", user_id)], notice)?);
        }
    }
    Ok(notices)
}

// An import: the members' notices, read or not, with their words as they were. A notice's link
// named a record of the old install by its id, so it is left out rather than point elsewhere.
fn load_notices(tx: &mut WriteTx, arrival: &mut Arrival, rows: &mut Rows<'_>) -> Result<usize> {
    let firm_id = arrival.firm()?.get();
    let count = rows.len();
    seam::within(tx, |tx| {
        for (i, row) in rows.into_iter().enumerate() {
            let (keys, mut notice): (_, Stored) = unkeyed("notices", i, row, &["user_id"])?;
            let user_id = arrival.user("notices", i, keys[0])?;
            notice.id = tx.next_id(&NOTICES_BY_PERSON)?;
            notice.firm_id = firm_id;
            notice.link = String::new();
            tx.insert_new(&NOTICES_BY_PERSON, (user_id, notice.id), &notice)?;
        }
        Ok(())
    })?;
    if count > 0 {
        arrival.notes.push(
            "The notices under the bell keep their words; their links pointed at the old \
             install's records and are left out."
                .into(),
        );
    }
    Ok(count)
}

// An archive's choices, one row per person and kind.
fn load_prefs(tx: &mut WriteTx, arrival: &mut Arrival, rows: &mut Rows<'_>) -> Result<usize> {
    let count = rows.len();
    #[derive(serde::Deserialize)]
    struct Kind {
        kind: NoticeKind,
    }
    seam::within(tx, |tx| {
        for (i, row) in rows.into_iter().enumerate() {
            let Kind { kind } =
                crate::platform::store::arrival::parse("notice_prefs", i, row.clone())?;
            let (keys, pref): (_, Pref) = unkeyed("notice_prefs", i, row, &["user_id"])?;
            let user_id = arrival.user("notice_prefs", i, keys[0])?;
            let mut chosen = tx.get(&PREFS, user_id)?.unwrap_or_default();
            chosen.insert(kind, pref);
            tx.insert(&PREFS, user_id, &chosen)?;
        }
        Ok(())
    })?;
    Ok(count)
}

fn archive_prefs(store: &Store, taking: &Taking) -> Result<Vec<serde_json::Value>> {
    let mut out = Vec::new();
    for &user_id in &taking.members {
        let mut prefs: Vec<_> = prefs(store, user_id)?.into_iter().collect();
        prefs.sort_by_key(|(kind, _)| format!("{kind:?}"));
        for (kind, pref) in prefs {
            let kind = serde_json::to_value(kind).map_err(anyhow::Error::from)?;
            let mut row = keyed(&[("user_id", user_id)], pref)?;
            row["kind"] = kind;
            out.push(row);
        }
    }
    Ok(out)
}

/// This domain's tables, for the registry of data (the list in src/registry.rs).
pub const TABLES: &[Declared] = &[
    // A person's notices, whichever firm they were about: they go with the person's firm.
    Declared {
        name: "notices",
        purge: Purge::ByKey,
        export: Export::Rows {
            read: archive_notices,
            load: Load::Rows(load_notices),
        },
        holder: Holder::Member { column: "user_id" },
        redb: &[&NOTICES_BY_PERSON],
        postgres: true,
        secrets: &[],
        refers_to: &[Reference {
            column: "user_id",
            to: Target::User,
        }],
    },
    Declared {
        name: "notice_prefs",
        purge: Purge::ByKey,
        export: Export::Rows {
            read: archive_prefs,
            load: Load::Rows(load_prefs),
        },
        holder: Holder::Member { column: "user_id" },
        redb: &[&PREFS],
        postgres: true,
        secrets: &[],
        refers_to: &[],
    },
    Declared {
        name: "unsubscribe_secret",
        purge: Purge::Never,
        export: Export::Left(INSTALL_OWN),
        holder: Holder::Install,
        redb: &[&SECRET],
        postgres: true,
        secrets: &["value"],
        refers_to: &[],
    },
    // A queued message's unsubscribe address (the message's own row says whose).
    Declared {
        name: "outbox_unsubscribe",
        purge: Purge::With("outbox"),
        export: Export::Left(INSTALL_OWN),
        holder: Holder::Install,
        redb: &[&OUTBOX_UNSUBSCRIBE],
        postgres: true,
        secrets: &["url"],
        refers_to: &[],
    },
];

#[cfg(test)]
mod tests;
