//! The vendor accounts' storage, written once over the storage seam (`store::seam`): a typed
//! table per kind of record (the people, their emails, sessions, links, proposals, notices and
//! the proposals' mail marks), each read by its key or a prefix of it. Every change runs in one
//! write transaction (`write`) that may also queue mail and the operator's notices, so a claim, a
//! decision and what it tells are kept or lost together. A write first takes the vendor accounts'
//! install-wide scope lock (`lock_in`), so writes of any nodes take turns and the checks they make
//! (one account per address) hold.
//!
//! What carried over: until redb schema 23 and migration 0071 these were JSON documents in one
//! table by a text key whose prefix named the kind (`account:`, `session:`, ...); each moved to
//! its table with the same JSON, its ids kept and each sequence's value carried over.

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::mail::storage::{self as mail_storage, Outgoing};
use crate::notifications::storage::Delivery;
use crate::platform::error::{Result, conflict};
use crate::platform::store::registry::{
    Export, Holder, INSTALL_OWN, Naming, Purge, Table as Registered, VendorMoved, VendorPart,
};
use crate::platform::store::seam::{self, Key, Table};
use crate::platform::store::{Store, WriteTx};

use super::model::{Account, Link, Notice, Proposal, ProposalMailed, Session, Status};

/// The advisory lock every PostgreSQL write takes first.
const LOCK: i64 = 0x5645_4e44_4f52;

/// Account id -> the person who keeps a listing.
pub const ACCOUNTS: Table<u64, Account> =
    Table::declare("vendor_accounts", &["id"], Some("vendor_accounts"));
/// An address's key (`Email::key`) -> the account that has it: one account per address.
pub const EMAILS: Table<String, u64> =
    Table::declare("vendor_account_emails", &["email_key"], None);
/// The hex SHA-256 of a session cookie's token -> the session.
pub const SESSIONS: Table<String, Session> =
    Table::declare("vendor_sessions", &["token_hash"], None);
/// The hex SHA-256 of an invitation's or a claim's link token -> the link.
pub const LINKS: Table<String, Link> = Table::declare("vendor_links", &["token_hash"], None);
/// Proposal id -> a change a vendor's person proposed to its listing.
pub const PROPOSALS: Table<u64, Proposal> =
    Table::declare("vendor_proposals", &["id"], Some("vendor_proposals"));
/// (account id, notice id) -> what a vendor's person is told under their bell.
pub const NOTICES: Table<(u64, u64), Notice> = Table::declare(
    "vendor_notices",
    &["account_id", "id"],
    Some("vendor_notices"),
);
/// (vendor id, operator id) -> until when the operator is not mailed again about that vendor's
/// proposals.
pub const PROPOSALS_MAILED: Table<(u64, u64), ProposalMailed> = Table::declare(
    "vendor_proposals_mailed",
    &["vendor_id", "operator_id"],
    None,
);

/// A token's hash as the sessions' and links' tables key it.
pub fn token_key(hash: &[u8; 32]) -> String {
    hex::encode(hash)
}

/// The row at `key`, read by one statement.
pub fn get<K: Key, V: Serialize + DeserializeOwned>(
    store: &Store,
    table: &Table<K, V>,
    key: K,
) -> Result<Option<V>> {
    seam::get_one(store, table, key)
}

/// Every row of `table` whose key starts with `prefix` (all of them for `&[]`), by key.
pub fn range<K: Key, V: Serialize + DeserializeOwned>(
    store: &Store,
    table: &Table<K, V>,
    prefix: &[u64],
) -> Result<Vec<(K, V)>> {
    seam::range_one(store, table, prefix)
}

/// Every value of `table`, by key.
pub fn all<K: Key, V: Serialize + DeserializeOwned>(
    store: &Store,
    table: &Table<K, V>,
) -> Result<Vec<V>> {
    Ok(range(store, table, &[])?
        .into_iter()
        .map(|(_, v)| v)
        .collect())
}

/// One write transaction over the vendor accounts' tables, with what it tells.
pub struct Change<'t, 's> {
    tx: &'t mut WriteTx<'s>,
}

impl Change<'_, '_> {
    pub fn get<K: Key, V: Serialize + DeserializeOwned>(
        &mut self,
        table: &Table<K, V>,
        key: K,
    ) -> Result<Option<V>> {
        seam::within(self.tx, |tx| tx.get(table, key))
    }

    /// The rows whose key starts with `prefix` (all of them for `&[]`), by key.
    pub fn range<K: Key, V: Serialize + DeserializeOwned>(
        &mut self,
        table: &Table<K, V>,
        prefix: &[u64],
    ) -> Result<Vec<(K, V)>> {
        seam::within(self.tx, |tx| tx.range(table, prefix))
    }

