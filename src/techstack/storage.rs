//! The ADOPTION table: one record per user and answered category.

use crate::error::Result;
use crate::state::App;

use crate::store::{self, ADOPTION, codec};

use super::model::Adoption;

/// Every category the user has answered, by category id (ascending), as stored.
pub fn load(app: &App, user_id: u64) -> Result<Vec<(u64, Adoption)>> {
    Ok(store::user_rows(&app.store.read()?, ADOPTION, user_id)?)
}

/// Every answered category of every user, as ((user id, category id), answer).
pub fn load_all(app: &App) -> Result<Vec<((u64, u64), Adoption)>> {
    Ok(store::all_user_rows(&app.store.read()?, ADOPTION)?)
}

/// Writes the given categories in one transaction; categories not given keep their answer.
pub fn save(app: &App, user_id: u64, items: &[(u64, Adoption)]) -> Result<()> {
    let txn = app.store.write()?;
    {
        let mut table = txn.open_table(ADOPTION)?;
        for (category_id, adoption) in items {
            table.insert((user_id, *category_id), codec::encode(adoption).as_slice())?;
        }
    }
    txn.commit()?;
    Ok(())
}
