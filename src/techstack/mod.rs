//! The firm's tech stack: per category, whether the firm uses a tool (Yes / No / unanswered),
//! which catalog vendors it uses (one may be primary) and other tools named in free text.
//! The form saves only the categories it sends, in one transaction. Recommendations read the
//! result through `firm_tools`, `tool_names` and `tool_integrations`, and every screen that
//! compares the firm with others through `context`. Other firms' stacks are counted by `peers`.

pub mod context;
pub mod contracts;
pub mod deadline;
mod ics;
pub mod model;
pub mod reminders;
pub mod renewals;
mod routes;
pub mod storage;
mod tools;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub use model::{Adoption, MAX_OTHER_NAME, MAX_VENDORS};
pub use renewals::RenewalsState;
pub use tools::{FirmTools, firm_tools, tool_integrations, tool_names, tools_of};

/// What the tech stack needs: the store, the catalog (categories and vendors), and whom to tell
/// when a firm's stack changes (the peer figures recount it).
#[derive(Clone)]
pub struct TechstackState {
    pub store: std::sync::Arc<crate::platform::store::Store>,
    pub catalog: crate::catalog::SharedCatalog,
    pub firm_changed: crate::accounts::FirmChanged,
}

/// The tech-stack routes: each one's path and method are in its handler's `#[utoipa::path]`.
pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    TechstackState: axum::extract::FromRef<S>,
    RenewalsState: axum::extract::FromRef<S>,
    crate::platform::caller::Sessions: axum::extract::FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(routes::get_adoption, routes::save_adoption))
        .routes(routes!(renewals::get_contract, renewals::put_contract))
        .routes(routes!(renewals::list_renewals))
        .routes(routes!(
            renewals::get_feed,
            renewals::create_feed,
            renewals::delete_feed
        ))
        .routes(routes!(renewals::feed_calendar))
}

#[cfg(test)]
mod tests {
    use std::sync::{Arc, Mutex};

    use super::*;
    use crate::accounts::FirmChanged;
    use crate::platform::firm_id::FirmId;

    /// The tech stack's own state and nothing else: a store, the seeded catalog, and a hook that
    /// records the firms it is told of (the app's would recount the peer figures).
    fn techstack_alone(dir: &std::path::Path) -> (TechstackState, Arc<Mutex<Vec<FirmId>>>) {
        let store = crate::platform::store::open_file(dir).unwrap();
        crate::catalog::seed(&store).unwrap();
        let catalog = crate::catalog::Catalog::load(&store).unwrap();
        let told = Arc::new(Mutex::new(Vec::new()));
        let seen = told.clone();
        let state = TechstackState {
            store: Arc::new(store),
            catalog: Arc::new(arc_swap::ArcSwap::from_pointee(catalog)),
            firm_changed: FirmChanged::new(move |firm| seen.lock().unwrap().push(firm)),
        };
        (state, told)
    }

    #[test]
    fn a_save_is_read_back_with_the_catalogs_names_and_tells_whom_the_app_named() {
        let dir = tempfile::tempdir().unwrap();
        let (app, told) = techstack_alone(dir.path());
        let catalog = app.catalog.load_full();
        let vendor = &catalog.vendors[0];
        let firm = FirmId::for_fixtures(7);
        let adoption = Adoption {
            has_tool: true,
            vendor_ids: vec![vendor.id],
            primary_vendor_id: Some(vendor.id),
            other_vendors: vec!["Inhouse Sheet".into()],
        };
        storage::save(&app, firm, &[(vendor.category_id, adoption)]).unwrap();

        assert_eq!(*told.lock().unwrap(), [firm]);
        let tools = firm_tools(&app.store, &catalog, firm).unwrap();
        assert_eq!(tools.len(), 1);
        assert_eq!(
            tool_names(&catalog, &tools),
            [vendor.name.clone(), "Inhouse Sheet".into()]
        );
        assert!(
            firm_tools(&app.store, &catalog, FirmId::for_fixtures(8))
                .unwrap()
                .is_empty()
        );
    }
}
