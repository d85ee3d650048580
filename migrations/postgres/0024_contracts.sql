-- Tool contracts and the firm's calendar feed (issue 32). src/techstack/storage/contracts_pg.rs is
-- the only code that touches them. A contract is keyed by (firm, catalog vendor) and kept while
-- the tool leaves the firm's stack (the routes hide it then). Money is whole cents.
CREATE TABLE tool_contracts (
    firm_id             bigint NOT NULL,
    vendor_id           bigint NOT NULL,
    start_date          date NOT NULL,
    term_months         integer NOT NULL CHECK (term_months BETWEEN 1 AND 120),
    renewal_date        date NOT NULL,
    notice_days         integer NOT NULL CHECK (notice_days BETWEEN 0 AND 365),
    annual_cost_cents   bigint NOT NULL CHECK (annual_cost_cents >= 0),
    seats               integer NOT NULL CHECK (seats BETWEEN 1 AND 100000),
    responsible_user_id bigint NOT NULL,
    updated_at          timestamptz NOT NULL,
    -- The member who saved it last, by their name then.
    updated_by          text,
    PRIMARY KEY (firm_id, vendor_id)
);

-- One secret calendar feed per firm: only the SHA-256 of its token is kept.
CREATE TABLE calendar_feeds (
    firm_id    bigint PRIMARY KEY,
    token_hash bytea NOT NULL UNIQUE,
    created_at timestamptz NOT NULL
);
