//! Legal move generation straight into a [`MoveList`].
//!
//! The king's checkers, pins and safe squares are found first
//! ([`KingSafety`]); every other move is then generated only where it keeps
//! the king safe, so no move is made and tested. The generator is compiled
//! once per side to move and per "in check or not", so that pawn directions,
//! colour tests and evasion tests are constants; it walks the mailbox with
//! raw 0x88 indices and stops at the walls beyond the edge (see
//! [`ox88_board::Cell`]) instead of testing for the edge.

mod castling;

use crate::king_safety::{is_slider, KingSafety};
use crate::zone;
use arrayvec::ArrayVec;
use ox88_board::geometry::{attack_mask_0x88, role_mask, step_0x88};
use ox88_board::{Board, Color, Direction, Move, MoveKind, Role, Square};

/// A move list on the stack. 256 is above the 218 legal moves of the richest
/// known position, and FEN validation rejects material that could exceed it.
pub type MoveList = ArrayVec<Move, 256>;

/// Where generated moves go: a [`MoveList`], or a counter when only the
/// number of moves matters (perft's last ply), so that the moves need not
/// even be built.
pub trait MoveSink {
    /// Whether the sink only counts the moves (never looks at them), so that
    /// a generator may add several at once with [`add`](Self::add).
    const COUNTS: bool = false;
    /// Takes one legal move.
    fn push(&mut self, m: Move);
    /// Takes `n` legal moves, unnamed: called only when [`COUNTS`](Self::COUNTS).
    #[inline(always)]
    fn add(&mut self, n: usize) {
        debug_assert!(Self::COUNTS || n == 0, "moves added unnamed to a sink that keeps them");
    }
    /// Whether the sink wants the moves of the piece on `from` (default:
    /// every piece's). A sink that looks at some pieces' moves only (how
    /// many legal moves come before a given one, say) saves the generation
    /// of the others; the generator may still hand over moves of a piece it
    /// was told not to want (en passant), so the sink must not rely on it.
    #[inline(always)]
    fn wants_from(&self, from: Square) -> bool {
        let _ = from;
        true
    }
    /// Takes `m` if `keep` (a counter adds `keep` without a branch, which
    /// saves mispredictions on the generator's data-dependent tests).
    #[inline(always)]
    fn push_if(&mut self, keep: bool, m: Move) {
        if keep {
            self.push(m);
        }
    }
}

impl MoveSink for MoveList {
    #[inline(always)]
    fn push(&mut self, m: Move) {
        ArrayVec::push(self, m);
    }
}

/// A [`MoveSink`] that only counts.
#[derive(Clone, Copy, Debug, Default)]
pub struct MoveCounter(pub usize);

impl MoveSink for MoveCounter {
    const COUNTS: bool = true;
    #[inline(always)]
    fn add(&mut self, n: usize) {
        self.0 += n;
    }
    #[inline(always)]
    fn push(&mut self, _: Move) {
        self.0 += 1;
    }
    #[inline(always)]
    fn push_if(&mut self, keep: bool, _: Move) {
        self.0 += keep as usize;
    }
}

/// Generates legal moves; with `TACTICAL`, only captures (en passant
/// included) and promotions to a queen.
#[inline(always)]
pub(crate) fn generate<const TACTICAL: bool, S: MoveSink>(board: &Board, safety: &KingSafety, list: &mut S) {
    match (board.side_to_move(), safety.in_check()) {
        (Color::White, false) => Generator::<true, false>::new(board, safety).all::<TACTICAL, S>(list),
        (Color::White, true) => Generator::<true, true>::new(board, safety).all::<TACTICAL, S>(list),
        (Color::Black, false) => Generator::<false, false>::new(board, safety).all::<TACTICAL, S>(list),
        (Color::Black, true) => Generator::<false, true>::new(board, safety).all::<TACTICAL, S>(list),
    }
}

/// The number of legal moves, counted without building them. The counter is
/// local so that it can live in a register.
pub(crate) fn count_legal(board: &Board) -> usize {
    let mut counter = MoveCounter(0);
    generate::<false, MoveCounter>(board, &KingSafety::of(board), &mut counter);
    counter.0
}

