"""Route tests of the campaign pages, on the test-only Pebbles campaign (two linked games).

The list (start, rename, delete, export, import), a campaign's page in progress / between games /
over, its HTMX choices (200, stale 409, illegal 422), the library's and saves page's campaign links,
the banner on a campaign game's board, and a campaign coming back whole after a server restart.
"""

from __future__ import annotations

import json
import re

import pytest
from fastapi.testclient import TestClient

from app.core.config import Settings
from app.main import create_app
from tests.pages.test_library_board_saves import parse

HX = {"HX-Request": "true"}


def start(client, name="Two evenings", seed="4") -> str:
    r = client.post("/campaigns/new/pebbles", data={"name": name, "seed": seed}, follow_redirects=False)
    assert r.status_code == 303, r.text
    assert re.fullmatch(r"/campaigns/[0-9a-f]+", r.headers["location"])
    return r.headers["location"].rsplit("/", 1)[1]


def cview(client, cid) -> dict:
    return client.get(f"/api/campaigns/{cid}").json()


def finish_game(client, sid: str, win: bool) -> None:
    """Play a Pebbles game to its end through the API: place pebbles up to 10 (or not), then stop."""
    s = client.get(f"/api/sessions/{sid}").json()
    while win and sum(s["view"]["placed"]) < 10:
        action = f"place:{s['view']['hand'][0]}" if s["view"]["hand"] else "draw"
        s = client.post(f"/api/sessions/{sid}/actions", json={"action": action, "version": s["version"]}).json()
    r = client.post(f"/api/sessions/{sid}/actions", json={"action": "stop", "version": s["version"]})
    assert r.status_code == 200 and r.json()["status"]["state"] != "in_progress"


def between(client, win=False) -> tuple[str, dict]:
    cid = start(client)
    finish_game(client, cview(client, cid)["current_session"], win)
    return cid, cview(client, cid)


def campaign_version(html: str) -> int:
    return int(re.search(r'<section id="campaign"[^>]*data-version="(\d+)"', html).group(1))


def campaign_fragment(html: str) -> str:
    return re.search(r'<section id="campaign".*?</aside>\s*</div>\s*</section>', html, re.S).group(0)


# ---------------------------------------------------------------- the list and starting

def test_campaigns_page_offers_to_start_and_import(client, pebbles):
    r = client.get("/campaigns")
    assert r.status_code == 200
    assert 'action="/campaigns/new/pebbles"' in r.text and 'id="start-pebbles"' in r.text
    assert 'name="seed"' in r.text and 'name="name"' in r.text
    assert 'action="/campaigns/import"' in r.text and 'enctype="multipart/form-data"' in r.text
    assert "No campaign in progress" in r.text
    assert 'href="/campaigns" aria-current="page"' in r.text


@pytest.mark.parametrize("data, message", [
    ({"seed": "twelve"}, "seed"),
    ({"colour": "red"}, "colour"),
    ({"name": "x" * 121}, "120"),
])
def test_a_bad_start_shows_the_list_again_with_422(client, pebbles, data, message):
    r = client.post("/campaigns/new/pebbles", data=data, follow_redirects=False)
    assert r.status_code == 422
    assert message in r.text.split('id="notice"')[1][:300]
    assert client.get("/api/campaigns").json() == []


def test_a_game_without_campaign_mode_cannot_start_one(client, pebbles):
    r = client.post("/campaigns/new/chess", data={}, follow_redirects=False)
    assert r.status_code == 422 and "unknown game" in r.text
    assert 'id="start-campaign"' in client.get("/games/pebbles").text
    assert 'id="start-campaign"' in client.get("/games/adamastor").text

    from games import registry
    from tests.support.pebbles import PebblesEngine

    class NoCampaign(PebblesEngine):
        campaign = None

    registry.register("solo-pebbles", NoCampaign)
    try:
        assert 'id="start-campaign"' not in client.get("/games/solo-pebbles").text
        assert 'id="start-solo-pebbles"' not in client.get("/campaigns").text
    finally:
        registry.unregister("solo-pebbles")


