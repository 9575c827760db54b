"""Structured request logs: one JSON-ready line per request, errors with their request id and traceback."""

from __future__ import annotations

import json
import logging

import pytest
from fastapi.testclient import TestClient

from app.http.request_log import JsonLineFormatter, request_id_from


def request_records(caplog) -> list[dict]:
    return [r.fields for r in caplog.records if r.name == "solo_shelf.access"]


def test_each_request_is_one_line_with_status_duration_and_id(client, caplog):
    caplog.set_level(logging.INFO, logger="solo_shelf.access")
    ok = client.get("/api/games")
    missing = client.get("/api/sessions/nope")
    lines = request_records(caplog)
    assert [(line["method"], line["path"], line["status"]) for line in lines] == [
        ("GET", "/api/games", 200),
        ("GET", "/api/sessions/nope", 404),
    ]
    assert all(line["event"] == "request" and line["duration_ms"] >= 0 for line in lines)
    assert [line["request_id"] for line in lines] == [ok.headers["X-Request-ID"], missing.headers["X-Request-ID"]]
    assert ok.headers["X-Request-ID"] != missing.headers["X-Request-ID"]


def test_a_sane_incoming_request_id_is_kept_and_an_odd_one_replaced(client, caplog):
    caplog.set_level(logging.INFO, logger="solo_shelf.access")
    kept = client.get("/healthz", headers={"X-Request-ID": "lb-7f3a.2_x"})
    replaced = client.get("/healthz", headers={"X-Request-ID": "no spaces <or> angle brackets"})
    assert kept.headers["X-Request-ID"] == "lb-7f3a.2_x"
    assert replaced.headers["X-Request-ID"] != "no spaces <or> angle brackets"
    assert [line["request_id"] for line in request_records(caplog)] == [
        "lb-7f3a.2_x", replaced.headers["X-Request-ID"]]


@pytest.mark.parametrize("raw, kept", [("a" * 64, True), ("a" * 65, False), ("", False), ("é", False)])
def test_request_id_sanity(raw, kept):
    got = request_id_from([(b"x-request-id", raw.encode("latin-1", "replace"))])
    assert (got == raw) is kept and 1 <= len(got) <= 64


def test_an_unhandled_error_is_logged_with_its_request_id_and_traceback(app, caplog):
    @app.get("/api/boom")
    def boom() -> None:
        raise RuntimeError("deliberate failure for the log test")

    caplog.set_level(logging.INFO, logger="solo_shelf")
    with TestClient(app, raise_server_exceptions=False) as client:
        answer = client.get("/api/boom", headers={"X-Request-ID": "boom-1"})
    assert answer.status_code == 500
    assert answer.json() == {"detail": "Something went wrong on the server.", "request_id": "boom-1"}
    errors = [r.fields for r in caplog.records if r.name == "solo_shelf.errors"]
    assert len(errors) == 1 and errors[0]["request_id"] == "boom-1" and errors[0]["path"] == "/api/boom"
    assert "RuntimeError: deliberate failure for the log test" in errors[0]["traceback"]
    assert [(r["path"], r["status"], r["request_id"]) for r in request_records(caplog)] == [
        ("/api/boom", 500, "boom-1")]


def test_lines_are_single_line_json(client, caplog):
    caplog.set_level(logging.INFO, logger="solo_shelf.access")
    client.post("/api/sessions", json={"game": "adamastor", "seed": 1})
    record = next(r for r in caplog.records if r.name == "solo_shelf.access")
    line = JsonLineFormatter().format(record)
    assert "\n" not in line
    parsed = json.loads(line)
    assert parsed["level"] == "info" and parsed["method"] == "POST" and parsed["status"] == 201
