//! Onboarding in PostgreSQL: the `onboarding` table, one row per user, one column per answer
//! (the answer's code, as the API spells it).

use crate::platform::error::Result;
use crate::platform::firm_id::FirmId;
use crate::platform::store::PgStore;
use crate::platform::store::postgres::{code, from_code};
use crate::profile::bands::Onboarding;

pub fn find_onboarding(store: &PgStore, firm_id: FirmId) -> Result<Option<Onboarding>> {
    let row = store.run(
        sqlx::query_as::<_, OnboardingRow>(
            "SELECT attorneys_count_band, employees_count_band, injury_cases_per_month_band, \
             annual_software_spend_band FROM onboarding WHERE firm_id = $1",
        )
        .bind(firm_id.get() as i64)
        .fetch_optional(store.pool()),
    )?;
    Ok(row.map(Onboarding::try_from).transpose()?)
}

/// An `onboarding` row's answers, as their codes.
#[derive(sqlx::FromRow)]
struct OnboardingRow {
    attorneys_count_band: String,
    employees_count_band: String,
    injury_cases_per_month_band: String,
    annual_software_spend_band: String,
}

impl TryFrom<OnboardingRow> for Onboarding {
    type Error = anyhow::Error;
    fn try_from(row: OnboardingRow) -> anyhow::Result<Onboarding> {
        Ok(Onboarding {
            attorneys_count_band: from_code(row.attorneys_count_band)?,
            employees_count_band: from_code(row.employees_count_band)?,
            injury_cases_per_month_band: from_code(row.injury_cases_per_month_band)?,
            annual_software_spend_band: from_code(row.annual_software_spend_band)?,
        })
    }
}

pub fn save_onboarding(store: &PgStore, firm_id: FirmId, answers: &Onboarding) -> Result<()> {
    store.run(async {
        let mut tx = store.pool().begin().await?;
        crate::platform::store::merged::refuse_in_pg(&mut tx, firm_id).await?;
        upsert(&mut tx, firm_id, answers).await?;
        tx.commit().await?;
        Ok(())
    })
}

/// Writes the firm's answers inside `conn`'s transaction, replacing any earlier ones.
pub(super) async fn upsert(
    conn: &mut sqlx::PgConnection,
    firm_id: FirmId,
    answers: &Onboarding,
) -> Result<()> {
    let codes = [
        code(&answers.attorneys_count_band)?,
        code(&answers.employees_count_band)?,
        code(&answers.injury_cases_per_month_band)?,
        code(&answers.annual_software_spend_band)?,
    ];
    sqlx::query(
        "INSERT INTO onboarding (firm_id, attorneys_count_band, employees_count_band, \
         injury_cases_per_month_band, annual_software_spend_band, saved_at) \
         VALUES ($1, $2, $3, $4, $5, now()) \
         ON CONFLICT (firm_id) DO UPDATE SET \
         attorneys_count_band = EXCLUDED.attorneys_count_band, \
         employees_count_band = EXCLUDED.employees_count_band, \
         injury_cases_per_month_band = EXCLUDED.injury_cases_per_month_band, \
         annual_software_spend_band = EXCLUDED.annual_software_spend_band, \
         saved_at = EXCLUDED.saved_at",
    )
    .bind(firm_id.get() as i64)
    .bind(&codes[0])
    .bind(&codes[1])
    .bind(&codes[2])
    .bind(&codes[3])
    .execute(conn)
    .await?;
    Ok(())
}

/// `into` keeps its answers; `from`'s become `into`'s only when it has none; `from`'s go.
pub fn merge_firm_in(
    tx: &mut crate::platform::store::PgTx,
    into: FirmId,
    from: FirmId,
) -> Result<()> {
    // Keys and binds take the plain ids.
    let (into, from) = (into.get(), from.get());
    let store = tx.store();
    let conn = tx.conn()?;
    store.run(async {
        sqlx::query(
            "INSERT INTO onboarding (firm_id, attorneys_count_band, employees_count_band, \
             injury_cases_per_month_band, annual_software_spend_band, saved_at) \
             SELECT $1, attorneys_count_band, employees_count_band, injury_cases_per_month_band, \
             annual_software_spend_band, saved_at FROM onboarding WHERE firm_id = $2 \
             ON CONFLICT (firm_id) DO NOTHING",
        )
        .bind(into as i64)
        .bind(from as i64)
        .execute(&mut *conn)
        .await?;
        sqlx::query("DELETE FROM onboarding WHERE firm_id = $1")
            .bind(from as i64)
            .execute(&mut *conn)
            .await?;
        Ok(())
    })
}
