#!/usr/bin/env python3
"""Run the gradient fuzzer: generate, differentiate, compile, run, classify.

For every (seed, clang version, -O level):

    clang-V -OX -S -emit-llvm prog.c -o prog.ll
    python3 -m enzyme_opt prog.ll -o out.ll      (this repository on PYTHONPATH)
    clang-V -OX out.ll -o prog -lm
    ./prog

and the outcome is one of

  pass         the program ran and its derivatives matched
  refused      enzyme-opt exited 1 with a located `file:line:col: error:`
  silent-wrong enzyme-opt exited 0 and the program printed MISMATCH lines
  crash        clang rejected our output, or the program crashed, timed out
               or failed without a MISMATCH line
  tool-crash   enzyme-opt: a traceback, an internal error, an error without a
               location, another exit status, no output, or a timeout
  gen-error    clang rejected the generated C (a bug of the generator)

Examples:
    tools/fuzz_runner.py --seeds 0-99 -j 2 --out fuzz-out
    tools/fuzz_runner.py --seeds 3000-3099 --configs 19:-O2,19:-O3,14:-O1 -j 1
    tools/fuzz_runner.py --minimize 17 --clangs 19 --opts O2
"""
from __future__ import annotations

import argparse
import collections
import concurrent.futures
import dataclasses
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import fuzz_gradients  # noqa: E402

REPO_ROOT = Path(__file__).resolve().parent.parent
CLASSES = ["pass", "refused", "silent-wrong", "crash", "tool-crash", "gen-error"]
FAILURES = {"silent-wrong", "crash", "tool-crash", "gen-error"}
LOCATED = re.compile(r"^\S.*?:\d+:\d+: error: \S", re.MULTILINE)
TIMEOUTS = {"clang": 120, "tool": 300, "run": 20}


@dataclass
class Outcome:
    seed: int
    clang: str
    opt: str
    cls: str
    message: str
    seconds: float
    features: list[str] | None = None


def _run(cmd, timeout, **kw):
    """(returncode or None on timeout, stdout, stderr)."""
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, **kw)
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired as e:
        dec = (lambda s: s.decode(errors="replace") if isinstance(s, bytes) else (s or ""))
        return None, dec(e.stdout), dec(e.stderr)


def _compiler(version: str) -> str:
    return shutil.which(f"clang-{version}") or f"/usr/lib/llvm-{version}/bin/clang"


def _tool_env() -> dict:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(REPO_ROOT), env.get("PYTHONPATH")) if p)
    return env


def classify_tool(rc, stderr: str, wrote_output: bool) -> str | None:
    """The class of an enzyme-opt run that did not succeed, or None if it did."""
    if rc is None or "Traceback" in stderr or "internal error" in stderr:
        return "tool-crash"
    if rc == 0:
        return None if wrote_output else "tool-crash"
    if rc == 1 and LOCATED.search(stderr):
        return "refused"
    return "tool-crash"


def classify_run(rc, stdout: str) -> str:
    if rc == 0:
        return "pass"
    if rc == 1 and "MISMATCH" in stdout:
        return "silent-wrong"
    return "crash"


def _tail(text: str, n: int = 4000) -> str:
    return text if len(text) <= n else "..." + text[-n:]


def check_source(source: str, clang: str, opt: str, workdir: Path, mutate_ir=None) -> tuple[str, str]:
    """Classify one C source at one clang and -O level: (class, message)."""
    cc = _compiler(clang)
    c, ll, out, exe = (workdir / n for n in ("prog.c", "prog.ll", "out.ll", "prog"))
    c.write_text(source)
    cflags = os.environ.get("FUZZ_CFLAGS", "").split()  # e.g. -ffast-math, -mavx2
    rc, so, se = _run([cc, opt, *cflags, "-S", "-emit-llvm", "prog.c", "-o", "prog.ll"],
                      TIMEOUTS["clang"], cwd=workdir)
    if rc != 0:
        return "gen-error", f"clang -emit-llvm: exit {rc}\n{_tail(se)}"
    rc, so, se = _run([sys.executable, "-m", "enzyme_opt", str(ll), "-o", str(out)],
                      TIMEOUTS["tool"], cwd=REPO_ROOT, env=_tool_env())
    cls = classify_tool(rc, se, out.exists())
    if cls is not None:
        return cls, f"enzyme-opt: {'timeout' if rc is None else f'exit {rc}'}\n{_tail(se)}"
    if mutate_ir is not None:
        out.write_text(mutate_ir(out.read_text()))
    rc, so, se = _run([cc, opt, "out.ll", "-o", "prog", "-lm"], TIMEOUTS["clang"], cwd=workdir)
    if rc != 0:
        return "crash", f"clang rejects the output: exit {rc}\n{_tail(se)}"
    rc, so, se = _run([str(exe)], TIMEOUTS["run"], cwd=workdir)
    cls = classify_run(rc, so)
    what = "timeout" if rc is None else f"exit {rc}"
    return cls, f"program: {what}\n{_tail(so)}{_tail(se)}"


