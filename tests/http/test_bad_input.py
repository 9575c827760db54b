"""Hostile input (issue #14, point 5), as a logged-in player: each is a clear 4xx and stores nothing.

JSON nested 100,000 deep, a lone surrogate, a seed of thousands of digits or `false`, control and
bidi characters in a name, oversized bodies (and what the log says about them), a stale campaign
move's documented answer, a byte-order mark at the start of a save file.
"""

from __future__ import annotations

import json
import logging

import pytest
from sqlalchemy import func, select

from app.api import schemas
from app.db.models import Campaign, CampaignLogEntry, GameSession, LogEntry
from app.shelf.files.parser import UnreadableFile, parse_json_file
from tests.support.accountkit import accounts_app, sign_up

IMPORTS = {  # route -> (kind of file, JSON API?)
    "/api/sessions/import": ("save", True),
    "/api/campaigns/import": ("campaign", True),
    "/saves/import": ("save", False),
    "/campaigns/import": ("campaign", False),
}
BOM = b"\xef\xbb\xbf"


def _stored(app) -> tuple[int, ...]:
    with app.state.sessionmaker() as db:
        return tuple(db.scalar(select(func.count()).select_from(m))
                     for m in (GameSession, LogEntry, Campaign, CampaignLogEntry))


def _names(app) -> list[str]:
    with app.state.sessionmaker() as db:
        return sorted([*db.scalars(select(GameSession.name)), *db.scalars(select(Campaign.name))])


@pytest.fixture
def player(db_url):
    with accounts_app(db_url) as app:
        ana = sign_up(app, "Ana")
        s = ana.api("POST", "/api/sessions", json={"game": "adamastor", "seed": 9, "name": "Voyage"}).json()
        for _ in range(3):
            s = ana.api("POST", f"/api/sessions/{s['id']}/actions",
                        json={"action": s["legal_actions"][0]["id"], "version": s["version"]}).json()
        c = ana.api("POST", "/api/campaigns", json={"game": "adamastor", "seed": 4, "name": "Campaign"}).json()
        files = {"save": ana.api("GET", f"/api/sessions/{s['id']}/export").json(),
                 "campaign": ana.api("GET", f"/api/campaigns/{c['id']}/export").json()}
        yield app, ana, files, s, c


def _import(ana, path: str, body: bytes):
    """Post a file to an import route; returns (status, the message shown or sent). The files are exports of
    games and campaigns still on the shelf: the import is told to keep a copy (app/shelf/files/game_files.py)."""
    if IMPORTS[path][1]:
        r = ana.api("POST", path + "?on_shelf=copy", content=body, headers={"content-type": "application/json"})
        return r.status_code, (r.json().get("detail", "") if r.status_code != 201 else "")
    r = ana.form(path, {"on_shelf": "copy"}, files={"file": ("file.json", body, "application/json")})
    notice = r.text.split('id="notice"')[1][:600] if 'id="notice"' in r.text else ""
    return r.status_code, notice


def _file_with(files: dict, path: str, text: str) -> bytes:
    """The route's real export with one JSON fragment put in place of `"name": "..."`."""
    data = files[IMPORTS[path][0]]
    raw = json.dumps(data)
    old = f'"name": {json.dumps(data["name"])}'
    assert old in raw
    return raw.replace(old, f'"name": {text}').encode()


def test_json_nested_100000_deep_is_refused_on_every_import(player):
    app, ana, files, _s, _c = player
    before = _stored(app)
    deep = b"[" * 100_000 + b"]" * 100_000
    for path in IMPORTS:
        status, message = _import(ana, path, deep)
        assert status == 422, (path, status, message[:200])
        assert "nested more than" in message, path
        # Nested a thousand deep inside a real file (below the parser's own limit): the checks that
        # walk it (and quote it in their messages) must not recurse into a RecursionError either.
        thousand = "[" * 1000 + "]" * 1000
        for where in ("name", "format_version", "options", "carried", "final"):
            raw = json.dumps({**files[IMPORTS[path][0]], where: "@"}).replace('"@"', thousand).encode()
            status, message = _import(ana, path, raw)
            assert status == 422 and "nested more than" in message, (path, where, status, message[:200])
    assert _stored(app) == before


