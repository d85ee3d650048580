//! API tests: the real router over a temporary data directory.

mod accounts;
mod bookings;
mod catalog;
mod faults;
mod fuzz;
mod helpers;
mod hostile;
mod meetings;
mod openapi;
mod process;
mod profile;
mod profile_vendor;
mod recommend;
mod sample;
mod secrets;
mod techstack;
mod vendors;
mod web;
mod wire;
