//! [`BoardSvg`]: what to draw (the board, its orientation, size and marks),
//! set up by builder methods and written out by `Display`.

use ox88_board::{Board, Color, Move, Piece, Square};
use ox88_movegen::Position;
use std::marker::PhantomData;

/// A colour for arrows and highlighted squares, as analysis boards use
/// them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Tint {
    /// Green (the default: a good move, a plan).
    #[default]
    Green,
    /// Red (a threat, a mistake).
    Red,
    /// Blue.
    Blue,
    /// Yellow.
    Yellow,
}

impl Tint {
    /// The name used in the elements' `class` attribute: "green".
    pub fn name(self) -> &'static str {
        match self {
            Tint::Green => "green",
            Tint::Red => "red",
            Tint::Blue => "blue",
            Tint::Yellow => "yellow",
        }
    }
    /// The colour as CSS writes it.
    pub(crate) fn css(self) -> &'static str {
        match self {
            Tint::Green => "#15781b",
            Tint::Red => "#882020",
            Tint::Blue => "#003088",
            Tint::Yellow => "#e68f00",
        }
    }
}

/// An arrow from the centre of one square to another (a ring around the
/// square when both are the same).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Arrow {
    /// Where the arrow starts.
    pub tail: Square,
    /// Where it points.
    pub head: Square,
    /// Its colour.
    pub tint: Tint,
}

impl Arrow {
    /// A green arrow from `tail` to `head`.
    pub fn new(tail: Square, head: Square) -> Arrow {
        Arrow { tail, head, tint: Tint::Green }
    }
    /// The same arrow in `tint`.
    pub fn tinted(self, tint: Tint) -> Arrow {
        Arrow { tint, ..self }
    }
}

/// A picture of a board in SVG, python-chess's `chess.svg.board`: format it
/// with `Display` (or `to_string`) to get the SVG document.
///
/// By default the picture is 400 pixels wide, White at the bottom, with
/// coordinates, and the king of the side to move marked when it is in
/// check. [`of`](Self::of) also marks the last move of a [`Position`].
///
/// ```
/// use ox88_board::{Color, Square};
/// use ox88_movegen::Position;
/// use ox88_svg::{Arrow, BoardSvg, Tint};
///
/// let mut pos = Position::startpos();
/// for san in ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6"] {
///     pos.play_san(san)?;
/// }
/// let svg = BoardSvg::of(&pos)
///     .arrow(Arrow::new(Square::H5, Square::F7).tinted(Tint::Red))
///     .highlight(Square::F7, Tint::Yellow)
///     .orientation(Color::Black)
///     .size(360)
///     .to_string();
/// assert!(svg.starts_with("<svg") && svg.contains(r#"width="360""#));
/// assert!(svg.contains(r#"class="arrow red""#));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct BoardSvg<'a> {
    /// The piece on each square, a1 = 0.
    pub(crate) pieces: [Option<Piece>; 64],
    /// The board the picture was made of, if any.
    pub(crate) board: PhantomData<&'a Board>,
    pub(crate) orientation: Color,
    pub(crate) size: u32,
    pub(crate) coordinates: bool,
    pub(crate) last_move: Option<Move>,
    pub(crate) check: Option<Square>,
    pub(crate) arrows: Vec<Arrow>,
    pub(crate) highlights: Vec<(Square, Tint)>,
}

impl<'a> BoardSvg<'a> {
    /// A picture of `board` with the default settings; the king of the side
    /// to move is marked if it is in check.
    pub fn new(board: &'a Board) -> BoardSvg<'a> {
        let check = board.in_check().then(|| board.king(board.side_to_move()));
        BoardSvg { check, ..BoardSvg::of_pieces(Square::all().filter_map(|sq| board.piece_at(sq).map(|p| (sq, p)))) }
    }
    /// A picture of any arrangement of pieces, such as a board being set up
    /// (without a king, or with a pawn on a back rank), with the default
    /// settings and nothing marked.
    ///
    /// ```
    /// use ox88_board::{Color, Piece, Role, Square};
    /// let svg = ox88_svg::BoardSvg::of_pieces([(Square::E4, Piece::new(Color::White, Role::Pawn))]).to_string();
    /// assert!(svg.contains(r#"class="piece e4""#) && !svg.contains("king"));
    /// ```
    pub fn of_pieces(pieces: impl IntoIterator<Item = (Square, Piece)>) -> BoardSvg<'a> {
        let mut on = [None; 64];
        for (square, piece) in pieces {
            on[square.index64()] = Some(piece);
        }
        BoardSvg {
            pieces: on,
            board: PhantomData,
            orientation: Color::White,
            size: 400,
            coordinates: true,
            last_move: None,
            check: None,
            arrows: Vec::new(),
            highlights: Vec::new(),
        }
    }
    /// A picture of `position`'s board with its last move marked.
    pub fn of(position: &'a Position) -> BoardSvg<'a> {
        BoardSvg::new(position.board()).last_move(position.last_move())
    }
    /// The side at the bottom of the picture (White by default).
    pub fn orientation(self, orientation: Color) -> Self {
        BoardSvg { orientation, ..self }
    }
    /// The picture turned around: the other side at the bottom.
    pub fn flipped(self) -> Self {
        let orientation = !self.orientation;
        BoardSvg { orientation, ..self }
    }
    /// The width and height in pixels (400 by default; at least 1).
    pub fn size(self, pixels: u32) -> Self {
        BoardSvg { size: pixels.max(1), ..self }
    }
    /// Whether to write the files and ranks around the board (yes by
    /// default).
    pub fn coordinates(self, coordinates: bool) -> Self {
        BoardSvg { coordinates, ..self }
    }
    /// The move to mark as the last one played (its two squares), or none.
    pub fn last_move(self, last_move: Option<Move>) -> Self {
        BoardSvg { last_move, ..self }
    }
    /// The square to mark as a king in check, or none (by default the king
    /// of the side to move when it is in check).
    pub fn check(self, check: Option<Square>) -> Self {
        BoardSvg { check, ..self }
    }
    /// Adds an arrow.
    pub fn arrow(mut self, arrow: Arrow) -> Self {
        self.arrows.push(arrow);
        self
    }
    /// Adds arrows.
    pub fn arrows(mut self, arrows: impl IntoIterator<Item = Arrow>) -> Self {
        self.arrows.extend(arrows);
        self
    }
    /// Tints `square`.
    pub fn highlight(mut self, square: Square, tint: Tint) -> Self {
        self.highlights.push((square, tint));
        self
    }
}
