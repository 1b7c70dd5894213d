//! [`Opponent`]: who an engine plays, as UCI's `UCI_Opponent` option and
//! CECP's `name`, `rating` and `computer` tell it.

/// The engine's opponent in a game, as a GUI or a match runner tells it
/// ([`ExternalEngine::set_opponent`](crate::ExternalEngine::set_opponent)).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Opponent {
    /// The opponent's name.
    pub name: Option<String>,
    /// The opponent's title: `GM`, `IM`, `BOT`, ...
    pub title: Option<String>,
    /// The opponent's rating.
    pub rating: Option<i32>,
    /// Whether the opponent is a program.
    pub is_engine: bool,
}

impl Opponent {
    /// The value of UCI's `UCI_Opponent` option, `TITLE RATING computer|human
    /// NAME` (`none` for a title or rating not known), or `None` for an
    /// opponent without a name, whom the option cannot describe.
    ///
    /// ```
    /// use ox88_client::Opponent;
    /// let opponent = Opponent { name: Some("Magnus Carlsen".into()), title: Some("GM".into()), rating: Some(2830), is_engine: false };
    /// assert_eq!(opponent.uci_value().as_deref(), Some("GM 2830 human Magnus Carlsen"));
    /// let program = Opponent { name: Some("Stockfish".into()), is_engine: true, ..Opponent::default() };
    /// assert_eq!(program.uci_value().as_deref(), Some("none none computer Stockfish"));
    /// ```
    pub fn uci_value(&self) -> Option<String> {
        let name = self.name.as_deref().filter(|n| !n.is_empty())?;
        let title = self.title.as_deref().filter(|t| !t.is_empty()).unwrap_or("none");
        let rating = self.rating.filter(|&r| r != 0).map_or("none".to_owned(), |r| r.to_string());
        let kind = if self.is_engine { "computer" } else { "human" };
        Some(format!("{title} {rating} {kind} {name}"))
    }

    /// The name CECP's `name` command gives: the title, if any, and the name.
    pub(crate) fn xboard_name(&self) -> Option<String> {
        let name = self.name.as_deref().filter(|n| !n.is_empty())?;
        Some(match self.title.as_deref().filter(|t| !t.is_empty()) {
            Some(title) => format!("{title} {name}"),
            None => name.to_owned(),
        })
    }
}
