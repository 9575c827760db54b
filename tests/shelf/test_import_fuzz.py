"""The import endpoints against generated malformed files (hypothesis), as a logged-in player.

Whatever arrives (any JSON value, a real save with a part broken, raw bytes, an oversized body),
the answer is a clear 4xx, never a 5xx, and a refused file stores nothing at all.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import func, select

from app.db.models import Campaign, GameSession, LogEntry
from tests.support.accountkit import accounts_app, sign_up

EXAMPLES = 60
FUZZ = settings(max_examples=EXAMPLES, deadline=None, database=None, derandomize=True,
                suppress_health_check=list(HealthCheck))

scalars = st.none() | st.booleans() | st.integers(min_value=-(2**70), max_value=2**70) | st.floats() | st.text(
    max_size=30)
json_values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=5) | st.dictionaries(
    st.text(max_size=12), inner, max_size=5), max_leaves=25)


def _stored(app) -> tuple[int, int, int]:
    with app.state.sessionmaker() as db:
        return tuple(db.scalar(select(func.count()).select_from(m)) for m in (GameSession, LogEntry, Campaign))


@pytest.fixture
def player(db_url):
    with accounts_app(db_url) as app:
        ana = sign_up(app, "Ana")
        s = ana.api("POST", "/api/sessions", json={"game": "adamastor", "seed": 9}).json()
        for _ in range(6):
            s = ana.api("POST", f"/api/sessions/{s['id']}/actions",
                        json={"action": s["legal_actions"][0]["id"], "version": s["version"]}).json()
        save = ana.api("GET", f"/api/sessions/{s['id']}/export").json()
        c = ana.api("POST", "/api/campaigns", json={"game": "adamastor", "seed": 4}).json()
        campaign_save = ana.api("GET", f"/api/campaigns/{c['id']}/export").json()
        yield app, ana, save, campaign_save


def _post_json(ana, path: str, body: bytes):
    return ana.api("POST", path, content=body, headers={"content-type": "application/json"})


@pytest.mark.slow  # generated fuzz over whole saves: make test runs it, make test-fast does not
def test_any_json_value_is_refused_cleanly(player):
    app, ana, _save, _campaign = player
    before = _stored(app)

    @FUZZ
    @given(value=json_values)
    def check(value) -> None:
        body = json.dumps(value).encode()
        for path in ("/api/sessions/import?on_shelf=copy", "/api/campaigns/import?on_shelf=copy"):
            r = _post_json(ana, path, body)
            assert r.status_code == 422, (path, value, r.status_code, r.text[:200])
            assert r.json()["detail"]

    check()
    assert _stored(app) == before


def _broken(save: dict, key: str, how: str, value):
    broken = dict(save)
    if how == "drop":
        broken.pop(key, None)
    elif how == "replace":
        broken[key] = value
    elif how == "actions" and isinstance(save.get("actions"), list):
        broken["actions"] = [*save["actions"][:3], value, *save["actions"][3:]]
    return broken


@FUZZ
@given(data=st.data())
def _mutations(data, ana, app, save, path) -> None:
    key = data.draw(st.sampled_from(sorted(save)))
    how = data.draw(st.sampled_from(["drop", "replace", "actions"]))
    value = data.draw(json_values | st.sampled_from(["draw", "nav:stop", "x" * 300, 2**64, -1]))
    broken = _broken(save, key, how, value)
    before = _stored(app)
    r = _post_json(ana, path, json.dumps(broken).encode())
    assert r.status_code in (201, 422), (key, how, value, r.status_code, r.text[:200])
    if r.status_code == 422:
        assert _stored(app) == before, "a refused file stored something"
    else:  # still a valid file (a new name, say): stored, and the importer's own
        assert _stored(app) != before
        listing = "/api/sessions" if path.startswith("/api/sessions") else "/api/campaigns"
        assert r.json()["id"] in [x["id"] for x in ana.api("GET", listing).json()]


@pytest.mark.slow  # generated fuzz over whole saves: make test runs it, make test-fast does not
def test_real_saves_with_a_part_broken_are_refused_or_stored_whole(player):
    app, ana, save, campaign_save = player
    _mutations(ana=ana, app=app, save=save, path="/api/sessions/import?on_shelf=copy")
    _mutations(ana=ana, app=app, save=campaign_save, path="/api/campaigns/import?on_shelf=copy")


def test_bodies_without_a_declared_length_are_cut_off_at_the_limit(player):
    """A chunked body (no Content-Length) past the largest import is refused as it arrives: an upload
    page is not left to spool it to disk first, and a JSON route is not left to hold it in memory."""
    app, ana, _save, _campaign = player
    before = _stored(app)
    boundary = "solo-shelf-test"
    head = (f'--{boundary}\r\nContent-Disposition: form-data; name="csrf_token"\r\n\r\n{ana.csrf}\r\n'
            f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="save.json"\r\n'
            "Content-Type: application/json\r\n\r\n").encode()
    body = head + b" " * (app.state.settings.max_import_bytes + 200_000) + f"\r\n--{boundary}--\r\n".encode()
    for path in ("/saves/import", "/campaigns/import"):
        page = ana.client.post(path, content=iter([body]), follow_redirects=False,
                               headers={"content-type": f"multipart/form-data; boundary={boundary}"})
        assert "content-length" not in page.request.headers
        assert page.status_code == 413 and "too large" in page.text
    move = ana.api("POST", "/api/sessions", json={"game": "adamastor", "seed": 3}).json()
    r = ana.api("POST", f"/api/sessions/{move['id']}/actions", content=iter([b'{"action": "' + body + b'"}']),
                headers={"content-type": "application/json"})
    assert r.status_code == 413 and "too large" in r.json()["detail"]
    assert _stored(app)[0] == before[0] + 1 and _stored(app)[1:] == before[1:]  # only the new game


def test_bytes_that_are_not_json_are_refused(player):
    app, ana, _save, _campaign = player
    before = _stored(app)

    @FUZZ
    @given(raw=st.binary(min_size=1, max_size=200))
    def check(raw: bytes) -> None:
        try:
            json.loads(raw)
            return  # valid JSON by chance: the first test covers those
        except (ValueError, UnicodeDecodeError):
            pass
        assert _post_json(ana, "/api/sessions/import?on_shelf=copy", raw).status_code == 422
        files = {"file": ("save.json", raw, "application/json")}
        page = ana.client.post("/saves/import", data={"csrf_token": ana.csrf}, files=files, follow_redirects=False)
        assert page.status_code == 422 and "cannot be imported" in page.text

    check()
    assert _stored(app) == before


def test_oversized_files_are_refused_before_they_are_read(player):
    app, ana, save, _campaign = player
    app.state.settings.max_import_bytes = 10_000
    before = _stored(app)
    huge = json.dumps({**save, "name": "x" * 20_000}).encode()
    r = _post_json(ana, "/api/sessions/import?on_shelf=copy", huge)
    assert r.status_code == 413 and "at most 10000 bytes" in r.json()["detail"]
    assert _post_json(ana, "/api/campaigns/import?on_shelf=copy", huge).status_code == 413
    files = {"file": ("save.json", huge, "application/json")}
    page = ana.client.post("/saves/import", data={"csrf_token": ana.csrf}, files=files, follow_redirects=False)
    assert page.status_code == 422 and "too large" in page.text
    # Far past the limit: refused from its declared length alone, before the form is parsed.
    files = {"file": ("save.json", b"[" + b"0," * 100_000 + b"0]", "application/json")}
    for path in ("/saves/import", "/campaigns/import"):
        page = ana.client.post(path, data={"csrf_token": ana.csrf}, files=files, follow_redirects=False)
        assert page.status_code == 413 and "too large" in page.text
    assert _stored(app) == before
