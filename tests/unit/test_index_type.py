"""reverse.index_type: the narrowest integer that numbers a join's ways."""
from enzyme_opt.ad.reverse import index_type


def test_index_widths_at_their_limits():
    assert [index_type(n).bits for n in (2, 256, 257, 1 << 16, (1 << 16) + 1)] == \
        [8, 8, 16, 16, 32]
