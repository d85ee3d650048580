//! Dismissing a pick with a reason, and what the reasons change in the user's later rankings.
//!
//! A dismissed vendor is never ranked again (until the user undoes the dismissal). Three reasons
//! also change how the rest of that vendor's category is ranked for this user: "Too expensive"
//! lowers vendors at or above the dismissed vendor's price bracket, "Doesn't work with our
//! tools" gives integrations more weight, and "Not right for our practice" gives
//! personal-injury focus more weight in Pick For Me. Only the firm's own dismissals count.

use crate::platform::caller::User;
use crate::platform::firm_id::FirmId;

use super::model::{DismissedList, DismissedView};
use super::storage;
use crate::catalog::{Catalog, Vendor};
use crate::platform::error::{Result, not_found};
use crate::platform::store::seam;
use crate::recommend::RecommendState;

/// The vendors never ranked for the firm: those it dismissed, and those it marked Rejected on its
/// shortlist (a decision as final as a dismissal, until the firm changes the status).
pub fn out_of_ranking(
    app: &RecommendState,
    firm_id: FirmId,
) -> Result<std::collections::HashSet<u64>> {
    seam::read(&app.store, |tx| out_of_ranking_in(app, tx, firm_id))
}

/// `out_of_ranking` inside a read begun elsewhere.
pub fn out_of_ranking_in(
    app: &RecommendState,
    tx: &mut seam::Tx,
    firm_id: FirmId,
) -> Result<std::collections::HashSet<u64>> {
    let mut out = storage::dismissed_in(tx, firm_id)?;
    out.extend(app.rejected.read_in(tx, firm_id)?);
    Ok(out)
}

pub use super::dismiss_reason::{DismissReason, Dismissal, MAX_OTHER_CHARS};

/// "Too expensive" in a category: vendors at or above `bracket` score lower.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PriceCeiling {
    /// The dismissed vendor that set the lowest bracket.
    pub vendor_name: String,
    pub bracket: u8,
}

/// What the user's dismissals change in one category's ranking.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DismissalEffects {
    pub price: Option<PriceCeiling>,
    /// Vendors dismissed as not working with the firm's tools (their names, in dismissal order).
    pub integration_vendors: Vec<String>,
    /// Vendors dismissed as not right for the firm's practice (their names, in dismissal order).
    pub practice_vendors: Vec<String>,
}

/// The effects of the user's dismissals (vendor id, dismissal) on the ranking of one category,
/// with `vendor` looking vendors up (the catalog's). Vendors no longer in the catalog, and "Too
/// expensive" vendors without a price bracket, change nothing; of several "Too expensive" ones
/// the lowest bracket counts.
pub fn effects_for<'a>(
    category_id: u64,
    dismissals: &[(u64, Dismissal)],
    vendor: impl Fn(u64) -> Option<&'a Vendor>,
) -> DismissalEffects {
    let mut in_category: Vec<(&Vendor, &Dismissal)> = dismissals
        .iter()
        .filter_map(|(id, d)| vendor(*id).map(|v| (v, d)))
        .filter(|(v, _)| v.category_id == category_id)
        .collect();
    in_category.sort_by_key(|(v, d)| (d.at, v.id));
    let mut effects = DismissalEffects::default();
    for (vendor, dismissal) in in_category {
        match dismissal.reason {
            DismissReason::TooExpensive => {
                if let Some(bracket) = vendor.price_bracket
                    && effects.price.as_ref().is_none_or(|p| bracket < p.bracket)
                {
                    effects.price = Some(PriceCeiling {
                        vendor_name: vendor.name.clone(),
                        bracket,
                    });
                }
            }
            DismissReason::DoesntIntegrate => effects.integration_vendors.push(vendor.name.clone()),
            DismissReason::NotRightForPractice => {
                effects.practice_vendors.push(vendor.name.clone())
            }
            _ => {}
        }
    }
    effects
}

/// The view of one dismissal, or `None` when the vendor is no longer in the catalog.
fn view(catalog: &Catalog, vendor_id: u64, dismissal: &Dismissal) -> Option<DismissedView> {
    let vendor = catalog.vendor(vendor_id)?;
    let at = chrono::DateTime::from_timestamp(dismissal.at, 0)?;
    Some(DismissedView {
        vendor_id,
        vendor_name: vendor.name.clone(),
        category_id: vendor.category_id,
        category_name: catalog
            .category(vendor.category_id)
            .map(|c| c.name.clone())
            .unwrap_or_default(),
        category_label: catalog
            .category(vendor.category_id)
            .map(|c| c.label.clone())
            .unwrap_or_default(),
        price_bracket: vendor.price_bracket,
        price: catalog.price_provenance(vendor),
        reason: dismissal.reason.code(),
        reason_label: dismissal.reason.label(),
        other_text: match &dismissal.reason {
            DismissReason::Other(text) => Some(text.clone()),
            _ => None,
        },
        dismissed_at: at.to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
    })
}

/// Dismisses one of the firm's picks and answers the stored dismissal; 404 when the vendor is
/// not one of the picks (or is dismissed already). The stage is then refilled from the remaining
/// candidates (`refill`); a refill that fails leaves the dismissal standing, with one pick fewer.
pub fn dismiss(
    app: &RecommendState,
    user: &User,
    vendor_id: u64,
    reason: DismissReason,
) -> Result<DismissedView> {
    let firm_id = user.firm.id;
    if !storage::dismiss(&app.store, firm_id, vendor_id, reason)? {
        return Err(not_found("That vendor is not one of your picks"));
    }
    if let Err(error) = super::refill::after_dismissal(app, user, vendor_id) {
        tracing::warn!(firm_id = firm_id.get(), vendor_id, %error, "a stage could not be refilled after a dismissal");
    }
    let dismissals = storage::dismissals(&app.store, firm_id)?;
    let (_, dismissal) = dismissals
        .iter()
        .find(|(id, _)| *id == vendor_id)
        .ok_or_else(|| anyhow::anyhow!("the dismissal just stored is missing"))?;
    view(&app.catalog.load(), vendor_id, dismissal)
        .ok_or_else(|| anyhow::anyhow!("the dismissed vendor left the catalog").into())
}

