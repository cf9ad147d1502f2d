//! Quoting what a user gave inside an error message: a long input cut to its start and its
//! length, control characters escaped. Every interface words its errors about the user's own
//! text this way, so that a 60 KB FEN or a damaged file still gives one readable line.

/// How many characters of a long input [`excerpt`] shows.
pub const EXCERPT: usize = 60;

/// `message` with each long argument of the command line it quotes (or the value of a long
/// `--option=value`) cut to an [`excerpt`]: a parser that names the input it could not read
/// quotes it whole, and 3000 digits given to `--clock` should come back as one line.
pub fn shorten_arguments(message: &str, args: &[String]) -> String {
    let mut long: Vec<&str> = args
        .iter()
        .flat_map(|a| [Some(a.as_str()), a.split_once('=').map(|(_, value)| value)])
        .flatten()
        .filter(|a| a.chars().count() > EXCERPT + 20)
        .collect();
    // The longest first, so that an argument holding another is cut whole.
    long.sort_by_key(|a| std::cmp::Reverse(a.len()));
    long.dedup();
    let whole = long
        .iter()
        .fold(message.to_string(), |out, a| out.replace(a, &excerpt(a)));
    shorten_quoted_parts(&whole, &long)
}

/// `message` with each long quoted part of one of `long` (a FEN's field, a move of a list)
/// cut to an [`excerpt`]. A quote that opens nothing (an apostrophe) only fails to match.
fn shorten_quoted_parts(message: &str, long: &[&str]) -> String {
    let mut out = String::with_capacity(message.len());
    let mut rest = message;
    while let Some(open) = rest.find(['\'', '"']) {
        let quote = rest[open..].chars().next().expect("found a quote there");
        let inside = &rest[open + 1..];
        let part = inside.find(quote).map(|close| &inside[..close]);
        match part {
            Some(part)
                if part.chars().count() > EXCERPT + 20 && long.iter().any(|a| a.contains(part)) =>
            {
                out.push_str(&rest[..=open]);
                out.push_str(&excerpt(part));
                out.push(quote);
                rest = &inside[part.len() + 1..];
            }
            _ => {
                out.push_str(&rest[..=open]);
                rest = inside;
            }
        }
    }
    out.push_str(rest);
    out
}

/// `text` with control characters and other invisible ones escaped (`\u{1b}`), so that a
/// message quoting a damaged file cannot move the cursor or change colours.
pub fn printable(text: &str) -> String {
    text.chars()
        .flat_map(|c| {
            let visible = !c.is_control() && c != '\u{feff}';
            let escaped: Vec<char> = if visible {
                vec![c]
            } else {
                c.escape_unicode().collect()
            };
            escaped
        })
        .collect()
}

/// The user's input as an error quotes it: whole when short, otherwise its first
/// [`EXCERPT`] characters and its length, so that a 60 KB `--fen` still gives one line that
/// says what was wrong, not the whole text back.
pub fn excerpt(text: &str) -> String {
    let count = text.chars().count();
    // A few characters more than the excerpt are shown whole: cutting them saves nothing.
    if count <= EXCERPT + 20 {
        return text.to_string();
    }
    let start: String = text.chars().take(EXCERPT).collect();
    format!("{start}… ({count} characters)")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_escaped() {
        assert_eq!(
            printable("bad \u{1b}[31mred\u{7}"),
            "bad \\u{1b}[31mred\\u{7}"
        );
        assert_eq!(printable("28x19 ♛"), "28x19 ♛");
        assert_eq!(printable("\u{feff}[Event]"), "\\u{feff}[Event]");
    }

    #[test]
    fn long_arguments_are_quoted_by_their_start_and_length() {
        let digits = "9".repeat(3000);
        let spec = format!("damier:depth={}", "7".repeat(500));
        let args = [
            "play".to_string(),
            format!("--clock={digits}"),
            spec.clone(),
            "short".to_string(),
        ];
        let message = format!("--clock: cannot read clock '{digits}'; player '{spec}'; 'short'");
        let said = shorten_arguments(&message, &args);
        assert_eq!(
            said,
            format!(
                "--clock: cannot read clock '{}'; player '{}'; 'short'",
                excerpt(&digits),
                excerpt(&spec)
            )
        );
        assert!(said.len() < 300, "{said}");
        // A quoted part of a long argument, after an apostrophe that opens nothing.
        let fen = format!("W:W{digits}");
        let message = format!("can't read --fen: column 4: '{digits}' is not a square");
        assert_eq!(
            shorten_arguments(&message, &[fen]),
            format!(
                "can't read --fen: column 4: '{}' is not a square",
                excerpt(&digits)
            )
        );
    }

    #[test]
    fn long_input_is_quoted_by_its_start_and_length() {
        assert_eq!(excerpt("W:W31-50:B1-20"), "W:W31-50:B1-20");
        // Up to 20 characters past the excerpt are shown whole.
        let edge = "x".repeat(EXCERPT + 20);
        assert_eq!(excerpt(&edge), edge);
        let long = format!("W:W{}", "é".repeat(60_000));
        let quoted = excerpt(&long);
        assert!(quoted.starts_with("W:Wéé"), "{quoted}");
        assert!(quoted.ends_with("é… (60003 characters)"), "{quoted}");
        assert_eq!(
            quoted.chars().count(),
            EXCERPT + " (60003 characters)".len() + 1
        );
    }
}
