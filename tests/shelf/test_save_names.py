"""The names the app gives: a new game or campaign's default name, and a free name for an import."""

from __future__ import annotations

import re
from datetime import UTC, datetime

from app.shelf.naming import default_name, free_name, when_label

# "Pebbles · 25 Nov, 04:42": the game, a middle dot, the day, the month's short name, the time.
DEFAULT = re.compile(r"^Pebbles(?: — Campaign)? · [1-9][0-9]? [A-Z][a-z]{2}, [0-2][0-9]:[0-5][0-9]$")


def test_when_label_is_day_month_and_time_in_the_servers_zone(monkeypatch):
    monkeypatch.setenv("TZ", "UTC")
    import time

    time.tzset()
    try:
        assert when_label(datetime(2026, 11, 5, 4, 42, 30, tzinfo=UTC)) == "5 Nov, 04:42"
        monkeypatch.setenv("TZ", "Atlantic/Azores")  # UTC-1 in November
        time.tzset()
        assert when_label(datetime(2026, 11, 25, 0, 10, tzinfo=UTC)) == "24 Nov, 23:10"
        assert default_name("Nemo's War", datetime(2026, 11, 25, 4, 42, tzinfo=UTC)) == "Nemo's War · 25 Nov, 03:42"
    finally:
        monkeypatch.delenv("TZ")
        time.tzset()


def test_free_name_numbers_from_two_and_counts_on():
    assert free_name("Voyage", []) == "Voyage"
    assert free_name("Voyage", ["Voyage"]) == "Voyage (2)"
    assert free_name("Voyage", ["Voyage", "Voyage (2)"]) == "Voyage (3)"
    assert free_name("Voyage (2)", ["Voyage", "Voyage (2)"]) == "Voyage (3)"
    long = "x" * 120
    assert free_name(long, [long]) == "x" * 116 + " (2)"


def test_a_new_game_is_named_after_its_game_and_moment(client, pebbles):
    r = client.post("/api/sessions", json={"game": "pebbles"})
    assert r.status_code == 201
    assert DEFAULT.match(r.json()["name"]), r.json()["name"]


def test_a_new_campaign_is_named_the_same_way(client, pebbles):
    r = client.post("/api/campaigns", json={"game": "pebbles"})
    assert r.status_code == 201
    assert DEFAULT.match(r.json()["name"]), r.json()["name"]


def test_an_imported_game_whose_name_exists_gets_a_number(client, pebbles):
    s = client.post("/api/sessions", json={"game": "pebbles", "seed": 3, "name": "Evening"}).json()
    s = client.post(f"/api/sessions/{s['id']}/actions", json={"action": "stop", "version": 0}).json()
    save = client.get(f"/api/sessions/{s['id']}/export").json()
    names = [client.post("/api/sessions/import?on_shelf=copy", json=save).json()["name"] for _ in range(2)]
    assert names == ["Evening (2)", "Evening (3)"]
    renamed = client.post("/api/sessions/import?on_shelf=copy", json={**save, "name": "Fresh"})
    assert renamed.status_code == 201 and renamed.json()["name"] == "Fresh"


def test_an_imported_campaign_whose_name_exists_gets_a_number(client, pebbles):
    c = client.post("/api/campaigns", json={"game": "pebbles", "seed": 4, "name": "Two evenings"}).json()
    save = client.get(f"/api/campaigns/{c['id']}/export").json()
    first = client.post("/api/campaigns/import?on_shelf=copy", json=save)
    assert first.status_code == 201, first.text
    assert first.json()["name"] == "Two evenings (2)"
    games = client.get(f"/api/sessions/{first.json()['current_session']}").json()
    assert games["name"] == "Two evenings (2) — game 1"
    assert client.post("/api/campaigns/import?on_shelf=copy", json=save).json()["name"] == "Two evenings (3)"


def test_the_board_heading_says_the_game_once(client, pebbles):
    """"Pebbles · 25 Nov, 04:42 · Pebbles" said the game twice; a name of the player's own keeps the title beside it."""
    made = client.post("/api/sessions", json={"game": "pebbles"}).json()
    heading = re.search(r"<h1>(.*?)</h1>", client.get(f"/play/{made['id']}").text, re.S).group(1)
    assert heading.count("Pebbles") == 1, heading
    named = client.post("/api/sessions", json={"game": "pebbles", "name": "Rainy Sunday"}).json()
    heading = re.search(r"<h1>(.*?)</h1>", client.get(f"/play/{named['id']}").text, re.S).group(1)
    assert "Rainy Sunday" in heading and "Pebbles" in heading, heading
