//! API tests: the real router over a temporary data directory.
#![expect(
    clippy::unwrap_used,
    reason = "setup that cannot work should stop the run at once"
)]

// Each of these runs on the run's backend: on redb, and again on PostgreSQL in the README's
// second run (`LITSTACK_TEST_BACKEND=postgres`): the hub's own tests aside, every domain's writes.
mod accounts;
mod accounts_concurrency;
mod bookings;
mod catalog;
mod catalog_feed;
mod category_labels;
mod cc6bb76;
mod cluster;
mod coverage;
mod cross_firm;
mod decisions;
mod demo_requests;
mod dismiss;
mod ended_sessions;
mod evaluations;
mod firm_deletion;
mod firm_export;
mod firm_import;
mod firm_import_bounds;
mod firm_merge;
mod firm_scope;
mod firms;
mod fuzz;
mod helpers;
mod hostile;
mod import_checks;
mod invitations;
mod lockout;
mod lookalike;
mod mail;
mod meetings;
mod mfa;
mod mfa_required;
mod notifications;
mod operator_handover;
mod pre_firm;
mod price_sharing;
mod process;
mod profile;
mod profile_vendor;
mod public_links;
mod recommend;
mod recommend_fit;
mod registry;
mod renewal_reminders;
mod renewals;
mod round_trips;
mod sample;
mod saved_views;
mod scenario;
mod sessions_list;
mod shortlist;
mod sso;
mod techstack;
mod test_log;
mod undo;
mod vendor_accounts;
mod vendor_facts;
mod vendor_logos;
mod vendor_removal;
mod vendor_validation;
mod vendors;
mod wire;
// What runs once, in the first run: its answers do not depend on the storage engine.
mod once;
