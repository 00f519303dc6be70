"""Reads Gamester's accessibility tree as Orca does (AT-SPI, through pyatspi): prints the
board's places, the focused one, and every announcement made while keys are pressed."""
import subprocess, sys, time, threading
import pyatspi
from atspi_app import find_app
from gi.repository import GLib

said = []
focus = []

def on_event(e):
    try:
        if e.type.startswith("object:announcement"):
            said.append(("announce", str(e.any_data)))
        elif e.type.startswith("object:state-changed:focused") and e.detail1 == 1:
            focus.append(("focus", e.source.getRoleName(), e.source.name, e.source.description))
    except Exception as ex:  # noqa
        said.append(("error", str(ex)))

def walk(node, depth=0, out=None):
    if out is None:
        out = []
    try:
        out.append((depth, node.getRoleName(), node.name))
        for child in node:
            if child is not None:
                walk(child, depth + 1, out)
    except Exception:
        pass
    return out

def keys(seq):
    wid = subprocess.check_output(["xdotool", "search", "--name", "Gamester"]).split()[0].decode()
    for k in seq:
        if k.startswith("sleep"):
            time.sleep(float(k.split()[1]))
            continue
        subprocess.run(["xdotool", "windowfocus", wid])
        subprocess.run(["xdotool", "key", k])
        time.sleep(0.6)

def main():
    app = find_app()
    if not app:
        print("no gamester on the bus"); return 1
    tree = walk(app)
    print("NODES", len(tree))
    for depth, role, name in tree:
        if role in ("push button", "button") and name and ("point" in name or "tray" in name or "bar" in name or "dice box" in name):
            print("  " * min(depth, 6), role, "|", name)
    pyatspi.Registry.registerEventListener(on_event, "object:announcement", "object:state-changed:focused")
    seq = sys.argv[1].split(",") if len(sys.argv) > 1 else []
    t = threading.Thread(target=lambda: (time.sleep(1), keys(seq), time.sleep(3), GLib.idle_add(pyatspi.Registry.stop)))
    t.start()
    pyatspi.Registry.start()
    for s in said:
        print("SAID", s)
    for f in focus:
        print("FOCUS", f)
    return 0

sys.exit(main())
