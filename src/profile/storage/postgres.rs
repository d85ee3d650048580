//! Onboarding in PostgreSQL: the `onboarding` table, one row per user, one column per answer
//! (the answer's code, as the API spells it).

use sqlx::Row;

use crate::error::Result;
use crate::profile::bands::Onboarding;
use crate::store::PgStore;
use crate::store::postgres::{code, from_code};

pub fn find_onboarding(store: &PgStore, user_id: u64) -> Result<Option<Onboarding>> {
    let row = store.run(
        sqlx::query(
            "SELECT attorneys_count_band, employees_count_band, injury_cases_per_month_band, \
             annual_software_spend_band FROM onboarding WHERE user_id = $1",
        )
        .bind(user_id as i64)
        .fetch_optional(store.pool()),
    )?;
    let Some(row) = row else { return Ok(None) };
    Ok(Some(Onboarding {
        attorneys_count_band: from_code(row.try_get("attorneys_count_band")?)?,
        employees_count_band: from_code(row.try_get("employees_count_band")?)?,
        injury_cases_per_month_band: from_code(row.try_get("injury_cases_per_month_band")?)?,
        annual_software_spend_band: from_code(row.try_get("annual_software_spend_band")?)?,
    }))
}

pub fn save_onboarding(store: &PgStore, user_id: u64, answers: &Onboarding) -> Result<()> {
    store.run(
        sqlx::query(
            "INSERT INTO onboarding (user_id, attorneys_count_band, employees_count_band, \
             injury_cases_per_month_band, annual_software_spend_band, saved_at) \
             VALUES ($1, $2, $3, $4, $5, now()) \
             ON CONFLICT (user_id) DO UPDATE SET \
             attorneys_count_band = EXCLUDED.attorneys_count_band, \
             employees_count_band = EXCLUDED.employees_count_band, \
             injury_cases_per_month_band = EXCLUDED.injury_cases_per_month_band, \
             annual_software_spend_band = EXCLUDED.annual_software_spend_band, \
             saved_at = EXCLUDED.saved_at",
        )
        .bind(user_id as i64)
        .bind(code(&answers.attorneys_count_band)?)
        .bind(code(&answers.employees_count_band)?)
        .bind(code(&answers.injury_cases_per_month_band)?)
        .bind(code(&answers.annual_software_spend_band)?)
        .execute(store.pool()),
    )?;
    Ok(())
}

/// Copies the redb file's onboarding answers into PostgreSQL (by user id) and counts them back.
/// The file keeps no save time, so `saved_at` is the time of the copy.
pub fn export(
    from: &crate::store::FileStore,
    to: &PgStore,
) -> anyhow::Result<Vec<crate::store::TableCount>> {
    use redb::{ReadableTable, ReadableTableMetadata};
    let txn = from.read()?;
    let Some(table) = crate::store::open_read(&txn, crate::store::ONBOARDING)? else {
        return Ok(vec![crate::store::TableCount {
            table: "onboarding",
            source: 0,
            copied: 0,
        }]);
    };
    let source = table.len()?;
    let mut rows = Vec::new();
    for entry in table.iter()? {
        let (user_id, value) = entry?;
        rows.push((
            user_id.value(),
            crate::store::codec::decode::<Onboarding>(value.value())?,
        ));
    }
    for (user_id, answers) in &rows {
        save_onboarding(to, *user_id, answers).map_err(|e| anyhow::anyhow!("{e}"))?;
    }
    Ok(vec![to.counted("onboarding", source)?])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::{FileStore, Store};

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
        for user_id in [1, 7] {
            crate::profile::storage::save_onboarding(&file, user_id, &answers).unwrap();
        }
        let Store::File(from) = &file else {
            unreachable!()
        };
        let to = crate::store::postgres::test_store();
        let counts = export(from, &to).unwrap();
        assert_eq!((counts[0].source, counts[0].copied), (2, 2));
        for user_id in [1, 7, 8] {
            assert_eq!(
                find_onboarding(&to, user_id)
                    .unwrap()
                    .map(|o| code(&o.attorneys_count_band).unwrap()),
                crate::profile::storage::find_onboarding(&file, user_id)
                    .unwrap()
                    .map(|o| code(&o.attorneys_count_band).unwrap())
            );
        }
    }
}
