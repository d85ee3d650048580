//! The schema of a hub's database: the embedded migrations (`migrations/postgres/`), applied only
//! to a database that is empty or Litstack's own, all pending ones in one transaction (a failure
//! leaves the schema as it was), and never when the schema is already current (a start then reads,
//! and a role that may only read and write rows can serve).
//!
//! sqlx's `Migrator::run` would create its record table at every start (DDL) and commit each
//! migration on its own; this keeps sqlx's record table, checksums and advisory lock (nodes of an
//! older binary starting beside take turns with this one) but decides first, read-only.

use sqlx::PgConnection;
use sqlx::migrate::{Migrate, MigrateError, Migration};

/// The schema, embedded in the binary. A database that has applied a migration this list does not
/// know was migrated by a newer binary, and is refused.
pub static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations/postgres");

/// sqlx's record of applied migrations.
const RECORD: &str = "_sqlx_migrations";

/// How a serving node's listener connection is named (`hub::Hub::node`), in `pg_stat_activity`.
pub const NODE_PREFIX: &str = "litstack-listener-";

/// How many of a foreign schema's tables a refusal names.
const NAMED: usize = 5;

/// What the database's schema holds, read without changing anything.
#[derive(Debug)]
pub struct Survey {
    /// The schema the connection creates in (`current_schema()`).
    pub schema: String,
    /// The connecting role.
    pub role: String,
    /// Whether the role may create in the schema (what a migration needs first).
    pub may_create: bool,
    /// (version, checksum, success) of every applied migration; `None` without a record table.
    pub applied: Option<Vec<(i64, Vec<u8>, bool)>>,
    /// The tables, views and sequences of the schema besides the record, by name.
    pub others: Vec<String>,
}

/// Where the schema stands against this binary's migrations.
#[derive(Debug, PartialEq, Eq)]
pub enum State {
    Current,
    /// These versions are to apply, in order.
    Pending(Vec<i64>),
    /// It holds tables and no record of Litstack's migrations: another application's.
    Foreign,
    /// A migration this binary does not know was applied (by a newer binary).
    TooNew(i64),
    /// An applied migration's text differs from this binary's.
    Changed(i64),
    /// A migration was recorded as failed (by a binary that applied them one by one).
    Failed(i64),
}

fn ours() -> impl Iterator<Item = &'static Migration> {
    MIGRATOR
        .iter()
        .filter(|m| !m.migration_type.is_down_migration())
}

impl Survey {
    /// Reads the schema: catalog queries and a SELECT of the record, nothing else.
    pub async fn read(conn: &mut PgConnection) -> Result<Survey, sqlx::Error> {
        let (schema, role, may_create): (Option<String>, String, bool) = sqlx::query_as(
            "SELECT current_schema()::text, current_user::text, \
                    coalesce(has_schema_privilege(current_schema(), 'CREATE'), false)",
        )
        .fetch_one(&mut *conn)
        .await?;
        let Some(schema) = schema else {
            return Err(sqlx::Error::Protocol(
                "the search_path names no schema that exists".into(),
            ));
        };
        let mut others: Vec<String> = sqlx::query_scalar(
            "SELECT c.relname::text FROM pg_class c \
               JOIN pg_namespace n ON n.oid = c.relnamespace \
              WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p', 'v', 'm', 'f', 'S') \
              ORDER BY 1",
        )
        .fetch_all(&mut *conn)
        .await?;
        let applied = match others.iter().position(|t| t == RECORD) {
            Some(at) => {
                others.remove(at);
                Some(
                    sqlx::query_as(sqlx::AssertSqlSafe(format!(
                        "SELECT version, checksum, success FROM {RECORD} ORDER BY version"
                    )))
                    .fetch_all(&mut *conn)
                    .await?,
                )
            }
            None => None,
        };
        Ok(Survey {
            schema,
            role,
            may_create,
            applied,
            others,
        })
    }

    pub fn state(&self) -> State {
        let applied = self.applied.as_deref().unwrap_or_default();
        let known = |version: i64, checksum: &[u8]| {
            ours().any(|m| m.version == version && *m.checksum == *checksum)
        };
        if !applied.iter().any(|(v, c, _)| known(*v, c)) {
            // No migration of ours: empty (a record another tool made but never filled is empty
            // too), or someone else's.
            return if applied.is_empty() && self.others.is_empty() {
                State::Pending(ours().map(|m| m.version).collect())
            } else {
                State::Foreign
            };
        }
        for (version, checksum, success) in applied {
            match ours().find(|m| m.version == *version) {
                None => return State::TooNew(*version),
                Some(_) if !success => return State::Failed(*version),
                Some(m) if *m.checksum != **checksum => return State::Changed(*version),
                Some(_) => {}
            }
        }
        let pending: Vec<i64> = ours()
            .map(|m| m.version)
            .filter(|v| !applied.iter().any(|(a, _, _)| a == v))
            .collect();
        if pending.is_empty() {
            State::Current
        } else {
            State::Pending(pending)
        }
    }

