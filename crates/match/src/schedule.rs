//! Who plays whom: the encounters of a round robin or a gauntlet, and the
//! games of each round (one opening per round, colours alternating).

use crate::config::Tournament;

/// Two engines that meet, by their index on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Encounter {
    pub first: usize,
    pub second: usize,
}

/// One game to play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Job {
    /// The game's number, from 0.
    pub number: usize,
    pub encounter: usize,
    pub round: usize,
    /// Its place in the round (0, 1, ...): games 2k and 2k + 1 form a pair.
    pub game: usize,
    pub white: usize,
    pub black: usize,
}

impl Job {
    /// The pair this game belongs to (its encounter, round and pair index).
    pub fn pair(&self) -> (usize, usize, usize) {
        (self.encounter, self.round, self.game / 2)
    }
}

/// Round robin: every engine meets every other. Gauntlet: the first `seeds`
/// engines meet all the others.
pub fn encounters(engines: usize, tournament: Tournament, seeds: usize) -> Vec<Encounter> {
    let mut list = Vec::new();
    for first in 0..engines {
        for second in first + 1..engines {
            let gauntlet_pair = first < seeds && second >= seeds;
            if tournament == Tournament::RoundRobin || gauntlet_pair {
                list.push(Encounter { first, second });
            }
        }
    }
    list
}

/// Every game, round by round.
pub fn jobs(encounters: &[Encounter], rounds: u32, games: u32) -> Vec<Job> {
    let mut list = Vec::new();
    for round in 0..rounds as usize {
        for (index, pairing) in encounters.iter().enumerate() {
            for game in 0..games as usize {
                let (white, black) =
                    if game % 2 == 0 { (pairing.first, pairing.second) } else { (pairing.second, pairing.first) };
                list.push(Job { number: list.len(), encounter: index, round, game, white, black });
            }
        }
    }
    list
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_robin_and_gauntlet() {
        assert_eq!(encounters(4, Tournament::RoundRobin, 1).len(), 6);
        let gauntlet = encounters(4, Tournament::Gauntlet, 1);
        assert_eq!(gauntlet, [(0, 1), (0, 2), (0, 3)].map(|(first, second)| Encounter { first, second }));
        assert_eq!(encounters(4, Tournament::Gauntlet, 2).len(), 4);
    }

    #[test]
    fn games_alternate_colours_in_pairs() {
        let list = jobs(&encounters(2, Tournament::RoundRobin, 1), 3, 2);
        assert_eq!(list.len(), 6);
        assert_eq!((list[0].white, list[1].white), (0, 1));
        assert_eq!(list[0].pair(), list[1].pair());
        assert_ne!(list[1].pair(), list[2].pair());
        assert_eq!(list[5].number, 5);
    }
}
