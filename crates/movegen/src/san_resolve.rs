//! Resolving SAN against a position: the move a [`San`] names, found from
//! its destination (the few pieces of its kind that reach it, or the one or
//! two squares a pawn can come from) and checked for legality only for
//! those, instead of generating every legal move. Reading a game's moves
//! is mostly this. A candidate's legality is tested plainly ([`Plain`]) or,
//! when the caller has analysed the king's safety anyway (to index the
//! move, say), read from that analysis ([`Analysed`]).

use crate::king_safety::KingSafety;
use crate::san::San;
use crate::san_illegal::reason;
use crate::san_parse::SanError;
use crate::{zone, MoveGen, MoveList};
use ox88_board::geometry::{self, step_0x88, SLIDER_MASK};
use ox88_board::{Board, CastlingSide, Cell, Color, Direction, File, Move, MoveKind, Piece, Rank, Role, Square};

/// The error for `san`, which names no legal move on `board` (why is
/// worked out only now: reading a game's moves never pays for it).
#[cold]
#[inline(never)]
fn illegal(board: &Board, san: San) -> SanError {
    SanError::Illegal { san, reason: reason(board, san) }
}

/// How resolution tests whether a pseudo-legal candidate leaves the king
/// safe (castling and en passant, which are rare, are always tested by the
/// board).
pub(crate) trait Legality {
    /// Whether the pseudo-legal move `m` of a piece other than the king
    /// (not en passant) leaves the king safe.
    fn non_king(&self, board: &Board, m: Move) -> bool;
    /// Whether the king may step from `from` to the neighbouring square
    /// `to`, which holds no piece of its own.
    fn king_step(&self, board: &Board, from: Square, to: Square) -> bool;
}

/// Legality tested on the board, candidate by candidate.
pub(crate) struct Plain;

impl Legality for Plain {
    #[inline(always)]
    fn non_king(&self, board: &Board, m: Move) -> bool {
        legal_non_king(board, m)
    }
    #[inline(always)]
    fn king_step(&self, board: &Board, from: Square, to: Square) -> bool {
        !board.attacked_ignoring(to, !board.side_to_move(), &[from])
    }
}

/// Legality read from the analysis of the king's safety: a move of another
/// piece keeps to its pin's line and answers a check; the king steps to the
/// squares found safe.
pub(crate) struct Analysed<'a> {
    safety: &'a KingSafety,
    /// The king's 0x88 index.
    king: u8,
    /// The squares (bit = 0x88 index) where a move of another piece
    /// answers the check, when in check.
    pub(crate) evasions: u128,
}

impl<'a> Analysed<'a> {
    /// The legality of `board`'s moves, from `safety`, its analysis.
    #[inline(always)]
    pub(crate) fn new(board: &Board, safety: &'a KingSafety) -> Analysed<'a> {
        let king = board.king(board.side_to_move()).index0x88() as u8;
        Analysed { safety, king, evasions: safety.evasions(king) }
    }
}

impl Legality for Analysed<'_> {
    #[inline(always)]
    fn non_king(&self, _: &Board, m: Move) -> bool {
        let to = m.to().index0x88() as u8;
        let evades = !self.safety.in_check() || self.evasions.wrapping_shr(u32::from(to)) & 1 != 0;
        let pin = if self.safety.pins.is_empty() { None } else { self.safety.pin(m.from()) };
        evades && pin.is_none_or(|ray| step_0x88(self.king, to) == ray)
    }
    #[inline(always)]
    fn king_step(&self, _: &Board, from: Square, to: Square) -> bool {
        let step = Square::diff(from, to) as i8;
        self.safety.king_targets & zone::step_bit(step) != 0
    }
}

/// Finds the legal move that `san` names: exactly one must match.
///
/// A pawn move without an origin file is a push (as python-chess reads
/// it); a move with a full origin square and no piece letter ("g1f3") may be
/// any piece's. A written "x" is not required to match a capture.
pub(crate) fn resolve(board: &Board, san: San) -> Result<Move, SanError> {
    resolve_with(board, san, &Plain)
}

