//! Binding and running the server.

use crate::app::{App, ServeOptions};
use crate::per_client::PerClient;
use crate::routes::router;
use axum::extract::{ConnectInfo, DefaultBodyLimit, Request};
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tower::ServiceExt as _;

/// Largest request body accepted (a PDN file of a few hundred games fits).
pub const BODY_LIMIT: usize = 1 << 20;

/// Why the server could not run.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The address could not be bound (in use, not local, no permission).
    #[error("cannot listen on {addr}")]
    Bind {
        /// The address asked for.
        addr: String,
        /// Why.
        source: std::io::Error,
    },
    /// The games database could not be opened.
    #[error(transparent)]
    Storage(#[from] crate::storage::StorageError),
    /// The engines' transposition table could not be made (`hash_mb` too large).
    #[error(transparent)]
    Table(#[from] damier_engine::TableError),
    /// The server stopped with an I/O error.
    #[error("server error")]
    Io(#[from] std::io::Error),
}

/// The whole page and API as an axum router, for serving it elsewhere (another listener,
/// a test or fuzzer sending requests straight to it).
///
/// # Errors
/// [`ServeError::Storage`] when the data folder's database cannot be opened.
pub fn app_router(options: ServeOptions) -> Result<axum::Router, ServeError> {
    Ok(router(App::new(options)?).layer(DefaultBodyLimit::max(BODY_LIMIT)))
}

/// A bound server, not yet serving: its address is known, so a caller can print it (or a
/// test can connect) before [`Server::run`].
pub struct Server {
    listener: tokio::net::TcpListener,
    app: Arc<App>,
}

impl Server {
    /// Bind `addr` (`127.0.0.1:0` picks a free port).
    ///
    /// # Errors
    /// [`ServeError::Bind`].
    pub async fn bind(addr: &str, options: ServeOptions) -> Result<Server, ServeError> {
        let listener = tokio::net::TcpListener::bind(addr)
            .await
            .map_err(|source| ServeError::Bind {
                addr: addr.to_string(),
                source,
            })?;
        Ok(Server {
            listener,
            app: App::new(options)?,
        })
    }

    /// The address bound.
    ///
    /// # Errors
    /// If the socket cannot say.
    pub fn local_addr(&self) -> std::io::Result<SocketAddr> {
        self.listener.local_addr()
    }

    /// Serve until the process ends.
    ///
    /// Each connection is HTTP/1.1 (WebSockets upgrade from it): one that has not sent a
    /// whole request head within the options' `header_timeout` — half-open, or idle between
    /// requests — is closed, and a client holds at most `connections_per_client` at once, so
    /// that idle sockets cannot use up the process's file descriptors.
    ///
    /// # Errors
    /// None today: a failed accept (no file descriptor left) waits a moment and goes on.
    pub async fn run(self) -> Result<(), ServeError> {
        let header_timeout = self.app.options.header_timeout;
        let connections = Arc::new(PerClient::new(self.app.options.connections_per_client));
        let service = router(self.app).layer(DefaultBodyLimit::max(BODY_LIMIT));
        loop {
            let (stream, peer) = match self.listener.accept().await {
                Ok(accepted) => accepted,
                Err(_) => {
                    // Out of file descriptors, or a connection reset before it was accepted:
                    // the next accept may succeed once others close.
                    tokio::time::sleep(Duration::from_millis(20)).await;
                    continue;
                }
            };
            let Some(held) = connections.admit(peer.ip()) else {
                drop(stream);
                continue;
            };
            let service = service.clone();
            tokio::spawn(async move {
                // Analyses are capped per client: each request carries its connection's address.
                let per_request = hyper::service::service_fn(move |mut req: Request<Incoming>| {
                    req.extensions_mut().insert(ConnectInfo(peer));
                    service.clone().oneshot(req)
                });
                let _ = hyper::server::conn::http1::Builder::new()
                    .timer(TokioTimer::new())
                    .header_read_timeout(header_timeout)
                    .serve_connection(TokioIo::new(stream), per_request)
                    .with_upgrades()
                    .await;
                drop(held);
            });
        }
    }
}

/// Bind `host:port`, call `ready` with the address bound, and serve until the process ends,
/// on a runtime of its own: the entry point of `damier serve`.
///
/// # Errors
/// [`ServeError`] when the address cannot be bound or serving fails.
pub fn serve_blocking(
    host: &str,
    port: u16,
    options: ServeOptions,
    ready: impl FnOnce(SocketAddr),
) -> Result<(), ServeError> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async {
        // An IPv6 literal needs brackets in an address.
        let addr = if host.contains(':') && !host.starts_with('[') {
            format!("[{host}]:{port}")
        } else {
            format!("{host}:{port}")
        };
        let server = Server::bind(&addr, options).await?;
        ready(server.local_addr()?);
        server.run().await
    })
}
