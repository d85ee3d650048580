//! The outbox, in either backend, and the mail settings (the install's setting `mail`, on the
//! seam). A message is queued through the cause's
//! own transaction (`enqueue`), so it exists exactly when its cause does.

mod file;
mod postgres;

use crate::mail::model::{self, Letter, Queued, Status};
use crate::mail::settings::MailSettings;
use crate::platform::error::Result;
use crate::platform::store::registry::{Export, Holder, Purge, Table, Taking};
use crate::platform::store::{
    FileStore, PgStore, PgTx, Store, TableCount, WriteTx, seam, settings,
};
use crate::platform::store::{OUTBOX, OUTBOX_DUE};

/// How an attempt to send ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// The server accepted the message: its answer.
    Sent(String),
    /// It could not be sent now (a connection fault, a 4xx): try again later.
    Retry(String),
    /// The server refused it for good (a 5xx): no retry.
    Refused(String),
}

impl Outcome {
    /// The message after this attempt at `now`.
    pub(super) fn apply(&self, q: &mut Queued, now: i64) {
        q.attempts += 1;
        q.claimed_until = None;
        match self {
            Outcome::Sent(answer) => {
                q.status = Status::Sent;
                q.sent_at = Some(now);
                q.last_answer = Some(answer.clone());
                q.text = None;
                q.html = None;
            }
            Outcome::Retry(answer) => {
                q.last_answer = Some(answer.clone());
                match model::next_attempt(q.attempts, now) {
                    Some(next) => q.next_attempt_at = next,
                    None => q.status = Status::Failed,
                }
            }
            Outcome::Refused(answer) => {
                q.last_answer = Some(answer.clone());
                q.status = Status::Failed;
            }
        }
    }
}

/// A message to queue with its cause: the letter and its Message-ID.
#[derive(Debug, Clone)]
pub struct Outgoing {
    pub letter: Letter,
    pub message_id: String,
}

impl Outgoing {
    /// `letter` with a fresh Message-ID at the settings' domain.
    pub fn new(settings: &MailSettings, letter: Letter) -> Outgoing {
        Outgoing {
            letter,
            message_id: model::new_message_id(&settings.domain()),
        }
    }
}

/// Queues `out` in the cause's redb transaction.
pub fn enqueue_file(txn: &redb::WriteTransaction, out: &Outgoing, now: i64) -> Result<u64> {
    file::enqueue_in(txn, &out.letter, out.message_id.clone(), now)
}

/// Queues `out` in the cause's PostgreSQL transaction.
pub async fn enqueue_pg(
    conn: &mut sqlx::PgConnection,
    out: &Outgoing,
    now: i64,
) -> sqlx::Result<u64> {
    postgres::enqueue_in(conn, &out.letter, out.message_id.clone(), now).await
}

/// Queues `out` in the cause's transaction, with its `List-Unsubscribe` address when it has one.
pub fn enqueue_in(
    tx: &mut WriteTx,
    out: &Outgoing,
    now: i64,
    unsubscribe: Option<&str>,
) -> Result<u64> {
    match tx {
        WriteTx::File(txn) => {
            let id = file::enqueue_in(txn, &out.letter, out.message_id.clone(), now)?;
            if let Some(url) = unsubscribe {
                file::set_unsubscribe(txn, id, url)?;
            }
            Ok(id)
        }
        WriteTx::Postgres(tx) => {
            let store = tx.store();
            let conn = tx.conn()?;
            store.run(async {
                let id = postgres::enqueue_in(&mut *conn, &out.letter, out.message_id.clone(), now)
                    .await?;
                if let Some(url) = unsubscribe {
                    postgres::set_unsubscribe(&mut *conn, id, url).await?;
                }
                Ok(id)
            })
        }
    }
}

/// The install's setting that holds the mail settings (`store::settings`).
const SETTING: &str = "mail";

/// The mail settings as the cause's transaction sees them (`None`: mail is off).
pub fn settings_in(tx: &mut WriteTx) -> Result<Option<MailSettings>> {
    seam::within(tx, |tx| settings::get(tx, SETTING))
}

/// The `List-Unsubscribe` address of message `id`, if it has one (not the security messages).
pub fn unsubscribe_url(store: &Store, id: u64) -> Result<Option<String>> {
    match store {
        Store::File(db) => file::unsubscribe_url(db, id),
        Store::Postgres(db) => postgres::unsubscribe_url(db, id),
    }
}

/// Takes up to `limit` due messages for this node to send (held for `CLAIM_SECS`).
pub fn claim_due(store: &Store, now: i64, limit: usize) -> Result<Vec<Queued>> {
    match store {
        Store::File(db) => file::claim_due(db, now, limit),
        Store::Postgres(db) => postgres::claim_due(db, now, limit),
    }
}

