//! The sign-in and sign-up windows in PostgreSQL (`rate_limits`, migrations 0002 and 0009),
//! counted across all nodes. A window's key is the SHA-256 of its name ("ip:…", "pair:…", …), so
//! no address or email is stored in clear; a window of sign-in failures against an existing
//! account also names the account's id and the scope, for the operator's list of locked accounts.

use sha2::{Digest, Sha256};

use crate::platform::error::Result;
use crate::platform::store::PgStore;

/// The `rate_limits` key of a window's name: its SHA-256, so no address or email is in clear.
fn limit_key(name: &str) -> Vec<u8> {
    Sha256::digest(name.as_bytes()).to_vec()
}

/// Counts one event under `name` in one atomic upsert: a window older than `window` starts over;
/// the count stops at `limit + 1`, which marks a refused event. `tag` (an account's id and the
/// scope) marks a window of sign-in failures against that account. Returns the seconds left in
/// the window when refused.
pub fn rate_limit_hit(
    store: &PgStore,
    name: &str,
    limit: u32,
    window: f64,
    tag: Option<(u64, &str)>,
) -> Result<Option<f64>> {
    let (count, left_secs) = store.run(
        sqlx::query_as::<_, (i32, f64)>(
            "INSERT INTO rate_limits AS r (key, window_started, count, user_id, scope) \
             VALUES ($1, now(), 1, $4, $5) \
             ON CONFLICT (key) DO UPDATE SET \
               window_started = CASE WHEN r.window_started <= now() - make_interval(secs => $2) \
                                THEN now() ELSE r.window_started END, \
               count = CASE WHEN r.window_started <= now() - make_interval(secs => $2) THEN 1 \
                       ELSE LEAST(r.count + 1, $3 + 1) END, \
               user_id = COALESCE(EXCLUDED.user_id, r.user_id), \
               scope = COALESCE(EXCLUDED.scope, r.scope) \
             RETURNING count, \
               EXTRACT(EPOCH FROM window_started + make_interval(secs => $2) - now())::float8 \
               AS left_secs",
        )
        .bind(limit_key(name))
        .bind(window)
        .bind(limit as i32)
        .bind(tag.map(|(user_id, _)| user_id as i64))
        .bind(tag.map(|(_, scope)| scope))
        .fetch_one(store.pool()),
    )?;
    Ok((count > limit as i32).then_some(left_secs))
}

/// The tagged windows younger than `window`: (account id, scope, count, seconds left).
pub fn rate_limit_tagged(store: &PgStore, window: f64) -> Result<Vec<(u64, String, u32, f64)>> {
    let rows = store.run(
        sqlx::query_as::<_, (i64, String, i32, f64)>(
            "SELECT user_id, scope, count, \
               EXTRACT(EPOCH FROM window_started + make_interval(secs => $1) - now())::float8 \
               AS left_secs \
             FROM rate_limits WHERE user_id IS NOT NULL AND scope IS NOT NULL \
             AND window_started > now() - make_interval(secs => $1)",
        )
        .bind(window)
        .fetch_all(store.pool()),
    )?;
    Ok(rows
        .into_iter()
        .map(|(user_id, scope, count, left_secs)| {
            (user_id as u64, scope, count.max(0) as u32, left_secs)
        })
        .collect())
}

/// Drops every window counting against `user_id`'s account.
pub fn rate_limit_reset_user(store: &PgStore, user_id: u64) -> Result<()> {
    store.run(
        sqlx::query("DELETE FROM rate_limits WHERE user_id = $1")
            .bind(user_id as i64)
            .execute(store.pool()),
    )?;
    Ok(())
}

/// The seconds left in `name`'s window when it has used up `limit`; counts nothing.
pub fn rate_limit_check(
    store: &PgStore,
    name: &str,
    limit: u32,
    window: f64,
) -> Result<Option<f64>> {
    let left: Option<f64> = store.run(
        sqlx::query_scalar(
            "SELECT EXTRACT(EPOCH FROM window_started + make_interval(secs => $2) - now())::float8 \
             FROM rate_limits WHERE key = $1 AND count >= $3 \
             AND window_started > now() - make_interval(secs => $2)",
        )
        .bind(limit_key(name))
        .bind(window)
        .bind(limit as i32)
        .fetch_optional(store.pool()),
    )?;
    Ok(left)
}

