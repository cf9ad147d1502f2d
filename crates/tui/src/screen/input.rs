//! The input line of the full screen: typing, moving the cursor, history.

/// A one-line editor with a history of the lines entered.
#[derive(Debug, Default)]
pub struct LineEditor {
    text: Vec<char>,
    cursor: usize,
    history: Vec<String>,
    /// Position while walking the history (`history.len()`: the line being typed).
    walk: usize,
}

impl LineEditor {
    /// The text typed.
    pub fn text(&self) -> String {
        self.text.iter().collect()
    }

    /// Cursor position, in characters.
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// Type a character at the cursor.
    pub fn insert(&mut self, c: char) {
        self.text.insert(self.cursor, c);
        self.cursor += 1;
    }

    /// Delete the character before the cursor.
    pub fn backspace(&mut self) {
        if self.cursor > 0 {
            self.cursor -= 1;
            self.text.remove(self.cursor);
        }
    }

    /// Delete the character under the cursor.
    pub fn delete(&mut self) {
        if self.cursor < self.text.len() {
            self.text.remove(self.cursor);
        }
    }

    /// Move the cursor one character left.
    pub fn left(&mut self) {
        self.cursor = self.cursor.saturating_sub(1);
    }

    /// Move the cursor one character right.
    pub fn right(&mut self) {
        self.cursor = (self.cursor + 1).min(self.text.len());
    }

    /// Move the cursor to the start.
    pub fn home(&mut self) {
        self.cursor = 0;
    }

    /// Move the cursor to the end.
    pub fn end(&mut self) {
        self.cursor = self.text.len();
    }

    /// Replace the text, cursor at the end.
    pub fn set(&mut self, text: &str) {
        self.text = text.chars().collect();
        self.cursor = self.text.len();
    }

    /// Clear the line.
    pub fn clear(&mut self) {
        self.set("");
    }

    /// Take the line entered, remembering it in the history.
    pub fn take(&mut self) -> String {
        let line = self.text();
        if !line.trim().is_empty() && self.history.last() != Some(&line) {
            self.history.push(line.clone());
        }
        self.walk = self.history.len();
        self.clear();
        line
    }

    /// Show the previous line of the history.
    pub fn up(&mut self) {
        if self.walk > 0 {
            self.walk -= 1;
            let line = self.history[self.walk].clone();
            self.set(&line);
        }
    }

    /// Show the next line of the history, or an empty line after the last.
    pub fn down(&mut self) {
        if self.walk < self.history.len() {
            self.walk += 1;
            let line = self.history.get(self.walk).cloned().unwrap_or_default();
            self.set(&line);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edits_and_remembers() {
        let mut e = LineEditor::default();
        for c in "32-8".chars() {
            e.insert(c);
        }
        e.left();
        e.insert('2');
        assert_eq!(e.text(), "32-28");
        e.home();
        e.delete();
        e.end();
        e.backspace();
        assert_eq!(e.text(), "2-2");
        assert_eq!(e.take(), "2-2");
        assert_eq!(e.text(), "");
        e.insert('x');
        e.up();
        assert_eq!(e.text(), "2-2");
        e.down();
        assert_eq!(e.text(), "");
    }
}