/// [`resolve`], with the candidates' legality tested by `legality`.
#[inline(always)]
pub(crate) fn resolve_with(board: &Board, san: San, legality: &impl Legality) -> Result<Move, SanError> {
    match san {
        San::Castle(side) => castle(board, san, side),
        San::Normal { role: Role::Pawn, file, rank: None, to, promotion, .. } => {
            pawn(board, san, file, to, promotion, legality)
        }
        San::Normal { role, file, rank, to, promotion: None, .. } if role != Role::Pawn => {
            piece(board, san, role, file, rank, to, legality)
        }
        // Rare forms ("g1f3" for any piece, a pawn's origin rank, a piece
        // with a promotion): against every legal move.
        _ => by_generation(board, san),
    }
}

fn castle(board: &Board, san: San, side: CastlingSide) -> Result<Move, SanError> {
    let us = board.side_to_move();
    let rook = board.castling().rook(us, side).ok_or_else(|| illegal(board, san))?;
    let kind = match side {
        CastlingSide::Short => MoveKind::CastleShort,
        CastlingSide::Long => MoveKind::CastleLong,
    };
    let m = Move::new(board.king(us), rook, kind);
    if board.is_legal(m) {
        Ok(m)
    } else {
        Err(illegal(board, san))
    }
}

fn pawn(
    board: &Board,
    san: San,
    file: Option<File>,
    to: Square,
    promotion: Option<Role>,
    legality: &impl Legality,
) -> Result<Move, SanError> {
    match pawn_move(board, file, to, promotion, legality) {
        Ok(m) => Ok(m),
        Err(PawnError::Illegal) => Err(illegal(board, san)),
        Err(PawnError::MissingPromotion) => Err(SanError::MissingPromotion { san }),
    }
}

/// Why a pawn move does not resolve (a `Copy` stand-in for [`SanError`],
/// which owns a list, so that the fast path builds none).
enum PawnError {
    Illegal,
    MissingPromotion,
}

fn pawn_move(
    board: &Board,
    file: Option<File>,
    to: Square,
    promotion: Option<Role>,
    legality: &impl Legality,
) -> Result<Move, PawnError> {
    use PawnError::Illegal;
    let us = board.side_to_move();
    let pawn = Some(Piece::new(us, Role::Pawn));
    let behind = to.offset(-us.forward()).ok_or(Illegal)?;
    let target = board.piece_at(to);
    let (from, capture) = match file.filter(|&f| f != to.file()) {
        // A push, one or two squares.
        None => {
            if target.is_some() {
                return Err(Illegal);
            }
            match board.piece_at(behind) {
                p if p == pawn => (behind, None),
                None if to.rank() == relative_rank(us, 3) && promotion.is_none() => {
                    let from = behind.offset(-us.forward()).ok_or(Illegal)?;
                    let m = Move::new(from, to, MoveKind::DoublePush);
                    return if board.piece_at(from) == pawn && legality.non_king(board, m) {
                        Ok(m)
                    } else {
                        Err(Illegal)
                    };
                }
                _ => return Err(Illegal),
            }
        }
        // A capture from the next file.
        Some(f) => {
            let from = Square::from_coords(f, behind.rank());
            if f.index().abs_diff(to.file().index()) != 1 || board.piece_at(from) != pawn {
                return Err(Illegal);
            }
            match target {
                Some(p) if p.color() != us => (from, Some(MoveKind::Capture)),
                None if board.en_passant() == Some(to) => {
                    // En passant can uncover the king along the rank: the
                    // generator decides.
                    let m = Move::new(from, to, MoveKind::EnPassant);
                    return if promotion.is_none() && board.is_legal(m) { Ok(m) } else { Err(Illegal) };
                }
                _ => return Err(Illegal),
            }
        }
    };
    let last_rank = to.rank() == relative_rank(us, 7);
    let kind = match (last_rank, promotion, capture) {
        (false, None, None) => MoveKind::Quiet,
        (false, None, Some(kind)) => kind,
        (false, Some(_), _) => return Err(Illegal),
        // The role is checked after legality: a missing one is named only
        // for a move that would be legal.
        (true, role, None) => MoveKind::Promotion(role.unwrap_or(Role::Queen)),
        (true, role, Some(_)) => MoveKind::PromotionCapture(role.unwrap_or(Role::Queen)),
    };
    let m = Move::new(from, to, kind);
    if !legality.non_king(board, m) {
        Err(Illegal)
    } else if last_rank && promotion.is_none() {
        Err(PawnError::MissingPromotion)
    } else {
        Ok(m)
    }
}

