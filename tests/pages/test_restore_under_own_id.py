"""Files that restore (issue #26 §2): a game's file comes back under its own id when that id is free, so bookmarks
and other devices find it again; when the game is still on the shelf, the import says so and asks (409): restore it
to the file's point, under its id, or keep a copy beside it. Through the JSON API and the Saves page.
"""

from __future__ import annotations

import json
import re
from html import unescape

import pytest
from fastapi.testclient import TestClient

from app.main import create_app


@pytest.fixture
def web(db_url, monkeypatch):
    monkeypatch.setenv("DATABASE_URL", db_url)
    with TestClient(create_app()) as c:
        yield c


def _played(web, moves: int, game: str = "nemos_war") -> dict:
    s = web.post("/api/sessions", json={"game": game, "name": "Deep waters"}).json()
    for _ in range(moves):
        s = web.post(f"/api/sessions/{s['id']}/actions",
                     json={"action": s["legal_actions"][0]["id"], "version": s["version"]}).json()
    return s


def _move_on(web, s: dict, moves: int) -> dict:
    for _ in range(moves):
        s = web.post(f"/api/sessions/{s['id']}/actions",
                     json={"action": s["legal_actions"][0]["id"], "version": s["version"]}).json()
    return s


def _upload(web, data: dict, **form):
    return web.post("/saves/import", files={"file": ("save.json", json.dumps(data), "application/json")},
                    data=form, follow_redirects=False)


def test_a_deleted_game_comes_back_under_its_own_id(web):
    s = _played(web, 4)
    data = web.get(f"/api/sessions/{s['id']}/export").json()
    assert data["id"] == s["id"]
    assert web.delete(f"/api/sessions/{s['id']}").status_code == 204
    back = web.post("/api/sessions/import", json=data)
    assert back.status_code == 201, back.text
    assert back.json()["id"] == s["id"] and back.json()["view"] == s["view"]
    assert web.get(f"/play/{s['id']}").status_code == 200, "the old bookmark opens the game again"
    # and by the Saves page's form
    assert web.delete(f"/api/sessions/{s['id']}").status_code == 204
    answer = _upload(web, data)
    assert answer.status_code == 303 and answer.headers["location"] == f"/play/{s['id']}"


def test_a_file_whose_game_is_still_on_the_shelf_asks_before_anything_changes(web):
    s = _played(web, 3)
    data = web.get(f"/api/sessions/{s['id']}/export").json()
    later = _move_on(web, s, 3)
    asked = web.post("/api/sessions/import", json=data)
    assert asked.status_code == 409 and asked.json()["existing"] == s["id"]
    assert "still on your shelf" in asked.json()["detail"]
    assert web.get(f"/api/sessions/{s['id']}").json()["version"] == later["version"], "nothing changed"
    assert len(web.get("/api/sessions").json()) == 1
    page = _upload(web, data)
    assert page.status_code == 409
    form = re.search(r'<form class="on-shelf".*?</form>', page.text, re.S).group(0)
    assert 'value="restore"' in form and 'value="copy"' in form and f'href="/play/{s["id"]}"' in form
    kept = unescape(re.search(r'name="kept" value="([^"]*)"', form).group(1))
    assert web.get(f"/api/sessions/{s['id']}").json()["version"] == later["version"], "nothing changed"
    # Keep a copy: a new game beside it, the original untouched.
    copy = web.post("/saves/import", data={"kept": kept, "on_shelf": "copy"}, follow_redirects=False)
    assert copy.status_code == 303
    copy_id = copy.headers["location"].rsplit("/", 1)[-1]
    assert copy_id != s["id"]
    assert web.get(f"/api/sessions/{copy_id}").json()["view"] == s["view"]
    assert web.get(f"/api/sessions/{s['id']}").json()["version"] == later["version"]
    # Restore it: the same id, back to the file's point (the moves made since are gone).
    restored = web.post("/api/sessions/import?on_shelf=restore", json=data)
    assert restored.status_code == 201, restored.text
    assert restored.json()["id"] == s["id"] and restored.json()["version"] == s["version"]
    assert restored.json()["view"] == s["view"]
    names = sorted(g["name"] for g in web.get("/api/sessions").json())
    assert names == ["Deep waters", "Deep waters (2)"], "the restored game keeps its name; only the copy is a twin"


