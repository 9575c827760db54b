"""The server's seal key: created once in the data folder (workers agree), SEAL_KEY wins, replay uses it."""

from __future__ import annotations

import base64
import json
import multiprocessing
import os
import stat

import pytest
from alembic import command
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

from app.core.config import Settings
from app.db.migrate import upgrade
from app.main import create_app
from app.ops.cli import main
from app.shelf.files.seal_key import SealKeyError, key_path, server_key
from app.shelf.files.sealing import Sealer
from tests.accounts.test_auth_migration import _config, _old_saves


def _key_text(raw: bytes) -> str:
    return base64.b64encode(raw).decode()


def test_the_key_file_is_created_once_and_reused(tmp_path):
    settings = Settings(data_dir=tmp_path / "data")
    key = server_key(settings)
    path = key_path(settings)
    assert len(key) == 32 and path == tmp_path / "data" / "seal.key"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert base64.b64decode(path.read_text()) == key
    written = path.read_bytes()
    assert server_key(Settings(data_dir=tmp_path / "data")) == key  # the next start reads the same one
    assert path.read_bytes() == written
    assert server_key(Settings(data_dir=tmp_path / "another")) != key


def _start_worker(data_dir: str, barrier, keys) -> None:
    barrier.wait()
    keys.put(_key_text(server_key(Settings(data_dir=data_dir))))


def test_workers_starting_together_agree_on_one_key(tmp_path):
    ctx = multiprocessing.get_context("fork")
    n = 6
    barrier, keys = ctx.Barrier(n), ctx.Queue()
    workers = [ctx.Process(target=_start_worker, args=(str(tmp_path / "data"), barrier, keys)) for _ in range(n)]
    for w in workers:
        w.start()
    seen = [keys.get(timeout=60) for _ in range(n)]
    for w in workers:
        w.join(timeout=60)
    assert all(w.exitcode == 0 for w in workers)
    assert len(set(seen)) == 1
    assert base64.b64decode(seen[0]) == base64.b64decode((tmp_path / "data" / "seal.key").read_text())
    assert [p.name for p in (tmp_path / "data").iterdir()] == ["seal.key"]


def test_seal_key_wins_over_the_file(tmp_path, monkeypatch):
    data = tmp_path / "data"
    file_key = server_key(Settings(data_dir=data))
    env_key = os.urandom(32)
    monkeypatch.setenv("SEAL_KEY", _key_text(env_key))
    assert server_key(Settings(data_dir=data)) == env_key
    assert server_key(Settings(data_dir=tmp_path / "empty")) == env_key
    assert not (tmp_path / "empty" / "seal.key").exists()  # no file is created when the key is given
    assert base64.b64decode((data / "seal.key").read_text()) == file_key


@pytest.mark.parametrize("bad", ["short", _key_text(b"x" * 16), "not base64 at all!!"])
def test_a_bad_seal_key_stops_the_start_with_a_clear_message(tmp_path, bad):
    with pytest.raises(SealKeyError, match="SEAL_KEY must hold 32 bytes in base64"):
        server_key(Settings(data_dir=tmp_path, seal_key=bad))
    (tmp_path / "broken").mkdir()
    (tmp_path / "broken" / "seal.key").write_text("garbage\n")
    with pytest.raises(SealKeyError, match="seal key file"):
        server_key(Settings(data_dir=tmp_path / "broken"))


def test_replicas_sharing_seal_key_open_each_others_files(db_url, tmp_path, pebbles):
    shared = _key_text(os.urandom(32))
    apps = [create_app(Settings(database_url=db_url, auth_mode="single", data_dir=tmp_path / name, seal_key=shared))
            for name in ("one", "two")]
    try:
        with TestClient(apps[0]) as one, TestClient(apps[1]) as two:
            s = one.post("/api/sessions", json={"game": "pebbles"}).json()
            one.post(f"/api/sessions/{s['id']}/actions", json={"action": "draw", "version": 0})
            save = one.get(f"/api/sessions/{s['id']}/export").json()
            assert "sealed" in save
            assert two.post("/api/sessions/import?on_shelf=copy", json=save).status_code == 201
    finally:
        for app in apps:
            app.state.db_engine.dispose()


def test_replay_opens_a_sealed_file_with_this_servers_key(client, pebbles, tmp_path, capsys, monkeypatch):
    s = client.post("/api/sessions", json={"game": "pebbles"}).json()
    client.post(f"/api/sessions/{s['id']}/actions", json={"action": "draw", "version": 0})
    save = client.get(f"/api/sessions/{s['id']}/export").json()
    assert "sealed" in save
    path = tmp_path / "sealed.json"
    path.write_text(json.dumps(save))
    assert main(["replay", str(path)]) == 0  # the same DATA_DIR as the server's: its key
    assert "OK — Pebbles, 1 actions replayed, in_progress" in capsys.readouterr().out

    monkeypatch.setenv("DATA_DIR", str(tmp_path / "nowhere"))
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert "refused" in err and "there is no seal key here" in err and "SEAL_KEY" in err
    assert not (tmp_path / "nowhere").exists()  # replay never makes a key of its own

    server_key(Settings(data_dir=tmp_path / "other"))
    monkeypatch.setenv("DATA_DIR", str(tmp_path / "other"))
    assert main(["replay", str(path)]) == 1
    assert "sealed by another server" in capsys.readouterr().err

    monkeypatch.setenv("DATA_DIR", str(tmp_path / "nowhere"))
    monkeypatch.setenv("SEAL_KEY", _key_text(server_key(client.app.state.settings)))
    assert main(["replay", str(path)]) == 0

    tampered = tmp_path / "tampered.json"
    tampered.write_text(json.dumps({**save, "actions": []}))
    assert main(["replay", str(tampered)]) == 1
    assert "the file was altered" in capsys.readouterr().err


def test_a_key_id_tells_nothing_of_the_key():
    key = os.urandom(32)
    sealer = Sealer(key)
    assert len(sealer.key_id) == 16 and key.hex()[:16] != sealer.key_id
    assert _key_text(key)[:16] != sealer.key_id


def test_saves_from_before_the_column_are_not_chosen_seeds(empty_db_url, tmp_path):
    db_url = empty_db_url  # nothing has run on it: the migrations are what is tested
    command.upgrade(_config(db_url), "0004")
    _old_saves(db_url)
    upgrade(db_url)
    engine = create_engine(db_url)
    with engine.connect() as conn:
        for table, row_id in (("sessions", "s1"), ("campaigns", "c1")):
            chosen = conn.execute(text(f"SELECT seed_chosen FROM {table} WHERE id = '{row_id}'")).scalar()
            assert chosen is not None and not chosen  # false (0 on SQLite)
    engine.dispose()
    app = create_app(Settings(database_url=db_url, auth_mode="single"))
    try:
        with TestClient(app) as c:
            save = c.get("/api/sessions/s1/export").json()
            assert "sealed" in save and "seed" not in save  # unfinished, secret seed: sealed
            assert c.get("/api/sessions/s1").json()["seed_chosen"] is False
    finally:
        app.state.db_engine.dispose()