def test_started_campaign_is_listed_with_its_links(client, pebbles):
    cid = start(client, name="Autumn")
    sid = cview(client, cid)["current_session"]
    html = client.get("/campaigns").text
    assert f'<tr data-campaign="{cid}">' in html and 'value="Autumn"' in html
    assert re.search(rf'<a class="button small continue-campaign" href="/play/{sid}" data-campaign="{cid}">', html)
    for link in (f"/campaigns/{cid}/export", f"/campaigns/{cid}/delete", f'action="/campaigns/{cid}/rename'):
        assert link in html


# ---------------------------------------------------------------- one campaign

def test_campaign_page_while_a_game_is_in_progress(client, pebbles):
    cid = start(client)
    cv = cview(client, cid)
    r = client.get(f"/campaigns/{cid}")
    assert r.status_code == 200
    assert f'<section id="campaign" class="campaign" data-version="{cv["version"]}" data-status="in_progress"' in r.text
    assert re.search(rf'id="continue-voyage" href="/play/{cv["current_session"]}"', r.text)
    assert parse(r.text).buttons == [], "no campaign choice while a game is in progress"
    assert "Game 1 of the campaign begins." in r.text
    assert f'href="/campaigns/{cid}/games/1/log"' in r.text


def test_between_games_every_legal_action_has_a_button(client, pebbles):
    cid, cv = between(client)
    html = client.get(f"/campaigns/{cid}").text
    assert 'id="continue-voyage"' not in html and 'id="between-games"' in html
    assert "What happened" in html and "stopped short" in html and "Game 1: lost." in html
    buttons = parse(html).buttons
    assert {b["data-action"] for b in buttons} == {a["id"] for a in cv["legal_actions"]} == {"train", "sail"}
    for b in buttons:
        assert b["name"] == "action" and b["value"] == b["data-action"] and b["aria-label"]
        assert b["form"]["action"] == f"/campaigns/{cid}/act" and b["form"]["hx-target"] == "#campaign"
        assert b["form"]["inputs"]["version"] == str(cv["version"])


def test_htmx_choice_answers_the_fragment_and_bumps_the_version(client, pebbles):
    cid, cv = between(client)
    r = client.post(f"/campaigns/{cid}/act", data={"action": "train", "version": cv["version"]}, headers=HX)
    assert r.status_code == 200
    assert r.text.lstrip().startswith('<section id="campaign"') and "<html" not in r.text
    assert campaign_version(r.text) == cv["version"] + 1 == cview(client, cid)["version"]
    assert {b["data-action"] for b in parse(r.text).buttons} == {"sail"}
    r = client.post(f"/campaigns/{cid}/act", data={"action": "sail", "version": cv["version"] + 1}, headers=HX)
    now = cview(client, cid)
    assert r.status_code == 200 and now["current_session"]
    assert f'id="continue-voyage" href="/play/{now["current_session"]}"' in r.text
    assert client.get(f"/api/sessions/{now['current_session']}").json()["view"]["placed"] == [2]


