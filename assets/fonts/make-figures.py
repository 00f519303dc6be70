#!/usr/bin/env python3
"""Makes EBGaramond12-Figures.otf: EB Garamond's lining figures (its `lnum` glyphs, which egui,
reading no OpenType features, cannot reach) as the font's digits 0-9, and nothing else.

Run from the repository's root with fontTools (`pip install fonttools`):
    python3 assets/fonts/make-figures.py
"""

from fontTools import subset
from fontTools.ttLib import TTFont

SOURCE = "assets/fonts/EBGaramond12-Regular.otf"
OUT = "assets/fonts/EBGaramond12-Figures.otf"
DIGITS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]

font = TTFont(SOURCE)
for table in font["cmap"].tables:
    if table.isUnicode():
        for i, name in enumerate(DIGITS):
            table.cmap[0x30 + i] = name + ".lnum"
options = subset.Options()
options.layout_features = []
options.name_IDs = ["*"]
options.notdef_outline = True
subsetter = subset.Subsetter(options)
subsetter.populate(unicodes=range(0x30, 0x3A))
subsetter.subset(font)
for record in font["name"].names:
    if record.nameID in (1, 3, 4, 16):
        record.string = "EB Garamond 12 Figures"
    elif record.nameID == 6:
        record.string = "EBGaramond12-Figures"
font.save(OUT)
