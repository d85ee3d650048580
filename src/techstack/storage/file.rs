//! The tech stack in the redb file: the ADOPTION table, (user id, category id) -> `Adoption`.

use crate::platform::error::Result;
use crate::platform::firm_id::FirmId;
use crate::platform::store::{self, ADOPTION, FileStore, codec};
use crate::techstack::model::Adoption;

pub fn load(store: &FileStore, firm_id: FirmId) -> Result<Vec<(u64, Adoption)>> {
    Ok(store::user_rows(&store.read()?, ADOPTION, firm_id.get())?)
}

pub fn load_all(store: &FileStore) -> Result<Vec<((u64, u64), Adoption)>> {
    Ok(store::all_user_rows(&store.read()?, ADOPTION)?)
}

pub fn save(store: &FileStore, firm_id: FirmId, items: &[(u64, Adoption)]) -> Result<()> {
    let txn = store.write()?;
    store::merged::refuse_in_file(&txn, firm_id)?;
    {
        let mut table = txn.open_table(ADOPTION)?;
        for (category_id, adoption) in items {
            table.insert(
                (firm_id.get(), *category_id),
                codec::encode(adoption).as_slice(),
            )?;
        }
    }
    txn.commit()?;
    Ok(())
}

/// Moves firm `from`'s answers to firm `into`, each category's two answers made one by `union`.
pub fn merge_firm_in(txn: &redb::WriteTransaction, into: FirmId, from: FirmId) -> Result<()> {
    // Keys and binds take the plain ids.
    let (into, from) = (into.get(), from.get());
    use redb::ReadableTable;
    let mut table = txn.open_table(ADOPTION)?;
    let mut theirs: Vec<(u64, Adoption)> = Vec::new();
    for entry in table.range((from, 0)..=(from, u64::MAX))? {
        let (key, value) = entry?;
        theirs.push((key.value().1, codec::decode(value.value())?));
    }
    for (category_id, adoption) in theirs {
        let ours: Option<Adoption> = table
            .get((into, category_id))?
            .map(|v| codec::decode(v.value()))
            .transpose()?;
        let merged = match ours {
            Some(ours) => super::union(ours, adoption),
            None => adoption,
        };
        table.insert((into, category_id), codec::encode(&merged).as_slice())?;
        table.remove((from, category_id))?;
    }
    Ok(())
}

pub fn category_in(
    txn: &redb::WriteTransaction,
    firm_id: FirmId,
    category_id: u64,
) -> Result<Option<Adoption>> {
    use redb::ReadableTable;
    store::merged::refuse_in_file(txn, firm_id)?;
    let table = txn.open_table(ADOPTION)?;
    let found = table.get((firm_id.get(), category_id))?;
    Ok(found.map(|v| codec::decode(v.value())).transpose()?)
}

pub fn put_in(
    txn: &redb::WriteTransaction,
    firm_id: FirmId,
    category_id: u64,
    adoption: &Adoption,
) -> Result<()> {
    txn.open_table(ADOPTION)?.insert(
        (firm_id.get(), category_id),
        codec::encode(adoption).as_slice(),
    )?;
    Ok(())
}
