//! Legal move generation straight into a [`MoveList`].
//!
//! The king's checkers and pins are found first ([`KingSafety`]); every
//! other move is then generated only where it keeps the king safe, so no move
//! is made and tested, except en passant (rare, and with the only legality
//! case that involves two vanishing pieces on one rank).

use crate::king_safety::KingSafety;
use arrayvec::ArrayVec;
use ox88_board::geometry::step;
use ox88_board::{Board, CastlingSide, Color, Direction, File, Move, MoveKind, Role, Square};

/// A move list on the stack. 256 is above the 218 legal moves of the richest
/// known position, and FEN validation rejects material that could exceed it.
pub type MoveList = ArrayVec<Move, 256>;

/// Where generated moves go: a [`MoveList`], or a counter when only the
/// number of moves matters (perft's last ply), so that the moves need not
/// even be built.
pub trait MoveSink {
    /// Takes one legal move.
    fn push(&mut self, m: Move);
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
    #[inline(always)]
    fn push(&mut self, _: Move) {
        self.0 += 1;
    }
}

/// Generates legal moves; with `TACTICAL`, only captures (en passant
/// included) and promotions to a queen.
#[inline]
pub(crate) fn generate<const TACTICAL: bool, S: MoveSink>(board: &Board, safety: &KingSafety, list: &mut S) {
    if safety.in_check() {
        generate_with::<TACTICAL, true, S>(board, safety, list);
    } else {
        generate_with::<TACTICAL, false, S>(board, safety, list);
    }
}

/// [`generate`] specialised on whether the king is in check, so that the
/// common case tests no evasion condition per target square.
#[inline(always)]
fn generate_with<const TACTICAL: bool, const CHECK: bool, S: MoveSink>(
    board: &Board,
    safety: &KingSafety,
    list: &mut S,
) {
    let gen = Generator::<CHECK>::new(board, safety);
    gen.king_moves::<TACTICAL, S>(list);
    if safety.checkers.len() > 1 {
        return;
    }
    for &from in board.pieces(gen.us) {
        gen.piece_moves::<TACTICAL, S>(from, list);
    }
    gen.en_passant(list);
    if !TACTICAL && !CHECK {
        gen.castling(list);
    }
}

/// Generates the legal moves of the piece on `from` alone (all kinds).
pub(crate) fn generate_from(board: &Board, safety: &KingSafety, from: Square, list: &mut MoveList) {
    if safety.in_check() {
        generate_from_with::<true>(board, safety, from, list);
    } else {
        generate_from_with::<false>(board, safety, from, list);
    }
}

fn generate_from_with<const CHECK: bool>(board: &Board, safety: &KingSafety, from: Square, list: &mut MoveList) {
    let gen = Generator::<CHECK>::new(board, safety);
    if from == gen.king {
        gen.king_moves::<false, MoveList>(list);
        if !safety.in_check() {
            gen.castling(list);
        }
    } else if safety.checkers.len() < 2 {
        gen.piece_moves::<false, MoveList>(from, list);
        if board.piece_at(from).is_some_and(|p| p.role() == Role::Pawn) {
            gen.en_passant(list);
            list.retain(|m| m.from() == from);
        }
    }
}

struct Generator<'a, const CHECK: bool> {
    board: &'a Board,
    safety: &'a KingSafety,
    us: Color,
    king: Square,
    /// The checking piece and how far it is from the king, when in check.
    checker: Option<(Square, u8)>,
}

