"""HTML without routes: the Jinja set-up (`templating`), the action bar (`bar`), what the browser keeps
(`keep`), where things travelled from (`travel`), look closer (`look`), charts, and in `boards/` everything
one game's pages need.

May import games/, app.core, app.db, app.i18n, app.accounts and app.shelf.
"""
