-- Single sign-on moves onto the storage seam (issue 79, src/platform/store/seam): its four tables
-- become the seam's layout for their declarations (`accounts::sso::storage::{CONFIGS, DOMAINS,
-- FLOWS, LINKS}`): the key columns as the primary key and the value as jsonb, in the shape the
-- domain's types have in serde, times as Unix seconds and a flow's state hash as an array of its
-- 32 bytes. A domain claim, a flow and a link are keyed by their holder (the firm; the account
-- for a link) and the first 63 bits of a SHA-256 (the big-endian u64 of its first 8 bytes
-- without the top bit): of the domain, of the state (the stored hash's own) and of the identity
-- ("issuer\nsubject"), which their indexes find them by. The tables have no id sequence. The old
-- tables go in the same transaction: kept, they would hold a deleted firm's rows that its
-- deletion no longer reaches.
ALTER TABLE sso_configs RENAME TO legacy_sso_configs;
ALTER INDEX sso_configs_pkey RENAME TO legacy_sso_configs_pkey;
ALTER TABLE sso_domains RENAME TO legacy_sso_domains;
ALTER INDEX sso_domains_pkey RENAME TO legacy_sso_domains_pkey;
ALTER TABLE sso_flows RENAME TO legacy_sso_flows;
ALTER INDEX sso_flows_pkey RENAME TO legacy_sso_flows_pkey;
ALTER TABLE sso_links RENAME TO legacy_sso_links;
ALTER INDEX sso_links_pkey RENAME TO legacy_sso_links_pkey;

CREATE TABLE sso_configs (
    firm_id bigint NOT NULL,
    value   jsonb NOT NULL,
    PRIMARY KEY (firm_id)
);
CREATE TABLE sso_domains (
    firm_id    bigint NOT NULL,
    domain_key bigint NOT NULL,
    value      jsonb NOT NULL,
    PRIMARY KEY (firm_id, domain_key)
);
-- A domain's claims, every firm's (`DOMAINS_BY_NAME`), as the seam makes it.
CREATE INDEX sso_domains_by_domain ON sso_domains (domain_key, firm_id);
CREATE TABLE sso_flows (
    firm_id   bigint NOT NULL,
    state_key bigint NOT NULL,
    value     jsonb NOT NULL,
    PRIMARY KEY (firm_id, state_key)
);
-- A flow by its state (`FLOWS_BY_STATE`) and by when it began (`FLOWS_BY_AGE`).
CREATE INDEX sso_flows_by_state ON sso_flows (state_key, firm_id);
CREATE INDEX sso_flows_by_age ON sso_flows (((value->>'created_at')::bigint), firm_id, state_key);
CREATE TABLE sso_links (
    user_id      bigint NOT NULL,
    identity_key bigint NOT NULL,
    value        jsonb NOT NULL,
    PRIMARY KEY (user_id, identity_key)
);
-- An identity's link (`LINKS_BY_IDENTITY`).
CREATE INDEX sso_links_by_identity ON sso_links (identity_key, user_id);

-- Unix seconds, as the domain's types keep a time.
CREATE FUNCTION pg_temp.secs(t timestamptz) RETURNS bigint
    LANGUAGE sql IMMUTABLE AS $$ SELECT floor(extract(epoch FROM t))::bigint $$;
-- The first 63 bits of a hash, a key part.
CREATE FUNCTION pg_temp.hash_key(h bytea) RETURNS bigint
    LANGUAGE sql IMMUTABLE AS $$
        SELECT ('x' || encode(substring(h FROM 1 FOR 8), 'hex'))::bit(64)::bigint
               & 9223372036854775807
    $$;

INSERT INTO sso_configs (firm_id, value)
SELECT firm_id, jsonb_build_object(
           'firm_id', firm_id,
           'issuer', issuer,
           'client_id', client_id,
           'client_secret', client_secret,
           'default_role', default_role,
           'require_sso', require_sso,
           'updated_at', pg_temp.secs(updated_at))
  FROM legacy_sso_configs;
INSERT INTO sso_domains (firm_id, domain_key, value)
SELECT firm_id, pg_temp.hash_key(sha256(convert_to(domain, 'UTF8'))), jsonb_build_object(
           'domain', domain,
           'firm_id', firm_id,
           'status', status,
           'claimed_at', pg_temp.secs(claimed_at),
           'decided_at', pg_temp.secs(decided_at))
  FROM legacy_sso_domains;
INSERT INTO sso_flows (firm_id, state_key, value)
SELECT firm_id, pg_temp.hash_key(state_hash), jsonb_build_object(
           'state_hash', (SELECT jsonb_agg(get_byte(state_hash, i) ORDER BY i)
                            FROM generate_series(0, length(state_hash) - 1) AS i),
           'firm_id', firm_id,
           'nonce', nonce,
           'pkce_verifier', pkce_verifier,
           'redirect_uri', redirect_uri,
           'return_path', return_path,
           'created_at', pg_temp.secs(created_at))
  FROM legacy_sso_flows;
INSERT INTO sso_links (user_id, identity_key, value)
SELECT user_id, pg_temp.hash_key(sha256(convert_to(issuer || E'\n' || subject, 'UTF8'))),
       jsonb_build_object(
           'issuer', issuer,
           'subject', subject,
           'user_id', user_id,
           'created_at', pg_temp.secs(created_at))
  FROM legacy_sso_links;

DROP TABLE legacy_sso_configs;
DROP TABLE legacy_sso_domains;
DROP TABLE legacy_sso_flows;
DROP TABLE legacy_sso_links;
DROP FUNCTION pg_temp.hash_key;
DROP FUNCTION pg_temp.secs;
