//! The scene rasterised with anti-aliasing: the same shapes as the SVG, scaled so that a
//! square is `cell_px` pixels.

use crate::scene::{Pen, Rgba, Scene, Shape, CELL};
use crate::DiagramError;
use tiny_skia::{
    Color, FillRule, LineCap, LineJoin, Paint, PathBuilder, Pixmap, Stroke, Transform,
};

/// The PNG bytes of `scene`.
///
/// # Errors
/// A picture too large to allocate, or one the encoder refuses.
pub fn write(scene: &Scene, cell_px: u32) -> Result<Vec<u8>, DiagramError> {
    let scale = cell_px as f32 / CELL;
    let width = (scene.width * scale).round() as u32;
    let height = (scene.height * scale).round() as u32;
    let mut pixmap = Pixmap::new(width, height).ok_or(DiagramError::TooLarge { width, height })?;
    let transform = Transform::from_scale(scale, scale);
    for shape in &scene.shapes {
        let (path, fill, stroke) = match shape {
            Shape::Rect { x, y, w, h, fill } => {
                let Some(rect) = tiny_skia::Rect::from_xywh(*x, *y, *w, *h) else {
                    continue;
                };
                (PathBuilder::from_rect(rect), Some(*fill), None)
            }
            Shape::Circle {
                cx,
                cy,
                r,
                fill,
                stroke,
            } => {
                let Some(path) = PathBuilder::from_circle(*cx, *cy, *r) else {
                    continue;
                };
                (path, *fill, *stroke)
            }
            Shape::Poly {
                points,
                closed,
                fill,
                stroke,
            } => {
                let mut pb = PathBuilder::new();
                for (i, &(x, y)) in points.iter().enumerate() {
                    if i == 0 {
                        pb.move_to(x, y);
                    } else {
                        pb.line_to(x, y);
                    }
                }
                if *closed {
                    pb.close();
                }
                let Some(path) = pb.finish() else {
                    continue;
                };
                (path, *fill, *stroke)
            }
        };
        if let Some(color) = fill {
            pixmap.fill_path(&path, &paint(color), FillRule::Winding, transform, None);
        }
        if let Some(Pen { color, width }) = stroke {
            let line = Stroke {
                width,
                line_cap: LineCap::Round,
                line_join: LineJoin::Round,
                ..Stroke::default()
            };
            pixmap.stroke_path(&path, &paint(color), &line, transform, None);
        }
    }
    pixmap
        .encode_png()
        .map_err(|e| DiagramError::Encode(e.to_string()))
}

fn paint(color: Rgba) -> Paint<'static> {
    let [r, g, b] = color.rgb;
    let mut paint = Paint::default();
    paint.set_color(Color::from_rgba8(
        r,
        g,
        b,
        (color.alpha * 255.0).round() as u8,
    ));
    paint.anti_alias = true;
    paint
}