    /// Why the schema is refused, for a state other than current or pending.
    pub fn refusal(&self, state: &State) -> String {
        match state {
            State::Current | State::Pending(_) => String::new(),
            State::Foreign => {
                let mut named = self.others.iter().take(NAMED).cloned().collect::<Vec<_>>();
                if self.others.len() > NAMED {
                    named.push(format!("and {} more", self.others.len() - NAMED));
                }
                format!(
                    "its schema {} holds {} tables that are not Litstack's ({}) and no record of \
                     Litstack's migrations; nothing was changed. Point --database-url at an empty \
                     database (CREATE DATABASE litstack) or at Litstack's own",
                    self.schema,
                    self.others.len(),
                    named.join(", ")
                )
            }
            State::TooNew(v) => format!(
                "it was migrated by a newer Litstack (its migration {v} is unknown to this one); \
                 run that version or a newer one"
            ),
            State::Changed(v) => format!(
                "its migration {v} differs from this Litstack's (the applied text was changed)"
            ),
            State::Failed(v) => format!(
                "its migration {v} is recorded as failed, by an older Litstack that applied \
                 migrations one by one: restore the database from a backup taken before it"
            ),
        }
    }
}

/// Why a migration cannot run, for the operator.
#[derive(Debug, thiserror::Error)]
pub enum Refused {
    /// The schema is not one this binary migrates (`Survey::refusal` says why).
    #[error("{0}")]
    Schema(String),
    /// The schema is a newer binary's.
    #[error("its migration {0} is unknown to this Litstack")]
    TooNew(i64),
    /// Migrations are due and the role may not make them.
    #[error(
        "it needs {count} migration(s) ({first}…{last}) and the role {role} may not change the \
         schema {schema}; nothing was changed. Migrate it with the role that owns the schema: \
         `litstack migrate --database-url postgres://OWNER@…` (or start one node with that role), \
         then start the nodes with this one"
    )]
    NoPrivilege {
        count: usize,
        first: i64,
        last: i64,
        role: String,
        schema: String,
    },
    /// Nodes are serving from the database (their listeners' names).
    #[error(
        "{} Litstack node(s) are connected to it ({}), and its {pending} pending migration(s) \
         move tables, which runs with every node stopped; nothing was changed. Stop every node, \
         then start one of this version (or run `litstack migrate`) before the others",
        .nodes.len(), .nodes.join(", ")
    )]
    NodesRunning { nodes: Vec<String>, pending: usize },
    /// A migration failed; the transaction is rolled back.
    #[error("{0}; nothing was changed (the migrations run in one transaction)")]
    Failed(String),
    /// The database itself failed (a connection, a query).
    #[error("{0}")]
    Database(#[from] sqlx::Error),
}

impl From<MigrateError> for Refused {
    fn from(e: MigrateError) -> Refused {
        Refused::Failed(e.to_string())
    }
}

fn refused(survey: &Survey, state: &State) -> Refused {
    match state {
        State::TooNew(v) => Refused::TooNew(*v),
        State::Pending(pending) => Refused::NoPrivilege {
            count: pending.len(),
            first: pending.first().copied().unwrap_or_default(),
            last: pending.last().copied().unwrap_or_default(),
            role: survey.role.clone(),
            schema: survey.schema.clone(),
        },
        other => Refused::Schema(survey.refusal(other)),
    }
}

/// Brings the schema up to date: nothing but reads when it is current; otherwise, under sqlx's
/// advisory lock (nodes starting together take turns), every pending migration in one
/// transaction. Answers the versions applied.
pub async fn bring_up_to_date(conn: &mut PgConnection) -> Result<Vec<i64>, Refused> {
    let survey = Survey::read(conn).await?;
    match survey.state() {
        State::Current => return Ok(Vec::new()),
        State::Pending(_) if survey.may_create => {}
        other => return Err(refused(&survey, &other)),
    }
    conn.lock().await?;
    let applied = apply_pending(conn).await;
    let unlocked = conn.unlock().await;
    let applied = applied?;
    unlocked?;
    Ok(applied)
}

