"""Which keys of this game's view (and of its data files) hold words for a person.

app/i18n/render.py says the strings under these keys in the reader's language; app/i18n/extract.py takes
the strings under them from games/adamastor/data/*.json into this game's catalog. Ids and kinds never are words.
"""

TEXT_KEYS = frozenset({"name", "text", "title", "label", "flavor"})
