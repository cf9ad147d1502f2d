#![no_main]

#[path = "../checks.rs"]
mod checks;

use std::sync::OnceLock;

fn server() -> &'static (axum::Router, tokio::runtime::Runtime) {
    static SERVER: OnceLock<(axum::Router, tokio::runtime::Runtime)> = OnceLock::new();
    SERVER.get_or_init(checks::api_server)
}

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let (router, runtime) = server();
    checks::api_body(router, runtime, data);
});
