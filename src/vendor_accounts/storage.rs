//! The vendor accounts' storage, written once over the storage seam (`store::seam`): one table of
//! JSON documents by a text key (`DOCS`, `vendor_accounts` on both engines). A key's prefix is its
//! kind (`keys`); a few rows per vendor, each read by its key or its kind (`range_text`).
//! Every change runs in one write transaction (`write`) that may also queue mail and the
//! operator's notices, so a claim, a decision and what it tells are kept or lost together. A
//! write first takes the documents' install-wide scope lock (`lock_in`), so writes of any nodes
//! take turns and the checks they make (one account per address) hold.
//!
//! What carried over: redb's table held the same JSON under the same keys, so the seam reads it
//! as it is; on PostgreSQL migration 0064 gave the key column the seam's byte order.

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::mail::storage::{self as mail_storage, Outgoing};
use crate::notifications::storage::Delivery;
use crate::platform::error::{Result, conflict};
use crate::platform::store::registry::{
    Export, Holder, INSTALL_OWN, Naming, Purge, Table, VendorMoved, VendorPart,
};
use crate::platform::store::seam;
use crate::platform::store::{Store, VENDOR_ACCOUNTS, WriteTx};

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

/// Key -> the document, JSON.
pub const DOCS: seam::Table<String, serde_json::Value> =
    seam::Table::new("vendor_accounts", VENDOR_ACCOUNTS, &["key"], None);

fn typed<T: DeserializeOwned>(key: &str, value: serde_json::Value) -> Result<T> {
    Ok(serde_json::from_value(value)
        .map_err(|e| anyhow::anyhow!("the stored vendor-account row {key} cannot be read: {e}"))?)
}

fn all_typed<T: DeserializeOwned>(
    rows: Vec<(String, serde_json::Value)>,
) -> Result<Vec<(String, T)>> {
    rows.into_iter()
        .map(|(k, v)| typed(&k, v).map(|t| (k, t)))
        .collect()
}

pub fn get<T: DeserializeOwned>(store: &Store, key: &str) -> Result<Option<T>> {
    let value = seam::get_one(store, &DOCS, key.to_string())?;
    value.map(|v| typed(key, v)).transpose()
}

/// Every document whose key starts with `prefix`, by key.
pub fn scan<T: DeserializeOwned>(store: &Store, prefix: &str) -> Result<Vec<(String, T)>> {
    all_typed(seam::range_text_one(store, &DOCS, prefix)?)
}

/// One write transaction over the documents, with what it tells.
pub struct Docs<'t, 's> {
    tx: &'t mut WriteTx<'s>,
}

impl Docs<'_, '_> {
    pub fn get<T: DeserializeOwned>(&mut self, key: &str) -> Result<Option<T>> {
        let value = seam::within(self.tx, |tx| tx.get(&DOCS, key.to_string()))?;
        value.map(|v| typed(key, v)).transpose()
    }

    pub fn scan<T: DeserializeOwned>(&mut self, prefix: &str) -> Result<Vec<(String, T)>> {
        all_typed(seam::within(self.tx, |tx| tx.range_text(&DOCS, prefix))?)
    }

    pub fn put<T: Serialize>(&mut self, key: &str, value: &T) -> Result<()> {
        let json = serde_json::to_value(value).map_err(anyhow::Error::from)?;
        seam::within(self.tx, |tx| tx.insert(&DOCS, key.to_string(), &json))
    }

    /// Writes a document that must not exist yet: a 409 with `taken` when it does.
    pub fn put_new<T: Serialize>(&mut self, key: &str, value: &T, taken: &str) -> Result<()> {
        if self.get::<serde_json::Value>(key)?.is_some() {
            return Err(conflict(taken.to_string()));
        }
        self.put(key, value)
    }

    pub fn delete(&mut self, key: &str) -> Result<bool> {
        let removed = seam::within(self.tx, |tx| tx.remove(&DOCS, key.to_string()))?;
        Ok(removed.is_some())
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

/// This domain's table, for the registry of data (the list in src/registry.rs).
pub const TABLES: &[Table] = &[Table {
    name: "vendor_accounts",
    purge: Purge::Never,
    export: Export::Left(INSTALL_OWN),
    holder: Holder::Install,
    redb: &[&DOCS],
    postgres: true,
    secrets: &["value"],
    refers_to: &[],
}];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::platform::store::postgres::test_store_from_migration;
    use crate::platform::store::testing::both_engines;

    /// Keys of several kinds, some sorting right beside another kind's.
    const ROWS: [(&str, u64); 6] = [
        ("notice:0000000000000002:0000000000000001", 5),
        ("notice:0000000000000001:0000000000000002", 4),
        ("notice:0000000000000001:0000000000000001", 3),
        ("notice:", 2),
        ("notice", 1),
        ("Notice:0000000000000001:0000000000000001", 6),
    ];

    fn scanned(store: &Store, prefix: &str) -> Vec<(String, u64)> {
        scan::<u64>(store, prefix).unwrap()
    }

    /// A kind's documents are found by its prefix in the bytes' order, and only they, on both
    /// engines, in a write as in a read; a removed document is gone from both.
    #[test]
    fn documents_are_read_and_scanned_by_kind_alike_on_both_engines() {
        let (_dir, stores) = both_engines();
        for store in &stores {
            write(store, |docs| {
                for (key, value) in ROWS {
                    docs.put(key, &value)?;
                }
                Ok(())
            })
            .unwrap();
            let person_1 = [
                ("notice:0000000000000001:0000000000000001".to_string(), 3),
                ("notice:0000000000000001:0000000000000002".to_string(), 4),
            ];
            assert_eq!(scanned(store, &keys::notices(1)), person_1);
            assert_eq!(scanned(store, "notice:").len(), 4);
            assert_eq!(scanned(store, "notice").len(), 5);
            assert_eq!(scanned(store, "").len(), 6, "every document");
            assert_eq!(get::<u64>(store, "notice").unwrap(), Some(1));
            let in_write = write(store, |docs| {
                let found = docs.scan::<u64>(&keys::notices(1))?;
                assert!(docs.delete("notice:0000000000000001:0000000000000001")?);
                assert!(!docs.delete("notice:0000000000000001:0000000000000001")?);
                Ok(found)
            })
            .unwrap();
            assert_eq!(in_write, person_1);
            assert_eq!(scanned(store, &keys::notices(1)), person_1[1..]);
        }
    }

    /// A hub database from before the seam (migration 0063: the key in the database's own
    /// collation) keeps every document, and its kinds are scanned in the bytes' order after.
    #[test]
    fn a_hub_databases_documents_carry_over() {
        let rows: Vec<String> = ROWS
            .iter()
            .map(|(key, value)| format!("('{key}', '{value}')"))
            .collect();
        let sql = format!(
            "INSERT INTO vendor_accounts (key, value) VALUES {};",
            rows.join(", ")
        );
        let store = Store::Postgres(test_store_from_migration(63, &sql));
        assert_eq!(scanned(&store, "").len(), 6);
        assert_eq!(
            scanned(&store, "notice:").first(),
            Some(&("notice:".to_string(), 2))
        );
        assert_eq!(
            scanned(&store, "N"),
            [("Notice:0000000000000001:0000000000000001".to_string(), 6)]
        );
    }
}
