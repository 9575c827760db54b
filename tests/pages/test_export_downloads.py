"""What a player downloads when exporting (issue #26 §2): a campaign's voyage comes as its whole campaign (so it
restores as the campaign, not as a loose game), and the export buttons and the file's name say whether the file
is sealed (it opens only on this server, so it cannot tell what comes next).
"""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from app.main import create_app


@pytest.fixture
def web(db_url, monkeypatch):
    monkeypatch.setenv("DATABASE_URL", db_url)
    with TestClient(create_app()) as c:
        yield c


def _file_name(response) -> str:
    assert response.status_code == 200, response.text
    return re.search(r'filename="([^"]+)"', response.headers["content-disposition"]).group(1)


def _export_label(html: str, attr: str, key: str) -> str:
    link = re.search(rf'<a class="button small secondary export" href="[^"]+" {attr}="{key}" download>(.*?)</a>',
                     html, re.S)
    assert link, f"no export button for {key}"
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", link.group(1))).strip()


def _campaign_at_sea(web, **given) -> dict:
    cv = web.post("/api/campaigns", json={"game": "adamastor", "name": "Winter voyages", **given}).json()
    for wanted in ("card:", "sail"):
        action = next(a["id"] for a in cv["legal_actions"] if a["id"].startswith(wanted))
        cv = web.post(f"/api/campaigns/{cv['id']}/actions", json={"action": action, "version": cv["version"]}).json()
    assert cv["current_session"]
    return cv


def test_a_voyage_is_exported_as_its_campaign_and_restores_as_one(web):
    cv = _campaign_at_sea(web)
    sid = cv["current_session"]
    for url in (f"/saves/{sid}/export", f"/api/sessions/{sid}/export"):
        got = web.get(url)
        assert got.json()["format"] == "solo-shelf-campaign", url
        assert _file_name(got) == f"solo-shelf-campaign-adamastor-winter-voyages-{cv['id']}-sealed.json"
    campaign_file = web.get(f"/api/campaigns/{cv['id']}/export").json()
    assert web.get(f"/saves/{sid}/export").json()["steps"] == campaign_file["steps"]


def test_a_voyage_file_taken_before_a_delete_brings_its_campaign_back(web):
    cv = _campaign_at_sea(web)
    data = web.get(f"/saves/{cv['current_session']}/export").json()
    assert web.delete(f"/api/campaigns/{cv['id']}").status_code == 204
    back = web.post("/api/campaigns/import", json=data)
    assert back.status_code == 201, back.text
    assert back.json()["current_session"] and back.json()["games"], "the voyage came back inside its campaign"


def test_the_export_buttons_and_file_names_say_when_a_file_is_sealed(web):
    secret = web.post("/api/sessions", json={"game": "nemos_war"}).json()
    chosen = web.post("/api/sessions", json={"game": "nemos_war", "seed": 7}).json()
    sealed_campaign = _campaign_at_sea(web)
    open_campaign = _campaign_at_sea(web, seed=5)
    saves = web.get("/saves").text
    assert _export_label(saves, "data-session", secret["id"]) == "Export (sealed)"
    assert _export_label(saves, "data-session", chosen["id"]) == "Export"
    assert _export_label(saves, "data-session", sealed_campaign["current_session"]) == "Export (sealed)"
    assert _export_label(saves, "data-session", open_campaign["current_session"]) == "Export"
    listed = web.get("/campaigns").text
    assert _export_label(listed, "data-campaign", sealed_campaign["id"]) == "Export (sealed)"
    assert _export_label(listed, "data-campaign", open_campaign["id"]) == "Export"
    assert _export_label(web.get("/saves", headers={"Accept-Language": "es"}).text, "data-session",
                         secret["id"]) == "Exportar (sellado)"
    assert _file_name(web.get(f"/saves/{secret['id']}/export")).endswith(f"-{secret['id']}-sealed.json")
    assert _file_name(web.get(f"/api/sessions/{secret['id']}/export")).endswith("-sealed.json")
    assert _file_name(web.get(f"/saves/{chosen['id']}/export")).endswith(f"-{chosen['id']}.json")


def test_a_campaign_file_and_its_page_say_when_it_is_sealed(web):
    sealed = _campaign_at_sea(web)
    chosen = _campaign_at_sea(web, seed=5)
    for url in (f"/campaigns/{sealed['id']}/export", f"/api/campaigns/{sealed['id']}/export"):
        assert _file_name(web.get(url)) == f"solo-shelf-campaign-adamastor-winter-voyages-{sealed['id']}-sealed.json"
    assert _file_name(web.get(f"/campaigns/{chosen['id']}/export")).endswith(f"-{chosen['id']}.json")
    page = web.get(f"/campaigns/{sealed['id']}").text
    assert re.search(r'href="/campaigns/[0-9a-f]+/export" download>.*?Export \(sealed\)</a>', page, re.S)
    page = web.get(f"/campaigns/{chosen['id']}").text
    assert re.search(r'href="/campaigns/[0-9a-f]+/export" download>[^<]*<svg.*?</svg> Export</a>', page, re.S)