pub fn rate_limit_reset(store: &PgStore, name: &str) -> Result<()> {
    store.run(
        sqlx::query("DELETE FROM rate_limits WHERE key = $1")
            .bind(limit_key(name))
            .execute(store.pool()),
    )?;
    Ok(())
}

/// Drops windows older than `longest`, so the table cannot grow without bound.
pub fn rate_limit_sweep(store: &PgStore, longest: f64) -> Result<()> {
    store.run(
        sqlx::query(
            "DELETE FROM rate_limits WHERE window_started < now() - make_interval(secs => $1)",
        )
        .bind(longest)
        .execute(store.pool()),
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn in_hub_mode_sign_in_windows_fill_reopen_and_keep_no_name_in_clear() {
        let db = crate::platform::store::postgres::test_store();
        for _ in 0..3 {
            assert_eq!(
                rate_limit_hit(&db, "ip:10.0.0.1", 3, 60.0, None).unwrap(),
                None
            );
        }
        let left = rate_limit_hit(&db, "ip:10.0.0.1", 3, 60.0, None).unwrap();
        assert!(left.is_some_and(|s| s > 55.0 && s <= 60.0), "{left:?}");
        assert!(
            rate_limit_check(&db, "ip:10.0.0.1", 3, 60.0)
                .unwrap()
                .is_some()
        );
        // Another window is counted apart.
        assert_eq!(rate_limit_check(&db, "ip:10.0.0.2", 3, 60.0).unwrap(), None);
        // A window older than its length starts over.
        db.run(
            sqlx::query("UPDATE rate_limits SET window_started = now() - interval '61 seconds'")
                .execute(db.pool()),
        )
        .unwrap();
        assert_eq!(rate_limit_check(&db, "ip:10.0.0.1", 3, 60.0).unwrap(), None);
        assert_eq!(
            rate_limit_hit(&db, "ip:10.0.0.1", 3, 60.0, None).unwrap(),
            None
        );
        let stored: String = db
            .run(
                sqlx::query_scalar("SELECT string_agg(r::text, ' ') FROM rate_limits r")
                    .fetch_one(db.pool()),
            )
            .unwrap();
        assert!(!stored.contains("10.0.0.1"), "{stored}");
        rate_limit_reset(&db, "ip:10.0.0.1").unwrap();
        rate_limit_sweep(&db, 3600.0).unwrap();
        let rows: i64 = db
            .run(sqlx::query_scalar("SELECT count(*) FROM rate_limits").fetch_one(db.pool()))
            .unwrap();
        assert_eq!(rows, 0);
    }

    #[test]
    fn in_hub_mode_sign_in_windows_of_an_account_are_listed_and_reset_by_its_id() {
        let db = crate::platform::store::postgres::test_store();
        let hit = |name: &str, tag| rate_limit_hit(&db, name, 10, 900.0, tag);
        hit("pair:ann|1.1.1.1", Some((7, "pair"))).unwrap();
        // A later hit without a tag keeps the window's account.
        hit("pair:ann|1.1.1.1", None).unwrap();
        hit("account:ann", Some((7, "account"))).unwrap();
        hit("ip:1.1.1.1", None).unwrap();
        let mut listed = rate_limit_tagged(&db, 900.0).unwrap();
        listed.sort_by(|a, b| a.1.cmp(&b.1));
        let listed: Vec<(u64, &str, u32)> = listed
            .iter()
            .map(|(user, scope, count, left)| {
                assert!(*left > 890.0 && *left <= 900.0, "{left}");
                (*user, scope.as_str(), *count)
            })
            .collect();
        assert_eq!(listed, vec![(7, "account", 1), (7, "pair", 2)]);

        rate_limit_reset_user(&db, 8).unwrap();
        assert_eq!(rate_limit_tagged(&db, 900.0).unwrap().len(), 2);
        rate_limit_reset_user(&db, 7).unwrap();
        assert!(rate_limit_tagged(&db, 900.0).unwrap().is_empty());
        assert!(
            rate_limit_check(&db, "ip:1.1.1.1", 1, 900.0)
                .unwrap()
                .is_some(),
            "windows of no account stay"
        );
    }
}
