//! The piece set: twelve drawings on a 45-unit square, made for ox88 and
//! licensed with it (MIT OR Apache-2.0).
//!
//! Each piece is a body, filled in its colour and outlined in black, and
//! details (collars, a bishop's cross, a knight's eye and mane) stroked in
//! the colour that stands out on the body.

use ox88_board::{Color, Piece, Role};
use std::fmt::{self, Write};

/// The side of the square each piece is drawn on, in SVG units.
pub const PIECE_SIZE: f64 = 45.0;

/// A piece's drawing: body paths, and detail strokes.
struct Shape {
    body: &'static [&'static str],
    details: &'static str,
}

/// The base every piece but the pawn stands on.
const BASE: &str = "M10 39h25v-3.5H10z";

fn shape(role: Role) -> Shape {
    match role {
        Role::Pawn => Shape {
            body: &[
                "M11 39h23v-3H11z",
                "M17.5 21C17 27 14 31 13 36h19c-1-5-4-9-4.5-15z",
                "M18.5 18.5h8l1 2.5h-10z",
                "M18 13a4.5 4.5 0 1 1 9 0a4.5 4.5 0 1 1-9 0z",
            ],
            details: "",
        },
        Role::Knight => Shape {
            body: &[
                BASE,
                "M13 35.5c0-6 3-9.5 7-13-2.5.5-5 2-7 3.5-2 1.5-4.5.5-4-2 .5-2.5 4-6 6.5-9.5l-.5-4.5 3.5 2.5 \
                 2-3.5 2.5 3.5c7.5 1 11.5 8 11 22.5z",
            ],
            details: "M16.5 14.5h1.5M26 12c3 3 4.5 9 4 15",
        },
        Role::Bishop => Shape {
            body: &[
                BASE,
                "M15 35.5c0-4 2-7 3.5-9-5-4-4.5-12 4-16.5 8.5 4.5 9 12.5 4 16.5 1.5 2 3.5 5 3.5 9z",
                "M20 7.5a2.5 2.5 0 1 1 5 0a2.5 2.5 0 1 1-5 0z",
            ],
            details: "M22.5 14v7M19 17.5h7M18.5 26.5h8",
        },
        Role::Rook => Shape {
            body: &[
                "M9 39h27v-3.5H9z",
                "M12 35.5h21l-1.5-3.5h-18z",
                "M13.5 32l1.5-15h15l1.5 15z",
                "M12 17h21l-2-3H14z",
                "M12 14V8h4v3h4.5V8h4v3H29V8h4v6z",
            ],
            details: "M13.5 32h18M15 17h15",
        },
        Role::Queen => Shape {
            body: &[
                BASE,
                "M12 35.5 9.5 15l4.5 10 2-13 3 12 3.5-14 3.5 14 3-12 2 13 4.5-10-2.5 20.5z",
                "M7.5 13a2 2 0 1 1 4 0a2 2 0 1 1-4 0zM14 10a2 2 0 1 1 4 0a2 2 0 1 1-4 0z\
                 M20.5 8a2 2 0 1 1 4 0a2 2 0 1 1-4 0zM27 10a2 2 0 1 1 4 0a2 2 0 1 1-4 0z\
                 M33.5 13a2 2 0 1 1 4 0a2 2 0 1 1-4 0z",
            ],
            details: "M12.5 31.5h20",
        },
        Role::King => Shape {
            body: &[
                BASE,
                "M12 35.5c-3-5-4.5-12 0-15.5 4-3 9-1 10.5 3.5 1.5-4.5 6.5-6.5 10.5-3.5 4.5 3.5 3 10.5 0 15.5z",
                "M21.5 5h2v4h3v2h-3v12h-2V11h-3V9h3z",
            ],
            details: "M12.5 31.5h20",
        },
    }
}

/// The id of `piece`'s drawing in the picture's `<defs>`: `white-king`.
pub(crate) fn id(piece: Piece) -> String {
    format!("{}-{}", piece.color().name(), piece.role().name())
}

/// The twelve pieces as an SVG sprite, each on a square of side `tile`, for
/// pages whose board places each piece with `<use href="sprite.svg#wk"/>`
/// (cm-chessboard's sprites have tiles of 40).
///
/// Each piece is a `<g>` in `<defs>`, drawn on the square from (0, 0) to
/// (`tile`, `tile`) (scaled from [`PIECE_SIZE`]), its id the colour's letter
/// and the role's (`wk` the white king, `bp` a black pawn), its class the
/// colour and role (`white king`). The same drawings as
/// [`BoardSvg`](crate::BoardSvg)'s, under ox88's licence (MIT OR Apache-2.0).
///
/// ```
/// let sprite = ox88_svg::piece_sprite(40.0);
/// assert!(sprite.contains(r#"viewBox="0 0 40 40""#));
/// assert!(sprite.contains(r#"<g id="wk" class="white king""#));
/// assert!(sprite.contains(r#"<g id="bp" class="black pawn""#));
/// ```
pub fn piece_sprite(tile: f64) -> String {
    let mut out = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <!-- ox88's pieces (MIT OR Apache-2.0), written by ox88_svg::piece_sprite. -->\n",
    );
    let scale = tile / PIECE_SIZE;
    // Writing into a String cannot fail: the results are ignored.
    let _ = write!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" version="1.1" viewBox="0 0 {tile} {tile}" width="{tile}" height="{tile}"><defs>"#
    );
    for color in Color::ALL {
        for role in Role::ALL {
            let id = format!("{}{}", color.char(), role.char());
            out.push('\n');
            let _ = write_definition(&mut out, Piece::new(color, role), &id, scale);
        }
    }
    out.push_str("\n</defs></svg>\n");
    out
}

/// Writes `piece`'s drawing as a `<g>` with the id `id`, for `<defs>`,
/// scaled by `scale` from its [`PIECE_SIZE`] square.
pub(crate) fn write_definition(out: &mut impl Write, piece: Piece, id: &str, scale: f64) -> fmt::Result {
    let (fill, detail) = match piece.color() {
        Color::White => ("#fff", "#000"),
        Color::Black => ("#000", "#fff"),
    };
    let shape = shape(piece.role());
    write!(
        out,
        r##"<g id="{}" class="{} {}" stroke="#000" stroke-width="1.5" stroke-linejoin="round" stroke-linecap="round">"##,
        id,
        piece.color().name(),
        piece.role().name()
    )?;
    if scale != 1.0 {
        write!(out, r#"<g transform="scale({scale})">"#)?;
    }
    for path in shape.body {
        write!(out, r#"<path d="{path}" fill="{fill}"/>"#)?;
    }
    if !shape.details.is_empty() {
        write!(out, r#"<path d="{}" fill="none" stroke="{detail}"/>"#, shape.details)?;
    }
    if scale != 1.0 {
        out.write_str("</g>")?;
    }
    out.write_str("</g>")
}
