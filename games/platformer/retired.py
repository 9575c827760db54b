"""Words this engine no longer writes but saved games' logs still hold (a log line is stored as its words and said
in the reader's language when shown): they stay in the catalog, so an older save's log is still said in Spanish.

Nothing reads this module; the catalog's extraction does (N_ marks words for it).
"""

from games.engine import N_

RETIRED = (
    # until 1 Dec 2026 a level's reveal named its two tiles by their codes, which nothing on the table shows
    N_("The boss level is revealed (tiles {a} and {b})."),
    N_("Level {level} is revealed (tiles {a} and {b}): {n} {enemy} appears."),
)
