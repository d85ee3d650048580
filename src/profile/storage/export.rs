//! Copying the onboarding answers of a redb install into PostgreSQL (`litstack export-to-postgres`).

use crate::platform::firm_id::FirmId;
use crate::platform::store::PgStore;
use crate::profile::bands::Onboarding;

use super::postgres::save_onboarding;

/// Copies the redb file's onboarding answers into PostgreSQL (by user id) and counts them back.
/// The file keeps no save time, so `saved_at` is the time of the copy.
pub fn export(
    from: &crate::platform::store::FileStore,
    to: &PgStore,
) -> crate::platform::error::Result<Vec<crate::platform::store::TableCount>> {
    use redb::{ReadableTable, ReadableTableMetadata};
    let txn = from.read()?;
    let Some(table) = crate::platform::store::open_read(&txn, crate::platform::store::ONBOARDING)?
    else {
        return Ok(vec![crate::platform::store::TableCount {
            table: "onboarding",
            source: 0,
            copied: 0,
        }]);
    };
    let source = table.len()?;
    let mut rows = Vec::new();
    for entry in table.iter()? {
        let (firm_id, value) = entry?;
        rows.push((
            firm_id.value(),
            crate::platform::store::codec::decode::<Onboarding>(value.value())?,
        ));
    }
    for (firm_id, answers) in &rows {
        save_onboarding(to, FirmId::from_stored(*firm_id), answers)?;
    }
    Ok(vec![to.counted("onboarding", source)?])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::platform::store::postgres::code;
    use crate::platform::store::{FileStore, Store};
    use crate::profile::storage::postgres::find_onboarding;

    #[test]
    fn export_copies_every_onboarding_by_user() {
        let dir = tempfile::tempdir().unwrap();
        let file = Store::File(FileStore::open(dir.path()).unwrap());
        let answers: Onboarding = serde_json::from_value(serde_json::json!({
            "attorneysCountBand": "A2_5",
            "employeesCountBand": "E11_50",
            "injuryCasesPerMonthBand": "C11_25",
            "annualSoftwareSpendBand": "S10_40K"
        }))
        .unwrap();
        for firm_id in [1, 7] {
            crate::profile::storage::save_onboarding(&file, FirmId::from_stored(firm_id), &answers)
                .unwrap();
        }
        let Store::File(from) = &file else {
            unreachable!()
        };
        let to = crate::platform::store::postgres::test_store();
        let counts = export(from, &to).unwrap();
        assert_eq!((counts[0].source, counts[0].copied), (2, 2));
        for firm_id in [1, 7, 8] {
            assert_eq!(
                find_onboarding(&to, FirmId::from_stored(firm_id))
                    .unwrap()
                    .map(|o| code(&o.attorneys_count_band).unwrap()),
                crate::profile::storage::find_onboarding(&file, FirmId::from_stored(firm_id))
                    .unwrap()
                    .map(|o| code(&o.attorneys_count_band).unwrap())
            );
        }
    }
}
