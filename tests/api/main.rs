//! API tests: the real router over a temporary data directory.

mod accounts;
mod catalog;
mod helpers;
mod process;
mod profile;
mod techstack;
mod recommend;
mod web;