def test_a_lone_surrogate_in_a_name_is_refused(player):
    app, ana, files, s, c = player
    before, names = _stored(app), _names(app)
    for path in IMPORTS:
        status, message = _import(ana, path, _file_with(files, path, '"Lisbon \\ud800"'))
        assert status == 422 and "not valid Unicode" in message, (path, status, message[:200])
    raw = b'{"game": "adamastor", "name": "Lisbon \\ud800"}'
    for method, path in [("POST", "/api/sessions"), ("POST", "/api/campaigns"),
                         ("PATCH", f"/api/sessions/{s['id']}"), ("PATCH", f"/api/campaigns/{c['id']}")]:
        r = ana.api(method, path, content=raw, headers={"content-type": "application/json"})
        assert r.status_code == 422 and r.json()["detail"], (path, r.status_code)
    # A form field cannot carry a surrogate; its UTF-8-like bytes arrive as C1 control characters.
    r = ana.form("/games/adamastor/new", files={"name": (None, b"Lisbon \xed\xa0\x80")})
    assert r.status_code == 422 and "control characters" in r.text
    assert _stored(app) == before and _names(app) == names


def test_a_seed_of_thousands_of_digits_is_refused(player):
    app, ana, files, _s, _c = player
    before = _stored(app)
    digits = "1" * 4301
    for path in IMPORTS:
        data = files[IMPORTS[path][0]]
        raw = json.dumps(data).replace(f'"seed": {data["seed"]}', f'"seed": {digits}').encode()
        status, message = _import(ana, path, raw)
        assert status == 422 and "too large" in message, (path, status, message[:200])
    for path in ("/api/sessions", "/api/campaigns"):
        r = ana.api("POST", path, content=f'{{"game": "adamastor", "seed": {digits}}}'.encode(),
                    headers={"content-type": "application/json"})
        assert r.status_code == 422 and r.json()["detail"], path
    for path in ("/games/adamastor/new", "/campaigns/new/adamastor"):
        r = ana.form(path, {"seed": digits})
        assert r.status_code == 422 and "seed" in r.text, path
    assert _stored(app) == before


def test_a_seed_of_false_is_refused(player):
    app, ana, files, _s, _c = player
    before = _stored(app)
    for path in ("/api/sessions", "/api/campaigns"):
        r = ana.api("POST", path, json={"game": "adamastor", "seed": False})
        assert r.status_code == 422 and "seed" in r.json()["detail"], (path, r.status_code)
    for path in IMPORTS:
        data = files[IMPORTS[path][0]]
        raw = json.dumps(data).replace(f'"seed": {data["seed"]}', '"seed": false').encode()
        status, message = _import(ana, path, raw)
        assert status == 422 and "seed" in message, (path, status, message[:200])
    assert _stored(app) == before


@pytest.mark.parametrize("bad", ["\x00", "\x1b[31m", "\u202e", "\u2066", "\x85", "\n", "\u2028"],
                         ids=["NUL", "ESC", "RLO", "LRI", "NEL", "LF", "LSEP"])
def test_names_refuse_control_and_bidi_characters_everywhere(player, bad):
    app, ana, files, s, c = player
    before, names = _stored(app), _names(app)
    name = f"Lisbon{bad}gold"
    refused = "a name cannot contain"
    for path in IMPORTS:
        status, message = _import(ana, path, _file_with(files, path, json.dumps(name)))
        assert status == 422 and refused in message, (path, status, message[:200])
    for method, path in [("POST", "/api/sessions"), ("POST", "/api/campaigns"),
                         ("PATCH", f"/api/sessions/{s['id']}"), ("PATCH", f"/api/campaigns/{c['id']}")]:
        r = ana.api(method, path, json={"game": "adamastor", "name": name})
        assert r.status_code == 422 and refused in r.json()["detail"], (method, path, r.status_code)
    for path in ("/games/adamastor/new", "/campaigns/new/adamastor", f"/saves/{s['id']}/rename",
                 f"/campaigns/{c['id']}/rename"):
        r = ana.form(path, {"name": name})
        assert r.status_code == 422 and refused in r.text, (path, r.status_code)
    assert _stored(app) == before and _names(app) == names


def test_names_still_take_any_script_and_emoji(player):
    _app, ana, _files, s, _c = player
    for name in ("Viagem à Índia", "Морское путешествие", "رحلة بحرية", "航海 🌊", "👩‍👩‍👧 family"):
        r = ana.api("PATCH", f"/api/sessions/{s['id']}", json={"name": name})
        assert r.status_code == 200 and r.json()["name"] == name