/// Whether the side to move has a legal en-passant capture (the board keeps
/// an en-passant square whenever one is pseudo-legal, as Polyglot keys do).
pub(crate) fn has_legal_en_passant(board: &Board) -> bool {
    if board.en_passant().is_none() {
        return false;
    }
    let safety = KingSafety::of(board);
    if safety.checkers.len() > 1 {
        return false;
    }
    let mut counter = MoveCounter(0);
    match (board.side_to_move(), safety.in_check()) {
        (Color::White, false) => Generator::<true, false>::new(board, &safety).en_passant(&mut counter),
        (Color::White, true) => Generator::<true, true>::new(board, &safety).en_passant(&mut counter),
        (Color::Black, false) => Generator::<false, false>::new(board, &safety).en_passant(&mut counter),
        (Color::Black, true) => Generator::<false, true>::new(board, &safety).en_passant(&mut counter),
    }
    counter.0 > 0
}

/// Generates the legal en-passant captures and, if `sink` wants the king's
/// moves, castling moves: the moves that the bitboard count of
/// [`index_count`](crate::index_count) leaves to the generator.
#[inline(always)]
pub(crate) fn special_moves_into<S: MoveSink>(board: &Board, safety: &KingSafety, sink: &mut S) {
    let castles = !safety.in_check() && !board.castling().is_empty();
    if board.en_passant().is_none() && !castles || safety.checkers.len() > 1 {
        return;
    }
    match (board.side_to_move(), safety.in_check()) {
        (Color::White, false) => Generator::<true, false>::new(board, safety).special_moves(sink),
        (Color::White, true) => Generator::<true, true>::new(board, safety).special_moves(sink),
        (Color::Black, false) => Generator::<false, false>::new(board, safety).special_moves(sink),
        (Color::Black, true) => Generator::<false, true>::new(board, safety).special_moves(sink),
    }
}

/// Generates the legal moves of the piece on `from` alone (all kinds).
pub(crate) fn generate_from(board: &Board, safety: &KingSafety, from: Square, list: &mut MoveList) {
    generate_from_into(board, safety, from, list);
    // En passant comes for either pawn that can take.
    list.retain(|m| m.from() == from);
}

/// Generates the legal moves of the piece on `from` into `sink`, which may
/// also get an en-passant capture of another pawn (and must tell them
/// apart). `from` must hold a piece of the side to move.
#[inline]
pub(crate) fn generate_from_into<S: MoveSink>(board: &Board, safety: &KingSafety, from: Square, sink: &mut S) {
    match (board.side_to_move(), safety.in_check()) {
        (Color::White, false) => Generator::<true, false>::new(board, safety).moves_from(from, sink),
        (Color::White, true) => Generator::<true, true>::new(board, safety).moves_from(from, sink),
        (Color::Black, false) => Generator::<false, false>::new(board, safety).moves_from(from, sink),
        (Color::Black, true) => Generator::<false, true>::new(board, safety).moves_from(from, sink),
    }
}

/// Role numbers (`Role as usize`), as [`ox88_board::Cell::role_code`] gives them.
const PAWN: usize = Role::Pawn as usize;
const KNIGHT: usize = Role::Knight as usize;
const BISHOP: usize = Role::Bishop as usize;
const ROOK: usize = Role::Rook as usize;
const QUEEN: usize = Role::Queen as usize;

/// The generator for one side to move (`WHITE`), in check or not (`CHECK`).
struct Generator<'a, const WHITE: bool, const CHECK: bool> {
    board: &'a Board,
    safety: &'a KingSafety,
    /// The king's 0x88 index.
    king: u8,
    /// When in check from one piece: the squares (bit = 0x88 index) where a
    /// piece other than the king resolves it, the checker's and those between
    /// ([`KingSafety::evasions`]).
    evasions: u128,
    /// Whether any piece is pinned.
    any_pin: bool,
}

