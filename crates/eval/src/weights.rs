//! The weights of the classical evaluation: one named field per weight, each
//! a middlegame/endgame pair ([`S`]), so that a tuner can change any of them
//! without touching the code. The default values are in `defaults.rs`.

use std::ops::{Add, AddAssign, Div, Mul, Neg, Sub, SubAssign};

/// The game phase of the full set of pieces: knights and bishops count 1,
/// rooks 2, queens 4.
pub const MAX_PHASE: i32 = 24;

/// A middlegame/endgame pair of centipawn values: `S(mg, eg)`.
///
/// The evaluation sums pairs, then blends the two halves by the game phase.
///
/// ```
/// use ox88_eval::S;
/// let bonus = S(10, 20) * 2 - S(5, 5);
/// assert_eq!(bonus, S(15, 35));
/// assert_eq!((bonus.mg(), bonus.eg()), (15, 35));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct S(pub i32, pub i32);

impl S {
    /// Zero in both phases.
    pub const ZERO: S = S(0, 0);
    /// The middlegame value.
    #[inline(always)]
    pub const fn mg(self) -> i32 {
        self.0
    }
    /// The endgame value.
    #[inline(always)]
    pub const fn eg(self) -> i32 {
        self.1
    }
    /// The value blended by `phase` (0 = bare endgame .. [`MAX_PHASE`]
    /// = full middlegame), rounding towards zero so that negating both halves
    /// negates the blend exactly.
    #[inline(always)]
    pub const fn taper(self, phase: i32) -> i32 {
        let max = MAX_PHASE;
        (self.0 * phase + self.1 * (max - phase)) / max
    }
}

impl Add for S {
    type Output = S;
    #[inline(always)]
    fn add(self, rhs: S) -> S {
        S(self.0 + rhs.0, self.1 + rhs.1)
    }
}

impl Sub for S {
    type Output = S;
    #[inline(always)]
    fn sub(self, rhs: S) -> S {
        S(self.0 - rhs.0, self.1 - rhs.1)
    }
}

impl Neg for S {
    type Output = S;
    #[inline(always)]
    fn neg(self) -> S {
        S(-self.0, -self.1)
    }
}

impl Mul<i32> for S {
    type Output = S;
    #[inline(always)]
    fn mul(self, rhs: i32) -> S {
        S(self.0 * rhs, self.1 * rhs)
    }
}

/// Divides both halves, rounding towards zero (so negation commutes with it).
impl Div<i32> for S {
    type Output = S;
    #[inline(always)]
    fn div(self, rhs: i32) -> S {
        S(self.0 / rhs, self.1 / rhs)
    }
}

impl AddAssign for S {
    #[inline(always)]
    fn add_assign(&mut self, rhs: S) {
        self.0 += rhs.0;
        self.1 += rhs.1;
    }
}

impl SubAssign for S {
    #[inline(always)]
    fn sub_assign(&mut self, rhs: S) {
        self.0 -= rhs.0;
        self.1 -= rhs.1;
    }
}

