//! Questionnaire responses: parsed against the category's questions at the edge, so a stored
//! response only ever holds offered options, one value for a single-choice question.

use super::model::{ResponseRequest, SavedAnswer};
use super::ranking::Need;
use crate::catalog::{Catalog, FieldType, OptionKind};
use crate::platform::error::{Result, bad_request};
use crate::platform::upload::truncate;

pub const EMPTY_ANSWERS: &str = "Please answer at least one question";

/// Validates a submission; returns the answers that hold at least one value.
pub fn parse(request: &ResponseRequest, catalog: &Catalog) -> Result<Vec<(u64, Vec<String>)>> {
    let category = catalog.category(request.category_id).ok_or_else(|| {
        bad_request(format!(
            "There is no category with id {}",
            request.category_id
        ))
    })?;
    let questions = catalog.questions(category.id);
    if questions.is_empty() {
        return Err(bad_request(format!(
            "{} has no questionnaire",
            category.label
        )));
    }
    let mut out: Vec<(u64, Vec<String>)> = Vec::new();
    for answer in &request.answers {
        let question = questions
            .iter()
            .find(|q| q.id == answer.question_id)
            .ok_or_else(|| {
                bad_request(format!(
                    "Question {} is not part of the {} questionnaire",
                    answer.question_id, category.label
                ))
            })?;
        if out.iter().any(|(id, _)| *id == question.id) {
            return Err(bad_request(format!(
                "Question {} is answered twice",
                question.id
            )));
        }
        let mut values: Vec<String> = Vec::new();
        for value in &answer.selected_values {
            let option = question
                .options
                .iter()
                .find(|o| o.label == *value)
                .ok_or_else(|| {
                    bad_request(format!(
                        "\"{}\" is not an option of question {}",
                        truncate(value, 60),
                        question.id
                    ))
                })?;
            if !values.contains(&option.label) {
                values.push(option.label.clone());
            }
        }
        if question.field_type == FieldType::Single && values.len() > 1 {
            return Err(bad_request(format!(
                "Question {} takes a single answer; choose one option",
                question.id
            )));
        }
        if !values.is_empty() {
            out.push((question.id, values));
        }
    }
    if out.is_empty() {
        return Err(bad_request(EMPTY_ANSWERS));
    }
    Ok(out)
}

/// The answers of a stored response that the category's questionnaire still offers, in the
/// questionnaire's order.
pub fn still_offered(
    catalog: &Catalog,
    category_id: u64,
    answers: &[(u64, Vec<String>)],
) -> Vec<SavedAnswer> {
    catalog
        .questions(category_id)
        .iter()
        .filter_map(|q| {
            let (_, values) = answers.iter().find(|(id, _)| *id == q.id)?;
            let selected_values: Vec<String> = values
                .iter()
                .filter(|v| q.options.iter().any(|o| o.label == **v))
                .cloned()
                .collect();
            (!selected_values.is_empty()).then_some(SavedAnswer {
                question_id: q.id,
                selected_values,
            })
        })
        .collect()
}

/// The needs a response expresses: each chosen option of kind need that stands for capabilities.
/// Options about the firm (kind context) are left out: see [`context`].
pub fn needs(catalog: &Catalog, category_id: u64, answers: &[(u64, Vec<String>)]) -> Vec<Need> {
    chosen(catalog, category_id, answers, OptionKind::Need)
}

/// What a response says about the firm: each chosen option of kind context with tags. They weigh
/// in the ranking but are never quoted as a need the vendor meets.
pub fn context(catalog: &Catalog, category_id: u64, answers: &[(u64, Vec<String>)]) -> Vec<Need> {
    chosen(catalog, category_id, answers, OptionKind::Context)
}

fn chosen(
    catalog: &Catalog,
    category_id: u64,
    answers: &[(u64, Vec<String>)],
    kind: OptionKind,
) -> Vec<Need> {
    let questions = catalog.questions(category_id);
    let mut needs: Vec<Need> = Vec::new();
    for (question_id, values) in answers {
        let Some(question) = questions.iter().find(|q| q.id == *question_id) else {
            continue;
        };
        for value in values {
            let Some(option) = question.options.iter().find(|o| o.label == *value) else {
                continue;
            };
            if option.kind != kind
                || option.tags.is_empty()
                || needs.iter().any(|n| n.label == option.label)
            {
                continue;
            }
            needs.push(Need {
                label: option.label.clone(),
                tags: option.tags.clone(),
            });
        }
    }
    needs
}

#[cfg(test)]
mod tests {
    use crate::catalog::QuestionOption;

    const QUESTIONS: &str = include_str!("../../data/questions.json");

    /// Every option of the shipped questionnaires says whether it is a need or context, with
    /// nothing else; its label is one line (a stored reason lists its needs one per line).
    #[test]
    fn every_shipped_option_is_marked_need_or_context() {
        let data: serde_json::Value = serde_json::from_str(QUESTIONS).unwrap();
        let mut problems = Vec::new();
        let (mut needs, mut context) = (0, 0);
        for category in data.as_array().unwrap() {
            for question in category["questions"].as_array().unwrap() {
                for option in question["options"].as_array().unwrap() {
                    let label = option["label"].as_str().unwrap_or_default();
                    match option.get("kind").and_then(|k| k.as_str()) {
                        Some("need") => needs += 1,
                        Some("context") => context += 1,
                        Some(other) => problems.push(format!(
                            "question {}: \"{label}\" has the unknown kind \"{other}\"",
                            question["id"]
                        )),
                        None => problems.push(format!(
                            "question {}: \"{label}\" is not marked need or context",
                            question["id"]
                        )),
                    }
                    // One line (a stored reason lists its needs one per line) and no "|" (the
                    // brief's CSV separates them with " | ").
                    if label.contains(['\n', '\r', '|']) {
                        problems.push(format!(
                            "question {}: \"{label}\" holds a line break or a |",
                            question["id"]
                        ));
                    }
                }
            }
        }
        assert!(problems.is_empty(), "{problems:#?}");
        assert!(needs > 0 && context > 0, "{needs} needs, {context} context");
    }

    #[test]
    fn an_unmarked_option_or_an_unknown_kind_does_not_load() {
        let parse = |json: &str| serde_json::from_str::<QuestionOption>(json);
        assert!(parse(r#"{"label": "Phone calls", "kind": "need", "tags": ["x"]}"#).is_ok());
        assert!(parse(r#"{"label": "Rarely", "kind": "context"}"#).is_ok());
        for bad in [
            r#"{"label": "Phone calls", "tags": ["x"]}"#,
            r#"{"label": "Phone calls", "kind": "wish", "tags": ["x"]}"#,
            r#"{"label": "Phone calls", "kind": "Need", "tags": ["x"]}"#,
            r#"{"label": "Phone calls", "kind": "need", "kinds": "need"}"#,
        ] {
            assert!(parse(bad).is_err(), "{bad}");
        }
    }
}
