"""Replays (issue #17): any game at any version, rebuilt from checkpoints; the API and the page.

The view at step N must be the view the player saw at version N: each game is played with its bot through
app.shelf.moves (undos included where legal), the view after every move recorded, then every step replayed.
"""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from app.core import jsoncodec
from app.core.config import Settings
from app.db.engine import make_engine, make_sessionmaker
from app.db.migrate import upgrade
from app.db.models import LogEntry, ReplayCheckpoint, ReplayTurns
from app.main import create_app
from app.shelf import moves, store, timeline
from games.engine import Rng
from games.registry import get_engine
from tests.support.accountkit import accounts_app, api_token, bearer, sign_up
from tests.support.i18n_check import untranslated

GAMES = ["adamastor", "nemos_war", "platformer", "call_to_adventure"]


@pytest.fixture
def sessions(db_url):
    upgrade(db_url)
    engine = make_engine(db_url)
    yield make_sessionmaker(engine)
    engine.dispose()


def play_recorded(db, game: str, seed: int, entries: int) -> tuple[str, list]:
    """Play `entries` log entries of a seeded game with its heuristic bot, taking a move back now and then;
    the views seen after each one (index = version)."""
    engine = get_engine(game)
    bot, rng = engine.bots["heuristic"], Rng.from_seed(seed)
    sid = store.create_session(db, game=game, seed=seed).id
    seen = [moves.current_view(db, session_id=sid).view]
    undone_at_checkpoint = False
    while len(seen) <= entries:
        sv = moves.current_view(db, session_id=sid)
        at_checkpoint = sv.version % timeline.EVERY == 0 and sv.version > 0
        if sv.can_undo and (rng.randint(0, 5) == 0 or (at_checkpoint and not undone_at_checkpoint)):
            undone_at_checkpoint = undone_at_checkpoint or at_checkpoint
            sv = moves.undo(db, session_id=sid, version=sv.version)
        elif sv.legal_actions:
            state = engine.load(jsoncodec.loads(store.load_row(db, session_id=sid).state_json))
            sv = moves.play(db, session_id=sid, action=bot.choose(engine, state, sv.legal_actions, rng),
                           version=sv.version)
        else:
            break
        assert sv.version == len(seen)
        seen.append(sv.view)
    return sid, seen


@pytest.mark.slow  # seeded games replayed at every step: make test runs it, make test-fast does not
@pytest.mark.parametrize("game", GAMES)
def test_every_step_shows_what_the_player_saw(sessions, game):
    with sessions() as db:
        sid, seen = play_recorded(db, game, seed=17, entries=130)
        kinds = {e.kind for e in store.log_entries(db, session_id=sid)}
    assert "undo" in kinds, "the playthrough should take some moves back"
    with sessions() as db:
        record = store.get_session(db, session_id=sid)
        # Backwards first (the first deep step fills the checkpoints), then forwards from the stored ones.
        for n in [*reversed(range(len(seen))), *range(len(seen))]:
            at = timeline.step(db, session_id=sid, n=n)
            assert at.view == seen[n], f"{game}: step {n} differs from what was seen"
            assert at.steps == record.version
        stored = db.query(ReplayCheckpoint.version, ReplayCheckpoint.state).filter(
            ReplayCheckpoint.session_id == sid).all()
    engine = get_engine(game)
    assert stored, "a replay stores states to build on"
    assert len(stored) <= 2 * len(seen) // timeline.EVERY, "about one stored state every EVERY versions"
    for v, state in stored:
        assert engine.view(engine.load(state)) == seen[v], f"{game}: the state stored at {v} is not the game's there"


def _count_applies(monkeypatch, engine) -> list[int]:
    calls = [0]
    real = engine.apply

    def counted(state, action):
        calls[0] += 1
        return real(state, action)

    monkeypatch.setattr(engine, "apply", counted)
    return calls


