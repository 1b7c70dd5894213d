#!/usr/bin/env python3
"""ox88-server beside the seed's stack, for docs/server.md: the same requests (requests/*.json), sent by wrk to

  ox88      ox88-server (release build)
  fixed     the same application answering a fixed, precomputed body of the same size (examples/fixed_body.rs)
  express   express + chess.js (node/server.js), one Node.js process
  fastapi   python-chess behind FastAPI on uvicorn (python/app.py), one worker
  nginx     two ox88-server instances behind nginx (round robin), when --nginx is given
  baseline  another build of ox88-server (--baseline BINARY, say a release build of an older commit), to measure a
            change: `--services ox88,baseline --baseline OLD/release/ox88-server`

interleaved: each round runs every endpoint on every service in turn, and the table gives the medians over the
rounds of requests/s and wrk's p50 and p99 latency, with each service's peak resident memory (VmHWM).
Every service's answer to the Position request is checked against ox88-server's (the same moves and SAN) first.

usage: crates/server/peers/bench.py [--rounds N] [--duration S] [--connections C] [--threads T] [--nginx]
                                    [--services ox88,fixed,express,fastapi] [--baseline BINARY]
(crates/server/peers/setup installs wrk, nginx, the npm and PyPI packages, and builds the Rust side.)
"""
import argparse
import json
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
PORTS = {"ox88": 18081, "fixed": 18082, "express": 18083, "fastapi": 18084, "nginx": 18085, "ox88-a": 18086,
         "ox88-b": 18087, "baseline": 18088}
ENDPOINTS = {"position": "/api/v1/position", "play": "/api/v1/play"}
FIXED = {"position": "/bench/position", "play": "/bench/play"}


def executables(with_fixed=True):
    """The release builds of ox88-server and its fixed_body example, built in one cargo call with the same targets
    as setup's: built apart, they resolve different features (the example's dev-dependencies), and each call would
    rebuild the other's. Without the fixed body, the binary alone (as .ci/server builds it)."""
    example = ["--example", "fixed_body"] if with_fixed else []
    out = subprocess.run(["cargo", "build", "--release", "--message-format=json", "-p", "ox88-server", "--bin",
                          "ox88-server"] + example, check=True, capture_output=True, text=True, cwd=ROOT).stdout
    paths = {}
    for message in map(json.loads, out.splitlines()):
        if message.get("reason") == "compiler-artifact" and message.get("executable"):
            paths[message["target"]["name"]] = message["executable"]
    return paths["ox88-server"], paths.get("fixed_body")


def post(port, path, body):
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=body.encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def wait_up(port, path, body):
    for _ in range(300):
        try:
            return post(port, path, body)
        except OSError:
            time.sleep(0.1)
    sys.exit(f"nothing answers on port {port}")


def peak_rss_mb(pid):
    """The peak resident memory of pid and its children (uvicorn, npm), in MB."""
    total = 0
    pids = [pid] + [int(p) for p in subprocess.run(["pgrep", "-P", str(pid)], capture_output=True,
                                                   text=True).stdout.split()]
    for p in pids:
        try:
            with open(f"/proc/{p}/status") as status:
                for line in status:
                    if line.startswith("VmHWM:"):
                        total += int(line.split()[1])
        except OSError:
            pass
    return total / 1024


def wrk(port, path, body_file, args):
    env = dict(os.environ, BODY=body_file)
    out = subprocess.run(["wrk", f"-t{args.threads}", f"-c{args.connections}", f"-d{args.duration}s", "--latency",
                          "-s", os.path.join(HERE, "post.lua"), f"http://127.0.0.1:{port}{path}"],
                         check=True, capture_output=True, text=True, env=env).stdout
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))

    def percentile(p):
        value, unit = re.search(rf"^\s+{p}%\s+([\d.]+)(us|ms|s)\s*$", out, re.M).groups()
        return float(value) * {"us": 1e-3, "ms": 1.0, "s": 1e3}[unit]

    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    timeouts = re.search(r"Socket errors:.*timeout (\d+)", out)
    return {"rps": rps, "p50": percentile(50), "p99": percentile(99),
            "errors": int(errors.group(1)) if errors else 0, "timeouts": int(timeouts.group(1)) if timeouts else 0}


