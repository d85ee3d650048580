-- The pending second-factor sign-ins move onto the storage seam (`accounts::storage::mfa::
-- CHALLENGES`): keyed by (user_id, the first 63 bits of the token's hash), found by the latter
-- and by expiry through indexes, the value the seam's jsonb with the whole hash. A sign-in lasts
-- five minutes, so those pending at the upgrade go (their people sign in again, as after the copy
-- to PostgreSQL): the table is dropped here, and hub mode makes it anew from the declaration at
-- this start, before any node serves.
DROP TABLE mfa_challenges;
