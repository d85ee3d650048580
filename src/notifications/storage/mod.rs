//! Notices, preferences and the unsubscribe secret, in either backend. A cause writes its notice
//! through its own transaction (`deliver_file`, `deliver_pg`), which reads the person's
//! preferences there and writes the in-app row, the mail, both or neither: no cause knows them.

mod file;
mod postgres;

use std::collections::HashMap;

use crate::mail::Letter;
use crate::notifications::model::{Notice, NoticeKind, Pref, Stored};
use crate::platform::error::Result;
use crate::platform::firm_id::FirmId;
use crate::platform::store::arrival::{Arrival, Rows, unkeyed};
use crate::platform::store::registry::{
    Export, Holder, INSTALL_OWN, Load, Purge, Reference, Table, Taking, Target, keyed,
};
use crate::platform::store::{FileStore, PgStore, PgTx, Store, TableCount, WriteTx};
use crate::platform::store::{NOTICE_PREFS, NOTICES, OUTBOX_UNSUBSCRIBE};

/// The `settings` key of the install's unsubscribe secret.
const SECRET_KEY: &str = "unsubscribe_secret";

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

/// Writes `d` in the cause's redb transaction.
pub fn deliver_file(txn: &redb::WriteTransaction, d: &Delivery) -> Result<()> {
    file::deliver_in(txn, d)
}

/// Writes `d` in the cause's PostgreSQL transaction.
pub async fn deliver_pg(conn: &mut sqlx::PgConnection, d: &Delivery) -> Result<()> {
    postgres::deliver_in(conn, d).await
}

/// Writes `d` in the cause's transaction, on either backend (`deliver_file`, `deliver_pg`).
pub fn deliver_in(tx: &mut crate::platform::store::WriteTx, d: &Delivery) -> Result<()> {
    match tx {
        crate::platform::store::WriteTx::File(txn) => file::deliver_in(txn, d),
        crate::platform::store::WriteTx::Postgres(tx) => {
            let store = tx.store();
            store.run(postgres::deliver_in(tx.conn()?, d))
        }
    }
}

/// Ends the notices of `kind` about one subject (named by their in-app `link`) for `users`, in
/// the cause's transaction: each is read, and says how it ended (`body`), so no bell keeps asking
/// for what was decided.
pub fn resolve_in(
    tx: &mut crate::platform::store::WriteTx,
    users: &[u64],
    kind: crate::notifications::model::NoticeKind,
    link: &str,
    body: &str,
) -> Result<()> {
    match tx {
        crate::platform::store::WriteTx::File(txn) => {
            file::resolve_in(txn, users, kind, link, body)
        }
        crate::platform::store::WriteTx::Postgres(tx) => {
            let store = tx.store();
            store.run(postgres::resolve_in(tx.conn()?, users, kind, link, body))
        }
    }
}

/// Writes `d` alone, in a transaction of its own.
pub fn deliver(store: &Store, d: &Delivery) -> Result<()> {
    match store {
        Store::File(db) => {
            let txn = db.write()?;
            file::deliver_in(&txn, d)?;
            txn.commit()?;
            Ok(())
        }
        Store::Postgres(db) => db.run(async {
            let mut tx = db.pool().begin().await?;
            postgres::deliver_in(&mut tx, d).await?;
            tx.commit().await?;
            Ok(())
        }),
    }
}

/// The newest `limit` notices of `user_id`, newest first, and how many kept are unread.
pub fn list(store: &Store, user_id: u64, limit: usize) -> Result<(usize, Vec<Stored>)> {
    match store {
        Store::File(db) => file::list(db, user_id, limit),
        Store::Postgres(db) => postgres::list(db, user_id, limit),
    }
}

/// Marks `ids` of `user_id` read (all when `None`); ids that are not theirs are skipped.
pub fn mark_read(store: &Store, firm: FirmId, user_id: u64, ids: Option<&[u64]>) -> Result<()> {
    match store {
        Store::File(db) => file::mark_read(db, firm, user_id, ids),
        Store::Postgres(db) => postgres::mark_read(db, firm, user_id, ids),
    }
}

/// The choices `user_id` made (kinds absent: both on).
pub fn prefs(store: &Store, user_id: u64) -> Result<HashMap<NoticeKind, Pref>> {
    match store {
        Store::File(db) => file::prefs(db, user_id),
        Store::Postgres(db) => postgres::prefs(db, user_id),
    }
}

/// Stores the choices of `user_id` of `firm`; refused, like a write of the firm's data, when the
/// firm was merged away or deleted meanwhile (its members' choices went with it).
pub fn set_prefs(
    store: &Store,
    firm: FirmId,
    user_id: u64,
    prefs: &[(NoticeKind, Pref)],
) -> Result<()> {
    match store {
        Store::File(db) => file::set_prefs(db, firm, user_id, prefs),
        Store::Postgres(db) => postgres::set_prefs(db, firm, user_id, prefs),
    }
}

