"""No state in a process: several app instances on one database serve the same games interchangeably.

- two create_app() on the same database, a session played alternately through each;
- two real uvicorn servers (`python -m app serve`), moves alternating between them, parallel moves at
  one version split across them (exactly one applies), and, when an nginx binary is at hand, the
  deploy/nginx.conf load balancer in front of them;
- replicas starting together on PostgreSQL: the migrations wait on an advisory lock;
- the compose file's `scale` profile, validated (no Docker engine here to run it).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest
import yaml
from alembic.script import ScriptDirectory
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from app.core.config import ROOT, Settings
from app.db.engine import make_engine
from app.db.migrate import MIGRATION_LOCK_KEY, upgrade
from app.main import create_app
from app.ops import live

# ---------------------------------------------------------------- real servers on loopback

class Server(httpx.Client):
    def __init__(self, base_url: str) -> None:
        super().__init__(base_url=base_url, timeout=30)
        self.port = int(base_url.rsplit(":", 1)[1])


def _wait_until_up(server: Server, process: subprocess.Popen, log: Path) -> None:
    deadline = time.monotonic() + 40
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"the server stopped at start:\n{log.read_text()}")
        try:
            if server.get("/healthz", timeout=2).status_code == 200:
                return
        except httpx.TransportError:
            pass
        time.sleep(0.1)
    pytest.fail(f"the server did not answer within 40 s:\n{log.read_text()}")


@contextmanager
def _process(argv: list[str], log: Path, port: int, env: dict[str, str] | None = None) -> Iterator[Server]:
    with open(log, "w") as out:
        process = subprocess.Popen(argv, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)
    server = Server(f"http://127.0.0.1:{port}")
    try:
        _wait_until_up(server, process, log)
        yield server
    finally:
        server.close()
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@contextmanager
def running_server(db_url: str, log: Path) -> Iterator[Server]:
    """`python -m app serve` on a free loopback port, on the given database (app/ops/live.py)."""
    with live.running(db_url, log.parent, log_name=log.name) as server, Server(server.base_url) as client:
        yield client


def nginx_binary() -> str | None:
    return os.environ.get("NGINX") or shutil.which("nginx")


@contextmanager
def running_nginx(conf: Path, upstream_ports: list[int], tmp_path: Path) -> Iterator[Server]:
    """deploy/nginx.conf as shipped, with the replicas and the listening port moved onto loopback."""
    port = live.free_port()
    servers = "".join(f"server 127.0.0.1:{p} max_fails=3 fail_timeout=10s;\n        " for p in upstream_ports)
    text_ = conf.read_text()
    assert "server app:8000 max_fails=3 fail_timeout=10s;" in text_ and "listen 80;" in text_
    text_ = (text_.replace("server app:8000 max_fails=3 fail_timeout=10s;\n        ", servers)
             .replace("listen 80;", f"listen 127.0.0.1:{port};")
             .replace("pid /tmp/nginx.pid;", f"pid {tmp_path}/nginx.pid;"))
    (tmp_path / "nginx.conf").write_text(text_)
    argv = [nginx_binary(), "-p", str(tmp_path), "-c", str(tmp_path / "nginx.conf"),
            "-e", str(tmp_path / "nginx-error.log"), "-g", "daemon off;"]
    with _process(argv, tmp_path / "nginx.log", port) as server:
        yield server


# ---------------------------------------------------------------- two apps on one database


@pytest.fixture
def two_clients(db_url, pebbles):
    apps = [create_app(Settings(database_url=db_url)) for _ in range(2)]
    with TestClient(apps[0]) as a, TestClient(apps[1]) as b:
        yield a, b
    for app in apps:
        app.state.db_engine.dispose()


def _untimed(sv: dict) -> dict:
    # On SQLite a timestamp read back has lost its "+00:00" that the move's own answer still has.
    return {k: v for k, v in sv.items() if k not in ("created_at", "updated_at")}


def test_two_apps_serve_one_session_alternately(two_clients):
    a, b = two_clients
    sid = a.post("/api/sessions", json={"game": "pebbles", "seed": 7}).json()["id"]
    sv = b.post(f"/api/sessions/{sid}/actions", json={"action": "draw", "version": 0}).json()
    assert _untimed(a.get(f"/api/sessions/{sid}").json()) == _untimed(sv)  # made through B, seen through A
    pebble = sv["view"]["hand"][0]
    sv = a.post(f"/api/sessions/{sid}/actions", json={"action": f"place:{pebble}", "version": 1}).json()
    assert sv["version"] == 2 and b.get(f"/api/sessions/{sid}").json()["view"]["placed"] == [pebble]
    undone = b.post(f"/api/sessions/{sid}/undo", json={"version": 2}).json()  # undo state lives in the database
    assert undone["version"] == 3 and undone["view"]["hand"] == [pebble]

    stale = a.post(f"/api/sessions/{sid}/actions", json={"action": "draw", "version": 2})
    assert stale.status_code == 409 and _untimed(stale.json()["current"]) == _untimed(undone)
    page = a.post(f"/play/{sid}/act", data={"action": "draw", "version": "1"}, headers={"HX-Request": "true"})
    assert page.status_code == 409 and 'data-version="3"' in page.text
    log = [(e["kind"], e["action"]) for e in b.get(f"/api/sessions/{sid}/log").json()]
    assert log == [("action", "draw"), ("action", f"place:{pebble}"), ("undo", f"place:{pebble}")]


def test_parallel_moves_split_across_two_apps_apply_once(two_clients):
    a, b = two_clients
    sid = a.post("/api/sessions", json={"game": "pebbles", "seed": 3}).json()["id"]
    barrier = threading.Barrier(8)

    def move(n: int) -> int:
        client = (a, b)[n % 2]
        barrier.wait()
        return client.post(f"/api/sessions/{sid}/actions", json={"action": "draw", "version": 0}).status_code

    with ThreadPoolExecutor(8) as pool:
        codes = sorted(pool.map(move, range(8)))
    assert codes == [200] + [409] * 7
    assert [e["seq"] for e in b.get(f"/api/sessions/{sid}/log").json()] == [1]


def _first_actions(sv: dict, count: int) -> list[str]:
    return [a["id"] for a in sv["legal_actions"][:count]]


@pytest.mark.slow
def test_two_uvicorn_servers_play_one_game_in_turn(db_url, tmp_path):
    upgrade(db_url)
    with running_server(db_url, tmp_path / "one.log") as one, running_server(db_url, tmp_path / "two.log") as two:
        sv = one.post("/api/sessions", json={"game": "adamastor", "seed": 11}).json()
        for turn in range(12):
            if sv["status"]["state"] != "in_progress":
                break
            server = (one, two)[turn % 2]
            answer = server.post(f"/api/sessions/{sv['id']}/actions",
                                 json={"action": _first_actions(sv, 1)[0], "version": sv["version"]})
            assert answer.status_code == 200, answer.text
            sv = answer.json()
            assert (two, one)[turn % 2].get(f"/api/sessions/{sv['id']}").json()["version"] == sv["version"]

        current = sv["version"]
        barrier = threading.Barrier(6)

        def move(n: int) -> int:
            barrier.wait()
            return (one, two)[n % 2].post(f"/api/sessions/{sv['id']}/actions",
                                          json={"action": _first_actions(sv, 1)[0], "version": current}).status_code

        with ThreadPoolExecutor(6) as pool:
            codes = sorted(pool.map(move, range(6)))
        assert codes == [200] + [409] * 5
        assert one.get(f"/api/sessions/{sv['id']}").json()["version"] == current + 1
        rid = two.get("/healthz", headers={"X-Request-ID": "probe-42"}).headers["X-Request-ID"]
        assert rid == "probe-42"
    logs = (tmp_path / "one.log").read_text() + (tmp_path / "two.log").read_text()
    assert '"request_id":"probe-42"' in logs and '"path":"/api/sessions' in logs
    assert '" 200 OK' not in logs  # uvicorn's own access log stays off


@pytest.mark.skipif(nginx_binary() is None, reason="no nginx binary here (set NGINX to one to run this)")
def test_the_load_balancer_spreads_one_game_over_both_replicas(db_url, tmp_path):
    upgrade(db_url)
    with running_server(db_url, tmp_path / "one.log") as one, running_server(db_url, tmp_path / "two.log") as two:
        with running_nginx(ROOT / "deploy" / "nginx.conf", [one.port, two.port], tmp_path) as lb:
            sv = lb.post("/api/sessions", json={"game": "adamastor", "seed": 5}).json()
            for _ in range(10):
                if sv["status"]["state"] != "in_progress":
                    break
                answer = lb.post(f"/api/sessions/{sv['id']}/actions",
                                 json={"action": _first_actions(sv, 1)[0], "version": sv["version"]})
                assert answer.status_code == 200, answer.text
                sv = answer.json()
            page = lb.get(f"/play/{sv['id']}", headers={"Accept-Encoding": "gzip"})
            assert page.status_code == 200 and page.headers.get("content-encoding") == "gzip"
            # A browser behind the balancer: its Origin carries the balancer's port, and so must the Host
            # the replicas see, or the app would take the form for another site's.
            own = f"http://127.0.0.1:{lb.port}"
            renamed = lb.post(f"/saves/{sv['id']}/rename", data={"name": "Through nginx"},
                              headers={"Origin": own, "Sec-Fetch-Site": "same-origin"})
            assert renamed.status_code in (200, 303), renamed.text[:300]
            assert lb.post(f"/saves/{sv['id']}/rename", data={"name": "x"},
                           headers={"Origin": "http://127.0.0.1:1"}).status_code == 403
    served = [(tmp_path / name).read_text().count('"path":"/api/sessions') for name in ("one.log", "two.log")]
    assert all(count > 0 for count in served), served  # both replicas took moves of the same game


def _is_postgres(url: str) -> bool:
    return make_url(url).get_backend_name() == "postgresql"


def test_replicas_starting_together_migrate_once(empty_db_url):
    db_url = empty_db_url
    if not _is_postgres(db_url):
        pytest.skip("the advisory lock is PostgreSQL's; SQLite serves one machine")
    holder = create_engine(db_url)
    with holder.connect() as conn:
        conn.execute(text("SELECT pg_advisory_lock(:k)"), {"k": MIGRATION_LOCK_KEY})
        conn.commit()
        waiting = threading.Thread(target=upgrade, args=(db_url,))
        waiting.start()
        time.sleep(1.0)
        assert waiting.is_alive()  # a replica with migrations to run waits while another holds the lock
        conn.execute(text("SELECT pg_advisory_unlock(:k)"), {"k": MIGRATION_LOCK_KEY})
        conn.commit()
        waiting.join(timeout=60)
        assert not waiting.is_alive()
    holder.dispose()

    with ThreadPoolExecutor(4) as pool:  # four more at once: all succeed, the schema stays at head
        list(pool.map(upgrade, [db_url] * 4))
    engine = create_engine(db_url)
    with engine.connect() as conn:
        head = ScriptDirectory(str(ROOT / "migrations")).get_current_head()
        assert conn.execute(text("SELECT version_num FROM alembic_version")).scalars().all() == [head]
    engine.dispose()


# ---------------------------------------------------------------- the compose file

def _compose(name: str = "compose.yaml") -> dict:
    return yaml.safe_load((ROOT / name).read_text())


def test_the_household_file_is_one_container_on_sqlite():
    services = _compose()["services"]
    assert list(services) == ["solo-shelf"]
    assert services["solo-shelf"]["environment"]["DATABASE_URL"].startswith("sqlite:")


def test_the_club_file_is_postgres_replicas_and_a_balancer():
    compose = _compose("compose.scale.yaml")
    services = compose["services"]
    assert set(services) == {"db", "app", "lb"}
    db, app, lb = services["db"], services["app"], services["lb"]
    assert db["image"].startswith("${POSTGRES_IMAGE:-postgres:") and "solo-shelf-pg" in compose["volumes"]
    assert "POSTGRES_PASSWORD:?" in db["environment"]["POSTGRES_PASSWORD"]  # no default password
    assert app["environment"]["DATABASE_URL"].startswith("postgresql+psycopg://solo:")
    assert "@db:5432/" + db["environment"]["POSTGRES_DB"] in app["environment"]["DATABASE_URL"]
    assert app["deploy"]["replicas"] >= 2 and "ports" not in app  # reached only through the balancer
    assert app["command"][:4] == ["python", "-m", "app", "serve"] and "--workers" in app["command"]
    assert app["depends_on"]["db"]["condition"] == "service_healthy"
    assert lb["depends_on"]["app"]["condition"] == "service_healthy"
    mount = next(v for v in lb["volumes"] if v.endswith(":/etc/nginx/nginx.conf:ro"))
    conf = (ROOT / mount.split(":")[0]).read_text()
    assert "server app:8000" in conf and "proxy_set_header X-Request-ID" in conf
    assert f"listen {lb['ports'][0].split(':')[1]};" in conf
    # The replicas believe the balancer's X-Forwarded-* (and no one else reaches them), and get the Host
    # the browser used, port included, to check against ALLOWED_HOSTS and to compare an Origin with.
    assert app["environment"]["TRUSTED_PROXIES"] and "FORWARDED_ALLOW_IPS" not in app["environment"]
    assert "proxy_set_header Host $http_host;" in conf and "X-Forwarded-Proto $scheme" in conf
    for service in (_compose()["services"]["solo-shelf"], app):
        assert "localhost" in service["environment"]["ALLOWED_HOSTS"]


def test_postgres_has_room_for_every_pool():
    services = _compose("compose.scale.yaml")["services"]
    app, command = services["app"], services["db"]["command"]
    max_connections = int(next(c.split("=")[1] for c in command if c.startswith("max_connections=")))
    workers = int(app["command"][app["command"].index("--workers") + 1])
    pool = make_engine("postgresql+psycopg://solo@db/solo_shelf").pool  # the pool the app really uses
    per_process = pool.size() + pool._max_overflow  # noqa: SLF001 - no public accessor for the overflow
    needed = app["deploy"]["replicas"] * workers * per_process
    assert needed <= max_connections - 10, (needed, max_connections)  # room left for psql, backups, the lock


def test_a_replica_finding_the_schema_at_head_starts_without_the_lock(db_url):
    if not _is_postgres(db_url):
        pytest.skip("the advisory lock is PostgreSQL's; SQLite serves one machine")
    holder = create_engine(db_url)
    try:
        with holder.connect() as conn:
            conn.execute(text("SELECT pg_advisory_lock(:k)"), {"k": MIGRATION_LOCK_KEY})
            conn.commit()
            starting = threading.Thread(target=upgrade, args=(db_url,))
            starting.start()
            starting.join(timeout=30)
            assert not starting.is_alive()  # nothing to migrate: it did not queue behind the lock's holder
            conn.execute(text("SELECT pg_advisory_unlock(:k)"), {"k": MIGRATION_LOCK_KEY})
            conn.commit()
    finally:
        holder.dispose()
