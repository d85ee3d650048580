//! The vendor accounts' storage, in either backend: one table of JSON documents by key (redb
//! `vendor_accounts`, PostgreSQL `vendor_accounts`, migrations/postgres/0036_vendor_accounts.sql).
//! A key's prefix is its kind (`keys`); a few rows per vendor, each read by its key or its kind.
//! Every change runs in one write transaction (`write`) that may also queue mail and the
//! operator's notices, so a claim, a decision and what it tells are kept or lost together. On
//! PostgreSQL a write first takes the table's advisory lock, so writes of any nodes take turns and
//! the checks they make (one account per address) hold.

use redb::ReadableTable;
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::mail::storage::{self as mail_storage, Outgoing};
use crate::notifications::storage::Delivery;
use crate::platform::error::{Result, conflict};
use crate::platform::store::registry::{
    Export, Holder, INSTALL_OWN, Naming, Purge, Table, VendorMoved, VendorPart,
};
use crate::platform::store::{
    FileStore, PgStore, PgTx, Store, TableCount, VENDOR_ACCOUNTS, WriteTx, open_read,
};

use super::model::{Account, Proposal, Status};

/// The keys, by kind.
pub mod keys {
    pub fn account(id: u64) -> String {
        format!("account:{id:016x}")
    }
    pub const ACCOUNTS: &str = "account:";
    pub fn email(key: &str) -> String {
        format!("email:{key}")
    }
    pub fn session(hash: &[u8; 32]) -> String {
        format!("session:{}", hex::encode(hash))
    }
    pub const SESSIONS: &str = "session:";
    pub fn link(hash: &[u8; 32]) -> String {
        format!("link:{}", hex::encode(hash))
    }
    pub const LINKS: &str = "link:";
    pub fn proposal(id: u64) -> String {
        format!("proposal:{id:016x}")
    }
    pub const PROPOSALS: &str = "proposal:";
    pub fn notices(account: u64) -> String {
        format!("notice:{account:016x}:")
    }
    pub fn notice(account: u64, id: u64) -> String {
        format!("notice:{account:016x}:{id:016x}")
    }
    pub fn sequence(name: &str) -> String {
        format!("seq:{name}")
    }
    /// When `operator` was last mailed about `vendor`'s proposals.
    pub fn proposal_mailed(vendor: u64, operator: u64) -> String {
        format!("mailed:{vendor:016x}:{operator:016x}")
    }
    pub const PROPOSALS_MAILED: &str = "mailed:";
}

/// The advisory lock every PostgreSQL write takes first.
const LOCK: i64 = 0x5645_4e44_4f52;

fn decode<T: DeserializeOwned>(key: &str, bytes: &[u8]) -> Result<T> {
    Ok(serde_json::from_slice(bytes)
        .map_err(|e| anyhow::anyhow!("the stored vendor-account row {key} cannot be read: {e}"))?)
}

fn encode<T: Serialize>(value: &T) -> Result<String> {
    Ok(serde_json::to_string(value).map_err(anyhow::Error::from)?)
}

/// The first key after every key that starts with `prefix`.
fn after(prefix: &str) -> String {
    format!("{prefix}\u{10FFFF}")
}

pub fn get<T: DeserializeOwned>(store: &Store, key: &str) -> Result<Option<T>> {
    match store {
        Store::File(db) => {
            let txn = db.read()?;
            let Some(table) = open_read(&txn, VENDOR_ACCOUNTS)? else {
                return Ok(None);
            };
            let value = table.get(key)?;
            value.map(|v| decode(key, v.value())).transpose()
        }
        Store::Postgres(db) => {
            let value: Option<String> = db.run(
                sqlx::query_scalar("SELECT value::text FROM vendor_accounts WHERE key = $1")
                    .bind(key)
                    .fetch_optional(db.pool()),
            )?;
            value.map(|v| decode(key, v.as_bytes())).transpose()
        }
    }
}

/// Every document whose key starts with `prefix`, by key.
pub fn scan<T: DeserializeOwned>(store: &Store, prefix: &str) -> Result<Vec<(String, T)>> {
    let rows = match store {
        Store::File(db) => {
            let txn = db.read()?;
            let Some(table) = open_read(&txn, VENDOR_ACCOUNTS)? else {
                return Ok(Vec::new());
            };
            let mut rows = Vec::new();
            for entry in table.range(prefix..after(prefix).as_str())? {
                let (k, v) = entry?;
                rows.push((k.value().to_string(), v.value().to_vec()));
            }
            rows
        }
        Store::Postgres(db) => pg_scan(db, None, prefix)?,
    };
    rows.into_iter()
        .map(|(k, v)| decode(&k, &v).map(|t| (k, t)))
        .collect()
}