fn piece(
    board: &Board,
    san: San,
    role: Role,
    file: Option<File>,
    rank: Option<Rank>,
    to: Square,
    legality: &impl Legality,
) -> Result<Move, SanError> {
    let us = board.side_to_move();
    let target = to.index0x88() as u8;
    let kind = match board.cell(target) {
        cell if cell.is_color(us) => return Err(illegal(board, san)),
        cell if cell.is_empty() => MoveKind::Quiet,
        _ => MoveKind::Capture,
    };
    let mask = geometry::role_mask(us, role as usize);
    let wanted = Cell::of(Piece::new(us, role));
    // The origin file and rank given, as bits of the 0x88 index to compare.
    let (file_bits, file_value) = file.map_or((0, 0), |f| (0x07, f.index()));
    let (rank_bits, rank_value) = rank.map_or((0, 0), |r| (0x70, r.index() << 4));
    let (origin_bits, origin_value) = (file_bits | rank_bits, file_value | rank_value);
    // The squares of the pieces of the kind that reach `to` on an empty
    // board, collected without a branch per piece (which one matches is
    // unpredictable): each square is written, and kept if it matches.
    let mut found = [0u8; 16];
    let mut count = 0;
    let mut consider = |from: u8, cell: Cell, reaches: bool| {
        let hit = reaches & (cell == wanted) & (from & origin_bits == origin_value);
        found[count] = from;
        count += usize::from(hit);
    };
    match role {
        // Knights from the eight squares a knight reaches `to` from (off
        // the board they read as the wall), the king from its square.
        Role::Knight => Direction::KNIGHT
            .iter()
            .for_each(|&d| consider(target.wrapping_add(d as u8), board.cell_at(target, d), true)),
        Role::King => {
            let king = board.king(us).index0x88() as u8;
            consider(king, board.cell(king), geometry::attack_mask_0x88(king, target) & mask != 0);
        }
        // At most 16 pieces: `found` has room for every one.
        _ => board.non_pawns(us).iter().take(16).for_each(|&from| {
            let from = from.index0x88() as u8;
            consider(from, board.cell(from), geometry::attack_mask_0x88(from, target) & mask != 0);
        }),
    }
    let legal = |from: u8| {
        let from = Square::from_0x88_masked(from);
        if mask & SLIDER_MASK != 0 && !board.path_clear(from, to, &[]) {
            return None;
        }
        let m = Move::new(from, to, kind);
        let legal = match role {
            Role::King => legality.king_step(board, from, to),
            _ => legality.non_king(board, m),
        };
        legal.then_some(m)
    };
    let mut first = None;
    for &from in &found[..count] {
        if let Some(m) = legal(from) {
            if first.is_some() {
                // Rare: list them all.
                let candidates = found[..count].iter().filter_map(|&from| legal(from)).collect();
                return Err(SanError::Ambiguous { san, candidates });
            }
            first = Some(m);
        }
    }
    first.ok_or_else(|| illegal(board, san))
}

