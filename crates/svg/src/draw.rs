//! Writing a [`BoardSvg`] out: squares, marks, coordinates, pieces, arrows,
//! in that order (each drawn over the one before).

use crate::pieces::{self, PIECE_SIZE};
use crate::{Arrow, BoardSvg};
use ox88_board::{Color, File, Piece, Rank, Square};
use std::fmt::{self, Write};

/// The side of a square, in SVG units: the pieces' own size.
const SQUARE: f64 = PIECE_SIZE;
/// The frame that holds the coordinates, when they are shown.
const MARGIN: f64 = 15.0;

const LIGHT: &str = "#f0d9b5";
const DARK: &str = "#b58863";
const LAST_MOVE_LIGHT: &str = "#cdd16a";
const LAST_MOVE_DARK: &str = "#aaa23b";

/// The SVG document.
impl fmt::Display for BoardSvg<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_svg(self, f)
    }
}

fn write_svg(svg: &BoardSvg<'_>, out: &mut impl Write) -> fmt::Result {
    let margin = if svg.coordinates { MARGIN } else { 0.0 };
    let side = 8.0 * SQUARE + 2.0 * margin;
    write!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" version="1.1" viewBox="0 0 {side} {side}" width="{size}" height="{size}">"#,
        size = svg.size
    )?;
    write_defs(svg, out)?;
    if svg.coordinates {
        write!(out, r##"<rect class="frame" x="0" y="0" width="{side}" height="{side}" fill="#262421"/>"##)?;
    }
    let corner = |square: Square| corner(svg.orientation, margin, square);
    for square in Square::all() {
        let (x, y) = corner(square);
        let light = square.is_light();
        let marked = svg.last_move.is_some_and(|m| m.from() == square || m.to() == square);
        let fill = match (marked, light) {
            (false, true) => LIGHT,
            (false, false) => DARK,
            (true, true) => LAST_MOVE_LIGHT,
            (true, false) => LAST_MOVE_DARK,
        };
        let shade = if light { "light" } else { "dark" };
        let last = if marked { " lastmove" } else { "" };
        write!(
            out,
            r#"<rect class="square {shade} {square}{last}" x="{x}" y="{y}" width="{SQUARE}" height="{SQUARE}" fill="{fill}"/>"#
        )?;
    }
    for &(square, tint) in &svg.highlights {
        let (x, y) = corner(square);
        write!(
            out,
            r#"<rect class="highlight {} {square}" x="{x}" y="{y}" width="{SQUARE}" height="{SQUARE}" fill="{}" fill-opacity="0.5"/>"#,
            tint.name(),
            tint.css()
        )?;
    }
    if let Some(square) = svg.check {
        let (x, y) = corner(square);
        write!(
            out,
            r#"<rect class="check {square}" x="{x}" y="{y}" width="{SQUARE}" height="{SQUARE}" fill="url(#check-gradient)"/>"#
        )?;
    }
    if svg.coordinates {
        write_coordinates(svg.orientation, side, out)?;
    }
    for square in Square::all() {
        if let Some(piece) = svg.pieces[square.index64()] {
            let (x, y) = corner(square);
            write!(
                out,
                r##"<use href="#{id}" xlink:href="#{id}" class="piece {square}" transform="translate({x},{y})"/>"##,
                id = pieces::id(piece)
            )?;
        }
    }
    for arrow in &svg.arrows {
        write_arrow(arrow, corner, out)?;
    }
    out.write_str("</svg>")
}

/// The drawings of the pieces on the board, once each, and the gradient of
/// the check mark.
fn write_defs(svg: &BoardSvg<'_>, out: &mut impl Write) -> fmt::Result {
    out.write_str("<defs>")?;
    let mut drawn: Vec<Piece> = Vec::new();
    for square in Square::all() {
        if let Some(piece) = svg.pieces[square.index64()] {
            if !drawn.contains(&piece) {
                drawn.push(piece);
                pieces::write_definition(out, piece, &pieces::id(piece), 1.0)?;
            }
        }
    }
    out.write_str(
        r##"<radialGradient id="check-gradient"><stop offset="0%" stop-color="#ff0000" stop-opacity="1"/><stop offset="50%" stop-color="#e70000" stop-opacity="1"/><stop offset="100%" stop-color="#9e0000" stop-opacity="0"/></radialGradient>"##,
    )?;
    out.write_str("</defs>")
}

