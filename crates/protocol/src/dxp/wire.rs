//! The socket layer: each message travels as its characters followed by a NUL byte.

use super::message::{Message, MessageError};
use std::io::{self, BufRead, BufReader, Write};
use std::net::TcpStream;

/// The longest message the protocol allows.
const MAX: usize = 127;

/// Messages over a byte stream.
pub struct Wire<R, W> {
    reader: R,
    writer: W,
}

/// What came from the other side.
pub type Received = Result<Message, MessageError>;

impl Wire<BufReader<TcpStream>, TcpStream> {
    /// Messages over a TCP connection.
    ///
    /// # Errors
    /// When the socket cannot be shared between the reading and the writing half.
    pub fn tcp(stream: &TcpStream) -> io::Result<Self> {
        Ok(Wire::new(
            BufReader::new(stream.try_clone()?),
            stream.try_clone()?,
        ))
    }
}

impl<R: BufRead, W: Write> Wire<R, W> {
    /// Messages read from `reader` and written to `writer` (the two halves of a socket).
    pub fn new(reader: R, writer: W) -> Self {
        Wire { reader, writer }
    }

    /// Send one message.
    ///
    /// # Errors
    /// When the stream fails.
    pub fn send(&mut self, message: &Message) -> io::Result<()> {
        let mut bytes = message.to_string().into_bytes();
        bytes.push(0);
        self.writer.write_all(&bytes)?;
        self.writer.flush()
    }

    /// The next message, or `None` when the other side closed the connection. A message
    /// that cannot be read is an `Err` inside, and the stream stays usable: the next read
    /// starts after its NUL.
    ///
    /// # Errors
    /// When the stream fails.
    pub fn receive(&mut self) -> io::Result<Option<Received>> {
        let mut bytes = Vec::new();
        // Read at most one byte past the longest message: a peer that never sends a NUL
        // must not make us hold an endless line.
        let n = <&mut R as io::Read>::take(&mut self.reader, MAX as u64 + 1)
            .read_until(0, &mut bytes)?;
        if n == 0 {
            return Ok(None);
        }
        if bytes.last() != Some(&0) {
            if bytes.len() <= MAX {
                // Closed in the middle of a message.
                return Ok(None);
            }
            self.skip_to_nul()?;
            return Ok(Some(Err(MessageError::TooLong)));
        }
        bytes.pop();
        let text: String = bytes.iter().map(|&b| char::from(b)).collect();
        Ok(Some(text.parse()))
    }

    fn skip_to_nul(&mut self) -> io::Result<()> {
        let mut rest = Vec::new();
        loop {
            rest.clear();
            let n = <&mut R as io::Read>::take(&mut self.reader, 4096).read_until(0, &mut rest)?;
            if n == 0 || rest.last() == Some(&0) {
                return Ok(());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_are_cut_at_each_nul_and_a_runaway_is_refused() {
        let mut input = b"E00\0CHello\0".to_vec();
        input.extend(std::iter::repeat_n(b'C', 300));
        input.extend(b"\0K0\0M00");
        let mut out = Vec::new();
        let mut wire = Wire::new(&input[..], &mut out);
        assert_eq!(
            wire.receive().unwrap(),
            Some(Ok(Message::GameEnd {
                reason: super::super::message::EndReason::Unknown,
                stop: false
            }))
        );
        assert_eq!(
            wire.receive().unwrap(),
            Some(Ok(Message::Chat("Hello".into())))
        );
        assert_eq!(wire.receive().unwrap(), Some(Err(MessageError::TooLong)));
        assert!(matches!(
            wire.receive().unwrap(),
            Some(Ok(Message::BackAcc(_)))
        ));
        // The connection closed in the middle of a message.
        assert_eq!(wire.receive().unwrap(), None);
        wire.send(&Message::Chat("x".into())).unwrap();
        assert_eq!(out, b"Cx\0");
    }
}
