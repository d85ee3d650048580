//! The ground every domain stands on, knowing none of them: the store and its registry of
//! tables, the error every answer is made of, our extractors, blocking work, the clock, memory
//! given back, the settings, the served host names, every outside fetch (`outbound`), periodic
//! passes, uploads, downloads, the web app's shell and the API document's assembly.

pub mod blocking;
pub mod caller;
pub mod clock;
pub mod config;
pub mod download;
pub mod error;
pub mod extract;
pub mod firm_id;
pub mod firm_size;
pub mod hosts;
pub mod ids;
pub mod memory;
pub mod openapi;
pub mod outbound;
pub mod periodic;
pub mod signed_out;
pub mod store;
pub mod upload;
pub mod web;
