"""A game's title and summary are said from the game's own catalog, on its pages and everywhere else (issue #22).

The spec (games/<slug>/engine.py) holds them and the game's catalog translates them; the app's catalog keeps no
copy, yet a page or an answer of no game (the library, a new game's default name, a refused import) says them
as the game's catalog does.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from babel.messages.pofile import read_po

from app.i18n import catalogs, context
from app.shelf.naming import default_name
from games.registry import all_engines

SPECS = [e.spec for e in all_engines()]


def _app_ids() -> set[str]:
    with catalogs.po_path(catalogs.APP_DOMAIN, "es").open("rb") as fp:
        return {m.id for m in read_po(fp, locale="es") if isinstance(m.id, str) and m.id}


def test_the_app_catalog_keeps_no_copy_of_the_games_titles_and_summaries():
    copied = {s.title for s in SPECS} | {s.summary for s in SPECS}
    assert not copied & _app_ids()


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.slug)
def test_outside_its_pages_a_game_is_named_as_its_catalog_names_it(spec):
    own, app = catalogs.translations("es", spec.slug), catalogs.translations("es")
    assert own.gettext(spec.summary) != spec.summary, f"{spec.slug}: its summary has no Spanish"
    for text in (spec.title, spec.summary):
        assert app.gettext(text) == own.gettext(text)


def test_a_new_game_is_named_in_spanish_from_the_games_catalog():
    spec = next(s for s in SPECS if s.slug == "platformer")
    with context.using("es"):
        name = default_name(spec.title, datetime(2026, 11, 28, 7, 30, tzinfo=UTC))
    assert name.startswith(catalogs.translations("es", "platformer").gettext(spec.title) + " · ")
    assert not name.startswith(spec.title)
