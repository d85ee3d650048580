//! What the ranking needs to know about the firm, gathered from the other domains: its context
//! (size, onboarding, tools: `techstack::context`) and peer demand from real (never sample) demo
//! bookings, and the security facts its own answers ask for.

use std::collections::HashMap;

use crate::bookings::evidence::{Evidence, Source};
use crate::platform::error::Result;
use crate::platform::firm_size::FirmSize;
use crate::recommend::RecommendState;

use super::fit::{FirmFacts, SecurityAsks};
use super::ranking::DEMAND_DAYS;
use crate::catalog::Catalog;
use crate::platform::firm_id::FirmId;
use crate::platform::store::Store;

pub use crate::techstack::context::{
    FirmContext, OwnedVendors, SizeSource, firm_context, firm_context_in,
};

/// What the firm told us, as Pick For Me's fit reads it.
pub fn facts(ctx: &FirmContext, asks: SecurityAsks) -> FirmFacts<'_> {
    FirmFacts {
        size: ctx.size,
        spend: ctx.onboarding.map(|o| o.annual_software_spend_band),
        tools: &ctx.tool_names,
        asks,
    }
}

/// The criterion of the questionnaire option that asks for security audits or SOC 2 reports.
pub const SOC2_CRITERION: &str = "Security audits and SOC 2";

/// The security facts the firm's own answers ask of vendors: a SOC 2 report when its latest
/// answers to any questionnaire choose "Security audits or SOC 2 reports"; multi-factor sign-in
/// when it requires two-step sign-in of its own members. Nothing else is read into them.
pub fn security_asks(store: &Store, catalog: &Catalog, firm_id: FirmId) -> Result<SecurityAsks> {
    let mut soc2 = false;
    for response in super::storage::latest_responses(store, firm_id)? {
        let questions = catalog.questions(response.category_id);
        soc2 |= response.answers.iter().any(|(question_id, values)| {
            questions
                .iter()
                .filter(|q| q.id == *question_id)
                .flat_map(|q| &q.options)
                .any(|o| {
                    o.criterion.as_deref() == Some(SOC2_CRITERION) && values.contains(&o.label)
                })
        });
    }
    Ok(SecurityAsks {
        soc2,
        mfa: crate::accounts::mfa_required::firm_requires_in(store, firm_id)?,
    })
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
