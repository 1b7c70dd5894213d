//! The network's inputs: which of the 768 features a piece on a square is,
//! from each side's perspective, and which features a move changes.

use ox88_board::{Board, Color, Move, MoveKind, Piece, Role, Square};

/// The input a `piece` on `square` sets, seen from `perspective`: its colour
/// relative to the perspective (own pieces first), its role, and its square,
/// mirrored top to bottom for Black, so that both sides see their own pieces
/// as White sees White's. The result is below [`INPUTS`](super::INPUTS).
///
/// ```
/// use ox88_board::{Color, Piece, Role, Square};
/// use ox88_eval::nnue::feature_index;
/// let white_pawn = Piece::new(Color::White, Role::Pawn);
/// let black_pawn = Piece::new(Color::Black, Role::Pawn);
/// // White's pawn on e2 is to White what Black's pawn on e7 is to Black.
/// assert_eq!(feature_index(Color::White, white_pawn, Square::E2), feature_index(Color::Black, black_pawn, Square::E7));
/// assert_eq!(feature_index(Color::White, white_pawn, Square::E2), 12);
/// assert_eq!(feature_index(Color::Black, white_pawn, Square::E2), 384 + 52);
/// ```
#[inline(always)]
pub fn feature_index(perspective: Color, piece: Piece, square: Square) -> usize {
    let relative = usize::from(piece.color() != perspective);
    let square = match perspective {
        Color::White => square.index64(),
        Color::Black => square.index64() ^ 56,
    };
    relative * 384 + piece.role().index() * 64 + square
}

/// Both perspectives' feature indices of a piece on a square.
#[inline(always)]
fn both(piece: Piece, square: Square) -> [u16; 2] {
    [feature_index(Color::White, piece, square) as u16, feature_index(Color::Black, piece, square) as u16]
}

/// The features a move sets and clears: at most two of each (castling moves
/// two pieces; a capture moves one and removes another).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct FeatureDelta {
    /// Indexed `[n][perspective]`; the first `adds` are used.
    added: [[u16; 2]; 2],
    removed: [[u16; 2]; 2],
    adds: u8,
    removes: u8,
}

impl FeatureDelta {
    /// No change (a null move).
    pub const NONE: FeatureDelta = FeatureDelta { added: [[0; 2]; 2], removed: [[0; 2]; 2], adds: 0, removes: 0 };

    fn add(&mut self, piece: Piece, square: Square) {
        self.added[usize::from(self.adds)] = both(piece, square);
        self.adds += 1;
    }

    fn remove(&mut self, piece: Piece, square: Square) {
        self.removed[usize::from(self.removes)] = both(piece, square);
        self.removes += 1;
    }

    /// What playing `m`, a legal move, changes in `board` (the position
    /// before the move).
    #[inline]
    pub fn of_move(board: &Board, m: Move) -> FeatureDelta {
        let mut delta = FeatureDelta::NONE;
        let (from, to) = (m.from(), m.to());
        let piece = board.piece_at(from).expect("a legal move has a moving piece");
        delta.remove(piece, from);
        match m.kind() {
            MoveKind::Quiet | MoveKind::DoublePush => delta.add(piece, to),
            MoveKind::Capture => {
                delta.add(piece, to);
                delta.remove(board.piece_at(to).expect("a capture has a victim"), to);
            }
            MoveKind::EnPassant => {
                delta.add(piece, to);
                let victim = Square::from_coords(to.file(), from.rank());
                delta.remove(Piece::new(!piece.color(), Role::Pawn), victim);
            }
            MoveKind::CastleShort | MoveKind::CastleLong => {
                // The move's `to` is the rook (Chess960 encoding).
                let rook = Piece::new(piece.color(), Role::Rook);
                delta.remove(rook, to);
                delta.add(piece, m.castle_king_target());
                delta.add(rook, m.castle_rook_target());
            }
            MoveKind::Promotion(role) => delta.add(Piece::new(piece.color(), role), to),
            MoveKind::PromotionCapture(role) => {
                delta.add(Piece::new(piece.color(), role), to);
                delta.remove(board.piece_at(to).expect("a capture has a victim"), to);
            }
        }
        delta
    }

    /// The features set, for `perspective` (index of [`Color`]).
    #[inline(always)]
    pub fn added(&self, perspective: usize) -> impl Iterator<Item = usize> + '_ {
        self.added[..usize::from(self.adds)].iter().map(move |f| usize::from(f[perspective]))
    }

    /// The features cleared, for `perspective`.
    #[inline(always)]
    pub fn removed(&self, perspective: usize) -> impl Iterator<Item = usize> + '_ {
        self.removed[..usize::from(self.removes)].iter().map(move |f| usize::from(f[perspective]))
    }

    /// `(sets, clears)`: how many features of each.
    #[inline(always)]
    pub fn counts(&self) -> (u8, u8) {
        (self.adds, self.removes)
    }

    /// The `n`th feature set, for `perspective`.
    #[inline(always)]
    pub fn add_at(&self, n: usize, perspective: usize) -> usize {
        usize::from(self.added[n][perspective])
    }

    /// The `n`th feature cleared, for `perspective`.
    #[inline(always)]
    pub fn remove_at(&self, n: usize, perspective: usize) -> usize {
        usize::from(self.removed[n][perspective])
    }
}

/// The features of every piece on `board`, for `perspective`.
pub(crate) fn active_features(board: &Board, perspective: Color) -> impl Iterator<Item = usize> + '_ {
    Color::ALL.into_iter().flat_map(move |color| {
        board.pieces(color).iter().map(move |&square| {
            let piece = board.piece_at(square).expect("a listed square holds a piece");
            feature_index(perspective, piece, square)
        })
    })
}
