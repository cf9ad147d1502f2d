//! PDN text to tokens, each with its line and column (1-based, in characters).
//!
//! The lexer never fails: malformed input becomes a [`Tok::Bad`] token carrying the message,
//! and scanning goes on, so that the reader can report the first defect of a game and still
//! read the games after it.

use super::PdnResult;

/// One token of PDN text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Tok {
    /// `[Name "value"]`.
    Tag { name: String, value: String },
    /// A move number (`12.` or `12...`); numbers are not checked against the moves.
    Number,
    /// A move as written (`32-28`, `c3:e5`, `28x19x10`).
    Move(String),
    /// `$n`.
    Nag(u16),
    /// A move mark as written: a run of `!` and `?` (`!`, `??`, `!?`, …), bare or in
    /// brackets (`(?)`), as PDN 3.0's `MOVESTRENGTH` allows.
    Mark(String),
    /// A `{…}` or `;…` comment, whitespace collapsed.
    Comment(String),
    /// `(`: a variation starts.
    Open,
    /// `)`: a variation ends.
    Close,
    /// A game termination marker.
    Result(PdnResult),
    /// Malformed input, with what was wrong.
    Bad(String),
}

/// A token and where it starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Token {
    pub tok: Tok,
    pub line: usize,
    pub column: usize,
}

