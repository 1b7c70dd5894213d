//! [`SanReplay`]: the lean state a game's reader replays SAN moves on when
//! it wants each move and its index but not the whole [`Board`].
//!
//! A `Board` keeps a mailbox, piece lists, a Zobrist key and an undo
//! record up to date on every move; resolving and indexing the usual SAN
//! move on bitboards (`san_bitboards`) reads none of them. The lean state
//! is the pieces as sets ([`PieceSets`]), the side to move, the castling
//! rights, the en-passant square and the kings' squares: a move is played
//! on it with a few dozen instructions. The rare move the bitboard path
//! does not take (double check, a promotion where en passant is possible,
//! Chess960 castling, an error) is answered by the general path on a
//! `Board` made from the state for that move alone.

use crate::index_count::{pawn_attacks, Bitboard, FILE_A, FILE_H, KNIGHT_TARGETS};
use crate::slider_attacks::{diagonal, straight};
use crate::PieceSets;
use ox88_board::{Board, CastlingRights, Color, Move, MoveKind, Piece, Role, Setup, Square};

/// For each role (by its number), which of the sets of [`PieceSets`]
/// (pawns, knights, diagonal sliders, straight sliders) hold its pieces:
/// all squares where they do, none where not (a table, where tests of the
/// role took a compare and a conditional move a set).
const MOVER_SETS: [[Bitboard; 4]; 7] = {
    let mut table = [[0; 4]; 7];
    table[Role::Pawn as usize][0] = !0;
    table[Role::Knight as usize][1] = !0;
    table[Role::Bishop as usize][2] = !0;
    table[Role::Rook as usize][3] = !0;
    table[Role::Queen as usize] = [0, 0, !0, !0];
    table
};

/// The first and last ranks, where the castling rooks stand.
const BACK_RANKS: Bitboard = 0xff00_0000_0000_00ff;

/// A position as a game's reader replays SAN on it: the pieces as sets,
/// the side to move, the castling rights, the en-passant square (set, as
/// the [`Board`]'s, only when an enemy pawn stands beside the pushed one)
/// and the kings' squares. No clocks, no key, no mailbox.
///
/// [`resolve`](SanReplay::resolve) gives the move a SAN names and its
/// index, as [`resolve_san_indexed`](crate::resolve_san_indexed) does on
/// the board (errors included), and [`play`](SanReplay::play) makes it.
///
/// ```
/// use ox88_board::{Board, CastlingMode};
/// use ox88_movegen::{append_uci, resolve_san_indexed, SanReplay};
/// let mut board = Board::startpos();
/// let mut replay = SanReplay::of(&board);
/// let mut uci = Vec::new();
/// for san in ["e4", "d5", "exd5", "Qxd5", "Nc3"] {
///     let (m, index) = replay.resolve(san.parse()?)?;
///     assert_eq!(resolve_san_indexed(&board, san.parse()?)?, (m, index));
///     append_uci(&mut uci, m, CastlingMode::Standard);
///     uci.push(b' ');
///     replay.play(m);
///     board.make_move_unchecked(m);
/// }
/// assert_eq!(replay, SanReplay::of(&board));
/// assert_eq!(uci, b"e2e4 d7d5 e4d5 d8d5 b1c3 ");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SanReplay {
    pub(crate) sets: PieceSets,
    pub(crate) side: Color,
    pub(crate) castling: CastlingRights,
    pub(crate) en_passant: Option<Square>,
    /// Each side's king's square (a1 = 0), by [`Color::index`].
    pub(crate) kings: [u8; 2],
}

impl SanReplay {
    /// The state of `board`.
    pub fn of(board: &Board) -> SanReplay {
        SanReplay::with_sets(board, PieceSets::of(board))
    }