fn pg_scan(db: &PgStore, tx: Option<&mut PgTx>, prefix: &str) -> Result<Vec<(String, Vec<u8>)>> {
    let query = sqlx::query_as::<_, (String, String)>(
        "SELECT key, value::text FROM vendor_accounts WHERE key >= $1 AND key < $2 ORDER BY key",
    )
    .bind(prefix.to_string())
    .bind(after(prefix));
    let rows = match tx {
        Some(tx) => db.run(query.fetch_all(tx.conn()?))?,
        None => db.run(query.fetch_all(db.pool()))?,
    };
    Ok(rows.into_iter().map(|(k, v)| (k, v.into_bytes())).collect())
}

/// One write transaction over the documents, with what it tells.
pub struct Docs<'t, 's> {
    tx: &'t mut WriteTx<'s>,
}

impl Docs<'_, '_> {
    pub fn get<T: DeserializeOwned>(&mut self, key: &str) -> Result<Option<T>> {
        match &mut self.tx {
            WriteTx::File(txn) => {
                let table = txn.open_table(VENDOR_ACCOUNTS)?;
                let value = table.get(key)?;
                value.map(|v| decode(key, v.value())).transpose()
            }
            WriteTx::Postgres(tx) => {
                let store = tx.store();
                let value: Option<String> = store.run(
                    sqlx::query_scalar("SELECT value::text FROM vendor_accounts WHERE key = $1")
                        .bind(key)
                        .fetch_optional(tx.conn()?),
                )?;
                value.map(|v| decode(key, v.as_bytes())).transpose()
            }
        }
    }

    pub fn scan<T: DeserializeOwned>(&mut self, prefix: &str) -> Result<Vec<(String, T)>> {
        let rows = match &mut self.tx {
            WriteTx::File(txn) => {
                let table = txn.open_table(VENDOR_ACCOUNTS)?;
                let mut rows = Vec::new();
                for entry in table.range(prefix..after(prefix).as_str())? {
                    let (k, v) = entry?;
                    rows.push((k.value().to_string(), v.value().to_vec()));
                }
                rows
            }
            WriteTx::Postgres(tx) => {
                let store = tx.store();
                pg_scan(store, Some(tx), prefix)?
            }
        };
        rows.into_iter()
            .map(|(k, v)| decode(&k, &v).map(|t| (k, t)))
            .collect()
    }

    pub fn put<T: Serialize>(&mut self, key: &str, value: &T) -> Result<()> {
        let json = encode(value)?;
        match &mut self.tx {
            WriteTx::File(txn) => {
                txn.open_table(VENDOR_ACCOUNTS)?
                    .insert(key, json.as_bytes())?;
            }
            WriteTx::Postgres(tx) => {
                let store = tx.store();
                store.run(
                    sqlx::query(
                        "INSERT INTO vendor_accounts (key, value) VALUES ($1, $2::jsonb) \
                         ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value",
                    )
                    .bind(key)
                    .bind(json)
                    .execute(tx.conn()?),
                )?;
            }
        }
        Ok(())
    }

    /// Writes a document that must not exist yet: a 409 with `taken` when it does.
    pub fn put_new<T: Serialize>(&mut self, key: &str, value: &T, taken: &str) -> Result<()> {
        if self.get::<serde_json::Value>(key)?.is_some() {
            return Err(conflict(taken.to_string()));
        }
        self.put(key, value)
    }

    pub fn delete(&mut self, key: &str) -> Result<bool> {
        Ok(match &mut self.tx {
            WriteTx::File(txn) => txn.open_table(VENDOR_ACCOUNTS)?.remove(key)?.is_some(),
            WriteTx::Postgres(tx) => {
                let store = tx.store();
                store
                    .run(
                        sqlx::query("DELETE FROM vendor_accounts WHERE key = $1")
                            .bind(key)
                            .execute(tx.conn()?),
                    )?
                    .rows_affected()
                    > 0
            }
        })
    }

