-- The firms' "require two-step sign-in" choices and the pending offer of the operator role move
-- onto the storage seam (src/platform/store/seam): each table becomes the seam's layout for its
-- declaration (`accounts::storage::mfa_required::REQUIREMENTS`,
-- `accounts::storage::handover::OFFERS`): the key column as the primary key and the value as
-- jsonb, in the shape the domain's type has in serde (times as Unix seconds, as the redb file
-- keeps them).
-- - firm_mfa_required: (firm_id) -> `Requirement`.
-- - operator_handovers: (to_user) -> `Offer`, its random id kept. The one row is kept by the
--   offer's lock (`handover::OFFER_LOCK`), an account's removal takes the offer naming it
--   (`handover::forget_in`): the unique index and the foreign keys go.
-- The old tables go in the same transaction: kept, they would hold rows no write reaches.
ALTER TABLE firm_mfa_required RENAME TO legacy_firm_mfa_required;
ALTER INDEX firm_mfa_required_pkey RENAME TO legacy_firm_mfa_required_pkey;

CREATE TABLE firm_mfa_required (
    firm_id bigint NOT NULL,
    value   jsonb NOT NULL,
    PRIMARY KEY (firm_id)
);

INSERT INTO firm_mfa_required (firm_id, value)
SELECT firm_id,
       jsonb_build_object(
           'required', required,
           'set_by', set_by,
           'set_at', floor(extract(epoch FROM set_at))::bigint)
  FROM legacy_firm_mfa_required;

DROP TABLE legacy_firm_mfa_required;

ALTER TABLE operator_handovers RENAME TO legacy_operator_handovers;
ALTER INDEX operator_handovers_pkey RENAME TO legacy_operator_handovers_pkey;
DROP INDEX operator_handovers_one;

CREATE TABLE operator_handovers (
    to_user bigint NOT NULL,
    value   jsonb NOT NULL,
    PRIMARY KEY (to_user)
);

INSERT INTO operator_handovers (to_user, value)
SELECT to_user,
       jsonb_build_object(
           'id', id,
           'from_user', from_user,
           'to_user', to_user,
           'offered_at', floor(extract(epoch FROM offered_at))::bigint,
           'expires_at', floor(extract(epoch FROM expires_at))::bigint)
  FROM legacy_operator_handovers;

DROP TABLE legacy_operator_handovers;
