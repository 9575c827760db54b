"""`python -m app healthcheck`, the Docker image's HEALTHCHECK: one PORT for the server and its check, and a data
folder the server cannot write refused at start with the owner it needs (issue #23)."""

from __future__ import annotations

import pytest

from app.ops import live
from app.ops.cli import main


def test_the_healthcheck_finds_the_server_on_port_and_fails_where_none_listens(tmp_path, monkeypatch, capsys):
    server = live.start(f"sqlite:///{tmp_path / 'health.db'}", tmp_path)
    try:
        port = server.base_url.rsplit(":", 1)[1]
        monkeypatch.setenv("PORT", port)
        assert main(["healthcheck"]) == 0  # the port comes from $PORT, as the image's HEALTHCHECK runs it
        assert main(["healthcheck", "--port", str(live.free_port())]) == 1
        assert "unhealthy:" in capsys.readouterr().err
    finally:
        server.stop()
    monkeypatch.setenv("PORT", port)
    assert main(["healthcheck"]) == 1  # the server stopped: unhealthy


@pytest.mark.parametrize("raw", ["", "abc", "0", "70000", "８０８０"])
def test_a_port_that_is_no_port_falls_back_to_8000(raw, monkeypatch):
    from app.ops.cli import _port

    monkeypatch.setenv("PORT", raw)
    assert _port() == 8000


def test_a_data_folder_the_server_cannot_write_is_refused_naming_the_owner(tmp_path, monkeypatch, capsys):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")  # a folder cannot be made under a file, whoever runs the server (root too)
    folder = blocker / "data"
    monkeypatch.setenv("DATA_DIR", str(folder))
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{folder / 'solo-shelf.db'}")
    assert main(["serve", "--port", str(live.free_port())]) == 2
    err = capsys.readouterr().err
    assert "cannot start: the data folder" in err and str(folder) in err
    assert "uid 10001, gid 10001" in err and "chown -R 10001:10001" in err