    /// Deletes the sessions, links and proposal-mail marks past their end: called by every write
    /// that adds one, so the table never holds more than the live ones and the few that ended
    /// since.
    pub fn sweep(&mut self, now: i64) -> Result<()> {
        let ended: Vec<String> = self
            .scan::<super::model::Session>(keys::SESSIONS)?
            .into_iter()
            .filter(|(_, s)| s.expires_at <= now)
            .map(|(k, _)| k)
            .chain(
                self.scan::<super::model::Link>(keys::LINKS)?
                    .into_iter()
                    .filter(|(_, l)| l.expires_at <= now)
                    .map(|(k, _)| k),
            )
            .chain(
                self.scan::<super::model::ProposalMailed>(keys::PROPOSALS_MAILED)?
                    .into_iter()
                    .filter(|(_, m)| m.until <= now)
                    .map(|(k, _)| k),
            )
            .collect();
        for key in ended {
            self.delete(&key)?;
        }
        Ok(())
    }

    /// The next id of a sequence, from 1.
    pub fn next_id(&mut self, name: &str) -> Result<u64> {
        let key = keys::sequence(name);
        let next = self.get::<u64>(&key)?.unwrap_or(0) + 1;
        self.put(&key, &next)?;
        Ok(next)
    }

    /// Queues a message with the change.
    pub fn mail(&mut self, out: &Outgoing, now: i64) -> Result<()> {
        mail_storage::enqueue_in(self.tx, out, now, None)?;
        Ok(())
    }

    /// Tells a person of the install (the operator) with the change.
    pub fn notify(&mut self, delivery: &Delivery) -> Result<()> {
        crate::notifications::storage::deliver_in(self.tx, delivery)
    }

    /// Ends the notices of `kind` about one subject (`link`) for `users`: read, saying `body`.
    pub fn resolve_notices(
        &mut self,
        users: &[u64],
        kind: crate::notifications::NoticeKind,
        link: &str,
        body: &str,
    ) -> Result<()> {
        crate::notifications::storage::resolve_in(self.tx, users, kind, link, body)
    }

    /// The mail settings as this transaction sees them.
    pub fn mail_settings(&mut self) -> Result<Option<crate::mail::MailSettings>> {
        mail_storage::settings_in(self.tx)
    }
}

/// Runs `change` in one write transaction and commits it when it succeeds.
pub fn write<R>(store: &Store, change: impl FnOnce(&mut Docs) -> Result<R>) -> Result<R> {
    let mut tx = store.begin()?;
    lock_in(&mut tx)?;
    let out = change(&mut Docs { tx: &mut tx })?;
    tx.commit()?;
    Ok(out)
}

/// Runs `change` inside a transaction another domain opened (a vendor merge or delete).
fn within<R>(tx: &mut WriteTx, change: impl FnOnce(&mut Docs) -> Result<R>) -> Result<R> {
    change(&mut Docs { tx })
}

/// Takes the documents' turn inside a transaction another domain opened (a demo request), as
/// `write` takes it first: on PostgreSQL the table's advisory lock, held to the commit.
pub fn lock_in(tx: &mut WriteTx) -> Result<()> {
    crate::platform::store::seam::within(tx, |tx| tx.lock_install(LOCK))
}

/// What a vendor's people are told, under their bell on /vendor and by mail.
pub struct ToVendor<'a> {
    pub vendor: u64,
    pub title: &'a str,
    pub body: &'a str,
    /// The install's address: without it the bell only (a letter's link would have no host).
    pub base: Option<&'a str>,
    /// Mailed too, or only under the bell.
    pub mail: bool,
    pub now: i64,
}

/// Tells every person of vendor `told.vendor`, inside a transaction another domain opened (after
/// `lock_in`); how many people were told.
pub fn tell_vendor_in(tx: &mut WriteTx, told: &ToVendor) -> Result<usize> {
    within(tx, |docs| {
        let people: Vec<Account> = docs
            .scan::<Account>(keys::ACCOUNTS)?
            .into_iter()
            .map(|(_, a)| a)
            .filter(|a| a.vendor_id == told.vendor)
            .collect();
        let settings = if told.mail && told.base.is_some() {
            docs.mail_settings()?
        } else {
            None
        };
        for account in &people {
            let id = docs.next_id("notices")?;
            docs.put(
                &keys::notice(account.id, id),
                &super::model::Notice {
                    id,
                    title: told.title.to_string(),
                    body: told.body.to_string(),
                    created_at: told.now,
                    read: false,
                },
            )?;
            if let (Some(base), Some(settings)) = (told.base, settings.as_ref()) {
                let letter = crate::mail::letters::vendor_demo_request(
                    &account.email,
                    &account.name,
                    told.title,
                    told.body,
                    &format!("{base}/vendor"),
                );
                docs.mail(&mail_storage::Outgoing::new(settings, letter), told.now)?;
            }
        }
        Ok(people.len())
    })
}

