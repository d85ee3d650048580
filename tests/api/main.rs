//! API tests: the real router over a temporary data directory.

mod accounts;
mod bookings;
mod catalog;
mod helpers;
mod meetings;
mod process;
mod profile;
mod techstack;
mod vendors;
mod web;
