//! A move as its index among the legal moves of its position: one byte a
//! move, decoded by any chess library (ox88-db's `move_indices` column and
//! ox88-train's chain files both store moves so).
//!
//! The order is fixed by the rules alone, never by how a generator lists
//! the moves: by origin square (a1 = 0, b1 = 1, …, h8 = 63), then
//! destination square, then promotion (none, knight, bishop, rook, queen).
//! Castling is the king's move to its rook's square (as Chess960's UCI
//! writes it); in standard chess this is also the order of UCI's `e1g1` and
//! `e1c1`, since no other king move lands between the king's target and the
//! rook's square. So another library decodes an index by sorting its legal
//! moves by `(from, to, promotion)` and taking the n-th (python-chess:
//! `sorted(board.legal_moves, key=lambda m: (m.from_square, m.to_square,
//! m.promotion or 0))`, with castling as the king taking its rook).

use crate::generate::{generate_from_into, special_moves_into};
use crate::index_count;
use crate::origin_count::count_before;
use crate::san_resolve::{resolve_with, Analysed};
use crate::{KingSafety, MoveGen, MoveList, MoveSink, PieceSets, Position, San, SanError, SanReplay};
use ox88_board::{Board, Move, Role, Square};

/// The order's key of a move: origin, destination, promotion.
#[inline(always)]
fn order_key(m: Move) -> u16 {
    let promotion = m.promotion().map_or(0, |role| role as u16);
    origin(m) << 9 | (m.to_raw() >> 6 & 63) << 3 | promotion
}

/// The move's origin square, a1 = 0 (read from the move's bits: no
/// conversion to a [`Square`] and back).
#[inline(always)]
fn origin(m: Move) -> u16 {
    m.to_raw() & 63
}

/// Counts the en-passant captures and castling moves of the pieces on the
/// squares before `limit` (a1 = 0): the moves that
/// [`index_count`](crate::index_count) leaves to the generator, which hands
/// them over one by one (en passant whatever the sink wants, so it is
/// filtered by origin here).
struct Before {
    /// The square, and its index (a1 = 0); squares compare in that order.
    limit: Square,
    limit_index: u16,
    count: usize,
}

impl MoveSink for Before {
    #[inline(always)]
    fn wants_from(&self, from: Square) -> bool {
        from < self.limit
    }
    #[inline(always)]
    fn push(&mut self, m: Move) {
        self.count += usize::from(origin(m) < self.limit_index);
    }
}

/// Counts the legal moves of the piece on `target`'s origin that come
/// before `target` in the order, and whether `target` is among them (the
/// piece's moves alone are generated).
struct Origin {
    target: Move,
    key: u16,
    from_index: u16,
    count: usize,
    found: bool,
}

impl MoveSink for Origin {
    #[inline(always)]
    fn push(&mut self, m: Move) {
        // En passant may come from another pawn than the one wanted.
        self.count += usize::from(origin(m) == self.from_index && order_key(m) < self.key);
        self.found |= m == self.target;
    }
}

/// The index of `m` among the legal moves of `board` in the module's order,
/// or `None` if `m` is not legal there. Only the moves of the pieces on
/// squares up to `m`'s origin are generated, and none is kept or sorted:
/// those of the pieces before the origin are only counted (a run along a
/// ray added without a move built), and only the moving piece's are
/// compared with `m`.
///
/// ```
/// use ox88_board::{Board, CastlingMode};
/// use ox88_movegen::{move_at_index, move_index, Notation};
/// let board = Board::startpos();
/// let e4 = board.parse_uci("e2e4", CastlingMode::Standard)?;
/// let index = move_index(&board, e4).unwrap();
/// assert_eq!(move_at_index(&board, index), Some(e4));
/// assert_eq!(move_at_index(&board, 20), None); // 20 legal moves: 0 to 19
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[inline]
pub fn move_index(board: &Board, m: Move) -> Option<u8> {
    if board.piece_at(m.from()).is_none_or(|piece| piece.color() != board.side_to_move()) {
        return None;
    }
    let safety = KingSafety::of(board);
    let evasions = safety.evasions(board.king(board.side_to_move()).index0x88() as u8);
    index_with(board, &safety, evasions, m)
}