/// Collapse runs of whitespace to one space and trim, so that a comment reads the same
/// however it was wrapped.
pub(crate) fn normalize_space(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

struct Lexer {
    chars: Vec<char>,
    at: usize,
    line: usize,
    column: usize,
}

/// Split `text` into tokens.
pub(crate) fn tokens(text: &str) -> Vec<Token> {
    let mut lx = Lexer {
        chars: text.chars().collect(),
        at: 0,
        line: 1,
        column: 1,
    };
    let mut out = Vec::new();
    while let Some(t) = lx.next_token() {
        out.push(t);
    }
    out
}

/// Characters that end a word (a move, a number, a result).
fn is_delimiter(c: char) -> bool {
    c.is_whitespace() || matches!(c, '{' | '}' | '(' | ')' | '[' | ']' | ';' | '$' | '"')
}

impl Lexer {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.at += 1;
        if c == '\n' {
            self.line += 1;
            self.column = 1;
        } else {
            self.column += 1;
        }
        Some(c)
    }

    fn skip_line(&mut self) {
        while let Some(c) = self.bump() {
            if c == '\n' {
                break;
            }
        }
    }

    fn next_token(&mut self) -> Option<Token> {
        loop {
            let c = self.peek()?;
            if c.is_whitespace() || c == '\u{feff}' {
                self.bump();
            } else if c == '%' && self.column == 1 {
                // A PGN escape line: ignored by definition.
                self.skip_line();
            } else {
                break;
            }
        }
        let (line, column) = (self.line, self.column);
        let c = self.bump()?;
        let tok = match c {
            '[' => self.tag(),
            '{' => self.brace_comment(line),
            ';' => {
                let mut text = String::new();
                while let Some(c) = self.peek() {
                    if c == '\n' {
                        break;
                    }
                    text.push(c);
                    self.bump();
                }
                Tok::Comment(normalize_space(&text))
            }
            '(' => self.bracketed_mark().unwrap_or(Tok::Open),
            ')' => Tok::Close,
            '$' => {
                let digits = self.take_while(|c| c.is_ascii_digit());
                match digits.parse::<u16>() {
                    Ok(n) => Tok::Nag(n),
                    Err(_) => Tok::Bad(format!("'${digits}' is not a NAG ($ and a number)")),
                }
            }
            '}' | ']' | '"' => Tok::Bad(format!("unexpected '{c}'")),
            _ => {
                let mut word = c.to_string();
                word.push_str(&self.take_while(|c| !is_delimiter(c)));
                return Some(self.word(word, line, column));
            }
        };
        Some(Token { tok, line, column })
    }

    /// `(?)`, `(!!)`: a mark in brackets, which cannot open a variation (a variation holds
    /// moves). `None`, consuming nothing, for anything else after `(`.
    fn bracketed_mark(&mut self) -> Option<Tok> {
        let run = self.chars[self.at..]
            .iter()
            .take_while(|&&c| c == '!' || c == '?')
            .count();
        if run == 0 || self.chars.get(self.at + run) != Some(&')') {
            return None;
        }
        let marks: String = (0..=run).filter_map(|_| self.bump()).collect();
        Some(Tok::Mark(format!("({marks}")))
    }

    fn take_while(&mut self, keep: impl Fn(char) -> bool) -> String {
        let mut s = String::new();
        while let Some(c) = self.peek() {
            if !keep(c) {
                break;
            }
            s.push(c);
            self.bump();
        }
        s
    }

    fn skip_spaces(&mut self) {
        while self.peek().is_some_and(|c| c == ' ' || c == '\t') {
            self.bump();
        }
    }

    fn tag(&mut self) -> Tok {
        self.skip_spaces();
        let name = self.take_while(|c| c.is_ascii_alphanumeric() || c == '_');
        if name.is_empty() {
            self.skip_line();
            return Tok::Bad("a tag needs a name: [Name \"value\"]".into());
        }
        self.skip_spaces();
        if self.peek() != Some('"') {
            self.skip_line();
            return Tok::Bad(format!("tag {name}: expected a quoted value"));
        }
        self.bump();
        let mut value = String::new();
        loop {
            match self.bump() {
                Some('\\') => match self.bump() {
                    Some(c) => value.push(c),
                    None => break,
                },
                Some('"') => {
                    self.skip_spaces();
                    if self.peek() == Some(']') {
                        self.bump();
                        return Tok::Tag { name, value };
                    }
                    self.skip_line();
                    return Tok::Bad(format!("tag {name}: expected ']' after the value"));
                }
                Some('\n') | None => break,
                Some(c) => value.push(c),
            }
        }
        Tok::Bad(format!("tag {name}: the value is not closed by '\"'"))
    }

    /// A `{…}` comment. Unterminated, it would swallow the rest of the file: report it and
    /// resume at the next line that starts a tag, so later games are still read.
    fn brace_comment(&mut self, line: usize) -> Tok {
        let start = (self.at, self.line, self.column);
        let mut text = String::new();
        while let Some(c) = self.bump() {
            if c == '}' {
                return Tok::Comment(normalize_space(&text));
            }
            text.push(c);
        }
        (self.at, self.line, self.column) = start;
        while self.peek().is_some() {
            if self.column == 1 && self.line > line && self.peek() == Some('[') {
                break;
            }
            self.bump();
        }
        Tok::Bad("comment opened with '{' is never closed".into())
    }

    /// A word: result, move number (possibly glued to a move), move with marks, or a mark.
    fn word(&mut self, word: String, line: usize, column: usize) -> Token {
        let token = |tok| Token { tok, line, column };
        if let Some(r) = PdnResult::parse(&word) {
            return token(Tok::Result(r));
        }
        if word.chars().all(|c| c == '.') {
            // `1. ... 19-23`: the ellipsis stands for the move of the other side.
            return token(Tok::Number);
        }
        let digits = word.chars().take_while(|c| c.is_ascii_digit()).count();
        let dots = word[digits..].chars().take_while(|&c| c == '.').count();
        if digits > 0 && dots > 0 {
            let rest = &word[digits + dots..];
            if rest.is_empty() {
                return token(Tok::Number);
            }
            // `12.32-28`: the move starts after the dots; report it as its own token.
            self.pending_move(rest, line, column + digits + dots);
            return token(Tok::Number);
        }
        self.classify_move(&word, line, column)
    }

    fn pending_move(&mut self, text: &str, line: usize, column: usize) {
        // Re-scan the glued move by stepping back over it: it is still in `chars`.
        let n = text.chars().count();
        self.at -= n;
        self.column = column;
        self.line = line;
    }

    fn classify_move(&mut self, word: &str, line: usize, column: usize) -> Token {
        let token = |tok| Token { tok, line, column };
        let body = word.trim_end_matches(['!', '?']);
        let mark = &word[body.len()..];
        if body.is_empty() {
            return token(Tok::Mark(mark.to_string()));
        }
        let well_formed = body
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | 'x' | 'X' | ':'))
            && body
                .chars()
                .next()
                .is_some_and(|c| c.is_ascii_alphanumeric());
        if !well_formed {
            return token(Tok::Bad(format!("'{word}' is not a move")));
        }
        if !mark.is_empty() {
            // The mark follows the move; emit the move now and the mark at its column next.
            let n = mark.chars().count();
            self.at -= n;
            self.column -= n;
        }
        token(Tok::Move(body.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str) -> Vec<Tok> {
        tokens(text).into_iter().map(|t| t.tok).collect()
    }

    #[test]
    fn numbers_moves_marks_nags_and_results() {
        assert_eq!(
            kinds("1.32-28!? 19-23 $4 2...28x19 {a  b\n c} (2. 33-29) 1/2-1/2"),
            vec![
                Tok::Number,
                Tok::Move("32-28".into()),
                Tok::Mark("!?".into()),
                Tok::Move("19-23".into()),
                Tok::Nag(4),
                Tok::Number,
                Tok::Move("28x19".into()),
                Tok::Comment("a b c".into()),
                Tok::Open,
                Tok::Number,
                Tok::Move("33-29".into()),
                Tok::Close,
                Tok::Result(PdnResult::Draw),
            ]
        );
    }

    #[test]
    fn marks_are_any_run_of_bangs_and_queries_bare_or_bracketed() {
        assert_eq!(
            kinds("32-28(?) 19-23!!? 28x19 (!) (33-29)"),
            vec![
                Tok::Move("32-28".into()),
                Tok::Mark("(?)".into()),
                Tok::Move("19-23".into()),
                Tok::Mark("!!?".into()),
                Tok::Move("28x19".into()),
                Tok::Mark("(!)".into()),
                Tok::Open,
                Tok::Move("33-29".into()),
                Tok::Close,
            ]
        );
        // A bracket that is not a mark is a variation, however it starts.
        assert_eq!(kinds("(!x")[0], Tok::Open);
    }

    #[test]
    fn positions_are_line_and_column() {
        let t = tokens("[Event \"x\"]\n\n1. c3-d4 ; note\n  f6-e5");
        let at: Vec<(usize, usize)> = t.iter().map(|t| (t.line, t.column)).collect();
        assert_eq!(at, [(1, 1), (3, 1), (3, 4), (3, 10), (4, 3)]);
        assert_eq!(t[3].tok, Tok::Comment("note".into()));
    }

    #[test]
    fn tags_with_escapes_and_bad_tags() {
        assert_eq!(
            kinds(r#"[White "A \"B\" \\ C"]"#),
            vec![Tok::Tag {
                name: "White".into(),
                value: r#"A "B" \ C"#.into()
            }]
        );
        assert!(matches!(kinds("[White x]")[0], Tok::Bad(_)));
        assert!(matches!(kinds("[White \"x]\n")[0], Tok::Bad(_)));
    }

    #[test]
    fn unterminated_comment_resumes_at_the_next_tag_line() {
        let t = tokens("1. 32-28 {oops\n19-23\n[Event \"next\"]\n1. 31-26");
        assert!(matches!(t[2].tok, Tok::Bad(_)));
        assert_eq!((t[2].line, t[2].column), (1, 10));
        assert!(matches!(t[3].tok, Tok::Tag { .. }));
        assert_eq!(t[3].line, 3);
    }
}
