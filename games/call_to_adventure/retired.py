"""Words this engine no longer writes but saved games' logs still hold (a log line is stored as its words and said
in the reader's language when shown): they stay in the catalog, so an older save's log is still said in Spanish.

Nothing reads this module; the catalog's extraction does (N_ marks words for it).
"""

from games.engine import N_

RETIRED = (
    # until 1 Dec 2026: the total read as dangling after the reason; now "...; it now has {total}."
    N_("{name} gains {n} experience ({why}): {total}."),
    N_("{name} loses {n} experience ({why}): {total}."),
)
