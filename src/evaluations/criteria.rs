//! The criteria: the suggestions (the standard set and the firm's questionnaire needs), and the
//! checks of a set the firm saves.

use std::collections::HashSet;

use crate::catalog::{Catalog, OptionKind};
use crate::platform::error::{Result, bad_request};
use crate::platform::firm_id::FirmId;
use crate::platform::store::Store;

use super::model::Criterion;

/// Every evaluation weighs these, unless the firm takes them out.
pub const STANDARD: [&str; 7] = [
    "Ease of use",
    "Fit for personal-injury work",
    "Integrations with our stack",
    "Data security",
    "Price",
    "Support",
    "Onboarding",
];

pub const MAX_CRITERIA: usize = 15;
pub const MAX_NAME: usize = 80;
pub const MAX_REASON: usize = 500;

/// A criterion's id made of its name: lower-case letters and digits joined by `-`.
pub fn slug(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars().flat_map(char::to_lowercase) {
        if c.is_ascii_alphanumeric() {
            out.push(c);
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
    }
    let out = out.trim_end_matches('-').to_string();
    if out.is_empty() {
        "criterion".into()
    } else {
        out
    }
}

/// `ids[i]` if it is free, else the first free "id-2", "id-3".
fn free_id(wanted: &str, taken: &HashSet<String>) -> String {
    if !taken.contains(wanted) {
        return wanted.to_string();
    }
    (2..)
        .map(|n| format!("{wanted}-{n}"))
        .find(|id| !taken.contains(id))
        .expect("a free id")
}

/// Weights spread evenly over `n` criteria adding up to 100, the remainder to the first.
pub fn even_weights(n: usize) -> Vec<u8> {
    let n = n.clamp(1, 100);
    let each = 100 / n;
    let mut weights = vec![each as u8; n];
    weights[0] += (100 - each * n) as u8;
    weights
}

/// At most this many suggested criteria: more weights than a team can argue about in one
/// meeting, and each gets too small a share to tip a score.
pub const MAX_SUGGESTED: usize = 8;
/// At most this many of the suggestions come from the firm's questionnaire needs; the rest of
/// the eight are the standard set, in its order (the last ones give way to the firm's needs).
pub const MAX_FROM_NEEDS: usize = 3;

/// The suggested criteria: up to three of the needs the firm chose in its latest questionnaire
/// answers for the category, each phrased as a criterion (the option's `criterion`, never the
/// answer's text), after as much of the standard set as fits in eight; weights spread evenly.
pub fn suggestions(
    store: &Store,
    catalog: &Catalog,
    firm_id: FirmId,
    category_id: u64,
) -> Result<Vec<Criterion>> {
    let mut from_needs: Vec<String> = Vec::new();
    if let Some(response) = crate::recommend::storage::latest_response(store, firm_id, category_id)?
    {
        let known = |name: &str, list: &[String]| {
            STANDARD.iter().any(|s| s.eq_ignore_ascii_case(name))
                || list.iter().any(|n| n.eq_ignore_ascii_case(name))
        };
        for name in need_criteria(catalog, category_id, &response.answers) {
            if from_needs.len() < MAX_FROM_NEEDS && !known(&name, &from_needs) {
                from_needs.push(name);
            }
        }
    }
    let standard = MAX_SUGGESTED - from_needs.len();
    let names: Vec<String> = STANDARD
        .iter()
        .take(standard)
        .map(|s| s.to_string())
        .chain(from_needs)
        .collect();
    let weights = even_weights(names.len());
    let mut taken = HashSet::new();
    Ok(names
        .into_iter()
        .zip(weights)
        .map(|(name, weight)| {
            let id = free_id(&slug(&name), &taken);
            taken.insert(id.clone());
            Criterion { id, name, weight }
        })
        .collect())
}

/// The criterion of each need option chosen in `answers`, in the questionnaire's answer order.
/// An option without one (an older catalog) is left out rather than quoted as answer text.
fn need_criteria(
    catalog: &Catalog,
    category_id: u64,
    answers: &[(u64, Vec<String>)],
) -> Vec<String> {
    let questions = catalog.questions(category_id);
    let mut out = Vec::new();
    for (question_id, values) in answers {
        let Some(question) = questions.iter().find(|q| q.id == *question_id) else {
            continue;
        };
        for value in values {
            let criterion = question
                .options
                .iter()
                .find(|o| o.label == *value && o.kind == OptionKind::Need)
                .and_then(|o| o.criterion.as_deref())
                .map(|c| c.chars().take(MAX_NAME).collect::<String>());
            if let Some(c) = criterion {
                out.push(c);
            }
        }
    }
    out
}

/// One criterion as a request sends it.
#[derive(Debug, Clone, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CriterionInput {
    /// The id of a criterion it keeps; absent for a new one.
    pub id: Option<String>,
    /// 1 to 80 characters, unique ignoring case.
    pub name: String,
    /// 1 to 100; all the weights add up to 100.
    pub weight: i64,
}

