-- A second factor (TOTP) and where each person is signed in (issue 31).

-- One row per account that set up a time-based code. `secret` is the shared TOTP key (never
-- logged, never shown again after setup); `confirmed_at` is null while setup is pending;
-- `last_used_step` is the last 30-second step a code was accepted for, so no code is accepted
-- twice; `recovery_hashes` is the SHA-256 of each unused recovery code, 32 bytes each, one
-- after the other (a used one is removed).
CREATE TABLE user_factors (
    user_id         bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    secret          bytea NOT NULL,
    created_at      timestamptz NOT NULL,
    confirmed_at    timestamptz,
    last_used_step  bigint NOT NULL,
    recovery_hashes bytea NOT NULL
);

-- A sign-in whose password was right and whose second factor is due: the SHA-256 of the token
-- handed to the browser, for five minutes, single use. Any node finishes it.
CREATE TABLE mfa_challenges (
    token_hash bytea PRIMARY KEY,
    user_id    bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    expires_at timestamptz NOT NULL
);
CREATE INDEX mfa_challenges_expires_at ON mfa_challenges (expires_at);

-- What a session was started from: a short device summary ("Chrome on Windows", never the full
-- User-Agent) and the client address. Ends with its session.
CREATE TABLE session_devices (
    token_hash bytea PRIMARY KEY REFERENCES sessions (token_hash) ON DELETE CASCADE,
    user_id    bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    device     text NOT NULL,
    address    text NOT NULL,
    started_at timestamptz NOT NULL
);
CREATE INDEX session_devices_user_id ON session_devices (user_id);

-- The devices (summary and address) each account signed in from, the last 20: a sign-in from a
-- pair not among them (once the account has signed in before) mails "A new sign-in".
CREATE TABLE known_devices (
    user_id   bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    device    text NOT NULL,
    address   text NOT NULL,
    last_seen timestamptz NOT NULL,
    PRIMARY KEY (user_id, device, address)
);
