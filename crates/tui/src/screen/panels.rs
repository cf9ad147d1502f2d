//! One frame of the full screen: the board, the players with their clocks, the moves, the
//! engine's thinking, the messages and the input line.

use super::app::App;
use super::board;
use crate::clock_text::control_words;
use crate::grid::Grid;
use crate::session::Session;
use crate::setup::Player;
use crate::thinker::Purpose;
use crate::words;
use damier_core::{Color as Side, Variant};
use damier_game::PlyKind;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};
use ratatui::Frame;
use std::time::Duration;

/// Width of the panel beside the board.
const SIDE_WIDTH: u16 = 36;
/// Below this much time a running clock is drawn as an alert.
const LOW_TIME: Duration = Duration::from_secs(10);

/// Draw the whole screen.
pub fn frame(f: &mut Frame, session: &Session, app: &mut App) {
    let [main, turn, log, input, keys] = Layout::vertical([
        Constraint::Min(8),
        Constraint::Length(1),
        Constraint::Length(2),
        Constraint::Length(1),
        Constraint::Length(1),
    ])
    .areas(f.area());
    let side_width = SIDE_WIDTH.min(main.width / 2);
    let [board_area, side] =
        Layout::horizontal([Constraint::Min(10), Constraint::Length(side_width)]).areas(main);
    let variant = session.game().variant();
    let block = Block::bordered().title(format!(" Damier · {variant} "));
    let inner = block.inner(board_area);
    f.render_widget(block, board_area);
    let last = session.last_move();
    let grid = Grid::new(session.game().position(), session.bottom(), last.as_ref());
    app.layout = board::draw(f.buffer_mut(), inner, &grid, &app.look, &app.selection);
    draw_side(f, side, session, app);
    let turn_text = if session.confirming_quit() {
        crate::session::QUIT_QUESTION.to_string()
    } else {
        session.turn_text()
    };
    let turn_style = if session.confirming_quit() {
        app.look.alert()
    } else {
        app.look.strong()
    };
    f.render_widget(Paragraph::new(Span::styled(turn_text, turn_style)), turn);
    // The newest messages, wrapped, as many whole ones as fit (of the newest at least its end).
    let mut recent: Vec<Line> = Vec::new();
    for l in app.log.iter().rev() {
        let style = if l.warning {
            app.look.alert()
        } else {
            Default::default()
        };
        let wrapped = wrap(&l.text, log.width as usize);
        if !recent.is_empty() && recent.len() + wrapped.len() > log.height as usize {
            break;
        }
        for part in wrapped.into_iter().rev() {
            recent.push(Line::styled(part, style));
        }
    }
    recent.truncate(log.height as usize);
    recent.reverse();
    f.render_widget(Paragraph::new(recent), log);
    // A line longer than the screen scrolls so that the cursor stays in view.
    let room = (input.width as usize).saturating_sub(3).max(1);
    let skip = app.input.cursor().saturating_sub(room);
    let typed: String = app.input.text().chars().skip(skip).collect();
    f.render_widget(Paragraph::new(format!("> {typed}")), input);
    let cursor_x = input
        .x
        .saturating_add(2)
        .saturating_add((app.input.cursor() - skip) as u16);
    f.set_cursor_position((cursor_x.min(input.right().saturating_sub(1)), input.y));
    let help = if session.watching() {
        "Esc: move now · flip · save FILE · help · quit"
    } else if session.searching() == Some(Purpose::Move) {
        "Esc: move now · Enter: command · help · undo · flip · quit"
    } else {
        "Type a move or click a piece · Tab: complete · Esc: clear · F1: help · quit"
    };
    f.render_widget(Paragraph::new(Span::styled(help, app.look.faint())), keys);
    if app.help {
        draw_help(f, session.game().variant());
    }
}

fn draw_side(f: &mut Frame, area: Rect, session: &Session, app: &App) {
    let thinking = session.thinking().is_some() || session.searching().is_some();
    let [players, moves, think] = Layout::vertical([
        Constraint::Length(6),
        Constraint::Min(3),
        Constraint::Length(if thinking { 5 } else { 0 }),
    ])
    .areas(area);
    let control = control_words(session.clock().control());
    let block = Block::bordered().title(format!(" {control} "));
    let inner = block.inner(players);
    f.render_widget(block, players);
    let top = session.bottom().opponent();
    let mut lines = Vec::new();
    for side in [top, session.bottom()] {
        lines.push(player_line(session, app, side, inner.width));
        lines.push(Line::from(format!(
            "    took {}",
            session.captured_by(side)
        )));
    }
    f.render_widget(Paragraph::new(lines), inner);
    draw_moves(f, moves, session);
    if thinking {
        let title = match session.searching() {
            Some(Purpose::Hint) => " Looking for a hint ",
            Some(Purpose::Threat) => " Looking for the threat ",
            _ => " Damier thinks ",
        };
        let block = Block::bordered().title(title);
        let text = match session.thinking() {
            Some(t) => vec![
                Line::from(format!("depth {} · {}", t.depth, t.score)),
                Line::from(nodes_text(t.nodes)),
                Line::from(t.line.clone()),
            ],
            None => vec![Line::from("…")],
        };
        f.render_widget(
            Paragraph::new(text).wrap(Wrap { trim: true }).block(block),
            think,
        );
    }
}

