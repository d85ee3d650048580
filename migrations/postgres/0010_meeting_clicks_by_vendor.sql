-- A user's clicks on one vendor (the vendor profile's history) are read through this index, so
-- they cost the same however many clicks other users, or the same user on other vendors, made.
-- meeting_clicks_by_user (user_id, id) still serves the user's most recent clicks.
CREATE INDEX meeting_clicks_by_user_vendor ON meeting_clicks (user_id, vendor_id, id);
