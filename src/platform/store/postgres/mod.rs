//! The PostgreSQL backend of hub mode: many stateless nodes on one database.
//!
//! Domain logic is synchronous (it runs on blocking threads, and redb's API is synchronous), so
//! `run` waits for a query to its end: sqlx runs on the tokio runtime the store was opened in
//! (the server's or a command's, made in `main.rs`; a test's), and the caller blocks through
//! tokio's `block_in_place`, which a blocking thread, a plain thread or a worker of a
//! multi-thread runtime can do (a current-thread runtime cannot: it has no other thread).
//! Migrations (`migrations/postgres/`, embedded; `schema.rs`) run at connect, all pending ones in
//! one transaction under sqlx's advisory lock, and only when the schema is behind: a current one is
//! only read. `changes.rs` is the change log that tells the other nodes what to reload.

pub mod changes;
pub mod schema;

use std::future::Future;
use std::str::FromStr;
use std::sync::Mutex;
use std::time::Duration;

use sqlx::postgres::{PgConnectOptions, PgPool, PgPoolOptions};
use tokio::runtime::{Handle, RuntimeFlavor};

use super::OpenError;

/// How long a request waits for a pooled connection before answering 503.
const ACQUIRE_TIMEOUT: Duration = Duration::from_secs(3);
/// How long start-up waits for the database before giving up with a message.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);
const MAX_CONNECTIONS: u32 = 16;

pub struct PgStore {
    pool: PgPool,
    /// Where the database is, without the password: for messages and logs.
    pub location: String,
    /// The runtime the store was opened in: it drives sqlx's sockets and timers.
    handle: Handle,
    /// The background tasks spawned on that runtime (the change listener), ended with the store.
    tasks: Mutex<Vec<tokio::task::AbortHandle>>,
    /// The seam's declared tables this process has seen in the database (`seam::pg::ensure`).
    seam_tables: Mutex<std::collections::BTreeSet<&'static str>>,
}

impl PgStore {
    /// Connects, checks that the database answers, and brings its schema up to date, with the
    /// storage seam's tables made at their first use (`migrate` makes the registry's at once).
    pub fn connect(url: &str) -> Result<PgStore, OpenError> {
        Ok(Self::migrate(url, &[])?.0)
    }

