//! What the ranking needs to know about the firm, gathered from the other domains: its context
//! (size, onboarding, tools: `techstack::context`) and peer demand from real (never sample) demo
//! bookings.

use std::collections::HashMap;

use crate::bookings::evidence::{Evidence, Source};
use crate::platform::error::Result;
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

/// The evidence now (`bookings::evidence`): the one answer to where the picks' evidence comes
/// from. Sample rows are never evidence: without a real booking the recommendations leave demand
/// out.
pub fn evidence(app: &RecommendState) -> Result<Evidence> {
    crate::bookings::evidence::now(&app.store, &app.bookings.load())
}

/// Whether real bookings exist: what the ranking needs of the evidence (`evidence`'s source).
pub fn has_real_bookings(app: &RecommendState) -> bool {
    Source::of(&app.bookings.load()).is_real()
}

/// Real demo bookings per catalog vendor over the last [`DEMAND_DAYS`] days from firms of the
/// given sizes (all firms when `sizes` is empty); sample rows are never counted.
pub fn demand(app: &RecommendState, sizes: &[FirmSize]) -> HashMap<u64, u32> {
    let since = crate::platform::clock::today() - chrono::Duration::days(DEMAND_DAYS);
    crate::bookings::vendor_demand(&app.bookings.load(), &app.catalog.load(), sizes, since)
}
