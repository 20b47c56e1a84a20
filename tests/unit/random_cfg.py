"""Random functions for checking CFG analyses against their definitions."""
import random


def random_function(seed: int, size: int, body=lambda k: []) -> str:
    """`define void @f(i1 %c, i32 %x)` of `size` blocks, each holding the
    lines `body(k)` and a random branch (some blocks unreachable, some on
    cycles, several returns)."""
    rng = random.Random(seed)
    lines = ["define void @f(i1 %c, i32 %x) {"]
    for k in range(size):
        lines += [f"b{k}:", *body(k)]
        targets = rng.sample(range(size), k=min(size, rng.choice((0, 1, 1, 2, 2))))
        if not targets:
            lines.append("  ret void")
        elif len(targets) == 1:
            lines.append(f"  br label %b{targets[0]}")
        else:
            lines.append(f"  br i1 %c, label %b{targets[0]}, label %b{targets[1]}")
    lines.append("}")
    return "\n".join(lines)
