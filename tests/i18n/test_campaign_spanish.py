"""Issue #16 for the campaign pages: in the pseudo-locale no word of /campaigns (empty, with campaigns running
and finished, after a refused start and a refused import), of an Adamastor campaign's page (before its first
voyage, between voyages, during one, refused a choice, finished), of the delete page and of a game's log page
is left outside a translation; the campaign API's `detail` follows Accept-Language."""

from __future__ import annotations

import json
import re

import pytest
from fastapi.testclient import TestClient

from app.core.config import Settings
from app.main import create_app
from tests.support.i18n_check import untranslated

QPS = {"lang": "qps"}


@pytest.fixture
def i18n_client(db_url):
    app = create_app(Settings(database_url=db_url, auth_mode="single", pseudo_locale=True))
    with TestClient(app) as c:
        yield c
    app.state.db_engine.dispose()


def page(client, url: str) -> str:
    r = client.get(url, params=QPS)
    assert r.status_code == 200, (url, r.status_code)
    assert "⟦" in r.text, "the pseudo-locale is on"
    return r.text


def clean(html: str, where: str) -> None:
    assert untranslated(html) == [], where


def cview(client, cid: str) -> dict:
    return client.get(f"/api/campaigns/{cid}").json()


def play_voyage(client, sid: str) -> None:
    from app.db.models import Snapshot
    from games.engine import Rng
    from games.registry import get_engine

    engine, rng = get_engine("adamastor"), Rng.from_seed(7)
    s = client.get(f"/api/sessions/{sid}").json()
    while s["status"]["state"] == "in_progress":
        with client.app.state.sessionmaker() as db:
            state = engine.load(db.get(Snapshot, sid).state)
        action = engine.bots["heuristic"].choose(engine, state, engine.legal_actions(state), rng)
        s = client.post(f"/api/sessions/{sid}/actions", json={"action": action, "version": s["version"]}).json()


def choose(client, cid: str, cv: dict, rng) -> None:
    from app.db.models import Campaign
    from games.registry import get_engine

    cengine = get_engine("adamastor").campaign
    with client.app.state.sessionmaker() as db:
        cstate = cengine.load(db.get(Campaign, cid).state)
    action = cengine.bots["heuristic"].choose(cengine, cstate, cengine.legal_actions(cstate), rng)
    r = client.post(f"/campaigns/{cid}/act", data={"action": action, "version": cv["version"]},
                    headers={"HX-Request": "true"}, params=QPS)
    assert r.status_code == 200
    clean(r.text, f"the fragment after {action}")


def test_the_campaign_list_is_translated(i18n_client):
    c = i18n_client
    clean(page(c, "/campaigns"), "empty list")
    r = c.post("/campaigns/new/adamastor", data={"seed": "not a number"}, params=QPS)
    assert r.status_code == 422
    clean(r.text, "a refused start")
    bad = json.dumps({"format": "x"}).encode()
    r = c.post("/campaigns/import", files={"file": ("c.json", bad, "application/json")}, params=QPS)
    assert r.status_code == 422 and 'id="notice"' in r.text
    clean(r.text, "a refused import")
    r = c.post("/campaigns/import", files={"file": ("c.json", b"{nope", "application/json")}, params=QPS)
    assert r.status_code == 422
    clean(r.text, "an unreadable import")
    running = c.post("/api/campaigns", json={"game": "adamastor", "seed": 5, "name": "Rumo ao Cabo"}).json()["id"]
    clean(page(c, "/campaigns"), "a running campaign")
    r = c.post(f"/campaigns/{running}/rename", data={"name": "Outra"}, params=QPS, follow_redirects=False)
    assert r.status_code == 303
    clean(page(c, "/campaigns?done=renamed"), "after a rename")
    clean(page(c, f"/campaigns/{running}/delete"), "the delete page")


