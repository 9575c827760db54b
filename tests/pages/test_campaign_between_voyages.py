"""Between voyages on a campaign's page (issue #26 §1): setting sail lands on the new board, every choice can be
taken back until then, and a campaign that has ended says so on its page and on its last game's end screen.

Pebbles (the test-only two-game campaign) for the routes; Adamastor for its own words, with a voyage its
heuristic bot loses to a mutiny (campaign seed 60, the first card offered, bot seed 7).
"""

from __future__ import annotations

import html as htmllib
import re

from app.db.models import Campaign
from games.registry import get_engine
from tests.pages.test_campaign_pages import (
    HX,
    between,
    campaign_version,
    cview,
    finish_game,
    play_voyage,
)
from tests.pages.test_library_board_saves import parse

MUTINY_SEED = 60


def test_set_sail_sends_the_player_to_the_new_board(client, pebbles):
    cid, cv = between(client)
    r = client.post(f"/campaigns/{cid}/act", data={"action": "train", "version": cv["version"]}, headers=HX)
    assert r.status_code == 200 and "HX-Redirect" not in r.headers, "only a choice that starts a game moves on"
    r = client.post(f"/campaigns/{cid}/act", data={"action": "sail", "version": cv["version"] + 1}, headers=HX)
    sid = cview(client, cid)["current_session"]
    assert r.status_code == 200 and r.headers["HX-Redirect"] == f"/play/{sid}"
    assert f'id="continue-voyage" href="/play/{sid}"' in r.text, "the fragment still comes, should htmx not follow"