    /// Connects and brings the schema up to date: the migrations (answered: none when the schema
    /// was current), then every table of `seam` the database lacks, made from its declaration
    /// (`seam::create_declared`).
    pub fn migrate(
        url: &str,
        seam: &[&'static dyn super::seam::Registered],
    ) -> Result<(PgStore, Vec<i64>), OpenError> {
        let store = Self::connect_as_is(url)?;
        let applied = store
            .run(async {
                let mut conn = store.pool.acquire().await?;
                schema::bring_up_to_date(&mut conn).await
            })
            .map_err(|e| match e {
                schema::Refused::TooNew(v) => OpenError::PgTooNew(store.location.clone(), v),
                other => OpenError::PgMigration(store.location.clone(), other.to_string()),
            })?;
        super::seam::create_declared(&store, seam).map_err(|e| {
            OpenError::PgMigration(
                store.location.clone(),
                format!(
                    "a declared table it lacks could not be made ({e}). Migrate it with the role \
                     that owns the schema: `litstack migrate --database-url postgres://OWNER@…`, \
                     then start the nodes with this one"
                ),
            )
        })?;
        Ok((store, applied))
    }

    /// Connects and checks that the database answers, leaving its schema as it is (`litstack
    /// check` reads it).
    pub fn connect_as_is(url: &str) -> Result<PgStore, OpenError> {
        // sqlx reads any scheme as PostgreSQL's; a MySQL or SQLite URL is a mistake to name.
        if !(url.starts_with("postgres://") || url.starts_with("postgresql://")) {
            let scheme = url.split_once("://").map_or("no scheme", |(s, _)| s);
            return Err(OpenError::BadUrl(format!(
                "it starts with {scheme}, not postgres://"
            )));
        }
        let options =
            PgConnectOptions::from_str(url).map_err(|e| OpenError::BadUrl(e.to_string()))?;
        let location = format!(
            "{}/{}",
            options.get_host(),
            options.get_database().unwrap_or("postgres")
        );
        let handle = runtime_here().map_err(|e| OpenError::NoRuntime(location.clone(), e))?;
        let pool = {
            let _in_runtime = handle.enter();
            PgPoolOptions::new()
                .max_connections(MAX_CONNECTIONS)
                .acquire_timeout(ACQUIRE_TIMEOUT)
                .connect_lazy_with(options)
        };
        let store = PgStore {
            pool,
            location,
            handle,
            tasks: Mutex::default(),
            seam_tables: Mutex::default(),
        };
        store
            .run(async {
                let first = tokio::time::timeout(CONNECT_TIMEOUT, store.pool.acquire()).await;
                match first {
                    Ok(Ok(_)) => Ok(()),
                    Ok(Err(e)) => Err(e.to_string()),
                    Err(_) => Err(format!("no answer within {} s", CONNECT_TIMEOUT.as_secs())),
                }
            })
            .map_err(|e| OpenError::Unreachable(store.location.clone(), e))?;
        Ok(store)
    }

    /// A value of the `settings` table, if it was ever set.
    pub fn setting(&self, key: &str) -> anyhow::Result<Option<String>> {
        Ok(self.run(
            sqlx::query_scalar("SELECT value #>> '{}' FROM settings WHERE key = $1")
                .bind(key)
                .fetch_optional(&self.pool),
        )?)
    }

    /// A value every node must agree on (a key, an identity): the first node to ask offers one,
    /// and every node reads back whichever offer was stored first (`ON CONFLICT DO NOTHING`
    /// makes the race harmless).
    pub fn shared_setting(&self, key: &str, offer: &str) -> anyhow::Result<String> {
        Ok(self.run(async {
            sqlx::query("INSERT INTO settings (key, value) VALUES ($1, to_jsonb($2::text)) ON CONFLICT DO NOTHING")
                .bind(key)
                .bind(offer)
                .execute(&self.pool)
                .await?;
            sqlx::query_scalar("SELECT value #>> '{}' FROM settings WHERE key = $1")
                .bind(key)
                .fetch_one(&self.pool)
                .await
        })?)
    }

    /// This database's identity, made by the first node to ask: it tells one hub's files from
    /// another's in a node's data directory.
    pub fn database_id(&self) -> anyhow::Result<String> {
        let mut fresh = [0u8; 8];
        rand::RngCore::fill_bytes(&mut rand::rng(), &mut fresh);
        let id = self.shared_setting("database_id", &hex::encode(fresh))?;
        // Used in a folder name: only what this function writes is accepted.
        anyhow::ensure!(
            id.len() == 16 && id.bytes().all(|b| b.is_ascii_hexdigit()),
            "the database's identity in the settings table is damaged"
        );
        Ok(id)
    }

    /// A table's rows counted back after a copy into it, beside the rows the file held
    /// (`litstack export-to-postgres` checks that the two agree).
    pub fn counted(&self, table: &'static str, source: u64) -> anyhow::Result<super::TableCount> {
        // `table` is a name from the code, never input.
        let copied: i64 = self.run(
            sqlx::query_scalar(sqlx::AssertSqlSafe(format!("SELECT count(*) FROM {table}")))
                .fetch_one(&self.pool),
        )?;
        Ok(super::TableCount {
            table,
            source,
            copied: u64::try_from(copied)?,
        })
    }

    /// The seam's declared tables this process has seen in the database.
    pub(crate) fn seam_tables(
        &self,
    ) -> std::sync::MutexGuard<'_, std::collections::BTreeSet<&'static str>> {
        self.seam_tables.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub fn pool(&self) -> &PgPool {
        &self.pool
    }

    /// Runs `fut` (sqlx work on this store's pool) to its end and returns its output. Callable from
    /// a blocking thread, a plain thread or a worker of a multi-thread runtime (see `wait`); the
    /// store's runtime drives the sockets and timers.
    pub fn run<F: Future>(&self, fut: F) -> F::Output {
        wait(&self.handle, fut)
    }

    /// Spawns a background task (the change listener) on this store's runtime. It ends when the
    /// store is dropped, as a node that is dropped (a test's) must stop listening.
    pub fn spawn<F>(&self, fut: F) -> tokio::task::JoinHandle<F::Output>
    where
        F: Future + Send + 'static,
        F::Output: Send + 'static,
    {
        let task = self.handle.spawn(fut);
        let mut tasks = self.tasks.lock().unwrap_or_else(|e| e.into_inner());
        tasks.retain(|t| !t.is_finished());
        tasks.push(task.abort_handle());
        task
    }
}

impl Drop for PgStore {
    fn drop(&mut self) {
        let tasks = self.tasks.get_mut().unwrap_or_else(|e| e.into_inner());
        for task in tasks.drain(..) {
            task.abort();
        }
    }
}

/// The runtime of the calling thread, which a store or a sync caller waits in: a multi-thread one
/// (a current-thread runtime has no other thread to drive the sockets while its one thread waits).
fn runtime_here() -> Result<Handle, String> {
    let handle = Handle::try_current().map_err(|_| "there is no tokio runtime".to_string())?;
    match handle.runtime_flavor() {
        RuntimeFlavor::CurrentThread => Err("the tokio runtime is a current-thread one".into()),
        _ => Ok(handle),
    }
}

/// Waits on this thread for `fut`, driven by `handle`'s runtime. `block_in_place` lets a worker of
/// a multi-thread runtime block (its other tasks move to another thread) and does nothing on a
/// blocking or plain thread; it panics on a current-thread runtime, which cannot host the wait.
///
/// Unconstrained by tokio's cooperative budget. Under the former executor a thread polling a
/// tokio task (a request handler, an async test) spent that task's budget on the sockets, and
/// once it ran out their wake-up was handed to the task's scheduler to deliver after the task
/// yielded, which it could not while blocked: a seed of the catalog, a few hundred statements,
/// waited for good at random. `block_in_place` alone rules that out (it stops the task's budget
/// and hands the worker's other tasks to another thread); unconstrained keeps it so whatever the
/// waiting thread, and spares the sockets a yield every 128 operations.
fn wait<F: Future>(handle: &Handle, fut: F) -> F::Output {
    tokio::task::block_in_place(|| handle.block_on(tokio::task::coop::unconstrained(fut)))
}

/// The API code of a serde enum (`"E6_20"`), as a text column stores it.
pub fn code<T: serde::Serialize>(value: &T) -> anyhow::Result<String> {
    match serde_json::to_value(value)? {
        serde_json::Value::String(s) => Ok(s),
        other => Err(anyhow::anyhow!("not a code: {other}")),
    }
}

/// A serde enum from its API code, as `code` wrote it.
pub fn from_code<T: serde::de::DeserializeOwned>(code: String) -> anyhow::Result<T> {
    Ok(serde_json::from_value(serde_json::Value::String(code))?)
}

/// Creates an empty database named `name` on the server of `admin_url` (a database URL whose
/// user may create databases) and returns its URL. For the tests and benches, which give each
/// run a database of its own in a throwaway cluster.
pub fn create_database(admin_url: &str, name: &str) -> anyhow::Result<String> {
    create_database_from(admin_url, name, None)
}

/// `create_database`, the new database a copy of `template` when one is named: copying a migrated
/// database is much faster than migrating each new one. No session may be connected to
/// `template` (`seal_template`).
pub fn create_database_from(
    admin_url: &str,
    name: &str,
    template: Option<&str>,
) -> anyhow::Result<String> {
    plain_name(name)?;
    template.map(plain_name).transpose()?;
    on_server(
        admin_url,
        match template {
            Some(template) => format!("CREATE DATABASE {name} TEMPLATE {template}"),
            None => format!("CREATE DATABASE {name}"),
        },
    )?;
    // The same URL with the database (the path) replaced.
    let (base, query) = admin_url.split_once('?').unwrap_or((admin_url, ""));
    let authority_end = base.find("://").map_or(0, |i| i + 3);
    let server = match base[authority_end..].find('/') {
        Some(slash) => &base[..authority_end + slash],
        None => base,
    };
    Ok(match query {
        "" => format!("{server}/{name}"),
        query => format!("{server}/{name}?{query}"),
    })
}

/// Makes the database `name` a template for `create_database_from`: its sessions (a pool closing
/// in the background) are ended and no new one is let in.
pub fn seal_template(admin_url: &str, name: &str) -> anyhow::Result<()> {
    plain_name(name)?;
    on_server(
        admin_url,
        format!(
            "ALTER DATABASE {name} WITH ALLOW_CONNECTIONS false; \
             SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
             WHERE datname = '{name}' AND pid <> pg_backend_pid()"
        ),
    )
}

/// Drops the database `name` that `create_database` made, with any connection still open to it:
/// a test run makes hundreds, and a cluster that keeps them all fills a small disk.
pub fn drop_database(admin_url: &str, name: &str) -> anyhow::Result<()> {
    plain_name(name)?;
    on_server(
        admin_url,
        format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"),
    )
}

/// A database name is written into the statement itself (DDL takes no parameters): only a plain
/// one is accepted.
fn plain_name(name: &str) -> anyhow::Result<()> {
    anyhow::ensure!(
        name.bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_'),
        "a database name of lower-case letters, digits and _ only"
    );
    Ok(())
}

/// Runs one statement (outside any transaction, as CREATE and DROP DATABASE must be) on the server
/// of `admin_url`.
fn on_server(admin_url: &str, statement: String) -> anyhow::Result<()> {
    let options = PgConnectOptions::from_str(admin_url)?;
    let handle = runtime_here().map_err(|e| anyhow::anyhow!("{statement}: {e}"))?;
    wait(&handle, async {
        use sqlx::Connection;
        let mut admin = sqlx::PgConnection::connect_with(&options).await?;
        sqlx::raw_sql(sqlx::AssertSqlSafe(statement))
            .execute(&mut admin)
            .await?;
        admin.close().await?;
        anyhow::Ok(())
    })
}

/// Every row of every table of the database at `url`, as PostgreSQL writes rows as text: for the
/// tests that look for what a deletion must have left nowhere.
#[doc(hidden)]
pub fn all_rows_as_text(url: &str) -> anyhow::Result<String> {
    let options = PgConnectOptions::from_str(url)?;
    let handle = runtime_here().map_err(|e| anyhow::anyhow!(e))?;
    wait(&handle, async {
        use sqlx::Connection;
        let mut db = sqlx::PgConnection::connect_with(&options).await?;
        let tables: Vec<String> = sqlx::query_scalar(
            "SELECT table_name::text FROM information_schema.tables \
             WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY 1",
        )
        .fetch_all(&mut db)
        .await?;
        let mut out = String::new();
        for table in tables {
            // The names come from the catalog; quoted as identifiers all the same.
            let sql = format!(
                "SELECT coalesce(string_agg(t::text, E'\\n'), '') FROM \"{}\" t",
                table.replace('"', "\"\"")
            );
            let rows: String = sqlx::query_scalar(sqlx::AssertSqlSafe(sql))
                .fetch_one(&mut db)
                .await?;
            out.push_str(&rows);
            out.push('\n');
        }
        db.close().await?;
        anyhow::Ok(out)
    })
}

/// The runtime of the library's tests, plain `#[test]` functions: a store opened in it
/// (`test_store`, or `PgStore::connect` under `test_runtime().enter()`) is driven by its threads,
/// as the server's runtime drives the server's store.
#[cfg(test)]
pub fn test_runtime() -> &'static tokio::runtime::Runtime {
    static RUNTIME: std::sync::LazyLock<tokio::runtime::Runtime> = std::sync::LazyLock::new(|| {
        tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .thread_name("test-pg")
            .enable_all()
            .build()
            .unwrap_or_else(|e| panic!("the tests' runtime: {e}"))
    });
    &RUNTIME
}

/// A store on a new, empty database of the throwaway test cluster (scripts/with-postgres.sh),
/// in the tests' runtime.
#[cfg(test)]
pub fn test_store() -> PgStore {
    connect_or_panic(&test_database())
}

/// A store on a hub database as an older binary left it: a new database migrated up to `version`,
/// holding the rows `rows` (SQL) writes in that schema, then opened by this binary (which applies
/// the migrations after `version`). For the tests that a migration keeps every row.
#[cfg(test)]
pub fn test_store_from_migration(version: i64, rows: &str) -> PgStore {
    let url = test_database();
    test_runtime().block_on(async {
        let pool = sqlx::PgPool::connect(&url).await.unwrap();
        schema::MIGRATOR.run_to(version, &pool).await.unwrap();
        sqlx::raw_sql(sqlx::AssertSqlSafe(rows.to_string()))
            .execute(&pool)
            .await
            .unwrap();
        pool.close().await;
    });
    connect_or_panic(&url)
}

/// A new, empty database of the throwaway test cluster: its URL.
#[cfg(test)]
pub fn test_database() -> String {
    use std::sync::atomic::{AtomicU32, Ordering};
    static NEXT: AtomicU32 = AtomicU32::new(0);
    let cluster = std::env::var("LITSTACK_TEST_DATABASE_URL").unwrap_or_else(|_| {
        panic!(
            "LITSTACK_TEST_DATABASE_URL is not set: run the tests through scripts/with-postgres.sh"
        )
    });
    let name = format!(
        "u{}_{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    );
    let _in_runtime = test_runtime().enter();
    create_database(&cluster, &name).unwrap_or_else(|e| panic!("{e}"))
}

/// A store on `url`, in the tests' runtime.
#[cfg(test)]
pub fn connect_or_panic(url: &str) -> PgStore {
    let _in_runtime = test_runtime().enter();
    PgStore::connect(url).unwrap_or_else(|e| panic!("{e}"))
}

#[cfg(test)]
mod tests {
    /// `run` from inside a tokio task on a worker of the store's own runtime, as a request handler
    /// calls it: many statements in one call must not wait for a wake-up that the task's scheduler
    /// would deliver only after the task yields (it cannot while `run` blocks it). Under the former
    /// executor, before `run` was unconstrained by the cooperative budget, this stopped for good
    /// after a few dozen statements. The result comes back over a channel so that a regression
    /// fails here instead of stopping the suite.
    #[test]
    fn many_statements_in_one_run_inside_a_tokio_task_finish() {
        let store = super::test_store();
        let (done, finished) = std::sync::mpsc::channel();
        super::test_runtime().spawn(async move {
            let sum = store.run(async {
                let mut sum = 0i64;
                for i in 0..2_000i64 {
                    let one: i64 = sqlx::query_scalar("SELECT $1::int8")
                        .bind(i)
                        .fetch_one(store.pool())
                        .await?;
                    sum += one;
                }
                anyhow::Ok(sum)
            });
            let _ = done.send(sum.map_err(|e| e.to_string()));
        });
        // A generous bound that only a hang reaches: two thousand statements take about a second.
        let sum = finished
            .recv_timeout(std::time::Duration::from_secs(120))
            .expect("run stopped inside a tokio task: it waits on the task's cooperative budget");
        assert_eq!(sum.unwrap(), (0..2_000i64).sum::<i64>());
    }

    /// A current-thread runtime has no thread to drive the sockets while its one thread waits:
    /// a store is not opened in one (it would wait for good), it says why instead.
    #[test]
    fn a_store_is_not_opened_in_a_current_thread_runtime() {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        let _in_runtime = rt.enter();
        let refused = super::PgStore::connect("postgres://nobody@127.0.0.1:1/none")
            .err()
            .unwrap();
        assert!(refused.to_string().contains("current-thread"), "{refused}");
    }
}
