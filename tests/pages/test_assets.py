"""Stylesheets and scripts come fingerprinted, minified and compressed, kept a year; pictures a day."""

from __future__ import annotations

import gzip
import re

import pytest

from app.core.config import ROOT
from app.ui import assets


def test_every_own_stylesheet_and_script_has_an_address_that_changes_with_it():
    found = assets.assets()
    assert {"css/app.css", "js/app.js", "js/table.js", "vendor/htmx/htmx.min.js"} <= set(found)
    for path, one in found.items():
        assert one.url == f"/assets/{one.digest}/{path}" and re.fullmatch(r"[0-9a-f]{12}", one.digest)
        source = (ROOT / "static" / path).read_bytes()
        assert len(one.body) <= len(source), f"{path} is not minified"
        assert gzip.decompress(one.gzipped) == one.body
    assert len(found["css/app.css"].body) < 0.85 * len((ROOT / "static/css/app.css").read_bytes())


def test_an_asset_is_kept_a_year_and_a_stale_address_is_a_404(client):
    one = assets.assets()["css/app.css"]
    r = client.get(one.url, headers={"Accept-Encoding": "gzip"})
    assert r.status_code == 200 and r.headers["cache-control"] == "public, max-age=31536000, immutable"
    assert r.headers["content-encoding"] == "gzip" and r.content == one.body and r.headers["etag"]
    assert r.headers["content-type"].startswith("text/css")
    again = client.get(one.url, headers={"If-None-Match": r.headers["etag"]})
    assert again.status_code == 304
    assert client.get(f"/assets/000000000000/{one.path}").status_code == 404
    assert client.get(f"/assets/{one.digest}/css/nothing.css").status_code == 404


def test_pages_link_the_fingerprinted_files_in_their_head_and_nothing_chains(client):
    game = client.post("/api/sessions", json={"game": "nemos_war", "seed": 1}).json()["id"]
    for path in ("/", f"/play/{game}", "/games/platformer/rules", "/campaigns", "/saves"):
        html = client.get(path).text
        head = html.split("</head>", 1)[0]
        assert '<meta name="description" content="' in head, path
        assert not re.search(r'(href|src)="/static/(css|js)/', html), f"{path} links an unfingerprinted file"
        assert "<link" not in html.split("</head>", 1)[1], f"{path} links a stylesheet in its body"
        for url in re.findall(r'(?:href|src)="(/assets/[^"]+)"', head):
            assert client.get(url).status_code == 200, url
    board = client.get(f"/play/{game}").text.split("</head>", 1)[0]
    assert "/css/board-nemos_war.css" in board and "/css/board-adamastor.css" in board
    assert "/css/board-" not in client.get("/saves").text, "a page without a board links no board stylesheet"
    for css in (ROOT / "static" / "css").glob("*.css"):
        assert "@import" not in css.read_text(), f"{css.name} chains another stylesheet"


def test_pictures_are_kept_a_day_and_the_icon_sprites_a_year(client):
    r = client.get("/static/img/favicon.svg")
    assert r.status_code == 200 and r.headers["cache-control"] == "public, max-age=86400" and r.headers["etag"]
    board = client.get(f"/play/{client.post('/api/sessions', json={'game': 'adamastor', 'seed': 1}).json()['id']}")
    sprite = re.search(r'<use href="(/assets/[0-9a-f]+/icons/game-icons\.svg)#gi-', board.text)
    assert sprite, "a board's icons come from the fingerprinted sprite"
    r = client.get(sprite.group(1))
    assert r.status_code == 200 and "immutable" in r.headers["cache-control"]


FIRST_LOAD_BUDGET = 150_000  # bytes on the wire, as the bench's target (app/ops/bench/report.py)
REFERENCED = re.compile(r"""(?:href|src)="(/(?:static|assets)/[^"#?]+)""")  # as the bench's players count it


@pytest.mark.parametrize("slug", ["adamastor", "nemos_war", "platformer", "call_to_adventure"])
def test_a_board_first_load_stays_within_its_budget(client, slug):
    """A board opened for the first time (its HTML and every stylesheet, script and sprite it references,
    compressed) weighs at most 150 KB, as the bench's target: a phone on a slow line sees the table soon."""
    sid = client.post("/api/sessions", json={"game": slug, "seed": 1}).json()["id"]
    page = client.get(f"/play/{sid}")
    total = len(gzip.compress(page.content, 6))
    for url in sorted(set(REFERENCED.findall(page.text))):
        r = client.get(url, headers={"Accept-Encoding": "gzip"})
        assert r.status_code == 200, url
        total += int(r.headers["content-length"]) if r.headers.get("content-encoding") == "gzip" else len(r.content)
    assert total <= FIRST_LOAD_BUDGET, f"{slug}: {total:,} bytes"