/// The install's unsubscribe secret (created on first use).
pub fn secret(store: &Store) -> Result<Vec<u8>> {
    match store {
        Store::File(db) => file::secret(db),
        Store::Postgres(db) => postgres::secret(db),
    }
}

/// Copies the notices, the preferences and the unsubscribe secret into PostgreSQL.
pub fn export(from: &FileStore, to: &PgStore) -> Result<Vec<TableCount>> {
    let (notices, prefs) = file::load_all(from)?;
    let mut tx = PgTx::begin(to)?;
    for (user, s) in &notices {
        to.run(postgres::put_notice(tx.conn()?, *user, s, true))?;
    }
    for (user, kind, pref) in &prefs {
        to.run(postgres::put_pref(tx.conn()?, *user, *kind, *pref))?;
    }
    if let Some(secret) = file::stored_secret(from)? {
        to.run(
            sqlx::query("INSERT INTO settings (key, value) VALUES ($1, $2)")
                .bind(SECRET_KEY)
                .bind(hex::encode(secret))
                .execute(tx.conn()?),
        )?;
    }
    to.run(
        sqlx::query(
            "SELECT setval(pg_get_serial_sequence('notices', 'id'), \
             (SELECT COALESCE(MAX(id), 0) + 1 FROM notices), false)",
        )
        .execute(tx.conn()?),
    )?;
    tx.commit()?;
    Ok(vec![
        to.counted("notices", notices.len() as u64)?,
        to.counted("notice_prefs", prefs.len() as u64)?,
    ])
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
    for (i, row) in rows.into_iter().enumerate() {
        let (keys, mut notice): (_, Stored) = unkeyed("notices", i, row, &["user_id"])?;
        let user_id = arrival.user("notices", i, keys[0])?;
        notice.firm_id = firm_id;
        notice.link = String::new();
        match tx {
            WriteTx::File(txn) => {
                notice.id = crate::platform::store::next_id(txn, "notices")?;
                txn.open_table(NOTICES)?.insert(
                    (user_id, notice.id),
                    crate::platform::store::codec::encode(&notice).as_slice(),
                )?;
            }
            WriteTx::Postgres(tx) => {
                let store = tx.store();
                store.run(postgres::put_notice(tx.conn()?, user_id, &notice, false))?;
            }
        }
    }
    if count > 0 {
        arrival.notes.push(
            "The notices under the bell keep their words; their links pointed at the old \
             install's records and are left out."
                .into(),
        );
    }
    Ok(count)
}

fn load_prefs(tx: &mut WriteTx, arrival: &mut Arrival, rows: &mut Rows<'_>) -> Result<usize> {
    let count = rows.len();
    #[derive(serde::Deserialize)]
    struct Kind {
        kind: NoticeKind,
    }
    for (i, row) in rows.into_iter().enumerate() {
        let Kind { kind } = crate::platform::store::arrival::parse("notice_prefs", i, row.clone())?;
        let (keys, pref): (_, Pref) = unkeyed("notice_prefs", i, row, &["user_id"])?;
        let user_id = arrival.user("notice_prefs", i, keys[0])?;
        match tx {
            WriteTx::File(txn) => {
                txn.open_table(NOTICE_PREFS)?.insert(
                    (user_id, kind.code()),
                    crate::platform::store::codec::encode(&pref).as_slice(),
                )?;
            }
            WriteTx::Postgres(tx) => {
                let store = tx.store();
                store.run(postgres::put_pref(tx.conn()?, user_id, kind, pref))?;
            }
        }
    }
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

// A deleted firm's notices, keyed by their members.
fn purge_notices(txn: &redb::WriteTransaction, taking: &Taking) -> Result<()> {
    use crate::platform::store::registry::RedbTable;
    crate::platform::store::NOTICES.purge_keys(txn, &taking.members)?;
    Ok(())
}

/// This domain's tables, for the registry of data (the list in src/registry.rs).
pub const TABLES: &[Table] = &[
    Table {
        name: "notices",
        purge: Purge::By(purge_notices),
        export: Export::Rows {
            read: archive_notices,
            load: Load::Rows(load_notices),
        },
        holder: Holder::Firm { column: "firm_id" },
        redb: &[&NOTICES],
        postgres: true,
        secrets: &[],
        refers_to: &[Reference {
            column: "user_id",
            to: Target::User,
        }],
    },
    Table {
        name: "notice_prefs",
        purge: Purge::ByKey,
        export: Export::Rows {
            read: archive_prefs,
            load: Load::Rows(load_prefs),
        },
        holder: Holder::Member { column: "user_id" },
        redb: &[&NOTICE_PREFS],
        postgres: true,
        secrets: &[],
        refers_to: &[],
    },
    // A queued message's unsubscribe address (the message's own row says whose).
    Table {
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
