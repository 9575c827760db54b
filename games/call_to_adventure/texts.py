"""Which keys of this game's view (and of its data files) hold words for a person.

app/i18n/render.py says the strings under these keys in the reader's language; app/i18n/extract.py takes
the strings under them from games/call_to_adventure/data/*.json into this game's catalog. Ids and kinds never
are words: `id`, `kind`, `type`, `slot`, `phase`, `decision`, `path` (a path's side), `rune`, `op`, `ability`,
`icon`, `trigger`, `when` and the keys of `abilities` / `story_icons` stay as they are.

Words of the view: card, path, level and solo-card `name`s, card `text`s and a skull card's `adversary_text`;
the `prompt`, the `log` lines, the `story` and the Destiny lines' `label` / `detail` are `Words` (said
wherever they are).
"""

TEXT_KEYS = frozenset({"name", "text", "title", "label", "adversary_text"})