def _long_game(db, game: str, entries: int, real: int = 10) -> str:
    """A game with `entries` log entries: `real` bot moves, then a move and its undo over and over."""
    engine = get_engine(game)
    bot, rng = engine.bots["heuristic"], Rng.from_seed(5)
    sid = store.create_session(db, game=game, seed=5).id
    state = engine.new_game(5, store.get_session(db, session_id=sid).options)
    log = []
    while len(log) < real:
        action = bot.choose(engine, state, engine.legal_actions(state), rng)
        state, _ = engine.apply(state, action)
        log.append(("action", action))
    action = engine.legal_actions(state)[0].id
    while len(log) < entries:
        log += [("action", action), ("undo", action)]
    for seq, (kind, act) in enumerate(log[:entries], start=1):
        db.add(LogEntry(session_id=sid, seq=seq, kind=kind, action=act, events=[]))
    store.get_session(db, session_id=sid).version = entries
    db.commit()
    return sid


def test_a_deep_step_costs_what_a_shallow_one_costs(sessions, monkeypatch):
    engine = get_engine("nemos_war")
    with sessions() as db:
        long_id, short_id = _long_game(db, "nemos_war", 2000), _long_game(db, "nemos_war", 10)
        calls = _count_applies(monkeypatch, engine)
        timeline.step(db, session_id=long_id, n=2000)  # the first replay of a game fills its checkpoints once
        assert calls[0] <= 2000
        costs = {}
        for sid, n in [(short_id, 10), (short_id, 7), (long_id, 1999), (long_id, 1449), (long_id, 37)]:
            calls[0] = 0
            timeline.step(db, session_id=sid, n=n)
            costs[(sid, n)] = calls[0]
    assert max(costs.values()) <= timeline.EVERY, costs
    assert costs[(long_id, 1999)] <= costs[(short_id, 10)] + timeline.EVERY


def test_a_deep_step_costs_the_same_when_every_fiftieth_move_was_taken_back(sessions, monkeypatch):
    """The probe's game (#27 §2.1): 11 moves, then (move, undo) pairs, so every 50th version is a move that the
    next entry takes back. A step must not walk back through the game from stored state to stored state."""
    engine = get_engine("platformer")
    with sessions() as db:
        sid = _long_game(db, "platformer", 4001, real=11)
        calls = _count_applies(monkeypatch, engine)
        read = [0]
        real_back = timeline._entries_back

        def counted_back(*args):
            for row in real_back(*args):
                read[0] += 1
                yield row

        monkeypatch.setattr(timeline, "_entries_back", counted_back)
        first = timeline.step(db, session_id=sid, n=4001)
        assert calls[0] <= 12, f"the first deep step applied {calls[0]} actions"
        for n in (4001, 4000, 3999, 2500, 1001, 12, 11):
            calls[0] = read[0] = 0
            at = timeline.step(db, session_id=sid, n=n)
            assert calls[0] <= timeline.EVERY, f"step {n} applied {calls[0]} actions"
            assert read[0] <= 2 * timeline.EVERY + 1, f"step {n} read {read[0]} log entries"
        assert timeline.step(db, session_id=sid, n=3999).view == first.view == timeline.step(db, session_id=sid,
                                                                                              n=11).view
        assert at.view == first.view


def test_a_jump_to_a_turn_walks_only_what_was_played_since(sessions, monkeypatch):
    engine = get_engine("platformer")
    with sessions() as db:
        sid, seen = play_recorded(db, "platformer", seed=17, entries=130)
        calls = _count_applies(monkeypatch, engine)
        starts = timeline.turn_starts(db, session_id=sid)
        assert calls[0] >= 50, "the first jump walks the game"
        calls[0] = 0
        assert timeline.turn_starts(db, session_id=sid) == starts
        assert calls[0] == 0, "the walk is kept with the game, not walked again"
        monkeypatch.undo()
        sv = moves.current_view(db, session_id=sid)
        for _ in range(3):
            sv = moves.play(db, session_id=sid, action=sv.legal_actions[0].id, version=sv.version)
        calls = _count_applies(monkeypatch, engine)
        longer = timeline.turn_starts(db, session_id=sid)
        assert calls[0] <= 3 + timeline.EVERY, f"three new moves walked {calls[0]} actions"
        assert {t: s for t, s in longer.items() if t in starts} == starts
        db.query(ReplayTurns).delete()
        db.commit()
        assert timeline.turn_starts(db, session_id=sid) == longer, "the kept walk goes on as a fresh one would"


