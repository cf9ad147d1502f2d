//! Compiles the books in `books/` into the program: one `<variant>.book` per variant that has
//! one (made by `damier book build`; docs/strength.md gives the commands).

fn main() {
    damier_embed::embed_folder(
        "books",
        "book",
        damier_embed::Contents::Bytes,
        "builtin_books.rs",
        "opening books",
    );
}
