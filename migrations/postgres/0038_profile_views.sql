-- Profile views (src/vendor_profile/views.rs): how many times a member opened a vendor's profile
-- in a month, for the vendor's own statistics over 5 or more verified firms.
CREATE TABLE profile_views (
    user_id   bigint NOT NULL,
    vendor_id bigint NOT NULL,
    month     integer NOT NULL CHECK (month BETWEEN 190001 AND 999912),
    views     bigint NOT NULL CHECK (views > 0),
    PRIMARY KEY (user_id, vendor_id, month)
);
