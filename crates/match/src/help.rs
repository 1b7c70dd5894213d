//! The text of `-help`.

pub const HELP: &str = "\
ox88-match: play engines against each other (UCI or CECP) and rate them

usage: ox88-match -engine cmd=PATH [KEY=VALUE...] -engine ... [OPTIONS]

engines (-engine for one, -each for all; an engine's own settings win):
  cmd=PATH              the program (required)
  name=NAME             its name (default: the program's file name)
  proto=uci|xboard      its protocol (default uci)
  args=\"ARGS\"           arguments, split like a shell
  dir=DIR               working directory
  option.NAME=VALUE     an engine option (CECP: memory/cores as Hash/Threads)
  tc=[MOVES/]TIME[+INC] game clock: 10+0.1, 40/60+0.6, 1:30+1, inf
  st=SECONDS            a fixed time per move
  nodes=N, depth=N      a node or depth limit per move (plies=N is depth)
  timemargin=MS         how far past its clock an engine may go (default 0)
  restart=on|off        a new process for every game (default off)
  ponder                think on the opponent's time

games:
  -rounds N             rounds (default 1); every game of a round and
                        encounter has the same opening
  -games N              games per round and encounter (default 2: each
                        opening with both colours)
  -repeat [N]           -games 2; with cutechess's -games N, N/2 rounds
  -concurrency N        games played at once (default 1)
  -tournament roundrobin|gauntlet   (default roundrobin)
  -seeds N              gauntlet: the first N engines play all others (default 1)
  -variant standard|fischerandom
  -openings file=F format=epd|pgn [order=sequential|random] [plies=N] [start=N]
                        EPD positions, or the main lines of PGN games (cut
                        to N plies); one opening per round
  -srand N              seed for random openings (default: the time)

adjudication (mate, stalemate, repetition, fifty moves and insufficient
material end games by the rules):
  -resign movecount=N score=CP [twosided=true]
  -draw movenumber=N movecount=N score=CP
  -maxmoves N           a draw after N moves each

output:
  -sprt elo0=E0 elo1=E1 [alpha=0.05] [beta=0.05] [model=normalized|logistic]
       [prior=P0,P1,P2,P3,P4]
                        stop when the pentanomial SPRT accepts a hypothesis;
                        prior: the pair counts of earlier runs of the same
                        engines (their Ptnml), to resume a stopped test
  -spsa params=F iterations=N [state=S] [alpha=0.602] [gamma=0.101] [A=0.1]
                        tune one engine's options by SPSA instead: it plays
                        game pairs against itself, the options nudged up on
                        one side and down on the other; F lists them in
                        OpenBench's form (name, int|float, default, min, max,
                        c_end, r_end); the values after each pair go to S
                        (default F.state), from which a new run resumes
  -pgnout file=F        append every game to F in PGN, with the engines'
                        scores, depths and times as comments
  -ratinginterval N     the full summary every N games (default 10; 0: never)
  -event NAME           the event's name
  -log file=F           every line sent to and received from the engines
  -recover              accepted for compatibility: crashed engines are
                        always restarted";