/// Whether the pseudo-legal move `m` of a piece other than the king (no
/// en passant, no castling) leaves the king safe: no enemy piece, but the
/// one it captures, attacks the king once it is made. One pass over the
/// enemy pieces other than pawns finds checks and pins alike: a slider on
/// the king's line attacks it if the line is open once the piece has left
/// its square and stands on the new one.
#[inline]
fn legal_non_king(board: &Board, m: Move) -> bool {
    let us = board.side_to_move();
    let them = !us;
    let king = board.king(us).index0x88() as u8;
    let (from, to) = (m.from().index0x88() as u8, m.to().index0x88() as u8);
    let behind = king.wrapping_add(us.forward() as u8);
    let pawn = Cell::of(Piece::new(them, Role::Pawn));
    let mut safe = true;
    for attacker in [behind.wrapping_sub(1), behind.wrapping_add(1)] {
        safe &= board.cell(attacker) != pawn || attacker == to;
    }
    // The role's attack bits by table: a match on the role would compile to
    // a jump mispredicted on most pieces.
    for &square in board.non_pawns(them) {
        let attacker = square.index0x88() as u8;
        let mask = geometry::role_mask(them, board.cell(attacker).role_code());
        if geometry::attack_mask_0x88(attacker, king) & mask != 0 && attacker != to {
            safe &= mask & SLIDER_MASK != 0 && !open_after(board, attacker, king, from, to);
        }
    }
    safe
}

/// Whether the line strictly between the 0x88 indices `a` and `b` is empty
/// once a piece has moved from `from` to `to` (the board's path test, and
/// whether `to` lands between).
#[inline]
fn open_after(board: &Board, a: u8, b: u8, from: u8, to: u8) -> bool {
    let line = geometry::step_0x88(a, b);
    let lands_between = geometry::step_0x88(a, to) == line && geometry::step_0x88(to, b) == line;
    let (a, b, from) = (Square::from_0x88_masked(a), Square::from_0x88_masked(b), Square::from_0x88_masked(from));
    !lands_between && board.path_clear(a, b, &[from])
}

/// Rank `index` (0-based) as seen from `color`'s side.
fn relative_rank(color: Color, index: u8) -> Rank {
    let rank = Rank::new(index).expect("0..8 is a rank");
    match color {
        Color::White => rank,
        Color::Black => rank.flip(),
    }
}