    /// The state of `board`, whose pieces are `sets`.
    #[inline(always)]
    pub(crate) fn with_sets(board: &Board, sets: PieceSets) -> SanReplay {
        let king = |color| board.king(color).index64() as u8;
        SanReplay {
            sets,
            side: board.side_to_move(),
            castling: *board.castling(),
            en_passant: board.en_passant(),
            kings: [king(Color::White), king(Color::Black)],
        }
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// The square of `color`'s king.
    pub fn king(&self, color: Color) -> Square {
        square(usize::from(self.kings[color.index()]))
    }

    /// The castling rights.
    pub fn castling(&self) -> &CastlingRights {
        &self.castling
    }

    /// The en-passant square: set only when a pawn of the side to move
    /// stands beside the pawn that just made its double push.
    pub fn en_passant(&self) -> Option<Square> {
        self.en_passant
    }

    /// The pieces as sets.
    pub fn sets(&self) -> &PieceSets {
        &self.sets
    }

    /// The board of this position (halfmove clock 0, fullmove number 1).
    /// Panics if the state is not a valid position, which only playing
    /// moves that were not legal makes it.
    pub fn board(&self) -> Board {
        let mut setup = Setup::empty();
        for color in Color::ALL {
            let mut pieces = self.sets.colors[color.index()];
            while pieces != 0 {
                let index = pieces.trailing_zeros() as usize;
                pieces &= pieces - 1;
                setup.put(square(index), Piece::new(color, self.role_at(1 << index)));
            }
        }
        for (color, _, rook) in self.castling.iter() {
            setup.castle_with_rook(color, rook.file());
        }
        setup.set_side_to_move(self.side).set_en_passant(self.en_passant);
        // The state is a board's (`of`) with legal moves played on it, as
        // a board plays them: the position passes the board's validation.
        setup.build().expect("a replayed position is a valid board")
    }

    /// The role of the piece on `square` (one of ours or theirs).
    fn role_at(&self, square: Bitboard) -> Role {
        let sets = &self.sets;
        match (sets.diagonal & square != 0, sets.straight & square != 0) {
            (true, true) => Role::Queen,
            (true, false) => Role::Bishop,
            (false, true) => Role::Rook,
            _ if sets.pawns & square != 0 => Role::Pawn,
            _ if sets.knights & square != 0 => Role::Knight,
            _ => Role::King,
        }
    }

    /// Whether the side to move is in check.
    pub fn in_check(&self) -> bool {
        let us = self.side;
        let sets = &self.sets;
        let (theirs, occupied) = (sets.colors[(!us).index()], sets.colors[0] | sets.colors[1]);
        let king = usize::from(self.kings[us.index()]);
        let attackers = sets.knights & KNIGHT_TARGETS[king]
            | sets.pawns & pawn_attacks(us, 1 << king)
            | sets.diagonal & diagonal(king, occupied)
            | sets.straight & straight(king, occupied);
        attackers & theirs != 0
    }

    /// Plays `m`, a legal move here (as [`resolve`](Self::resolve) gives
    /// it), as [`Board::make_move_unchecked`] plays it. Another move leaves
    /// a state that means nothing: no panic here, but [`board`](Self::board)
    /// (and so `resolve`'s rare path) may then find no valid board and
    /// panic.
    #[inline]
    pub fn play(&mut self, m: Move) {
        let us = self.side.index();
        let raw = m.to_raw();
        let (from_index, to_index) = (usize::from(raw & 63), usize::from(raw >> 6 & 63));
        let (from, to): (Bitboard, Bitboard) = (1 << from_index, 1 << to_index);
        let king_moves = from_index == usize::from(self.kings[us]);
        self.en_passant = None;
        let sets = &mut self.sets;
        match m.kind() {
            MoveKind::CastleShort | MoveKind::CastleLong => {
                // The king leaves its square and the rook its own (`to`),
                // then both land; in Chess960 a target may be either start.
                let (king, rook) = (m.castle_king_target().index64(), m.castle_rook_target().index64());
                sets.colors[us] = sets.colors[us] & !(from | to) | 1 << king | 1 << rook;
                sets.straight = sets.straight & !to | 1 << rook;
                self.kings[us] = king as u8;
            }
            kind => {
                // The captured piece's square: the destination, or the
                // square behind it for en passant.
                let taken = match kind {
                    MoveKind::EnPassant => 1 << (to_index ^ 8),
                    _ => to,
                };
                let off = !(from | to | taken);
                sets.colors[us] = sets.colors[us] & !from | to;
                sets.colors[1 - us] &= off;
                match m.promotion() {
                    // Each set loses the squares left and taken, and gains
                    // the destination if the moving piece was in it.
                    None => {
                        let lands = |set: Bitboard| set & off | (set >> from_index & 1) << to_index;
                        sets.pawns = lands(sets.pawns);
                        sets.knights = lands(sets.knights);
                        sets.diagonal = lands(sets.diagonal);
                        sets.straight = lands(sets.straight);
                    }
                    Some(role) => {
                        let to_if = |wanted: bool| if wanted { to } else { 0 };
                        sets.pawns &= off;
                        sets.knights = sets.knights & off | to_if(role == Role::Knight);
                        sets.diagonal = sets.diagonal & off | to_if(matches!(role, Role::Bishop | Role::Queen));
                        sets.straight = sets.straight & off | to_if(matches!(role, Role::Rook | Role::Queen));
                    }
                }
                if king_moves {
                    self.kings[us] = to_index as u8;
                }
                if kind == MoveKind::DoublePush {
                    let beside = (to << 1 & !FILE_A | to >> 1 & !FILE_H) & sets.pawns & sets.colors[1 - us];
                    if beside != 0 {
                        self.en_passant = Some(square((from_index + to_index) / 2));
                    }
                }
            }
        }
        // Rights change only when the king moves or something leaves or
        // lands on a first or last rank square (a castling rook's).
        if !self.castling.is_empty() && (king_moves || (from | to) & BACK_RANKS != 0) {
            if king_moves {
                self.castling.clear_color(self.side);
            }
            self.castling.clear_rook_square(square(from_index));
            self.castling.clear_rook_square(square(to_index));
        }
        self.side = !self.side;
    }

    /// Plays the move from `from_index` to `to_index` (a1 = 0) as
    /// [`play`](Self::play) does, where the bitboard path has just found it
    /// legal and knows what `play` would work out again: the side to move
    /// is `us`, the moving piece a `role`, and the move is neither castling,
    /// en passant nor a promotion. Each set loses the destination (a
    /// capture) and the mover's sets swap its two squares: no decoding of
    /// the move's kind, no test of which set held the piece. Always inlined
    /// into the path that found the move, where `us` is a constant.
    #[inline(always)]
    pub(crate) fn play_found(&mut self, us: Color, role: Role, from_index: usize, to_index: usize) {
        let (from, to): (Bitboard, Bitboard) = (1 << from_index, 1 << to_index);
        let sets = &mut self.sets;
        sets.colors[us.index()] = sets.colors[us.index()] & !from | to;
        sets.colors[(!us).index()] &= !to;
        let [pawns, knights, diagonal, straight] = MOVER_SETS[role as usize].map(|mover| mover & (from | to));
        sets.pawns = sets.pawns & !to ^ pawns;
        sets.knights = sets.knights & !to ^ knights;
        sets.diagonal = sets.diagonal & !to ^ diagonal;
        sets.straight = sets.straight & !to ^ straight;
        let king_moves = role == Role::King;
        if king_moves {
            self.kings[us.index()] = to_index as u8;
        }
        self.en_passant = None;
        if role == Role::Pawn && from_index.abs_diff(to_index) == 16 {
            let beside = (to << 1 & !FILE_A | to >> 1 & !FILE_H) & sets.pawns & sets.colors[(!us).index()];
            if beside != 0 {
                self.en_passant = Some(square((from_index + to_index) / 2));
            }
        }
        if !self.castling.is_empty() && (king_moves || (from | to) & BACK_RANKS != 0) {
            if king_moves {
                self.castling.clear_color(us);
            }
            self.castling.clear_rook_square(square(from_index));
            self.castling.clear_rook_square(square(to_index));
        }
        self.side = !us;
    }

    /// Plays a null move (the side to move passes), as
    /// [`Board::make_null_move`] does: the en-passant square goes.
    pub fn play_null(&mut self) {
        self.en_passant = None;
        self.side = !self.side;
    }
}

/// The square of a bitboard's index (always one).
#[inline(always)]
fn square(index: usize) -> Square {
    Square::from_index64(index as u8).expect("a bitboard index is a square")
}

#[cfg(test)]
#[path = "san_replay_tests.rs"]
mod tests;