def test_an_undo_across_a_checkpoint_rebuilds_from_the_one_before(sessions):
    engine = get_engine("platformer")
    with sessions() as db:
        sid = store.create_session(db, game="platformer", seed=3).id
        record = store.get_session(db, session_id=sid)
        state, log, seen = engine.new_game(3, record.options), [], []
        seen.append(engine.view(state))
        stack = [state]
        bot, rng = engine.bots["heuristic"], Rng.from_seed(3)
        while len(log) < timeline.EVERY:
            action = bot.choose(engine, stack[-1], engine.legal_actions(stack[-1]), rng)
            stack.append(engine.apply(stack[-1], action)[0])
            log.append(("action", action))
            seen.append(engine.view(stack[-1]))
        for _ in range(3):  # take back the last three moves: the first one crosses the checkpoint at 50
            log.append(("undo", _undone(log)))
            stack.pop()
            seen.append(engine.view(stack[-1]))
        for seq, (kind, act) in enumerate(log, start=1):
            db.add(LogEntry(session_id=sid, seq=seq, kind=kind, action=act, events=[]))
        record.version = len(log)
        db.commit()
        assert timeline.step(db, session_id=sid, n=timeline.EVERY).view == seen[timeline.EVERY]  # stores 50
        for n in range(len(log) + 1):
            assert timeline.step(db, session_id=sid, n=n).view == seen[n], n


def _undone(log: list[tuple[str, str]]) -> str:
    """The action an undo appended now takes back (the latest one still standing)."""
    standing: list[str] = []
    for kind, action in log:
        if kind == "undo":
            standing.pop()
        else:
            standing.append(action)
    return standing[-1]


def _api_game(client: TestClient, count: int = 6, **headers) -> dict:
    sv = client.post("/api/sessions", json={"game": "nemos_war", "seed": 4}, headers=headers).json()
    for _ in range(count):
        sv = client.post(f"/api/sessions/{sv['id']}/actions", headers=headers,
                         json={"action": sv["legal_actions"][0]["id"], "version": sv["version"]}).json()
    return sv


def test_the_api_answers_a_step(client):
    sv = _api_game(client)
    sid = sv["id"]
    if sv["can_undo"]:
        sv = client.post(f"/api/sessions/{sid}/undo", json={"version": sv["version"]}).json()
    last = client.get(f"/api/sessions/{sid}/replay", params={"step": sv["version"]})
    assert last.status_code == 200
    body = last.json()
    assert set(body) == {"step", "steps", "view", "events"}
    assert body["step"] == body["steps"] == sv["version"]
    assert body["view"] == sv["view"]
    assert all(set(e) == {"kind", "text"} for e in body["events"])
    first = client.get(f"/api/sessions/{sid}/replay", params={"step": 0}).json()
    assert first["step"] == 0 and first["events"] == []
    assert "seed" not in last.text and "rng" not in body["view"]


def test_an_undo_step_says_it_is_an_undo(client):
    sv = client.post("/api/sessions", json={"game": "platformer", "seed": 2}).json()
    sid = sv["id"]
    while not sv["can_undo"]:
        offered = {lang: client.get(f"/api/sessions/{sid}", headers={"Accept-Language": lang})
                   .json()["legal_actions"][0] for lang in ("en", "es")}
        sv = client.post(f"/api/sessions/{sid}/actions",
                         json={"action": offered["en"]["id"], "version": sv["version"]}).json()
    sv = client.post(f"/api/sessions/{sid}/undo", json={"version": sv["version"]}).json()
    events = client.get(f"/api/sessions/{sid}/replay", params={"step": sv["version"]}).json()["events"]
    assert [e["kind"] for e in events] == ["undo"], "one line says the undo"
    spanish = client.get(f"/api/sessions/{sid}/replay", params={"step": sv["version"]},
                         headers={"Accept-Language": "es"}).json()["events"]
    assert spanish[0]["kind"] == "undo" and spanish[0]["text"] != events[0]["text"]
    # It names the move by the label the player pressed, in the reader's language, never by its id.
    assert offered["en"]["label"] in events[0]["text"] and offered["es"]["label"] in spanish[0]["text"]
    assert offered["en"]["id"] not in events[0]["text"] + spanish[0]["text"]


