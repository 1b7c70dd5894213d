//! [`Setup`]: building or editing a position piece by piece, validated as
//! strictly as FEN (the FEN reader fills a `Setup` too, so both go through
//! one validation).

use crate::{Board, CastlingSide, Color, FenRepair, File, Piece, Rank, Role, SetupError, Square};

/// A position being set up: pieces, side to move, castling rights, en
/// passant and clocks, turned into a [`Board`] by [`build`](Setup::build).
///
/// Nothing is checked until `build`, which validates exactly as
/// [`Board::from_fen`] does (one king each, no pawn on a back rank, no more
/// material than promotions allow, castling rights with their king and rook,
/// a possible en-passant square, a fullmove number from 1, the side not to
/// move not in check); [`build_lenient`](Setup::build_lenient) repairs what
/// [`Board::from_fen_lenient`] repairs.
///
/// ```
/// use ox88_board::{CastlingSide, Color, Piece, Role, Setup, SetupError, Square};
/// let mut setup = Setup::empty();
/// setup
///     .put(Square::E1, Piece::new(Color::White, Role::King))
///     .put(Square::H1, Piece::new(Color::White, Role::Rook))
///     .put(Square::E8, Piece::new(Color::Black, Role::King))
///     .castle(Color::White, CastlingSide::Short)
///     .set_side_to_move(Color::Black);
/// let board = setup.build()?;
/// assert_eq!(board.fen(), "4k3/8/8/8/8/8/8/4K2R b K - 0 1");
///
/// // Editing an existing position (whose rights come back by rook file):
/// // without its rook, the right is refused until cleared too.
/// let mut edit = board.to_setup();
/// edit.remove(Square::H1);
/// assert_eq!(edit.build(), Err(SetupError::CastlingWithoutPieces { right: 'H' }));
/// edit.clear_castling();
/// assert_eq!(edit.build()?.fen(), "4k3/8/8/8/8/8/8/4K3 b - - 0 1");
/// # Ok::<(), SetupError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    squares: [Option<Piece>; 64],
    side: Color,
    /// Rights by side (X-FEN's `KQkq`: the outermost rook on that side of
    /// the king), bit `2 * color + side`.
    castle_sides: u8,
    /// Rights by rook file (Shredder-FEN's `HAha`), one bit per file, per colour.
    castle_files: [u8; 2],
    en_passant: Option<Square>,
    halfmove_clock: u16,
    fullmove_number: u16,
}

impl Default for Setup {
    fn default() -> Setup {
        Setup::empty()
    }
}

impl Setup {
    /// An empty board, white to move, no castling rights, no en-passant
    /// square, clocks 0 and 1.
    pub fn empty() -> Setup {
        Setup {
            squares: [None; 64],
            side: Color::White,
            castle_sides: 0,
            castle_files: [0; 2],
            en_passant: None,
            halfmove_clock: 0,
            fullmove_number: 1,
        }
    }

