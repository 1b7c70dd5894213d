//! The network's inputs: which of the 768 features (times the king
//! buckets) a piece on a square is, from each side's perspective, and which
//! features a move changes.

use super::king_buckets::{KingBuckets, View};
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
    index_in(View::of(perspective), perspective, piece, square)
}

/// The input a `piece` on `square` sets, seen from `perspective` whose king
/// stands on `king`, in a network of `king_buckets`: the bucket's first
/// input plus [`feature_index`] of the square as that perspective sees it
/// (mirrored left to right when its king is on files e-h, if the layout
/// mirrors). The result is below [`KingBuckets::inputs`].
///
/// ```
/// use ox88_board::{Color, Piece, Role, Square};
/// use ox88_eval::nnue::{bucketed_feature_index, feature_index, KingBuckets, INPUTS};
/// let pawn = Piece::new(Color::White, Role::Pawn);
/// let none = KingBuckets::NONE;
/// assert_eq!(bucketed_feature_index(&none, Color::White, Square::G1, pawn, Square::E2), feature_index(Color::White, pawn, Square::E2));
/// // With the king on g1 and the second rank as bucket 2, the board is
/// // mirrored: e2 is seen as d2.
/// let four = KingBuckets::named("4").unwrap();
/// assert_eq!(bucketed_feature_index(&four, Color::White, Square::G2, pawn, Square::E2), 2 * INPUTS + 11);
/// ```
#[inline]
pub fn bucketed_feature_index(
    king_buckets: &KingBuckets,
    perspective: Color,
    king: Square,
    piece: Piece,
    square: Square,
) -> usize {
    index_in(king_buckets.view(perspective, king), perspective, piece, square)
}

/// The input of `piece` on `square` for `perspective`, seen through `view`.
#[inline(always)]
fn index_in(view: View, perspective: Color, piece: Piece, square: Square) -> usize {
    let relative = usize::from(piece.color() != perspective);
    usize::from(view.offset) + relative * 384 + piece.role().index() * 64 + (square.index64() ^ usize::from(view.flip))
}

/// Both perspectives' feature indices of a piece on a square.
#[inline(always)]
fn both(views: &[View; 2], piece: Piece, square: Square) -> [u16; 2] {
    [index_in(views[0], Color::White, piece, square) as u16, index_in(views[1], Color::Black, piece, square) as u16]
}

/// Both perspectives' views without king buckets.
const UNBUCKETED: [View; 2] = [View::of(Color::White), View::of(Color::Black)];

/// The features a move sets and clears: at most two of each (castling moves
/// two pieces; a capture moves one and removes another).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct FeatureDelta {
    /// Indexed `[n][perspective]`; the first `adds` are used.
    added: [[u16; 2]; 2],
    removed: [[u16; 2]; 2],
    adds: u8,
    removes: u8,
    /// Bit `p` set: the move changed perspective `p`'s king bucket or
    /// mirroring, so its accumulator is computed from scratch (at make
    /// time, [`refresh_view`](super::accumulator::Accumulator::refresh_view))
    /// rather than updated.
    refreshed: u8,
}

impl FeatureDelta {
    /// No change (a null move).
    pub const NONE: FeatureDelta =
        FeatureDelta { added: [[0; 2]; 2], removed: [[0; 2]; 2], adds: 0, removes: 0, refreshed: 0 };

    #[inline(always)]
    fn add(&mut self, views: &[View; 2], piece: Piece, square: Square) {
        self.added[usize::from(self.adds)] = both(views, piece, square);
        self.adds += 1;
    }

    #[inline(always)]
    fn remove(&mut self, views: &[View; 2], piece: Piece, square: Square) {
        self.removed[usize::from(self.removes)] = both(views, piece, square);
        self.removes += 1;
    }

    /// What playing `m`, a legal move, changes in `board` (the position
    /// before the move), for a network without king buckets.
    #[inline]
    pub fn of_move(board: &Board, m: Move) -> FeatureDelta {
        FeatureDelta::of_move_in(board, m, &UNBUCKETED)
    }

    /// What playing `m` changes in `board` for a network of
    /// `king_buckets`, with the perspectives' views after the move: a king
    /// move that changes its side's bucket or mirroring marks that side
    /// [`refreshed`](FeatureDelta::refreshed), and its features are then
    /// those of its new view. Also returns the views after the move.
    #[inline]
    pub fn of_bucketed_move(board: &Board, m: Move, king_buckets: &KingBuckets) -> (FeatureDelta, [View; 2]) {
        let mut views = king_buckets.views(board);
        let mover = board.side_to_move();
        let mut refreshed = 0;
        if board.piece_at(m.from()).is_some_and(|piece| piece.role() == Role::King) {
            let king = if m.is_castle() { m.castle_king_target() } else { m.to() };
            let view = king_buckets.view(mover, king);
            if view != views[mover.index()] {
                views[mover.index()] = view;
                refreshed = 1 << mover.index();
            }
        }
        let mut delta = FeatureDelta::of_move_in(board, m, &views);
        delta.refreshed = refreshed;
        (delta, views)
    }

    /// What playing `m` changes in `board`, with each perspective seen
    /// through `views`.
    #[inline(always)]
    fn of_move_in(board: &Board, m: Move, views: &[View; 2]) -> FeatureDelta {
        let mut delta = FeatureDelta::NONE;
        let (from, to) = (m.from(), m.to());
        let piece = board.piece_at(from).expect("a legal move has a moving piece");
        delta.remove(views, piece, from);
        match m.kind() {
            MoveKind::Quiet | MoveKind::DoublePush => delta.add(views, piece, to),
            MoveKind::Capture => {
                delta.add(views, piece, to);
                delta.remove(views, board.piece_at(to).expect("a capture has a victim"), to);
            }
            MoveKind::EnPassant => {
                delta.add(views, piece, to);
                let victim = Square::from_coords(to.file(), from.rank());
                delta.remove(views, Piece::new(!piece.color(), Role::Pawn), victim);
            }
            MoveKind::CastleShort | MoveKind::CastleLong => {
                // The move's `to` is the rook (Chess960 encoding).
                let rook = Piece::new(piece.color(), Role::Rook);
                delta.remove(views, rook, to);
                delta.add(views, piece, m.castle_king_target());
                delta.add(views, rook, m.castle_rook_target());
            }
            MoveKind::Promotion(role) => delta.add(views, Piece::new(piece.color(), role), to),
            MoveKind::PromotionCapture(role) => {
                delta.add(views, Piece::new(piece.color(), role), to);
                delta.remove(views, board.piece_at(to).expect("a capture has a victim"), to);
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

    /// Whether perspective `p` (index of [`Color`]) is computed from
    /// scratch at this move rather than updated.
    #[inline(always)]
    pub fn refreshed(&self, perspective: usize) -> bool {
        self.refreshed & (1 << perspective) != 0
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

/// The features of every piece on `board`, for `perspective` seen through
/// `view`.
pub(crate) fn active_features(board: &Board, perspective: Color, view: View) -> impl Iterator<Item = usize> + '_ {
    Color::ALL.into_iter().flat_map(move |color| {
        board.pieces(color).iter().map(move |&square| {
            let piece = board.piece_at(square).expect("a listed square holds a piece");
            index_in(view, perspective, piece, square)
        })
    })
}
