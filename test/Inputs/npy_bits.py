# Asserts that every element of the .npy file argv[1] has the bits argv[2]
# (hex, little-endian elements of len(argv[2]) / 2 bytes).
import sys

data = open(sys.argv[1], "rb").read()
want = bytes.fromhex(sys.argv[2])[::-1]
body = data[-256:]
got = {body[i:i + len(want)][::-1].hex() for i in range(0, 256, len(want))}
assert got == {sys.argv[2]}, got
