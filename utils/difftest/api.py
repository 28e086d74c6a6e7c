"""Kernel kinds of the parallel_* API for gen.py: parallel_for over counts,
RangePolicy and MDRangePolicy (lambdas and functors), parallel_reduce with
built-in reducers (composite ones with ties), plain results, user reducers
and functors with init/join/final, parallel_scan (lambdas and functors,
with and without a total) and TeamPolicy bodies with nested ranges,
scratch, single (with broadcast) and barriers.
"""
from gen import data_init, trip_count


def _head(k, n, arrays):
    for name, ty, init in arrays:
        k.array(name, ty, n, init)


def k_api_for(rng, k):
    rank = rng.choice([1, 1, 2, 3, 4])
    dims = [trip_count(rng, small=True) if rank > 1 else trip_count(rng) for _ in range(rank)]
    if rank >= 3:
        dims = [min(d, 7) for d in dims]
    lo = [rng.choice([0, 0, 1, 3]) if d else 0 for d in dims]
    total = 1
    for d in dims:
        total *= d
    k.array("in", "long long", total, data_init(rng))
    k.array("out", "long long", total, "-1")
    k.hash("out", total)
    idx = ["i", "j", "l", "m"][:rank]
    pos = "(%s - %d)" % (idx[0], lo[0])
    for r in range(1, rank):
        pos = "(%s) * %d + (%s - %d)" % (pos, dims[r], idx[r], lo[r])
    body = "out[%s] = in[%s] * 2 + %s;" % (pos, pos, idx[-1])
    label = '"%s_for", ' % k.name if rng.random() < 0.3 else ""
    k.notes.append("parallel_for rank %d dims %s" % (rank, dims))
    if rank == 1:
        if lo[0] == 0 and rng.random() < 0.5:
            pol = "%d" % dims[0]
        else:
            pol = "hpp::RangePolicy(%d, %d)" % (lo[0], lo[0] + dims[0])
    else:
        tiles = ", {%s}" % ", ".join(str(rng.choice([1, 2, 4])) for _ in dims) if rng.random() < 0.3 else ""
        pol = "hpp::MDRangePolicy<%d>({%s}, {%s}%s)" % (
            rank, ", ".join(map(str, lo)), ", ".join(str(l + d) for l, d in zip(lo, dims)), tiles)
    params = ", ".join("int " + v for v in idx)
    if rng.random() < 0.4:
        f = "Dt%dFor" % k.index
        k.top.append("struct %s {\n  const long long *in;\n  long long *out;\n"
                     "  void operator()(%s) const { %s }\n};\n" % (f, params, body))
        k.emit("hpp::parallel_for(%s%s, %s{in, out});" % (label, pol, f))
    else:
        k.emit("hpp::parallel_for(%s%s, [=](%s) { %s });" % (label, pol, params, body))


def _shadowing_bound(rng, k, lo, n, names):
    """Some calls read their count through a local named like one of the
    body's parameters (`{ const int i = 40; hpp::parallel_scan(i, [=](int i,
    ...`): valid C++, where the lowering must not declare its loop or
    accumulator under the parameter's name (exec/api_shadowed_names.cpp).
    Returns the policy and whether a block was opened (closed by the
    caller after the call), else (None, False)."""
    if rng.random() >= 0.2:
        return None, False
    name = rng.choice(names)
    k.emit("{ const int %s = %d;" % (name, n))
    k.notes.append("count read through '%s'" % name)
    if lo == 0 and rng.random() < 0.5:
        return name, True
    return "hpp::RangePolicy(%d, %d + %s)" % (lo, lo, name), True


