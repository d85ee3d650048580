//! The change log as a node reads it (src/hub.rs reads it), in either backend: in hub mode the
//! `changes` table of PostgreSQL (`postgres::changes`, which also writes it) and a connection that
//! listens for its notifications; on the redb file there is no other node, so nothing to read.

use std::sync::mpsc;
use std::time::Duration;

use super::Store;
use super::postgres::changes;
pub use super::postgres::changes::Change;

/// This database's identity in hub mode (it names the node's folder in the data directory);
/// `None` for the redb file, which is the data directory's own.
pub fn database_id(store: &Store) -> anyhow::Result<Option<String>> {
    match store {
        Store::File(_) => Ok(None),
        Store::Postgres(pg) => Ok(Some(pg.database_id()?)),
    }
}

/// The newest change id in the log (0 for none): read before a node loads its views, so that it
/// replays what commits while it loads.
pub fn latest(store: &Store) -> anyhow::Result<i64> {
    match store {
        Store::File(_) => Ok(0),
        Store::Postgres(pg) => Ok(pg.run(changes::latest(pg.pool()))?),
    }
}

/// The changes after `after`, oldest first (at most `limit`); `None` for a kind this binary does
/// not know.
pub fn since(store: &Store, after: i64, limit: i64) -> anyhow::Result<Vec<(i64, Option<Change>)>> {
    match store {
        Store::File(_) => Ok(Vec::new()),
        Store::Postgres(pg) => Ok(pg.run(changes::since(pg.pool(), after, limit))?),
    }
}

/// The oldest change id still in the log (0 for none).
pub fn oldest(store: &Store) -> anyhow::Result<i64> {
    match store {
        Store::File(_) => Ok(0),
        Store::Postgres(pg) => Ok(pg.run(changes::oldest(pg.pool()))?),
    }
}

/// Drops changes every node has long since seen.
pub fn prune(store: &Store) -> anyhow::Result<()> {
    if let Store::Postgres(pg) = store {
        pg.run(changes::prune(pg.pool()))?;
    }
    Ok(())
}

/// In hub mode, starts the task that holds a connection named `node` listening for the log's
/// notifications: each one (and each reconnect, after which notifications may have been missed)
/// sends on `wake`; `listening` is told whenever the connection comes up or goes. The task ends
/// when `wake`'s receiver is gone. Nothing to listen to on the redb file.
pub fn listen(
    store: &Store,
    node: String,
    wake: mpsc::Sender<()>,
    listening: impl Fn(bool) + Send + 'static,
) {
    if let Store::Postgres(pg) = store {
        pg.spawn(hold_listener(pg.pool().clone(), node, wake, listening));
    }
}

async fn hold_listener(
    pool: sqlx::PgPool,
    node: String,
    wake: mpsc::Sender<()>,
    set_listening: impl Fn(bool),
) {
    // The listener's connection is named, and comes from a pool of its own (one connection), so
    // it never takes a request's. After a failure it starts over with a new pool: the old
    // connection may be half-closed, and waiting for it to be returned could take long.
    let options = pool
        .connect_options()
        .as_ref()
        .clone()
        .application_name(&node);
    let mut backoff = Duration::from_millis(100);
    loop {
        let connected = async {
            let own = sqlx::postgres::PgPoolOptions::new()
                .max_connections(1)
                .acquire_timeout(Duration::from_secs(5))
                .connect_lazy_with(options.clone());
            let mut conn = sqlx::postgres::PgListener::connect_with(&own).await?;
            conn.listen(changes::CHANNEL).await?;
            Ok::<_, sqlx::Error>(conn)
        }
        .await;
        let mut conn = match connected {
            Ok(conn) => conn,
            Err(e) => {
                set_listening(false);
                tracing::warn!(error = %e, "hub: the change listener cannot connect; polling meanwhile");
                tokio::time::sleep(backoff).await;
                backoff = (backoff * 2).min(Duration::from_secs(5));
                if wake.send(()).is_err() {
                    return;
                }
                continue;
            }
        };
        backoff = Duration::from_millis(100);
        set_listening(true);
        // Whatever committed while the listener was away is in the log: apply it now.
        if wake.send(()).is_err() {
            return;
        }
        loop {
            match conn.try_recv().await {
                Ok(Some(_)) => {
                    if wake.send(()).is_err() {
                        return;
                    }
                }
                // The connection was lost (`None`) or ended by the server (an error, such as
                // an administrator's `pg_terminate_backend`).
                Ok(None) => {
                    tracing::warn!("hub: the change listener lost its connection; reconnecting");
                    break;
                }
                Err(e) => {
                    tracing::warn!(error = %e, "hub: the change listener failed; reconnecting");
                    break;
                }
            }
        }
        set_listening(false);
    }
}
