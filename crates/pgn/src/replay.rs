//! Playing a [`Game`]'s moves: its starting position from the tags, and
//! each SAN matched against the position it is played in.

use crate::{ErrorKind, Game, GameId, Line, Node, PgnError, SetupTags};
use ox88_board::{Board, CastlingMode, Color, Move};
use ox88_movegen::{Notation, Position};

/// One move of a game met by [`Game::for_each_move`].
#[derive(Clone, Copy, Debug)]
pub struct Step<'a> {
    /// The position the move is played in.
    pub before: &'a Board,
    /// The node holding the move as written, with its comments and NAGs.
    pub node: &'a Node,
    /// The move; `None` for a null move.
    pub mv: Option<Move>,
    /// 0 on the main line, 1 in a variation of it, and so on.
    pub depth: usize,
}

impl Game {
    /// Which game this is, for error messages: its number and naming tags.
    pub fn id(&self) -> GameId {
        let mut id = GameId { number: self.number, ..GameId::default() };
        for (name, value) in self.headers.iter() {
            if let Some(index) = GameId::tag_index(name.as_bytes()) {
                id.set(index, value.to_owned());
            }
        }
        id
    }

    fn setup(&self) -> Result<SetupTags, PgnError> {
        let mut setup = SetupTags::new();
        for (name, value) in self.headers.iter() {
            if let Err(kind) = setup.set(name, value) {
                return Err(PgnError { game: Box::new(self.id()), token: value.to_owned(), location: None, kind });
            }
        }
        Ok(setup)
    }

    /// The starting position: the `FEN` tag's, or the standard one; a
    /// Chess960 position if the `Variant` tag says so, even where the start
    /// looks standard (see [`SetupTags`] for how the tags are read).
    ///
    /// ```
    /// use ox88_pgn::Reader;
    /// let pgn = r#"[Variant "Chess960"]
    /// [SetUp "1"]
    /// [FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"]
    ///
    /// 1. Nf3 Nf6 2. e3 e6 3. Be2 Be7 4. O-O O-O *"#;
    /// let game = Reader::from_bytes(pgn.as_bytes()).next_game().unwrap()?;
    /// assert!(game.start_position()?.is_chess960());
    /// let end = game.end_position()?;
    /// let castles: Vec<String> = end.moves()[6..].iter().map(|&m| end.uci(m).to_string()).collect();
    /// assert_eq!(castles, ["e1h1", "e8h8"]); // king takes rook, as Chess960 writes it
    /// # Ok::<(), ox88_pgn::PgnError>(())
    /// ```
    pub fn start_position(&self) -> Result<Position, PgnError> {
        self.setup().map(|setup| setup.position())
    }

    /// The position after the main line, with its moves played from
    /// [`start_position`](Self::start_position) (so that it knows its
    /// repetitions): an illegal, ambiguous or null move is an error naming
    /// it (walk a game with null moves with [`end_board`](Self::end_board)).
    pub fn end_position(&self) -> Result<Position, PgnError> {
        let mut position = self.start_position()?;
        for node in &self.moves.nodes {
            match self.resolve(position.board(), node)? {
                Some(m) => position.play_unchecked(m), // resolved: legal
                None => return Err(self.error(position.board(), node, ErrorKind::NullMove)),
            }
        }
        Ok(position)
    }

    /// The starting board: the `FEN` tag's, or the standard one. It does
    /// not say whether the game is Chess960 ([`castling_mode`](Self::castling_mode)
    /// does; [`start_position`](Self::start_position) holds both).
    pub fn start_board(&self) -> Result<Board, PgnError> {
        self.setup().map(|setup| setup.board())
    }

    /// How castling moves are written in UCI for this game: Chess960 if its
    /// `Variant` tag says so.
    pub fn castling_mode(&self) -> Result<CastlingMode, PgnError> {
        self.setup().map(|setup| setup.castling_mode())
    }

    /// The main line's moves, each matched against its position and
    /// checked: an illegal, ambiguous or unreadable move is an error naming
    /// the game and the move (so is a null move, which has no [`Move`]).
    pub fn mainline_moves(&self) -> Result<Vec<Move>, PgnError> {
        let mut board = self.start_board()?;
        let mut moves = Vec::with_capacity(self.moves.nodes.len());
        for node in &self.moves.nodes {
            let m = match self.resolve(&board, node)? {
                Some(m) => m,
                None => return Err(self.error(&board, node, ErrorKind::NullMove)),
            };
            board.make_move_unchecked(m);
            moves.push(m);
        }
        Ok(moves)
    }