def test_a_stale_tab_on_a_restored_game_is_told_the_game_moved(web):
    s = _played(web, 2)
    data = web.get(f"/api/sessions/{s['id']}/export").json()
    later = _move_on(web, s, 2)
    assert web.post("/api/sessions/import?on_shelf=restore", json=data).status_code == 201
    stale = web.post(f"/api/sessions/{s['id']}/actions",
                     json={"action": later["legal_actions"][0]["id"], "version": later["version"]})
    assert stale.status_code == 409


@pytest.mark.parametrize("bad", ["", "over", "RESTORE"])
def test_an_unknown_answer_is_refused_and_changes_nothing(web, bad):
    s = _played(web, 2)
    data = web.get(f"/api/sessions/{s['id']}/export").json()
    answer = web.post(f"/api/sessions/import?on_shelf={bad}", json=data)
    assert answer.status_code == 422, answer.text
    assert len(web.get("/api/sessions").json()) == 1


def _campaign(web) -> dict:
    cv = web.post("/api/campaigns", json={"game": "adamastor", "name": "Winter voyages"}).json()
    action = next(a["id"] for a in cv["legal_actions"] if a["id"].startswith("card:"))
    return web.post(f"/api/campaigns/{cv['id']}/actions", json={"action": action, "version": cv["version"]}).json()


def test_a_deleted_campaign_comes_back_under_its_own_id(web):
    cv = _campaign(web)
    data = web.get(f"/api/campaigns/{cv['id']}/export").json()
    assert data["id"] == cv["id"]
    assert web.delete(f"/api/campaigns/{cv['id']}").status_code == 204
    back = web.post("/api/campaigns/import", json=data)
    assert back.status_code == 201, back.text
    assert back.json()["id"] == cv["id"] and back.json()["view"] == cv["view"]
    assert web.get(f"/campaigns/{cv['id']}").status_code == 200, "the old bookmark opens the campaign again"


def test_a_campaign_still_on_the_shelf_asks_then_restores_or_copies(web):
    cv = _campaign(web)
    data = web.get(f"/api/campaigns/{cv['id']}/export").json()
    sail = web.post(f"/api/campaigns/{cv['id']}/actions", json={"action": "sail", "version": cv["version"]}).json()
    assert sail["current_session"]
    asked = web.post("/api/campaigns/import", json=data)
    assert asked.status_code == 409 and asked.json()["existing"] == cv["id"]
    page = web.post("/campaigns/import", files={"file": ("c.json", json.dumps(data), "application/json")},
                    follow_redirects=False)
    assert page.status_code == 409 and 'id="on-shelf"' in page.text and f'href="/campaigns/{cv["id"]}"' in page.text
    assert web.get(f"/api/campaigns/{cv['id']}").json()["version"] == sail["version"], "nothing changed"
    kept = unescape(re.search(r'name="kept" value="([^"]*)"', page.text).group(1))
    copy = web.post("/campaigns/import", data={"kept": kept, "on_shelf": "copy"}, follow_redirects=False)
    assert copy.status_code == 303 and copy.headers["location"] != f"/campaigns/{cv['id']}"
    restored = web.post("/campaigns/import", data={"kept": kept, "on_shelf": "restore"}, follow_redirects=False)
    assert restored.status_code == 303 and restored.headers["location"] == f"/campaigns/{cv['id']}"
    back = web.get(f"/api/campaigns/{cv['id']}").json()
    assert back["view"] == cv["view"] and back["current_session"] is None, "back before it set sail"
    assert sail["current_session"] not in {s["id"] for s in web.get("/api/sessions").json()}, \
        "the voyage begun after the file was made went with the campaign restored over"
