//! API tests: the real router over a temporary data directory.
#![expect(
    clippy::unwrap_used,
    reason = "setup that cannot work should stop the run at once"
)]

mod accounts;
mod accounts_concurrency;
mod bookings;
mod catalog;
mod catalog_feed;
mod cluster;
mod compare;
mod coverage;
mod decisions;
mod dismiss;
mod edge;
mod ended_sessions;
mod faults;
mod firm_deletion;
mod firm_export;
mod firm_import;
mod firm_merge;
mod firm_scope;
mod firms;
mod floods;
mod full_disk;
mod full_disk_real;
mod fuzz;
mod helpers;
mod hostile;
mod hub;
mod import_checks;
mod invitations;
mod lockout;
mod lookalike;
mod mail;
mod meetings;
mod mfa;
mod mfa_required;
mod nodes;
mod notifications;
mod openapi;
mod pre_firm;
mod price_sharing;
mod process;
mod profile;
mod profile_vendor;
mod query_engine;
mod recommend;
mod recommend_fit;
mod recommend_next_step;
mod recommend_progress;
mod registry;
mod renewal_reminders;
mod renewals;
mod sample;
mod saved_views;
mod scenario;
mod score_visibility;
mod secrets;
mod sessions_list;
mod shortlist;
mod spec_client;
mod sso;
mod techstack;
mod test_log;
mod trends_analyst;
mod undo;
mod vendor_accounts;
mod vendor_facts;
mod vendor_logos;
mod vendor_removal;
mod vendors;
// Evaluations (issue 32).
mod evaluations;
mod web;
mod wire;