/// Whether vendor `vendor` has at least one person with an account.
pub fn has_people(store: &Store, vendor: u64) -> Result<bool> {
    Ok(scan::<Account>(store, keys::ACCOUNTS)?
        .iter()
        .any(|(_, a)| a.vendor_id == vendor))
}

/// The vendors with at least one person with an account.
pub fn vendors_with_people(store: &Store) -> Result<std::collections::BTreeSet<u64>> {
    Ok(scan::<Account>(store, keys::ACCOUNTS)?
        .into_iter()
        .map(|(_, a)| a.vendor_id)
        .collect())
}

// ---- The operator's vendor delete and merge ----

fn naming(_tx: &mut WriteTx, _vendor: u64) -> Result<Naming> {
    // A listing's people and proposals never hold a vendor back: they go with it (`delete`) or
    // move to the kept listing (`merge`).
    Ok(Vec::new())
}

/// Moves the duplicate's accounts and its open proposals to the kept listing; a decided
/// proposal stays with the name it was decided for.
fn merge(tx: &mut WriteTx, from: u64, into: u64) -> Result<VendorMoved> {
    within(tx, |docs| {
        let mut accounts = 0;
        for (key, mut account) in docs.scan::<Account>(keys::ACCOUNTS)? {
            if account.vendor_id == from {
                account.vendor_id = into;
                docs.put(&key, &account)?;
                accounts += 1;
            }
        }
        let mut proposals = 0;
        for (key, mut proposal) in docs.scan::<Proposal>(keys::PROPOSALS)? {
            if proposal.vendor_id == from && proposal.status == Status::Open {
                proposal.vendor_id = into;
                docs.put(&key, &proposal)?;
                proposals += 1;
            }
        }
        Ok(VendorMoved {
            counts: vec![
                ("vendor_accounts", accounts),
                ("vendor_proposals", proposals),
            ],
            ..VendorMoved::default()
        })
    })
}

/// A deleted listing's people lose their accounts, sessions and open proposals.
fn delete(tx: &mut WriteTx, vendor: u64) -> Result<()> {
    within(tx, |docs| {
        let gone: Vec<Account> = docs
            .scan::<Account>(keys::ACCOUNTS)?
            .into_iter()
            .filter(|(_, a)| a.vendor_id == vendor)
            .map(|(_, a)| a)
            .collect();
        for account in &gone {
            docs.delete(&keys::account(account.id))?;
            docs.delete(&keys::email(&account.email_key))?;
            for (key, session) in docs.scan::<super::model::Session>(keys::SESSIONS)? {
                if session.account_id == account.id {
                    docs.delete(&key)?;
                }
            }
        }
        for (key, proposal) in docs.scan::<Proposal>(keys::PROPOSALS)? {
            if proposal.vendor_id == vendor && proposal.status == Status::Open {
                docs.delete(&key)?;
            }
        }
        Ok(())
    })
}

pub const PART: VendorPart = VendorPart {
    naming,
    merge,
    delete: Some(delete),
};

/// Copies every document of a redb file into PostgreSQL (`litstack export-to-postgres`).
pub fn export(from: &FileStore, to: &PgStore) -> Result<Vec<TableCount>> {
    let rows: Vec<(String, serde_json::Value)> = {
        let txn = from.read()?;
        let mut rows = Vec::new();
        if let Some(table) = open_read(&txn, VENDOR_ACCOUNTS)? {
            for entry in table.iter()? {
                let (k, v) = entry?;
                let key = k.value().to_string();
                rows.push((key.clone(), decode(&key, v.value())?));
            }
        }
        rows
    };
    let mut tx = WriteTx::Postgres(PgTx::begin(to)?);
    within(&mut tx, |docs| {
        for (key, value) in &rows {
            docs.put(key, value)?;
        }
        Ok(())
    })?;
    tx.commit()?;
    Ok(vec![to.counted("vendor_accounts", rows.len() as u64)?])
}

/// This domain's table, for the registry of data (the list in src/registry.rs).
pub const TABLES: &[Table] = &[Table {
    name: "vendor_accounts",
    purge: Purge::Never,
    export: Export::Left(INSTALL_OWN),
    holder: Holder::Install,
    redb: &[&VENDOR_ACCOUNTS],
    postgres: true,
    secrets: &["value"],
    refers_to: &[],
}];
