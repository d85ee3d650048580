-- Renewal reminders (issue 32): each milestone (90, 60, 30 and 0 days before a contract's opt-out
-- deadline) is claimed here in the transaction that writes its notices, so it is sent once across
-- restarts and hub nodes. src/techstack/storage/reminders.rs is the only code that touches it.
CREATE TABLE renewal_reminders (
    firm_id   bigint NOT NULL,
    vendor_id bigint NOT NULL,
    deadline  date NOT NULL,
    milestone integer NOT NULL CHECK (milestone IN (0, 30, 60, 90)),
    sent_at   timestamptz NOT NULL,
    PRIMARY KEY (firm_id, vendor_id, deadline, milestone)
);