# name -> (value type, result declaration, update of accumulator `a`, from x)
def _reducers(rng):
    return [
        ("hpp::Sum<long long>", "long long", "A += x;"),
        ("hpp::Sum<double>", "double", "A += static_cast<double>(x);"),
        ("hpp::Prod<double>", "double", "A *= x % 7 == 0 ? 2.0 : x % 7 == 3 ? 0.5 : x % 5 == 1 ? -1.0 : 1.0;"),
        ("hpp::Min<long long>", "long long", "if (x < A) A = x;"),
        ("hpp::Max<int>", "int", "A = static_cast<int>(x) > A ? static_cast<int>(x) : A;"),
        ("hpp::LAnd<bool>", "bool", "A = A && x > -3;"),
        ("hpp::LOr<bool>", "bool", "A = A || x > 2;"),
        ("hpp::BAnd<unsigned>", "unsigned", "A &= ~(1u << (x & 31));"),
        ("hpp::BOr<unsigned long long>", "unsigned long long", "A |= 1ULL << (x & 63);"),
        ("hpp::MinLoc<double, int>", "hpp::ValLocScalar<double, int>",
         "if (static_cast<double>(x) < A.val) { A.val = static_cast<double>(x); A.loc = IDX; }"),
        ("hpp::MaxLoc<long long, long>", "hpp::ValLocScalar<long long, long>",
         "if (x > A.val) { A.val = x; A.loc = IDX; }"),
        ("hpp::MinMax<long long>", "hpp::MinMaxScalar<long long>",
         "if (x < A.min_val) A.min_val = x; if (x > A.max_val) A.max_val = x;"),
        ("plain", "long long", "A += x * 2;"),
    ]


def _print_value(k, ty, v):
    if ty.startswith("hpp::ValLocScalar"):
        k.out_real(v + ".val")
        k.out_int(v + ".loc")
    elif ty.startswith("hpp::MinMaxScalar"):
        k.out_int(v + ".min_val")
        k.out_int(v + ".max_val")
    elif ty == "double":
        k.out_real(v)
    elif ty.startswith("unsigned"):
        k.out_uint(v)
    else:
        k.out_int(v)


def k_api_reduce(rng, k):
    n = trip_count(rng)
    lo = rng.choice([0, 0, 2])
    k.array("in", "long long", n + lo, data_init(rng))
    style = rng.choice(["builtin", "builtin", "user", "functor-init"])
    k.notes.append("parallel_reduce %s over %d" % (style, n))
    pol = "%d" % n if lo == 0 and rng.random() < 0.5 else "hpp::RangePolicy(%d, %d)" % (lo, lo + n)
    label = '"%s_red", ' % k.name if rng.random() < 0.3 else ""
    if style == "user":
        st = "Dt%dStats" % k.index
        k.top.append(
            "struct %s { long long sum; long long count; long long max; };\n"
            "struct %sReducer {\n  using value_type = %s;\n  %s *result;\n"
            "  explicit %sReducer(%s &r) : result(&r) {}\n"
            "  void init(%s &v) const { v = %s{0, 0, -1000000}; }\n"
            "  void join(%s &d, const %s &s) const { d.sum += s.sum; d.count += s.count; if (s.max > d.max) d.max = s.max; }\n"
            "  %s &reference() const { return *result; }\n};\n" % ((st,) * 11))
        k.emit("%s r;" % st)
        named, opened = _shadowing_bound(rng, k, lo, n, ["i", "a"])
        k.emit("hpp::parallel_reduce(%s%s, [=](int i, %s &a) { const long long x = in[i]; a.sum += x; a.count += 1; if (x > a.max) a.max = x; }, %sReducer(r));"
               % (label, named or pol, st, st))
        if opened:
            k.emit("}")
        k.out_int("r.sum")
        k.out_int("r.count")
        k.out_int("r.max")
        return
    if style == "functor-init":
        f = "Dt%dProd" % k.index
        final = rng.random() < 0.5
        k.top.append(
            "struct %s {\n  using value_type = double;\n  const long long *in;\n"
            "  void operator()(int i, double &p) const { const long long x = in[i]; p *= x %% 7 == 0 ? 2.0 : x %% 3 == 0 ? -1.0 : 1.0; }\n"
            "  void init(double &p) const { p = 1; }\n"
            "  void join(double &d, const double &s) const { d *= s; }\n%s};\n"
            % (f, "  void final(double &p) const { p = p * 4 + 1; }\n" if final else ""))
        k.emit("double r = -7;")
        named, opened = _shadowing_bound(rng, k, lo, n, ["i", "p"])
        k.emit("hpp::parallel_reduce(%s%s, %s{in}, r);" % (label, named or pol, f))
        if opened:
            k.emit("}")
        k.out_real("r")
        return
    reds = rng.sample(_reducers(rng), rng.randint(1, 3))
    accs, results, updates = [], [], []
    for q, (red, ty, upd) in enumerate(reds):
        r = "r%d" % q
        k.emit("%s %s%s;" % (ty, r, " = 5" if red == "plain" else ""))
        results.append(r if red == "plain" else "%s(%s)" % (red, r))
        accs.append("%s &a%d" % (ty, q))
        updates.append(upd.replace("A", "a%d" % q).replace("IDX", "i"))
        _print_value(k, ty, r)
    body = "const long long x = in[i]; " + " ".join(updates)
    named, opened = _shadowing_bound(rng, k, lo, n, ["i", "a0"])
    pol = named or pol
    if rng.random() < 0.4:
        f = "Dt%dRed" % k.index
        k.top.append("struct %s {\n  const long long *in;\n  void operator()(int i, %s) const { %s }\n};\n"
                     % (f, ", ".join(accs), body))
        k.emit("hpp::parallel_reduce(%s%s, %s{in}, %s);" % (label, pol, f, ", ".join(results)))
    else:
        k.emit("hpp::parallel_reduce(%s%s, [=](int i, %s) { %s }, %s);"
               % (label, pol, ", ".join(accs), body, ", ".join(results)))
    if opened:
        k.emit("}")


