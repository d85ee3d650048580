-- Nothing a firm wrote is lost by one click: what "Remove from shortlist" and "Clear picks" take
-- away is kept here, whole, so the firm can undo it (src/shortlist/storage/postgres.rs and
-- src/recommend/storage/postgres.rs are the only code that touches these tables).

-- A shortlist entry as it was when a member removed it: the `shortlist` row's columns unchanged
-- (so a restore copies it back exactly), plus when and by whom it was removed. One per (firm,
-- vendor): a later removal of the same vendor replaces it. Kept 30 days, pruned on the next
-- removal by the firm.
CREATE TABLE shortlist_removed (
    firm_id          bigint NOT NULL,
    vendor_id        bigint NOT NULL,
    status           text NOT NULL,
    note             text NOT NULL,
    note_by          text,
    note_at          timestamptz,
    reject_reason    text,
    history          jsonb NOT NULL,
    demo_held        boolean,
    chosen           boolean,
    chosen_at        timestamptz,
    satisfaction     smallint,
    added_at         timestamptz NOT NULL,
    recorded_reasons text[],
    recorded_at      timestamptz,
    removed_at       timestamptz NOT NULL,
    -- The member's name then; null when nobody in particular removed it.
    removed_by       text,
    PRIMARY KEY (firm_id, vendor_id)
);

-- The picks the firm's last "Clear picks" emptied: the `picks` rows' columns unchanged, plus
-- when they were cleared. A later clear replaces the whole set; a restore consumes it.
CREATE TABLE picks_cleared (
    firm_id            bigint NOT NULL,
    category_id        bigint NOT NULL,
    vendors            jsonb NOT NULL,
    source             text NOT NULL,
    note               text,
    used_size_fallback boolean NOT NULL,
    saved_at           timestamptz NOT NULL,
    cleared_at         timestamptz NOT NULL,
    PRIMARY KEY (firm_id, category_id)
);