/// [`move_index`] with the king's safety already analysed: the moving
/// piece's moves are compared with `m`, then the moves of the pieces
/// before its origin are counted.
#[inline(always)]
fn index_with(board: &Board, safety: &KingSafety, evasions: u128, m: Move) -> Option<u8> {
    let mut at_origin = Origin { target: m, key: order_key(m), from_index: origin(m), count: 0, found: false };
    generate_from_into(board, safety, m.from(), &mut at_origin);
    at_origin.found.then(|| index_after(board, safety, evasions, m, at_origin.count))?
}

/// [`index_with`] for a move known to be legal: the moving piece's moves
/// before it counted by arithmetic where that is exact
/// ([`origin_count`](crate::origin_count), which reads the check's
/// `evasions`), else generated.
#[inline(always)]
fn index_of_legal(board: &Board, safety: &KingSafety, evasions: u128, m: Move) -> Option<u8> {
    match count_before(board, safety, evasions, m) {
        Some(count) => index_after(board, safety, evasions, m, count),
        None => index_with(board, safety, evasions, m),
    }
}

/// The index of `m`, `count` legal moves of its piece coming before it:
/// the moves of the pieces before its origin are added, counted on
/// bitboards ([`index_count`](crate::index_count)) but for en passant and
/// castling, which the generator hands over.
#[inline(always)]
fn index_after(board: &Board, safety: &KingSafety, evasions: u128, m: Move, count: usize) -> Option<u8> {
    let count = count + index_count::count_before(board, safety, evasions, m.from());
    let mut before = Before { limit: m.from(), limit_index: origin(m), count };
    special_moves_into(board, safety, &mut before);
    // At most 218 legal moves: the count fits a byte.
    u8::try_from(before.count).ok()
}

/// The legal move that `san` names on `board` (as
/// [`Notation::resolve_san`](crate::Notation::resolve_san) finds it) and
/// its [`move_index`], from one analysis of the king's safety: the
/// candidates' legality is read from it (pins, checks, the king's safe
/// squares) rather than tested one by one, and the index's generation uses
/// it again; the moving piece's moves before it are mostly counted by
/// arithmetic on its rays and jumps. Reading a game's moves into one byte
/// each is mostly this.
///
/// ```
/// use ox88_board::Board;
/// use ox88_movegen::{move_at_index, resolve_san_indexed, San};
/// let board = Board::startpos();
/// let san: San = "Nf3".parse()?;
/// let (m, index) = resolve_san_indexed(&board, san)?;
/// assert_eq!(m.to_string(), "g1f3");
/// assert_eq!(move_at_index(&board, index), Some(m));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[inline]
pub fn resolve_san_indexed(board: &Board, san: San) -> Result<(Move, u8), SanError> {
    resolve_san_indexed_with(board, &PieceSets::of(board), san)
}

/// [`resolve_san_indexed`] with the board's pieces as sets already at
/// hand: a game's reader that keeps its [`PieceSets`] up to date move by
/// move saves reading them from the board each move. `sets` must be
/// `board`'s (debug builds check it).
#[inline]
pub fn resolve_san_indexed_with(board: &Board, sets: &PieceSets, san: San) -> Result<(Move, u8), SanError> {
    debug_assert_eq!(*sets, PieceSets::of(board), "the sets are not the board's");
    // Most moves of a game: on bitboards.
    match crate::san_bitboards::resolve_indexed(&SanReplay::with_sets(board, *sets), san) {
        Some(found) => Ok(found),
        None => resolve_general_indexed(board, san),
    }
}

/// [`resolve_san_indexed`]'s general path, for what the bitboard path does
/// not take (errors included). Never inlined: the caller of the usual path
/// then saves and restores few registers.
#[inline(never)]
pub(crate) fn resolve_general_indexed(board: &Board, san: San) -> Result<(Move, u8), SanError> {
    // The king's safe squares are read only by a king move and by counting
    // the king's moves, which come before those of a piece on a later
    // square: for a move to a square before the king's (most of Black's),
    // the checks and pins are likely enough, and the rest is found only if
    // the move turns out to start at or after the king.
    let king = board.king(board.side_to_move());
    let partial = match san {
        San::Normal { role, to, .. } => role != Role::King && to < king,
        _ => false,
    };
    let first = if partial { KingSafety::checks_and_pins(board) } else { KingSafety::of(board) };
    let legality = Analysed::new(board, &first);
    let m = resolve_with(board, san, &legality)?;
    let whole;
    let safety = if partial && m.from() >= king {
        whole = KingSafety::of(board);
        &whole
    } else {
        &first
    };
    // A legal move has an index (and at most 218 come before it).
    // The check's evasions are the same in either analysis.
    let index = index_of_legal(board, safety, legality.evasions, m).expect("a resolved move is legal");
    Ok((m, index))
}