@pytest.mark.slow  # a long seeded playthrough: make test runs it, make test-fast does not
def test_an_adamastor_campaign_page_is_translated_from_start_to_end(i18n_client):
    from games.engine import Rng

    c, rng = i18n_client, Rng.from_seed(3)
    cid = c.post("/api/campaigns", json={"game": "adamastor", "seed": 2, "name": "Lisboa"}).json()["id"]
    seen = set()
    for _ in range(40):
        cv = cview(c, cid)
        if cv["status"]["state"] != "in_progress":
            break
        html = page(c, f"/campaigns/{cid}")
        if cv["current_session"]:
            seen.add("voyage")
            clean(html, "during a voyage")
            play_voyage(c, cv["current_session"])
            continue
        seen.add("between" if cv["games"] else "before")
        clean(html, "between voyages" if cv["games"] else "before the first voyage")
        if "refused" not in seen:
            seen.add("refused")
            r = c.post(f"/campaigns/{cid}/act", data={"action": "nope", "version": cv["version"]}, params=QPS)
            assert r.status_code == 422
            clean(r.text, "a refused choice")
        choose(c, cid, cv, rng)
    assert seen == {"before", "between", "voyage", "refused"}
    cv = cview(c, cid)
    assert cv["status"]["state"] in ("won", "lost")
    clean(page(c, f"/campaigns/{cid}"), "a finished campaign")
    clean(page(c, "/campaigns"), "a finished campaign in the list")
    clean(page(c, f"/campaigns/{cid}/games/1/log"), "a voyage's log")
    clean(page(c, f"/campaigns/{cid}/delete"), "the delete page of a finished campaign")
    r = c.get("/campaigns/nope", params=QPS)
    assert r.status_code == 404
    clean(r.text, "an unknown campaign")


def test_the_campaign_api_says_its_refusals_in_spanish(i18n_client):
    c = i18n_client
    es = {"Accept-Language": "es"}
    r = c.get("/api/campaigns/nope", headers=es)
    assert r.status_code == 404 and r.json()["detail"] == "no hay ninguna campaña con el id 'nope'"
    cv = c.post("/api/campaigns", json={"game": "adamastor", "seed": 3}).json()
    r = c.post(f"/api/campaigns/{cv['id']}/actions", json={"action": "nope", "version": cv["version"]}, headers=es)
    assert r.status_code == 422
    en = c.post(f"/api/campaigns/{cv['id']}/actions", json={"action": "nope", "version": cv["version"]}).json()
    assert en["detail"].startswith("'nope' is not a legal campaign action now: Choose the campaign card")
    assert r.json()["detail"].startswith("'nope' no es una acción de campaña válida ahora. Elige la carta de campaña")
    r = c.post(f"/api/campaigns/{cv['id']}/actions", json={"action": "nope", "version": 99}, headers=es)
    assert r.status_code == 409 and "campaña" in r.json()["detail"]
    r = c.post("/api/campaigns", json={"game": "pebbles-nope", "seed": 1}, headers=es)
    assert r.status_code == 422 and r.json()["detail"].startswith("juego desconocido"), r.json()
    card = cv["legal_actions"][0]["id"]
    r = c.post(f"/api/campaigns/{cv['id']}/actions", json={"action": card, "version": cv["version"]})
    assert r.status_code == 200
    en = c.get(f"/api/campaigns/{cv['id']}/log").json()
    log = c.get(f"/api/campaigns/{cv['id']}/log", headers=es).json()
    assert [ev["text"] for e in en for ev in e["events"]] == ["Voyage 1 will follow B1: By Way of Madeira."]
    assert [ev["text"] for e in log for ev in e["events"]] == ["El viaje 1 seguirá la carta B1: «Por Madeira»."]
    assert log[0]["events"][0]["words"] == en[0]["events"][0]["words"], "the stored words stay as they are"


def test_the_state_badges_read_beside_a_voyage_or_a_campaign_and_between_voyages_is_entre_viajes():
    """A badge is a noun ("Derrota", not "Perdida", beside "viaje 1 perdido", a masculine voyage); the library's
    "between voyages" says "entre viajes" as the campaign page's "Entre viajes" does (issue #26 §3)."""
    from app.i18n import context
    from app.i18n.render import current
    from app.ui.templating import templates

    badge = templates.env.get_template("partials/status.html").module.status_badge
    with context.using("es"):
        said = {state: re.sub(r"<[^>]+>", "", str(badge(state))) for state in ("won", "lost", "in_progress")}
        assert said == {"won": "Victoria", "lost": "Derrota", "in_progress": "En curso"}
        assert current().gettext("between voyages") == "entre viajes"
