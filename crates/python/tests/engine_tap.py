"""A tap between a chess library and a real engine, for tests that compare what two libraries send: it starts the
engine (the arguments after ``--``), passes every line both ways, and appends each line it is sent to the log file
(the first argument). With ``--uci-opponent`` it also announces a ``UCI_Opponent`` string option before ``uciok``
(no Debian engine has one), so that what a library sets there reaches the log; the engine itself is not sent it.
With ``--nudge`` it answers ``protover 2`` at once with ``feature done=0`` on the engine's behalf (CECP's way to ask
for more time: a library then waits for ``done=1`` however long its first wait would have been) and pings the engine
every quarter of a second until ``feature done=1`` came (and keeps the answers): GNU Chess 6 announces its features
only when pinged, and late on a loaded machine; python-chess, which neither pings then nor waits longer than 2 s for
a first feature, would go on without them (ox88-client nudges so by itself).

    python engine_tap.py LOG [--uci-opponent] [--nudge] -- /usr/games/stockfish
"""

import os
import subprocess
import sys
import threading

NUDGE = 900000
"""The tap's own pings count up from here."""


def main() -> None:
    split = sys.argv.index("--")
    log, flags, command = sys.argv[1], sys.argv[2:split], sys.argv[split + 1:]
    # The engine runs in the log's folder: GNU Chess writes a file for each game it is told the result of.
    engine = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1,
                              cwd=os.path.dirname(os.path.abspath(log)))
    assert engine.stdin is not None and engine.stdout is not None
    writing, telling = threading.Lock(), threading.Lock()
    features_done = threading.Event()

    def send(line: str) -> None:
        assert engine.stdin is not None
        with writing:
            engine.stdin.write(line)
            engine.stdin.flush()

    def tell(line: str) -> None:
        with telling:
            sys.stdout.write(line)
            sys.stdout.flush()

    def answers() -> None:
        assert engine.stdout is not None
        for line in engine.stdout:
            words = line.split()
            if words[:1] == ["pong"] and words[1:] and words[1].isdigit() and int(words[1]) >= NUDGE:
                continue  # the answer to a ping of the tap's own
            if "done=1" in words and words[:1] == ["feature"]:
                features_done.set()
            if line.strip() == "uciok" and "--uci-opponent" in flags:
                tell("option name UCI_Opponent type string default\n")
            tell(line)

    def nudge() -> None:
        n = NUDGE
        while not features_done.wait(0.25) and n < NUDGE + 100:
            send(f"ping {n}\n")
            n += 1

    reader = threading.Thread(target=answers, daemon=True)
    reader.start()
    with open(log, "a") as out:
        for line in sys.stdin:
            out.write(line)
            out.flush()
            if "UCI_Opponent" in line:
                continue  # the engine has no such option: only the log hears of it
            nudging = line.strip() == "protover 2" and "--nudge" in flags
            if nudging:
                tell("feature done=0\n")  # before the engine can have answered
            send(line)
            if nudging:
                threading.Thread(target=nudge, daemon=True).start()
            if line.strip() == "quit":
                break
    engine.stdin.close()
    try:
        engine.wait(timeout=3)
    except subprocess.TimeoutExpired:
        engine.kill()  # GNU Chess may linger after quit
        engine.wait()
    reader.join(timeout=5)


if __name__ == "__main__":
    main()