impl<'a, const WHITE: bool, const CHECK: bool> Generator<'a, WHITE, CHECK> {
    const US: Color = if WHITE { Color::White } else { Color::Black };
    const THEM: Color = if WHITE { Color::Black } else { Color::White };
    const FORWARD: i8 = if WHITE { Direction::NORTH } else { Direction::SOUTH };
    /// The rank index a pawn promotes from, and the one it may push two from.
    const PROMOTION_RANK: u8 = if WHITE { 6 } else { 1 };
    const START_RANK: u8 = if WHITE { 1 } else { 6 };

    #[inline(always)]
    fn new(board: &'a Board, safety: &'a KingSafety) -> Self {
        let king = board.king(Self::US).index0x88() as u8;
        // In double check only the king moves: the evasions go unused.
        let evasions = if CHECK { safety.evasions(king) } else { 0 };
        Generator { board, safety, king, evasions, any_pin: !safety.pins.is_empty() }
    }

    /// Whether a non-king move to `to` resolves the check; always true when
    /// not in check. Off the board the answer means nothing (callers also
    /// test the cell, which is the wall there).
    #[inline(always)]
    fn evades(&self, to: u8) -> bool {
        !CHECK || self.evasions.wrapping_shr(to as u32) & 1 != 0
    }

    /// Whether a non-king move to `to` is legal given the mover's pin.
    #[inline(always)]
    fn allowed(&self, pin: Option<i8>, to: u8) -> bool {
        // The edge test keeps the step lookup on the board for off-board targets.
        pin.is_none_or(|ray| to & 0x88 == 0 && step_0x88(self.king, to) == ray) && self.evades(to)
    }

    #[inline(always)]
    fn all<const TACTICAL: bool, S: MoveSink>(&self, list: &mut S) {
        let king = list.wants_from(self.board.king(Self::US));
        if king {
            self.king_moves::<TACTICAL, S>(list);
        }
        if self.safety.checkers.len() > 1 {
            return;
        }
        for &from in self.board.non_pawns(Self::US) {
            if list.wants_from(from) {
                self.piece_moves::<TACTICAL, S>(from, list);
            }
        }
        for &square in self.board.pawns(Self::US) {
            if !list.wants_from(square) {
                continue;
            }
            let from = square.index0x88() as u8;
            if self.any_pin {
                if let Some(pin) = self.safety.pin(square) {
                    if !CHECK {
                        self.pinned_moves::<TACTICAL, S>(from, PAWN, pin, list);
                    }
                    continue;
                }
            }
            self.pawn_moves::<TACTICAL, S>(from, None, list);
        }
        if self.board.en_passant().is_some() {
            self.en_passant(list);
        }
        if king && !TACTICAL && !CHECK && !self.board.castling().is_empty() {
            self.castling(list);
        }
    }

    /// En passant, and castling if the sink wants the king's moves.
    #[inline(always)]
    fn special_moves<S: MoveSink>(&self, list: &mut S) {
        if self.board.en_passant().is_some() {
            self.en_passant(list);
        }
        if !CHECK && !self.board.castling().is_empty() && list.wants_from(self.board.king(Self::US)) {
            self.castling(list);
        }
    }

    #[inline(always)]
    fn moves_from<S: MoveSink>(&self, from: Square, list: &mut S) {
        if from.index0x88() as u8 == self.king {
            self.king_moves::<false, S>(list);
            if !CHECK {
                self.castling(list);
            }
        } else if self.safety.checkers.len() < 2 {
            self.piece_moves::<false, S>(from, list);
            if self.board.piece_at(from).is_some_and(|p| p.role() == Role::Pawn) {
                self.en_passant(list);
            }
        }
    }

    #[inline(always)]
    fn piece_moves<const TACTICAL: bool, S: MoveSink>(&self, square: Square, list: &mut S) {
        let from = square.index0x88() as u8;
        let role = self.board.cell(from).role_code();
        if self.any_pin {
            if let Some(pin) = self.safety.pin(square) {
                if !CHECK {
                    // A pinned piece can neither capture nor block another checker.
                    self.pinned_moves::<TACTICAL, S>(from, role, pin, list);
                }
                return;
            }
        }
        match role {
            PAWN => self.pawn_moves::<TACTICAL, S>(from, None, list),
            KNIGHT => self.knight_moves::<TACTICAL, S>(from, list),
            BISHOP => self.slider_moves::<TACTICAL, S>(from, &Direction::DIAGONAL, list),
            ROOK => self.slider_moves::<TACTICAL, S>(from, &Direction::STRAIGHT, list),
            QUEEN => self.slider_moves::<TACTICAL, S>(from, &Direction::ALL, list),
            _ => {}
        }
    }

