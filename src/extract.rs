//! Our own `Json` and `Query` extractors: a malformed body or query string is answered with our
//! `{"error"}` shape and a message a person can act on, never axum's plain-text rejection.

use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::request::Parts;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::error::{AppError, bad_request};

/// A JSON body. Request types use `#[serde(deny_unknown_fields)]` so no field can be smuggled in.
pub struct Json<T>(pub T);

impl<T, S> FromRequest<S> for Json<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = AppError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        match axum::Json::<T>::from_request(req, state).await {
            Ok(axum::Json(value)) => Ok(Json(value)),
            Err(rejection) => Err(json_rejection(rejection)),
        }
    }
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
