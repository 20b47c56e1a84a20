"""BasicBlock.index_of, which remembers positions, always answers what a
search of the list would, through any mix of inserts, removals and lookups."""
import random

import pytest

from enzyme_opt.ir import instructions as I
from enzyme_opt.ir.module import BasicBlock


def test_index_of_agrees_with_a_search_through_random_edits():
    rng = random.Random(3)
    block = BasicBlock("b")
    for _ in range(50):
        block.append(I.Unreachable())
    for _ in range(4000):
        items = block.instructions
        action = rng.random()
        if action < 0.35:
            block.insert(rng.randrange(len(items) + 1), I.Unreachable())
        elif action < 0.5 and len(items) > 1:
            block.remove(rng.choice(items))
        else:
            inst = rng.choice(items)
            assert block.index_of(inst) == next(i for i, x in enumerate(items) if x is inst)


def test_a_stranger_is_not_found():
    block = BasicBlock("b")
    block.append(I.Unreachable())
    with pytest.raises(ValueError):
        block.index_of(I.Unreachable())


def test_inserting_after_each_instruction_in_turn_is_linear():
    """The AD's pattern: find an instruction, insert after it, go to the next.
    Each lookup renumbers only what was inserted since the last one."""
    block = BasicBlock("b")
    originals = [block.append(I.Unreachable()) for _ in range(3000)]
    touched = 0
    for inst in originals:
        before = {id(x): x.position for x in block.instructions}
        index = block.index_of(inst)
        touched += sum(1 for x in block.instructions if x.position != before[id(x)])
        block.insert(index + 1, I.Unreachable())
    assert touched <= 2 * len(block.instructions)
