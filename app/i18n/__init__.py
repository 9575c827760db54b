"""Solo Shelf in the reader's language (issue #16): English and Spanish, with gettext catalogs made by Babel.

- `locales`: which languages there are and how a request picks one.
- `context`: the language (and the game) of the page or answer being made, as context variables.
- `catalogs`: the compiled catalogs: `messages` (the app, app/locale) and one domain per game
  (games/<slug>/locale), merged so a game's page looks in its own catalog first.
- `render`: `say()` turns words (a `games.engine.Words`, a content string, a number) into the reader's text;
  `localize()` does it for a whole answer (view, actions, status, log).
- `pseudo`: the `qps` pseudo-locale that marks every translated string, so a test finds untranslated text.
- `middleware`: picks the language of each request (?lang, cookie, account, Accept-Language).
- `extract`: the pybabel extractor for the games' JSON data files.
"""
