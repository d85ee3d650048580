-- A firm's shortlist is written by several people: each note keeps who last wrote it and when.
-- (Each status change keeps its author inside `history`, whose older items have none.)
ALTER TABLE shortlist ADD COLUMN note_by text;
ALTER TABLE shortlist ADD COLUMN note_at timestamptz;
