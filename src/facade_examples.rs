//! Every example of every crate README, with its `ox88_<crate>::` paths
//! written as `ox88::<crate>::` (by `build.rs`), compiled and run as this
//! crate's doctests: whoever depends on `ox88` alone can paste them.

macro_rules! readme {
    ($name:ident, $file:literal) => {
        #[doc = include_str!(concat!(env!("OUT_DIR"), "/readme-", $file, ".md"))]
        #[allow(dead_code)]
        struct $name;
    };
}

readme!(Board, "board");
readme!(Book, "book");
#[cfg(feature = "client")]
readme!(Client, "client");
readme!(Control, "control");
readme!(Eval, "eval");
readme!(Movegen, "movegen");
#[cfg(feature = "pgn")]
readme!(Pgn, "pgn");
readme!(Protocol, "protocol");
readme!(Search, "search");
#[cfg(feature = "svg")]
readme!(Svg, "svg");
