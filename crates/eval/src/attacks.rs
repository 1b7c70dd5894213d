//! Attack maps of both sides, walked along the 0x88 rays, with the mobility
//! and king-zone attack counts gathered on the way.

use crate::pawns::relative_rank;
use crate::terms::Trace;
use crate::{Term, Terms, Weights, S};
use ox88_board::{Board, ByColor, Color, Direction, File, Rank, Role, Square};

/// Attack-map bit of a pawn (the others follow role order).
pub(crate) const PAWN: u8 = 1 << 0;
/// Attack-map bit of a knight.
pub(crate) const KNIGHT: u8 = 1 << 1;
/// Attack-map bit of a bishop.
pub(crate) const BISHOP: u8 = 1 << 2;
/// Attack-map bit of a rook.
pub(crate) const ROOK: u8 = 1 << 3;
/// Attack-map bit of a queen.
pub(crate) const QUEEN: u8 = 1 << 4;
/// Attack-map bit of a king.
pub(crate) const KING: u8 = 1 << 5;
/// Set when a square is attacked by two or more pieces of the side.
pub(crate) const TWICE: u8 = 1 << 6;
/// The bits of knights and bishops.
pub(crate) const MINORS: u8 = KNIGHT | BISHOP;

/// The attack-map bit of `role`.
#[inline(always)]
pub(crate) const fn role_bit(role: Role) -> u8 {
    1 << role.index()
}

/// For each side and square, which kinds of piece of that side attack it.
pub(crate) struct Attacks {
    map: ByColor<[u8; 128]>,
    /// Per attacking side: how many of its pieces attack the enemy king zone.
    pub(crate) king_attackers: ByColor<i32>,
    /// Per attacking side: the summed king-danger weights of those pieces.
    pub(crate) king_attacker_weight: ByColor<i32>,
    /// Per attacking side: attacks on enemy king-zone squares.
    pub(crate) king_zone_attacks: ByColor<i32>,
}

impl Attacks {
    /// The attack bits of `color` on `square`.
    #[inline(always)]
    pub(crate) fn by(&self, color: Color, square: Square) -> u8 {
        self.map[color][square.index0x88()]
    }

    /// Builds both attack maps; adds mobility (and trapped rooks, which
    /// need a rook's mobility) to the trace when those terms are on.
    pub(crate) fn compute(board: &Board, w: &Weights, terms: Terms, trace: &mut Trace) -> Attacks {
        let mut attacks = Attacks {
            map: ByColor::new([0; 128], [0; 128]),
            king_attackers: ByColor::default(),
            king_attacker_weight: ByColor::default(),
            king_zone_attacks: ByColor::default(),
        };
        // Pawns and kings first: mobility counts only squares no enemy pawn attacks.
        for color in Color::ALL {
            let forward = color.forward();
            for &from in board.pawns(color) {
                for side in [Direction::EAST, Direction::WEST] {
                    if let Some(to) = from.offset(forward + side) {
                        attacks.mark(color, to, PAWN);
                    }
                }
            }
            let king = board.king(color);
            for d in Direction::ALL {
                if let Some(to) = king.offset(d) {
                    attacks.mark(color, to, KING);
                }
            }
        }
        for color in Color::ALL {
            for &from in board.non_pawns(color) {
                let role = board.piece_at(from).expect("piece list and mailbox agree").role();
                if role != Role::King {
                    attacks.piece(board, w, terms, trace, color, from, role);
                }
            }
        }
        attacks
    }

    #[inline(always)]
    fn mark(&mut self, color: Color, square: Square, bit: u8) {
        let cell = &mut self.map[color][square.index0x88()];
        // TWICE when the square was attacked before; without a branch.
        *cell |= bit | (TWICE * u8::from(*cell != 0));
    }

    /// Marks the attacks of the `role` of `us` on `from` and scores its mobility.
    #[allow(clippy::too_many_arguments)]
    fn piece(
        &mut self,
        board: &Board,
        w: &Weights,
        terms: Terms,
        trace: &mut Trace,
        us: Color,
        from: Square,
        role: Role,
    ) {
        let enemy_zone = zone_centre(board, !us);
        let bit = role_bit(role);
        let (mut mobility, mut zone) = (0usize, 0);
        // Marks one attacked square; returns whether it is occupied (a slider stops there).
        let mut visit = |attacks: &mut Attacks, to: Square| {
            attacks.mark(us, to, bit);
            let occupant = board.piece_at(to);
            let own_blocker =
                matches!(occupant, Some(p) if p.color() == us && matches!(p.role(), Role::Pawn | Role::King));
            if !own_blocker && attacks.by(!us, to) & PAWN == 0 {
                mobility += 1;
            }
            zone += i32::from(in_zone(enemy_zone, to));
            occupant.is_some()
        };
        if role == Role::Knight {
            for d in Direction::KNIGHT {
                if let Some(to) = from.offset(d) {
                    visit(self, to);
                }
            }
        } else {
            let directions: &[i8] = match role {
                Role::Bishop => &Direction::DIAGONAL,
                Role::Rook => &Direction::STRAIGHT,
                _ => &Direction::ALL,
            };
            for &d in directions {
                let mut at = from;
                while let Some(to) = at.offset(d) {
                    if visit(self, to) {
                        break;
                    }
                    at = to;
                }
            }
        }
        if zone > 0 {
            self.king_attackers[us] += 1;
            self.king_attacker_weight[us] += w.king_attacker[role.index()];
            self.king_zone_attacks[us] += zone;
        }
        if terms.contains(Term::Mobility) {
            let table: &[S] = match role {
                Role::Knight => &w.knight_mobility,
                Role::Bishop => &w.bishop_mobility,
                Role::Rook => &w.rook_mobility,
                _ => &w.queen_mobility,
            };
            trace.add(Term::Mobility, us, table[mobility.min(table.len() - 1)]);
        }
        if role == Role::Rook && mobility <= 3 && terms.contains(Term::Pieces) && trapped_by_king(board, us, from) {
            let can_castle = board.castling().iter().any(|(color, _, _)| color == us);
            trace.add(Term::Pieces, us, w.trapped_rook * if can_castle { 1 } else { 2 });
        }
    }
}

