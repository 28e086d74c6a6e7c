#!/usr/bin/env python3
"""Random generator of valid hpp programs for the differential tester.

A program is a list of kernels. Kernel K of seed S is generated from its own
random stream (seeded with S and K), so a program made of any subset of the
kernels of a seed contains exactly the same kernel text: the driver narrows a
mismatch to the kernels that cause it by regenerating subsets.

Every kernel is a function `dt_kK()` that allocates its arrays with
`hpp::alloc` (Shared space, so that the same program runs on a GPU), fills
them with small integers, runs one annotated construct (pragma or parallel_*
call) and prints one line: `kK` followed by its results. Values are
integers or integer-valued floating-point numbers chosen so that every
reduction, scan and atomic is exact whatever the order of evaluation: the
serial build's output must match the translated program's to the last bit.
Products multiply by +-1, +-2 and 0.5 (exact in double), or are unsigned
(exact modulo 2^64).

Usage as a script: gen.py SEED [N] [--first K] prints the program of kernels
K..K+N-1 of SEED.
"""
import argparse
import random

# (spelling, bits, signed)
INDEX_TYPES = [
    ("short", 16, True), ("unsigned short", 16, False), ("int", 32, True),
    ("unsigned", 32, False), ("long", 64, True), ("unsigned long", 64, False),
    ("long long", 64, True), ("unsigned long long", 64, False),
    ("std::int64_t", 64, True), ("std::uint64_t", 64, False),
    ("std::size_t", 64, False),
]
# Translator bugs the generator can be told not to produce (difftest.py
# --avoid NAME), each with its reproducer under utils/difftest/known-bugs/.
# Avoiding one changes only the text of the kernels that would have
# produced it.
KNOWN_BUGS = {
}
PRIMES = [2, 3, 5, 7, 11, 13, 17, 31, 37, 61, 97, 127, 211, 251, 509, 1009]
FLAT_SPELLINGS = ["parallel", "team thread vector", "team vector", "team thread"]


def type_range(bits, signed):
    if signed:
        return -(1 << (bits - 1)), (1 << (bits - 1)) - 1
    return 0, (1 << bits) - 1


def int_lit(v):
    """A C++ literal of value v that is valid for any v in [-2^63, 2^64)."""
    if v >= 0:
        return "%dULL" % v if v > (1 << 63) - 1 else "%dLL" % v
    if v == -(1 << 63):
        return "(-9223372036854775807LL - 1)"
    return "(-%dLL)" % -v


def trip_count(rng, small=False):
    r = rng.random()
    if r < 0.1:
        return 0
    if r < 0.2:
        return 1
    if small:
        return rng.choice([2, 3, 5, 7, 11, 13, 17, 31, 37, 61])
    return rng.choice(PRIMES + [64, 100, 256, 1000])


class Loop:
    """A canonical loop `for (T v = lb; v CMP ub; step)` of `trip` iterations.

    `pos` is a C++ expression giving 0..trip-1 in iteration order from the
    index, computed in the index type's own arithmetic (the difference to the
    first value is small and never wraps).
    """

    def __init__(self, rng, var, trip, types=None, allow_down=True, plain=False):
        self.var = var
        self.trip = trip
        if plain:
            self.type, bits, signed = "int", 32, True
        else:
            self.type, bits, signed = rng.choice(types or INDEX_TYPES)
        lo, hi = type_range(bits, signed)
        mag = 1 if plain or rng.random() < 0.5 else rng.choice([2, 3, 5, 7])
        self.down = allow_down and not plain and rng.random() < 0.35
        step = -mag if self.down else mag
        span = trip * mag  # distance from the first value to the exit value
        # The first value: zero-ish, negative, near the type's maximum, near
        # its minimum, or around 2^63 for unsigned 64-bit types.
        kinds = ["zero"]
        if not plain:
            kinds += ["max", "min"]
            if signed:
                kinds.append("neg")
            if bits == 64 and not signed:
                kinds += ["2^63", "2^63"]
        kind = rng.choice(kinds)
        slack = rng.randint(0, 3)
        if self.down:
            # Values first, first-mag, ..., first-span (exit) stay in range,
            # and the bound below may need first-span-1 for '>='.
            if kind == "zero":
                first = span + slack + 1
            elif kind == "neg":
                first = -rng.randint(0, 1000)
            elif kind == "max":
                first = hi - slack
            elif kind == "min":
                first = lo + span + 1 + slack
            else:
                first = (1 << 63) + rng.randint(-span, span) if span else (1 << 63)
            first = max(first, lo + span + 1)
            first = min(first, hi)
        else:
            if kind == "zero":
                first = rng.randint(-3, 3) if signed else rng.randint(0, 3)
            elif kind == "neg":
                first = -rng.randint(span + 1, span + 1000)
            elif kind == "max":
                first = hi - span - slack - 1
            elif kind == "min":
                first = lo + slack + 1
            else:
                first = (1 << 63) + rng.randint(-span, span) if span else (1 << 63)
            first = max(first, lo + 1)
            first = min(first, hi - span - 1)
        self.first = first
        self.step = step
        last_exit = first + trip * step
        # The test and its bound.
        if mag == 1 and rng.random() < 0.2:
            cmp = "!="
            bound = last_exit
        elif not self.down:
            if rng.random() < 0.5:
                cmp = "<"
                bound = rng.randint(first + (trip - 1) * step + 1, last_exit) if trip else first - rng.randint(0, min(3, first - lo))
            else:
                cmp = "<="
                bound = rng.randint(first + (trip - 1) * step, last_exit - 1) if trip else first - 1 - rng.randint(0, min(3, first - 1 - lo))
        else:
            if rng.random() < 0.5 or (trip == 0 and first == hi):
                cmp = ">"
                bound = rng.randint(last_exit, first + (trip - 1) * step - 1) if trip else first + rng.randint(0, min(3, hi - first))
            else:
                cmp = ">="
                bound = rng.randint(last_exit + 1, first + (trip - 1) * step) if trip else first + 1 + rng.randint(0, min(3, hi - first - 1))
        self.cmp = cmp
        self.bound = bound
        self.check(lo, hi)
        T = self.type
        v = var
        self.lb = "static_cast<%s>(%s)" % (T, int_lit(first)) if not plain else str(first)
        self.ub_value = "static_cast<%s>(%s)" % (T, int_lit(bound)) if not plain else str(bound)
        mirrored = {"<": ">", "<=": ">=", ">": "<", ">=": "<=", "!=": "!="}
        if rng.random() < 0.15:
            test = "%s %s %s" % ("%UB%", mirrored[cmp], v)
        else:
            test = "%s %s %s" % (v, cmp, "%UB%")
        self.test = test
        if mag == 1:
            if self.down:
                inc = rng.choice(["--%s", "%s--", "%s -= 1", "%s = %s - 1"])
            else:
                inc = rng.choice(["++%s", "%s++", "%s += 1", "%s = %s + 1", "%s = 1 + %s"])
        else:
            if self.down:
                inc = rng.choice(["%%s -= %d" % mag, "%%s = %%s - %d" % mag])
            else:
                inc = rng.choice(["%%s += %d" % mag, "%%s = %%s + %d" % mag, "%%s = %d + %%s" % mag])
        self.inc = inc.replace("%s", v)
        self.mag = mag

    def check(self, lo, hi):
        """The generator's own check: the loop runs `trip` times, and every
        value the index takes, the exit value included, fits its type."""
        test = {"<": lambda v: v < self.bound, "<=": lambda v: v <= self.bound,
                ">": lambda v: v > self.bound, ">=": lambda v: v >= self.bound,
                "!=": lambda v: v != self.bound}[self.cmp]
        assert lo <= self.bound <= hi, "bound out of range"
        v, n = self.first, 0
        while test(v) and n <= self.trip:
            n += 1
            v += self.step
            assert lo <= v <= hi, "index leaves its type"
        assert n == self.trip, "%d trips instead of %d" % (n, self.trip)

    def decls(self, prefix):
        """Bound variables declared before the region (when used)."""
        if not getattr(self, "lbvar", None):
            self.ubvar = "%s_%s_ub" % (prefix, self.var)
            self.lbvar = "%s_%s_lb" % (prefix, self.var)
        return ["const %s %s = %s;" % (self.type, self.lbvar, self.lb),
                "const %s %s = %s;" % (self.type, self.ubvar, self.ub_value)]

    def header(self):
        return "for (%s %s = %s; %s; %s)" % (self.type, self.var, self.lbvar,
                                             self.test.replace("%UB%", self.ubvar), self.inc)

    def pos(self):
        """0..trip-1 in iteration order, as a long long."""
        if self.down:
            d = "(%s - %s)" % (self.lbvar, self.var)
        else:
            d = "(%s - %s)" % (self.var, self.lbvar)
        if self.mag == 1:
            return "static_cast<long long>(%s)" % d
        return "static_cast<long long>(static_cast<unsigned long long>(%s) / %dULL)" % (d, self.mag)

    def describe(self):
        return "%s %s from %d %s %d step %d, %d trips" % (
            self.type, self.var, self.first, self.cmp, self.bound, self.step, self.trip)