impl SanReplay {
    /// The legal move that `san` names here and its index in
    /// [`move_index`](crate::move_index)'s order, or why there is none:
    /// the answer of [`resolve_san_indexed`](crate::resolve_san_indexed)
    /// on the board of this state. One thing may differ: the order of the
    /// candidates of [`SanError::Ambiguous`], which follows the board's
    /// piece lists (their order is the game's history, which the state
    /// does not keep); a caller who must write that error as the board
    /// would asks the board (rebuilt from the game's moves).
    #[inline]
    pub fn resolve(&self, san: San) -> Result<(Move, u8), SanError> {
        match crate::san_bitboards::resolve_indexed(self, san) {
            Some(found) => Ok(found),
            None => self.resolve_general(san),
        }
    }

    /// [`resolve`](Self::resolve), and the move found
    /// [`play`](Self::play)ed here (nothing changes on an error): what a
    /// game's reader does with each move, with less work than the two
    /// calls.
    ///
    /// ```
    /// use ox88_movegen::SanReplay;
    /// let mut replay = SanReplay::of(&ox88_board::Board::startpos());
    /// let (m, index) = replay.resolve_and_play("Nf3".parse()?)?;
    /// assert_eq!((m.to_string().as_str(), index), ("g1f3", 2));
    /// assert!(replay.resolve_and_play("Nf3".parse()?).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn resolve_and_play(&mut self, san: San) -> Result<(Move, u8), SanError> {
        match crate::san_bitboards::resolve_indexed_and_play(self, san) {
            Some(found) => Ok(found),
            None => {
                let found = self.resolve_general(san)?;
                self.play(found.0);
                Ok(found)
            }
        }
    }

    /// [`resolve`](Self::resolve)'s rare path, on a board made for it.
    #[inline(never)]
    #[cold]
    fn resolve_general(&self, san: San) -> Result<(Move, u8), SanError> {
        resolve_general_indexed(&self.board(), san)
    }
}

/// The legal move of `board` at `index` in the module's order, or `None` if
/// there are not that many.
pub fn move_at_index(board: &Board, index: u8) -> Option<Move> {
    let mut moves = MoveList::new();
    ordered_legal_moves(board, &mut moves);
    moves.get(usize::from(index)).copied()
}

/// The legal moves of `board` in the module's order, into `moves` (cleared
/// first): the n-th is the move whose index is n.
pub fn ordered_legal_moves(board: &Board, moves: &mut MoveList) {
    moves.clear();
    board.generate_legal(moves);
    moves.sort_unstable_by_key(|&m| order_key(m));
}

