//! What every request passes before its handler, and what every answer carries: the host it
//! names must be one this server serves (no DNS rebinding), a browser request must come from
//! this server's own page (no cross-site actions), and each answer tells the browser to run
//! only this server's scripts and never to show the page in another site's frame.

use crate::error::ApiError;
use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, HeaderValue};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::net::IpAddr;
use std::sync::Arc;

/// The page has no inline script or style and loads nothing from elsewhere, so the strictest
/// policy costs nothing. `frame-ancestors 'none'` (with `X-Frame-Options` for older browsers)
/// stops another site framing the page under a decoy (a click on Resign).
const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; \
     style-src 'self'; img-src 'self'; connect-src 'self'; object-src 'none'; \
     base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/// The host names a server answers to, beyond IP addresses and `localhost`.
#[derive(Clone, Debug, Default)]
pub struct Hosts {
    names: Vec<String>,
}

impl Hosts {
    /// Serve `names` (domain names, without ports) as well.
    pub fn new(names: &[String]) -> Hosts {
        Hosts {
            names: names.iter().map(|n| normal_name(n)).collect(),
        }
    }

    /// Whether a request whose `Host` is `host` (`name[:port]`) is for this server. An IP
    /// address or `localhost` cannot be another site's name; a domain name can (a page whose
    /// name was pointed at this machine), so only the names the server was given pass.
    fn serves(&self, host: &str) -> bool {
        let name = host_name(host);
        name.parse::<IpAddr>().is_ok()
            || name == "localhost"
            || name.ends_with(".localhost")
            || self.names.contains(&name)
    }

    /// Whether a request with `origin` comes from this server's page: the origin names the
    /// host the request was sent to, or one of the server's names (a proxy in front may pass
    /// another `Host` on).
    fn same_origin(&self, origin: &str, host: &str) -> bool {
        let Some((scheme, authority)) = origin.split_once("://") else {
            return false;
        };
        let default_port = match scheme.to_ascii_lowercase().as_str() {
            "http" => ":80",
            "https" => ":443",
            _ => return false,
        };
        let strip = |a: &str| {
            let a = a.to_ascii_lowercase();
            a.strip_suffix(default_port)
                .map(str::to_string)
                .unwrap_or(a)
        };
        strip(authority) == strip(host) || self.names.contains(&host_name(authority))
    }
}

/// A domain name as compared: lower case, without a final dot.
fn normal_name(name: &str) -> String {
    name.trim().trim_end_matches('.').to_ascii_lowercase()
}

/// The name part of `name[:port]` or `[v6]:port`, as [`normal_name`] writes it.
fn host_name(host: &str) -> String {
    let host = host.trim();
    if let Some(rest) = host.strip_prefix('[') {
        return rest.split(']').next().unwrap_or_default().to_string();
    }
    let name = match host.rsplit_once(':') {
        Some((name, port)) if port.bytes().all(|b| b.is_ascii_digit()) => name,
        _ => host,
    };
    normal_name(name)
}

fn header_text(headers: &HeaderMap, name: header::HeaderName) -> Option<&str> {
    headers.get(name).and_then(|v| v.to_str().ok())
}

/// Refuse a request for another host or from another site's page.
pub(crate) fn check(hosts: &Hosts, headers: &HeaderMap) -> Result<(), ApiError> {
    let Some(host) = header_text(headers, header::HOST) else {
        return Err(ApiError::WrongHost("the request has no Host header".into()));
    };
    if !hosts.serves(host) {
        return Err(ApiError::WrongHost(format!(
            "this server does not serve the host '{}' (start it with --host-name {} to serve \
             that name)",
            host_name(host),
            host_name(host)
        )));
    }
    if let Some(origin) = headers.get(header::ORIGIN) {
        let origin = origin.to_str().unwrap_or("");
        if !hosts.same_origin(origin, host) {
            return Err(ApiError::CrossOrigin(format!(
                "a request from the page of '{origin}' is refused: only this server's own page \
                 may act on it"
            )));
        }
    }
    Ok(())
}

/// The middleware: [`check`] the request, and add the security headers to whatever answers.
pub(crate) async fn guard(State(hosts): State<Arc<Hosts>>, req: Request, next: Next) -> Response {
    let mut response = match check(&hosts, req.headers()) {
        Ok(()) => next.run(req).await,
        Err(e) => e.into_response(),
    };
    let headers = response.headers_mut();
    for (name, value) in [
        (header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::X_FRAME_OPTIONS, "DENY"),
        (header::REFERRER_POLICY, "no-referrer"),
    ] {
        headers.insert(name, HeaderValue::from_static(value));
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_and_localhost_are_served_and_other_names_only_when_given() {
        let none = Hosts::default();
        for host in [
            "127.0.0.1:8642",
            "[::1]:8642",
            "localhost:80",
            "192.168.1.9",
            "a.localhost",
        ] {
            assert!(none.serves(host), "{host}");
        }
        for host in ["evil.example:8642", "example.org", "127.0.0.1.nip.io:8642"] {
            assert!(!none.serves(host), "{host}");
        }
        let named = Hosts::new(&["Draughts.Example.org.".to_string()]);
        assert!(named.serves("draughts.example.org"));
        assert!(named.serves("DRAUGHTS.example.org:443"));
        assert!(!named.serves("example.org"));
    }

    #[test]
    fn an_origin_must_name_the_host_or_one_of_the_server_s_names() {
        let hosts = Hosts::new(&["draughts.example.org".to_string()]);
        assert!(hosts.same_origin("http://127.0.0.1:8642", "127.0.0.1:8642"));
        assert!(hosts.same_origin("http://localhost", "localhost:80"));
        assert!(hosts.same_origin("https://draughts.example.org", "127.0.0.1:8642"));
        assert!(!hosts.same_origin("http://127.0.0.1:9999", "127.0.0.1:8642"));
        assert!(!hosts.same_origin("https://evil.example", "127.0.0.1:8642"));
        assert!(!hosts.same_origin("null", "127.0.0.1:8642"));
        assert!(!hosts.same_origin("file://", "127.0.0.1:8642"));
    }
}
