"""How an argument of a differentiated function takes part: its activity.

The kinds are what Enzyme's API markers say (ad/api.py reads them).  They
are strings too (`Activity.DUP == "dup"`), so printouts and cache keys read
the same as the markers' names.
"""
from __future__ import annotations

from enum import Enum


class Activity(str, Enum):
    DUP = "dup"               # enzyme_dup: with a shadow (pointers) or a tangent per lane
    DUPNONEED = "dupnoneed"   # enzyme_dupnoneed: as DUP; the caller needs no primal result
    CONST = "const"           # enzyme_const: no derivative
    OUT = "out"               # enzyme_out / enzyme_active: a scalar whose gradient is returned

    __str__ = str.__str__
    __format__ = str.__format__


# The kinds passed with shadows (or tangents).
DUPLICATED = (Activity.DUP, Activity.DUPNONEED)
