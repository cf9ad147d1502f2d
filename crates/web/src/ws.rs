//! `GET /api/games/{id}/ws`: a WebSocket that pushes the game to a watcher — its state after
//! every change (`{"type":"state","state":{…}}`) and each iteration of the engine's searches
//! (`{"type":"analysis",…}`). Actions go through the HTTP API; the socket only listens.

use crate::app::App;
use crate::error::ApiError;
use crate::extract::{ClientAddr, ReadToken};
use crate::store::GameEntry;
use crate::view::game_view;
use axum::extract::rejection::QueryRejection;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderMap};
use axum::response::Response;
use serde::Deserialize;
use std::sync::Arc;
use tokio::sync::broadcast::error::RecvError;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct WsQuery {
    /// Refused: a token in the address ends up in proxies' logs.
    token: Option<String>,
}

/// The protocol the page asks for; the seat's token comes beside it as
/// `damier.token.<token>`, since a browser's WebSocket cannot send an `Authorization` header.
const PROTOCOL: &str = "damier";
const TOKEN_PROTOCOL: &str = "damier.token.";

/// The watcher's token, from `Authorization: Bearer` or the offered protocols.
fn watcher_token(headers: &HeaderMap, header_token: Option<String>) -> Option<String> {
    header_token.or_else(|| {
        headers
            .get_all(header::SEC_WEBSOCKET_PROTOCOL)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','))
            .find_map(|p| p.trim().strip_prefix(TOKEN_PROTOCOL).map(str::to_string))
    })
}

/// Upgrade to a WebSocket watching the game.
pub(crate) async fn upgrade(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    ReadToken(header_token): ReadToken,
    ClientAddr(client): ClientAddr,
    query: Result<Query<WsQuery>, QueryRejection>,
    ws: Result<WebSocketUpgrade, axum::extract::ws::rejection::WebSocketUpgradeRejection>,
) -> Result<Response, ApiError> {
    let Query(q) = query?;
    if q.token.is_some() {
        return Err(ApiError::BadRequest(format!(
            "a token in the address is refused (proxies log addresses): send it as \
             'Authorization: Bearer <token>' or as the WebSocket protocol \
             '{TOKEN_PROTOCOL}<token>' beside '{PROTOCOL}'"
        )));
    }
    let token = watcher_token(&headers, header_token);
    let entry = app.game(&id)?;
    let ws = ws.map_err(|e| ApiError::BadRequest(format!("not a WebSocket request: {e}")))?;
    // Held while the socket watches (`None` for a request without a known address: a test
    // or a fuzzer calling the router directly).
    let held = match client {
        Some(ip) => Some(app.sockets.admit(ip).ok_or_else(|| {
            ApiError::TooMany(format!(
                "this client has {} WebSockets open, as many as one client may: close one \
                 (damier serve --connections-per-client)",
                app.options.connections_per_client
            ))
        })?),
        None => None,
    };
    // The browser fails a handshake that does not choose one of the protocols it offered.
    Ok(ws
        .protocols([PROTOCOL])
        .on_upgrade(move |socket| async move {
            watch(socket, entry, token).await;
            drop(held);
        }))
}

fn state_message(entry: &GameEntry, token: Option<&str>) -> String {
    let s = entry.lock();
    serde_json::json!({"type": "state", "state": game_view(&s, s.actor(token).ok())}).to_string()
}

/// Tell a watcher that the game was deleted, and close: the page stops watching it.
async fn say_deleted(mut socket: WebSocket, entry: &GameEntry) {
    let text = serde_json::json!({"type": "deleted", "id": entry.id}).to_string();
    if socket.send(Message::Text(text.into())).await.is_ok() {
        let _ = socket.send(Message::Close(None)).await;
    }
}

async fn watch(mut socket: WebSocket, entry: Arc<GameEntry>, token: Option<String>) {
    let mut changes = entry.changes.subscribe();
    let mut events = entry.events.subscribe();
    changes.mark_unchanged();
    // Deleted between the upgrade and now: `mark_deleted`'s wake-up came before `subscribe`.
    if entry.is_deleted() {
        return say_deleted(socket, &entry).await;
    }
    let first = state_message(&entry, token.as_deref());
    if socket.send(Message::Text(first.into())).await.is_err() {
        return;
    }
    loop {
        tokio::select! {
            changed = changes.changed() => {
                if changed.is_err() {
                    break;
                }
                if entry.is_deleted() {
                    return say_deleted(socket, &entry).await;
                }
                let text = state_message(&entry, token.as_deref());
                if socket.send(Message::Text(text.into())).await.is_err() {
                    break;
                }
            }
            event = events.recv() => {
                match event {
                    Ok(text) => {
                        if socket.send(Message::Text(text.as_ref().into())).await.is_err() {
                            break;
                        }
                    }
                    // A slow watcher misses some iterations; the next ones still come.
                    Err(RecvError::Lagged(_)) => {}
                    Err(RecvError::Closed) => break,
                }
            }
            incoming = socket.recv() => {
                match incoming {
                    Some(Ok(Message::Close(_))) | None | Some(Err(_)) => break,
                    Some(Ok(Message::Text(t))) if t.as_str() == "ping" => {
                        if socket.send(Message::Text("pong".into())).await.is_err() {
                            break;
                        }
                    }
                    Some(Ok(_)) => {}
                }
            }
        }
    }
}
