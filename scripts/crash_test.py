#!/usr/bin/env python3
"""Kills the real window again and again while it autosaves, and checks what it leaves.

Two computers play each other in the window (under Xvfb), so the autosave is written after
every throw and step, several times a second. Each run starts Gamester on the data folder the
last run left, lets it play for a random while, and kills it with SIGKILL; every other run
watches the data folder and kills the window the moment a temporary file appears, in the
middle of a save. After each kill the
autosave must load (`gamester check`), and the leftover temporary files are counted, with how
many of them were whole and newer than the autosave. At the next start, Gamester must have
tidied them all away.

    python3 scripts/crash_test.py RUNS [BINARY]   (needs Xvfb)
"""
import os, random, subprocess, sys, time, glob, shutil

runs = int(sys.argv[1]) if len(sys.argv) > 1 else 50
binary = sys.argv[2] if len(sys.argv) > 2 else "target/release/gamester"
home = "/tmp/gamester-crash-home"
data = os.path.join(home, ".local/share/gamester")
display = ":79"
SEED = """(
  format: 1,
  rules: (layout: willughby, dice: two, doublets: single, opening: throw_again,
    bound_table: break, bear_off: over_edge, compulsion: max, stakes: single,
    unplayable_die_loses: false, all_captured_wins: false, blocked_is_draw: false,
    cube: false, players: two),
  table: (
    white: (colour: white, players: [(name: "White", controller: computer(fair))]),
    black: (colour: black, players: [(name: "Black", controller: computer(fair))]),
  ),
  start: (
    white: (points: (0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2), bar: 0, off: 0),
    black: (points: (0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2), bar: 0, off: 0),
  ),
  tally_before: (white: 0, black: 0, games: 0, draws: 0),
  record: [],
)
"""

def check(path):
    r = subprocess.run([binary, "check", path], capture_output=True, text=True)
    return r.returncode == 0, r.stdout.strip()

def leftovers():
    return glob.glob(os.path.join(data, ".autosave.ron.*.tmp"))

shutil.rmtree(home, ignore_errors=True)
os.makedirs(data)
autosave = os.path.join(data, "autosave.ron")
open(autosave, "w").write(SEED)
xvfb = subprocess.Popen(["Xvfb", display, "-screen", "0", "1024x700x24"],
                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
time.sleep(1)
env = dict(os.environ, HOME=home, DISPLAY=display)
timed = kills = valid = broken = left_total = left_whole_newer = left_after_start = new_games = 0
turns_seen = []
random.seed(1)
for run in range(runs):
    ok, said = check(autosave)
    if ok and " over" in said.lower():
        open(autosave, "w").write(SEED)
        new_games += 1
    window = subprocess.Popen([binary], env=env, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    time.sleep(1.2)
    # Whatever the last kill left must be gone once the window has started.
    left_after_start += len(leftovers())
    if run % 2 == 0:
        time.sleep(random.uniform(0.0, 2.5))
    else:
        # Timed mid-save: the moment a save's temporary file is there, before its rename.
        until = time.time() + 5
        while time.time() < until and not leftovers():
            pass
        timed += 1 if leftovers() else 0
    window.kill()
    window.wait()
    kills += 1
    ok, said = check(autosave)
    if ok:
        valid += 1
        turns_seen.append(said)
    else:
        broken += 1
        print("broken autosave after kill", run, said, file=sys.stderr)
    left = leftovers()
    left_total += len(left)
    mtime = os.path.getmtime(autosave) if os.path.exists(autosave) else 0
    for t in left:
        if check(t)[0] and os.path.getmtime(t) > mtime:
            left_whole_newer += 1
window = subprocess.Popen([binary], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
time.sleep(1.5)
final_left = len(leftovers())
window.kill()
window.wait()
xvfb.kill()
print(f"kills {kills} ({timed} timed mid-save); autosave valid after {valid}, broken after {broken}; "
      f"games finished and begun anew {new_games}")
print(f"temporary files left by the kills {left_total} "
      f"(whole and newer than the autosave: {left_whole_newer}); "
      f"still there once the window had started again: {left_after_start}; "
      f"after the last start: {final_left}")
print("last autosave:", turns_seen[-1] if turns_seen else None)
