-- Firms merged into another by the operator (`litstack firms merge`, POST /api/admin/firms/merge):
-- the merged firm's id and the kept one's. A write for a merged firm from a request that began
-- before the merge (its session still naming the old firm) is refused instead of landing under
-- an id that no longer exists.
CREATE TABLE merged_firms (
    from_id   bigint PRIMARY KEY,
    into_id   bigint NOT NULL,
    merged_at timestamptz NOT NULL DEFAULT now()
);
