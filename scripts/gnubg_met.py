#!/usr/bin/env python3
"""Writes crates/core/src/ai/data/met.rs from GNU Backgammon's Kazaross-XG2 match equity table.

    python3 scripts/gnubg_met.py /usr/share/gnubg/met/Kazaross-XG2.xml > crates/core/src/ai/data/met.rs

The table's notice (kept in the output) allows copying with the notice preserved.
"""
import re
import sys
import xml.etree.ElementTree as ET

path = sys.argv[1]
text = open(path, encoding="utf-8").read()
notice = re.search(r"<!--(.*?)-->", text, re.S).group(1).strip()
root = ET.fromstring(re.sub(r"<!DOCTYPE[^>]*>", "", text))
pre = [[float(me.text) for me in row.findall("me")] for row in root.find("pre-crawford-table").findall("row")]
post = [[float(me.text) for me in row.findall("me")] for row in root.find("post-crawford-table").findall("row")]
n = len(pre)
assert all(len(r) == n for r in pre) and len(post) == 1 and len(post[0]) == n, "a square table and one post-Crawford row"

out = []
out.append("//! GNU Backgammon's Kazaross-XG2 match equity table, written by `scripts/gnubg_met.py` from")
out.append("//! `/usr/share/gnubg/met/Kazaross-XG2.xml` (gnubg 1.07). Its notice, kept as it asks:")
out.append("//!")
for line in notice.splitlines():
    out.append(("//! " + line.strip()).rstrip())
out.append("")
out.append("/// The longest match the table covers.")
out.append(f"pub const MET_LENGTH: usize = {n};")
out.append("")
out.append("/// `PRE[a - 1][b - 1]`: the chance that a side `a` points away wins the match against a side")
out.append("/// `b` away, before the Crawford game (a side one away is playing the Crawford game).")
out.append("#[rustfmt::skip]")
out.append(f"pub const PRE: [[f32; {n}]; {n}] = [")
for row in pre:
    out.append("    [" + ", ".join(repr(v) for v in row) + "],")
out.append("];")
out.append("")
out.append("/// `POST[b - 1]`: the chance that a side `b` points away wins the match against a side one")
out.append("/// away, after the Crawford game.")
out.append("#[rustfmt::skip]")
out.append(f"pub const POST: [f32; {n}] = [" + ", ".join(repr(v) for v in post[0]) + "];")
print("\n".join(out))