class Kernel:
    def __init__(self, index, kind, gpu=False, avoid=()):
        self.gpu, self.avoid = gpu, set(avoid)
        self.index = index
        self.kind = kind
        self.top = []      # file-scope declarations (functors, structs)
        self.lines = []    # the function body
        self.outs = []     # (C++ expression, format) printed at the end
        self.arrays = []   # (name, element type, count) allocated and freed
        self.hashes = []   # (array, count) hashed into the printed line
        self.notes = []
        self.depth = 1

    @property
    def name(self):
        return "dt_k%d" % self.index

    def emit(self, line=""):
        self.lines.append(("  " * self.depth + line) if line else "")

    def array(self, name, ctype, count, init):
        """Allocate `name` of `count` elements, element q set to `init`(q)."""
        self.arrays.append((name, ctype, count))
        self.emit("%s *%s = hpp::alloc<%s>(%d, hpp::Space::Shared);" % (ctype, name, ctype, count + 1))
        self.emit("for (long long q = 0; q < %d; ++q) %s[q] = %s;" % (count + 1, name, init))

    def out_int(self, expr):
        self.outs.append(("static_cast<long long>(%s)" % expr, "%lld"))

    def out_uint(self, expr):
        self.outs.append(("static_cast<unsigned long long>(%s)" % expr, "%llu"))

    def out_real(self, expr):
        self.outs.append(("static_cast<double>(%s) + 0.0" % expr, "%.17g"))

    def hash(self, name, count):
        self.hashes.append((name, count))

    def text(self):
        body = list(self.lines)
        ind = "  "
        # A hash of the output arrays (FNV-1a over the elements as integers),
        # and a marker the driver's self-test corrupts in translated code.
        body.append(ind + "unsigned long long dt_h = 1469598103934665603ULL;")
        for name, count in self.hashes:
            body.append(ind + "for (long long q = 0; q < %d; ++q) dt_h = (dt_h ^ dt_bits(%s[q])) * 1099511628211ULL;" % (count + 1, name))
        body.append(ind + "dt_h ^= 0; // DT_MUTATE %s" % self.name)
        self.outs.insert(0, ("dt_h", "%llx"))
        fmt = " ".join(f for _, f in self.outs)
        args = "".join(", " + e for e, _ in self.outs)
        body.append(ind + 'std::printf("k%d %s\\n"%s);' % (self.index, fmt, args))
        for name, _, _ in self.arrays:
            body.append(ind + "hpp::free(%s);" % name)
        head = ["// kernel %d: %s" % (self.index, self.kind)]
        head += ["// %s" % n for n in self.notes]
        return "\n".join(head + ["void %s() {" % self.name] + body + ["}"])


