//! Questionnaire responses: parsed against the category's questions at the edge, so a stored
//! response only ever holds offered options, one value for a single-choice question.

use super::model::ResponseRequest;
use super::ranking::Need;
use crate::catalog::{Catalog, FieldType};
use crate::error::{Result, bad_request};
use crate::import::truncate;

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
            category.name
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
                    answer.question_id, category.name
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

/// The needs a response expresses: each chosen option that stands for capabilities.
pub fn needs(catalog: &Catalog, category_id: u64, answers: &[(u64, Vec<String>)]) -> Vec<Need> {
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
            if option.tags.is_empty() || needs.iter().any(|n| n.label == option.label) {
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
