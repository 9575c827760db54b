"""Coming back after a pause (issue #26 §1): a game last played an hour or more ago opens with a recap (where it
stands, the last things that happened, what the player was deciding) that closes without JavaScript; a game
played a moment ago, or a new one, opens straight on the table.
"""

from __future__ import annotations

import re
from datetime import timedelta
from html import unescape

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import update

from app.db.models import GameSession
from app.main import create_app


@pytest.fixture
def web(db_url, monkeypatch):
    monkeypatch.setenv("DATABASE_URL", db_url)
    with TestClient(create_app()) as c:
        yield c


def _played(web, moves: int) -> dict:
    s = web.post("/api/sessions", json={"game": "nemos_war", "seed": 3}).json()
    for _ in range(moves):
        s = web.post(f"/api/sessions/{s['id']}/actions",
                     json={"action": s["legal_actions"][0]["id"], "version": s["version"]}).json()
    return s


def _away(web, sid: str, hours: float) -> None:
    with web.app.state.sessionmaker() as db:
        row = db.get(GameSession, sid)
        db.execute(update(GameSession).where(GameSession.id == sid)
                   .values(updated_at=row.updated_at - timedelta(hours=hours)))
        db.commit()


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html))).strip()


def test_a_game_left_for_hours_opens_with_a_recap(web):
    s = _played(web, 6)
    assert 'id="recap"' not in web.get(f"/play/{s['id']}").text, "no recap a moment after the last move"
    _away(web, s["id"], 3)
    page = web.get(f"/play/{s['id']}").text
    dialog = re.search(r'<dialog open class="recap-dialog" id="recap".*?</dialog>', page, re.S)
    assert dialog, "a recap after three hours away"
    said = _text(dialog.group(0))
    view = s["view"]
    assert f"Turn {view['turn']} · week {view['week']} of {view['calendar']['last']}" in said
    assert "3 hours ago" in said
    lines = [line["text"] for line in s["log_tail"] if line.get("text")][-4:]
    assert lines and all(" ".join(line.split()) in said for line in lines), (lines, said)
    assert _text(view["prompt"]) in said
    assert '<form method="dialog">' in dialog.group(0) and "autofocus" in dialog.group(0)
    spanish = _text(web.get(f"/play/{s['id']}", headers={"Accept-Language": "es"}).text)
    assert "Hola de nuevo" in spanish and "Estabas decidiendo" in spanish


def test_a_new_game_or_a_move_just_made_opens_on_the_table(web):
    s = _played(web, 0)
    _away(web, s["id"], 5)
    assert 'id="recap"' not in web.get(f"/play/{s['id']}").text, "nothing to recall in a game not yet begun"
    s = _played(web, 2)
    _away(web, s["id"], 0.5)
    assert 'id="recap"' not in web.get(f"/play/{s['id']}").text, "half an hour is no pause"


def test_a_campaign_left_between_voyages_opens_with_its_recap(web):
    from app.db.models import Campaign

    cv = web.post("/api/campaigns", json={"game": "adamastor", "seed": 5}).json()
    card = next(a["id"] for a in cv["legal_actions"] if a["id"].startswith("card:"))
    cv = web.post(f"/api/campaigns/{cv['id']}/actions", json={"action": card, "version": cv["version"]}).json()
    assert 'id="recap"' not in web.get(f"/campaigns/{cv['id']}").text
    with web.app.state.sessionmaker() as db:
        row = db.get(Campaign, cv["id"])
        db.execute(update(Campaign).where(Campaign.id == cv["id"])
                   .values(updated_at=row.updated_at - timedelta(hours=2)))
        db.commit()
    page = web.get(f"/campaigns/{cv['id']}").text
    dialog = re.search(r'<dialog open class="recap-dialog" id="recap".*?</dialog>', page, re.S)
    assert dialog, "a recap after two hours away"
    said = _text(dialog.group(0))
    assert "Voyage 1 of 3 · getting ready to sail · 0 Renown" in said
    assert "2 hours ago" in said and "Back to the campaign" in said
    assert _text(cv["log_tail"][-1]["text"]) in said