def data_init(rng, kind="small"):
    """A deterministic initialiser of element q: small integers with ties."""
    a, b, m = rng.randint(1, 97), rng.randint(0, 50), rng.choice([3, 5, 7, 9, 17])
    if kind == "pow2":   # +-1, +-2, 0.5: products stay exact
        return "((q * %d + %d) %% 7 == 0 ? 2.0 : (q * %d + %d) %% 7 == 3 ? 0.5 : (q * %d + %d) %% 5 == 1 ? -1.0 : 1.0)" % (a, b, a, b, a, b)
    return "((q * %d + %d) %% %d - %d)" % (a, b, m, m // 2)


# ----------------------------------------------------------------------------
# Reductions: the variable's declaration, the clause and the update statement.

RED_OPS = ["+", "*", "min", "max", "&", "|", "^", "&&", "||"]


class Red:
    """One reduction variable of a loop: `op`, its C++ type, its update."""

    def __init__(self, rng, var, op, elem):
        self.var = var
        self.op = op
        self.rng = rng
        if op in ("&", "|", "^"):
            self.type = rng.choice(["long long", "unsigned", "int", "unsigned long long"])
            self.init = {"&": "~0", "|": "0", "^": "0"}[op] if rng.random() < 0.5 else str(rng.randint(0, 255))
        elif op in ("&&", "||"):
            self.type = "bool"
            self.init = rng.choice(["true", "false"])
        elif op == "*":
            self.type = rng.choice(["double", "unsigned long long"])
            self.init = "1" if rng.random() < 0.7 else rng.choice(["3", "-1" if self.type == "double" else "5"])
        elif op == "+":
            self.type = rng.choice(["long long", "double", "int", "unsigned long long", "float"])
            self.init = str(rng.randint(-5, 5)) if self.type not in ("unsigned long long",) else str(rng.randint(0, 5))
        else:
            self.type = rng.choice(["long long", "double", "int", "short"])
            self.init = str(rng.choice([0, 1, -1, 100, -100, 3]))
        self.elem = elem  # function: C++ expression of the element, from a position

    def decl(self):
        return "%s %s = %s;" % (self.type, self.var, self.init)

    def clause(self):
        return "reduction(%s: %s)" % (self.op, self.var)

    def update(self, pos):
        v, e, rng = self.var, self.elem(pos), self.rng
        op = self.op
        if op == "+":
            return rng.choice(["%s += static_cast<%s>(%s);" % (v, self.type, e),
                               "%s = %s + static_cast<%s>(%s);" % (v, v, self.type, e)])
        if op == "*":
            if self.type == "double":
                return "%s *= (%s) %% 7 == 0 ? 2.0 : (%s) %% 7 == 3 ? 0.5 : (%s) %% 5 == 1 ? -1.0 : 1.0;" % (v, e, e, e)
            return "%s *= static_cast<unsigned long long>(2 * (%s) + 1);" % (v, e)
        if op == "min":
            x = "static_cast<%s>(%s)" % (self.type, e)
            return rng.choice(["%s = %s < %s ? %s : %s;" % (v, x, v, x, v),
                               "if (%s < %s) %s = %s;" % (x, v, v, x),
                               "%s = std::min(%s, %s);" % (v, v, x)])
        if op == "max":
            x = "static_cast<%s>(%s)" % (self.type, e)
            return rng.choice(["%s = %s > %s ? %s : %s;" % (v, x, v, x, v),
                               "if (%s > %s) %s = %s;" % (x, v, v, x),
                               "%s = std::max(%s, %s);" % (v, v, x)])
        if op in ("&", "|", "^"):
            x = "static_cast<%s>(%s)" % (self.type, e)
            if op == "&":
                x = "static_cast<%s>(~(1ULL << ((%s) & 31)))" % (self.type, e)
            elif op == "|":
                x = "static_cast<%s>(1ULL << ((%s) & 31))" % (self.type, e)
            return "%s %s= %s;" % (v, op, x)
        if op == "&&":
            return "%s = %s && (%s) > -%d;" % (v, v, e, rng.randint(0, 4))
        return "%s = %s || (%s) > %d;" % (v, v, e, rng.randint(0, 8))

    def printed(self, k):
        if self.type in ("double", "float"):
            k.out_real(self.var)
        elif self.type.startswith("unsigned"):
            k.out_uint(self.var)
        else:
            k.out_int(self.var)


class LocRed:
    """minloc/maxloc with ties, in a body form hppc recognises: keeping the
    first or the last of equal values, or breaking ties by index itself."""

    def __init__(self, rng, val, idx, loop, elem):
        self.rng = rng
        self.val, self.idx = val, idx
        self.op = rng.choice(["minloc", "maxloc"])
        self.type = rng.choice(["double", "long long", "int"])
        self.loop = loop
        self.elem = elem
        self.form = rng.choice(["strict", "strict", "loose", "swapped", "swapped-loose", "lowest",
                                "highest"])
        # The initial value sometimes ties with the data.
        self.init = rng.choice(["0", "1", "-1", "1000000" if self.op == "minloc" else "-1000000"])
        self.init_idx = rng.choice(["0", "7"])

    def decls(self):
        return ["%s %s = %s;" % (self.type, self.val, self.init),
                "%s %s = %s;" % (self.loop.type, self.idx, self.init_idx)]

    def clause(self):
        return "reduction(%s: %s, %s)" % (self.op, self.val, self.idx)

    def update(self, pos):
        v, i, x = self.val, self.idx, "static_cast<%s>(%s)" % (self.type, self.elem(pos))
        better = "<" if self.op == "minloc" else ">"
        worse = ">" if self.op == "minloc" else "<"
        iv = self.loop.var
        if self.form == "strict":
            cond = "%s %s %s" % (x, better, v)
        elif self.form == "loose":
            cond = "%s %s= %s" % (x, better, v)
        elif self.form == "swapped":
            cond = "%s %s %s" % (v, worse, x)
        elif self.form == "swapped-loose":
            cond = "%s %s= %s" % (v, worse, x)
        elif self.form == "lowest":
            # Keeps the lowest index among equals itself.
            cond = "%s %s %s || (%s == %s && %s < %s)" % (x, better, v, x, v, iv, i)
        else:
            cond = "%s %s %s || (%s > %s && %s == %s)" % (x, better, v, iv, i, v, x)
        return "if (%s) { %s = %s; %s = %s; }" % (cond, v, x, i, iv)

    def printed(self, k):
        if self.type == "double":
            k.out_real(self.val)
        else:
            k.out_int(self.val)
        if self.loop.type.startswith("unsigned") or "uint" in self.loop.type or "size_t" in self.loop.type:
            k.out_uint(self.idx)
        else:
            k.out_int(self.idx)


def make_reds(rng, prefix, elem, loop, count, allow_loc=True):
    reds = []
    for r in range(count):
        if allow_loc and rng.random() < 0.25:
            reds.append(LocRed(rng, "%s_v%d" % (prefix, r), "%s_i%d" % (prefix, r), loop, elem))
        else:
            reds.append(Red(rng, "%s_r%d" % (prefix, r), rng.choice(RED_OPS), elem))
    return reds


def red_decls(reds):
    out = []
    for r in reds:
        out += r.decls() if isinstance(r, LocRed) else [r.decl()]
    return out


def loop_clauses(rng, k, top, reds=()):
    cl = [r.clause() for r in reds]
    if top:
        if rng.random() < 0.2:
            cl.append("name(\"%s_%d\")" % (k.name, len(k.lines)))
        if rng.random() < 0.15:
            cl.append("league(%d)" % rng.choice([1, 2, 3, 7]))
        if rng.random() < 0.15:
            cl.append("team_size(%s)" % rng.choice(["auto", "2", "4", "1"]))
        if rng.random() < 0.15:
            cl.append("vector_length(%d)" % rng.choice([1, 2, 4, 8, 32]))
    rng.shuffle(cl)
    return (" " + " ".join(cl)) if cl else ""


# ----------------------------------------------------------------------------
# Kernel kinds.

def k_flat(rng, k):
    """A flat loop, possibly collapsed, writing an array and reducing."""
    ncol = 1 if rng.random() < 0.6 else rng.choice([2, 2, 3])
    # Some nests of two have rows long enough for the GPU to run them as
    # tiles of rows (hpprt::tile_collapsed: a warp long at least, whole
    # warps padding them by an eighth at most, a block's worth of rows).
    long_rows = ncol == 2 and rng.random() < 0.4
    loops = []
    total = 1
    for d in range(ncol):
        if long_rows:
            t = rng.choice([32, 61, 64, 250]) if d == 1 else rng.choice([1, 8, 9, 17, 61])
        else:
            t = trip_count(rng, small=ncol > 1)
        if ncol == 3:
            t = min(t, 13)
        loops.append(Loop(rng, "i%d" % d, t))
        total *= t
    k.notes += [l.describe() for l in loops]
    for l in loops:
        for d in l.decls("b"):
            k.emit(d)
    k.array("in", "long long", total, data_init(rng))
    k.array("out", "long long", total, "-1")
    k.hash("out", total)
    # A weight per column, read by every row: hppc makes tiles the default.
    shared = ""
    if ncol > 1 and rng.random() < 0.5:
        k.array("w", "long long", loops[-1].trip, data_init(rng))
        shared = " + w[%s]" % loops[-1].pos()
    pos = loops[0].pos()
    for l in loops[1:]:
        pos = "(%s) * %d + %s" % (pos, l.trip, l.pos())
    elem = lambda p: "in[%s]" % p
    reds = make_reds(rng, "s", elem, loops[0], rng.randint(0, 3), allow_loc=(ncol == 1))
    for d in red_decls(reds):
        k.emit(d)
    spelling = rng.choice(FLAT_SPELLINGS)
    col = " collapse(%d)" % ncol if ncol > 1 else ""
    k.notes.append("%s%s, reductions %s" % (spelling, col, " ".join(r.op for r in reds)))
    k.emit("#pragma hpp %s%s%s" % (spelling, col, loop_clauses(rng, k, True, reds)))
    for d, l in enumerate(loops):
        k.emit("  " * d + l.header() + (" {" if d == ncol - 1 else ""))
    ind = "  " * ncol
    k.emit(ind + "const long long p = %s;" % pos)
    k.emit(ind + "out[p] = in[p] * 3 + static_cast<long long>(%s %% 1000)%s;" % (loops[-1].var, shared))
    for r in reds:
        k.emit(ind + r.update("p"))
    k.emit("  " * (ncol - 1) + "}")
    for r in reds:
        r.printed(k)


def k_atomic(rng, k):
    """A flat loop updating a histogram with every atomic form."""
    loop = Loop(rng, "i", trip_count(rng))
    k.notes.append(loop.describe())
    for d in loop.decls("b"):
        k.emit(d)
    n, H = loop.trip, rng.choice([1, 3, 7, 16])
    k.array("in", "long long", n, data_init(rng))
    # One array per family of operators: updates of one family commute, so
    # the result does not depend on the order the threads run in.
    forms = [
        ("hist", "long long", "0", ["hist[h] += in[p];", "hist[h]++;", "++hist[h];", "hist[h]--;",
                                    "hist[h] -= in[p];", "hist[h] = hist[h] + in[p];",
                                    "hist[h] = in[p] + hist[h];"]),
        ("hd", "double", "0", ["hd[h] += static_cast<double>(in[p]);", "hd[h] = hd[h] - 2.0;"]),
        ("hx", "unsigned long long", "q", ["hx[h] ^= static_cast<unsigned long long>(p * 2654435761ULL);"]),
        ("ho", "unsigned long long", "0", ["ho[h] |= 1ULL << (p & 63);"]),
        ("ha", "unsigned long long", "~0ULL", ["ha[h] &= ~(1ULL << (p & 63));"]),
        ("hu", "unsigned long long", "0", ["hu[h] += static_cast<unsigned long long>(p);", "hu[h] -= 5;", "hu[h] <<= 0;"]),
        ("hm3", "unsigned long long", "q + 1", ["hm3[h] *= 3;", "hm3[h] = hm3[h] * (2 * p + 1);"]),
        ("hmax", "long long", "q", ["hmax[h] = std::max(hmax[h], in[p] * 5);", "hmax[h] = std::max(in[p], hmax[h]);"]),
        ("hmin", "long long", "q", ["hmin[h] = std::min(hmin[h], in[p]);", "hmin[h] = std::min(in[p] - 2, hmin[h]);"]),
        ("hdmax", "double", "0", ["hdmax[h] = fmax(hdmax[h], static_cast<double>(in[p]));"]),
        # A left shift of a negative int is undefined in C++17 (the serial
        # build traps on it): the left shift is hu's, hi shifts right.
        ("hi", "int", "1", ["hi[h] *= -1;", "hi[h] >>= 0;"]),
    ]
    chosen = rng.sample(forms, rng.randint(1, 4))
    for name, ty, init, _ in chosen:
        k.array(name, ty, H, init)
        k.hash(name, H)
    k.emit("#pragma hpp %s%s" % (rng.choice(FLAT_SPELLINGS), loop_clauses(rng, k, True)))
    k.emit(loop.header() + " {")
    k.emit("  const long long p = %s;" % loop.pos())
    k.emit("  const long long h = (p * %d + in[p] + 1000) %% %d;" % (rng.randint(1, 9), H))
    for _, _, _, stmts in chosen:
        for f in rng.sample(stmts, rng.randint(1, len(stmts))):
            k.emit("#pragma hpp atomic")
            k.emit("  " + f)
    k.emit("}")


def k_scan(rng, k):
    """A flat inclusive or exclusive scan."""
    loop = Loop(rng, "i", trip_count(rng))
    k.notes.append(loop.describe())
    for d in loop.decls("b"):
        k.emit(d)
    n = loop.trip
    op = rng.choice(["+", "+", "*", "max", "min", "^", "|"])
    inclusive = rng.random() < 0.5
    if op == "*":
        ty, init_data = "double", data_init(rng, "pow2")
    else:
        ty = rng.choice(["long long", "double", "int"]) if op not in ("^", "|") else "unsigned long long"
        init_data = data_init(rng)
    k.array("in", ty, n, init_data)
    k.array("out", ty, n, "0")
    k.hash("out", n)
    init = {"+": str(rng.randint(-3, 3)), "*": "1", "max": "-1000", "min": "1000", "^": "0", "|": "0"}[op]
    k.emit("%s s = %s;" % (ty, init))
    k.notes.append("%s scan %s on %s" % ("inclusive" if inclusive else "exclusive", op, ty))
    # The input phase of an exclusive scan reads the position declared
    # before the separator.
    q = "p"
    upd = {"+": "s += in[p];", "*": "s *= in[p];", "max": "s = in[p] > s ? in[p] : s;",
           "min": "s = std::min(s, in[p]);", "^": "s ^= in[p] * 977;", "|": "s |= in[p] & 0xF0F;"}[op]
    # Some scan phases read the element the input phase reads, by an index
    # written out from the loop's variable (not the local p): a GPU's pass
    # 2 then takes it from pass 1 (Analysis/ScanForwarding).
    kept = rng.random() < 0.4
    if kept:
        q = loop.pos()
    upd = upd.replace("in[p]", "in[%s]" % q)
    k.emit("#pragma hpp %s reduction(inscan, %s: s)%s" % (rng.choice(["parallel", "team thread vector"]), op, loop_clauses(rng, k, True)))
    k.emit(loop.header() + " {")
    k.emit("  const long long p = %s;" % loop.pos())
    store = "out[p] = s + (in[%s] > 0 ? 1 : 0);" % q if kept else "out[p] = s;"
    if kept:
        k.notes.append("scan phase reads in[] too")
    if inclusive:
        k.emit("  " + upd)
        k.emit("#pragma hpp scan inclusive(s)")
        k.emit("  " + store)
    else:
        k.emit("  " + store)
        k.emit("#pragma hpp scan exclusive(s)")
        k.emit("  " + upd)
    k.emit("}")
    (k.out_real if ty == "double" else k.out_int)("s")


# --- team nests --------------------------------------------------------------

class TeamCtx:
    def __init__(self, rng, k, L, M, K):
        self.rng, self.k = rng, k
        self.L, self.M, self.K = L, M, K
        self.accs = []        # team-level variables to fold into the row result
        self.count = 0
        self.scratch = []     # per-team scratch arrays filled so far: (name, level)

    def fresh(self, base):
        self.count += 1
        return "%s%d" % (base, self.count)


def inner_loop(rng, var, trip, plain_prob=0.6):
    return Loop(rng, var, trip, plain=rng.random() < plain_prob,
                types=[t for t in INDEX_TYPES if t[1] >= 16])


def emit_inner(c, loop, pragma, body, indent):
    """Emit a nested annotated loop whose bound variables are declared just
    before it, at team level (pure declarations)."""
    k = c.k
    for d in loop.decls(c.fresh("n")):
        k.emit(indent + d)
    if pragma:
        k.emit("#pragma hpp " + pragma)
    k.emit(indent + loop.header() + " {")
    k.emit(indent + "  const long long %s = %s;" % ("p" + loop.var, loop.pos()))
    for b in body:
        k.emit(indent + "  " + b)
    k.emit(indent + "}")


def team_acc(c, ind, op="+", init="0"):
    """A long long accumulator declared at team level and folded into the
    team's row result."""
    acc = Red(c.rng, c.fresh("a"), op, None)
    acc.type, acc.init = "long long", init
    c.k.emit(ind + acc.decl())
    c.accs.append(acc)
    return acc


def phase_reduce(c, ind):
    """thread (with vector inside) / vector / thread vector reductions."""
    rng, k = c.rng, c.k
    level = rng.choice(["thread", "vector", "thread vector", "thread+vector"])
    j = inner_loop(rng, c.fresh("j"), c.M)
    elem = lambda p: "in[tp * %d + %s]" % (c.M + 1, p)
    reds = make_reds(rng, c.fresh("a"), elem, j, rng.randint(1, 2))
    for d in red_decls(reds):
        k.emit(ind + d)
    c.accs += reds
    if level != "thread+vector":
        emit_inner(c, j, level + " " + " ".join(r.clause() for r in reds),
                   [r.update("p" + j.var) for r in reds], ind)
        return
    kk = inner_loop(rng, c.fresh("k"), c.K)
    lane = Red(rng, c.fresh("lane"), rng.choice(["+", "max", "min", "^", "&&"]),
               lambda p: "in2[(tp * %d + p%s) * %d + %s]" % (c.M + 1, j.var, c.K + 1, p))
    body = [lane.decl()]
    for d in kk.decls(c.fresh("n")):
        body.append(d)
    body.append("#pragma hpp vector " + lane.clause())
    body.append(kk.header() + " {")
    body.append("  const long long p%s = %s;" % (kk.var, kk.pos()))
    body.append("  " + lane.update("p" + kk.var))
    body.append("}")
    for r in reds:
        body.append(r.update("p" + j.var))
    lane_val = "static_cast<long long>(%s)" % lane.var
    body.append("out2[tp * %d + p%s] = %s;" % (c.M + 1, j.var, lane_val))
    emit_inner(c, j, "thread " + " ".join(r.clause() for r in reds), body, ind)


def phase_scratch(c, ind):
    """Fill a per-team scratch array, read it back through a pointer or a
    reinterpreting cast in another order."""
    rng, k = c.rng, c.k
    name = c.fresh("sc")
    level = rng.choice([0, 1])
    cols = rng.choice([1, 2])
    n = c.M + 1
    ty = rng.choice(["double", "long long", "int"])
    k.emit("#pragma hpp scratch level(%d)%s" % (level, rng.choice(["", " per(team)"])))
    if cols == 1:
        sizes = [str(n)] if "scratch-size-var" in k.avoid else [str(n), "dt_m + 1"]
        k.emit(ind + "%s %s[%s];" % (ty, name, rng.choice(sizes)))
    else:
        k.emit(ind + "%s %s[%d][2];" % (ty, name, n))
    fill = rng.choice(["thread", "vector", "thread vector"])
    j = inner_loop(rng, c.fresh("j"), c.M)
    pj = "p" + j.var
    # Writes go through the array or through a pointer made from it.
    how = rng.choice(["array", "pointer", "cast"])
    if cols == 2:
        target = "%s[%s][1]" % (name, pj)
        extra = ["%s[%s][0] = 1;" % (name, pj)]
    elif how == "pointer":
        w = c.fresh("w")
        k.emit(ind + "%s *%s = %s;" % (ty, w, name))
        target, extra = "%s[%s]" % (w, pj), []
    else:
        target, extra = "%s[%s]" % (name, pj), []
    emit_inner(c, j, fill, extra + ["%s = static_cast<%s>(in[tp * %d + %s] + %s);" % (target, ty, c.M + 1, pj, pj)], ind)
    if c.M >= 1 and rng.random() < 0.5:
        # A team-level write to the array, read afterwards.
        k.emit(ind + "%s = static_cast<%s>(%s + 100);" % (
            "%s[0]" % name if cols == 1 else "%s[0][1]" % name, ty,
            "%s[0]" % name if cols == 1 else "%s[0][1]" % name))
    # Read in reverse order through a pointer or a reinterpreting cast.
    r = c.fresh("rd")
    acc = team_acc(c, ind, "+", "0")
    view = rng.choice(["ptr", "ptr_off", "cast2", "ref"]) if cols == 1 else rng.choice(["flat", "cast2"])
    if cols == 1 and view == "ptr":
        k.emit(ind + "const %s *%s = %s;" % (ty, r, name))
        read = lambda q: "%s[%s]" % (r, q)
    elif cols == 1 and view == "ptr_off":
        k.emit(ind + "const %s *%s = &%s[0] + 1;" % (ty, r, name))
        read = lambda q: "%s[(%s) - 1]" % (r, q)
    elif cols == 1 and view == "ref":
        k.emit(ind + "%s *%s;" % (ty, r))
        k.emit(ind + "%s = %s;" % (r, name))
        read = lambda q: "*(%s + (%s))" % (r, q)
    elif cols == 1:
        # Pairs of elements as a 2-D array: element q is [q / 1][0] of a [][1] view.
        k.emit(ind + "%s (*%s)[1] = reinterpret_cast<%s (*)[1]>(%s);" % (ty, r, ty, name))
        read = lambda q: "%s[%s][0]" % (r, q)
    elif view == "flat":
        k.emit(ind + "const %s *%s = reinterpret_cast<const %s *>(%s);" % (ty, r, ty, name))
        read = lambda q: "%s[2 * (%s) + 1]" % (r, q)
    else:
        k.emit(ind + "%s (*%s)[2] = (%s (*)[2])%s;" % (ty, r, ty, name))
        read = lambda q: "%s[%s][1]" % (r, q)
    j2 = inner_loop(rng, c.fresh("j"), c.M)
    pj2 = "p" + j2.var
    level2 = rng.choice(["thread", "vector", "thread vector"])
    emit_inner(c, j2, level2 + " reduction(+: %s)" % acc.var,
               ["%s += static_cast<long long>(%s) * (%s + 1);" % (acc.var, read("%d - %s" % (c.M - 1, pj2)), pj2)], ind)


def phase_thread_scratch(c, ind):
    """Per-thread scratch: each thread fills and sums its own array."""
    rng, k = c.rng, c.k
    name = c.fresh("pt")
    k.emit("#pragma hpp scratch level(%d) per(thread)" % rng.choice([0, 1]))
    k.emit(ind + "long long %s[%d];" % (name, c.K + 1))
    acc = team_acc(c, ind, "+", "0")
    j = inner_loop(rng, c.fresh("j"), c.M)
    kk = inner_loop(rng, c.fresh("k"), c.K, plain_prob=1)
    pj = "p" + j.var
    body = []
    for d in kk.decls(c.fresh("n")):
        body.append(d)
    # Same mapping for the fill and the read: each lane reads what it wrote.
    body += ["#pragma hpp vector", kk.header() + " {",
             "  %s[%s - %s] = in2[(tp * %d + %s) * %d + (%s - %s)];" % (name, kk.var, kk.lbvar, c.M + 1, pj, c.K + 1, kk.var, kk.lbvar),
             "}"]
    sub = c.fresh("t")
    body += ["long long %s = 0;" % sub, "#pragma hpp vector reduction(+: %s)" % sub,
             kk.header() + " {", "  %s += %s[%s - %s];" % (sub, name, kk.var, kk.lbvar), "}",
             "%s += %s;" % (acc.var, sub)]
    emit_inner(c, j, "thread reduction(+: %s)" % acc.var, body, ind)


def phase_single(c, ind):
    """A single per team broadcasting values read by a later loop, and a
    single per thread inside a thread loop."""
    rng, k = c.rng, c.k
    b = c.fresh("bc")
    k.emit(ind + "long long %s = 0;" % b)
    k.emit("#pragma hpp single")
    k.emit(ind + "{ %s = in[tp * %d] * 2 + tp; }" % (b, c.M + 1) if rng.random() < 0.5 else ind + "%s = in[tp * %d] * 2 + tp;" % (b, c.M + 1))
    acc = team_acc(c, ind, "+", "0")
    j = inner_loop(rng, c.fresh("j"), c.M)
    pj = "p" + j.var
    if rng.random() < 0.5:
        m = c.fresh("mine")
        body = ["long long %s = 0;" % m, "#pragma hpp single per(thread)",
                "%s = in[tp * %d + %s] * 3;" % (m, c.M + 1, pj),
                "%s += %s + %s;" % (acc.var, m, b)]
        emit_inner(c, j, "thread reduction(+: %s)" % acc.var, body, ind)
    else:
        emit_inner(c, j, rng.choice(["vector", "thread vector", "thread"]) + " reduction(+: %s)" % acc.var,
                   ["%s += in[tp * %d + %s] - %s;" % (acc.var, c.M + 1, pj, b)], ind)


def phase_atomic(c, ind):
    rng, k = c.rng, c.k
    j = inner_loop(rng, c.fresh("j"), c.M)
    pj = "p" + j.var
    forms = ["hist[(tp + %s) %% 5] += in[tp * %d + %s];" % (pj, c.M + 1, pj),
             "hist[5 + (%s %% 3)]++;" % pj,
             "hist[8] = std::max(hist[8], in[tp * %d + %s] + tp);" % (c.M + 1, pj),
             "hist[9] ^= tp * 31 + %s;" % pj]
    body = []
    for f in rng.sample(forms, rng.randint(1, 3)):
        body += ["#pragma hpp atomic", f]
    emit_inner(c, j, rng.choice(["thread", "vector", "thread vector"]), body, ind)
    if rng.random() < 0.5:
        k.emit("#pragma hpp atomic")
        k.emit(ind + "hist[10] += tp + 1;")


def phase_scan(c, ind):
    rng, k = c.rng, c.k
    s = c.fresh("sc")
    op = rng.choice(["+", "max", "min"])
    init = {"+": "0", "max": "-100", "min": "100"}[op]
    k.emit(ind + "long long %s = %s;" % (s, init))
    j = Loop(rng, c.fresh("j"), c.M, plain=rng.random() < 0.7)
    pj = "p" + j.var
    inclusive = rng.random() < 0.5
    j.decls(c.fresh("n"))  # fixes the bound names that pos() uses
    upd = {"+": "%s += in[tp * %d + %s];", "max": "%s = std::max(%s, in[tp * %d + %s]);",
           "min": "%s = in[tp * %d + %s] < %s ? in[tp * %d + %s] : %s;"}[op]
    if op == "+":
        upd = upd % (s, c.M + 1, pj)
    elif op == "max":
        upd = upd % (s, s, c.M + 1, pj)
    else:
        upd = upd % (s, c.M + 1, pj, s, c.M + 1, pj, s)
    store = "sout[tp * %d + p%s] = %s;" % (c.M + 1, j.var, s)
    if inclusive:
        body = [upd, "#pragma hpp scan inclusive(%s)" % s, store]
    else:
        body = [store, "#pragma hpp scan exclusive(%s)" % s, upd]
    emit_inner(c, j, rng.choice(["thread", "vector", "thread vector"]) + " reduction(inscan, %s: %s)" % (op, s), body, ind)
    acc = Red(rng, s, "+", None)
    acc.type = "long long"
    c.accs.append(acc)


def phase_barrier(c, ind):
    """Global memory written by one thread loop and read in another order by
    the next needs an explicit barrier."""
    rng, k = c.rng, c.k
    j = inner_loop(rng, c.fresh("j"), c.M)
    pj = "p" + j.var
    emit_inner(c, j, rng.choice(["thread", "vector", "thread vector"]),
               ["gbuf[tp * %d + %s] = in[tp * %d + %s] + 7;" % (c.M + 1, pj, c.M + 1, pj)], ind)
    k.emit("#pragma hpp barrier")
    acc = team_acc(c, ind, "max", "-5")
    j2 = inner_loop(rng, c.fresh("j"), c.M)
    pj2 = "p" + j2.var
    emit_inner(c, j2, rng.choice(["thread", "vector", "thread vector"]) + " reduction(max: %s)" % acc.var,
               ["%s = std::max(%s, gbuf[tp * %d + %d - %s] * (%s + 1));" % (acc.var, acc.var, c.M + 1, c.M - 1, pj2, pj2)], ind)


PHASES = [phase_reduce, phase_reduce, phase_scratch, phase_scratch, phase_thread_scratch,
          phase_single, phase_atomic, phase_scan, phase_barrier]


def k_team(rng, k):
    """A team loop whose body is a random sequence of phases."""
    L = trip_count(rng, small=True)
    M = rng.choice([0, 1, 2, 3, 5, 7, 13, 31, 37, 64])
    K = rng.choice([0, 1, 3, 5, 8, 17, 32])
    team = Loop(rng, "t", L, types=[t for t in INDEX_TYPES if t[1] >= 16])
    k.notes.append("team " + team.describe() + ", M %d, K %d" % (M, K))
    for d in team.decls("b"):
        k.emit(d)
    dt_m_at = len(k.lines)
    k.array("in", "long long", L * (M + 1), data_init(rng))
    k.array("in2", "long long", L * (M + 1) * (K + 1), data_init(rng))
    k.array("out", "long long", L, "-1")
    k.array("out2", "long long", L * (M + 1), "0")
    k.array("sout", "long long", L * (M + 1), "0")
    k.array("gbuf", "long long", L * (M + 1), "0")
    k.array("hist", "long long", 11, "0")
    for a in ("out", "out2", "sout", "hist"):
        k.hash(a, {"out": L, "hist": 11}.get(a, L * (M + 1)))
    c = TeamCtx(rng, k, L, M, K)
    phases = [rng.choice(PHASES) for _ in range(rng.randint(1, 4))]
    k.notes.append("phases: " + " ".join(p.__name__[6:] for p in phases))
    # Team-level reductions of the row results.
    tr = []
    if rng.random() < 0.7:
        tr.append(Red(rng, "tot", rng.choice(["+", "max", "min", "^"]), lambda p: "row"))
        tr[-1].type = "long long" if tr[-1].op != "^" else "unsigned long long"
    if rng.random() < 0.4:
        tr.append(LocRed(rng, "best", "at", team, lambda p: "row"))
        tr[-1].form = rng.choice(["strict", "loose", "swapped", "swapped-loose"])
    for d in red_decls(tr):
        k.emit(d)
    k.emit("#pragma hpp team%s" % loop_clauses(rng, k, True, tr))
    k.emit(team.header() + " {")
    ind = "  "
    k.emit(ind + "const long long tp = %s;" % team.pos())
    repeat = rng.random() < 0.15
    k.emit(ind + "long long row = tp;")
    if repeat:
        k.emit(ind + "for (int rep = 0; rep < 2; ++rep) {")
        ind = "    "
    for ph in phases:
        ph(c, ind)
    for a in c.accs:
        if a.type == "bool":
            k.emit(ind + "row += %s ? 1 : 2;" % a.var)
        elif isinstance(a, LocRed):
            # The index may be near 2^63 (or negative): folded in modulo a
            # prime, so that row never overflows (seed 3001, kernel 30: g++
            # and clang gave the serial build different rows).
            k.emit(ind + "row += static_cast<long long>(%s) * 3 + static_cast<long long>("
                   "static_cast<unsigned long long>(%s) %% 1000003ULL);" % (a.val, a.idx))
        elif a.type in ("double", "float"):
            # A product may leave long long's range (or be infinite), where
            # the conversion is undefined (seed 7102, kernel 222: the serial
            # build's trap): beyond 1e15 it folds to a constant, exact
            # values on both sides agreeing either way.
            k.emit(ind + "row = row * 3 + (%s > -1e15 && %s < 1e15 ? static_cast<long long>(%s) "
                   "%% 1000003LL : 5);" % (a.var, a.var, a.var))
        else:
            # Products and sums of unsigned values are anywhere in 64 bits:
            # folded in modulo the same prime.
            k.emit(ind + "row = row * 3 + static_cast<long long>("
                   "static_cast<unsigned long long>(%s) %% 1000003ULL);" % a.var)
    if repeat:
        k.emit("  }")
        ind = "  "
    k.emit(ind + "out[tp] = row;")
    for r in tr:
        k.emit(ind + r.update("tp"))
    k.emit("}")
    for r in tr:
        r.printed(k)
    if any("dt_m" in l for l in k.lines):
        k.lines.insert(dt_m_at, "  const int dt_m = %d;" % M)


KINDS = [(k_flat, 4), (k_team, 6), (k_atomic, 1), (k_scan, 2)]


def gen_kernel(seed, index, gpu=False, avoid=()):
    rng = random.Random("%d/%d" % (seed, index))
    kinds = [f for f, w in KINDS for _ in range(w)]
    try:
        import api
        kinds += [f for f, w in api.KINDS for _ in range(w)]
    except ImportError:
        pass
    f = rng.choice(kinds)
    k = Kernel(index, f.__name__[2:], gpu, avoid)
    f(rng, k)
    return k


PRELUDE = """// Generated by utils/difftest/gen.py: seed %(seed)d, kernels %(kernels)s.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <type_traits>
#include <hpp/hpp.hpp>

// An output element as hash input: a floating value (exact in these
// kernels, but a product may pass 2^63) is first brought within 9e18 so
// that its conversion to an integer is defined.
template <class T> unsigned long long dt_bits(T v) {
  if constexpr (std::is_floating_point_v<T>)
    return static_cast<unsigned long long>(static_cast<long long>(std::fmod(v, 9.0e18)));
  else
    return static_cast<unsigned long long>(v);
}
"""


def program(seed, indices, gpu=False, avoid=()):
    ks = [gen_kernel(seed, i, gpu, avoid) for i in indices]
    parts = [PRELUDE % {"seed": seed, "kernels": ",".join(map(str, indices))}]
    for k in ks:
        parts += k.top
    for k in ks:
        parts.append(k.text())
        parts.append("")
    parts.append("int main() {")
    for k in ks:
        parts.append("  %s();" % k.name)
    parts.append("  return 0;")
    parts.append("}")
    return "\n".join(parts) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("seed", type=int)
    ap.add_argument("count", type=int, nargs="?", default=20)
    ap.add_argument("--first", type=int, default=0)
    ap.add_argument("--gpu", action="store_true")
    ap.add_argument("--avoid", action="append", default=[], choices=sorted(KNOWN_BUGS))
    a = ap.parse_args()
    print(program(a.seed, range(a.first, a.first + a.count), a.gpu, a.avoid), end="")


if __name__ == "__main__":
    main()