    /// The piece on `square`, if any.
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        self.squares[square.index64()]
    }
    /// Puts `piece` on `square`, replacing whatever stood there.
    pub fn put(&mut self, square: Square, piece: Piece) -> &mut Setup {
        self.squares[square.index64()] = Some(piece);
        self
    }
    /// Empties `square`.
    pub fn remove(&mut self, square: Square) -> &mut Setup {
        self.squares[square.index64()] = None;
        self
    }
    /// Takes every piece off the board (the rest stays as it is).
    pub fn clear_pieces(&mut self) -> &mut Setup {
        self.squares = [None; 64];
        self
    }
    /// The side to move.
    pub fn side_to_move(&self) -> Color {
        self.side
    }
    /// Sets the side to move.
    pub fn set_side_to_move(&mut self, color: Color) -> &mut Setup {
        self.side = color;
        self
    }
    /// Grants `color` castling on `side` with the outermost rook on that
    /// side of its king (X-FEN's `K`, `Q`, `k`, `q`; in standard chess, the
    /// rook on the h- or a-file).
    pub fn castle(&mut self, color: Color, side: CastlingSide) -> &mut Setup {
        self.castle_sides |= 1 << (2 * color as u8 + side as u8);
        self
    }
    /// Grants `color` castling with the rook on `rook_file` of its first
    /// rank (Shredder-FEN's file letters, for Chess960 positions with two
    /// rooks on one side of the king).
    pub fn castle_with_rook(&mut self, color: Color, rook_file: File) -> &mut Setup {
        self.castle_files[color.index()] |= 1 << rook_file.index();
        self
    }
    /// Removes every castling right.
    pub fn clear_castling(&mut self) -> &mut Setup {
        self.castle_sides = 0;
        self.castle_files = [0; 2];
        self
    }
    /// The en-passant target square, if any.
    pub fn en_passant(&self) -> Option<Square> {
        self.en_passant
    }
    /// Sets the en-passant target square: the square a pawn of the side not
    /// to move just passed with a double push. As in FEN, the built board
    /// keeps it only where a pawn of the side to move could capture there.
    pub fn set_en_passant(&mut self, square: Option<Square>) -> &mut Setup {
        self.en_passant = square;
        self
    }
    /// The halfmove clock (plies since the last capture or pawn move).
    pub fn halfmove_clock(&self) -> u16 {
        self.halfmove_clock
    }
    /// Sets the halfmove clock.
    pub fn set_halfmove_clock(&mut self, plies: u16) -> &mut Setup {
        self.halfmove_clock = plies;
        self
    }
    /// The fullmove number.
    pub fn fullmove_number(&self) -> u16 {
        self.fullmove_number
    }
    /// Sets the fullmove number (from 1; `build` refuses 0).
    pub fn set_fullmove_number(&mut self, number: u16) -> &mut Setup {
        self.fullmove_number = number;
        self
    }

    /// The board, if the position can be played from; else the first
    /// problem found: material (white's, then black's), pawns on the back
    /// ranks, castling rights, en passant, the fullmove number, and last
    /// whether the side not to move is in check.
    pub fn build(&self) -> Result<Board, SetupError> {
        self.build_with(None)
    }

    /// Like [`build`](Self::build), but repairs what can be repaired
    /// (castling rights whose king or rook is missing, an en-passant square
    /// no double push could have produced, a fullmove number of 0) and lists
    /// what it changed.
    pub fn build_lenient(&self) -> Result<(Board, Vec<FenRepair>), SetupError> {
        let mut repairs = Vec::new();
        let board = self.build_with(Some(&mut repairs))?;
        Ok((board, repairs))
    }

    /// Builds the board; `repairs` is where lenient building records what it
    /// changed (strict building has none and fails instead).
    fn build_with(&self, mut repairs: Option<&mut Vec<FenRepair>>) -> Result<Board, SetupError> {
        self.check_material()?;
        let mut board = Board::empty();
        for square in Square::all() {
            if let Some(piece) = self.piece_at(square) {
                // check_material allows at most 16 pieces a side: room in every list.
                board.add_piece(square, piece);
            }
        }
        board.side = self.side;
        self.resolve_castling(&mut board, &mut repairs)?;
        self.place_en_passant(&mut board, &mut repairs)?;
        board.halfmove_clock = self.halfmove_clock;
        board.fullmove_number = match (self.fullmove_number, repairs) {
            (0, None) => return Err(SetupError::FullmoveNumberZero),
            (0, Some(repairs)) => {
                repairs.push(FenRepair::FullmoveNumberZero);
                1
            }
            (n, _) => n,
        };
        let them = !board.side;
        if board.is_attacked(board.king(them), board.side) {
            return Err(SetupError::OpponentInCheck { color: them });
        }
        board.key = board.compute_key();
        Ok(board)
    }

    fn check_material(&self) -> Result<(), SetupError> {
        // Each side's pieces by role, counted in one pass over the squares
        // (a board made for each rare move of a game's replay is checked
        // so: a pass per role and side cost thousands of instructions).
        let mut counts = [[0; 6]; 2];
        for piece in self.squares.iter().flatten() {
            counts[piece.color().index()][piece.role().index()] += 1;
        }
        for color in Color::ALL {
            let count = |role: Role| counts[color.index()][role.index()];
            let pieces: usize = counts[color.index()].iter().sum();
            let pawns = count(Role::Pawn);
            if pieces > crate::MAX_PIECES {
                return Err(SetupError::TooManyPieces { color, pieces, pawns });
            }
            let kings = count(Role::King);
            if kings != 1 {
                return Err(SetupError::KingCount { color, count: kings });
            }
            // Every piece beyond the initial set must be a promoted pawn.
            let extra = |role, initial: usize| count(role).saturating_sub(initial);
            let promoted =
                extra(Role::Queen, 1) + extra(Role::Rook, 2) + extra(Role::Bishop, 2) + extra(Role::Knight, 2);
            if pawns + promoted > 8 {
                return Err(SetupError::TooManyPieces { color, pieces, pawns });
            }
        }
        for file in File::ALL {
            for rank in [Rank::FIRST, Rank::EIGHTH] {
                let square = Square::from_coords(file, rank);
                if self.piece_at(square).is_some_and(|p| p.role() == Role::Pawn) {
                    return Err(SetupError::PawnOnBackRank { square });
                }
            }
        }
        Ok(())
    }

    /// Turns the requested rights into rook squares: by side first, then by
    /// file from a to h, white before black.
    fn resolve_castling(&self, board: &mut Board, repairs: &mut Option<&mut Vec<FenRepair>>) -> Result<(), SetupError> {
        for color in Color::ALL {
            let back_rank = color.fold(Rank::FIRST, Rank::EIGHTH);
            let king = board.king(color);
            let king_home = king.rank() == back_rank;
            // The requests by side, then by file, granted in that order
            // (no list of them is collected: no allocation).
            for side in CastlingSide::ALL {
                if self.castle_sides & (1 << (2 * color as u8 + side as u8)) != 0 {
                    let letter = match side {
                        CastlingSide::Short => 'K',
                        CastlingSide::Long => 'Q',
                    };
                    let rook = outermost_rook(board, color, side).filter(|_| king_home);
                    grant_castling(board, repairs, color, (letter, side, rook))?;
                }
            }
            for file in File::ALL {
                if self.castle_files[color.index()] & (1 << file.index()) != 0 {
                    let square = Square::from_coords(file, back_rank);
                    let side = if file > king.file() { CastlingSide::Short } else { CastlingSide::Long };
                    let rook =
                        (king_home && board.piece_at(square) == Some(Piece::new(color, Role::Rook))).then_some(square);
                    grant_castling(board, repairs, color, (file.char().to_ascii_uppercase(), side, rook))?;
                }
            }
        }
        Ok(())
    }

    /// Checks the en-passant square and keeps it on the board where a pawn
    /// of the side to move stands beside the pawn that passed it (the rule
    /// Polyglot keys follow).
    fn place_en_passant(&self, board: &mut Board, repairs: &mut Option<&mut Vec<FenRepair>>) -> Result<(), SetupError> {
        let Some(square) = self.en_passant else { return Ok(()) };
        let us = board.side;
        let forward = us.forward();
        // The double-pushed pawn stands in front of the target (from the
        // mover's view), and the target and the square it came from are empty.
        let pushed = square.offset(-forward);
        let origin = square.offset(forward);
        let possible = square.rank() == us.fold(Rank::SIXTH, Rank::THIRD)
            && board.piece_at(square).is_none()
            && origin.is_some_and(|o| board.piece_at(o).is_none())
            && pushed.is_some_and(|p| board.piece_at(p) == Some(Piece::new(!us, Role::Pawn)));
        let Some(pushed) = pushed.filter(|_| possible) else {
            return match repairs {
                None => Err(SetupError::ImpossibleEnPassant { square }),
                Some(repairs) => {
                    repairs.push(FenRepair::ClearedEnPassant { square });
                    Ok(())
                }
            };
        };
        let our_pawn = Some(Piece::new(us, Role::Pawn));
        if [1, -1].iter().any(|&d| pushed.offset(d).and_then(|sq| board.piece_at(sq)) == our_pawn) {
            board.en_passant = Some(square);
        }
        Ok(())
    }
}

