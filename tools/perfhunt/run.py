#!/usr/bin/env python3
"""Side-by-side gradient timings of the perfhunt kernels (tools/perfhunt/*.c*):
enzyme-opt against the reference Enzyme plugin, built as the reference's
benchmark Makefiles build (clang++-19 -O2 -ffast-math -fno-vectorize
-fno-slp-vectorize -fno-unroll-loops -S -emit-llvm; then enzyme-opt or
`opt-19 -load-pass-plugin=PLUGIN -passes=enzyme`; both clang++-19 -O2 ... -lm).

    python3 tools/perfhunt/run.py [NAME...] [--variant base|O3|vec] [--no-callgrind]

Each kernel (harness: ph.h) checks gradient entries against central
differences and prints all of them; ours must equal the reference's to a
relative 1e-8 (PH_GRAD_TOL in a kernel: another bound, for float).  Figures: gradient wall time (best of 5 runs of PH_REPS calls)
and instructions of one such run under callgrind, ours over the reference's.
Builds stay in /tmp/perfhunt-build (PERFHUNT_BUILD); PERFHUNT_TOOL_TREE=DIR
differentiates with the enzyme_opt of another checkout (figures before a change).
The C programs are compiled with clang-19, C++ ones with clang++-19."""
import glob, os, re, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
PLUGIN = os.environ.get("ENZYME_PLUGIN", "/work/enzyme-build/Enzyme/LLVMEnzyme-19.so")
OUT = os.environ.get("PERFHUNT_BUILD", "/tmp/perfhunt-build")
VARIANTS = {
    "base": ["-O2", "-ffast-math", "-fno-vectorize", "-fno-slp-vectorize", "-fno-unroll-loops"],
    "O3": ["-O3", "-ffast-math", "-fno-vectorize", "-fno-slp-vectorize", "-fno-unroll-loops"],
    "vec": ["-O2", "-ffast-math"],
    "O3vec": ["-O3", "-ffast-math"],
}
# Unrolled and inlined, the reference's derivative loses the repetitions
# whose stores the next one's zeroing overwrites (tanh_loss, vectorized: 9 of
# its 20 deleted); the vectorizing variants keep them all (ph.h PH_CONSUME).
CONSUMING = {"vec", "O3vec"}


def sh(cmd, **kw):
    p = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if p.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)}\n{p.stdout[-2000:]}{p.stderr[-3000:]}")
    return p.stdout


def parse(out):
    grads = [float(m.group(1)) for m in re.finditer(r"^GRAD \d+ (\S+)$", out, re.M)]
    t = re.search(r"^TIME (\S+)", out, re.M)
    return grads, float(t.group(1)) if t else None, "CHECK ok" in out


def instructions(exe, tag):
    cg = f"{exe}.cg"
    sh(["valgrind", "--tool=callgrind", "--instr-atstart=no", f"--callgrind-out-file={cg}", exe])
    totals = [int(l.split()[1]) for l in open(cg) if l.startswith("totals:")]
    return sum(totals) if totals else None


def build(src, variant):
    name = os.path.splitext(os.path.basename(src))[0]
    d = os.path.join(OUT, f"{name}-{variant}")
    os.makedirs(d, exist_ok=True)
    cxx = "clang++-19" if src.endswith(".cpp") else "clang-19"
    ll = os.path.join(d, "x.ll")
    consume = ["-DPH_CONSUME="] if variant in CONSUMING else []
    sh([cxx, *VARIANTS[variant], *consume, f"-I{REPO}/enzyme_opt/include", f"-I{HERE}", "-S",
        "-emit-llvm", src, "-o", ll])
    ours, ref = os.path.join(d, "ours.ll"), os.path.join(d, "ref.ll")
    tree = os.environ.get("PERFHUNT_TOOL_TREE", REPO)
    sh([sys.executable, "-m", "enzyme_opt", ll, "-o", ours], env=dict(os.environ, PYTHONPATH=tree),
       cwd=tree)
    builds = [("ours", ours)]
    try:
        sh(["opt-19", f"-load-pass-plugin={PLUGIN}", "-passes=enzyme", "-S", ll, "-o", ref])
        builds.append(("ref", ref))
    except RuntimeError as e:
        # The reference refusing a kernel (complex_dft: no derivative of
        # cexp) is no failure of ours: that kernel is timed on its own.
        lines = [line for line in str(e).splitlines() if "Enzyme:" in line or "error" in line]
        refused = (lines or ["(see its log)"])[0].strip()[:120]
    exes = []
    for tag, irf in builds:
        exe = os.path.join(d, tag)
        sh([cxx, "-O2", *VARIANTS[variant][1:], irf, "-o", exe, "-lm"])
        exes.append(exe)
    return name, (exes if len(exes) == 2 else (exes[0], refused))


def main(argv):
    variants, names, cg = ["base"], [], True
    it = iter(argv)
    for a in it:
        if a == "--variant":
            variants = next(it).split(",")
        elif a == "--no-callgrind":
            cg = False
        else:
            names.append(a)
    srcs = sorted(glob.glob(os.path.join(HERE, "*.c")) + glob.glob(os.path.join(HERE, "*.cpp")))
    if names:
        srcs = [s for s in srcs if os.path.splitext(os.path.basename(s))[0] in names]
    print("| kernel | variant | ours s | ref s | time ratio | ours Ir | ref Ir | Ir ratio | gradients |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---|")
    status = 0
    for src in srcs:
        for v in variants:
            try:
                name, (eo, er) = build(src, v)
                out_o = sh([eo])
                go, to, oko = parse(out_o)
                if not os.path.isabs(er):       # the reference refused: ours alone
                    io = instructions(eo, "ours") if cg else None
                    verdict = "ok" if oko else "FD-FAIL(ours)"
                    status |= verdict != "ok"
                    print(f"| {name} | {v} | {to:.4f} | - | - | {io or '-'} | - | - | "
                          f"{verdict}; the reference refuses: {er} |", flush=True)
                    continue
                gr, tr, okr = parse(sh([er]))
            except RuntimeError as e:
                last = [line for line in str(e).splitlines() if line.strip()] or ["?"]
                print(f"| {os.path.basename(src)} | {v} | error: {last[-1][:150]} |")
                status = 1
                continue
            tol = float(m.group(1)) if (m := re.search(r"^GRADTOL (\S+)", out_o, re.M)) else 1e-8
            agree = len(go) == len(gr) and all(abs(a - b) <= tol * max(1, abs(a), abs(b)) for a, b in zip(go, gr))
            verdict = ("ok" if oko else "FD-FAIL(ours)") + ("" if okr else " FD-FAIL(ref)") + ("" if agree else " DIFFER")
            if verdict != "ok":
                status = 1
            io = ir = None
            if cg:
                io, ir = instructions(eo, "ours"), instructions(er, "ref")
            ratio = f"{io / ir:.2f}" if io and ir else "-"
            print(f"| {name} | {v} | {to:.4f} | {tr:.4f} | {to / tr if tr else float('inf'):.2f} | {io or '-'} | {ir or '-'} | {ratio} | {verdict} |", flush=True)
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
