//! The Hub line grammar: `command name=value name="quoted value" flag ...`.
//!
//! Values containing a space, `=` or nothing at all are written in double quotes. The
//! protocol has no escape for a quote inside a value, so one is never written (it becomes
//! `'`).

use std::fmt::Write as _;

/// One line: a command and its arguments in order (a flag has no value).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The first word.
    pub command: String,
    /// `name=value` pairs and bare flags.
    pub args: Vec<(String, Option<String>)>,
}

/// Why a line could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SyntaxError {
    /// A quoted value has no closing quote.
    #[error("unterminated quote starting at column {column}")]
    UnterminatedQuote {
        /// 1-based column of the opening quote.
        column: usize,
    },
    /// `=value` with no name before it, or a quote where a name should be.
    #[error("expected an argument name at column {column}")]
    MissingName {
        /// 1-based column.
        column: usize,
    },
}

impl Line {
    /// The value of argument `name` (a flag has the empty value).
    pub fn get(&self, name: &str) -> Option<&str> {
        self.args
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_deref().unwrap_or(""))
    }

    /// Whether argument or flag `name` is present.
    pub fn has(&self, name: &str) -> bool {
        self.args.iter().any(|(n, _)| n == name)
    }
}

/// Read a line; `Ok(None)` for a blank one.
///
/// # Errors
/// [`SyntaxError`] with the column of the problem.
pub fn parse(text: &str) -> Result<Option<Line>, SyntaxError> {
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    let mut words: Vec<(String, Option<String>)> = Vec::new();
    while i < chars.len() {
        if chars[i].is_whitespace() {
            i += 1;
            continue;
        }
        if chars[i] == '"' || chars[i] == '=' {
            return Err(SyntaxError::MissingName { column: i + 1 });
        }
        let start = i;
        while i < chars.len() && !chars[i].is_whitespace() && chars[i] != '=' {
            if chars[i] == '"' {
                return Err(SyntaxError::MissingName { column: i + 1 });
            }
            i += 1;
        }
        let name: String = chars[start..i].iter().collect();
        let mut value = None;
        if i < chars.len() && chars[i] == '=' {
            i += 1;
            if i < chars.len() && chars[i] == '"' {
                let open = i;
                i += 1;
                let from = i;
                while i < chars.len() && chars[i] != '"' {
                    i += 1;
                }
                if i == chars.len() {
                    return Err(SyntaxError::UnterminatedQuote { column: open + 1 });
                }
                value = Some(chars[from..i].iter().collect());
                i += 1;
            } else {
                let from = i;
                while i < chars.len() && !chars[i].is_whitespace() {
                    i += 1;
                }
                value = Some(chars[from..i].iter().collect());
            }
        }
        words.push((name, value));
    }
    let mut words = words.into_iter();
    Ok(words.next().map(|(command, _)| Line {
        command,
        args: words.collect(),
    }))
}

/// Write a line from a command and its arguments.
pub fn format(command: &str, args: &[(&str, Option<&str>)]) -> String {
    let mut out = command.to_string();
    for (name, value) in args {
        out.push(' ');
        out.push_str(name);
        if let Some(v) = value {
            let v = v.replace('"', "'");
            if v.is_empty() || v.contains([' ', '=', '\t']) {
                let _ = write!(out, "=\"{v}\"");
            } else {
                let _ = write!(out, "={v}");
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_grammar() {
        let l = parse(r#"id name=Scan version=3.1 author="Fabien Letouzey" country=France"#)
            .unwrap()
            .unwrap();
        assert_eq!(l.command, "id");
        assert_eq!(l.get("author"), Some("Fabien Letouzey"));
        assert_eq!(l.get("version"), Some("3.1"));
        let go = parse("go think").unwrap().unwrap();
        assert!(go.has("think"));
        assert_eq!(go.get("think"), Some(""));
        assert_eq!(parse("   ").unwrap(), None);
        assert_eq!(
            parse(r#"pos moves="32-28 19-23"#),
            Err(SyntaxError::UnterminatedQuote { column: 11 })
        );
        assert!(parse("level =3").is_err());
        let empty = parse(r#"set-param name=book value="""#).unwrap().unwrap();
        assert_eq!(empty.get("value"), Some(""));
    }

    #[test]
    fn writes_what_it_reads() {
        let text = format(
            "info",
            &[
                ("depth", Some("12")),
                ("pv", Some("32-28 19-23")),
                ("x", None),
            ],
        );
        assert_eq!(text, r#"info depth=12 pv="32-28 19-23" x"#);
        let back = parse(&text).unwrap().unwrap();
        assert_eq!(back.get("pv"), Some("32-28 19-23"));
        assert!(back.has("x"));
    }
}
