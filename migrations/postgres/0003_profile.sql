-- The firm's onboarding answers, one row per user; each column holds the answer's API code.
CREATE TABLE onboarding (
    user_id                     bigint PRIMARY KEY,
    attorneys_count_band        text NOT NULL,
    employees_count_band        text NOT NULL,
    injury_cases_per_month_band text NOT NULL,
    annual_software_spend_band  text NOT NULL,
    saved_at                    timestamptz NOT NULL
);
