-- Single sign-on (OpenID Connect) per firm: src/accounts/sso/storage/postgres.rs is the only
-- code that touches these tables.

-- The firm's identity provider. The client secret is stored as given: it is sent to the provider.
CREATE TABLE sso_configs (
    firm_id       bigint PRIMARY KEY,
    issuer        text NOT NULL,
    client_id     text NOT NULL,
    client_secret text NOT NULL,
    default_role  text NOT NULL,
    require_sso   boolean NOT NULL,
    updated_at    timestamptz NOT NULL
);

-- A firm's claim to an email domain; only one firm's claim to a domain can be confirmed.
CREATE TABLE sso_domains (
    domain     text NOT NULL,
    firm_id    bigint NOT NULL,
    status     text NOT NULL,
    claimed_at timestamptz NOT NULL,
    decided_at timestamptz,
    PRIMARY KEY (domain, firm_id)
);
CREATE UNIQUE INDEX sso_domains_confirmed ON sso_domains (domain) WHERE status = 'confirmed';
CREATE INDEX sso_domains_by_firm ON sso_domains (firm_id);

-- A sign-in begun at the provider, by the SHA-256 of its state: ten minutes, used once.
CREATE TABLE sso_flows (
    state_hash    bytea PRIMARY KEY,
    firm_id       bigint NOT NULL,
    nonce         text NOT NULL,
    pkce_verifier text NOT NULL,
    redirect_uri  text NOT NULL,
    return_path   text NOT NULL,
    created_at    timestamptz NOT NULL
);

-- The account an identity (issuer, subject) signs in as.
CREATE TABLE sso_links (
    issuer     text NOT NULL,
    subject    text NOT NULL,
    user_id    bigint NOT NULL,
    created_at timestamptz NOT NULL,
    PRIMARY KEY (issuer, subject)
);
