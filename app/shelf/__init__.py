"""Saved games without HTTP or HTML: the domain of the app.

- `store`: sessions loaded and saved (create, list, rename, delete, export, import);
- `moves`: the one move path (play, undo, the current view);
- `campaigns`: campaigns of linked games; `upgrades`: saves replayed under new rules;
- `timeline`: a game at any step (replays); `scores`, `history`, `stats`: lists and figures;
- `naming`: the names of games and campaigns; `files/`: portable save files.

May import games/, app.core, app.db, app.i18n and app.accounts; never HTTP, templates or routes.
"""
