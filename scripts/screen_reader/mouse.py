"""A whole game of Irish by the mouse alone: AT-SPI only says where things are (the board's
places, by name, with their extents); every act is a real pointer click by xdotool."""
import os, subprocess, sys, time
import pyatspi
sys.path.insert(0, os.path.dirname(__file__))
from atspi_app import find_app

class Node:
    def __init__(self, n):
        self.name = n.name
        self.role = n.getRole()
        e = n.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
        self.at = (e.x + e.width // 2, e.y + e.height // 2)

def nodes(app):
    out = []
    def walk(n):
        try:
            if n.name and n.getRole() == pyatspi.ROLE_PUSH_BUTTON:
                try:
                    out.append(Node(n))
                except Exception:
                    pass
            for c in n:
                if c is not None:
                    walk(c)
        except Exception:
            pass
    walk(app)
    return out

def click(node):
    x, y = node.at
    subprocess.run(["xdotool", "mousemove", str(x), str(y), "click", "1"])
    time.sleep(0.35)

def first(app, words):
    for n in nodes(app):
        if any(w in n.name for w in words) and n.role == pyatspi.ROLE_PUSH_BUTTON:
            return n
    return None

def main():
    app = find_app()
    clicks, start = 0, time.time()
    while time.time() - start < 900:
        names = [n.name for n in nodes(app)]
        if any(s.startswith("Over:") for s in names) or any(s.startswith("Next game") for s in names):
            print("GAME OVER after", clicks, "clicks", flush=True)
            return 0
        n = first(app, ["White's dice box, lit"])
        if n:
            click(n); clicks += 1; time.sleep(0.8); continue
        n = first(app, ["a man here may move"])
        if n:
            click(n); clicks += 1
            to = first(app, ["may move here", "may bear off here"])
            if to:
                print("MOVE", n.name.split(";")[0], "->", to.name.split(";")[0], flush=True)
                click(to); clicks += 1
            continue
        n = first(app, ["lift the dice"])
        if n:
            click(n); clicks += 1; continue
        time.sleep(0.4)
    print("TIMED OUT", flush=True)
    return 1

sys.exit(main())