impl<'a, const CHECK: bool> Generator<'a, CHECK> {
    #[inline(always)]
    fn new(board: &'a Board, safety: &'a KingSafety) -> Generator<'a, CHECK> {
        let us = board.side_to_move();
        let king = board.king(us);
        let checker = safety.checkers.first().map(|&c| (c, king.distance(c)));
        Generator { board, safety, us, king, checker }
    }

    /// Whether a non-king move to `to` resolves the check (captures the
    /// checker or blocks its ray); true when not in check.
    #[inline(always)]
    fn resolves_check(&self, to: Square) -> bool {
        if !CHECK {
            return true;
        }
        match self.checker {
            None => true,
            Some((checker, distance)) => {
                to == checker
                    || (self.safety.check_ray != 0
                        && step(self.king, to) == self.safety.check_ray
                        && self.king.distance(to) < distance)
            }
        }
    }

    /// Whether a non-king move to `to` is legal given the mover's pin.
    #[inline(always)]
    fn allowed(&self, pin: Option<i8>, to: Square) -> bool {
        pin.is_none_or(|ray| step(self.king, to) == ray) && self.resolves_check(to)
    }

    #[inline(always)]
    fn piece_moves<const TACTICAL: bool, S: MoveSink>(&self, from: Square, list: &mut S) {
        let piece = self.board.piece_at(from).expect("piece list and mailbox agree");
        let pin = if self.safety.pins.is_empty() { None } else { self.safety.pin(from) };
        if CHECK && pin.is_some() {
            // A pinned piece can neither capture nor block another checker.
            return;
        }
        match piece.role() {
            Role::Pawn => self.pawn_moves::<TACTICAL, S>(from, pin, list),
            Role::Knight => {
                if pin.is_none() {
                    self.leaper_moves::<TACTICAL, S>(from, &Direction::KNIGHT, list);
                }
            }
            Role::Bishop => self.slider_moves::<TACTICAL, S>(from, &Direction::DIAGONAL, pin, list),
            Role::Rook => self.slider_moves::<TACTICAL, S>(from, &Direction::STRAIGHT, pin, list),
            Role::Queen => self.slider_moves::<TACTICAL, S>(from, &Direction::ALL, pin, list),
            Role::King => {}
        }
    }

    #[inline(always)]
    fn leaper_moves<const TACTICAL: bool, S: MoveSink>(&self, from: Square, deltas: &[i8], list: &mut S) {
        for &delta in deltas {
            let Some(to) = from.offset(delta) else { continue };
            let kind = match self.board.piece_at(to) {
                None if TACTICAL => continue,
                None => MoveKind::Quiet,
                Some(p) if p.color() == self.us => continue,
                Some(_) => MoveKind::Capture,
            };
            if self.resolves_check(to) {
                list.push(Move::new(from, to, kind));
            }
        }
    }

    #[inline(always)]
    fn slider_moves<const TACTICAL: bool, S: MoveSink>(
        &self,
        from: Square,
        rays: &[i8],
        pin: Option<i8>,
        list: &mut S,
    ) {
        for &ray in rays {
            if pin.is_some_and(|p| p != ray && p != -ray) {
                continue;
            }
            let mut to = from;
            while let Some(next) = to.offset(ray) {
                to = next;
                match self.board.piece_at(to) {
                    None => {
                        if !TACTICAL && self.resolves_check(to) {
                            list.push(Move::new(from, to, MoveKind::Quiet));
                        }
                    }
                    Some(p) => {
                        if p.color() != self.us && self.resolves_check(to) {
                            list.push(Move::new(from, to, MoveKind::Capture));
                        }
                        break;
                    }
                }
            }
        }
    }

    #[inline(always)]
    fn pawn_moves<const TACTICAL: bool, S: MoveSink>(&self, from: Square, pin: Option<i8>, list: &mut S) {
        let forward = self.us.forward();
        let promotes = from.rank() == self.us.fold(ox88_board::Rank::SEVENTH, ox88_board::Rank::SECOND);
        if let Some(to) = from.offset(forward) {
            if self.board.piece_at(to).is_none() {
                if promotes {
                    if self.allowed(pin, to) {
                        push_promotions::<TACTICAL, S>(from, to, false, list);
                    }
                } else if !TACTICAL {
                    if self.allowed(pin, to) {
                        list.push(Move::new(from, to, MoveKind::Quiet));
                    }
                    let start = from.rank() == self.us.fold(ox88_board::Rank::SECOND, ox88_board::Rank::SEVENTH);
                    if start {
                        let double = to.offset(forward).expect("a pawn's double push stays on the board");
                        if self.board.piece_at(double).is_none() && self.allowed(pin, double) {
                            list.push(Move::new(from, double, MoveKind::DoublePush));
                        }
                    }
                }
            }
        }
        for side in [Direction::EAST, Direction::WEST] {
            let Some(to) = from.offset(forward + side) else { continue };
            match self.board.piece_at(to) {
                Some(p) if p.color() != self.us && self.allowed(pin, to) => {
                    if promotes {
                        push_promotions::<TACTICAL, S>(from, to, true, list);
                    } else {
                        list.push(Move::new(from, to, MoveKind::Capture));
                    }
                }
                _ => {}
            }
        }
    }

    fn en_passant<S: MoveSink>(&self, list: &mut S) {
        let Some(target) = self.board.en_passant() else { return };
        let victim = target.offset(-self.us.forward()).expect("the pushed pawn is on the board");
        for side in [Direction::EAST, Direction::WEST] {
            let Some(from) = victim.offset(side) else { continue };
            if self.board.piece_at(from) != Some(ox88_board::Piece::new(self.us, Role::Pawn)) {
                continue;
            }
            // Two pawns leave one rank at once, which pin detection does not
            // model: play the move on a copy and look at the king.
            let m = Move::new(from, target, MoveKind::EnPassant);
            let mut after = self.board.clone();
            after.make_move(m);
            if !after.is_attacked(after.king(self.us), !self.us) {
                list.push(m);
            }
        }
    }

    #[inline(always)]
    fn king_moves<const TACTICAL: bool, S: MoveSink>(&self, list: &mut S) {
        let them = !self.us;
        for delta in Direction::ALL {
            let Some(to) = self.king.offset(delta) else { continue };
            let kind = match self.board.piece_at(to) {
                None if TACTICAL => continue,
                None => MoveKind::Quiet,
                Some(p) if p.color() == self.us => continue,
                Some(_) => MoveKind::Capture,
            };
            if !self.board.attacked_ignoring(to, them, &[self.king]) {
                list.push(Move::new(self.king, to, kind));
            }
        }
    }

    /// Castling, standard and Chess960: every square the king and rook cross
    /// or land on is empty (but for the two of them), and no square the king
    /// crosses or lands on is attacked.
    fn castling<S: MoveSink>(&self, list: &mut S) {
        let rights = self.board.castling();
        if rights.is_empty() {
            return;
        }
        let rank = self.king.rank();
        for side in CastlingSide::ALL {
            let Some(rook) = rights.rook(self.us, side) else { continue };
            let (king_file, rook_file, kind) = match side {
                CastlingSide::Short => (File::G, File::F, MoveKind::CastleShort),
                CastlingSide::Long => (File::C, File::D, MoveKind::CastleLong),
            };
            let files = [self.king.file(), rook.file(), king_file, rook_file];
            let (low, high) = (files.iter().min().expect("four files"), files.iter().max().expect("four files"));
            let clear = (low.index()..=high.index()).all(|f| {
                let sq = Square::from_coords(File::new(f).expect("file index"), rank);
                sq == self.king || sq == rook || self.board.piece_at(sq).is_none()
            });
            if !clear {
                continue;
            }
            let (from_file, to_file) = (self.king.file().index(), king_file.index());
            let (a, b) = (from_file.min(to_file), from_file.max(to_file));
            let safe = (a..=b).all(|f| {
                let sq = Square::from_coords(File::new(f).expect("file index"), rank);
                !self.board.attacked_ignoring(sq, !self.us, &[self.king, rook])
            });
            if safe {
                list.push(Move::new(self.king, rook, kind));
            }
        }
    }
}

#[inline(always)]
fn push_promotions<const TACTICAL: bool, S: MoveSink>(from: Square, to: Square, capture: bool, list: &mut S) {
    let kind = |role| if capture { MoveKind::PromotionCapture(role) } else { MoveKind::Promotion(role) };
    list.push(Move::new(from, to, kind(Role::Queen)));
    if !TACTICAL {
        for role in [Role::Knight, Role::Rook, Role::Bishop] {
            list.push(Move::new(from, to, kind(role)));
        }
    }
}
