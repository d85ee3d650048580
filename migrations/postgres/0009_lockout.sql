-- A sign-in failure window counted against an existing account names it (its id, never its
-- email) and its scope: one client's failures for the account ('pair') or everyone's
-- ('account'). The operator lists locked accounts from these rows and unlocks by deleting them.
ALTER TABLE rate_limits
    ADD COLUMN user_id BIGINT,
    ADD COLUMN scope   TEXT CHECK (scope IN ('pair', 'account'));

CREATE INDEX rate_limits_user_id ON rate_limits (user_id) WHERE user_id IS NOT NULL;
