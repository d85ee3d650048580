//! One write transaction of either backend, for operations that span more than one storage
//! function (the vendor import, the first launch's seed) or more than one domain (a meeting click
//! and the shortlist entry it creates): each domain's storage writes through the same handle, and
//! the commit keeps all of it or nothing.

use sqlx::PgConnection;

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
    /// `None` only once committed.
    tx: Option<sqlx::Transaction<'static, sqlx::Postgres>>,
}

impl<'s> PgTx<'s> {
    pub fn begin(store: &'s PgStore) -> sqlx::Result<PgTx<'s>> {
        let tx = store.run(store.pool().begin())?;
        Ok(PgTx {
            store,
            tx: Some(tx),
        })
    }

    pub fn store(&self) -> &'s PgStore {
        self.store
    }

    /// The transaction's connection, for `store().run(query.execute(tx.conn()?))`.
    pub fn conn(&mut self) -> sqlx::Result<&mut PgConnection> {
        match self.tx.as_deref_mut() {
            Some(conn) => Ok(conn),
            None => Err(sqlx::Error::Protocol(
                "the transaction was already committed".into(),
            )),
        }
    }

    pub fn commit(mut self) -> sqlx::Result<()> {
        match self.tx.take() {
            Some(tx) => self.store.run(tx.commit()),
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
    }
}

impl WriteTx<'_> {
    /// Records `change` in the change log inside this transaction (hub mode; the redb file has no
    /// other node to tell). Call it last, just before `commit`: it holds the log's ordering lock.
    pub fn record_change(
        &mut self,
        change: super::postgres::changes::Change,
    ) -> anyhow::Result<()> {
        if let WriteTx::Postgres(tx) = self {
            let store = tx.store();
            store.run(super::postgres::changes::record(tx.conn()?, change))?;
        }
        Ok(())
    }
}
