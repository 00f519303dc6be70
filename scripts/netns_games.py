#!/usr/bin/env python3
"""Whole games at a distance between two network namespaces (two hosts on one machine, joined
by a virtual cable), optionally over a bad line: 150 ms each way (a round trip of 300 ms) and
10 % of packets lost each way.

    sudo scripts/netns_games.py [--bad] [--bin target/debug/gamester] [--games modern-cube,...]

Each game: `gamester host` in one namespace, every friend `gamester join -` (the code on
standard input) in the other; the computer at every seat. A game passes when every program
exits 0 and every save holds the same finished game (`gamester check`). Prints one line a game
and a summary; exits 1 if any game failed. Makes the namespaces itself and removes them, and
ends only the processes it started (by id). Needs root and iproute2; the bad line needs
iptables (its `statistic` match drops packets) and Python's NetfilterQueue (`netns_delay.py`
holds them), since this machine's kernel has no netem.
"""

import argparse
import os
import signal
import subprocess
import sys
import tempfile
import time

NS_HOST, NS_JOIN = "gm_host", "gm_join"

# name: (host arguments, friends)
GAMES = {
    "irish": (["--preset", "irish"], 1),
    "modern-cube": (["--preset", "modern", "--set", "cube=true"], 1),
    "tick-tack": (["--preset", "tick-tack"], 1),
    "sice-ace-5": (["--preset", "sice-ace", "--players", "5"], 4),
    "muggins-4": (["--preset", "muggins", "--players", "4"], 3),
}


def sh(*args, check=True):
    return subprocess.run(list(args), check=check, capture_output=True, text=True)


HERE = os.path.dirname(os.path.abspath(__file__))
DELAYERS = []


def up(bad):
    down()
    sh("ip", "netns", "add", NS_HOST)
    sh("ip", "netns", "add", NS_JOIN)
    sh("ip", "link", "add", "gmh0", "type", "veth", "peer", "name", "gmj0")
    sh("ip", "link", "set", "gmh0", "netns", NS_HOST)
    sh("ip", "link", "set", "gmj0", "netns", NS_JOIN)
    for ns, dev, addr in ((NS_HOST, "gmh0", "10.77.0.1/24"), (NS_JOIN, "gmj0", "10.77.0.2/24")):
        sh("ip", "netns", "exec", ns, "ip", "addr", "add", addr, "dev", dev)
        sh("ip", "netns", "exec", ns, "ip", "link", "set", dev, "up")
        sh("ip", "netns", "exec", ns, "ip", "link", "set", "lo", "up")
        if bad:
            # Each packet out: 10 % dropped, the rest held 150 ms.
            ipt = ["ip", "netns", "exec", ns, "iptables", "-A", "OUTPUT", "-o", dev]
            sh(*ipt, "-m", "statistic", "--mode", "random", "--probability", "0.10", "-j",
               "DROP")
            sh(*ipt, "-j", "NFQUEUE", "--queue-num", "1")
            DELAYERS.append(subprocess.Popen(
                ["ip", "netns", "exec", ns, sys.executable, os.path.join(HERE, "netns_delay.py"),
                 "--queue", "1", "--delay", "0.15"]))


def down():
    while DELAYERS:
        p = DELAYERS.pop()
        p.send_signal(signal.SIGTERM)
        try:
            p.wait(timeout=5)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait()
    for ns in (NS_HOST, NS_JOIN):
        sh("ip", "netns", "del", ns, check=False)


