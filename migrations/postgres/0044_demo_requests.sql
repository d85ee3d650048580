-- Demo requests through Litstack (issue 80), on the storage seam (src/platform/store/seam): the
-- tables of their declarations (`demo_requests::storage::{REQUESTS, JOIN_ASKS}`) in the seam's
-- layout, the key columns as the primary key and the value as jsonb, with the id sequence and the
-- indexes by vendor. Made here, not only at their first use, so that the export to PostgreSQL
-- and `litstack check` find them, and a role that may only read and write rows serves them.
CREATE TABLE demo_requests (
    firm_id bigint NOT NULL,
    id      bigint NOT NULL,
    value   jsonb NOT NULL,
    PRIMARY KEY (firm_id, id)
);
CREATE SEQUENCE seq_demo_requests OWNED BY demo_requests.id;
CREATE INDEX demo_requests_by_vendor
    ON demo_requests (((value->>'vendorId')::bigint), firm_id, id);

CREATE TABLE vendor_join_asks (
    firm_id   bigint NOT NULL,
    vendor_id bigint NOT NULL,
    value     jsonb NOT NULL,
    PRIMARY KEY (firm_id, vendor_id)
);
CREATE INDEX vendor_join_asks_by_vendor ON vendor_join_asks (vendor_id, firm_id);