    /// The moves of a pinned piece: along the pin line only.
    #[inline(never)]
    fn pinned_moves<const TACTICAL: bool, S: MoveSink>(&self, from: u8, role: usize, pin: i8, list: &mut S) {
        let diagonal = matches!(pin.abs(), 15 | 17);
        let slides = match role {
            PAWN => return self.pawn_moves::<TACTICAL, S>(from, Some(pin), list),
            BISHOP => diagonal,
            ROOK => !diagonal,
            QUEEN => true,
            _ => false,
        };
        if slides {
            self.slider_moves::<TACTICAL, S>(from, &[pin, -pin], list);
        }
    }

    #[inline(always)]
    fn push(from: u8, to: u8, kind: MoveKind, list: &mut impl MoveSink) {
        list.push(Move::new(Square::from_0x88_masked(from), Square::from_0x88_masked(to), kind));
    }

    #[inline(always)]
    fn push_if(keep: bool, from: u8, to: u8, kind: MoveKind, list: &mut impl MoveSink) {
        list.push_if(keep, Move::new(Square::from_0x88_masked(from), Square::from_0x88_masked(to), kind));
    }

    #[inline(always)]
    fn knight_moves<const TACTICAL: bool, S: MoveSink>(&self, from: u8, list: &mut S) {
        for delta in Direction::KNIGHT {
            let to = from.wrapping_add(delta as u8);
            let cell = self.board.cell_at(from, delta);
            let keep = cell.is_open_to(Self::US) & (!TACTICAL | !cell.is_empty()) & self.evades(to);
            let kind = if cell.is_empty() { MoveKind::Quiet } else { MoveKind::Capture };
            Self::push_if(keep, from, to, kind, list);
        }
    }

    #[inline(always)]
    fn slider_moves<const TACTICAL: bool, S: MoveSink>(&self, from: u8, rays: &[i8], list: &mut S) {
        for &ray in rays {
            // The first step read from `from` directly: one load when the
            // rays are constants, as they are once inlined.
            let mut to = from.wrapping_add(ray as u8);
            let mut cell = self.board.cell_at(from, ray);
            while cell.is_empty() {
                if !TACTICAL {
                    Self::push_if(self.evades(to), from, to, MoveKind::Quiet, list);
                }
                to = to.wrapping_add(ray as u8);
                cell = self.board.cell(to);
            }
            Self::push_if(cell.is_color(Self::THEM) & self.evades(to), from, to, MoveKind::Capture, list);
        }
    }

    #[inline(always)]
    fn pawn_moves<const TACTICAL: bool, S: MoveSink>(&self, from: u8, pin: Option<i8>, list: &mut S) {
        let rank = from >> 4;
        let one = from.wrapping_add(Self::FORWARD as u8);
        if rank == Self::PROMOTION_RANK {
            return self.promotions::<TACTICAL, S>(from, pin, list);
        }
        // Branch-free tests (`&`, not `&&`): the outcomes are data-dependent.
        if !TACTICAL {
            let one_empty = self.board.cell_at(from, Self::FORWARD).is_empty();
            Self::push_if(one_empty & self.allowed(pin, one), from, one, MoveKind::Quiet, list);
            let two = one.wrapping_add(Self::FORWARD as u8);
            let double =
                one_empty & (rank == Self::START_RANK) & self.board.cell_at(from, 2 * Self::FORWARD).is_empty();
            Self::push_if(double & self.allowed(pin, two), from, two, MoveKind::DoublePush, list);
        }
        for side in [Direction::WEST, Direction::EAST] {
            let to = one.wrapping_add(side as u8);
            let keep = self.board.cell_at(from, Self::FORWARD + side).is_color(Self::THEM) & self.allowed(pin, to);
            Self::push_if(keep, from, to, MoveKind::Capture, list);
        }
    }

