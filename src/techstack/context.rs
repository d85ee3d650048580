//! What a firm is, as every screen that compares it with other firms reads it: its size (the
//! profile's, else the onboarding answers'), its onboarding answers, and its tech stack's tools.

use std::collections::{HashMap, HashSet};

use crate::catalog::Catalog;
use crate::platform::caller::User;
use crate::platform::error::Result;
use crate::platform::firm_size::FirmSize;
use crate::platform::store::{Store, seam};
use crate::profile::Onboarding;

/// Where the firm's size came from, so the explanation can say so.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum SizeSource {
    Profile,
    Onboarding,
    Unknown,
}

/// Catalog vendors the firm uses, per category id.
pub type OwnedVendors = HashMap<u64, HashSet<u64>>;

pub struct FirmContext {
    pub size: Option<FirmSize>,
    pub size_source: SizeSource,
    /// The firm's onboarding answers, when it gave them.
    pub onboarding: Option<Onboarding>,
    /// Names of every tool in the firm's tech stack.
    pub tool_names: Vec<String>,
    /// Catalog vendors the firm uses, per category.
    pub owned: OwnedVendors,
}

impl FirmContext {
    pub fn owned_in(&self, category_id: u64) -> HashSet<u64> {
        self.owned.get(&category_id).cloned().unwrap_or_default()
    }
}

pub fn firm_context(store: &Store, catalog: &Catalog, user: &User) -> Result<FirmContext> {
    seam::read(store, |tx| firm_context_in(tx, catalog, user))
}

/// `firm_context` inside a read begun elsewhere, so the firm's other rows come from the same
/// snapshot.
pub fn firm_context_in(tx: &mut seam::Tx, catalog: &Catalog, user: &User) -> Result<FirmContext> {
    let onboarding = crate::profile::storage::find_onboarding_in(tx, user.firm.id)?;
    let tools = crate::techstack::tools_of(
        catalog,
        crate::techstack::storage::load_in(tx, user.firm.id)?,
    );
    Ok(firm_context_of(catalog, user, onboarding, tools).0)
}

/// `firm_context`, with the firm's tools it was made from (`techstack::firm_tools`): the tech
/// stack read once.
pub fn firm_context_and_tools(
    store: &Store,
    catalog: &Catalog,
    user: &User,
) -> Result<(FirmContext, Vec<crate::techstack::FirmTools>)> {
    seam::read(store, |tx| {
        let onboarding = crate::profile::storage::find_onboarding_in(tx, user.firm.id)?;
        let tools = crate::techstack::tools_of(
            catalog,
            crate::techstack::storage::load_in(tx, user.firm.id)?,
        );
        Ok(firm_context_of(catalog, user, onboarding, tools))
    })
}

/// `firm_context_and_tools` of the onboarding answers and tools already read (in a snapshot of
/// the caller's).
pub fn firm_context_of(
    catalog: &Catalog,
    user: &User,
    onboarding: Option<Onboarding>,
    tools: Vec<crate::techstack::FirmTools>,
) -> (FirmContext, Vec<crate::techstack::FirmTools>) {
    let (size, size_source) = match (user.firm.size, onboarding) {
        (Some(size), _) => (Some(size), SizeSource::Profile),
        (None, Some(o)) => (
            Some(o.employees_count_band.firm_size()),
            SizeSource::Onboarding,
        ),
        (None, None) => (None, SizeSource::Unknown),
    };
    let (tool_names, owned) = tech_stack(catalog, &tools);
    let context = FirmContext {
        size,
        size_source,
        onboarding,
        tool_names,
        owned,
    };
    (context, tools)
}

fn tech_stack(
    catalog: &Catalog,
    tools: &[crate::techstack::FirmTools],
) -> (Vec<String>, OwnedVendors) {
    let names = crate::techstack::tool_names(catalog, tools);
    let mut owned = OwnedVendors::new();
    for t in tools.iter().filter(|t| t.has_tool == Some(true)) {
        owned
            .entry(t.category_id)
            .or_default()
            .extend(t.vendor_ids.iter().copied());
    }
    (names, owned)
}
