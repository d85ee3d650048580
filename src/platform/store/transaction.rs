//! One write transaction of either backend, for operations that span more than one storage
//! function (the vendor import, the first launch's seed) or more than one domain (a meeting click
//! and the shortlist entry it creates): each domain's storage writes through the same handle, and
//! the commit keeps all of it or nothing.

use sqlx::PgConnection;

use super::postgres::changes::Change;
use super::{PgStore, Store};

#[expect(
    clippy::large_enum_variant,
    reason = "one per write, on the stack for its duration; boxing buys nothing"
)]
pub enum WriteTx<'s> {
    File(redb::WriteTransaction),
    Postgres(PgTx<'s>),
}

impl Store {
    /// Begins a write transaction. On redb it is the file's one writer; on PostgreSQL a
    /// transaction of its own, whose callers take the locks their guarantees need.
    pub fn begin(&self) -> anyhow::Result<WriteTx<'_>> {
        Ok(match self {
            Store::File(file) => WriteTx::File(file.write()?),
            Store::Postgres(pg) => WriteTx::Postgres(PgTx::begin(pg)?),
        })
    }
}

impl WriteTx<'_> {
    pub fn commit(self) -> anyhow::Result<()> {
        match self {
            WriteTx::File(txn) => txn.commit()?,
            WriteTx::Postgres(tx) => tx.commit()?,
        }
        Ok(())
    }
}

/// A PostgreSQL transaction driven from synchronous code: each statement runs to its end through
/// `PgStore::run`. Dropped without `commit`, it rolls back.
pub struct PgTx<'s> {
    store: &'s PgStore,
    /// `None` only once committed, or for a lone statement (`lone`).
    tx: Option<sqlx::Transaction<'static, sqlx::Postgres>>,
    /// A connection outside any transaction, for one statement: a snapshot by itself.
    lone: Option<sqlx::pool::PoolConnection<sqlx::Postgres>>,
    /// Changes for the change log, recorded by `commit`: the log's ordering lock is then the
    /// last lock the transaction takes, whichever domains wrote through it.
    changes: Vec<Change>,
}

impl<'s> PgTx<'s> {
    pub fn begin(store: &'s PgStore) -> sqlx::Result<PgTx<'s>> {
        let tx = store.run(store.pool().begin())?;
        Ok(PgTx {
            store,
            tx: Some(tx),
            lone: None,
            changes: Vec::new(),
        })
    }

    /// A connection for one read of one statement, with no transaction around it: BEGIN and
    /// ROLLBACK would only add two round trips to a statement that is its own snapshot.
    pub fn lone(store: &'s PgStore) -> sqlx::Result<PgTx<'s>> {
        let conn = store.run(store.pool().acquire())?;
        Ok(PgTx {
            store,
            tx: None,
            lone: Some(conn),
            changes: Vec::new(),
        })
    }

    /// `begin` with the transaction's own `BEGIN` statement (its isolation level, read-only),
    /// in the same round trip.
    pub fn begin_with(store: &'s PgStore, statement: &'static str) -> sqlx::Result<PgTx<'s>> {
        let tx = store.run(store.pool().begin_with(statement))?;
        Ok(PgTx {
            store,
            tx: Some(tx),
            lone: None,
            changes: Vec::new(),
        })
    }

    /// Records `change` in the change log when the transaction commits (once, however often it
    /// is noted). Recorded at once, it would take the log's ordering lock mid-transaction: a
    /// transaction spanning domains then held it while it waited for another's row lock, and that
    /// other, recording its own change last, waited for it (a decision made final against a tech
    /// stack save).
    pub fn record_change(&mut self, change: Change) {
        if !self.changes.contains(&change) {
            self.changes.push(change);
        }
    }

    pub fn store(&self) -> &'s PgStore {
        self.store
    }

    /// The transaction's connection, for `store().run(query.execute(tx.conn()?))`.
    pub fn conn(&mut self) -> sqlx::Result<&mut PgConnection> {
        match (self.tx.as_deref_mut(), self.lone.as_deref_mut()) {
            (Some(conn), _) | (None, Some(conn)) => Ok(conn),
            (None, None) => Err(sqlx::Error::Protocol(
                "the transaction was already committed".into(),
            )),
        }
    }

    pub fn commit(mut self) -> sqlx::Result<()> {
        let changes = std::mem::take(&mut self.changes);
        match self.tx.take() {
            Some(mut tx) => self.store.run(async move {
                for change in changes {
                    super::postgres::changes::record(&mut tx, change).await?;
                }
                tx.commit().await
            }),
            None => Ok(()),
        }
    }
}

impl Drop for PgTx<'_> {
    fn drop(&mut self) {
        // The rollback is queued on the connection's way back to the pool, which spawns a task:
        // that needs the store's runtime, which a blocking or test thread is not inside.
        if let Some(tx) = self.tx.take() {
            self.store.run(async move { drop(tx) });
        }
        if let Some(conn) = self.lone.take() {
            self.store.run(async move { drop(conn) });
        }
    }
}

impl WriteTx<'_> {
    /// Records `change` in the change log when this transaction commits (hub mode; the redb file
    /// has no other node to tell).
    pub fn record_change(&mut self, change: Change) {
        if let WriteTx::Postgres(tx) = self {
            tx.record_change(change);
        }
    }
}
