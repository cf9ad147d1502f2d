#![no_main]

#[path = "../checks.rs"]
mod checks;

use std::sync::OnceLock;

fn server() -> &'static (axum::Router, tokio::runtime::Runtime) {
    static SERVER: OnceLock<(axum::Router, tokio::runtime::Runtime)> = OnceLock::new();
    SERVER.get_or_init(|| {
        let runtime = tokio::runtime::Runtime::new().expect("a runtime");
        let router = {
            let _inside = runtime.enter();
            damier_web::app_router(damier_web::ServeOptions {
                max_games: 64,
                hash_mb: 1,
                ..Default::default()
            }).expect("a router")
        };
        (router, runtime)
    })
}

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let (router, runtime) = server();
    checks::api_body(router, runtime, data);
});
