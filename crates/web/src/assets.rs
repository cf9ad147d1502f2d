//! The page's files, compiled into the binary: the server needs no files and no network.

use crate::error::ApiError;
use axum::extract::Path;
use axum::http::header;
use axum::response::{IntoResponse, Response};

/// Name, content type and content of each asset.
const FILES: &[(&str, &str, &str)] = &[
    (
        "style.css",
        "text/css; charset=utf-8",
        include_str!("../assets/style.css"),
    ),
    (
        "app.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/app.js"),
    ),
    (
        "api.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/api.js"),
    ),
    (
        "board.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/board.js"),
    ),
    (
        "fen.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/fen.js"),
    ),
    (
        "graph.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/graph.js"),
    ),
    (
        "dialogs.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/dialogs.js"),
    ),
    (
        "editor.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/editor.js"),
    ),
    (
        "rules.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/rules.js"),
    ),
    (
        "pick.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/pick.js"),
    ),
    (
        "puzzles.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/puzzles.js"),
    ),
    (
        "mygames.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/mygames.js"),
    ),
    (
        "tree.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/tree.js"),
    ),
    (
        "prefs.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/prefs.js"),
    ),
    (
        "endings.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/endings.js"),
    ),
    (
        "favicon.svg",
        "image/svg+xml",
        include_str!("../assets/favicon.svg"),
    ),
];

const INDEX: &str = include_str!("../assets/index.html");

fn respond(content_type: &'static str, body: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, content_type),
            // The page is small and changes with the binary: always revalidate.
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
        .into_response()
}

/// `GET /`: the page.
pub async fn index() -> Response {
    respond("text/html; charset=utf-8", INDEX)
}

/// `GET /assets/{file}`.
pub async fn file(Path(name): Path<String>) -> Result<Response, ApiError> {
    FILES
        .iter()
        .find(|(n, _, _)| *n == name)
        .map(|(_, ct, body)| respond(ct, body))
        .ok_or_else(|| ApiError::NotFound(format!("/assets/{name}")))
}
