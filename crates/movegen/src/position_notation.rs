//! [`Position`]'s moves and text: legal moves, finding and parsing moves,
//! playing them by SAN or UCI, and writing moves and FEN.

use crate::illegal::{diagnose, resolve};
use crate::{
    IllegalMoveError, MoveGen, MoveList, MoveTextError, Notation, Position, SanError, SanLine, SanPlus, UciMoveError,
};
use ox88_board::{Move, Role, Square, UciMove};

impl Position {
    /// The legal moves, in generation order.
    #[doc(alias = "generate_legal_moves")]
    pub fn legal_moves(&self) -> MoveList {
        self.board().legal_moves()
    }
    /// Whether `m` (any value, with its kind) is legal here.
    pub fn is_legal(&self, m: Move) -> bool {
        self.board().is_legal(m)
    }
    /// The legal move from `from` to `to` with `promotion` (`None` unless a
    /// pawn reaches the last rank): the right [`Move`], kind included, from
    /// squares alone. Castling is found by the king taking its rook and, in
    /// a standard position, by the king's two-square move too.
    pub fn find_move(&self, from: Square, to: Square, promotion: Option<Role>) -> Result<Move, IllegalMoveError> {
        resolve(self.board(), from, to, promotion, self.castling_mode())
    }
    /// The legal move named by SAN ("Nf3", "exd8=Q+", "O-O"; read as
    /// tolerantly as python-chess reads it, strict about ambiguity).
    pub fn parse_san(&self, san: &str) -> Result<Move, SanError> {
        self.board().parse_san(san)
    }
    /// The legal move named by UCI text ("e2e4", "e7e8q"), castling read in
    /// this position's convention (see [`set_castling_mode`](Self::set_castling_mode)).
    pub fn parse_uci(&self, uci: &str) -> Result<Move, UciMoveError> {
        self.board().parse_uci(uci, self.castling_mode())
    }
    /// The legal move named by text in either notation, as a person types
    /// it or a program sends it: UCI when the text has UCI move syntax
    /// ("g1f3", "e7e8q", castling in this position's convention), SAN
    /// otherwise ("Nf3", "O-O"). Surrounding whitespace is ignored. The
    /// error is the one of the notation the text was read in.
    ///
    /// ```
    /// use ox88_movegen::{MoveTextError, Position};
    /// let pos = Position::startpos();
    /// assert_eq!(pos.parse_move("Nf3")?, pos.parse_move(" g1f3 ")?);
    /// assert!(matches!(pos.parse_move("e2e5"), Err(MoveTextError::Uci(_))));
    /// assert!(matches!(pos.parse_move("Nf6"), Err(MoveTextError::San(_))));
    /// # Ok::<(), MoveTextError>(())
    /// ```
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveTextError> {
        let text = text.trim();
        if text.parse::<UciMove>().is_ok() {
            Ok(self.parse_uci(text)?)
        } else {
            Ok(self.parse_san(text)?)
        }
    }
    /// Plays the move named in SAN, and returns it.
    #[doc(alias = "push_san")]
    pub fn play_san(&mut self, san: &str) -> Result<Move, SanError> {
        let m = self.parse_san(san)?;
        self.play_unchecked(m); // parse_san returns only legal moves
        Ok(m)
    }
    /// Plays the move named in UCI notation (in this position's castling
    /// convention), and returns it.
    #[doc(alias = "push_uci")]
    pub fn play_uci(&mut self, uci: &str) -> Result<Move, UciMoveError> {
        let m = self.parse_uci(uci)?;
        self.play_unchecked(m); // parse_uci returns only legal moves
        Ok(m)
    }

