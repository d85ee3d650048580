-- A firm's shortlist is written by several people: each note keeps who last wrote it and when.
-- (Each status change keeps its author inside `history`, whose older items have none.)
ALTER TABLE shortlist ADD COLUMN note_by text;
ALTER TABLE shortlist ADD COLUMN note_at timestamptz;

-- Why the vendor was recommended when the firm added it, kept as it was: a later ranking no
-- longer rewrites it. Existing entries keep the latest recommendation they showed until now.
ALTER TABLE shortlist ADD COLUMN recorded_reasons text[];
ALTER TABLE shortlist ADD COLUMN recorded_at timestamptz;
UPDATE shortlist s SET recorded_reasons = p.strengths, recorded_at = p.recommended_at
    FROM (SELECT DISTINCT ON (firm_id, vendor_id) firm_id, vendor_id, strengths, recommended_at
            FROM past_recommendations
           ORDER BY firm_id, vendor_id, recommended_at DESC, category_id, rank) p
   WHERE p.firm_id = s.firm_id AND p.vendor_id = s.vendor_id;