def nginx_config(directory):
    conf = os.path.join(directory, "nginx.conf")
    with open(conf, "w") as f:
        f.write(f"""worker_processes 2;
pid {directory}/nginx.pid;
error_log {directory}/error.log;
events {{ worker_connections 1024; }}
http {{
  access_log off;
  client_body_temp_path {directory}/body;
  proxy_temp_path {directory}/proxy;
  upstream ox88 {{ server 127.0.0.1:{PORTS['ox88-a']}; server 127.0.0.1:{PORTS['ox88-b']}; keepalive 64; }}
  server {{
    listen 127.0.0.1:{PORTS['nginx']};
    location / {{ proxy_pass http://ox88; proxy_http_version 1.1; proxy_set_header Connection ""; }}
  }}
}}
""")
    return conf


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--duration", type=int, default=10)
    parser.add_argument("--connections", type=int, default=64)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--nginx", action="store_true")
    parser.add_argument("--services", default="ox88,fixed,express,fastapi",
                        help="the services to run, comma-separated (ox88 always: the ratios are to it)")
    parser.add_argument("--baseline", metavar="BINARY", help="another ox88-server build, run as the service 'baseline'")
    args = parser.parse_args()
    chosen = ["ox88"] + [name for name in args.services.split(",") if name and name != "ox88"]
    known = {"fixed", "express", "fastapi", "baseline"}
    if not set(chosen[1:]) <= known or ("baseline" in chosen) != (args.baseline is not None):
        parser.error(f"--services takes ox88 and {', '.join(sorted(known))}; baseline goes with --baseline")
    server, fixed = executables(with_fixed="fixed" in chosen)
    bodies = {name: os.path.join(HERE, "requests", f"{name}.json") for name in ENDPOINTS}
    texts = {name: open(path).read() for name, path in bodies.items()}
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
    temp = tempfile.mkdtemp()

    def ox88(name, binary=server):
        # Each instance its own games database (the web page's), in the temporary directory.
        games = os.path.join(temp, f"{name}.sqlite")
        return subprocess.Popen([binary, "--port", str(PORTS[name]), "--games-db", games], **quiet)

    starts = {
        "ox88": lambda: ox88("ox88"),
        "fixed": lambda: subprocess.Popen([fixed, "--port", str(PORTS["fixed"])], **quiet),
        "express": lambda: subprocess.Popen(["node", os.path.join(HERE, "node/server.js"), str(PORTS["express"])],
                                            **quiet),
        "fastapi": lambda: subprocess.Popen(["python3", "-m", "uvicorn", "--app-dir", os.path.join(HERE, "python"),
                                             "app:app", "--port", str(PORTS["fastapi"]), "--log-level", "warning"],
                                            **quiet),
        "baseline": lambda: ox88("baseline", args.baseline),
    }
    processes = {name: starts[name]() for name in chosen}
    if args.nginx:
        for name in ("ox88-a", "ox88-b"):
            processes[name] = ox88(name)
        processes["nginx"] = subprocess.Popen(["nginx", "-c", nginx_config(temp), "-g", "daemon off;"], **quiet)
    try:
        services = chosen + (["nginx"] if args.nginx else [])
        reference = None
        for name in services + (["ox88-a", "ox88-b"] if args.nginx else []):
            path = FIXED["position"] if name == "fixed" else ENDPOINTS["position"]
            answer = wait_up(PORTS[name], path, texts["position"])
            moves = sorted((m["uci"], m["san"]) for m in answer["moves"])
            reference = reference or moves
            assert moves == reference, f"{name} answers other moves: {moves} != {reference}"
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                                cwd=ROOT).stdout.strip()
        print(f"commit {commit}, load average at the start {os.getloadavg()[0]:.1f}", flush=True)
        if args.baseline:
            print(f"baseline: {args.baseline}", flush=True)
        results = {}
        for round_ in range(args.rounds):
            for endpoint in ENDPOINTS:
                for name in services:
                    path = FIXED[endpoint] if name == "fixed" else ENDPOINTS[endpoint]
                    result = wrk(PORTS[name], path, bodies[endpoint], args)
                    results.setdefault((endpoint, name), []).append(result)
                    print(f"round {round_ + 1} {endpoint:8} {name:8} {result['rps']:10.0f} req/s  "
                          f"p50 {result['p50']:8.2f} ms  p99 {result['p99']:8.2f} ms  "
                          f"non-2xx {result['errors']} timeouts {result['timeouts']}", flush=True)
        memory = {name: peak_rss_mb(process.pid) for name, process in processes.items()}
        print()
        print(f"wrk -t{args.threads} -c{args.connections} -d{args.duration}s, {args.rounds} rounds, medians; "
              f"commit {commit}, load average at the end {os.getloadavg()[0]:.1f}")
        print()
        print("| endpoint | service | requests/s | p50 ms | p99 ms | errors | peak RSS MB | ox88 / this |")
        print("|---|---|---:|---:|---:|---:|---:|---:|")
        for endpoint in ENDPOINTS:
            base = statistics.median(r["rps"] for r in results[(endpoint, "ox88")])
            for name in services:
                runs = results[(endpoint, name)]
                rps = statistics.median(r["rps"] for r in runs)
                rss = memory[name] if name != "nginx" else memory["ox88-a"] + memory["ox88-b"] + memory["nginx"]
                print(f"| {endpoint} | {name} | {rps:,.0f} | {statistics.median(r['p50'] for r in runs):.2f} | "
                      f"{statistics.median(r['p99'] for r in runs):.2f} | "
                      f"{sum(r['errors'] + r['timeouts'] for r in runs)} | {rss:.0f} | {base / rps:.2f} |")
    finally:
        for process in processes.values():
            process.send_signal(signal.SIGTERM)
        for process in processes.values():
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
        shutil.rmtree(temp, ignore_errors=True)


if __name__ == "__main__":
    main()