@pytest.mark.parametrize("step", ["-1", "x", "1.5", ""])
def test_a_malformed_step_is_422(client, step):
    sid = _api_game(client, count=1)["id"]
    r = client.get(f"/api/sessions/{sid}/replay", params={"step": step})
    assert r.status_code == 422 and "detail" in r.json()


def test_a_step_past_the_end_or_an_unknown_game_is_404(client):
    sv = _api_game(client, count=2)
    assert client.get(f"/api/sessions/{sv['id']}/replay", params={"step": 3}).status_code == 404
    assert client.get("/api/sessions/nope/replay", params={"step": 0}).status_code == 404
    assert client.get(f"/play/{sv['id']}/replay", params={"step": 3}).status_code == 404
    assert client.get(f"/play/{sv['id']}/replay", params={"step": "-2"}).status_code == 422
    assert client.get("/play/nope/replay").status_code == 404


def test_another_players_replay_is_404(db_url):
    with accounts_app(db_url) as app:
        ana, bea = sign_up(app, "ana"), sign_up(app, "bea")
        ana_token, bea_token = api_token(ana), api_token(bea)
        sv = _api_game(ana.client, count=2, **bearer(ana_token))
        sid = sv["id"]
        assert ana.client.get(f"/api/sessions/{sid}/replay?step=1", headers=bearer(ana_token)).status_code == 200
        assert bea.client.get(f"/api/sessions/{sid}/replay?step=1", headers=bearer(bea_token)).status_code == 404
        assert ana.client.get(f"/play/{sid}/replay?step=1").status_code == 200
        assert bea.client.get(f"/play/{sid}/replay?step=1").status_code == 404


def test_the_page_is_read_only_with_links_for_every_step(client):
    sv = _api_game(client, count=5)
    html = client.get(f"/play/{sv['id']}/replay", params={"step": 2}).text
    assert 'name="action"' not in html and "/undo" not in html
    base = f"/play/{sv['id']}/replay?step="
    for n in range(sv["version"] + 1):
        assert f'href="{base}{n}"' in html
    assert 'id="replay-prev"' in html and 'id="replay-next"' in html and 'class="replay-jump"' in html
    assert '/js/replay.js" defer></script>' in html


@pytest.mark.parametrize("game", GAMES)
def test_the_page_is_wholly_in_the_pseudo_locale(db_url, game):
    app = create_app(Settings(database_url=db_url, auth_mode="single", pseudo_locale=True))
    with TestClient(app) as c:
        sv = c.post("/api/sessions", json={"game": game, "seed": 8}).json()
        for _ in range(3):
            sv = c.post(f"/api/sessions/{sv['id']}/actions",
                        json={"action": sv["legal_actions"][0]["id"], "version": sv["version"]}).json()
        for step in (0, 3):
            r = c.get(f"/play/{sv['id']}/replay", params={"step": step, "lang": "qps"})
            assert r.status_code == 200
            assert untranslated(r.text) == [], (game, step, untranslated(r.text))
    app.state.db_engine.dispose()


def test_a_campaign_lists_its_games_with_replays_and_a_replay_keeps_the_carried_setup(client, pebbles):
    from tests.pages.test_campaign_pages import cview, finish_game, start

    cid = start(client)
    finish_game(client, cview(client, cid)["current_session"], win=True)
    for action in ("train", "sail"):  # training carries a head start into the next game
        cv = cview(client, cid)
        r = client.post(f"/api/campaigns/{cid}/actions", json={"action": action, "version": cv["version"]})
        assert r.status_code == 200, r.text
    second = cview(client, cid)["current_session"]
    begun = client.get(f"/api/sessions/{second}").json()
    assert begun["view"]["placed"] == [2], "the second game starts with the carried head start"
    client.post(f"/api/sessions/{second}/actions", json={"action": "draw", "version": 0})
    assert client.get(f"/api/sessions/{second}/replay?step=0").json()["view"] == begun["view"]
    html = client.get(f"/campaigns/{cid}").text
    games = cview(client, cid)["games"]
    assert len(games) == 2
    for g in games:
        assert f'href="/play/{g["id"]}/replay"' in html