impl Position {
    /// The index of `m` among the legal moves here, in
    /// [`move_index`](crate::move_index)'s order, or `None` if `m` is not
    /// legal.
    ///
    /// ```
    /// use ox88_movegen::Position;
    /// let position = Position::startpos();
    /// let e4 = position.parse_uci("e2e4")?;
    /// let index = position.move_index(e4).unwrap();
    /// assert_eq!(position.move_at_index(index), Some(e4));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn move_index(&self, m: Move) -> Option<u8> {
        move_index(self.board(), m)
    }
    /// The legal move at `index` in [`move_index`](crate::move_index)'s
    /// order, or `None` if there are not that many.
    pub fn move_at_index(&self, index: u8) -> Option<Move> {
        move_at_index(self.board(), index)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{random_game, RANDOM_GAME_STARTS as STARTS};
    use crate::Notation;
    use ox88_board::{CastlingMode, MoveKind, Role};
    use proptest::prelude::*;

    /// The order as the module documents it, from the UCI text (castling
    /// written as Chess960 writes it: the king takes its rook).
    fn uci_order(board: &Board) -> Vec<String> {
        let square = |s: &str| (s.as_bytes()[1] - b'1') * 8 + (s.as_bytes()[0] - b'a');
        let promotion = |s: &str| s.chars().nth(4).map_or(0, |c| "nbrq".find(c).unwrap() + 1);
        let mut moves: Vec<String> =
            board.legal_moves().iter().map(|m| m.to_uci(CastlingMode::Chess960).to_string()).collect();
        moves.sort_by_key(|m| (square(&m[0..2]), square(&m[2..4]), promotion(m)));
        moves
    }

    fn check(board: &Board) {
        let order = uci_order(board);
        let mut ordered = MoveList::new();
        ordered_legal_moves(board, &mut ordered);
        assert_eq!(ordered.len(), order.len());
        for (n, &m) in ordered.iter().enumerate() {
            assert_eq!(m.to_uci(CastlingMode::Chess960).to_string(), order[n], "{board}");
            assert_eq!(move_index(board, m), Some(n as u8), "{board} {m}");
            let san = board.san_without_suffix(m);
            assert_eq!(resolve_san_indexed(board, san), Ok((m, n as u8)), "{board} {san}");
            assert_eq!(move_at_index(board, n as u8), Some(m), "{board}");
        }
        assert_eq!(move_at_index(board, order.len() as u8), None);
        assert_eq!(move_at_index(board, 255), None);
    }

    #[test]
    fn indices_follow_the_documented_order_and_decode() {
        let fens = [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1",
            "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
            "1r2k1r1/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
            "R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1",
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        ];
        for fen in fens {
            check(Position::from_fen(fen).unwrap().board());
        }
    }

    #[test]
    fn standard_castling_keeps_the_uci_order() {
        // e1c1 and e1g1 sort where e1a1 and e1h1 do among the king's moves.
        let board = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
        let standard: Vec<String> = {
            let mut moves = MoveList::new();
            ordered_legal_moves(board.board(), &mut moves);
            moves.iter().map(|m| m.to_uci(CastlingMode::Standard).to_string()).filter(|m| m.starts_with("e1")).collect()
        };
        let mut sorted = standard.clone();
        sorted.sort_by_key(|m| (m.as_bytes()[3], m.as_bytes()[2]));
        assert_eq!(standard, sorted);
    }

    #[test]
    fn a_move_that_is_not_legal_has_no_index() {
        let board = Board::startpos();
        let mut moves = MoveList::new();
        ordered_legal_moves(&board, &mut moves);
        let e2e5 = Move::new(Square::E2, Square::E5, MoveKind::Quiet);
        assert_eq!(move_index(&board, e2e5), None);
        let black = Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1").unwrap();
        assert_eq!(move_index(black.board(), moves[0]), None, "White's move in Black's turn");
    }

    #[test]
    fn moves_are_ordered_by_squares_then_promotion() {
        let board: Board = "4k3/1P6/8/8/8/8/8/R3K2R w KQ - 0 1".parse().unwrap();
        let mut moves = MoveList::new();
        ordered_legal_moves(&board, &mut moves);
        let keys: Vec<(u8, u8)> = moves.iter().map(|m| (m.from().index64() as u8, m.to().index64() as u8)).collect();
        assert!(keys.windows(2).all(|w| w[0] <= w[1]), "{keys:?}");
        assert_eq!(moves.len(), board.legal_moves().len());
        // The four promotions on b8: knight, bishop, rook, queen.
        let promotions: Vec<_> = moves.iter().filter_map(|m| m.promotion()).collect();
        assert_eq!(promotions, [Role::Knight, Role::Bishop, Role::Rook, Role::Queen]);
        // Castling is the king taking its rook: e1 (4) to a1 (0) comes before e1-d1.
        let first_king_move = moves.iter().find(|m| m.from() == Square::E1).unwrap();
        assert_eq!((first_king_move.to(), first_king_move.is_castle()), (Square::A1, true));
    }

    proptest! {
        /// Every position of random games (standard and Chess960, with
        /// checks, pins, en passant and promotions): every legal move's fast
        /// index equals its place in the plainly sorted list of legal moves
        /// and decodes to it; any other move value has no index.
        #[test]
        fn random_games_index_and_decode(start in 0..STARTS.len(), choices in prop::collection::vec(any::<u16>(), 0..120), raw in any::<u16>()) {
            let position = Position::from_fen(STARTS[start]).unwrap();
            for board in random_game(position.board(), &choices) {
                check(&board);
                let any = Move::from_raw(raw);
                prop_assert_eq!(move_index(&board, any).is_some(), board.is_legal(any));
            }
        }
    }
}