    /// The SAN of `m` with its check or mate suffix ("Nbd7", "O-O#"), if
    /// `m` is legal here; format it with `Display`.
    ///
    /// It returns a `Result` because a [`Move`] is a plain value that may
    /// come from anywhere (another position, a hash table, a user): the SAN
    /// of a move that is not legal here means nothing, and a game record
    /// must never hold one. For a move from [`legal_moves`](Self::legal_moves)
    /// it is always `Ok`; [`san_unchecked`](Self::san_unchecked) skips the
    /// test for such moves, and [`legal_moves_san`](Self::legal_moves_san)
    /// lists every legal move with its SAN.
    pub fn san(&self, m: Move) -> Result<SanPlus, IllegalMoveError> {
        if self.is_legal(m) {
            Ok(self.board().san(m))
        } else {
            Err(diagnose(self.board(), m))
        }
    }
    /// The SAN of a move known to be legal here (one from
    /// [`legal_moves`](Self::legal_moves), or a search's), without the
    /// legality test of [`san`](Self::san), as
    /// [`play_unchecked`](Self::play_unchecked) is to [`play`](Self::play).
    /// For any other move the text is meaningless, never a panic.
    ///
    /// ```
    /// use ox88_movegen::Position;
    /// let pos = Position::startpos();
    /// let first = pos.legal_moves()[0];
    /// assert_eq!(pos.san_unchecked(first), pos.san(first)?);
    /// # Ok::<(), ox88_movegen::IllegalMoveError>(())
    /// ```
    pub fn san_unchecked(&self, m: Move) -> SanPlus {
        self.board().san(m)
    }
    /// Every legal move with its SAN, in generation order: what a move list
    /// shows, with nothing to unwrap.
    ///
    /// ```
    /// use ox88_movegen::Position;
    /// let pos = Position::from_fen("6k1/5ppp/8/8/8/8/8/R3K3 w Q - 0 1")?;
    /// let sans: Vec<String> = pos.legal_moves_san().map(|(_, san)| san.to_string()).collect();
    /// assert!(sans.contains(&"O-O-O".to_string()) && sans.contains(&"Ra8#".to_string()));
    /// # Ok::<(), ox88_board::FenError>(())
    /// ```
    pub fn legal_moves_san(&self) -> impl Iterator<Item = (Move, SanPlus)> + '_ {
        self.legal_moves().into_iter().map(|m| (m, self.board().san(m)))
    }
    /// Whether `m` is legal here and gives check. A move that is not legal
    /// here gives no check: `false`.
    ///
    /// ```
    /// use ox88_movegen::Position;
    /// let mut pos = Position::startpos();
    /// for san in ["e4", "f5"] {
    ///     pos.play_san(san)?;
    /// }
    /// assert!(pos.gives_check(pos.parse_san("Qh5")?));
    /// assert!(!pos.gives_check(pos.parse_san("Qg4")?));
    /// # Ok::<(), ox88_movegen::SanError>(())
    /// ```
    pub fn gives_check(&self, m: Move) -> bool {
        self.is_legal(m) && self.board().gives_check(m)
    }
    /// The UCI form of `m` in this position's castling convention: standard
    /// castling as "e1g1" in a standard position, king-takes-rook ("e1h1")
    /// in Chess960.
    pub fn uci(&self, m: Move) -> UciMove {
        m.to_uci(self.castling_mode())
    }
    /// The moves played, from the start position, in SAN with move numbers
    /// ("1. e4 e5 2. Nf3"), as PGN movetext writes them. For other moves
    /// from here, [`variation_san`](Self::variation_san).
    pub fn san_line(&self) -> SanLine<'_> {
        self.start().san_line(self.moves())
    }

    /// The position as FEN, castling in X-FEN (`KQkq`, which is standard
    /// FEN in standard chess; an inner Chess960 rook by its file).
    pub fn fen(&self) -> String {
        self.board().fen()
    }
    /// The position as Shredder-FEN: castling rights as rook files (`HAha`),
    /// the usual form for Chess960.
    pub fn shredder_fen(&self) -> String {
        self.board().shredder_fen()
    }
    /// The four EPD position fields (FEN without the clocks).
    pub fn epd(&self) -> String {
        self.board().epd()
    }
}