/// Every dismissal of the user as the screens show them, newest first.
pub fn list(app: &RecommendState, firm_id: FirmId) -> Result<DismissedList> {
    let mut dismissals = storage::dismissals(&app.store, firm_id)?;
    dismissals.sort_by(|a, b| b.1.at.cmp(&a.1.at).then(a.0.cmp(&b.0)));
    let catalog = app.catalog.load();
    Ok(DismissedList {
        items: dismissals
            .iter()
            .filter_map(|(id, d)| view(&catalog, *id, d))
            .collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::recommend::model::DismissReasonCode;
    use crate::recommend::ranking::tests_support::vendor;

    fn dismissed(at: i64, reason: DismissReason) -> Dismissal {
        Dismissal { at, reason }
    }

    #[test]
    fn only_the_categorys_price_integration_and_practice_dismissals_take_effect() {
        let priced = |id: u64, name: &str, category_id: u64, bracket: Option<u8>| {
            let mut v = vendor(id, name, &[]);
            v.category_id = category_id;
            v.price_bracket = bracket;
            v
        };
        let vendors = [
            priced(1, "Filevine", 1, Some(3)),
            priced(2, "Litify", 1, Some(2)),
            priced(3, "NoPrice", 1, None),
            priced(4, "Elsewhere", 2, Some(1)),
            priced(5, "MyCase", 1, Some(2)),
            priced(6, "Clio", 1, Some(1)),
            priced(7, "Smokeball", 1, Some(2)),
        ];
        let lookup = |id: u64| vendors.iter().find(|v| v.id == id);
        let dismissals = vec![
            (1, dismissed(10, DismissReason::TooExpensive)),
            (2, dismissed(20, DismissReason::TooExpensive)),
            (3, dismissed(30, DismissReason::TooExpensive)),
            (4, dismissed(40, DismissReason::TooExpensive)),
            (5, dismissed(50, DismissReason::DoesntIntegrate)),
            (6, dismissed(60, DismissReason::AlreadyEvaluated)),
            (7, dismissed(65, DismissReason::NotRightForPractice)),
            (99, dismissed(70, DismissReason::DoesntIntegrate)),
        ];
        let effects = effects_for(1, &dismissals, lookup);
        assert_eq!(
            effects.price,
            Some(PriceCeiling {
                vendor_name: "Litify".into(),
                bracket: 2
            }),
            "the lowest bracket in the category counts"
        );
        assert_eq!(effects.integration_vendors, ["MyCase"]);
        assert_eq!(effects.practice_vendors, ["Smokeball"]);
        assert_eq!(
            effects_for(3, &dismissals, lookup),
            DismissalEffects::default()
        );
    }

    #[test]
    fn reasons_parse_from_their_codes_and_other_needs_a_short_text() {
        assert_eq!(
            DismissReason::parse("too_expensive", None).unwrap(),
            DismissReason::TooExpensive
        );
        assert_eq!(
            DismissReason::parse("other", Some("  We build our own  ")).unwrap(),
            DismissReason::Other("We build our own".into())
        );
        let max = "é".repeat(MAX_OTHER_CHARS);
        assert!(DismissReason::parse("other", Some(&max)).is_ok());
        for (code, text) in [
            ("other", None),
            ("other", Some("   ")),
            ("other", Some(&*format!("{max}x"))),
            ("cheaper", None),
            ("not_given", None),
            ("TOO_EXPENSIVE", None),
            ("too_expensive", Some("and ugly")),
        ] {
            assert!(DismissReason::parse(code, text).is_err(), "{code} {text:?}");
        }
    }

    #[test]
    fn codes_parse_by_their_serde_names_and_anything_else_lists_them() {
        assert_eq!(
            DismissReasonCode::parse("not_right_for_practice").unwrap(),
            DismissReasonCode::NotRightForPractice
        );
        for code in ["cheaper", "not_given", "TooExpensive", ""] {
            let error = DismissReasonCode::parse(code).unwrap_err();
            assert_eq!(
                error.to_string(),
                "The reason must be one of too_expensive, doesnt_integrate, already_evaluated, \
                 not_right_for_practice or other",
                "{code}"
            );
        }
    }

    #[test]
    fn every_parsed_reason_keeps_its_code() {
        for code in [
            "too_expensive",
            "doesnt_integrate",
            "already_evaluated",
            "not_right_for_practice",
        ] {
            assert_eq!(DismissReason::parse(code, None).unwrap().code(), code);
        }
    }

    #[test]
    fn every_reason_comes_back_from_its_code_and_text() {
        for reason in [
            DismissReason::TooExpensive,
            DismissReason::DoesntIntegrate,
            DismissReason::AlreadyEvaluated,
            DismissReason::NotRightForPractice,
            DismissReason::Other("We build our own".into()),
            DismissReason::NotGiven,
        ] {
            let text = match &reason {
                DismissReason::Other(text) => Some(text.clone()),
                _ => None,
            };
            assert_eq!(DismissReason::from_code(reason.code(), text), Some(reason));
        }
        assert_eq!(DismissReason::from_code("other", None), None);
        assert_eq!(DismissReason::from_code("cheaper", None), None);
    }
}