def run_case(seed: int, clang: str, opt: str, features: list[str] | None = None) -> Outcome:
    start = time.monotonic()
    source = fuzz_gradients.generate(seed, features)
    with tempfile.TemporaryDirectory(prefix=f"fuzz{seed}-") as tmp:
        cls, msg = check_source(source, clang, opt, Path(tmp))
    return Outcome(seed, clang, opt, cls, msg, time.monotonic() - start, features)


def save_failure(outdir: Path, o: Outcome) -> None:
    d = outdir / o.cls / f"seed{o.seed}-clang{o.clang}{o.opt}"
    d.mkdir(parents=True, exist_ok=True)
    (d / "prog.c").write_text(fuzz_gradients.generate(o.seed, o.features))
    (d / "message.txt").write_text(
        f"class: {o.cls}\nseed: {o.seed}\nclang: {o.clang}\nopt: {o.opt}\n\n{o.message}\n")


def parse_seeds(spec: str) -> list[int]:
    """'0-99', '5', '1,4,10-12'."""
    seeds = []
    for part in spec.split(","):
        lo, _, hi = part.strip().partition("-")
        seeds.extend(range(int(lo), int(hi or lo) + 1))
    return seeds


def tally_table(outcomes: list[Outcome]) -> str:
    """A markdown table: one row per clang and -O, one column per class."""
    rows = collections.Counter((o.clang, o.opt, o.cls) for o in outcomes)
    configs = sorted({(o.clang, o.opt) for o in outcomes})
    lines = ["| clang | -O | " + " | ".join(CLASSES) + " | total |",
             "|---|---|" + "---|" * (len(CLASSES) + 1)]
    for clang, opt in configs:
        counts = [rows[(clang, opt, c)] for c in CLASSES]
        lines.append(f"| {clang} | {opt} | " + " | ".join(map(str, counts)) + f" | {sum(counts)} |")
    totals = [sum(rows[(cl, op, c)] for cl, op in configs) for c in CLASSES]
    lines.append("| all | | " + " | ".join(map(str, totals)) + f" | {sum(totals)} |")
    return "\n".join(lines)


def symptom(o: Outcome) -> str:
    """A short, location-free description of a failure, to group runs by."""
    lines = o.message.splitlines()
    if o.cls in ("refused", "tool-crash"):
        err = next((ln for ln in lines if "error:" in ln), lines[1] if len(lines) > 1 else lines[0])
        err = re.sub(r"^\S*?(:\d+:\d+)?: (?=error:)", "", err)  # the file and place
        err = re.sub(r"<[^>]*>", "<...>", err)  # values print per dialect: double* or ptr
        return re.sub(r"in function '[^']*'", "in function ...", err)[:160]
    if o.cls == "silent-wrong":
        kinds = sorted({re.sub(r"\[\d+\].*", "", ln) for ln in lines if ln.startswith("MISMATCH")})
        return ", ".join(kinds)
    return " ".join(lines[:2])[:160]


def report_markdown(outcomes: list[Outcome]) -> str:
    """The tally and, per class other than pass, the symptoms and their seeds."""
    seeds = sorted({o.seed for o in outcomes})
    out = [f"{len(outcomes)} runs: {len(seeds)} seeds"
           + (f" ({seeds[0]}-{seeds[-1]})" if seeds else "") + "\n", tally_table(outcomes)]
    for cls in CLASSES[1:]:
        groups = collections.defaultdict(list)
        for o in outcomes:
            if o.cls == cls:
                groups[symptom(o)].append(o)
        if not groups:
            continue
        out.append(f"\n### {cls}\n")
        for what, runs in sorted(groups.items(), key=lambda kv: -len(kv[1])):
            where = sorted({o.seed for o in runs})
            shown = ", ".join(map(str, where[:12])) + (" ..." if len(where) > 12 else "")
            out.append(f"- {len(runs)} runs ({len(where)} seeds: {shown}): `{what}`")
    return "\n".join(out) + "\n"


