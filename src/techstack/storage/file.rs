//! The tech stack in the redb file: the ADOPTION table, (user id, category id) -> `Adoption`.

use crate::error::Result;
use crate::store::{self, ADOPTION, FileStore, codec};
use crate::techstack::model::Adoption;

pub fn load(store: &FileStore, firm_id: u64) -> Result<Vec<(u64, Adoption)>> {
    Ok(store::user_rows(&store.read()?, ADOPTION, firm_id)?)
}

pub fn load_all(store: &FileStore) -> Result<Vec<((u64, u64), Adoption)>> {
    Ok(store::all_user_rows(&store.read()?, ADOPTION)?)
}

pub fn save(store: &FileStore, firm_id: u64, items: &[(u64, Adoption)]) -> Result<()> {
    let txn = store.write()?;
    {
        let mut table = txn.open_table(ADOPTION)?;
        for (category_id, adoption) in items {
            table.insert((firm_id, *category_id), codec::encode(adoption).as_slice())?;
        }
    }
    txn.commit()?;
    Ok(())
}
