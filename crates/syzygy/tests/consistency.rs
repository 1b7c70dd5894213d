//! Every 3-piece table read through the prober agrees with itself: over a
//! regular sample of all placements (both colours, both sides to move), a
//! position's WDL is the best of its moves' (mate a loss, stalemate a
//! draw), and its DTZ has the WDL's sign. A wrong index, a wrong mirror or
//! a wrong decoded value breaks the first; python-chess's cross-check
//! (.ci/syzygy) checks the values themselves.

use ox88_movegen::{MoveGen, Position};
use ox88_syzygy::Tablebase;
use std::path::PathBuf;

/// Every STRIDE-th placement: some 10,000 positions a table.
const STRIDE: usize = 97;

fn fen(pieces: &[(usize, char)], white_to_move: bool) -> String {
    let mut board = ['.'; 64];
    for &(square, piece) in pieces {
        board[square] = piece;
    }
    let mut rows = Vec::new();
    for rank in (0..8).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for file in 0..8 {
            match board[rank * 8 + file] {
                '.' => empty += 1,
                piece => {
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                        empty = 0;
                    }
                    row.push(piece);
                }
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    format!("{} {} - - 0 1", rows.join("/"), if white_to_move { 'w' } else { 'b' })
}

#[test]
fn three_piece_tables_agree_with_their_moves() {
    let tables = Tablebase::open(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data")).unwrap();
    let mut checked = 0;
    let mut counter = 0;
    for piece in ['Q', 'R', 'B', 'N', 'P', 'q', 'r', 'b', 'n', 'p'] {
        for white_king in 0..64 {
            for black_king in 0..64 {
                for square in 0..64 {
                    for white_to_move in [true, false] {
                        counter += 1;
                        if counter % STRIDE != 0
                            || white_king == black_king
                            || square == white_king
                            || square == black_king
                        {
                            continue;
                        }
                        let fen = fen(&[(white_king, 'K'), (black_king, 'k'), (square, piece)], white_to_move);
                        let Ok(position) = fen.parse::<Position>() else { continue };
                        let board = position.board();
                        let wdl = tables.probe_wdl_board(board).unwrap().value();
                        let mut best = None;
                        for m in board.legal_moves() {
                            let mut child = board.clone();
                            child.make_move_unchecked(m);
                            let value = -tables.probe_wdl_board(&child).unwrap().value();
                            best = best.max(Some(value));
                        }
                        let expected = best.unwrap_or(if board.in_check() { -2 } else { 0 });
                        assert_eq!(wdl, expected, "{fen}");
                        let dtz = tables.probe_dtz_board(board).unwrap().plies();
                        assert_eq!(dtz.signum(), wdl.signum(), "{fen}: DTZ {dtz}, WDL {wdl}");
                        checked += 1;
                    }
                }
            }
        }
    }
    assert!(checked > 40_000, "{checked} positions checked");
}
