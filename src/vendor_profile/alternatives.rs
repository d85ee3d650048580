//! Alternatives: up to five other active vendors of the same category that the user has not
//! dismissed, each with one reason. Ordered by the user's latest questionnaire scores in the
//! category when there are any, else by fit with the firm exactly as Pick For Me ranks a stage
//! without booking evidence (size, personal injury, integrations with the stack).

use std::collections::{HashMap, HashSet};

use super::model::{Alternative, AlternativesBasis};
use crate::catalog::Vendor;
use crate::platform::firm_size::FirmSize;
use crate::recommend::pick_for_me::{
    integration_reason, serves_practice_area, shared_tools, size_fit,
};
use crate::recommend::ranking::size_phrase;

pub const MAX_ALTERNATIVES: usize = 5;

/// What the choice needs to know about the firm.
pub struct FirmFit<'a> {
    pub size: Option<FirmSize>,
    pub tool_names: &'a [String],
    pub dismissed: &'a HashSet<u64>,
    /// Scores of the latest questionnaire in the category, with the day it was answered.
    pub scores: Option<(&'a HashMap<u64, u32>, String)>,
}

fn fit(v: &Vendor, firm: &FirmFit) -> u8 {
    size_fit(v, firm.size)
        + u8::from(serves_practice_area(v))
        + shared_tools(v, firm.tool_names).len().min(2) as u8
}

fn fit_reason(v: &Vendor, firm: &FirmFit, category: &str) -> String {
    if let Some(reason) = integration_reason(&shared_tools(v, firm.tool_names)) {
        return reason;
    }
    match firm.size {
        Some(s) if size_fit(v, firm.size) == 2 => {
            return format!("Serves {} like yours", size_phrase(s));
        }
        Some(_) if size_fit(v, firm.size) == 1 => {
            return "Serves firms next to your size".to_string();
        }
        _ => {}
    }
    if serves_practice_area(v) {
        return "Works with personal-injury firms".to_string();
    }
    format!("Another active {category} vendor")
}

/// The alternatives to `vendor` among `candidates` (the catalog's vendors of its category).
pub fn choose<'a>(
    vendor: &Vendor,
    candidates: impl Iterator<Item = &'a Vendor>,
    firm: &FirmFit,
    category: &str,
) -> (AlternativesBasis, Vec<Alternative>) {
    let mut others: Vec<&Vendor> = candidates
        .filter(|v| v.id != vendor.id && v.is_active && !firm.dismissed.contains(&v.id))
        .collect();
    // Equal alternatives keep the order they joined the catalog, as every ranking does.
    let catalog_order = |a: &&Vendor, b: &&Vendor| a.id.cmp(&b.id);
    let view = |v: &Vendor, score: Option<u32>, reason: String| Alternative {
        id: v.id,
        name: v.name.clone(),
        logo_url: v.logo_url.clone(),
        website_url: v.website_url.clone(),
        price_bracket: v.price_bracket,
        // Set by the caller, which holds the catalog's facts.
        price: None,
        score,
        reason,
    };
    if let Some((scores, day)) = &firm.scores {
        others.retain(|v| scores.contains_key(&v.id));
        others.sort_by(|a, b| {
            scores[&b.id]
                .cmp(&scores[&a.id])
                .then_with(|| catalog_order(a, b))
        });
        let picked = others.into_iter().take(MAX_ALTERNATIVES).map(|v| {
            let score = scores[&v.id];
            let reason = format!("Scored {score} of 100 on your {category} questionnaire of {day}");
            view(v, Some(score), reason)
        });
        return (AlternativesBasis::Questionnaire, picked.collect());
    }
    others.sort_by(|a, b| {
        fit(b, firm)
            .cmp(&fit(a, firm))
            .then_with(|| catalog_order(a, b))
    });
    let picked = others
        .into_iter()
        .take(MAX_ALTERNATIVES)
        .map(|v| view(v, None, fit_reason(v, firm, category)));
    (AlternativesBasis::Fit, picked.collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::recommend::ranking::tests_support::vendor;

    fn firm<'a>(tools: &'a [String], dismissed: &'a HashSet<u64>) -> FirmFit<'a> {
        FirmFit {
            size: Some(FirmSize::E6To20),
            tool_names: tools,
            dismissed,
            scores: None,
        }
    }

    #[test]
    fn by_fit_the_stack_and_size_come_first_and_the_vendor_itself_never() {
        let mut a = vendor(1, "Alpha", &[]);
        a.firm_sizes_supported = vec![FirmSize::E6To20];
        let mut b = vendor(2, "Bravo", &[]);
        b.integrations = vec!["Clio".into()];
        b.firm_sizes_supported = vec![FirmSize::E6To20];
        let mut gone = vendor(3, "Gone", &[]);
        gone.is_active = false;
        let hidden = vendor(4, "Hidden", &[]);
        let plain = vendor(5, "Plain", &[]);
        let me = vendor(6, "Me", &[]);
        let all = [a, b, gone, hidden, plain, me.clone()];
        let tools = vec!["clio".to_string()];
        let dismissed = HashSet::from([4]);
        let (basis, alts) = choose(&me, all.iter(), &firm(&tools, &dismissed), "Intake");
        assert!(matches!(basis, AlternativesBasis::Fit));
        let ids: Vec<u64> = alts.iter().map(|a| a.id).collect();
        assert_eq!(ids, [2, 1, 5]);
        assert_eq!(alts[0].reason, "Integrates with Clio, which your firm uses");
        assert_eq!(alts[1].reason, "Serves firms of 6-20 employees like yours");
    }

    #[test]
    fn questionnaire_scores_order_them_when_there_are_any() {
        let all: Vec<Vendor> = (1..=8).map(|i| vendor(i, &format!("V{i}"), &[])).collect();
        let scores: HashMap<u64, u32> = (2..=8).map(|i| (i, 10 * i as u32)).collect();
        let dismissed = HashSet::new();
        let mut f = firm(&[], &dismissed);
        f.scores = Some((&scores, "Nov 3, 2026".into()));
        let (basis, alts) = choose(&all[7], all.iter(), &f, "Intake");
        assert!(matches!(basis, AlternativesBasis::Questionnaire));
        let ids: Vec<u64> = alts.iter().map(|a| a.id).collect();
        assert_eq!(
            ids,
            [7, 6, 5, 4, 3],
            "at most five, best first, never itself"
        );
        assert_eq!(
            alts[0].reason,
            "Scored 70 of 100 on your Intake questionnaire of Nov 3, 2026"
        );
    }
}