async fn apply_pending(conn: &mut PgConnection) -> Result<Vec<i64>, Refused> {
    use sqlx::Connection;
    let mut tx = conn.begin().await?;
    // Another node may have migrated, or someone else written, while this one waited for the lock.
    let survey = Survey::read(&mut tx).await?;
    let pending = match survey.state() {
        State::Current => return Ok(Vec::new()),
        State::Pending(pending) => pending,
        other => return Err(refused(&survey, &other)),
    };
    // Migrations move rows between tables: a node serving beside would write to a table as it
    // moves, or cache what is gone. Every node holds a named listener connection.
    let nodes: Vec<String> = sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
        "SELECT application_name FROM pg_stat_activity \
          WHERE datname = current_database() AND pid <> pg_backend_pid() \
            AND application_name LIKE '{NODE_PREFIX}%' ORDER BY 1"
    )))
    .fetch_all(&mut *tx)
    .await?;
    if !nodes.is_empty() {
        return Err(Refused::NodesRunning {
            nodes,
            pending: pending.len(),
        });
    }
    tx.ensure_migrations_table(RECORD).await?;
    for migration in ours().filter(|m| pending.contains(&m.version)) {
        // sqlx nests each one in a savepoint of this transaction.
        tx.apply(RECORD, migration).await.map_err(|e| match e {
            MigrateError::ExecuteMigration(e, v) => Refused::Failed(format!(
                "migration {v} ({}) failed: {e}",
                migration.description
            )),
            other => other.into(),
        })?;
    }
    tx.commit().await?;
    Ok(pending)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn survey(applied: Option<Vec<(i64, Vec<u8>, bool)>>, others: &[&str]) -> Survey {
        Survey {
            schema: "public".into(),
            role: "node".into(),
            may_create: true,
            applied,
            others: others.iter().map(|s| s.to_string()).collect(),
        }
    }

    fn all_applied() -> Vec<(i64, Vec<u8>, bool)> {
        ours()
            .map(|m| (m.version, m.checksum.to_vec(), true))
            .collect()
    }

    #[test]
    fn an_empty_schema_takes_every_migration_and_a_foreign_one_none() {
        let every: Vec<i64> = ours().map(|m| m.version).collect();
        assert_eq!(survey(None, &[]).state(), State::Pending(every.clone()));
        assert_eq!(survey(Some(vec![]), &[]).state(), State::Pending(every));
        assert_eq!(survey(None, &["orders"]).state(), State::Foreign);
        // Another sqlx application's record is not ours.
        let theirs = Some(vec![(1, vec![1, 2, 3], true)]);
        assert_eq!(survey(theirs, &["orders"]).state(), State::Foreign);
        let message = survey(None, &["a", "b", "c", "d", "e", "f", "g"]).refusal(&State::Foreign);
        assert!(
            message.contains("7 tables") && message.contains("(a, b, c, d, e, and 2 more)"),
            "{message}"
        );
    }

    #[test]
    fn a_schema_of_ours_is_current_behind_newer_or_changed() {
        let mut applied = all_applied();
        let tables = ["users", "firms"];
        assert_eq!(
            survey(Some(applied.clone()), &tables).state(),
            State::Current
        );
        let last = applied.pop().unwrap();
        assert_eq!(
            survey(Some(applied.clone()), &tables).state(),
            State::Pending(vec![last.0])
        );
        let mut newer = all_applied();
        newer.push((99990101000000, vec![0], true));
        assert_eq!(
            survey(Some(newer), &tables).state(),
            State::TooNew(99990101000000)
        );
        let mut changed = all_applied();
        changed[1].1 = vec![0];
        assert_eq!(
            survey(Some(changed), &tables).state(),
            State::Changed(changed_version())
        );
    }

    /// A hub one migration behind, with a node of it serving (its listener connected), refuses
    /// the migration and keeps its schema; once the node stops, the migration runs.
    #[test]
    fn a_migration_waits_for_every_node_to_stop() {
        use sqlx::ConnectOptions;
        use std::str::FromStr;

        let url = super::super::test_database();
        let versions: Vec<i64> = ours().map(|m| m.version).collect();
        let (last, previous) = (versions[versions.len() - 1], versions[versions.len() - 2]);
        let runtime = super::super::test_runtime();
        let _in_runtime = runtime.enter();
        let node = runtime.block_on(async {
            let pool = sqlx::PgPool::connect(&url).await.unwrap();
            MIGRATOR.run_to(previous, &pool).await.unwrap();
            pool.close().await;
            sqlx::postgres::PgConnectOptions::from_str(&url)
                .unwrap()
                .application_name(&format!("{NODE_PREFIX}0a0b0c0d"))
                .connect()
                .await
                .unwrap()
        });

        let refused = super::super::PgStore::migrate(&url, &[])
            .err()
            .unwrap()
            .to_string();
        assert!(
            refused.contains("1 Litstack node(s) are connected to it (litstack-listener-0a0b0c0d)")
                && refused.contains("1 pending migration(s)")
                && refused.contains("nothing was changed"),
            "{refused}"
        );

        let store = super::super::PgStore::connect_as_is(&url).unwrap();
        let applied = store
            .run(async {
                let mut conn = store.pool.acquire().await?;
                Ok::<_, sqlx::Error>(Survey::read(&mut conn).await?.state())
            })
            .unwrap();
        assert_eq!(applied, State::Pending(vec![last]));

        runtime.block_on(async {
            use sqlx::Connection;
            node.close().await.unwrap();
            // The server ends the node's backend a moment after it says goodbye.
            for _ in 0..100 {
                let left: i64 = sqlx::query_scalar(
                    "SELECT count(*) FROM pg_stat_activity WHERE application_name LIKE 'litstack-listener-0a0b%'",
                )
                .fetch_one(&store.pool)
                .await
                .unwrap();
                if left == 0 {
                    break;
                }
                tokio::time::sleep(std::time::Duration::from_millis(50)).await;
            }
        });
        let (_, applied) = super::super::PgStore::migrate(&url, &[]).unwrap();
        assert_eq!(applied, vec![last]);
    }

    fn changed_version() -> i64 {
        ours().nth(1).unwrap().version
    }
}
