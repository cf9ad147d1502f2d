//! The scene as an SVG document: one element a shape, in the page's units, pieces grouped
//! and named by square so that an editor (or a test) can find them.

use crate::scene::{Pen, Rgba, Scene, Shape};
use std::fmt::Write;

/// The SVG text of `scene`.
pub fn write(scene: &Scene, title: &str) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {w} {h}\" width=\"{w}\" height=\"{h}\">",
        w = num(scene.width),
        h = num(scene.height)
    );
    let _ = writeln!(out, "<title>{}</title>", escape(title));
    for shape in &scene.shapes {
        out.push_str(&element(shape));
        out.push('\n');
    }
    // Where each piece stands, for whoever reads the file rather than looks at it.
    out.push_str("<desc>");
    let listed: Vec<String> = scene
        .pieces
        .iter()
        .map(|p| {
            let role = match p.role {
                damier_core::Role::Man => "man",
                damier_core::Role::King => "king",
            };
            format!("{} {role} {}", p.color.name(), p.square)
        })
        .collect();
    out.push_str(&escape(&listed.join("; ")));
    out.push_str("</desc>\n</svg>\n");
    out
}

fn element(shape: &Shape) -> String {
    match shape {
        Shape::Rect { x, y, w, h, fill } => format!(
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"{}/>",
            num(*x),
            num(*y),
            num(*w),
            num(*h),
            paint("fill", Some(*fill))
        ),
        Shape::Circle {
            cx,
            cy,
            r,
            fill,
            stroke,
        } => format!(
            "<circle cx=\"{}\" cy=\"{}\" r=\"{}\"{}{}/>",
            num(*cx),
            num(*cy),
            num(*r),
            paint("fill", *fill),
            pen(*stroke)
        ),
        Shape::Poly {
            points,
            closed,
            fill,
            stroke,
        } => {
            let list: Vec<String> = points
                .iter()
                .map(|&(x, y)| format!("{},{}", num(x), num(y)))
                .collect();
            format!(
                "<{} points=\"{}\"{}{} stroke-linecap=\"round\" stroke-linejoin=\"round\"/>",
                if *closed { "polygon" } else { "polyline" },
                list.join(" "),
                paint("fill", *fill),
                pen(*stroke)
            )
        }
    }
}

fn paint(attribute: &str, color: Option<Rgba>) -> String {
    match color {
        None => format!(" {attribute}=\"none\""),
        Some(c) => {
            let [r, g, b] = c.rgb;
            let mut s = format!(" {attribute}=\"#{r:02x}{g:02x}{b:02x}\"");
            if c.alpha < 1.0 {
                let _ = write!(s, " {attribute}-opacity=\"{}\"", num(c.alpha));
            }
            s
        }
    }
}

fn pen(stroke: Option<Pen>) -> String {
    match stroke {
        None => String::new(),
        Some(p) => format!(
            "{} stroke-width=\"{}\"",
            paint("stroke", Some(p.color)),
            num(p.width)
        ),
    }
}

/// A number with at most two decimals and no trailing zeros.
fn num(v: f32) -> String {
    let s = format!("{v:.2}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}