/// Grants `color` the castling right its FEN `letter` asks for on `side`
/// with `rook` (`None`: the king is not home, or no rook stands there:
/// an error, or a right dropped where `repairs` are recorded).
fn grant_castling(
    board: &mut Board,
    repairs: &mut Option<&mut Vec<FenRepair>>,
    color: Color,
    (letter, side, rook): (char, CastlingSide, Option<Square>),
) -> Result<(), SetupError> {
    match rook {
        Some(rook) => {
            if board.castling.rook(color, side).is_some() {
                return Err(SetupError::DuplicateCastling { color, side });
            }
            board.castling.set(color, side, rook);
        }
        None => match repairs {
            None => {
                let right = color.fold(letter, letter.to_ascii_lowercase());
                return Err(SetupError::CastlingWithoutPieces { right });
            }
            Some(repairs) => repairs.push(FenRepair::DroppedCastling { color, side: Some(side) }),
        },
    }
    Ok(())
}

/// The rook `color` castles with on `side` under X-FEN's `K`/`Q`: the
/// outermost rook on that side of the king on the king's rank.
pub(crate) fn outermost_rook(board: &Board, color: Color, side: CastlingSide) -> Option<Square> {
    let king = board.king(color);
    let rook = Some(Piece::new(color, Role::Rook));
    let on_rank = |f: u8| Square::from_coords(File::new(f).expect("a file index below 8"), king.rank());
    match side {
        CastlingSide::Short => (king.file().index() + 1..8).rev().map(on_rank).find(|&sq| board.piece_at(sq) == rook),
        CastlingSide::Long => (0..king.file().index()).map(on_rank).find(|&sq| board.piece_at(sq) == rook),
    }
}

