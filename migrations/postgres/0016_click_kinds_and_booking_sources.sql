-- What a meeting click opened: the vendor's scheduler (BOOKING, every click before this) or, for a
-- vendor without one, its website, where the firm requests a demo (WEBSITE). Counted apart.
ALTER TABLE meeting_clicks ADD COLUMN kind text NOT NULL DEFAULT 'BOOKING';

-- Where a vendor's booking link was checked, and when: a row for every vendor with a booking
-- link that came through the vendor CSV with its source and date.
CREATE TABLE vendor_booking_sources (
    vendor_id   bigint PRIMARY KEY REFERENCES vendors (id),
    source_url  text NOT NULL,
    verified_on date NOT NULL
);