def play(binary, name, host_args, friends, folder, patience):
    host_save = os.path.join(folder, f"{name}-host.ron")
    started = []
    try:
        host = subprocess.Popen(
            ["ip", "netns", "exec", NS_HOST, binary, "host", *host_args, "--level", "novice",
             "--local", "--name", "Host", "--save", host_save],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        started.append(host)
        line = host.stdout.readline()
        if not line.startswith("invite "):
            return False, f"no invitation: {line!r}"
        code = line.split(" ", 1)[1].strip()
        saves = [host_save]
        for f in range(friends):
            save = os.path.join(folder, f"{name}-friend{f + 1}.ron")
            saves.append(save)
            p = subprocess.Popen(
                ["ip", "netns", "exec", NS_JOIN, binary, "join", "-", "--level", "novice",
                 "--local", "--name", f"Friend {f + 1}", "--save", save],
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            p.stdin.write(code + "\n")
            p.stdin.close()
            started.append(p)
        began = time.time()
        for p in started:
            left = max(1, patience - (time.time() - began))
            p.wait(timeout=left)
        codes = [p.returncode for p in started]
        if any(codes):
            errs = [p.stderr.read()[-400:] for p in started if p.returncode]
            return False, f"exit codes {codes}: {errs}"
        checks = [sh(binary, "check", s, check=False).stdout.strip() for s in saves]
        if len(set(checks)) != 1 or "over" not in checks[0]:
            return False, f"saves differ or unfinished: {checks}"
        return True, f"{checks[0]} in {time.time() - began:.0f} s"
    except subprocess.TimeoutExpired:
        return False, f"not over within {patience} s"
    finally:
        for p in started:
            if p.poll() is None:
                p.kill()
                p.wait()


def comeback(binary, folder, patience):
    """A friend killed mid-game (no goodbye) and started again on its save: how long from its
    start until the host's save moves on, and whether the game then ends alike on both sides."""
    host_save = os.path.join(folder, "comeback-host.ron")
    join_save = os.path.join(folder, "comeback-friend.ron")
    started = []

    def join():
        p = subprocess.Popen(
            ["ip", "netns", "exec", NS_JOIN, binary, "join", "-", "--level", "novice", "--local",
             "--save", join_save],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        p.stdin.write(code + "\n")
        p.stdin.close()
        started.append(p)
        return p

    try:
        host = subprocess.Popen(
            ["ip", "netns", "exec", NS_HOST, binary, "host", "--preset", "irish", "--level",
             "novice", "--local", "--save", host_save],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        started.append(host)
        code = host.stdout.readline().split(" ", 1)[1].strip()
        first = join()
        began = time.time()
        # A few turns in (a save of 3 kB), while the game lasts.
        while (time.time() - began < patience and first.poll() is None
               and (not os.path.exists(host_save) or os.path.getsize(host_save) < 3000)):
            time.sleep(0.01)
        if first.poll() is not None:
            return False, "the game ended before the friend could be killed"
        first.kill()
        first.wait()
        time.sleep(0.5)
        before = os.path.getmtime(host_save)
        again_at = time.time()
        again = join()
        while time.time() - again_at < patience and os.path.getmtime(host_save) == before:
            time.sleep(0.002)
        back_in = time.time() - again_at
        again.wait(timeout=patience)
        host.wait(timeout=patience)
        checks = [sh(binary, "check", s, check=False).stdout.strip() for s in (host_save, join_save)]
        ok = again.returncode == 0 and host.returncode == 0 and checks[0] == checks[1]
        return ok, f"the killed friend, started again, moved the game on in {back_in * 1000:.0f} ms; {checks[0]}"
    finally:
        for p in started:
            if p.poll() is None:
                p.kill()
                p.wait()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bin", default="target/debug/gamester")
    ap.add_argument("--bad", action="store_true", help="150 ms each way, 10 %% loss each way")
    ap.add_argument("--games", default=",".join(GAMES))
    ap.add_argument("--patience", type=int, default=1800, help="seconds a game may take")
    ap.add_argument("--comeback", action="store_true",
                    help="also kill a friend mid-game and time its return")
    args = ap.parse_args()
    binary = os.path.abspath(args.bin)
    failed = 0
    try:
        up(args.bad)
        with tempfile.TemporaryDirectory() as folder:
            for name in args.games.split(","):
                host_args, friends = GAMES[name]
                ok, said = play(binary, name, host_args, friends, folder, args.patience)
                failed += not ok
                print(f"{'ok' if ok else 'FAILED'} {name}{' (bad line)' if args.bad else ''}: "
                      f"{said}", flush=True)
            if args.comeback:
                ok, said = comeback(binary, folder, args.patience)
                failed += not ok
                print(f"{'ok' if ok else 'FAILED'} comeback: {said}", flush=True)
    finally:
        down()
    print(f"{len(args.games.split(',')) - failed} of {len(args.games.split(','))} games finished")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
