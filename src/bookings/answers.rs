//! Finished answers of the booking read routes, kept with the index they were computed from.
//!
//! An index never changes once built, so the answer to the same question from the same index is
//! the same bytes: the first request computes and serialises it, later ones send those bytes (and
//! a gzip copy made once for the clients that accept it). An import swaps in a new index with an
//! empty cache, so an answer can never outlive the data it came from; the same index re-read in
//! the snapshot just written of it keeps its answers (`Answers::copied`).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};

use axum::body::Bytes;
use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::{IntoResponse, Response};
use dashmap::DashMap;

use super::filters::Filters;
use super::periods::Comparing;
use super::query::Shape;

/// JSON bytes one index keeps at most; past this the cache starts over. Dashboard questions are
/// few (a handful of filters, pages of 100), so this holds hundreds of them.
const BUDGET_BYTES: usize = 8 * 1024 * 1024;

/// A question the booking routes answer.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Question {
    /// The filters, the comparison period and the series' shape.
    Trends(Filters, Comparing, Shape),
    TopCities(Filters),
    /// Newest first: the filters, limit and offset.
    Newest(Filters, usize, usize),
    FilterOptions,
}

#[derive(Default)]
pub struct Answers {
    answers: DashMap<Question, Arc<Answer>>,
    bytes: AtomicUsize,
}

impl Answers {
    /// The answer to `question`, computed by `make` when this index has not answered it yet.
    pub fn get_or_make(
        &self,
        question: Question,
        make: impl FnOnce() -> serde_json::Result<Vec<u8>>,
    ) -> serde_json::Result<Arc<Answer>> {
        if let Some(answer) = self.answers.get(&question) {
            return Ok(answer.clone());
        }
        // Two requests may both miss and compute: both get the same bytes, one copy is kept.
        let answer = Arc::new(Answer::new(make()?));
        let size = answer.json.len();
        if self.bytes.fetch_add(size, Ordering::Relaxed) + size > BUDGET_BYTES {
            self.answers.clear();
            self.bytes.store(size, Ordering::Relaxed);
        }
        self.answers.insert(question, answer.clone());
        Ok(answer)
    }

    /// The same answers, for an index of the same values read from elsewhere
    /// (`BookingIndex::with_columns`): they stay true, and the next request need not compute them
    /// again.
    pub fn copied(&self) -> Answers {
        Answers {
            answers: self.answers.clone(),
            bytes: AtomicUsize::new(self.bytes.load(Ordering::Relaxed)),
        }
    }

    pub fn len(&self) -> usize {
        self.answers.len()
    }

    pub fn is_empty(&self) -> bool {
        self.answers.is_empty()
    }
}

pub struct Answer {
    json: Bytes,
    gzip: OnceLock<Bytes>,
}

impl Answer {
    fn new(json: Vec<u8>) -> Answer {
        Answer {
            json: Bytes::from(json),
            gzip: OnceLock::new(),
        }
    }

    fn gzipped(&self) -> Bytes {
        self.gzip
            .get_or_init(|| {
                use std::io::Write;
                let mut out = flate2::write::GzEncoder::new(
                    Vec::with_capacity(self.json.len() / 4),
                    flate2::Compression::default(),
                );
                // Writing into a Vec cannot fail.
                let gzip = out.write_all(&self.json).and_then(|()| out.finish());
                gzip.map(Bytes::from).unwrap_or_default()
            })
            .clone()
    }

    /// The JSON response, gzip-encoded when the request accepts gzip. Already encoded, it passes
    /// the compression layer untouched.
    pub fn respond(&self, request: &HeaderMap) -> Response {
        let json = HeaderValue::from_static("application/json");
        let vary = HeaderValue::from_static("accept-encoding");
        if accepts_gzip(request) {
            let body = self.gzipped();
            if !body.is_empty() {
                let gzip = HeaderValue::from_static("gzip");
                return (
                    [
                        (header::CONTENT_TYPE, json),
                        (header::CONTENT_ENCODING, gzip),
                        (header::VARY, vary),
                    ],
                    body,
                )
                    .into_response();
            }
        }
        (
            [(header::CONTENT_TYPE, json), (header::VARY, vary)],
            self.json.clone(),
        )
            .into_response()
    }
}

/// Whether Accept-Encoding allows gzip: named (or `*`) without `q=0`.
fn accepts_gzip(request: &HeaderMap) -> bool {
    request
        .get_all(header::ACCEPT_ENCODING)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|coding| {
            let mut parts = coding.split(';');
            let name = parts.next().unwrap_or("").trim();
            let refused = parts.any(|p| {
                p.trim()
                    .strip_prefix("q=")
                    .and_then(|q| q.trim().parse::<f32>().ok())
                    .is_some_and(|q| q <= 0.0)
            });
            (name.eq_ignore_ascii_case("gzip") || name == "*") && !refused
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(accept: &str) -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert(
            header::ACCEPT_ENCODING,
            HeaderValue::from_str(accept).unwrap(),
        );
        h
    }

    #[test]
    fn gzip_is_sent_only_when_accepted() {
        assert!(accepts_gzip(&headers("gzip, deflate, br, zstd")));
        assert!(accepts_gzip(&headers("br;q=1.0, GZIP;q=0.5")));
        assert!(accepts_gzip(&headers("*")));
        assert!(!accepts_gzip(&headers("gzip;q=0, br")));
        assert!(!accepts_gzip(&headers("br")));
        assert!(!accepts_gzip(&headers("identity")));
        assert!(!accepts_gzip(&HeaderMap::new()));
    }

    #[test]
    fn an_answer_is_computed_once_and_its_gzip_holds_the_same_json() {
        let answers = Answers::default();
        let json = br#"{"total":3,"daily":[1,2,3]}"#.to_vec();
        let first = answers
            .get_or_make(Question::FilterOptions, || Ok(json.clone()))
            .unwrap();
        let again = answers
            .get_or_make(Question::FilterOptions, || panic!("computed twice"))
            .unwrap();
        assert!(Arc::ptr_eq(&first, &again));

        let mut unzipped = Vec::new();
        use std::io::Read;
        flate2::read::GzDecoder::new(&first.gzipped()[..])
            .read_to_end(&mut unzipped)
            .unwrap();
        assert_eq!(unzipped, json);
    }

    #[test]
    fn the_cache_starts_over_past_its_budget() {
        let answers = Answers::default();
        let big = vec![b' '; BUDGET_BYTES / 2 + 1];
        for offset in 0..3 {
            answers
                .get_or_make(Question::Newest(Filters::default(), 100, offset), || {
                    Ok(big.clone())
                })
                .unwrap();
        }
        assert!(answers.len() < 3, "at most the budget is kept");
        assert!(!answers.is_empty());
    }
}
