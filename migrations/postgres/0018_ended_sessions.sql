-- Sessions the server ended while a browser still held their cookie (a password changed or reset,
-- an email changed, a member removed), by the SHA-256 of the token (never the token), kept a week
-- so that the next request with that cookie is told why it is signed out. `firm_name` is the firm
-- a removed member left.
CREATE TABLE ended_sessions (
    token_hash bytea PRIMARY KEY,
    reason     text NOT NULL,
    firm_name  text,
    ended_at   timestamptz NOT NULL
);
CREATE INDEX ended_sessions_ended_at ON ended_sessions (ended_at);
