//! The change log: how one node's write reaches every other node's memory.
//!
//! A write that makes some node's in-memory view stale (a session ended, a user changed, the
//! catalog changed, bookings imported) calls `record` inside its own transaction, as its last
//! statement: the change row and a `NOTIFY` commit with the write or not at all. Every node
//! listens for the notification and also polls the log (`since`), so a lost notification or a
//! dropped listener costs a short delay, never a stale answer for good.
//!
//! `record` takes a transaction-scoped advisory lock first, so change ids commit in id order and
//! a reader that has seen id N has seen every change below N.

use crate::platform::firm_id::FirmId;
use sqlx::PgConnection;

/// The channel every node listens on; the payload is the change id.
pub const CHANNEL: &str = "litstack_changes";
/// The advisory lock that orders the change log's commits.
const ORDER_LOCK: i64 = 0x4c69_7473_0001;

/// What changed. The subject (a user id, a booking generation) is stored beside the kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Change {
    /// A user or their sessions changed (sign-out, a password, email, role or name change):
    /// every node forgets what it cached of that user and reads it again when next asked.
    User { user_id: u64 },
    /// Categories, vendors or questionnaires changed: reload the catalog.
    Catalog,
    /// The bookings changed; the subject is the new booking generation.
    Bookings { generation: u64 },
    /// What a firm adds to the peer figures changed (a tech-stack save, a demo outcome, a new
    /// firm): every node recomputes that firm in its aggregate (`peers`). A change of
    /// the firm's record comes as `User` for each member, which does the same.
    Peers { firm_id: FirmId },
}

impl Change {
    fn parts(self) -> (&'static str, i64) {
        match self {
            Change::User { user_id } => ("user", user_id as i64),
            Change::Catalog => ("catalog", 0),
            Change::Bookings { generation } => ("bookings", generation as i64),
            Change::Peers { firm_id } => ("peers", firm_id.get() as i64),
        }
    }

    fn from_parts(kind: &str, subject: i64) -> Option<Change> {
        let subject = u64::try_from(subject).ok()?;
        match kind {
            "user" => Some(Change::User { user_id: subject }),
            "catalog" => Some(Change::Catalog),
            "bookings" => Some(Change::Bookings {
                generation: subject,
            }),
            "peers" => Some(Change::Peers {
                firm_id: FirmId::from_stored(subject),
            }),
            _ => None,
        }
    }
}

/// Records `change` and notifies the listeners, inside the caller's transaction. Call it last,
/// just before the commit: it holds the ordering lock until then (`PgTx::record_change` leaves it
/// to the commit).
pub async fn record(tx: &mut PgConnection, change: Change) -> sqlx::Result<i64> {
    let (kind, subject) = change.parts();
    sqlx::query("SELECT pg_advisory_xact_lock($1)")
        .bind(ORDER_LOCK)
        .execute(&mut *tx)
        .await?;
    let id: i64 =
        sqlx::query_scalar("INSERT INTO changes (kind, subject) VALUES ($1, $2) RETURNING id")
            .bind(kind)
            .bind(subject)
            .fetch_one(&mut *tx)
            .await?;
    sqlx::query("SELECT pg_notify($1, $2)")
        .bind(CHANNEL)
        .bind(id.to_string())
        .execute(&mut *tx)
        .await?;
    Ok(id)
}

/// The changes after `after`, oldest first (at most `limit`).
pub async fn since(
    db: impl sqlx::PgExecutor<'_>,
    after: i64,
    limit: i64,
) -> sqlx::Result<Vec<(i64, Option<Change>)>> {
    let rows = sqlx::query_as::<_, (i64, String, i64)>(
        "SELECT id, kind, subject FROM changes WHERE id > $1 ORDER BY id LIMIT $2",
    )
    .bind(after)
    .bind(limit)
    .fetch_all(db)
    .await?;
    Ok(rows
        .into_iter()
        .map(|(id, kind, subject)| (id, Change::from_parts(&kind, subject)))
        .collect())
}

/// The newest change id (0 for none): a node that starts reads this before loading its views,
/// so that it replays whatever commits while it loads.
pub async fn latest(db: impl sqlx::PgExecutor<'_>) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT COALESCE(MAX(id), 0) FROM changes")
        .fetch_one(db)
        .await
}

/// The oldest change id still in the log (0 for none). A node whose last seen id is below it
/// missed pruned changes and reloads everything.
pub async fn oldest(db: impl sqlx::PgExecutor<'_>) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT COALESCE(MIN(id), 0) FROM changes")
        .fetch_one(db)
        .await
}

/// Drops changes older than a day: every node has long since seen them.
pub async fn prune(db: impl sqlx::PgExecutor<'_>) -> sqlx::Result<u64> {
    let done = sqlx::query("DELETE FROM changes WHERE at < now() - interval '1 day'")
        .execute(db)
        .await?;
    Ok(done.rows_affected())
}
