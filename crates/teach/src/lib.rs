//! Teaching draughts: the rules of every variant in plain English, written from the rules
//! data ([`damier_core::Rules`] and the game layer's draw rules) so that the text cannot drift
//! from what the program plays, with example positions in which the rules core itself decides
//! which move the rule demands.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod compare;
pub mod examples;
pub mod guide;
pub mod markdown;
pub mod page;
pub mod text;
pub mod words;

pub use compare::{compare, Comparison};
pub use examples::{examples, Example};
pub use guide::{guide, summary, Guide, Section};
pub use markdown::rules_markdown;
pub use page::{rules_page, Ask, AskError};
pub use text::{rules_text, variants_list};