def k_api_scan(rng, k):
    n = trip_count(rng)
    lo = rng.choice([0, 0, 1])
    ty = rng.choice(["long long", "long", "int", "double"])
    k.array("in", ty, n + lo, data_init(rng))
    k.array("ex", ty, n + lo, "0")
    k.array("inc", ty, n + lo, "0")
    k.hash("ex", n + lo)
    k.hash("inc", n + lo)
    pol = "%d" % n if lo == 0 and rng.random() < 0.5 else "hpp::RangePolicy(%d, %d)" % (lo, lo + n)
    label = '"%s_scan", ' % k.name if rng.random() < 0.3 else ""
    parts = rng.choice([("ex",), ("inc",), ("ex", "inc")])
    body = []
    # Some scans overwrite their input in place, as Kokkos' example does:
    # each item reads in[i] before it stores its prefix there.
    in_place = rng.random() < 0.25
    # Some bodies read in[i] where final is true too (pass 2 on a GPU takes
    # it from pass 1).
    kept = rng.random() < 0.4
    if in_place:
        parts = rng.choice([("ex",), ("inc",)])
        k.hash("in", n + lo)
        if parts == ("ex",):
            body += ["const %s v = in[i];" % ty, "if (final) in[i] = partial;",
                     "partial += v * 2;"]
        else:
            body += ["partial += in[i] * 2;", "if (final) in[i] = partial;"]
    else:
        if "ex" in parts:
            body.append("if (final) ex[i] = partial + (in[i] > 0 ? 1 : 0);" if kept
                        else "if (final) ex[i] = partial;")
        body.append("partial += in[i] * 2;")
        if "inc" in parts:
            body.append("if (final) inc[i] = partial;")
    total = rng.random() < 0.6
    k.notes.append("parallel_scan %s over %d, %s%s" % (ty, n, "+".join(parts),
                                                       " in place" if in_place else ""))
    if total:
        k.emit("%s total = -1;" % ty)
    tail = ", total" if total else ""
    named, opened = _shadowing_bound(rng, k, lo, n, ["i", "partial", "final"])
    pol = named or pol
    if rng.random() < 0.4:
        f = "Dt%dScan" % k.index
        k.top.append("struct %s {\n  %s%s *in;\n  %s *ex;\n  %s *inc;\n"
                     "  void operator()(int i, %s &partial, bool final) const { %s }\n};\n"
                     % (f, "" if in_place else "const ", ty, ty, ty, ty, " ".join(body)))
        k.emit("hpp::parallel_scan(%s%s, %s{in, ex, inc}%s);" % (label, pol, f, tail))
    else:
        k.emit("hpp::parallel_scan(%s%s, [=](int i, %s &partial, bool final) { %s }%s);"
               % (label, pol, ty, " ".join(body), tail))
    if opened:
        k.emit("}")
    if total:
        (k.out_real if ty == "double" else k.out_int)("total")


