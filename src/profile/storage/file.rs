//! Onboarding in the redb file: the ONBOARDING table, user id -> `Onboarding`.

use crate::platform::error::Result;
use crate::platform::firm_id::FirmId;
use crate::platform::store::{FileStore, ONBOARDING, codec};
use crate::profile::bands::Onboarding;

pub fn find_onboarding(store: &FileStore, firm_id: FirmId) -> Result<Option<Onboarding>> {
    let txn = store.read()?;
    let table = txn.open_table(ONBOARDING)?;
    let found = table
        .get(firm_id.get())?
        .map(|v| codec::decode(v.value()))
        .transpose()?;
    Ok(found)
}

pub fn save_onboarding(store: &FileStore, firm_id: FirmId, answers: &Onboarding) -> Result<()> {
    let txn = store.write()?;
    crate::platform::store::merged::refuse_in_file(&txn, firm_id)?;
    txn.open_table(ONBOARDING)?
        .insert(firm_id.get(), codec::encode(answers).as_slice())?;
    txn.commit()?;
    Ok(())
}

/// `into` keeps its answers; `from`'s become `into`'s only when it has none; `from`'s go.
pub fn merge_firm_in(txn: &redb::WriteTransaction, into: FirmId, from: FirmId) -> Result<()> {
    // Keys and binds take the plain ids.
    let (into, from) = (into.get(), from.get());
    use redb::ReadableTable;
    let mut table = txn.open_table(ONBOARDING)?;
    let theirs = table.remove(from)?.map(|v| v.value().to_vec());
    if let Some(answers) = theirs
        && table.get(into)?.is_none()
    {
        table.insert(into, answers.as_slice())?;
    }
    Ok(())
}
