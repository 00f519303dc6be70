#!/usr/bin/env python3
"""Is the screen ever ahead of the disk on a slow disk? Every fsync of the window's process is
made to take 1 s (strace fault injection). Two people at one screen, a fresh game each trial:
Space throws; 0.3 s later (well within the fsync) the window is photographed and killed. A
trial fails if the photograph differs from the one before the throw (the throw was shown) while
the autosave left on disk has no throw in it (a restart would throw again).

    python3 slow_disk.py BINARY TRIALS [WAIT]   (WAIT: seconds from the key to the photograph)
"""
import os, shutil, signal, subprocess, sys, time

binary, trials = sys.argv[1], int(sys.argv[2])
wait = float(sys.argv[3]) if len(sys.argv) > 3 else 0.3
# Settings kept by Gamester 0.1 (eframe's app.ron), which both the old and the new binary
# read: the first-game guide already offered, so no window of it stands over the board.
APP_RON = '{"gamester-settings": "(guide_offered: true)"}\n'

display = ":78"
GAME = """(format: 1,
  rules: (layout: willughby, dice: two, doublets: single, opening: throw_again,
    bound_table: break, bear_off: over_edge, compulsion: max, stakes: single,
    unplayable_die_loses: false, all_captured_wins: false, blocked_is_draw: false,
    cube: false, players: two),
  table: (white: (colour: white, players: [(name: "Anne", controller: person)]),
          black: (colour: black, players: [(name: "Ben", controller: person)])),
  start: (white: (points: (0,0,0,0,0,5,0,3,0,0,0,0,5,0,0,0,0,0,0,0,0,0,0,2), bar: 0, off: 0),
          black: (points: (0,0,0,0,0,5,0,3,0,0,0,0,5,0,0,0,0,0,0,0,0,0,0,2), bar: 0, off: 0)),
  tally_before: (white: 0, black: 0, games: 0, draws: 0),
  record: [])
"""
ahead = shown = on_disk = 0
for t in range(trials):
    # A display of its own for each trial: no window of an earlier trial to mistake.
    xvfb = subprocess.Popen(["Xvfb", display, "-screen", "0", "1400x900x24"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(1)
    home = f"/tmp/slow-home-{t}"
    shutil.rmtree(home, ignore_errors=True)
    data = os.path.join(home, ".local/share/gamester")
    os.makedirs(data)
    game = os.path.join(home, "game.ron")
    open(game, "w").write(GAME)
    open(os.path.join(data, "app.ron"), "w").write(APP_RON)
    env = dict(os.environ, HOME=home, DISPLAY=display)
    w = subprocess.Popen(["strace", "-f", "-qq", "-o", "/dev/null",
                          "-e", "inject=fsync,fdatasync:delay_enter=1000000",
                          binary, game], env=env,
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                         start_new_session=True)
    wid = None
    for _ in range(100):
        r = subprocess.run(["xdotool", "search", "--name", "Gamester"], env=env,
                           capture_output=True, text=True, timeout=10)
        if r.stdout.strip():
            wid = r.stdout.split()[-1]
            break
        time.sleep(0.1)
    time.sleep(4)
    subprocess.run(["xdotool", "windowfocus", wid], env=env)
    time.sleep(0.3)
    before = subprocess.run(["import", "-window", wid, "rgb:-"], env=env,
                            capture_output=True).stdout
    subprocess.run(["xdotool", "key", "space"], env=env)
    time.sleep(wait)
    after = subprocess.run(["import", "-window", wid, "rgb:-"], env=env,
                           capture_output=True).stdout
    os.killpg(w.pid, 9)
    w.wait()
    xvfb.kill()
    xvfb.wait()
    time.sleep(0.5)
    autosave = os.path.join(data, "autosave.ron")
    thrown = os.path.exists(autosave) and "throw" in open(autosave).read().split("record:")[-1]
    changed = before != after
    shown += changed
    on_disk += thrown
    if changed and not thrown:
        ahead += 1
    print(f"trial {t}: screen changed {changed}, throw on disk {thrown}", flush=True)
print(f"{trials} trials: the throw shown {shown}, on disk {on_disk}, shown but not on disk {ahead}")