    /// The board after the main line (null moves played as passes).
    pub fn end_board(&self) -> Result<Board, PgnError> {
        let mut board = self.start_board()?;
        for node in &self.moves.nodes {
            let mv = self.resolve(&board, node)?;
            play(&mut board, mv);
        }
        Ok(board)
    }

    /// Calls `f` for every move of the game in the order written: each
    /// move, then its variations (each from the position before the move),
    /// then the next move. Stops at the first move that does not resolve.
    ///
    /// ```
    /// use ox88_pgn::Reader;
    /// let pgn = b"1. e4 e5 (1... c5 2. Nf3 (2. c3)) 2. Nf3 *";
    /// let game = Reader::from_bytes(pgn).next_game().unwrap()?;
    /// let mut seen = Vec::new();
    /// game.for_each_move(|step| seen.push((step.depth, step.node.san.to_string())))?;
    /// let expected = [(0, "e4"), (0, "e5"), (1, "c5"), (1, "Nf3"), (2, "c3"), (0, "Nf3")];
    /// assert_eq!(seen, expected.map(|(d, s)| (d, s.to_string())));
    /// # Ok::<(), ox88_pgn::PgnError>(())
    /// ```
    pub fn for_each_move(&self, mut f: impl FnMut(Step<'_>)) -> Result<(), PgnError> {
        let mut board = self.start_board()?;
        self.walk(&self.moves, &mut board, 0, &mut f)
    }

    fn walk(&self, line: &Line, board: &mut Board, depth: usize, f: &mut impl FnMut(Step<'_>)) -> Result<(), PgnError> {
        for node in &line.nodes {
            let mv = self.resolve(board, node)?;
            f(Step { before: board, node, mv, depth });
            for variation in &node.variations {
                self.walk(variation, &mut board.clone(), depth + 1, f)?;
            }
            play(board, mv);
        }
        Ok(())
    }

    /// Checks every move (variations included) and rewrites it in the SAN
    /// export format requires: minimal disambiguation, `O-O` for castling,
    /// `=Q` for a promotion, the check or mate mark the position gives
    /// ("Ng1f3" or "Nf3+" written where no check is becomes "Nf3"). On an
    /// error the game is unchanged.
    ///
    /// ```
    /// use ox88_pgn::Reader;
    /// let mut game = Reader::from_bytes(b"1. e2e4 e5 2. Ng1-f3 Nc6 3. Bb5+ a6 4. Bxc6 dxc6 5. 0-0 *").next_game().unwrap()?;
    /// game.normalize_san()?;
    /// assert!(game.to_string().ends_with("\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. O-O *\n\n"));
    /// # Ok::<(), ox88_pgn::PgnError>(())
    /// ```
    pub fn normalize_san(&mut self) -> Result<(), PgnError> {
        let mut sans = Vec::new();
        self.for_each_move(|step| {
            if let Some(m) = step.mv {
                sans.push(crate::MoveToken::San(step.before.san(m)));
            } else {
                sans.push(crate::MoveToken::Null);
            }
        })?;
        let mut sans = sans.into_iter();
        rewrite(&mut self.moves, &mut sans);
        Ok(())
    }

    /// The move `node` names on `board` (`None`: a null move, legal there).
    pub(crate) fn resolve(&self, board: &Board, node: &Node) -> Result<Option<Move>, PgnError> {
        match node.san {
            crate::MoveToken::San(san) => match board.resolve_san(san.san) {
                Ok(m) => Ok(Some(m)),
                Err(e) => Err(self.error(board, node, e.into())),
            },
            crate::MoveToken::Null if board.in_check() => Err(self.error(board, node, ErrorKind::NullMoveInCheck)),
            crate::MoveToken::Null => Ok(None),
        }
    }

    pub(crate) fn error(&self, board: &Board, node: &Node, kind: ErrorKind) -> PgnError {
        let number = board.fullmove_number();
        let token = match board.side_to_move() {
            Color::White => format!("{number}. {}", node.san),
            Color::Black => format!("{number}... {}", node.san),
        };
        PgnError { game: Box::new(self.id()), token, location: None, kind }
    }
}

/// Replaces the moves of `line` (and its variations, in the order
/// `for_each_move` meets them) with `sans`.
fn rewrite(line: &mut Line, sans: &mut impl Iterator<Item = crate::MoveToken>) {
    for node in &mut line.nodes {
        if let Some(san) = sans.next() {
            node.san = san;
        }
        for variation in &mut node.variations {
            rewrite(variation, sans);
        }
    }
}

/// Plays a move found legal, or a null move.
fn play(board: &mut Board, mv: Option<Move>) {
    match mv {
        Some(m) => {
            board.make_move_unchecked(m);
        }
        None => {
            board.make_null_move();
        }
    }
}
