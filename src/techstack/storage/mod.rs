//! The tech stack's storage, in either backend: one record per user and answered category.

mod file;
mod postgres;

pub use postgres::export;

use crate::error::Result;
use crate::state::App;
use crate::store::Store;

use super::model::Adoption;

/// Every category the user has answered, by category id (ascending), as stored.
pub fn load(app: &App, user_id: u64) -> Result<Vec<(u64, Adoption)>> {
    match &app.store {
        Store::File(db) => file::load(db, user_id),
        Store::Postgres(db) => postgres::load(db, user_id),
    }
}

/// Every answered category of every user, as ((user id, category id), answer), in that order.
pub fn load_all(app: &App) -> Result<Vec<((u64, u64), Adoption)>> {
    match &app.store {
        Store::File(db) => file::load_all(db),
        Store::Postgres(db) => postgres::load_all(db),
    }
}

/// Writes the given categories in one transaction; categories not given keep their answer.
pub fn save(app: &App, user_id: u64, items: &[(u64, Adoption)]) -> Result<()> {
    match &app.store {
        Store::File(db) => file::save(db, user_id, items),
        Store::Postgres(db) => postgres::save(db, user_id, items),
    }
}
