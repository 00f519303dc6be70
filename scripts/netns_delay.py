#!/usr/bin/env python3
"""Holds every packet of a netfilter queue for a while before letting it go, in order: a slow
line for `netns_games.py --bad` where the kernel has no netem. Run inside a namespace whose
outgoing packets iptables sends to the queue (`-j NFQUEUE --queue-num N`).

    netns_delay.py --queue 1 --delay 0.15
"""

import argparse
import collections
import select
import time

from netfilterqueue import NetfilterQueue


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--queue", type=int, default=1)
    ap.add_argument("--delay", type=float, default=0.15)
    args = ap.parse_args()
    held = collections.deque()

    def take(pkt):
        pkt.retain()
        held.append((time.monotonic() + args.delay, pkt))

    nfq = NetfilterQueue()
    nfq.bind(args.queue, take)
    fd = nfq.get_fd()
    try:
        while True:
            wait = max(0.0, held[0][0] - time.monotonic()) if held else 1.0
            ready, _, _ = select.select([fd], [], [], min(wait, 0.01) if held else 1.0)
            if ready:
                nfq.run(block=False)
            now = time.monotonic()
            while held and held[0][0] <= now:
                held.popleft()[1].accept()
    finally:
        nfq.unbind()


if __name__ == "__main__":
    main()