def k_api_team(rng, k):
    L = trip_count(rng, small=True)
    M = rng.choice([0, 1, 3, 7, 13, 32])
    V = rng.choice([1, 3, 8])
    k.array("in", "long long", L * (M + 1) * (V + 1), data_init(rng))
    k.array("out", "long long", L * (M + 1), "-1")
    k.array("row", "long long", L + 1, "-1")
    k.hash("out", L * (M + 1))
    k.hash("row", L + 1)
    level = rng.choice([0, 1])
    ts = rng.choice(["hpp::AUTO", "2", "4"])
    vl = rng.choice(["", ", 1", ", 4", ", 32"])
    pol = "hpp::TeamPolicy(%d, %s%s).set_scratch_size(%d, hpp::PerTeam(hpp::scratch_bytes<long long>(%d))%s)" % (
        L, ts, vl, level, M + 1,
        ", hpp::PerThread(hpp::scratch_bytes<long long>(%d))" % (V + 1) if rng.random() < 0.5 else "")
    red = rng.random() < 0.6
    k.notes.append("TeamPolicy league %d, M %d, V %d, scratch level %d" % (L, M, V, level))
    b = []
    b.append("const int e = t.league_rank();")
    b.append("long long *s = t.team_scratch(%d).get<long long>(%d);" % (level, M + 1))
    b.append("hpp::parallel_for(hpp::TeamVectorRange(t, %d), [&](int i) { s[i] = in[(e * %d + i) * %d]; });" % (M, M + 1, V + 1))
    b.append("t.team_barrier();")
    b.append("long long sum = 0;")
    inner = rng.choice(["plain", "vector", "minloc"])
    if inner == "vector":
        b.append("hpp::parallel_reduce(hpp::TeamThreadRange(t, %d), [&](int j, long long &p) {" % M)
        b.append("  long long v = 0;")
        b.append("  hpp::parallel_reduce(hpp::ThreadVectorRange(t, %d), [&](int q, long long &w) { w += in[(e * %d + j) * %d + q]; }, v);" % (V, M + 1, V + 1))
        b.append("  p += v * s[%d - j];" % (M - 1))
        b.append("}, sum);")
    elif inner == "minloc":
        b.append("hpp::ValLocScalar<long long, int> lo;")
        b.append("hpp::parallel_reduce(hpp::TeamThreadRange(t, %d), [&](int j, hpp::ValLocScalar<long long, int> &p) {" % M)
        b.append("  if (s[j] < p.val) { p.val = s[j]; p.loc = j; }")
        b.append("}, hpp::MinLoc<long long, int>(lo));")
        if M:
            b.append("sum = lo.val * 100 + lo.loc;")
    else:
        b.append("hpp::parallel_reduce(hpp::TeamThreadRange(t, %d), [&](int j, long long &p) { p += s[j] * (j + 1); }, sum);" % M)
    if rng.random() < 0.5:
        b.append("long long first = 0;")
        b.append("hpp::single(hpp::PerTeam(t), [&](long long &v) { v = %s; }, first);" % ("s[0]" if M else "7"))
        b.append("hpp::parallel_for(hpp::TeamThreadRange(t, %d), [&](int j) { out[e * %d + j] = s[j] + first; });" % (M, M + 1))
    if rng.random() < 0.4:
        b.append("long long run = 0;")
        b.append("hpp::parallel_scan(hpp::%s(t, %d), [&](int j, long long &part, bool final) { part += s[j]; if (final) out[e * %d + j] += part; }, run);"
                 % (rng.choice(["TeamThreadRange", "ThreadVectorRange", "TeamVectorRange"]), M, M + 1))
        b.append("sum += run;")
    b.append("hpp::single(hpp::PerTeam(t), [&] { row[e] = sum; });")
    if red:
        b.append("res += sum;")
        k.emit("long long total = 0;")
        k.emit("hpp::parallel_reduce(%s, [=](const hpp::TeamMember &t, long long &res) {" % pol)
        for line in b:
            k.emit("  " + line)
        k.emit("}, total);")
        k.out_int("total")
    else:
        k.emit("hpp::parallel_for(%s, [=](const hpp::TeamMember &t) {" % pol)
        for line in b:
            k.emit("  " + line)
        k.emit("});")


KINDS = [(k_api_for, 1), (k_api_reduce, 2), (k_api_scan, 1), (k_api_team, 2)]