/// Resolution against the whole list of legal moves: for the rare forms,
/// and the reference the fast paths are tested against. Kept out of line:
/// its two move lists would weigh on the stack frame of every resolution.
#[cold]
#[inline(never)]
pub(crate) fn by_generation(board: &Board, san: San) -> Result<Move, SanError> {
    let mut list = MoveList::new();
    board.generate_legal(&mut list);
    let (role, file, rank, to, promotion) = match san {
        San::Castle(side) => {
            let kind = match side {
                CastlingSide::Short => MoveKind::CastleShort,
                CastlingSide::Long => MoveKind::CastleLong,
            };
            return list.iter().copied().find(|m| m.kind() == kind).ok_or_else(|| illegal(board, san));
        }
        San::Normal { role, file, rank, to, promotion, .. } => (role, file, rank, to, promotion),
    };
    let any_piece = role == Role::Pawn && file.is_some() && rank.is_some();
    let matches = |m: &Move| {
        let Some(piece) = board.piece_at(m.from()) else { return false };
        !m.is_castle()
            && m.to() == to
            && (any_piece || piece.role() == role)
            && file.is_none_or(|f| m.from().file() == f)
            && rank.is_none_or(|r| m.from().rank() == r)
            && (role != Role::Pawn || file.is_some() || m.from().file() == to.file())
    };
    let mut candidates = MoveList::new();
    let mut promotions_only = false;
    for m in list.iter().copied().filter(matches) {
        if m.promotion() == promotion {
            candidates.push(m);
        } else if promotion.is_none() {
            promotions_only = true;
        }
    }
    match candidates.len() {
        1 => Ok(candidates[0]),
        0 if promotions_only => Err(SanError::MissingPromotion { san }),
        0 => Err(illegal(board, san)),
        _ => Err(SanError::Ambiguous { san, candidates: candidates.to_vec() }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ox88_board::Board;

    /// The positions of the perft suites and their children (of the first
    /// Chess960 ones).
    fn positions() -> Vec<Board> {
        let mut all = Vec::new();
        for (name, limit) in [("standard.epd", usize::MAX), ("special.epd", usize::MAX), ("chess960.epd", 20)] {
            let path = format!("{}/../../tests/data/perft/{name}", env!("CARGO_MANIFEST_DIR"));
            let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
            for line in text.lines().filter(|l| !l.trim().is_empty()).take(limit) {
                let board: Board = line.split(';').next().expect("a FEN").trim().parse().expect("valid FEN");
                for m in board.legal_moves() {
                    let mut child = board.clone();
                    child.make_move_unchecked(m);
                    all.push(child);
                }
                all.push(board);
            }
        }
        all
    }

    /// Every SAN shape the fast paths take: each role to each square, with
    /// no origin, an origin file or an origin rank, and pawn promotions.
    fn sans() -> Vec<San> {
        let mut all = vec![San::Castle(CastlingSide::Short), San::Castle(CastlingSide::Long)];
        let origins = std::iter::once((None, None))
            .chain(File::ALL.into_iter().map(|f| (Some(f), None)))
            .chain((0..8).map(|r| (None, Rank::new(r))));
        for (file, rank) in origins {
            for to in Square::all() {
                for role in Role::ALL {
                    let promotions: &[Option<Role>] =
                        if role == Role::Pawn { &[None, Some(Role::Queen), Some(Role::Knight)] } else { &[None] };
                    for &promotion in promotions {
                        all.push(San::Normal { role, file, rank, capture: false, to, promotion });
                    }
                }
            }
        }
        all
    }

    fn sorted(result: Result<Move, SanError>) -> Result<Move, SanError> {
        match result {
            Err(SanError::Ambiguous { san, mut candidates }) => {
                candidates.sort_by_key(|m| m.to_raw());
                Err(SanError::Ambiguous { san, candidates })
            }
            other => other,
        }
    }

    /// The board's attack test (which SAN resolution asks for king moves)
    /// agrees with the generator's zone analysis: a king step to an empty
    /// or enemy square is legal exactly when the square is not attacked
    /// with the king gone from its own.
    #[test]
    fn attack_test_agrees_with_king_moves() {
        for board in positions() {
            let us = board.side_to_move();
            let king = board.king(us);
            let legal = board.legal_moves();
            for &step in &Direction::ALL {
                let Some(to) = king.offset(step) else { continue };
                if board.piece_at(to).is_some_and(|p| p.color() == us) {
                    continue;
                }
                let steps_there = legal.iter().any(|m| m.from() == king && m.to() == to && !m.is_castle());
                let attacked = board.attacked_ignoring(to, !us, &[king]);
                assert_eq!(steps_there, !attacked, "{king}-{to} in {}", board.fen());
            }
        }
    }

    #[test]
    fn fast_paths_agree_with_the_legal_move_list() {
        let sans = sans();
        let (mut count, mut resolved) = (0, 0);
        for board in positions() {
            count += 1;
            // Origins matter only on squares some move reaches.
            let targets: Vec<Square> = board.legal_moves().iter().map(|m| m.to()).collect();
            let wanted = |san: &San| match san {
                San::Normal { file: None, rank: None, .. } | San::Castle(_) => true,
                San::Normal { to, .. } => targets.contains(to),
            };
            for &san in sans.iter().filter(|san| wanted(san)) {
                let fast = sorted(resolve(&board, san));
                assert_eq!(fast, sorted(by_generation(&board, san)), "{san} in {}", board.fen());
                let analysed = sorted(resolve_with(&board, san, &Analysed::new(&board, &KingSafety::of(&board))));
                assert_eq!(analysed, fast, "{san} in {}, legality from the king's analysis", board.fen());
                resolved += usize::from(fast.is_ok());
            }
        }
        assert!(count > 2800 && resolved > 100_000, "{count} positions, {resolved} moves");
    }
}
