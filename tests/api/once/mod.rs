//! The tests that run once, in the README's first run of the API suite (on redb), and not again on
//! PostgreSQL (`LITSTACK_TEST_BACKEND=postgres` skips `once::`): an answer here does not depend on
//! the backend under the domains, whose storage is written once for both engines (the seam's
//! conformance suite runs on both, in the library's tests).
//!
//! - The hub's own tests choose PostgreSQL themselves, in either run: `hub`, `hub_schema`, `nodes`.
//! - The real binary on a data directory (always redb): `edge`, `faults`, `floods`,
//!   `full_disk_real`, `secrets`, `spec_client`; `full_disk`'s faults are redb's.
//! - The API document (`openapi`) and the served app (`web`).
//! - Reads of what the tests before them wrote, answered from memory (the bookings' index:
//!   `query_engine`, `trends_analyst`) or by the domains' reads on the seam (`compare`,
//!   `recommend_next_step`, `recommend_progress`, `score_visibility`); `round_trips` counts those
//!   reads' statements on PostgreSQL.
//!
//! A test of a domain's writes belongs beside the domain's other tests, outside this folder; so do
//! the tests of hostile input that store what they accept (`fuzz`, `import_checks`, `hostile`'s
//! role walk, `lookalike`'s emails, `firm_import_bounds`): on PostgreSQL the bookings go in by
//! COPY, and an email's uniqueness is an index there.

mod compare;
mod edge;
pub mod faults;
mod floods;
mod full_disk;
mod full_disk_real;
mod hub;
mod hub_schema;
pub mod nodes;
pub mod openapi;
mod query_engine;
mod recommend_next_step;
mod recommend_progress;
mod score_visibility;
pub mod secrets;
mod spec_client;
mod trends_analyst;
mod web;
