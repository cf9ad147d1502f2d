//! Request extractors whose rejections are [`ApiError`]s, so that a malformed body or a missing
//! token gets the same JSON error shape as every other refusal.

use crate::error::ApiError;
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::request::Parts;
use axum::Json;
use serde::de::DeserializeOwned;

/// A JSON object body; a syntax error, a wrong type, another JSON value than an object or an
/// oversized body is an [`ApiError`].
pub struct Body<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for Body<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        if !is_json(req.headers()) {
            return Err(ApiError::UnsupportedMediaType);
        }
        let bytes = axum::body::Bytes::from_request(req, state)
            .await
            .map_err(|_| ApiError::TooLarge {
                limit: crate::server::BODY_LIMIT,
            })?;
        refuse_non_object(&bytes)?;
        let Json(value) = Json::<T>::from_bytes(&bytes)?;
        Ok(Body(value))
    }
}

/// Every body of the API is an object: serde would read a struct from an array too (`[]`
/// as all defaults, `["32-28"]` as a move), which no client means.
fn refuse_non_object(bytes: &[u8]) -> Result<(), ApiError> {
    match bytes.iter().find(|b| !b.is_ascii_whitespace()) {
        Some(b'{') | None => Ok(()),
        Some(_) => Err(ApiError::BadRequest(
            "the JSON body must be an object ({…})".into(),
        )),
    }
}

/// A JSON body that may be absent: an empty body reads as `T::default()` (so `POST /undo` needs
/// no `{}`), anything else must be valid JSON.
pub struct OptionalBody<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned + Default> FromRequest<S> for OptionalBody<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        let json = is_json(req.headers());
        let bytes = axum::body::Bytes::from_request(req, state)
            .await
            .map_err(|_| ApiError::TooLarge {
                limit: crate::server::BODY_LIMIT,
            })?;
        if bytes.iter().all(u8::is_ascii_whitespace) {
            return Ok(OptionalBody(T::default()));
        }
        // A body that is there must say it is JSON, as `Body` requires (API.md: 415).
        if !json {
            return Err(ApiError::UnsupportedMediaType);
        }
        refuse_non_object(&bytes)?;
        // As `Body` reads: an error names the field it is in (`side: unknown variant ...`).
        let Json(value) = Json::<T>::from_bytes(&bytes)?;
        Ok(OptionalBody(value))
    }
}

/// A JSON body that may be empty (`T::default()`), but whose request must say it is JSON
/// even then: a form or a bare `POST` from another site's page needs no permission from the
/// browser, a JSON one does, so an action anyone may take (creating a game) asks for it.
pub struct JsonOrEmpty<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned + Default> FromRequest<S> for JsonOrEmpty<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        if !is_json(req.headers()) {
            return Err(ApiError::UnsupportedMediaType);
        }
        let OptionalBody(value) = OptionalBody::from_request(req, state).await?;
        Ok(JsonOrEmpty(value))
    }
}

/// Whether the request declares a JSON body (`application/json` or `application/…+json`, as
/// axum's `Json` accepts, with or without parameters such as a charset).
fn is_json(headers: &axum::http::HeaderMap) -> bool {
    headers
        .get(axum::http::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .map(|mime| mime.trim().to_ascii_lowercase())
        .is_some_and(|mime| {
            mime == "application/json"
                || (mime.starts_with("application/") && mime.ends_with("+json"))
        })
}

/// The address of the client, when the server knows it (it serves with connection info).
pub struct ClientAddr(pub Option<std::net::IpAddr>);

impl<S: Send + Sync> FromRequestParts<S> for ClientAddr {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, ApiError> {
        let info = parts
            .extensions
            .get::<axum::extract::ConnectInfo<std::net::SocketAddr>>();
        Ok(ClientAddr(info.map(|c| c.0.ip())))
    }
}

/// The token of `Authorization: Bearer <token>`, if the request has one; another scheme
/// (`Basic …`, as a proxy's login adds) is refused, since an action needs the game's token.
pub struct Token(pub Option<String>);

/// The token of a request that only reads: it only fills `you`, so an `Authorization`
/// header of another scheme (a proxy's `Basic …` login) is not this API's and is ignored
/// rather than refusing a read anyone may make.
pub struct ReadToken(pub Option<String>);

impl<S: Send + Sync> FromRequestParts<S> for ReadToken {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        Ok(ReadToken(
            Token::from_request_parts(parts, state)
                .await
                .ok()
                .and_then(|t| t.0),
        ))
    }
}

impl<S: Send + Sync> FromRequestParts<S> for Token {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, ApiError> {
        let Some(value) = parts.headers.get(axum::http::header::AUTHORIZATION) else {
            return Ok(Token(None));
        };
        let text = value
            .to_str()
            .map_err(|_| ApiError::Forbidden("unreadable Authorization header".into()))?;
        bearer(text)
            .map(|t| Token(Some(t.to_string())))
            .ok_or_else(|| {
                ApiError::Forbidden("the Authorization header must be 'Bearer <token>'".into())
            })
    }
}

/// The token of an `Authorization` value `Bearer <token>`: the scheme's name is
/// case-insensitive (RFC 9110 §11.1), so `bearer` and `BEARER` are the same scheme.
fn bearer(value: &str) -> Option<&str> {
    let (scheme, token) = value.trim().split_once(|c: char| c.is_ascii_whitespace())?;
    let token = token.trim();
    (scheme.eq_ignore_ascii_case("bearer") && !token.is_empty()).then_some(token)
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_bearer_scheme_is_read_in_any_case() {
        assert_eq!(super::bearer("Bearer abc"), Some("abc"));
        assert_eq!(super::bearer("bearer  abc "), Some("abc"));
        assert_eq!(super::bearer("BEARER abc"), Some("abc"));
        assert_eq!(super::bearer("Basic abc"), None);
        assert_eq!(super::bearer("Bearer "), None);
        assert_eq!(super::bearer("Bearerabc"), None);
    }
}
