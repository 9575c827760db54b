"""Which keys of this game's view (and of its data files) hold words for a person.

app/i18n/render.py says the strings under TEXT_KEYS in the reader's language; app/i18n/extract.py takes the
strings under DATA_KEYS from games/nemos_war/data/*.json into this game's catalog. Ids and kinds never are words:
`help` in a test card is a list of resource ids ("nemo"), which no catalog knows, so saying them changes nothing.
"""

# view keys: names, card and token texts, labels of outcomes and score lines, the end screen's level and epilogue
TEXT_KEYS = frozenset({"name", "text", "title", "label", "flavour", "lands", "help", "detail", "level", "epilogue",
                       "win_level", "lost_resource", "prompt"})

# data keys: the words of the data files (not `help`: there it holds ids like "plus2"),
# plus the tables keyed by id (ship classes, endings by reason, epilogues by victory level)
SHIP_CLASSES = ("freighter", "passenger", "mail", "whaler", "frigate", "armoured_frigate", "ironclad", "capital",
                "battleship")
ENDINGS = ("week52", "ending", "deck", "tragic", "imperial", "last_ship")
LEVELS = ("complete_failure", "failure", "insignificant", "success", "triumph")
DATA_KEYS = (frozenset({"name", "text", "title", "label", "flavour", "lands"}) | frozenset(SHIP_CLASSES)
             | frozenset(ENDINGS) | frozenset(LEVELS))
