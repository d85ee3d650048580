-- A firm's evaluations of a category before it decides (issue 32): one row per (firm, category,
-- round), the round whole as JSON (criteria, their changes, scorecards, reference calls; see
-- src/evaluations/model.rs), read and written in one transaction under the firm's lock.
-- src/evaluations/storage/postgres.rs is the only code that touches it.
CREATE TABLE evaluation_rounds (
    firm_id     bigint NOT NULL,
    category_id bigint NOT NULL,
    round       integer NOT NULL CHECK (round >= 1),
    body        jsonb NOT NULL,
    PRIMARY KEY (firm_id, category_id, round)
);
