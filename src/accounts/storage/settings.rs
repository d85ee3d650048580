//! The install's sign-up mode, in either backend: META `sign_up_invite_only` (0 or 1) in the redb
//! file, the `settings` row `sign_up` in PostgreSQL. Absent means open, as the spec has it.

use crate::platform::config::SignUpMode;
use crate::platform::error::Result;
use crate::platform::store::{self, Store};

const FILE_KEY: &str = "sign_up_invite_only";
const PG_KEY: &str = "sign_up";

pub fn sign_up_mode(store: &Store) -> Result<SignUpMode> {
    match store {
        Store::File(db) => {
            let txn = db.read()?;
            Ok(match store::meta_get(&txn, FILE_KEY)? {
                Some(1) => SignUpMode::InviteOnly,
                _ => SignUpMode::Open,
            })
        }
        Store::Postgres(db) => {
            let value: Option<String> = db.run(
                sqlx::query_scalar("SELECT value FROM settings WHERE key = $1")
                    .bind(PG_KEY)
                    .fetch_optional(db.pool()),
            )?;
            Ok(value
                .as_deref()
                .and_then(SignUpMode::from_code)
                .unwrap_or(SignUpMode::Open))
        }
    }
}

pub fn set_sign_up_mode(store: &Store, mode: SignUpMode) -> Result<()> {
    match store {
        Store::File(db) => {
            let txn = db.write()?;
            store::meta_set(&txn, FILE_KEY, u64::from(mode == SignUpMode::InviteOnly))?;
            txn.commit()?;
            Ok(())
        }
        Store::Postgres(db) => {
            db.run(
                sqlx::query(
                    "INSERT INTO settings (key, value) VALUES ($1, $2) \
                     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value",
                )
                .bind(PG_KEY)
                .bind(mode.code())
                .execute(db.pool()),
            )?;
            Ok(())
        }
    }
}
