"""Plays a whole game of Irish against the computer as a blind player would: reading only what
AT-SPI gives (the names of the board's places, the focus, the announcements) and pressing only
keys (xdotool). Prints what was said, and the moves made."""
import subprocess, sys, time, threading
import pyatspi
from atspi_app import find_app

said, focus = [], [None]
lock = threading.Lock()

def on_event(e):
    try:
        if e.type.startswith("object:announcement"):
            with lock:
                said.append(str(e.any_data))
                print("SAID", str(e.any_data), flush=True)
        elif e.type.startswith("object:state-changed:focused") and e.detail1 == 1:
            focus[0] = e.source.name
    except Exception:
        pass

def names(app):
    out = []
    def walk(n):
        try:
            if n.name:
                out.append(n.name)
            for c in n:
                if c is not None:
                    walk(c)
        except Exception:
            pass
    walk(app)
    return out

WID = None
def key(k):
    subprocess.run(["xdotool", "windowfocus", WID])
    subprocess.run(["xdotool", "key", k])
    time.sleep(0.25)

def seek(wanted, tries=40):
    for _ in range(tries):
        key("Down")
        time.sleep(0.1)
        f = focus[0] or ""
        if any(w in f for w in wanted):
            return f
    return None

def main():
    global WID
    app = find_app()
    WID = subprocess.check_output(["xdotool", "search", "--name", "Gamester"]).split()[0].decode()
    threading.Thread(target=pyatspi.Registry.start, daemon=True).start()
    pyatspi.Registry.registerEventListener(on_event, "object:announcement", "object:state-changed:focused")
    moves, start = 0, time.time()
    while time.time() - start < 900:
        ns = names(app)
        if any(n.startswith("Next game") or n.startswith("Over:") for n in ns):
            print("GAME OVER after", moves, "moves of White's")
            break
        if any("White's dice box, lit" in n for n in ns):
            key("space"); time.sleep(0.5); continue
        if any("a man here may move" in n for n in ns):
            got = seek(["a man here may move"])
            if not got:
                continue
            key("Return")
            to = seek(["may move here", "may bear off here"])
            if to:
                print("MOVE", got.split(";")[0], "->", to, flush=True)
                key("Return"); moves += 1
            continue
        if any("lift the dice" in n for n in ns):
            key("l"); time.sleep(0.5); continue
        time.sleep(0.4)
    return 0

sys.exit(main())