    /// The moves of a pawn about to promote.
    #[inline(never)]
    fn promotions<const TACTICAL: bool, S: MoveSink>(&self, from: u8, pin: Option<i8>, list: &mut S) {
        let one = from.wrapping_add(Self::FORWARD as u8);
        if self.board.cell(one).is_empty() && self.allowed(pin, one) {
            push_promotions::<TACTICAL, S>(from, one, false, list);
        }
        for side in [Direction::WEST, Direction::EAST] {
            let to = one.wrapping_add(side as u8);
            if self.board.cell(to).is_color(Self::THEM) && self.allowed(pin, to) {
                push_promotions::<TACTICAL, S>(from, to, true, list);
            }
        }
    }

    #[inline(never)]
    fn en_passant<S: MoveSink>(&self, list: &mut S) {
        let Some(target) = self.board.en_passant() else { return };
        let target = target.index0x88() as u8;
        let victim = target.wrapping_sub(Self::FORWARD as u8);
        for side in [Direction::WEST, Direction::EAST] {
            let from = victim.wrapping_add(side as u8);
            let cell = self.board.cell(from);
            if cell.role_code() == PAWN && cell.is_color(Self::US) && self.en_passant_is_legal(from, target, victim) {
                Self::push(from, target, MoveKind::EnPassant, list);
            }
        }
    }

    /// Whether capturing en passant from `from` to `target`, removing the pawn
    /// on `victim`, leaves the king safe. Two pawns leave one rank at once,
    /// which pin detection does not model, so the enemy sliders are looked at
    /// again with the board as it will be.
    fn en_passant_is_legal(&self, from: u8, target: u8, victim: u8) -> bool {
        if CHECK {
            let checker = self.safety.checkers[0].index0x88() as u8;
            if checker != victim && !self.evades(target) {
                return false;
            }
        }
        for &square in self.board.non_pawns(Self::THEM) {
            let slider = square.index0x88() as u8;
            let role = self.board.cell(slider).role_code();
            if !is_slider(role) || attack_mask_0x88(slider, self.king) & role_mask(Self::THEM, role) == 0 {
                continue;
            }
            let step = step_0x88(self.king, slider) as u8;
            let mut square = self.king.wrapping_add(step);
            loop {
                if square == slider {
                    return false;
                }
                let vacated = square == from || square == victim;
                if square == target || (!vacated && !self.board.cell(square).is_empty()) {
                    break;
                }
                square = square.wrapping_add(step);
            }
        }
        true
    }

    #[inline(always)]
    fn king_moves<const TACTICAL: bool, S: MoveSink>(&self, list: &mut S) {
        let mut targets = self.safety.king_targets;
        if S::COUNTS && !TACTICAL {
            // Every target is a legal move: no need to tell quiet from capture.
            return list.add(zone::block_count(targets));
        }
        while targets != 0 {
            let bit = targets.trailing_zeros();
            targets &= targets - 1;
            let to = self.king.wrapping_add(zone::offset(bit) as u8);
            let kind = if self.board.cell(to).is_empty() {
                if TACTICAL {
                    continue;
                }
                MoveKind::Quiet
            } else {
                MoveKind::Capture
            };
            Self::push(self.king, to, kind, list);
        }
    }
}

#[inline(always)]
fn push_promotions<const TACTICAL: bool, S: MoveSink>(from: u8, to: u8, capture: bool, list: &mut S) {
    let (from, to) = (Square::from_0x88_masked(from), Square::from_0x88_masked(to));
    let kind = |role| if capture { MoveKind::PromotionCapture(role) } else { MoveKind::Promotion(role) };
    list.push(Move::new(from, to, kind(Role::Queen)));
    if !TACTICAL {
        for role in [Role::Knight, Role::Rook, Role::Bishop] {
            list.push(Move::new(from, to, kind(role)));
        }
    }
}
