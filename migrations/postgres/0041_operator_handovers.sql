-- The pending offer of the install's operator role (issue 77): at most one row, from the offer
-- until it is accepted, declined, withdrawn or expires (`admin::handover`). It names two
-- accounts; either account's removal (with its firm's deletion) takes the offer with it.
CREATE TABLE operator_handovers (
    id         bigint PRIMARY KEY,
    from_user  bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    to_user    bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    offered_at timestamptz NOT NULL,
    expires_at timestamptz NOT NULL
);
-- One offer at a time, whichever node writes it.
CREATE UNIQUE INDEX operator_handovers_one ON operator_handovers ((true));
