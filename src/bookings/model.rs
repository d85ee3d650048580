//! A demo booking as stored: one row of an imported file, already validated and normalised.
//! Names and emails from the file are never part of it (see `import::identity_key`).

use serde::{Deserialize, Serialize};

use crate::firm_size::FirmSize;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Booking {
    /// A catalog category name, as the catalog spells it.
    pub category: String,
    /// The vendor the demo was booked with, as the file named it ("" when absent).
    pub client: String,
    /// The booking firm's size; a file without one means SOLO.
    pub firm_size: FirmSize,
    /// "City, ST".
    pub city_state: Option<String>,
    /// Two-letter state code.
    pub state: Option<String>,
    /// Metro area (designated market area) name.
    pub dma: Option<String>,
    /// Unix seconds, UTC.
    pub created: i64,
    /// Part of the generated sample set loaded at first launch.
    pub sample: bool,
}