/// Every weight of the [`Classical`](crate::Classical) evaluator, in
/// centipawns (or, where a field says so, in king-danger units or 64ths).
///
/// Tables indexed by role use [`Role::index`](ox88_board::Role::index) (pawn 0 ..
/// king 5); tables indexed by rank use the rank relative to the piece's owner
/// (0 = its first rank). Piece-square tables are seen from white, indexed by
/// [`Square::index64`](ox88_board::Square::index64) (a1 = 0); black's squares
/// are mirrored vertically.
///
/// Setting a weight to zero switches its term off; [`Terms`](crate::Terms)
/// switches whole terms off.
///
/// ```
/// use ox88_board::Board;
/// use ox88_eval::{Classical, Evaluator, Score, Weights, S};
/// let weights = Weights { tempo: S(30, 10), ..Weights::default() };
/// let mut eval = Classical::with_weights(weights);
/// // The start position is symmetric: only the tempo counts.
/// assert_eq!(eval.evaluate(&Board::startpos()), Score::cp(30));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weights {
    // Material and piece-square tables.
    /// Material value of each role (the king's is unused).
    pub material: [S; 6],
    /// Piece-square tables, one per role.
    pub pst: [[S; 64]; 6],

    // Pawn structure (cached in the pawn hash table).
    /// Penalty for a pawn with no friendly pawn on either neighbouring file.
    pub isolated: S,
    /// Penalty for a pawn with a friendly pawn ahead of it on its file.
    pub doubled: S,
    /// Penalty for a pawn that no neighbour can support and whose advance is
    /// stopped by an enemy pawn.
    pub backward: S,
    /// Bonus for a pawn standing beside a friendly pawn, by relative rank.
    pub phalanx: [S; 8],
    /// Bonus per friendly pawn defending a pawn, by the defended pawn's relative rank.
    pub supported: [S; 8],

    // Passed pawns.
    /// Bonus for a passed pawn, by relative rank.
    pub passed_rank: [S; 8],
    /// Per square of the enemy king's distance to the stop square (capped at
    /// 5), times the rank weight, in eighths.
    pub passed_enemy_king: S,
    /// Per square of the own king's distance to the stop square (capped at
    /// 5), times the rank weight, in eighths; subtracted.
    pub passed_own_king: S,
    /// Per rank weight, when the stop square is empty and no square of the
    /// path to promotion is occupied or attacked by the enemy.
    pub passed_free_path: S,
    /// Per rank weight, when the stop square is empty and neither occupied nor
    /// attacked by the enemy, but another square of the path is.
    pub passed_safe_stop: S,
    /// Per rank weight, when the stop square is defended by the pawn's side.
    pub passed_defended_stop: S,
    /// Bonus for a passed pawn the lone enemy king cannot catch (the rule of
    /// the square) when the enemy has no pieces.
    pub passed_unstoppable: S,

    // Mobility: squares attacked that hold no own pawn or king and are not
    // attacked by an enemy pawn.
    /// Knight mobility bonus by number of safe squares.
    pub knight_mobility: [S; 9],
    /// Bishop mobility bonus by number of safe squares.
    pub bishop_mobility: [S; 14],
    /// Rook mobility bonus by number of safe squares.
    pub rook_mobility: [S; 15],
    /// Queen mobility bonus by number of safe squares.
    pub queen_mobility: [S; 28],

    // King safety.
    /// Pawn shield bonus per file around the king, by the relative rank of
    /// the nearest own pawn in front of the king on that file (0: none).
    pub shield: [S; 8],
    /// Pawn storm penalty per file around the king, by the relative rank (from
    /// the defender's side) of the nearest enemy pawn in front (0: none).
    pub storm: [S; 8],
    /// Like `storm`, when that enemy pawn is blocked by an own pawn.
    pub storm_blocked: [S; 8],
    /// King-danger units per enemy piece attacking the king zone, by role;
    /// their sum is multiplied by the number of such attackers.
    pub king_attacker: [i32; 6],
    /// King-danger units per attack of an enemy piece on a king-zone square.
    pub king_zone_attack: i32,
    /// King-danger units when a piece of this role has a safe checking move.
    pub king_safe_check: [i32; 6],
    /// King-danger units per king-zone square attacked by the enemy and
    /// defended by nothing but the king.
    pub king_weak_square: i32,
    /// King-danger units added when the attacking side has no queen (negative).
    pub king_no_queen: i32,
    /// King-danger units removed per 64 centipawns of middlegame pawn shelter.
    pub king_shelter_relief: i32,
    /// King danger counts only above this many units.
    pub king_danger_threshold: i32,
    /// King-danger units are capped at this value.
    pub king_danger_cap: i32,
    /// Penalty for `units` of king danger: `units² * mg / 64` in the middlegame,
    /// `units * eg / 8` in the endgame.
    pub king_danger: S,

    // Pieces.
    /// Bonus for having two (or more) bishops.
    pub bishop_pair: S,
    /// Knight on relative rank 4-6, defended by a pawn, that no enemy pawn can attack.
    pub knight_outpost: S,
    /// Bishop on such an outpost.
    pub bishop_outpost: S,
    /// Rook on a file without pawns.
    pub rook_open_file: S,
    /// Rook on a file without own pawns but with enemy pawns.
    pub rook_semi_open_file: S,
    /// Queen on a file without pawns.
    pub queen_open_file: S,
    /// Rook on the seventh relative rank, with the enemy king on the eighth or
    /// enemy pawns on the seventh.
    pub rook_seventh: S,
    /// Queen on the seventh rank, under the same condition.
    pub queen_seventh: S,
    /// Penalty for a bishop on a7/h7 shut in by an enemy pawn on b6/g6 (half
    /// for a6/h6 and b5/g5), relative to its owner.
    pub trapped_bishop: S,
    /// Penalty for a rook with at most 3 safe squares, shut in on the back
    /// rank by its own uncastled king; doubled when the side cannot castle.
    pub trapped_rook: S,

    // Threats, credited to the attacking side.
    /// Bonus per enemy piece attacked by a pawn, by the attacked role.
    pub threat_by_pawn: [S; 6],
    /// Bonus per enemy piece, or pawn that no enemy pawn defends, attacked by
    /// a knight or bishop, by the attacked role.
    pub threat_by_minor: [S; 6],
    /// Bonus per enemy queen, or piece or pawn that no enemy pawn defends,
    /// attacked by a rook, by the attacked role.
    pub threat_by_rook: [S; 6],
    /// Bonus per attacked enemy piece or pawn that nothing defends.
    pub hanging: S,

    // Endgames.
    /// Mop-up against a lone king: per step of that king away from the centre
    /// (Manhattan distance to the four centre squares, 0..=6).
    pub mopup_edge: S,
    /// Mop-up: per step the kings are closer than the maximal Manhattan
    /// distance of 14.
    pub mopup_proximity: S,
    /// Mop-up for bishop and knight: per step the lone king is closer than 14
    /// to the nearest corner of the bishop's colour.
    pub mopup_corner: S,
    /// Endgame scale (out of 64) with only opposite-coloured bishops and pawns.
    pub scale_opposite_bishops: i32,
    /// Added to that scale per passed pawn of the stronger side.
    pub scale_opposite_bishops_passer: i32,
    /// Endgame scale with opposite-coloured bishops and other pieces.
    pub scale_opposite_bishops_pieces: i32,
    /// Endgame scale when the stronger side has no pawns and is at most a
    /// minor piece up, and has less than a rook.
    pub scale_minor_up_no_rook: i32,
    /// As above when the weaker side has at most a minor piece.
    pub scale_minor_up_weak_minor: i32,
    /// As above otherwise (e.g. rook and minor against rook).
    pub scale_minor_up: i32,
    /// Endgame scale for rook pawns that the weak king stops in the corner
    /// the stronger side's bishop (if any) does not control.
    pub scale_wrong_bishop: i32,

    /// Bonus for the side to move.
    pub tempo: S,
}
