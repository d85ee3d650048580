//! API tests: the real router over a temporary data directory.

mod accounts;
mod catalog;
mod helpers;
mod meetings;
mod profile;
mod vendors;
mod web;
