//! [`ApiError`]: every way a request can fail, each with its HTTP status and a JSON body
//! (`{"error": "illegal_move", "message": "…"}`), so that clients never have to read HTML or
//! plain-text errors.

use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Serialize;

/// Why a request was refused. Nothing is changed by a refused request.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ApiError {
    /// No game has this id (never existed, deleted, or evicted).
    #[error("no game with id '{0}'")]
    UnknownGame(String),
    /// No such endpoint.
    #[error("no such endpoint: {0}")]
    NotFound(String),
    /// No shipped puzzle has this name.
    #[error("no shipped puzzle named '{0}'")]
    UnknownPuzzle(String),
    /// The body is not the JSON the endpoint expects (syntax, types, missing fields).
    #[error("{0}")]
    BadRequest(String),
    /// The body is larger than the server accepts.
    #[error("request body too large (limit {limit} bytes)")]
    TooLarge {
        /// The limit in bytes.
        limit: usize,
    },
    /// The body is not declared as JSON.
    #[error("expected a JSON body (Content-Type: application/json)")]
    UnsupportedMediaType,
    /// The request has no token, or one that does not hold the side it acts for.
    #[error("{0}")]
    Forbidden(String),
    /// The request does not fit the game's state (over, not this side's turn, stale ply).
    #[error("{0}")]
    Conflict(String),
    /// A well-formed move that is not legal here.
    #[error("{0}")]
    IllegalMove(String),
    /// Several legal moves fit the text; `candidates` are their long forms.
    #[error("ambiguous move: could be {}", .candidates.join(" or "))]
    AmbiguousMove {
        /// Each candidate, in long form.
        candidates: Vec<String>,
    },
    /// A field's value is not acceptable (unknown variant, bad FEN, bad PDN, bad clock).
    #[error("{0}")]
    Invalid(String),
    /// The client runs as many analyses as one client may at once (or has a puzzle move
    /// being judged already).
    #[error("{0}")]
    TooManyAnalyses(String),
    /// The client has as many games on the server as one client may (or as many imports
    /// running as the server takes at once).
    #[error("{0}")]
    TooMany(String),
    /// The request names a host this server does not serve (`Host` is a domain name it was
    /// not told of: a DNS-rebinding page, or a proxy that does not pass the host on).
    #[error("{0}")]
    WrongHost(String),
    /// A browser request from a page of another site (its `Origin` is not this server's).
    #[error("{0}")]
    CrossOrigin(String),
    /// The server's own data is damaged (a shipped puzzle set that does not read).
    #[error("{0}")]
    Internal(String),
}

/// The JSON body of an error response.
#[derive(Serialize)]
struct ErrorBody<'a> {
    error: &'a str,
    message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    candidates: Option<&'a [String]>,
}

impl ApiError {
    /// The HTTP status of this error.
    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::UnknownGame(_) | ApiError::NotFound(_) | ApiError::UnknownPuzzle(_) => {
                StatusCode::NOT_FOUND
            }
            ApiError::BadRequest(_) => StatusCode::BAD_REQUEST,
            ApiError::TooLarge { .. } => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::UnsupportedMediaType => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            ApiError::Forbidden(_) => StatusCode::FORBIDDEN,
            ApiError::Conflict(_) => StatusCode::CONFLICT,
            ApiError::IllegalMove(_) | ApiError::AmbiguousMove { .. } | ApiError::Invalid(_) => {
                StatusCode::UNPROCESSABLE_ENTITY
            }
            ApiError::TooManyAnalyses(_) | ApiError::TooMany(_) => StatusCode::TOO_MANY_REQUESTS,
            ApiError::WrongHost(_) => StatusCode::MISDIRECTED_REQUEST,
            ApiError::CrossOrigin(_) => StatusCode::FORBIDDEN,
            ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    /// A stable machine-readable code (`unknown_game`, `illegal_move`, …).
    pub fn code(&self) -> &'static str {
        match self {
            ApiError::UnknownGame(_) => "unknown_game",
            ApiError::NotFound(_) => "not_found",
            ApiError::UnknownPuzzle(_) => "unknown_puzzle",
            ApiError::BadRequest(_) => "bad_request",
            ApiError::TooLarge { .. } => "too_large",
            ApiError::UnsupportedMediaType => "unsupported_media_type",
            ApiError::Forbidden(_) => "forbidden",
            ApiError::Conflict(_) => "conflict",
            ApiError::IllegalMove(_) => "illegal_move",
            ApiError::AmbiguousMove { .. } => "ambiguous_move",
            ApiError::Invalid(_) => "invalid",
            ApiError::TooManyAnalyses(_) => "too_many_analyses",
            ApiError::TooMany(_) => "too_many",
            ApiError::WrongHost(_) => "wrong_host",
            ApiError::CrossOrigin(_) => "cross_origin",
            ApiError::Internal(_) => "internal",
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let candidates = match &self {
            ApiError::AmbiguousMove { candidates } => Some(candidates.as_slice()),
            _ => None,
        };
        let body = ErrorBody {
            error: self.code(),
            message: self.to_string(),
            candidates,
        };
        (self.status(), Json(body)).into_response()
    }
}

impl From<JsonRejection> for ApiError {
    fn from(r: JsonRejection) -> ApiError {
        match r {
            JsonRejection::MissingJsonContentType(_) => ApiError::UnsupportedMediaType,
            JsonRejection::BytesRejection(_) if r.status() == StatusCode::PAYLOAD_TOO_LARGE => {
                ApiError::TooLarge {
                    limit: crate::server::BODY_LIMIT,
                }
            }
            other => ApiError::BadRequest(other.body_text()),
        }
    }
}

impl From<QueryRejection> for ApiError {
    fn from(r: QueryRejection) -> ApiError {
        ApiError::BadRequest(r.body_text())
    }
}

/// A takeback the game layer's rule refuses is a conflict with the game's state.
impl From<damier_game::takeback::TakebackRefused> for ApiError {
    fn from(refused: damier_game::takeback::TakebackRefused) -> ApiError {
        ApiError::Conflict(refused.to_string())
    }
}