/// Checks a set of criteria; `current` gives the ids a criterion may keep. New criteria get an
/// id made of their name.
pub fn parse(input: &[CriterionInput], current: &[Criterion]) -> Result<Vec<Criterion>> {
    if input.is_empty() {
        return Err(bad_request("Add at least one criterion"));
    }
    if input.len() > MAX_CRITERIA {
        return Err(bad_request(format!(
            "An evaluation can have at most {MAX_CRITERIA} criteria; it has {}",
            input.len()
        )));
    }
    let mut names = HashSet::new();
    let mut sum: i64 = 0;
    for c in input {
        let name = c.name.trim();
        let len = name.chars().count();
        if len == 0 {
            return Err(bad_request("Every criterion needs a name"));
        }
        if len > MAX_NAME {
            return Err(bad_request(format!(
                "A criterion's name can be at most {MAX_NAME} characters"
            )));
        }
        if name.chars().any(char::is_control) {
            return Err(bad_request("A criterion's name is one line of text"));
        }
        if !names.insert(name.to_lowercase()) {
            return Err(bad_request(format!(
                "Two criteria are named \"{name}\": each name must be different"
            )));
        }
        if !(1..=100).contains(&c.weight) {
            return Err(bad_request(format!(
                "The weight of \"{name}\" must be a whole number from 1 to 100"
            )));
        }
        sum += c.weight;
    }
    if sum != 100 {
        return Err(bad_request(format!(
            "The weights add up to {sum}; they must add up to 100"
        )));
    }
    // Kept ids first, so a new criterion never takes a kept one's id.
    let mut taken: HashSet<String> = HashSet::new();
    let kept: Vec<Option<String>> = input
        .iter()
        .map(|c| {
            c.id.as_ref()
                .filter(|id| current.iter().any(|k| &k.id == *id))
                .filter(|id| taken.insert((*id).clone()))
                .cloned()
        })
        .collect();
    Ok(input
        .iter()
        .zip(kept)
        .map(|(c, kept)| {
            let name = c.name.trim().to_string();
            let id = kept.unwrap_or_else(|| {
                let id = free_id(&slug(&name), &taken);
                taken.insert(id.clone());
                id
            });
            Criterion {
                id,
                name,
                weight: c.weight as u8,
            }
        })
        .collect())
}

/// Checks the reason of a change after the lock: 1..=500 characters.
pub fn parse_reason(reason: Option<&str>) -> Result<String> {
    let reason = reason.map(str::trim).unwrap_or_default();
    if reason.is_empty() {
        return Err(bad_request(
            "The criteria are locked: give a reason for the change (it is kept in the record)",
        ));
    }
    if reason.chars().count() > MAX_REASON {
        return Err(bad_request(format!(
            "A reason can be at most {MAX_REASON} characters"
        )));
    }
    Ok(reason.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(name: &str, weight: i64) -> CriterionInput {
        CriterionInput {
            id: None,
            name: name.into(),
            weight,
        }
    }

    /// Every need of the shipped questionnaires is phrased as a criterion a saved set accepts:
    /// one line of at most 80 characters, never the answer's own text; context options have none.
    #[test]
    fn every_shipped_need_has_a_criterion() {
        let data: Vec<crate::catalog::model::Questionnaire> =
            serde_json::from_str(include_str!("../../data/questions.json")).unwrap();
        let mut problems = Vec::new();
        for option in data
            .iter()
            .flat_map(|q| &q.questions)
            .flat_map(|q| &q.options)
        {
            match (option.kind, option.criterion.as_deref()) {
                (OptionKind::Need, None) => problems.push(format!("{}: none", option.label)),
                (OptionKind::Need, Some(c)) => {
                    let ok = !c.trim().is_empty()
                        && c.trim() == c
                        && c.chars().count() <= MAX_NAME
                        && !c.contains(['\n', '\r', ';']);
                    if !ok {
                        problems.push(format!("{}: \"{c}\"", option.label));
                    }
                }
                (OptionKind::Context, Some(c)) => {
                    problems.push(format!("{}: context with \"{c}\"", option.label))
                }
                (OptionKind::Context, None) => {}
            }
        }
        assert!(problems.is_empty(), "{problems:#?}");
    }

    #[test]
    fn even_weights_add_up_to_100_the_remainder_first() {
        assert_eq!(even_weights(7), [16, 14, 14, 14, 14, 14, 14]);
        assert_eq!(even_weights(3), [34, 33, 33]);
        assert_eq!(even_weights(1), [100]);
        for n in 1..=15 {
            assert_eq!(
                even_weights(n).iter().map(|&w| u32::from(w)).sum::<u32>(),
                100
            );
        }
    }

    #[test]
    fn slugs_and_clashing_ids() {
        assert_eq!(
            slug("Fit for personal-injury work"),
            "fit-for-personal-injury-work"
        );
        assert_eq!(slug("  Price!! "), "price");
        assert_eq!(slug("???"), "criterion");
        let parsed = parse(&[input("A b", 50), input("A-b", 50)], &[]).unwrap();
        assert_eq!(parsed[0].id, "a-b");
        assert_eq!(parsed[1].id, "a-b-2");
    }

    #[test]
    fn bad_sets_are_refused() {
        let err = parse(&[input("A", 50), input("B", 35)], &[]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "The weights add up to 85; they must add up to 100"
        );
        assert!(parse(&[input("A", 50), input("a", 50)], &[]).is_err());
        assert!(parse(&[input("", 100)], &[]).is_err());
        assert!(parse(&[input("A", 0), input("B", 100)], &[]).is_err());
        assert!(parse(&[], &[]).is_err());
        let many: Vec<CriterionInput> = (0..16).map(|i| input(&format!("C{i}"), 1)).collect();
        assert!(parse(&many, &[]).is_err());
    }
}