def run_all(seeds, configs, jobs, outdir: Path | None, progress=True) -> list[Outcome]:
    """Every seed at every (clang, -O) of `configs`."""
    cases = [(s, c, o) for s in seeds for c, o in configs]
    outcomes = []
    log = None
    if outdir is not None:  # one JSON line per run, so a stopped run can still be tallied
        outdir.mkdir(parents=True, exist_ok=True)
        log = (outdir / "results.jsonl").open("a")
    with concurrent.futures.ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(run_case, *case) for case in cases]
        for i, fut in enumerate(concurrent.futures.as_completed(futures), 1):
            o = fut.result()
            outcomes.append(o)
            if log is not None:
                log.write(json.dumps(dataclasses.asdict(o)) + "\n")
                log.flush()
            if o.cls in FAILURES and outdir is not None:
                save_failure(outdir, o)
            if progress and (o.cls != "pass" or i % 20 == 0):
                first = o.message.splitlines()[1:2] or [""]
                print(f"[{i}/{len(cases)}] seed {o.seed} clang-{o.clang} {o.opt}: {o.cls}"
                      + ("" if o.cls == "pass" else f"  {first[0][:150]}"), flush=True)
    return sorted(outcomes, key=lambda o: (o.seed, o.clang, o.opt))


def minimize(seed: int, clang: str, opt: str) -> tuple[list[str], Outcome]:
    """Drop features one at a time while the class stays the same."""
    features = fuzz_gradients.draw_features(seed)
    first = run_case(seed, clang, opt, features)
    target, best = first.cls, first
    changed = True
    while changed and len(features) > 1:
        changed = False
        for i in range(len(features)):
            trial = features[:i] + features[i + 1:]
            o = run_case(seed, clang, opt, trial)
            if o.cls == target:
                features, best, changed = trial, o, True
                break
    return features, best


def _list(spec: str) -> list[str]:
    return [v for v in re.split(r"[,\s]+", spec) if v]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seeds", default=os.environ.get("SEEDS", "0-19"))
    ap.add_argument("--clangs", default=os.environ.get("FUZZ_CLANGS", "14,19"))
    ap.add_argument("--opts", default=os.environ.get("FUZZ_OPTS", "-O0,-O2"))
    ap.add_argument("-j", "--jobs", type=int, default=int(os.environ.get("FUZZ_JOBS", "2")))
    ap.add_argument("--out", default=os.environ.get("FUZZ_OUT", "fuzz-out"),
                    help="directory for failing cases")
    ap.add_argument("--configs", help="clang:-O pairs instead of every clang at every -O, "
                    "e.g. 19:-O2,19:-O3,14:-O1")
    ap.add_argument("--cflags", help="extra flags for clang -emit-llvm (also FUZZ_CFLAGS)")
    ap.add_argument("--tally", metavar="RESULTS_JSONL",
                    help="only print the report (markdown) of a results.jsonl an earlier run wrote")
    ap.add_argument("--minimize", type=int, metavar="SEED",
                    help="minimize the features of one seed at the first clang and -O level")
    args = ap.parse_args(argv)
    if args.cflags is not None:
        os.environ["FUZZ_CFLAGS"] = args.cflags  # the worker processes inherit it
    clangs = _list(args.clangs)
    opts = [o if o.startswith("-") else "-" + o for o in _list(args.opts)]
    if args.tally:
        lines = Path(args.tally).read_text().splitlines()
        print(report_markdown([Outcome(**json.loads(line)) for line in lines if line.strip()]))
        return 0
    if args.minimize is not None:
        feats, o = minimize(args.minimize, clangs[0], opts[0])
        print(f"seed {args.minimize} clang-{clangs[0]} {opts[0]}: {o.cls} with features "
              f"{','.join(feats)}\n{o.message}")
        print(fuzz_gradients.generate(args.minimize, feats))
        return 0
    start = time.monotonic()
    configs = ([tuple(pair.split(":", 1)) for pair in _list(args.configs)] if args.configs
               else [(c, o) for c in clangs for o in opts])
    outcomes = run_all(parse_seeds(args.seeds), configs, args.jobs, Path(args.out))
    print(f"\n{len(outcomes)} runs in {time.monotonic() - start:.0f} s\n")
    print(tally_table(outcomes))
    bad = [o for o in outcomes if o.cls in FAILURES]
    if bad:
        print(f"\n{len(bad)} failing runs written to {args.out}/")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