impl Board {
    /// This position as a [`Setup`], to edit and build again. Castling
    /// rights are given by rook file, so that they come back exactly.
    pub fn to_setup(&self) -> Setup {
        let mut setup = Setup::empty();
        for square in Square::all() {
            if let Some(piece) = self.piece_at(square) {
                setup.put(square, piece);
            }
        }
        for (color, _, rook) in self.castling.iter() {
            setup.castle_with_rook(color, rook.file());
        }
        setup
            .set_side_to_move(self.side)
            .set_en_passant(self.en_passant)
            .set_halfmove_clock(self.halfmove_clock)
            .set_fullmove_number(self.fullmove_number);
        setup
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boards_round_trip_through_a_setup() {
        for fen in [
            crate::STARTPOS_FEN,
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
            "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 40",
        ] {
            let board = Board::from_fen(fen).unwrap();
            assert_eq!(board.to_setup().build(), Ok(board.clone()), "{fen}");
        }
    }

    #[test]
    fn lenient_building_repairs() {
        let mut setup = Board::startpos().to_setup();
        setup.remove(Square::H1).set_en_passant(Some(Square::E6)).set_fullmove_number(0);
        assert_eq!(setup.build(), Err(SetupError::CastlingWithoutPieces { right: 'H' }));
        let (board, repairs) = setup.build_lenient().unwrap();
        assert_eq!(board.fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w Qkq - 0 1");
        assert_eq!(
            repairs,
            [
                FenRepair::DroppedCastling { color: Color::White, side: Some(CastlingSide::Short) },
                FenRepair::ClearedEnPassant { square: Square::E6 },
                FenRepair::FullmoveNumberZero
            ]
        );
    }

    #[test]
    fn two_rights_on_one_side_are_refused() {
        let mut setup = Board::from_fen("4k3/8/8/8/8/8/8/4KR1R w - - 0 1").unwrap().to_setup();
        setup.castle(Color::White, CastlingSide::Short).castle_with_rook(Color::White, File::F);
        assert_eq!(
            setup.build(),
            Err(SetupError::DuplicateCastling { color: Color::White, side: CastlingSide::Short })
        );
    }

    #[test]
    fn seventeen_pieces_are_counted_exactly() {
        let mut setup = Setup::empty();
        for square in Square::all().take(17) {
            setup.put(square, Piece::new(Color::White, Role::Knight));
        }
        assert_eq!(setup.build(), Err(SetupError::TooManyPieces { color: Color::White, pieces: 17, pawns: 0 }));
    }
}
