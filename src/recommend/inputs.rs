//! What the ranking needs to know about the firm, gathered from the other domains: its context
//! (size, onboarding, tools: `techstack::context`) and peer demand from real (never sample) demo
//! bookings.

use std::collections::HashMap;

use crate::platform::firm_size::FirmSize;
use crate::recommend::RecommendState;

use super::fit::FirmFacts;
use super::ranking::DEMAND_DAYS;

pub use crate::techstack::context::{FirmContext, OwnedVendors, SizeSource, firm_context};

/// What the firm told us, as Pick For Me's fit reads it.
pub fn facts(ctx: &FirmContext) -> FirmFacts<'_> {
    FirmFacts {
        size: ctx.size,
        spend: ctx.onboarding.map(|o| o.annual_software_spend_band),
        tools: &ctx.tool_names,
    }
}

/// Whether any real (imported) booking exists. Sample rows are never evidence: without a real
/// booking the recommendations leave demand out.
pub fn has_real_bookings(app: &RecommendState) -> bool {
    crate::bookings::real_booking_count(&app.bookings.load()) > 0
}

/// Real demo bookings per catalog vendor over the last [`DEMAND_DAYS`] days from firms of the
/// given sizes (all firms when `sizes` is empty); sample rows are never counted.
pub fn demand(app: &RecommendState, sizes: &[FirmSize]) -> HashMap<u64, u32> {
    let since = crate::platform::clock::today() - chrono::Duration::days(DEMAND_DAYS);
    crate::bookings::vendor_demand(&app.bookings.load(), &app.catalog.load(), sizes, since)
}
