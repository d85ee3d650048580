//! API tests: the real router over a temporary data directory.

mod accounts;
mod catalog;
mod helpers;
mod profile;
mod recommend;
mod web;