    pub fn put<K: Key, V: Serialize + DeserializeOwned>(
        &mut self,
        table: &Table<K, V>,
        key: K,
        value: &V,
    ) -> Result<()> {
        seam::within(self.tx, |tx| tx.insert(table, key, value))
    }

    /// Writes a row whose key must not be taken yet: a 409 with `taken` when it is.
    pub fn put_new<K: Key, V: Serialize + DeserializeOwned>(
        &mut self,
        table: &Table<K, V>,
        key: K,
        value: &V,
        taken: &str,
    ) -> Result<()> {
        if self.get(table, key.clone())?.is_some() {
            return Err(conflict(taken.to_string()));
        }
        self.put(table, key, value)
    }

    /// Removes the row at `key`; whether there was one.
    pub fn delete<K: Key, V: Serialize + DeserializeOwned>(
        &mut self,
        table: &Table<K, V>,
        key: K,
    ) -> Result<bool> {
        Ok(seam::within(self.tx, |tx| tx.remove(table, key))?.is_some())
    }

    /// The next id of `table`'s sequence (ids are never reused).
    pub fn next_id<K: Key, V: Serialize + DeserializeOwned>(
        &mut self,
        table: &Table<K, V>,
    ) -> Result<u64> {
        seam::within(self.tx, |tx| tx.next_id(table))
    }

    /// Deletes the sessions, links and proposal-mail marks past their end: called by every write
    /// that adds one, so the tables never hold more than the live ones and the few that ended
    /// since.
    pub fn sweep(&mut self, now: i64) -> Result<()> {
        for (key, session) in self.range(&SESSIONS, &[])? {
            if session.expires_at <= now {
                self.delete(&SESSIONS, key)?;
            }
        }
        for (key, link) in self.range(&LINKS, &[])? {
            if link.expires_at <= now {
                self.delete(&LINKS, key)?;
            }
        }
        for (key, mailed) in self.range(&PROPOSALS_MAILED, &[])? {
            if mailed.until <= now {
                self.delete(&PROPOSALS_MAILED, key)?;
            }
        }
        Ok(())
    }

    /// Removes an account with its address, sessions and notices (the proposals it made stay:
    /// they are the listing's history).
    pub fn forget_account(&mut self, account: &Account) -> Result<()> {
        self.delete(&ACCOUNTS, account.id)?;
        self.delete(&EMAILS, account.email_key.clone())?;
        for (key, session) in self.range(&SESSIONS, &[])? {
            if session.account_id == account.id {
                self.delete(&SESSIONS, key)?;
            }
        }
        for (key, _) in self.range(&NOTICES, &[account.id])? {
            self.delete(&NOTICES, key)?;
        }
        Ok(())
    }

