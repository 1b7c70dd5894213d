//! `ox88.svg.board`'s core: the SVG picture of a board, drawn by ox88-svg.

use crate::board::BoardCore;
use crate::squares::square;
use ox88_board::{Color, Move, MoveKind, Square};
use ox88_svg::{Arrow, BoardSvg, Tint};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

fn tint(name: &str) -> PyResult<Tint> {
    match name {
        "green" | "g" => Ok(Tint::Green),
        "red" | "r" => Ok(Tint::Red),
        "blue" | "b" => Ok(Tint::Blue),
        "yellow" | "y" => Ok(Tint::Yellow),
        other => Err(PyValueError::new_err(format!("arrow colours are green, red, blue and yellow, not {other:?}"))),
    }
}

/// The SVG picture of `board`: `orientation` at the bottom, `size` pixels wide, the last move, check, arrows
/// (tail, head, colour) and tinted squares (square, colour) marked.
#[pyfunction]
#[pyo3(signature = (board, orientation = true, size = None, coordinates = true, lastmove = None, check = None, arrows = Vec::new(), fill = Vec::new()))]
#[allow(clippy::too_many_arguments)]
pub fn _board_svg(
    board: PyRef<'_, BoardCore>,
    orientation: bool,
    size: Option<u32>,
    coordinates: bool,
    lastmove: Option<(i64, i64)>,
    check: Option<i64>,
    arrows: Vec<(i64, i64, String)>,
    fill: Vec<(i64, String)>,
) -> PyResult<String> {
    // As python-chess draws it: the last move and the check only where asked for. A board being set up (no
    // position yet) is drawn from its pieces as they stand.
    let pieces = match board.draft_ref() {
        Some(draft) => BoardSvg::of_pieces(Square::all().filter_map(|sq| draft.squares[sq.index64()].map(|p| (sq, p)))),
        None => BoardSvg::new(board.board()),
    };
    let mut svg =
        pieces.orientation(if orientation { Color::White } else { Color::Black }).coordinates(coordinates).check(None);
    if let Some(size) = size {
        svg = svg.size(size);
    }
    if let Some((from, to)) = lastmove {
        // Only its squares are drawn: the move was played before this position.
        svg = svg.last_move(Some(Move::new(square(from)?, square(to)?, MoveKind::Quiet)));
    }
    if let Some(check) = check {
        svg = svg.check(Some(square(check)?));
    }
    for (tail, head, colour) in arrows {
        svg = svg.arrow(Arrow::new(square(tail)?, square(head)?).tinted(tint(&colour)?));
    }
    for (sq, colour) in fill {
        let sq: Square = square(sq)?;
        svg = svg.highlight(sq, tint(&colour)?);
    }
    Ok(svg.to_string())
}
