//! Compiles the weights files in `weights/` into the engine: one `<variant>.weights` per
//! variant that has learned weights (made by `damier train`; docs/learning.md says how).

fn main() {
    damier_embed::embed_folder(
        "weights",
        "weights",
        damier_embed::Contents::Bytes,
        "builtin_weights.rs",
        "builtin weights",
    );
}