    /// Tells account `account` under their bell: a new unread notice.
    pub fn notice(&mut self, account: u64, title: &str, body: &str, now: i64) -> Result<()> {
        let id = self.next_id(&NOTICES)?;
        self.put(
            &NOTICES,
            (account, id),
            &Notice {
                id,
                title: title.to_string(),
                body: body.to_string(),
                created_at: now,
                read: false,
            },
        )
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
pub fn write<R>(store: &Store, change: impl FnOnce(&mut Change) -> Result<R>) -> Result<R> {
    let mut tx = store.begin()?;
    lock_in(&mut tx)?;
    let out = change(&mut Change { tx: &mut tx })?;
    tx.commit()?;
    Ok(out)
}

/// Runs `change` inside a transaction another domain opened (a vendor merge or delete).
fn within<R>(tx: &mut WriteTx, change: impl FnOnce(&mut Change) -> Result<R>) -> Result<R> {
    change(&mut Change { tx })
}

/// Takes the vendor accounts' turn inside a transaction another domain opened (a demo request), as
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
    within(tx, |change| {
        let people: Vec<Account> = change
            .range(&ACCOUNTS, &[])?
            .into_iter()
            .map(|(_, a)| a)
            .filter(|a| a.vendor_id == told.vendor)
            .collect();
        let settings = if told.mail && told.base.is_some() {
            change.mail_settings()?
        } else {
            None
        };
        for account in &people {
            change.notice(account.id, told.title, told.body, told.now)?;
            if let (Some(base), Some(settings)) = (told.base, settings.as_ref()) {
                let letter = crate::mail::letters::vendor_demo_request(
                    &account.email,
                    &account.name,
                    told.title,
                    told.body,
                    &format!("{base}/vendor"),
                );
                change.mail(&mail_storage::Outgoing::new(settings, letter), told.now)?;
            }
        }
        Ok(people.len())
    })
}

/// Whether vendor `vendor` has at least one person with an account.
pub fn has_people(store: &Store, vendor: u64) -> Result<bool> {
    Ok(all(store, &ACCOUNTS)?.iter().any(|a| a.vendor_id == vendor))
}

/// The vendors with at least one person with an account.
pub fn vendors_with_people(store: &Store) -> Result<std::collections::BTreeSet<u64>> {
    Ok(all(store, &ACCOUNTS)?
        .into_iter()
        .map(|a| a.vendor_id)
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
    within(tx, |change| {
        let mut accounts = 0;
        for (id, mut account) in change.range(&ACCOUNTS, &[])? {
            if account.vendor_id == from {
                account.vendor_id = into;
                change.put(&ACCOUNTS, id, &account)?;
                accounts += 1;
            }
        }
        let mut proposals = 0;
        for (id, mut proposal) in change.range(&PROPOSALS, &[])? {
            if proposal.vendor_id == from && proposal.status == Status::Open {
                proposal.vendor_id = into;
                change.put(&PROPOSALS, id, &proposal)?;
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

/// A deleted listing's people lose their accounts, sessions, notices and open proposals.
fn delete(tx: &mut WriteTx, vendor: u64) -> Result<()> {
    within(tx, |change| {
        for (_, account) in change.range(&ACCOUNTS, &[])? {
            if account.vendor_id == vendor {
                change.forget_account(&account)?;
            }
        }
        for (id, proposal) in change.range(&PROPOSALS, &[])? {
            if proposal.vendor_id == vendor && proposal.status == Status::Open {
                change.delete(&PROPOSALS, id)?;
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

/// One of this domain's tables, for the registry of data: the install's, never in a firm's
/// archive.
const fn install_table(
    name: &'static str,
    redb: &'static [&'static dyn crate::platform::store::registry::RedbTable],
    secrets: &'static [&'static str],
) -> Registered {
    Registered {
        name,
        purge: Purge::Never,
        export: Export::Left(INSTALL_OWN),
        holder: Holder::Install,
        redb,
        postgres: true,
        secrets,
        refers_to: &[],
    }
}

/// This domain's tables, for the registry of data (the list in src/registry.rs).
pub const TABLES: &[Registered] = &[
    // A password's hash and a second factor's secret and recovery codes.
    install_table("vendor_accounts", &[&ACCOUNTS], &["passwordHash", "totp"]),
    install_table("vendor_account_emails", &[&EMAILS], &[]),
    // Keyed by a token's hash.
    install_table("vendor_sessions", &[&SESSIONS], &["token_hash"]),
    install_table("vendor_links", &[&LINKS], &["token_hash"]),
    install_table("vendor_proposals", &[&PROPOSALS], &[]),
    install_table("vendor_notices", &[&NOTICES], &[]),
    install_table("vendor_proposals_mailed", &[&PROPOSALS_MAILED], &[]),
];

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::platform::store::postgres::test_store_from_migration;
    use crate::platform::store::testing::both_engines;

    fn person(id: u64, vendor: u64, email: &str) -> Account {
        Account {
            id,
            vendor_id: vendor,
            name: format!("Person {id}"),
            email: email.to_string(),
            email_key: email.to_lowercase(),
            password_hash: "hash".to_string(),
            created_at: 100,
            invited_by: None,
            totp: None,
        }
    }

    /// A person's notices are theirs alone, ids come from one sequence, and forgetting an account
    /// takes its address, sessions and notices with it, alike on both engines.
    #[test]
    fn an_account_and_what_it_holds_are_kept_and_forgotten_alike_on_both_engines() {
        let (_dir, stores) = both_engines();
        for store in &stores {
            let (ann, bo) = write(store, |change| {
                let ann = person(change.next_id(&ACCOUNTS)?, 7, "Ann@V.example");
                let bo = person(change.next_id(&ACCOUNTS)?, 8, "bo@w.example");
                for account in [&ann, &bo] {
                    change.put_new(&ACCOUNTS, account.id, account, "taken")?;
                    change.put(&EMAILS, account.email_key.clone(), &account.id)?;
                    change.notice(account.id, "Hello", "Welcome", 100)?;
                    let session = Session {
                        id: account.id,
                        account_id: account.id,
                        created_at: 100,
                        expires_at: 200,
                        device: "A browser".to_string(),
                        last_seen: 100,
                    };
                    change.put(&SESSIONS, token_key(&[account.id as u8; 32]), &session)?;
                }
                change.notice(ann.id, "Again", "Twice", 150)?;
                Ok((ann, bo))
            })
            .unwrap();
            assert_eq!((ann.id, bo.id), (1, 2));
            let ids: Vec<(u64, u64)> = range(store, &NOTICES, &[ann.id])
                .unwrap()
                .into_iter()
                .map(|(k, _)| k)
                .collect();
            assert_eq!(
                ids,
                [(1, 1), (1, 3)],
                "a person's own, one sequence for all"
            );
            assert_eq!(
                get(store, &EMAILS, "ann@v.example".to_string()).unwrap(),
                Some(1)
            );
            let taken = write(store, |change| {
                change.put_new(&ACCOUNTS, ann.id, &ann, "That account exists.")
            });
            assert!(taken.is_err(), "a key that is taken is refused");
            write(store, |change| change.forget_account(&ann)).unwrap();
            assert!(get(store, &ACCOUNTS, ann.id).unwrap().is_none());
            assert_eq!(get(store, &EMAILS, ann.email_key.clone()).unwrap(), None);
            assert!(range(store, &NOTICES, &[ann.id]).unwrap().is_empty());
            let sessions = all(store, &SESSIONS).unwrap();
            let whose: Vec<u64> = sessions.iter().map(|s| s.account_id).collect();
            assert_eq!(whose, [bo.id]);
            assert_eq!(range(store, &NOTICES, &[bo.id]).unwrap().len(), 1);
            assert!(has_people(store, 8).unwrap() && !has_people(store, 7).unwrap());
        }
    }

    /// A hub database from before (migration 0070: every record a JSON document by a text key)
    /// keeps each record in its table, and its sequences go on from where they were.
    #[test]
    fn a_hub_databases_documents_carry_over_to_their_tables() {
        let account = r#"{"id": 3, "name": "Vera", "totp": null, "email": "Vera@v.example", "emailKey": "vera@v.example", "vendorId": 9, "createdAt": 5, "invitedBy": null, "passwordHash": "h"}"#;
        let session = r#"{"id": 11, "device": "A browser", "accountId": 3, "createdAt": 5, "expiresAt": 4000000000, "lastSeen": 5}"#;
        let link = r#"{"kind": "invitation", "email": "w@v.example", "vendorId": 9, "createdAt": 5, "expiresAt": 4000000000, "invitedBy": 1}"#;
        let proposal = r#"{"id": 2, "byName": "Vera", "reason": null, "status": "open", "changes": {}, "vendorId": 9, "accountId": 3, "decidedAt": null, "decidedBy": null, "submittedAt": 6}"#;
        let notice = r#"{"id": 4, "title": "T", "body": "B", "createdAt": 7, "read": false}"#;
        let mailed = r#"{"until": 4000000000}"#;
        let (session_hash, link_hash) = ("ab".repeat(32), "cd".repeat(32));
        let sql = format!(
            "INSERT INTO vendor_accounts (key, value) VALUES \
             ('seq:accounts', '3'), ('seq:proposals', '2'), ('seq:notices', '4'), \
             ('email:vera@v.example', '3'), ('account:0000000000000003', '{account}'), \
             ('session:{session_hash}', '{session}'), ('link:{link_hash}', '{link}'), \
             ('proposal:0000000000000002', '{proposal}'), \
             ('notice:0000000000000003:0000000000000004', '{notice}'), \
             ('mailed:0000000000000009:0000000000000001', '{mailed}');"
        );
        let store = Store::Postgres(test_store_from_migration(70, &sql));
        documents_of_before_are_in_their_tables(&store, &session_hash, &link_hash);
    }

    /// What a store migrated from the documents of before (accounts 3, proposal 2, notice 4 of
    /// account 3, a session and a link by these hashes, a mail mark of vendor 9 for operator 1,
    /// the sequences at 3, 2 and 4) reads: each record in its table, each sequence going on.
    pub(crate) fn documents_of_before_are_in_their_tables(
        store: &Store,
        session_hash: &str,
        link_hash: &str,
    ) {
        let vera = get(store, &ACCOUNTS, 3).unwrap().unwrap();
        assert_eq!((vera.vendor_id, vera.email.as_str()), (9, "Vera@v.example"));
        assert_eq!(
            get(store, &EMAILS, "vera@v.example".to_string()).unwrap(),
            Some(3)
        );
        let session = get(store, &SESSIONS, session_hash.to_string())
            .unwrap()
            .unwrap();
        assert_eq!(session.account_id, 3);
        let link = get(store, &LINKS, link_hash.to_string()).unwrap().unwrap();
        assert_eq!(link.vendor_id, 9);
        let proposal = get(store, &PROPOSALS, 2).unwrap().unwrap();
        assert_eq!(proposal.status, Status::Open);
        assert_eq!(get(store, &NOTICES, (3, 4)).unwrap().unwrap().title, "T");
        assert!(get(store, &PROPOSALS_MAILED, (9, 1)).unwrap().is_some());
        let next = write(store, |change| {
            Ok([
                change.next_id(&ACCOUNTS)?,
                change.next_id(&PROPOSALS)?,
                change.next_id(&NOTICES)?,
            ])
        })
        .unwrap();
        assert_eq!(next, [4, 3, 5], "each sequence goes on from its value");
    }
}
