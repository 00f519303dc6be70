"""What the scripts here share: Gamester found on the accessibility bus."""
import time
import pyatspi


def find_app(tries=30):
    """Gamester's application node on the bus, waiting for it to appear."""
    for _ in range(tries):
        for app in pyatspi.Registry.getDesktop(0):
            if app is not None and app.name and "amester" in app.name:
                return app
        time.sleep(1)
    return None