pub fn finish(store: &Store, id: u64, outcome: &Outcome, now: i64) -> Result<()> {
    match store {
        Store::File(db) => file::finish(db, id, outcome, now),
        Store::Postgres(db) => postgres::finish(db, id, outcome, now),
    }
}

/// Applies `change` to message `id` under the row's lock; `None` when there is no such message.
pub fn change(
    store: &Store,
    id: u64,
    change: impl FnOnce(&mut Queued) -> Result<()>,
) -> Result<Option<Queued>> {
    match store {
        Store::File(db) => file::change(db, id, change),
        Store::Postgres(db) => postgres::change(db, id, change),
    }
}

/// At start on the redb file: the claims a killed process left are released (a hub's claims run
/// out by themselves, since another node may be sending).
pub fn release_claims(store: &Store) -> Result<usize> {
    match store {
        Store::File(db) => file::release_claims(db),
        Store::Postgres(_) => Ok(0),
    }
}

/// The newest `limit` messages, newest first.
pub fn recent(store: &Store, limit: usize) -> Result<Vec<Queued>> {
    match store {
        Store::File(db) => file::recent(db, limit),
        Store::Postgres(db) => postgres::recent(db, limit),
    }
}

pub fn settings(store: &Store) -> Result<Option<MailSettings>> {
    settings::read(store, SETTING)
}

/// Sets the mail settings (`None`: mail off).
pub fn set_settings(store: &Store, mail: Option<&MailSettings>) -> Result<()> {
    seam::write(store, |tx| match mail {
        Some(mail) => settings::put(tx, SETTING, mail),
        None => settings::remove(tx, SETTING),
    })
}

/// Copies every message of a redb file into PostgreSQL with its id (`litstack export-to-postgres`).
pub fn export(from: &FileStore, to: &PgStore) -> Result<Vec<TableCount>> {
    let all = file::load_all(from)?;
    let unsubscribe = file::load_unsubscribe(from)?;
    let mut tx = PgTx::begin(to)?;
    for q in &all {
        to.run(postgres::put(tx.conn()?, q, true))?;
    }
    for (id, url) in &unsubscribe {
        to.run(postgres::set_unsubscribe(tx.conn()?, *id, url))?;
    }
    to.run(
        sqlx::query(
            "SELECT setval(pg_get_serial_sequence('outbox', 'id'), \
             (SELECT COALESCE(MAX(id), 0) + 1 FROM outbox), false)",
        )
        .execute(tx.conn()?),
    )?;
    tx.commit()?;
    Ok(vec![
        to.counted("outbox", all.len() as u64)?,
        to.counted("outbox_unsubscribe", unsubscribe.len() as u64)?,
    ])
}

// A deleted firm's mail, queued or sent: the messages, their places in the queue and their
// unsubscribe addresses.
fn purge_outbox(txn: &redb::WriteTransaction, taking: &Taking) -> Result<()> {
    use redb::ReadableTable;
    if !crate::platform::store::registry::has_table(txn, "outbox")? {
        return Ok(());
    }
    let mut gone = Vec::new();
    for entry in txn.open_table(crate::platform::store::OUTBOX)?.iter()? {
        let (id, value) = entry?;
        let queued: Option<Queued> = crate::platform::store::codec::decode(value.value()).ok();
        if queued.is_some_and(|q| q.firm_id == Some(taking.firm.get())) {
            gone.push(id.value());
        }
    }
    let mut outbox = txn.open_table(crate::platform::store::OUTBOX)?;
    for id in &gone {
        outbox.remove(*id)?;
    }
    if crate::platform::store::registry::has_table(txn, "outbox_due")? {
        txn.open_table(crate::platform::store::OUTBOX_DUE)?
            .retain(|(_, id), _| !gone.contains(&id))?;
    }
    if crate::platform::store::registry::has_table(txn, "outbox_unsubscribe")? {
        let mut unsubscribe = txn.open_table(crate::platform::store::OUTBOX_UNSUBSCRIBE)?;
        for id in &gone {
            unsubscribe.remove(*id)?;
        }
    }
    Ok(())
}

/// This domain's tables, for the registry of data (the list in src/registry.rs).
pub const TABLES: &[Table] = &[
    // A message's firm is empty for the install's own mail; its text can hold a reset or sign-in link.
    Table {
        name: "outbox",
        purge: Purge::By(purge_outbox),
        export: Export::Left("mail this install queued or sent"),
        holder: Holder::Firm { column: "firm_id" },
        redb: &[&OUTBOX, &OUTBOX_DUE],
        postgres: true,
        secrets: &["body_text", "body_html"],
        refers_to: &[],
    },
];