def test_a_byte_order_mark_is_accepted_by_every_import(player):
    app, ana, files, _s, _c = player
    sessions, _, campaigns, _ = _stored(app)
    for path in IMPORTS:
        status, message = _import(ana, path, BOM + json.dumps(files[IMPORTS[path][0]]).encode())
        assert status in (201, 303), (path, status, message[:200])
    after = _stored(app)
    games_per_campaign = len(files["campaign"]["final"]["games"])
    assert after[0] == sessions + 2 + 2 * games_per_campaign and after[2] == campaigns + 2


def test_an_oversized_body_is_logged_as_a_413_and_changes_nothing(player, caplog):
    app, ana, _files, s, _c = player
    limit = app.state.settings.max_import_bytes
    before = _stored(app)
    caplog.set_level(logging.INFO, logger="solo_shelf")
    declared = {"content-length": str(limit * 2)}
    # A declared length past the limit: answered before the route runs (the game is not deleted).
    r = ana.api("DELETE", f"/api/sessions/{s['id']}", content=b"{}", headers=declared)
    assert r.status_code == 413 and "too large" in r.json()["detail"]
    r = ana.api("POST", "/api/sessions/import", content=b"{}", headers={**declared, "content-type": "application/json"})
    assert r.status_code == 413 and "too large" in r.json()["detail"]
    r = ana.form("/saves/import", content=b"x", headers={**declared, "content-type": "multipart/form-data; boundary=x"})
    assert r.status_code == 413 and "too large" in r.text
    # Without a declared length (chunked), cut off as it arrives.
    body = b'{"name": "' + b" " * (limit + 100_000) + b'"}'
    r = ana.api("POST", "/api/sessions/import", content=iter([body]), headers={"content-type": "application/json"})
    assert r.status_code == 413 and "content-length" not in r.request.headers
    r = ana.api("POST", f"/api/sessions/{s['id']}/actions", content=iter([body]),
                headers={"content-type": "application/json"})
    assert r.status_code == 413
    logged = [rec.fields for rec in caplog.records if rec.name.startswith("solo_shelf")]
    assert [f["status"] for f in logged if f.get("event") == "request"] == [413] * 5
    assert not [f for f in logged if f.get("event") == "error"], "a 413 was logged as an unhandled error"
    assert _stored(app) == before
    assert ana.api("GET", f"/api/sessions/{s['id']}").status_code == 200


def test_a_stale_campaign_move_answers_its_documented_schema(player):
    app, ana, _files, _s, c = player
    action = c["legal_actions"][0]["id"]
    moved = ana.api("POST", f"/api/campaigns/{c['id']}/actions", json={"action": action, "version": c["version"]})
    assert moved.status_code == 200, moved.text
    before = _stored(app)
    r = ana.api("POST", f"/api/campaigns/{c['id']}/actions", json={"action": action, "version": c["version"]})
    assert r.status_code == 409
    documented = app.openapi()["paths"]["/api/campaigns/{campaign_id}/actions"]["post"]["responses"]["409"]
    model = documented["content"]["application/json"]["schema"]["$ref"].rsplit("/", 1)[-1]
    getattr(schemas, model).model_validate(r.json())  # raises if the body does not fit
    assert r.json()["current"]["id"] == c["id"]
    assert _stored(app) == before


@pytest.mark.parametrize(("raw", "reason"), [
    (b"[" * 65 + b"]" * 65, "nested more than 64 levels"),
    ('{"a": 1}'.encode("utf-16"), "not UTF-8"),
    (b'["\xff"]', "not UTF-8"),
    (b'["\\ud800"]', "lone surrogate"),
    (b'{"seed": 1e400}', "too large"),
    (b"NaN", "not a JSON file"),
    (b'{"a": 1', "not a JSON file"),
])
def test_the_import_parser_says_why(raw, reason):
    with pytest.raises(UnreadableFile, match=reason):
        parse_json_file(raw)


def test_the_import_parser_takes_real_files():
    assert parse_json_file(b"[" * 64 + b"]" * 64) is not None  # 64 levels: the most it takes
    assert parse_json_file(BOM + b'{"name": "\\ud83c\\udf0a"}') == {"name": "\U0001f30a"}
    assert parse_json_file(b'{"seed": 18446744073709551616}') == {"seed": 2.0**64}  # then not a whole number
