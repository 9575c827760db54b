"""Every page says its words in the language of each request, whatever language rendered it before.

Jinja compiles a template once and caches a module imported without context: a word computed at compile time
or at a module's top level would keep the language of the first reader. Here one server answers the same pages
in English, Spanish, the pseudo-locale and English again, in turn, and each answer must be wholly its own.
"""

from __future__ import annotations

import re
from urllib.parse import urljoin, urlsplit

import pytest
from fastapi.testclient import TestClient

from app.core.config import Settings
from app.i18n.pseudo import CLOSE, OPEN
from app.main import create_app
from games.registry import all_engines
from tests.support.i18n_check import untranslated

GAMES = [e.spec.slug for e in all_engines() if e.spec.slug != "pebbles"]


@pytest.fixture
def i18n_client(db_url):
    app = create_app(Settings(database_url=db_url, auth_mode="single", pseudo_locale=True))
    with TestClient(app) as c:
        yield c
    app.state.db_engine.dispose()


def _played(client, slug: str, moves: int = 12) -> str:
    sv = client.post("/api/sessions", json={"game": slug, "seed": 5}).json()
    for _ in range(moves):
        if not sv["legal_actions"]:
            break
        sv = client.post(f"/api/sessions/{sv['id']}/actions",
                         json={"action": sv["legal_actions"][-1]["id"], "version": sv["version"]}).json()
    return sv["id"]


@pytest.mark.parametrize("slug", GAMES)
def test_each_answer_is_wholly_in_its_own_language(i18n_client, slug):
    sid = _played(i18n_client, slug)
    for path in (f"/games/{slug}", f"/games/{slug}/rules", f"/play/{sid}", "/", "/saves"):
        english = i18n_client.get(f"{path}?lang=en").text
        spanish = i18n_client.get(f"{path}?lang=es").text
        pseudo = i18n_client.get(f"{path}?lang=qps").text
        again = i18n_client.get(f"{path}?lang=en").text
        for name, html in (("en", english), ("es", spanish), ("en again", again)):
            assert OPEN not in html and CLOSE not in html, f"{path} in {name} carries pseudo-locale words"
        assert spanish != english, path
        assert untranslated(pseudo) == [], path
        assert again == english, f"{path} in English changed after a Spanish and a pseudo-locale answer"


@pytest.mark.parametrize("path", ["/%2Fevil.example/x", "/%5Cevil.example/x", "/%2F%2Fevil.example",
                                  "/%09/evil.example"])
def test_the_language_links_stay_on_this_site(client, path):
    """A path that decodes to `//host/...` (or `/\\host`) is another site's address if written back as it is."""
    page = client.get(path)
    links = re.findall(r'<a href="([^"]*)\?lang=(?:en|es)"', page.text)
    assert len(links) == 2, page.text[:300]
    for href in links:
        assert urlsplit(urljoin("http://testserver/here", href)).netloc == "testserver", href
        assert href.startswith("/") and href[1:2] not in ("/", "\\"), href
