//! A reference call as a request sends it, and its checks.

use chrono::NaiveDate;
use serde::Deserialize;

use crate::platform::error::{Result, bad_request};

pub const MAX_FIRM_CALLED: usize = 120;
pub const MAX_FIRM_SIZE: usize = 60;
pub const MAX_QUESTIONS: usize = 20;
pub const MAX_TEXT: usize = 1000;

/// POST /api/evaluations/{categoryId}/references.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ReferenceRequest {
    pub vendor_id: u64,
    /// The firm that was called, 1 to 120 characters.
    pub firm_called: String,
    /// Its size as written down (e.g. "11-25 staff"), 1 to 60 characters.
    pub firm_size: String,
    /// The day of the call, YYYY-MM-DD, not in the future.
    pub date: String,
    /// 1 to 20 questions, each question and answer 1 to 1,000 characters.
    pub questions: Vec<QuestionInput>,
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct QuestionInput {
    pub question: String,
    pub answer: String,
}

/// A checked reference call.
pub struct ParsedReference {
    pub vendor_id: u64,
    pub firm_called: String,
    pub firm_size: String,
    pub date: String,
    pub questions: Vec<(String, String)>,
}

fn text(raw: &str, what: &str, max: usize) -> Result<String> {
    let t = raw.trim();
    if t.is_empty() {
        return Err(bad_request(format!("{what} is required")));
    }
    if t.chars().count() > max {
        return Err(bad_request(format!(
            "{what} can be at most {max} characters"
        )));
    }
    Ok(t.to_string())
}

pub fn parse(request: ReferenceRequest, now: i64) -> Result<ParsedReference> {
    let firm_called = text(&request.firm_called, "The firm called", MAX_FIRM_CALLED)?;
    let firm_size = text(&request.firm_size, "The firm's size", MAX_FIRM_SIZE)?;
    let date = NaiveDate::parse_from_str(request.date.trim(), "%Y-%m-%d")
        .map_err(|_| bad_request("The date of the call must be a day like 2026-03-14"))?;
    let today = chrono::DateTime::from_timestamp(now, 0)
        .unwrap_or_default()
        .date_naive();
    if date > today {
        return Err(bad_request(
            "The date of the call is in the future: record a call once it has happened",
        ));
    }
    if request.questions.is_empty() {
        return Err(bad_request("Add at least one question and its answer"));
    }
    if request.questions.len() > MAX_QUESTIONS {
        return Err(bad_request(format!(
            "A reference check can hold at most {MAX_QUESTIONS} questions"
        )));
    }
    let questions = request
        .questions
        .iter()
        .enumerate()
        .map(|(i, q)| {
            Ok((
                text(&q.question, &format!("Question {}", i + 1), MAX_TEXT)?,
                text(
                    &q.answer,
                    &format!("The answer to question {}", i + 1),
                    MAX_TEXT,
                )?,
            ))
        })
        .collect::<Result<Vec<_>>>()?;
    Ok(ParsedReference {
        vendor_id: request.vendor_id,
        firm_called,
        firm_size,
        date: date.format("%Y-%m-%d").to_string(),
        questions,
    })
}
