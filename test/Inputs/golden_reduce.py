"""Reductions and gathers of the golden model (golden.py): one register, and the
whole conformance kernels built on them (contract 4-6, 8b)."""
from golden_types import (base, BYTES, F16_INF, F16_NINF, F32_INF, F32_NINF, fadd,
                          float_key, int_max, int_min, int_value, is_float,
                          is_nan_bits, lanes, mask_bits, RUNTIME_CTRL, update_mask)


# --------------------------------------------------------------------------------------
# Ops on one register (lists of bit patterns)
# --------------------------------------------------------------------------------------
def reduce_sum(dst, src, v, active, saturate=False):
    """Contract 4: tree over ALL VL_src lanes, adjacent pairs first, inactive lanes +0,
    every node rounded (floats) or wrapped (ints); `saturate`: every f16 node saturates
    (CTRL[48] = 0). Returns (register bits, nan_only)."""
    n = lanes(src)
    assert len(v) == n and len(active) == n
    out = [0] * lanes(dst)
    nan_only = set()
    if is_float(src):
        leaf = [v[i] if active[i] else 0 for i in range(n)]       # +0 bits
        while len(leaf) > 1:
            leaf = [fadd(dst, leaf[2 * j], leaf[2 * j + 1], saturate)
                    for j in range(len(leaf) // 2)]
        out[0] = leaf[0]
        if is_nan_bits(dst, out[0]):
            nan_only.add(0)
    else:
        # widen (sign-extend i16 -> i32, zero-extend u16 -> u32), wrap each node
        leaf = [int_value(src, v[i]) if active[i] else 0 for i in range(n)]
        m = mask_bits(dst)
        while len(leaf) > 1:
            leaf = [(leaf[2 * j] + leaf[2 * j + 1]) & m for j in range(len(leaf) // 2)]
        out[0] = leaf[0] & m
    return out, nan_only


def reduce_maxmin(kind, tok, v, active):
    """Contract 4: first index on ties, -0 < +0, first NaN wins (its bits and lane),
    empty mask -> -inf/+inf or int min/max with index 0; lane 1 = index as raw bits."""
    n = lanes(tok)
    assert len(v) == n and len(active) == n
    found = False
    best = idx = None
    for i in range(n):
        if not active[i]:
            continue
        if is_float(tok):
            if is_nan_bits(tok, v[i]):
                best, idx, found = v[i], i, True
                break
            k = float_key(tok, v[i])
            if not found:
                best, idx, found, bk = v[i], i, True, k
            elif (k > bk) if kind == "max" else (k < bk):
                best, idx, bk = v[i], i, k
        else:
            k = int_value(tok, v[i])
            if not found:
                best, idx, found, bk = v[i], i, True, k
            elif (k > bk) if kind == "max" else (k < bk):
                best, idx, bk = v[i], i, k
    if not found:
        idx = 0
        if is_float(tok):
            t = base(tok)
            if kind == "max":
                best = F16_NINF if t == "f16" else F32_NINF
            else:
                best = F16_INF if t == "f16" else F32_INF
        else:
            best = int_min(tok) if kind == "max" else int_max(tok)
    out = [0] * n
    out[0] = best & mask_bits(tok)
    out[1] = idx & mask_bits(tok)
    return out, set()


def pair_reduce_sum(tok, v, active, saturate=False):
    """Contract 5 (revised): an inactive element enters the adder as +0, so one active
    lane gives a + (+0) (-0 -> +0, a signalling NaN is quieted) and none gives +0."""
    n = lanes(tok)
    out = [0] * n
    nan_only = set()
    for i in range(n // 2):
        a_on, b_on = active[2 * i], active[2 * i + 1]
        if a_on or b_on:
            out[i] = fadd(tok, v[2 * i] if a_on else 0, v[2 * i + 1] if b_on else 0, saturate)
            if is_nan_bits(tok, out[i]):
                nan_only.add(i)
        else:
            out[i] = 0
    return out, nan_only


def reduce_data_block(kind, dst, tok, v, active, saturate=False):
    """Issue 27 item 6: each 32-byte block of the source tok (16 lanes of 16 bits, 8 of
    32 bits) reduced on its own: sum by the adjacent-pair tree of the block's lanes
    (inactive +0, every node rounded in tok, f16 nodes saturating with `saturate`;
    integers as values of tok, wrapped in dst: i16 / u16 sum into i32 / u32); max / min
    -0 < +0, the first active NaN of the block, no active lane: -inf / +inf or the integer
    min / max. Block b's value in lane b of dst, every other lane 0."""
    n, per = lanes(tok), 32 // BYTES[base(tok)]
    out = [0] * lanes(dst)
    nan_only = set()
    for blk in range(n // per):
        vb, ab = v[blk * per:(blk + 1) * per], active[blk * per:(blk + 1) * per]
        if kind == "sum":
            if is_float(tok):
                leaf = [vb[i] if ab[i] else 0 for i in range(per)]
            else:
                leaf = [int_value(tok, vb[i]) if ab[i] else 0 for i in range(per)]
            while len(leaf) > 1:
                if is_float(tok):
                    leaf = [fadd(tok, leaf[2 * j], leaf[2 * j + 1], saturate)
                            for j in range(len(leaf) // 2)]
                else:
                    leaf = [(leaf[2 * j] + leaf[2 * j + 1]) & mask_bits(dst)
                            for j in range(len(leaf) // 2)]
            leaf[0] &= mask_bits(dst)
            out[blk] = leaf[0]
            if is_float(tok) and is_nan_bits(tok, leaf[0]):
                nan_only.add(blk)
            continue
        best = None
        for i in range(per):
            if not ab[i]:
                continue
            if is_float(tok) and is_nan_bits(tok, vb[i]):
                best = vb[i]
                break
            k = float_key(tok, vb[i]) if is_float(tok) else int_value(tok, vb[i])
            if best is None or ((k > bk) if kind == "max" else (k < bk)):
                best, bk = vb[i], k
        if best is None:
            if is_float(tok):
                t = base(tok)
                best = (F16_NINF if t == "f16" else F32_NINF) if kind == "max" else \
                    (F16_INF if t == "f16" else F32_INF)
            else:
                best = int_min(tok) if kind == "max" else int_max(tok)
        out[blk] = best & mask_bits(tok)
    return out, nan_only


class GatherError(Exception):
    pass


def gather(dst, src, idx_tok, base_buf, idx_reg, active):
    """Contract 6a. idx_reg: the loaded index register (lanes(idx_tok) values);
    active: the mask counted on the destination (lanes(dst) flags)."""
    nd = lanes(dst)
    out = [0] * nd
    assert len(active) == nd
    # a one-register 64-bit destination with a 64-lane index (u32 or u64x2) uses
    # only the first 32 indices; everywhere else there is one index per dst lane.
    assert len(idx_reg) >= nd
    for i in range(nd):
        if not active[i]:
            continue
        e = idx_reg[i]
        if base(idx_tok) == "u64":
            e &= 0xFFFFFFFF                                 # low 32 bits only
        if e >= len(base_buf):
            raise GatherError("lane %d index %d outside the base buffer (%d elements)"
                              % (i, e, len(base_buf)))
        out[i] = base_buf[e] & mask_bits(src)               # 8-bit sources zero-extend
    return out, set()


def gather_reg(tok, v, idx_reg):
    """Contract 6b."""
    n = lanes(tok)
    return [v[idx_reg[i] % n] for i in range(n)], set()


# --------------------------------------------------------------------------------------
# Whole conformance kernels (contract 8b). Each returns (dst buffer bits, nan_only)
# given the initial dst buffer (lanes not stored keep their value).
# --------------------------------------------------------------------------------------
def kernel_reduce(kind, dst, src, src_buf, dst_buf, count, repeat, ctrl=None):
    """kind: 'sum' | 'max' | 'min' | 'pair' | 'block_sum' | 'block_max' | 'block_min'
    (reduce_data_block); ctrl: the kernel's CTRL state (CTRL[48] = 0 saturates f16
    additions)."""
    saturate = not (ctrl or RUNTIME_CTRL)["48"]
    out = list(dst_buf)
    nan_only = set()
    vs, vd = lanes(src), lanes(dst)
    n = count & 0xFFFFFFFF
    for r in range(repeat):
        v = src_buf[r * vs:(r + 1) * vs]
        active, n = update_mask(n, src)
        if kind == "sum":
            res, nn = reduce_sum(dst, src, v, active, saturate)
        elif kind == "pair":
            res, nn = pair_reduce_sum(src, v, active, saturate)
        elif kind.startswith("block_"):
            res, nn = reduce_data_block(kind[len("block_"):], dst, src, v, active, saturate)
        else:
            res, nn = reduce_maxmin(kind, src, v, active)
        out[r * vd:(r + 1) * vd] = res                      # whole register, ALL mask
        nan_only |= {r * vd + k for k in nn}
    return out, nan_only


def kernel_gather(dst, src, idx_tok, base_buf, idx_buf, dst_buf, count, repeat):
    out = list(dst_buf)
    vi, vd = lanes(idx_tok), lanes(dst)
    n = count & 0xFFFFFFFF
    for r in range(repeat):
        idx = idx_buf[r * vi:(r + 1) * vi]
        active, n = update_mask(n, dst)                     # counted on the DESTINATION
        res, _ = gather(dst, src, idx_tok, base_buf, idx, active)
        out[r * vd:(r + 1) * vd] = res
    return out, set()


def kernel_gather_reg(tok, idx_tok, src_buf, idx_buf, dst_buf, repeat):
    out = list(dst_buf)
    vl = lanes(tok)
    idx = idx_buf[0:lanes(idx_tok)]                         # loaded once from offset 0
    for r in range(repeat):
        res, _ = gather_reg(tok, src_buf[r * vl:(r + 1) * vl], idx)
        out[r * vl:(r + 1) * vl] = res
    return out, set()

