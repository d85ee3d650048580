-- The onboarding answers move onto the storage seam (issue 79, src/platform/store/seam): the table
-- becomes the seam's layout for its declaration (`profile::storage::ANSWERS`): the firm id as the
-- primary key and the answers as jsonb, in the shape `profile::bands::Onboarding` has in serde
-- (each band by the code the API spells). The save time goes: the redb file never kept one, and no
-- screen reads it. The old table goes in the same transaction: kept, it would hold a deleted
-- firm's answers that its deletion no longer reaches.
ALTER TABLE onboarding RENAME TO legacy_onboarding;

CREATE TABLE onboarding (
    firm_id bigint NOT NULL,
    value   jsonb NOT NULL,
    PRIMARY KEY (firm_id)
);

INSERT INTO onboarding (firm_id, value)
SELECT firm_id,
       jsonb_build_object(
           'attorneysCountBand', attorneys_count_band,
           'employeesCountBand', employees_count_band,
           'injuryCasesPerMonthBand', injury_cases_per_month_band,
           'annualSoftwareSpendBand', annual_software_spend_band)
  FROM legacy_onboarding;

DROP TABLE legacy_onboarding;
