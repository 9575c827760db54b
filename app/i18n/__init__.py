"""Solo Shelf in the reader's language: English and Spanish, with gettext catalogs made by Babel.

- `locales`: which languages there are and how a request picks one.
- `context`: the language (and the game) of the page or answer being made, as context variables.
- `catalogs`: the compiled catalogs: `messages` (the app, app/i18n/locale) and one domain per game
  (games/<slug>/locale), merged so a game's page looks in its own catalog first.
- `render`: `say()` turns words (a `games.engine.Words`, a content string, a number) into the reader's text;
  `localize()` does it for a whole answer (view, actions, status, log).
- `pseudo`: the `qps` pseudo-locale that marks every translated string, so a test finds untranslated text.
- `extract`: the pybabel extractor for the games' JSON data files.

How a request picks its language is the edge's job (app/http/locale.py). May import games/ and app.core.
"""