/// `▶ ● White  you          4:32`
fn player_line(session: &Session, app: &App, side: Side, width: u16) -> Line<'static> {
    let game = session.game();
    let to_move = !game.is_over() && game.side_to_move() == side;
    let (glyph, glyph_style) = app.look.side_glyph(side);
    let who = match session.player(side) {
        Player::Human if session.watching() => "person".to_string(),
        Player::Human if session.player(side.opponent()).is_human() => "player".to_string(),
        Player::Human => "you".to_string(),
        Player::Engine(l) => format!("Damier {}", l.number()),
    };
    let clock = session.clock_reading(side).unwrap_or_default();
    let name = format!(" {} · {who}", words::title(side));
    let used = 2 + 1 + name.chars().count() + clock.chars().count();
    let pad = (width as usize).saturating_sub(used + 1).max(1);
    let low = to_move
        && session
            .clock()
            .remaining(side)
            .is_some_and(|left| left < LOW_TIME);
    let clock_style = if low {
        app.look.alert()
    } else if to_move {
        app.look.strong()
    } else {
        Default::default()
    };
    let marker = if to_move { "▶ " } else { "  " };
    Line::from(vec![
        Span::styled(marker, app.look.strong()),
        Span::styled(glyph, glyph_style),
        Span::styled(
            name,
            if to_move {
                app.look.strong()
            } else {
                Default::default()
            },
        ),
        Span::raw(" ".repeat(pad)),
        Span::styled(clock, clock_style),
    ])
}

/// The moves in pairs, the latest at the bottom.
fn draw_moves(f: &mut Frame, area: Rect, session: &Session) {
    let block = Block::bordered().title(" Moves ");
    let inner = block.inner(area);
    f.render_widget(block, area);
    let game = session.game();
    // Turns alternate strictly (a forfeit or a pass is a turn too), so the slot of ply i in
    // the table is i, shifted by one when the game started with the second mover to play.
    let offset = usize::from(game.start().side() != game.start().rules().first);
    let mut rows: Vec<(usize, String, String)> = Vec::new();
    for (i, ply) in game.plies().iter().enumerate() {
        let mut text = match ply.kind {
            PlyKind::Move(_) => ply.notation.clone(),
            PlyKind::Forfeit => "(time)".into(),
            PlyKind::Pass => "(pass)".into(),
        };
        if ply.offers_draw {
            text.push('=');
        }
        let slot = i + offset;
        let number = slot / 2 + 1;
        if rows.last().map(|r| r.0) != Some(number) {
            rows.push((number, "…".into(), String::new()));
        }
        if let Some(row) = rows.last_mut() {
            if slot % 2 == 0 {
                row.1 = text;
            } else {
                row.2 = text;
            }
        }
    }
    let rows: Vec<String> = rows
        .into_iter()
        .map(|(n, a, b)| format!("{n:>3}. {a:<10}{b}"))
        .collect();
    let shown = inner.height as usize;
    let start = rows.len().saturating_sub(shown);
    let lines: Vec<Line> = rows[start..]
        .iter()
        .map(|r| Line::from(r.clone()))
        .collect();
    f.render_widget(Paragraph::new(lines), inner);
}

fn draw_help(f: &mut Frame, variant: Variant) {
    let area = f.area();
    let width = 80.min(area.width);
    let height = 22.min(area.height);
    let rect = Rect::new(
        area.x + (area.width - width) / 2,
        area.y + (area.height - height) / 2,
        width,
        height,
    );
    let mut text: Vec<Line> = crate::command::help(variant)
        .lines()
        .map(|l| Line::from(l.to_string()))
        .collect();
    text.push(Line::from(""));
    text.push(Line::from(
        "Keys: Esc makes the engine move now · Tab completes a move · Up/Down",
    ));
    text.push(Line::from(
        "recall lines · click a piece, then its square · Ctrl-C quits",
    ));
    text.push(Line::from(
        "Esc or Enter closes this help; typing closes it and goes into the line.",
    ));
    f.render_widget(Clear, rect);
    f.render_widget(
        Paragraph::new(text)
            .wrap(Wrap { trim: false })
            .block(Block::bordered().title(" Help ")),
        rect,
    );
}

/// `8.0M nodes`, `52k nodes`, `950 nodes`.
fn nodes_text(n: u64) -> String {
    match n {
        0..=9_999 => format!("{n} nodes"),
        10_000..=999_999 => format!("{}k nodes", n / 1000),
        _ => format!("{:.1}M nodes", n as f64 / 1e6),
    }
}

/// `text` in lines of at most `width` characters, broken between words where possible.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let width = width.max(1);
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        let len = line.chars().count();
        if len > 0 && len + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
        while line.chars().count() > width {
            let head: String = line.chars().take(width).collect();
            line = line.chars().skip(width).collect();
            lines.push(head);
        }
    }
    lines.push(line);
    lines
}

#[cfg(test)]
mod tests {
    use super::wrap;

    #[test]
    fn wraps_between_words() {
        assert_eq!(wrap("one two three", 7), ["one two", "three"]);
        assert_eq!(wrap("abcdefghij", 4), ["abcd", "efgh", "ij"]);
        assert_eq!(wrap("", 5), [""]);
    }
}
