//! The ADOPTION table: one record per user and answered category.

use crate::error::Result;
use crate::state::App;
use redb::ReadableTable;

use crate::store::{ADOPTION, codec};

use super::model::Adoption;

/// Every category the user has answered, by category id (ascending), as stored.
pub fn load(app: &App, user_id: u64) -> Result<Vec<(u64, Adoption)>> {
    let txn = app.store.read()?;
    let table = match txn.open_table(ADOPTION) {
        Ok(table) => table,
        // A data directory created before this table existed: nobody has answered yet.
        Err(redb::TableError::TableDoesNotExist(_)) => return Ok(Vec::new()),
        Err(e) => return Err(e.into()),
    };
    let mut out = Vec::new();
    for entry in table.range((user_id, 0)..=(user_id, u64::MAX))? {
        let (key, value) = entry?;
        out.push((key.value().1, codec::decode(value.value())?));
    }
    Ok(out)
}

/// Every answered category of every user, as ((user id, category id), answer).
pub fn load_all(app: &App) -> Result<Vec<((u64, u64), Adoption)>> {
    let txn = app.store.read()?;
    let table = match txn.open_table(ADOPTION) {
        Ok(table) => table,
        Err(redb::TableError::TableDoesNotExist(_)) => return Ok(Vec::new()),
        Err(e) => return Err(e.into()),
    };
    let mut out = Vec::new();
    for entry in table.iter()? {
        let (key, value) = entry?;
        out.push((key.value(), codec::decode(value.value())?));
    }
    Ok(out)
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