/// The top-left corner of `square` with `orientation` at the bottom.
fn corner(orientation: Color, margin: f64, square: Square) -> (f64, f64) {
    let (file, rank) = (f64::from(square.file().index()), f64::from(square.rank().index()));
    let (column, row) = match orientation {
        Color::White => (file, 7.0 - rank),
        Color::Black => (7.0 - file, rank),
    };
    (margin + column * SQUARE, margin + row * SQUARE)
}

/// File letters under the board and rank numbers left of it.
fn write_coordinates(orientation: Color, side: f64, out: &mut impl Write) -> fmt::Result {
    let text = |out: &mut dyn Write, x: f64, y: f64, label: char| {
        write!(
            out,
            r##"<text class="coord" x="{x}" y="{y}" font-size="12" font-family="sans-serif" text-anchor="middle" dominant-baseline="central" fill="#e5e5e5">{label}</text>"##
        )
    };
    for file in File::ALL {
        let (x, _) = corner(orientation, MARGIN, Square::from_coords(file, Rank::FIRST));
        text(out, x + SQUARE / 2.0, side - MARGIN / 2.0, file.char())?;
    }
    for rank in Rank::ALL {
        let (_, y) = corner(orientation, MARGIN, Square::from_coords(File::A, rank));
        text(out, MARGIN / 2.0, y + SQUARE / 2.0, rank.char())?;
    }
    Ok(())
}

/// An arrow from the centre of its tail to near the centre of its head,
/// with a triangular point; a ring when both squares are one.
fn write_arrow(arrow: &Arrow, corner: impl Fn(Square) -> (f64, f64), out: &mut impl Write) -> fmt::Result {
    let centre = |square| {
        let (x, y) = corner(square);
        (x + SQUARE / 2.0, y + SQUARE / 2.0)
    };
    let ((x1, y1), (x2, y2)) = (centre(arrow.tail), centre(arrow.head));
    let (name, color) = (arrow.tint.name(), arrow.tint.css());
    if arrow.tail == arrow.head {
        return write!(
            out,
            r#"<circle class="arrow {name}" cx="{x1}" cy="{y1}" r="{r}" fill="none" stroke="{color}" stroke-width="{w}" stroke-opacity="0.8"/>"#,
            r = SQUARE / 2.0 - SQUARE / 16.0,
            w = SQUARE / 8.0
        );
    }
    let (dx, dy) = (x2 - x1, y2 - y1);
    let length = dx.hypot(dy);
    let (ux, uy) = (dx / length, dy / length);
    let (width, head_length, head_width) = (SQUARE / 5.0, SQUARE * 0.6, SQUARE * 0.6);
    // The shaft ends where the point begins; the point's tip stops short of
    // the head square's centre.
    let tip = (x2 - ux * SQUARE * 0.1, y2 - uy * SQUARE * 0.1);
    let base = (tip.0 - ux * head_length, tip.1 - uy * head_length);
    let (px, py) = (-uy * head_width / 2.0, ux * head_width / 2.0);
    write!(
        out,
        r#"<g class="arrow {name}" fill="{color}" stroke="{color}" opacity="0.8"><line x1="{x1:.2}" y1="{y1:.2}" x2="{bx:.2}" y2="{by:.2}" stroke-width="{width:.2}" stroke-linecap="butt"/><polygon points="{tx:.2},{ty:.2} {lx:.2},{ly:.2} {rx:.2},{ry:.2}" stroke="none"/></g>"#,
        bx = base.0,
        by = base.1,
        tx = tip.0,
        ty = tip.1,
        lx = base.0 + px,
        ly = base.1 + py,
        rx = base.0 - px,
        ry = base.1 - py
    )
}
