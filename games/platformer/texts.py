"""Which keys of this game's view (and of its data files) hold words for a person.

app/i18n/render.py says the strings under these keys in the reader's language; app/i18n/extract.py takes
the strings under them from games/platformer/data/*.json into this game's catalog. Ids and kinds never are words.
"""

# The data files' words: names, card texts and the texts of conditions, boss setups and hero stars.
DATA_KEYS = frozenset({"name", "text", "title", "condition_text", "setup_text", "star_text"})
# The view's words: those, plus score-line labels and where a bonus symbol came from (a card's name).
TEXT_KEYS = DATA_KEYS | {"label", "source", "detail"}
