"""NameTable.claim gives the first free `wanted.N`, also after releases, in
time that does not grow with the number of claims of one name."""
import random

from enzyme_opt.ir.names import NameTable


def _first_free(used, wanted):
    """The specification: `wanted` itself, else the smallest free `wanted.N`."""
    if wanted not in used and not wanted.isdigit():
        return wanted
    n = 1
    while f"{wanted}.{n}" in used:
        n += 1
    return f"{wanted}.{n}"


def test_claims_and_releases_match_the_specification():
    rng = random.Random(7)
    table, used = NameTable(), set()
    for _ in range(5000):
        if used and rng.random() < 0.3:
            name = rng.choice(sorted(used))
            table.release(name)
            used.discard(name)
            continue
        wanted = rng.choice(["x", "x.1", "tape", "7", "a.b", "x.01"])
        expected = _first_free(used, wanted)
        assert table.claim(wanted) == expected
        used.add(expected)
        assert all(n in table for n in used)


def test_many_claims_of_one_name_resume_where_they_stopped():
    table = NameTable()
    names = [table.claim("tape.push") for _ in range(20000)]
    assert names[0] == "tape.push" and names[-1] == "tape.push.19999"
    assert table._next["tape.push"] == 20000
