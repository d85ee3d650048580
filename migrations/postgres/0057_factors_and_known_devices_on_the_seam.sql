-- The accounts' second factors and the devices each account signed in from move onto the storage
-- seam (src/platform/store/seam): each table becomes the seam's layout for its declaration
-- (`accounts::storage::mfa::FACTORS`, `accounts::storage::devices::KNOWN`): the key column as the
-- primary key and the value as jsonb, in the shape the domain's type has in serde (times as Unix
-- seconds, bytes as arrays of numbers, as the redb file keeps them).
-- - user_factors: (user_id) -> `Factor`: the secret's bytes, each 32-byte recovery hash an array.
-- - known_devices: (user_id) -> the account's `KnownDevice`s in one array, the latest seen first
--   (a row per account, as in the redb file).
-- An account's removal takes both (`mfa::forget_in`, `devices::forget_in`): the foreign keys go.
-- The old tables go in the same transaction: kept, they would hold rows no write reaches.
ALTER TABLE user_factors RENAME TO legacy_user_factors;
ALTER INDEX user_factors_pkey RENAME TO legacy_user_factors_pkey;

CREATE TABLE user_factors (
    user_id bigint NOT NULL,
    value   jsonb NOT NULL,
    PRIMARY KEY (user_id)
);

INSERT INTO user_factors (user_id, value)
SELECT user_id,
       jsonb_build_object(
           'secret', (SELECT coalesce(jsonb_agg(get_byte(secret, i) ORDER BY i), '[]'::jsonb)
                        FROM generate_series(0, length(secret) - 1) AS i),
           'created_at', floor(extract(epoch FROM created_at))::bigint,
           'confirmed_at', floor(extract(epoch FROM confirmed_at))::bigint,
           'last_used_step', last_used_step,
           'recovery', (SELECT coalesce(jsonb_agg(
                               (SELECT jsonb_agg(get_byte(recovery_hashes, c * 32 + i) ORDER BY i)
                                  FROM generate_series(0, 31) AS i)
                               ORDER BY c), '[]'::jsonb)
                          FROM generate_series(0, length(recovery_hashes) / 32 - 1) AS c))
  FROM legacy_user_factors;

DROP TABLE legacy_user_factors;

ALTER TABLE known_devices RENAME TO legacy_known_devices;
ALTER INDEX known_devices_pkey RENAME TO legacy_known_devices_pkey;

CREATE TABLE known_devices (
    user_id bigint NOT NULL,
    value   jsonb NOT NULL,
    PRIMARY KEY (user_id)
);

INSERT INTO known_devices (user_id, value)
SELECT user_id,
       jsonb_agg(jsonb_build_object(
                     'device', device,
                     'address', address,
                     'last_seen', floor(extract(epoch FROM last_seen))::bigint)
                 ORDER BY last_seen DESC, device, address)
  FROM legacy_known_devices
 GROUP BY user_id;

DROP TABLE legacy_known_devices;
