//! # DamExchange (DXP): 10x10 engines playing each other over TCP
//!
//! As the DamExchange description (mesander.nl/damexchange) has it: an *initiator* connects and asks
//! for a game (GAMEREQ: its colour, the thinking time, the start position), the *follower*
//! accepts (GAMEACC), and the two exchange moves (MOVE) until one ends the game (GAMEEND,
//! answered with a GAMEEND). CHAT carries text at any time; BACKREQ/BACKACC take moves back.
//!
//! - [`message`]: the messages, read and written field by field.
//! - [`wire`]: the socket layer (each message ends with a NUL).
//! - [`board`]: positions and moves as DamExchange writes them.
//! - [`play`]: Damier as follower ([`play::follow`]) or initiator ([`play::initiate`]).
//! - [`serve`]: the follower's server, a thread a connection, and the games' PDN file.

pub mod board;
pub mod message;
pub mod play;
pub mod serve;
pub mod wire;

pub use message::{Acceptance, BackAnswer, EndReason, Message, MessageError};
pub use wire::Wire;
