"""A tap between a chess library and a real engine, for tests that compare what two libraries send: it starts the
engine (the arguments after ``--``), passes every line both ways, and appends each line it is sent to the log file
(the first argument). With ``--uci-opponent`` it also announces a ``UCI_Opponent`` string option before ``uciok``
(no Debian engine has one), so that what a library sets there reaches the log; the engine itself is not sent it.
With ``--nudge`` it pings the engine every quarter of a second after ``protover 2`` until ``feature done=1`` came
(and keeps the answers): GNU Chess 6 announces its features only when pinged, and python-chess, which does not ping
then, would go on without them (ox88-client nudges so by itself).

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
    writing = threading.Lock()
    features_done = threading.Event()

    def send(line: str) -> None:
        assert engine.stdin is not None
        with writing:
            engine.stdin.write(line)
            engine.stdin.flush()

    def answers() -> None:
        assert engine.stdout is not None
        for line in engine.stdout:
            words = line.split()
            if words[:1] == ["pong"] and words[1:] and words[1].isdigit() and int(words[1]) >= NUDGE:
                continue  # the answer to a ping of the tap's own
            if "done=1" in words and words[:1] == ["feature"]:
                features_done.set()
            if line.strip() == "uciok" and "--uci-opponent" in flags:
                sys.stdout.write("option name UCI_Opponent type string default\n")
            sys.stdout.write(line)
            sys.stdout.flush()

    def nudge() -> None:
        n = NUDGE
        while not features_done.wait(0.25) and n < NUDGE + 40:
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
            send(line)
            if line.strip() == "protover 2" and "--nudge" in flags:
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
