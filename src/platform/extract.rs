//! Our own `Json`, `Query` and `Path` extractors: a malformed body, query string or path id is
//! answered with our `{"error"}` shape and a message a person can act on, never axum's plain-text
//! rejection.

use axum::extract::path::ErrorKind;
use axum::extract::rejection::{JsonRejection, PathRejection, QueryRejection};
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::request::Parts;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::platform::error::{AppError, bad_request};

/// A JSON body. Request types use `#[serde(deny_unknown_fields)]` so no field can be smuggled in.
pub struct Json<T>(pub T);

impl<T, S> FromRequest<S> for Json<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = AppError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        if !is_json(req.headers()) {
            return Err(json_rejection(JsonRejection::MissingJsonContentType(
                Default::default(),
            )));
        }
        let body = axum::body::Bytes::from_request(req, state)
            .await
            .map_err(|e| json_rejection(JsonRejection::BytesRejection(e)))?;
        // PostgreSQL stores no NUL in text, and no person types one: refused here, for every
        // field of every body, rather than failing as a 500 at the database.
        if holds_escaped_nul(&body) {
            return Err(bad_request(
                "A text in the request holds a NUL character (\\u0000), which cannot be stored: \
                 remove it and send the request again.",
            ));
        }
        match axum::Json::<T>::from_bytes(&body) {
            Ok(axum::Json(value)) => Ok(Json(value)),
            Err(rejection) => Err(json_rejection(rejection)),
        }
    }
}

/// `application/json` or an `application/*+json` type, as axum's own `Json` accepts.
fn is_json(headers: &axum::http::HeaderMap) -> bool {
    let Some(value) = headers
        .get(axum::http::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
    else {
        return false;
    };
    let essence = value
        .split(';')
        .next()
        .unwrap_or("")
        .trim()
        .to_ascii_lowercase();
    essence == "application/json"
        || (essence.starts_with("application/") && essence.ends_with("+json"))
}

/// Whether a JSON text has a `\u0000` escape (a raw NUL is not valid JSON): a `u0000` after an
/// odd run of backslashes, so an escaped backslash followed by the letters is not one.
fn holds_escaped_nul(body: &[u8]) -> bool {
    body.windows(5).enumerate().any(|(i, w)| {
        w == b"u0000" && body[..i].iter().rev().take_while(|&&b| b == b'\\').count() % 2 == 1
    })
}

impl<T: Serialize> IntoResponse for Json<T> {
    fn into_response(self) -> Response {
        axum::Json(self.0).into_response()
    }
}

fn json_rejection(rejection: JsonRejection) -> AppError {
    match rejection {
        JsonRejection::MissingJsonContentType(_) => {
            bad_request("Send the request body as JSON (Content-Type: application/json).")
        }
        JsonRejection::JsonSyntaxError(_) => bad_request("The request body is not valid JSON."),
        JsonRejection::JsonDataError(e) => {
            bad_request(format!("Invalid request: {}", e.body_text()).replace(
                "Failed to deserialize the JSON body into the target type: ",
                "",
            ))
        }
        JsonRejection::BytesRejection(e) => {
            if e.status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE {
                AppError::PayloadTooLarge("The request body is too large.".into())
            } else {
                bad_request("The request body could not be read.")
            }
        }
        other => bad_request(other.body_text()),
    }
}

/// A query string parsed into `T`.
pub struct Query<T>(pub T);

impl<T, S> FromRequestParts<S> for Query<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        match axum::extract::Query::<T>::from_request_parts(parts, state).await {
            Ok(axum::extract::Query(value)) => Ok(Query(value)),
            Err(QueryRejection::FailedToDeserializeQueryString(e)) => Err(bad_request(
                format!("Invalid query: {}", e.body_text())
                    .replace("Failed to deserialize query string: ", ""),
            )),
            Err(other) => Err(bad_request(other.body_text())),
        }
    }
}

/// The path's parameters parsed into `T`: an id of `platform::ids` (`Path<VendorId>`), a tuple of
/// them (`Path<(CategoryId, VendorId)>`), or a `String` for a segment that is not an id. A
/// malformed id answers 400 with its type's message before the handler runs.
pub struct Path<T>(pub T);

impl<T, S> FromRequestParts<S> for Path<T>
where
    T: DeserializeOwned + Send,
    S: Send + Sync,
{
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        match axum::extract::Path::<T>::from_request_parts(parts, state).await {
            Ok(axum::extract::Path(value)) => Ok(Path(value)),
            Err(rejection) => Err(path_rejection(rejection)),
        }
    }
}

fn path_rejection(rejection: PathRejection) -> AppError {
    match rejection {
        // A route whose parameters do not match its handler's type: our mistake, not the client's.
        PathRejection::FailedToDeserializePathParams(e) if e.status().is_server_error() => {
            AppError::Internal(anyhow::anyhow!(e.body_text()))
        }
        // What an id type's `Deserialize` failed with: its own message.
        PathRejection::FailedToDeserializePathParams(e) => match e.into_kind() {
            ErrorKind::DeserializeError { message, .. } | ErrorKind::Message(message) => {
                bad_request(message)
            }
            kind => bad_request(format!("Invalid URL: {kind}")),
        },
        other => AppError::Internal(anyhow::anyhow!(other.body_text())),
    }
}

#[cfg(test)]
mod tests {
    use super::holds_escaped_nul;

    #[test]
    fn an_escaped_nul_is_found_and_an_escaped_backslash_before_the_letters_is_not() {
        assert!(holds_escaped_nul(br#"{"note":"\u0000"}"#));
        assert!(holds_escaped_nul(br#"{"note":"a\\\u0000"}"#));
        assert!(!holds_escaped_nul(br#"{"note":"\\u0000"}"#));
        assert!(!holds_escaped_nul(br#"{"note":"u0000"}"#));
    }
}
