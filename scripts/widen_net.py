#!/usr/bin/env python3
"""Widens a Gamester network file to twice its hidden units, keeping what it computes:

    python3 scripts/widen_net.py IN.bin OUT.bin

Each hidden unit is there twice (the copy's input weights nudged by a little seeded noise, so
that training can tell the two apart), and each output weight is halved, so that the wider
network's outputs are the narrower one's within the noise. Training goes on from OUT.bin
(`WARM=OUT.bin fit_eval train ...`, crates/train/examples/fit_eval.rs). The header is kept, its
shape doubled and its `trained` line saying so. The modern network went from 128 to 256 hidden
units this way (docs/networks.md)."""
import random
import struct
import sys

INPUTS, OUTPUTS = 222, 5
src, dst = sys.argv[1:3]
data = open(src, 'rb').read()
end = data.index(b'\n\n')
lines = data[:end].decode().split('\n')
shape = next(line for line in lines if line.startswith('shape: '))
inputs, hidden, outputs = (int(x) for x in shape[len('shape: '):].split())
assert (inputs, outputs) == (INPUTS, OUTPUTS), shape
count = (len(data) - end - 2) // 4
assert count == INPUTS * hidden + hidden + hidden * OUTPUTS + OUTPUTS, 'the weights are cut short'
w = struct.unpack('<%df' % count, data[end + 2:])
w1, b1 = w[:INPUTS * hidden], w[INPUTS * hidden:INPUTS * hidden + hidden]
w2, b2 = w[INPUTS * hidden + hidden:count - OUTPUTS], w[count - OUTPUTS:]
rnd = random.Random(7)
wide = []
for i in range(INPUTS):
    row = w1[i * hidden:(i + 1) * hidden]
    wide += list(row) + [x + rnd.gauss(0, 0.01) for x in row]
wide += list(b1) * 2
for o in range(OUTPUTS):
    row = w2[o * hidden:(o + 1) * hidden]
    wide += [x / 2 for x in row] * 2
wide += list(b2)
out = []
for line in lines:
    if line == shape:
        line = 'shape: %d %d %d' % (INPUTS, 2 * hidden, OUTPUTS)
    elif line.startswith('trained: '):
        line += '; then widened to %d hidden units (each unit twice, its outputs halved)' % (2 * hidden)
    out.append(line)
with open(dst, 'wb') as f:
    f.write('\n'.join(out).encode() + b'\n\n' + struct.pack('<%df' % len(wide), *wide))
