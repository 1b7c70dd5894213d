#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod board;
mod board_edit;
mod board_lines;
mod board_pieces;
mod board_play;
mod board_rules;
mod books;
mod database;
mod draft;
mod encode;
mod engine;
mod engine_game;
mod errors;
mod legal;
mod moves;
mod pgn;
mod picture;
mod piece;
mod pseudo;
mod squares;
mod table;
mod table_plan;
mod table_read;
mod table_regions;
mod text;

use pyo3::prelude::*;

/// The compiled core of the `ox88` package (`ox88._core`); import `ox88`, which builds python-chess's API
/// on it.
#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<moves::PyMove>()?;
    m.add_class::<piece::PyPiece>()?;
    m.add_class::<board::BoardCore>()?;
    m.add_class::<legal::LegalMoveGenerator>()?;
    m.add("IllegalMoveError", py.get_type::<errors::IllegalMoveError>())?;
    m.add("InvalidMoveError", py.get_type::<errors::InvalidMoveError>())?;
    m.add("AmbiguousMoveError", py.get_type::<errors::AmbiguousMoveError>())?;
    m.add("STARTING_FEN", board::STARTING_FEN)?;
    m.add_class::<engine::EngineCore>()?;
    m.add_class::<engine::AnalysisCore>()?;
    m.add("EngineError", py.get_type::<engine::EngineError>())?;
    m.add("EngineTerminatedError", py.get_type::<engine::EngineTerminatedError>())?;
    m.add_class::<books::TablebaseCore>()?;
    m.add_class::<books::BookCore>()?;
    m.add("MissingTableError", py.get_type::<books::MissingTableError>())?;
    m.add_function(wrap_pyfunction!(books::_zobrist_hash, m)?)?;
    m.add_function(wrap_pyfunction!(picture::_board_svg, m)?)?;
    m.add_function(wrap_pyfunction!(encode::perft, m)?)?;
    m.add_function(wrap_pyfunction!(encode::_piece_planes, m)?)?;
    m.add_function(wrap_pyfunction!(encode::_legal_move_masks, m)?)?;
    m.add_class::<table::GameStream>()?;
    m.add_function(wrap_pyfunction!(pgn::_read_game, m)?)?;
    m.add_function(wrap_pyfunction!(pgn::_comment_clock, m)?)?;
    m.add_function(wrap_pyfunction!(pgn::_set_comment_clock, m)?)?;
    m.add_function(wrap_pyfunction!(pgn::_comment_eval, m)?)?;
    m.add_function(wrap_pyfunction!(pgn::_set_comment_eval, m)?)?;
    database::register(m)?;
    Ok(())
}