def test_set_sail_without_javascript_is_a_303_to_the_board(client, pebbles):
    cid, cv = between(client)
    r = client.post(f"/campaigns/{cid}/act", data={"action": "sail", "version": cv["version"]},
                    follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == f"/play/{cview(client, cid)['current_session']}"
    assert 'id="board"' in client.get(r.headers["location"]).text


def undo_form(html: str) -> dict | None:
    match = re.search(r'<form class="undo-form"[^>]*>.*?</form>', html, re.S)
    if not match:
        return None
    version = re.search(r'name="version" value="(\d+)"', match.group(0)).group(1)
    return {"html": match.group(0), "version": int(version)}


def test_a_choice_is_taken_back_on_the_page(client, pebbles):
    cid, cv = between(client)
    html = client.get(f"/campaigns/{cid}").text
    assert "Every choice can be taken back until the next game starts." in html and undo_form(html) is None
    r = client.post(f"/campaigns/{cid}/act", data={"action": "train", "version": cv["version"]}, headers=HX)
    form = undo_form(r.text)
    assert form and f'hx-post="/campaigns/{cid}/undo"' in form["html"] and 'hx-target="#campaign"' in form["html"]
    assert form["version"] == cv["version"] + 1 and "Take back the last choice" in form["html"]
    r = client.post(f"/campaigns/{cid}/undo", data={"version": form["version"]}, headers=HX)
    assert r.status_code == 200 and r.text.lstrip().startswith('<section id="campaign"')
    assert campaign_version(r.text) == cv["version"] + 2 == cview(client, cid)["version"]
    assert "Took back: Train the crew." in r.text and undo_form(r.text) is None
    assert {b["data-action"] for b in parse(r.text).buttons} == {"train", "sail"}
    assert cview(client, cid)["view"] == cv["view"]


def test_take_back_without_javascript_and_its_refusals(client, pebbles):
    cid, cv = between(client)
    r = client.post(f"/campaigns/{cid}/undo", data={"version": cv["version"]}, headers=HX)
    assert r.status_code == 422 and "nothing to take back" in r.text.split('id="notice"')[1][:400]
    full = client.post(f"/campaigns/{cid}/undo", data={"version": cv["version"]})
    assert full.status_code == 422 and "<html" in full.text and "nothing to take back" in full.text
    r = client.post(f"/campaigns/{cid}/undo", data={"version": "abc"}, headers=HX)
    assert r.status_code == 422 and "whole number" in r.text
    client.post(f"/campaigns/{cid}/act", data={"action": "train", "version": cv["version"]})
    r = client.post(f"/campaigns/{cid}/undo", data={"version": cv["version"]}, headers=HX)
    assert r.status_code == 409 and 'class="notice stale"' in r.text
    assert cview(client, cid)["view"]["head_start"] == 2, "a stale take-back was applied"
    r = client.post(f"/campaigns/{cid}/undo", data={"version": cv["version"] + 1}, follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == f"/campaigns/{cid}"
    assert cview(client, cid)["view"]["head_start"] == 0
    assert client.post("/campaigns/nope/undo", data={"version": "0"}).status_code == 404


def test_a_finished_campaign_sends_its_last_board_to_its_end_not_on(client, pebbles):
    cid, cv = between(client, win=True)
    cv = client.post(f"/api/campaigns/{cid}/actions", json={"action": "sail", "version": cv["version"]}).json()
    sid = cv["current_session"]
    finish_game(client, sid, win=True)
    assert cview(client, cid)["status"]["state"] == "won"
    board = client.get(f"/play/{sid}").text
    assert "Continue the campaign" not in board
    assert re.search(rf'id="continue-campaign" href="/campaigns/{cid}" data-campaign-over="won"', board)
    assert "The campaign is over: see how it ended" in board


# ---------------------------------------------------------------- Adamastor's words

def adamastor_campaign(client, patience: int | None = None) -> str:
    """Campaign seed 60 (its king's patience crafted to `patience`), the first card chosen."""
    cid = client.post("/api/campaigns", json={"game": "adamastor", "seed": MUTINY_SEED}).json()["id"]
    if patience is not None:
        cengine = get_engine("adamastor").campaign
        with client.app.state.sessionmaker() as db:
            row = db.get(Campaign, cid)
            cstate = cengine.load(row.state)
            cstate.patience = patience
            row.state = cengine.dump(cstate)
            db.commit()
    cv = cview(client, cid)
    card = next(a["id"] for a in cv["legal_actions"] if a["id"].startswith("card:"))
    r = client.post(f"/campaigns/{cid}/act", data={"action": card, "version": cv["version"]}, headers=HX)
    assert r.status_code == 200
    return cid


def sail_and_lose(client, cid: str) -> str:
    r = client.post(f"/campaigns/{cid}/act", data={"action": "sail", "version": cview(client, cid)["version"]},
                    follow_redirects=False)
    sid = r.headers["location"].rsplit("/", 1)[1]
    finished = play_voyage(client, sid)
    assert (finished["status"]["state"], finished["view"]["end"]) == ("lost", "mutiny"), "not the rehearsed voyage"
    return sid


def test_adamastor_between_voyages_says_a_mutiny_in_full_and_offers_take_back(client):
    cid = adamastor_campaign(client)
    html = client.get(f"/campaigns/{cid}").text
    assert "Every choice can be taken back until you set sail." in html and undo_form(html)
    sail_and_lose(client, cid)
    html = client.get(f"/campaigns/{cid}").text
    happened = html.split('class="what-happened"')[1].split("Your choices")[0]
    assert "Mutiny on board: 3 or more icons of each threat" in happened
    assert not re.search(r">\s*mutiny\s*<", happened), "a bare 'mutiny' line"
    assert "The king forgives no more failed voyages" in html and "Voyage 2 of 3" in html


def test_an_adamastor_campaign_lost_says_so_everywhere(client):
    cid = adamastor_campaign(client, patience=1)
    sid = sail_and_lose(client, cid)
    assert cview(client, cid)["status"]["state"] == "lost"
    board = client.get(f"/play/{sid}").text
    assert "Continue the campaign" not in board and "The campaign is lost: see how it ended" in board
    html = htmllib.unescape(client.get(f"/campaigns/{cid}").text)
    for stale_words in ("Voyage 1 of 3", "Voyage 2 of 3", "The king forgives", "Renown to spend", "Take back"):
        assert stale_words not in html, stale_words
    progress = html.split('id="progress-h"')[1].split("</h2>")[0]
    assert "The campaign is lost, after 1 voyage" in progress
    assert "The king's patience is spent: the commission is withdrawn." in html
    end = html.split('id="campaign-end"')[1].split('class="campaign-grid"')[0]
    assert "The campaign is lost." in end and "The king's patience is spent: the command is taken away." in end
