-- Firms deleted from this install (issue 46): only the id and when, so that a write begun before
-- the deletion (a request that read its session just before) is refused rather than leave a row
-- under an id no firm has. Nothing of the firm is kept; the install's security log says who.
CREATE TABLE deleted_firms (
    id         bigint PRIMARY KEY,
    deleted_at timestamptz NOT NULL
);
