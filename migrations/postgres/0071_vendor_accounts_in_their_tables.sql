-- The vendor accounts' records leave their one table of JSON documents by a text key (whose
-- prefix named the kind: `account:`, `email:`, `session:`, `link:`, `proposal:`, `notice:`,
-- `mailed:`, `seq:`) for a typed table each on the storage seam (src/vendor_accounts/storage.rs),
-- keyed by what the old key held after its prefix (the ids were 16 hex digits), each value the same
-- JSON. The `seq:` documents become the tables' id sequences, carried over at their values. The old
-- table goes in the same transaction: kept, it would hold rows no write reaches.
ALTER TABLE vendor_accounts RENAME TO legacy_vendor_accounts;
ALTER INDEX vendor_accounts_pkey RENAME TO legacy_vendor_accounts_pkey;

CREATE TABLE vendor_accounts (
    id    bigint NOT NULL,
    value jsonb NOT NULL,
    PRIMARY KEY (id)
);
CREATE SEQUENCE seq_vendor_accounts OWNED BY vendor_accounts.id;
CREATE TABLE vendor_account_emails (
    email_key text COLLATE "C" NOT NULL,
    value     jsonb NOT NULL,
    PRIMARY KEY (email_key)
);
CREATE TABLE vendor_sessions (
    token_hash text COLLATE "C" NOT NULL,
    value      jsonb NOT NULL,
    PRIMARY KEY (token_hash)
);
CREATE TABLE vendor_links (
    token_hash text COLLATE "C" NOT NULL,
    value      jsonb NOT NULL,
    PRIMARY KEY (token_hash)
);
CREATE TABLE vendor_proposals (
    id    bigint NOT NULL,
    value jsonb NOT NULL,
    PRIMARY KEY (id)
);
CREATE SEQUENCE seq_vendor_proposals OWNED BY vendor_proposals.id;
CREATE TABLE vendor_notices (
    account_id bigint NOT NULL,
    id         bigint NOT NULL,
    value      jsonb NOT NULL,
    PRIMARY KEY (account_id, id)
);
CREATE SEQUENCE seq_vendor_notices OWNED BY vendor_notices.id;
CREATE TABLE vendor_proposals_mailed (
    vendor_id   bigint NOT NULL,
    operator_id bigint NOT NULL,
    value       jsonb NOT NULL,
    PRIMARY KEY (vendor_id, operator_id)
);

-- 16 hex digits at `from` of the key, as the id they wrote.
CREATE FUNCTION pg_temp.hex_id(key text, from_at int) RETURNS bigint
    LANGUAGE sql IMMUTABLE
    AS $$ SELECT ('x' || substr(key, from_at, 16))::bit(64)::bigint $$;

INSERT INTO vendor_accounts (id, value)
SELECT pg_temp.hex_id(key, 9), value FROM legacy_vendor_accounts WHERE key LIKE 'account:%';
INSERT INTO vendor_account_emails (email_key, value)
SELECT substr(key, 7), value FROM legacy_vendor_accounts WHERE key LIKE 'email:%';
INSERT INTO vendor_sessions (token_hash, value)
SELECT substr(key, 9), value FROM legacy_vendor_accounts WHERE key LIKE 'session:%';
INSERT INTO vendor_links (token_hash, value)
SELECT substr(key, 6), value FROM legacy_vendor_accounts WHERE key LIKE 'link:%';
INSERT INTO vendor_proposals (id, value)
SELECT pg_temp.hex_id(key, 10), value FROM legacy_vendor_accounts WHERE key LIKE 'proposal:%';
INSERT INTO vendor_notices (account_id, id, value)
SELECT pg_temp.hex_id(key, 8), pg_temp.hex_id(key, 25), value
  FROM legacy_vendor_accounts WHERE key LIKE 'notice:%';
INSERT INTO vendor_proposals_mailed (vendor_id, operator_id, value)
SELECT pg_temp.hex_id(key, 8), pg_temp.hex_id(key, 25), value
  FROM legacy_vendor_accounts WHERE key LIKE 'mailed:%';

SELECT setval('seq_' || CASE key
                           WHEN 'seq:accounts' THEN 'vendor_accounts'
                           WHEN 'seq:proposals' THEN 'vendor_proposals'
                           ELSE 'vendor_notices'
                       END,
              (value #>> '{}')::bigint)
  FROM legacy_vendor_accounts
 WHERE key IN ('seq:accounts', 'seq:proposals', 'seq:notices')
   AND (value #>> '{}')::bigint > 0;

DROP TABLE legacy_vendor_accounts;