/// The centre of `color`'s king zone: the king's square moved off the edge
/// files and its own first rank, so the zone is always nine squares (a
/// king on g1 has the zone f1-h3).
pub(crate) fn zone_centre(board: &Board, color: Color) -> Square {
    let king = board.king(color);
    let file = File::new(king.file().index().clamp(1, 6)).expect("a file index in 1..=6");
    let rank = Rank::new(king.rank().index().clamp(1, 6)).expect("a rank index in 1..=6");
    Square::from_coords(file, rank)
}

/// Whether `square` is one of the nine squares around `centre`.
#[inline(always)]
fn in_zone(centre: Square, square: Square) -> bool {
    // The 0x88 difference plus 0x11 is 0x00..=0x22 with both digits at most
    // 2 exactly for the nine squares (a negative file step borrows into F).
    const IN_BOX: [bool; 256] = {
        let mut table = [false; 256];
        let mut i = 0;
        while i < 256 {
            table[i] = i & 0x0F <= 2 && i < 0x30;
            i += 1;
        }
        table
    };
    IN_BOX[(square.index0x88() as u8).wrapping_sub(centre.index0x88() as u8).wrapping_add(0x11) as usize]
}

/// Whether the rook of `us` on `rook` stands on the back rank on the far
/// side of its own king, which also stands on the back rank.
fn trapped_by_king(board: &Board, us: Color, rook: Square) -> bool {
    let king = board.king(us);
    if relative_rank(rook, us) != 0 || relative_rank(king, us) != 0 {
        return false;
    }
    let (kf, rf) = (king.file(), rook.file());
    (kf < File::E && rf < kf) || (kf >= File::E && rf > kf)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn attacks(fen: &str) -> (Attacks, Trace) {
        let board: Board = fen.parse().unwrap();
        let mut trace = Trace::default();
        let a = Attacks::compute(&board, &Weights::default(), Terms::ALL, &mut trace);
        (a, trace)
    }

    #[test]
    fn the_zone_is_the_nine_squares_around_its_centre() {
        for centre in Square::all() {
            for square in Square::all() {
                assert_eq!(in_zone(centre, square), square.distance(centre) <= 1, "{centre} {square}");
            }
        }
    }

    #[test]
    fn maps_record_each_kind_of_attacker() {
        let (a, _) = attacks("4k3/8/8/3p4/8/2N5/8/R3K3 w - - 0 1");
        assert_eq!(a.by(Color::White, Square::D5), KNIGHT);
        assert_eq!(a.by(Color::White, Square::A8), ROOK);
        assert_eq!(a.by(Color::White, Square::D1), ROOK | KING | KNIGHT | TWICE);
        assert_eq!(a.by(Color::Black, Square::C4), PAWN);
        assert_eq!(a.by(Color::Black, Square::E4), PAWN);
        assert_eq!(a.by(Color::White, Square::F1), KING);
        // The rook's ray along the first rank stops at its own king.
        assert_eq!(a.by(Color::White, Square::F1) & ROOK, 0);
    }

    #[test]
    fn mobility_skips_squares_enemy_pawns_attack() {
        let w = Weights::default();
        // Knight on c3: 8 squares; b5 and d5 attacked by the black c6 pawn, a2/b1/d1/e2/a4/e4 remain.
        let (_, trace) = attacks("4k3/8/2p5/8/8/2N5/8/4K3 w - - 0 1");
        assert_eq!(trace.get(Term::Mobility, Color::White), w.knight_mobility[6]);
        assert_eq!(trace.get(Term::Mobility, Color::Black), S::ZERO);
    }

    #[test]
    fn king_zone_attackers_are_counted() {
        // The zone of a king on g8 is f6-h8. The bishop reaches g6 and h7,
        // the rook g6 and g7, the queen h6, the knight nothing near.
        let (a, _) = attacks("6k1/5ppp/8/8/8/8/N2Q4/1B2K1R1 w - - 0 1");
        let w = Weights::default();
        assert_eq!(a.king_attackers.white, 3);
        assert_eq!(a.king_attacker_weight.white, w.king_attacker[2] + w.king_attacker[3] + w.king_attacker[4]);
        assert_eq!(a.king_zone_attacks.white, 5);
        assert_eq!(a.king_attackers.black, 0);
        assert_eq!(zone_centre(&"6k1/8/8/8/8/8/8/K7 w - - 0 1".parse().unwrap(), Color::White), Square::B2);
    }

    #[test]
    fn rook_shut_in_by_its_king_is_trapped() {
        let w = Weights::default();
        let (_, trace) = attacks("4k3/8/8/8/8/8/5PPP/5K1R w - - 0 1");
        assert_eq!(trace.get(Term::Pieces, Color::White), w.trapped_rook * 2);
        let (_, castled) = attacks("4k3/8/8/8/8/8/5PPP/5RK1 w - - 0 1");
        assert_eq!(castled.get(Term::Pieces, Color::White), S::ZERO);
    }
}
