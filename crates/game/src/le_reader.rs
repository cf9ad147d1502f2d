//! Reading a binary file's fields one after another (weights, opening books): little-endian
//! numbers and UTF-8 text, each read naming the part it belongs to, so that a file cut short
//! says where.

/// The file ended inside `part`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CutShort {
    /// The part being read.
    pub part: &'static str,
}

/// Reads fields from the front of a byte slice.
pub struct LeReader<'a> {
    bytes: &'a [u8],
}

impl<'a> LeReader<'a> {
    /// A reader of `bytes`.
    pub fn new(bytes: &'a [u8]) -> LeReader<'a> {
        LeReader { bytes }
    }

    /// The next `n` bytes.
    ///
    /// # Errors
    /// [`CutShort`] when fewer are left.
    pub fn take(&mut self, n: usize, part: &'static str) -> Result<&'a [u8], CutShort> {
        if self.bytes.len() < n {
            return Err(CutShort { part });
        }
        let (head, rest) = self.bytes.split_at(n);
        self.bytes = rest;
        Ok(head)
    }

    /// Bytes not read yet.
    pub fn remaining(&self) -> usize {
        self.bytes.len()
    }

    fn array<const N: usize>(&mut self, part: &'static str) -> Result<[u8; N], CutShort> {
        Ok(self.take(N, part)?.try_into().expect("take gives N bytes"))
    }

    /// A byte.
    ///
    /// # Errors
    /// [`CutShort`].
    pub fn u8(&mut self, part: &'static str) -> Result<u8, CutShort> {
        Ok(self.array::<1>(part)?[0])
    }

    /// A little-endian `u16`.
    ///
    /// # Errors
    /// [`CutShort`].
    pub fn u16(&mut self, part: &'static str) -> Result<u16, CutShort> {
        self.array(part).map(u16::from_le_bytes)
    }

    /// A little-endian `u32`.
    ///
    /// # Errors
    /// [`CutShort`].
    pub fn u32(&mut self, part: &'static str) -> Result<u32, CutShort> {
        self.array(part).map(u32::from_le_bytes)
    }

    /// A little-endian `u64`.
    ///
    /// # Errors
    /// [`CutShort`].
    pub fn u64(&mut self, part: &'static str) -> Result<u64, CutShort> {
        self.array(part).map(u64::from_le_bytes)
    }

    /// A little-endian `f32`.
    ///
    /// # Errors
    /// [`CutShort`].
    pub fn f32(&mut self, part: &'static str) -> Result<f32, CutShort> {
        self.array(part).map(f32::from_le_bytes)
    }

    /// `len` bytes of text (bytes that are not UTF-8 are replaced, not refused: the text
    /// is shown, never parsed further unchecked).
    ///
    /// # Errors
    /// [`CutShort`].
    pub fn text(&mut self, len: usize, part: &'static str) -> Result<String, CutShort> {
        Ok(String::from_utf8_lossy(self.take(len, part)?).into_owned())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_are_read_in_order_and_a_short_one_is_named() {
        let bytes = [7, 0x34, 0x12, 1, 0, 0, 0, b'h', b'i', 0xff];
        let mut r = LeReader::new(&bytes);
        assert_eq!(r.u8("a"), Ok(7));
        assert_eq!(r.u16("b"), Ok(0x1234));
        assert_eq!(r.u32("c"), Ok(1));
        assert_eq!(r.text(2, "d").as_deref(), Ok("hi"));
        assert_eq!(r.u16("e"), Err(CutShort { part: "e" }));
        // A failed read takes nothing.
        assert_eq!(r.u8("f"), Ok(0xff));
    }
}