def test_plain_form_choice_redirects_to_the_campaign(client, pebbles):
    cid, cv = between(client)
    r = client.post(f"/campaigns/{cid}/act", data={"action": "train", "version": cv["version"]},
                    follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == f"/campaigns/{cid}"
    assert cview(client, cid)["version"] == cv["version"] + 1


def test_stale_choice_is_409_with_the_current_campaign(client, pebbles):
    cid, cv = between(client)
    client.post(f"/campaigns/{cid}/act", data={"action": "train", "version": cv["version"]}, headers=HX)
    r = client.post(f"/campaigns/{cid}/act", data={"action": "sail", "version": cv["version"]}, headers=HX)
    assert r.status_code == 409
    assert 'class="notice stale"' in r.text and campaign_version(r.text) == cv["version"] + 1
    assert cview(client, cid)["current_session"] is None, "the stale choice was applied"
    r = client.post(f"/campaigns/{cid}/act", data={"action": "sail", "version": cv["version"]},
                    follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == f"/campaigns/{cid}?notice=stale"
    assert 'class="notice stale"' in client.get(r.headers["location"]).text


@pytest.mark.parametrize("action, version, words", [
    ("fly", None, "'fly' is not legal now"),
    ("", None, "non-empty action id"),
    ("train", "abc", "version must be a whole number"),
])
def test_illegal_choice_is_422_with_the_message(client, pebbles, action, version, words):
    cid, cv = between(client)
    data = {"action": action, "version": cv["version"] if version is None else version}
    r = client.post(f"/campaigns/{cid}/act", data=data, headers=HX)
    assert r.status_code == 422
    notice = r.text.split('id="notice"')[1][:400]
    assert "notice error" in r.text and words in notice.replace("&#39;", "'")
    assert campaign_version(r.text) == cv["version"] == cview(client, cid)["version"]
    full = client.post(f"/campaigns/{cid}/act", data=data)
    assert full.status_code == 422 and "<html" in full.text and 'id="campaign"' in full.text


def test_a_choice_while_a_game_is_in_progress_is_refused(client, pebbles):
    cid = start(client)
    r = client.post(f"/campaigns/{cid}/act", data={"action": "sail", "version": cview(client, cid)["version"]},
                    headers=HX)
    assert r.status_code == 422 and "finish it first" in r.text


def test_finished_campaign_shows_its_end_screen(client, pebbles):
    cid, cv = between(client, win=True)
    cv = client.post(f"/api/campaigns/{cid}/actions", json={"action": "sail", "version": cv["version"]}).json()
    finish_game(client, cv["current_session"], win=False)
    html = client.get(f"/campaigns/{cid}").text
    end = html.split('id="campaign-end"')[1].split('class="campaign-grid"')[0]
    assert 'data-status="won"' in html and "Campaign won" in end
    assert "Games won" in end and "1 × 10" in end and ">10<" in end
    assert "game 1 won" in end and "game 2 lost" in end
    assert parse(html).buttons == [] and 'id="continue-voyage"' not in html
    assert client.get("/campaigns").text.count('class="button small continue-campaign"') == 0


@pytest.mark.parametrize("url", ["/campaigns/nope", "/campaigns/nope/delete", "/campaigns/nope/export",
                                 "/campaigns/nope/games/1/log"])
def test_unknown_campaigns_get_the_404_page(client, pebbles, url):
    r = client.get(url)
    assert r.status_code == 404 and "Lost at sea" in r.text


def test_unknown_campaign_posts_get_404(client, pebbles):
    for url in ("/campaigns/nope/act", "/campaigns/nope/delete", "/campaigns/nope/rename"):
        r = client.post(url, data={"action": "sail", "version": "0", "name": "x"})
        assert r.status_code == 404, url
    cid = start(client)
    assert client.get(f"/campaigns/{cid}/games/2/log").status_code == 404


def test_a_game_log_page_lists_every_move(client, pebbles):
    cid = start(client)
    sid = cview(client, cid)["current_session"]
    finish_game(client, sid, win=True)
    html = client.get(f"/campaigns/{cid}/games/1/log").text
    log = client.get(f"/api/sessions/{sid}/log").json()
    assert html.count("<li value=") == len(log) > 2
    assert "Stopped: won." in html and f'href="/play/{sid}"' in html and f'href="/campaigns/{cid}"' in html


# ---------------------------------------------------------------- export, import, rename, delete

def mid_second_game(client) -> tuple[str, dict]:
    cid, cv = between(client, win=True)
    cv = client.post(f"/api/campaigns/{cid}/actions", json={"action": "train", "version": cv["version"]}).json()
    cv = client.post(f"/api/campaigns/{cid}/actions", json={"action": "sail", "version": cv["version"]}).json()
    sid = cv["current_session"]
    s = client.get(f"/api/sessions/{sid}").json()
    client.post(f"/api/sessions/{sid}/actions", json={"action": "draw", "version": s["version"]})
    return cid, cview(client, cid)


def upload(client, content: bytes):
    """The campaign page's import form, told to keep a copy when the file's campaign is still on the shelf."""
    return client.post("/campaigns/import", files={"file": ("c.json", content, "application/json")},
                       data={"on_shelf": "copy"}, follow_redirects=False)


def test_export_then_import_through_the_forms(client, pebbles):
    cid, cv = mid_second_game(client)
    r = client.get(f"/campaigns/{cid}/export")
    assert r.status_code == 200 and r.headers["content-type"].startswith("application/json")
    assert "attachment" in r.headers["content-disposition"] and cid in r.headers["content-disposition"]
    assert r.json() == client.get(f"/api/campaigns/{cid}/export").json()
    answer = upload(client, r.content)
    assert answer.status_code == 303
    new_id = answer.headers["location"].rsplit("/", 1)[1]
    assert new_id != cid and answer.headers["location"] == f"/campaigns/{new_id}"
    imported = cview(client, new_id)
    assert imported["view"] == cv["view"] and imported["version"] == cv["version"]
    assert [g["status"] for g in imported["games"]] == [g["status"] for g in cv["games"]]
    page = client.get(answer.headers["location"]).text
    assert f'id="continue-voyage" href="/play/{imported["current_session"]}"' in page


def test_tampered_or_bad_campaign_files_are_refused(client, pebbles):
    cid, _ = mid_second_game(client)
    save = client.get(f"/campaigns/{cid}/export").json()
    tampered = {**save, "steps": save["steps"] + [{"action": "train"}]}
    for content, words in [
        (json.dumps(tampered).encode(), "This campaign cannot be imported"),
        (json.dumps({**save, "final": {**save["final"], "digest": "0" * 64}}).encode(), "altered"),
        (json.dumps({**save, "seed": save["seed"] + 1}).encode(), "This campaign cannot be imported"),
        (b"not json at all", "not a JSON file"),
        (json.dumps({"format": "solo-shelf-save"}).encode(), "not a Solo Shelf campaign file"),
    ]:
        r = upload(client, content)
        assert r.status_code == 422, words
        assert words in r.text.split('id="notice"')[1][:500], words
    r = client.post("/campaigns/import", data={}, follow_redirects=False)
    assert r.status_code == 422 and "Choose a campaign file" in r.text
    assert len(client.get("/api/campaigns").json()) == 1


def test_rename_and_delete_round_trip(client, pebbles):
    cid = start(client, name="Old name")
    sid = cview(client, cid)["current_session"]
    r = client.post(f"/campaigns/{cid}/rename", data={"name": "  New name "}, follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == "/campaigns?done=renamed"
    assert "Renamed." in client.get(r.headers["location"]).text
    assert cview(client, cid)["name"] == "New name"
    r = client.post(f"/campaigns/{cid}/rename", data={"name": "y" * 121}, follow_redirects=False)
    assert r.status_code == 422 and "120" in r.text.split('id="notice"')[1][:300]
    r = client.post(f"/campaigns/{cid}/rename", data={"name": "   "}, follow_redirects=False)
    assert r.status_code == 422 and cview(client, cid)["name"] == "New name"

    confirm = client.get(f"/campaigns/{cid}/delete")
    assert confirm.status_code == 200 and "New name" in confirm.text and "1 game" in confirm.text
    assert f'action="/campaigns/{cid}/delete"' in confirm.text and 'id="confirm-delete"' in confirm.text
    assert client.get(f"/api/campaigns/{cid}").status_code == 200, "asking is not deleting"
    r = client.post(f"/campaigns/{cid}/delete", follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == "/campaigns?done=deleted"
    assert "were deleted" in client.get(r.headers["location"]).text
    assert client.get(f"/campaigns/{cid}").status_code == 404
    assert client.get(f"/play/{sid}").status_code == 404


def test_names_are_escaped_on_every_campaign_page(client, pebbles):
    evil = "<script>alert(1)</script>"
    cid = start(client, name=evil)
    sid = cview(client, cid)["current_session"]
    for url in ("/campaigns", f"/campaigns/{cid}", f"/campaigns/{cid}/delete", f"/campaigns/{cid}/games/1/log",
                "/", "/saves", f"/play/{sid}"):
        html = client.get(url).text
        assert evil not in html, url
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html, url


def test_campaign_pages_have_no_inline_script_handler_or_style(client, pebbles):
    cid, _ = between(client)
    for url in ("/campaigns", f"/campaigns/{cid}", f"/campaigns/{cid}/delete", f"/campaigns/{cid}/games/1/log"):
        assert parse(client.get(url).text).inline == [], url


# ---------------------------------------------------------------- library, saves and the board

def test_library_continues_a_campaign_where_it_stands(client, pebbles):
    lone = client.post("/api/sessions", json={"game": "pebbles", "seed": 1}).json()["id"]
    cid = start(client)
    sid = cview(client, cid)["current_session"]
    html = client.get("/").text
    assert re.search(rf'<a class="continue continue-campaign" href="/play/{sid}" data-campaign="{cid}">', html)
    assert f'data-session="{sid}"' not in html, "a campaign's game is not listed as a save of its own"
    assert f'href="/play/{lone}" data-session="{lone}"' in html
    finish_game(client, sid, win=False)
    html = client.get("/").text
    assert re.search(rf'<a class="continue continue-campaign" href="/campaigns/{cid}" data-campaign="{cid}">', html)
    assert "between games" in html


def test_saves_page_keeps_campaign_games_with_their_campaign(client, pebbles):
    lone = client.post("/api/sessions", json={"game": "pebbles", "seed": 1}).json()["id"]
    cid = start(client, name="Sea legs")
    sid = cview(client, cid)["current_session"]
    html = client.get("/saves").text
    row = html.split(f'<tr data-session="{sid}">')[1].split("</tr>")[0]
    # The campaign's name is the player's own: it is marked translate="no" inside the sentence.
    assert f'href="/campaigns/{cid}"' in row and "Game 1 of Sea legs" in re.sub(r"<[^>]+>", "", row)
    assert 'class="button small danger delete"' not in row
    lone_row = html.split(f'<tr data-session="{lone}">')[1].split("</tr>")[0]
    assert f'href="/saves/{lone}/delete"' in lone_row and "part-of-campaign" not in lone_row
    r = client.get(f"/saves/{sid}/delete", follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == f"/campaigns/{cid}/delete"
    r = client.post(f"/saves/{sid}/delete", follow_redirects=False)
    assert r.status_code == 422 and "delete the campaign instead" in r.text
    assert client.get(f"/api/sessions/{sid}").status_code == 200


def test_a_campaign_game_board_links_back_to_its_campaign(client, pebbles):
    cid = start(client, name="Homeward")
    sid = cview(client, cid)["current_session"]
    html = client.get(f"/play/{sid}").text
    banner = html.split('id="campaign-banner"')[1].split("</div>")[0]
    assert f'href="/campaigns/{cid}"' in banner and "Homeward" in banner and "Game 1" in banner
    assert 'id="continue-campaign"' not in html
    finish_game(client, sid, win=True)
    html = client.get(f"/play/{sid}").text
    assert re.search(rf'id="continue-campaign" href="/campaigns/{cid}"', html)
    lone = client.post("/api/sessions", json={"game": "pebbles", "seed": 1}).json()["id"]
    assert 'id="campaign-banner"' not in client.get(f"/play/{lone}").text


# ---------------------------------------------------------------- a restart of the server

@pytest.mark.parametrize("where", ["mid-game", "between games"])
def test_campaign_resumes_after_a_restart(db_url, pebbles, where):
    with TestClient(create_app(Settings(database_url=db_url))) as first:
        if where == "mid-game":
            cid, cv = mid_second_game(first)
        else:
            cid, cv = between(first)
        before = campaign_fragment(first.get(f"/campaigns/{cid}").text)
        library = first.get("/").text
    with TestClient(create_app(Settings(database_url=db_url))) as second:
        assert cview(second, cid) == cv
        assert campaign_fragment(second.get(f"/campaigns/{cid}").text) == before
        link = re.search(rf'class="continue continue-campaign" href="([^"]+)" data-campaign="{cid}"', library)
        assert link and link.group(1) in second.get("/").text
        if where == "mid-game":
            assert link.group(1) == f"/play/{cv['current_session']}"
            s = second.get(f"/api/sessions/{cv['current_session']}").json()
            assert s["status"]["state"] == "in_progress" and s["view"]["placed"] == [2]
        else:
            assert link.group(1) == f"/campaigns/{cid}"
            r = second.post(f"/campaigns/{cid}/act", data={"action": "sail", "version": cv["version"]}, headers=HX)
            assert r.status_code == 200 and 'id="continue-voyage"' in r.text


# ---------------------------------------------------------------- Adamastor's campaign

def adamastor_state(client, sid):
    """The saved game state of a session, as the bots need it (the page never shows all of it)."""
    from app.db.models import Snapshot
    from games.registry import get_engine

    with client.app.state.sessionmaker() as db:
        return get_engine("adamastor").load(db.get(Snapshot, sid).state)


def play_voyage(client, sid: str) -> dict:
    from games.engine import Rng
    from games.registry import get_engine

    engine, rng = get_engine("adamastor"), Rng.from_seed(7)
    s = client.get(f"/api/sessions/{sid}").json()
    while s["status"]["state"] == "in_progress":
        state = adamastor_state(client, sid)
        action = engine.bots["heuristic"].choose(engine, state, engine.legal_actions(state), rng)
        s = client.post(f"/api/sessions/{sid}/actions", json={"action": action, "version": s["version"]}).json()
    return s


def check_one_button_per_choice(html: str, cv: dict) -> None:
    ids = [b["data-action"] for b in parse(html).buttons]
    assert sorted(ids) == sorted(a["id"] for a in cv["legal_actions"]), "each choice has exactly one button"


def test_adamastor_campaign_from_its_first_choice_to_the_board(client):
    r = client.post("/campaigns/new/adamastor", data={"seed": "1", "name": "Lisbon"}, follow_redirects=False)
    cid = r.headers["location"].rsplit("/", 1)[1]
    cv = cview(client, cid)
    html = client.get(f"/campaigns/{cid}").text
    assert "Before the first voyage" in html and "Voyage 1 of 3" in html and "The King&#39;s Commission" in html
    check_one_button_per_choice(html, cv)
    card = cv["legal_actions"][0]["id"]
    assert re.search(rf'data-card="{card[5:]}".*?data-action="{card}"', html, re.S), "Choose sits on its card"
    r = client.post(f"/campaigns/{cid}/act", data={"action": card, "version": cv["version"]}, headers=HX)
    cv = cview(client, cid)
    assert r.status_code == 200 and "Chosen for voyage 1" in r.text
    check_one_button_per_choice(r.text, cv)
    r = client.post(f"/campaigns/{cid}/act", data={"action": "sail", "version": cv["version"]}, headers=HX)
    sid = cview(client, cid)["current_session"]
    assert f'id="continue-voyage" href="/play/{sid}"' in r.text and "Continue voyage 1" in r.text
    board = client.get(f"/play/{sid}").text
    banner = board.split('id="campaign-banner"')[1].split("</div>\n</div>")[0]
    assert "Voyage 1" in banner and f'href="/campaigns/{cid}"' in banner and "Goal:" in banner
    fragment = client.post(f"/play/{sid}/act", data={"action": "nope", "version": "0"}, headers=HX).text
    assert 'id="campaign-banner"' in fragment, "the banner comes back with every board fragment"


@pytest.mark.slow  # a long seeded playthrough: make test runs it, make test-fast does not
def test_adamastor_between_voyages_and_the_end_of_the_campaign(client):
    from games.engine import Rng
    from games.registry import get_engine

    cengine, rng = get_engine("adamastor").campaign, Rng.from_seed(3)
    cid = client.post("/api/campaigns", json={"game": "adamastor", "seed": 2}).json()["id"]
    seen_between = False
    for _ in range(40):
        cv = cview(client, cid)
        if cv["status"]["state"] != "in_progress":
            break
        if cv["current_session"]:
            finished = play_voyage(client, cv["current_session"])
            end = client.get(f"/play/{cv['current_session']}").text
            assert f'id="continue-campaign" href="/campaigns/{cid}"' in end and finished["status"]["state"] in end
            continue
        html = client.get(f"/campaigns/{cid}").text
        check_one_button_per_choice(html, cv)
        if cv["games"] and not seen_between:
            seen_between = True
            last = cv["view"]["last_voyage"]
            assert "Between voyages" in html and f"+{last['renown']} Renown" in html
            assert f"What happened: voyage {len(cv['games'])} {last['result']}" in html
        with client.app.state.sessionmaker() as db:
            from app.db.models import Campaign

            cstate = cengine.load(db.get(Campaign, cid).state)
        action = cengine.bots["heuristic"].choose(cengine, cstate, cengine.legal_actions(cstate), rng)
        r = client.post(f"/campaigns/{cid}/act", data={"action": action, "version": cv["version"]}, headers=HX)
        assert r.status_code == 200 and campaign_version(r.text) > cv["version"]
    cv = cview(client, cid)
    assert seen_between and cv["status"]["state"] in ("won", "lost")
    html = client.get(f"/campaigns/{cid}").text
    end = html.split('id="campaign-end"')[1].split('class="campaign-grid"')[0]
    for line in cv["status"]["breakdown"]:
        assert line["label"] in end
    assert f'class="score-total">{cv["status"]["score"]}<' in end
    assert parse(html).buttons == []