def test_a_log_that_no_longer_replays_is_refused_not_a_crash(client, app):
    sid = _api_game(client, count=3)["id"]
    with app.state.sessionmaker() as db:
        entry = db.query(LogEntry).filter(LogEntry.session_id == sid, LogEntry.seq == 2).one()
        entry.action = "no-such-action"
        db.commit()
    assert client.get(f"/api/sessions/{sid}/replay?step=1").status_code == 200
    r = client.get(f"/api/sessions/{sid}/replay?step=3")
    assert r.status_code == 409 and "detail" in r.json()
    assert client.get(f"/play/{sid}/replay?step=3").status_code == 404


def test_deleting_a_game_deletes_its_checkpoints(sessions):
    with sessions() as db:
        sid = _long_game(db, "platformer", 120)
        timeline.step(db, session_id=sid, n=120)
        assert db.query(ReplayCheckpoint).filter(ReplayCheckpoint.session_id == sid).count() == 2
        store.delete_session(db, session_id=sid)
        assert db.query(ReplayCheckpoint).filter(ReplayCheckpoint.session_id == sid).count() == 0


@pytest.mark.parametrize("game", GAMES)
def test_each_turn_starts_where_the_views_turn_first_reaches_it(sessions, game):
    with sessions() as db:
        sid, seen = play_recorded(db, game, seed=23, entries=130)
        starts = timeline.turn_starts(db, session_id=sid)
    turns = [v["turn"] for v in seen]
    assert len(starts) >= 3, f"{game}: a 130-entry game should see several turns ({starts})"
    assert starts == {turn: turns.index(turn) for turn in turns}, f"{game}: the steps where each turn first showed"


def test_the_page_jumps_to_the_start_of_a_turn(client):
    session = _api_game(client, count=40)
    board = client.get(f"/play/{session['id']}").text  # the board links to its replay, at the step it stands
    assert f'href="/play/{session["id"]}/replay?step={session["version"]}"' in board
    page = client.get(f"/play/{session['id']}/replay?step=0").text
    assert 'name="turn"' in page
    r = client.get(f"/play/{session['id']}/replay?turn=2", follow_redirects=False)
    assert r.status_code == 303
    step = int(r.headers["location"].rsplit("=", 1)[1])
    assert client.get(f"/api/sessions/{session['id']}/replay?step={step}").json()["view"]["turn"] == 2
    assert client.get(f"/api/sessions/{session['id']}/replay?step={step - 1}").json()["view"]["turn"] != 2
    assert client.get(f"/play/{session['id']}/replay?turn=999").status_code == 404
    assert client.get(f"/play/{session['id']}/replay?turn=x").status_code == 404


@pytest.mark.parametrize("lang", ["en", "es"])
def test_each_step_s_link_says_what_that_step_did(client, lang):
    """The list of every step is a table of contents: each link carries its step's first log line, in the reader's
    language, the same words the API's events say for that step."""
    import html as html_lib
    import re

    sv = _api_game(client, count=6)
    sid = sv["id"]
    page = client.get(f"/play/{sid}/replay", params={"step": 2, "lang": lang}).text
    headers = {"Accept-Language": lang}
    for n in range(1, sv["version"] + 1):
        events = client.get(f"/api/sessions/{sid}/replay", params={"step": n}, headers=headers).json()["events"]
        link = re.search(rf'<a href="/play/{sid}/replay\?step={n}"[^>]*>(.*?)</a>', page, re.S)
        assert link, f"no link to step {n}"
        said = html_lib.unescape(re.sub(r"<[^>]+>", "", link.group(1)))
        if events:
            assert events[0]["text"] in said, (n, events[0]["text"], said)
