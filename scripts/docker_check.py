"""`make docker-check`: the Docker image built from this working tree, run and checked the way the README says.

    python scripts/docker_check.py [--scale] [--image solo-shelf:check] [--keep]

Every container runs on the host network and listens on 127.0.0.1 only (this machine has no Docker bridge; see
../shared/tools/docker-standin.sh). Each check prints PASS or FAIL with what it saw; the exit status is 1 when
one fails, 3 when no Docker engine answers (nothing was checked), 0 otherwise.

The default run checks: hadolint; `docker compose config` of both compose files (and that the scale one
refuses to run without POSTGRES_PASSWORD); the image's user (10001:10001); /healthz and the HEALTHCHECK turning
healthy on the default port and on another PORT; the first account's sign-up and a few moves of a game;
`docker stop` within 10 s with exit 0; a restart keeping the account and the game; a bind-mounted data folder
owned by 10001 working, a root-owned one refused with a message naming the owner it needs; `-w /tmp`.

--scale also runs the scale deployment (compose.scale.yaml): PostgreSQL, two app replicas started at the same
moment (both run the migrations: one migrates, the other waits for it) and nginx in front of them
(deploy/nginx.conf), and plays a game through the balancer, which must reach both replicas. The images come
from POSTGRES_IMAGE and NGINX_IMAGE (default: the official ones; stand-ins from docker-standin.sh here).
"""

from __future__ import annotations

import argparse
import base64
import os
import re
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
PASSWORD = "a long and secret passphrase"
CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')
PREFIX = "solo-shelf-check-"


# ---------------------------------------------------------------- running things

def run(*args: str, check: bool = True, timeout: float = 600, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run(args, capture_output=True, text=True, check=check, timeout=timeout, **kwargs)


def docker(*args: str, check: bool = True, timeout: float = 600) -> str:
    return run("docker", *args, check=check, timeout=timeout).stdout.strip()


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def port_free(port: int) -> bool:
    with socket.socket() as sock:
        try:
            sock.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


@dataclass
class Report:
    failed: list[str] = field(default_factory=list)
    figures: list[str] = field(default_factory=list)

    def check(self, name: str, ok: bool, seen: str = "") -> bool:
        print(f"{'PASS' if ok else 'FAIL'}  {name}{f' ({seen})' if seen else ''}", flush=True)
        if not ok:
            self.failed.append(name)
        return ok

    def attempt(self, name: str, step: Callable[[], str]) -> bool:
        """`step` returns what it saw, or raises (AssertionError, a subprocess or HTTP error) on failure."""
        try:
            return self.check(name, True, step())
        except (AssertionError, subprocess.SubprocessError, httpx.HTTPError, OSError, KeyError, ValueError) as exc:
            detail = exc.stderr.strip()[-300:] if isinstance(exc, subprocess.CalledProcessError) else str(exc)
            return self.check(name, False, detail or type(exc).__name__)


class Container:
    """A container of the image on the host network; removed when done."""

    def __init__(self, image: str, *, port: int, env: dict[str, str] | None = None, mounts: list[str] = (),
                 workdir: str = "", name: str = "", set_port: bool = True) -> None:
        self.name = name or PREFIX + secrets.token_hex(3)
        self.port = port
        # The image's own HEALTHCHECK command, asked every 2 s instead of every 30 s so the check is quick (an
        # engine older than API 1.44, as here, has no --health-start-interval).
        args = ["run", "-d", "--name", self.name, "--network", "host", "--health-interval", "2s",
                "-e", "ALLOWED_HOSTS=127.0.0.1,localhost"]
        if set_port:
            args += ["-e", f"PORT={port}"]
        for key, value in (env or {}).items():
            args += ["-e", f"{key}={value}"]
        for mount in mounts:
            args += ["-v", mount]
        if workdir:
            args += ["-w", workdir]
        docker(*args, image)
        self.url = f"http://127.0.0.1:{port}"

    def state(self, what: str) -> str:
        return docker("inspect", "-f", "{{" + what + "}}", self.name, check=False)

    def health(self, seconds: float = 120) -> str:
        """The health status once it is no longer 'starting' (or 'exited' if the container stopped)."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            # One inspect for both: the engine marks a container that has just exited 'unhealthy', so two
            # separate reads could see it running and then unhealthy when it had in fact stopped.
            status, _, health = self.state(".State.Status}} {{.State.Health.Status").partition(" ")
            if status == "exited":
                return "exited"
            if health != "starting":
                return health
            time.sleep(0.5)
        return "starting"

    def exited(self, seconds: float = 60) -> bool:
        """Whether the container stops by itself within `seconds`."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if self.state(".State.Status") == "exited":
                return True
            time.sleep(0.5)
        return False

    def logs(self) -> str:
        return run("docker", "logs", self.name, check=False).stdout + run("docker", "logs", self.name,
                                                                          check=False).stderr

    def remove(self) -> None:
        run("docker", "rm", "-f", self.name, check=False)


# ---------------------------------------------------------------- a player of the shelf

class Player:
    def __init__(self, url: str) -> None:
        self.http = httpx.Client(base_url=url, timeout=30, follow_redirects=False)
        self.csrf = ""

    def _token(self, path: str) -> str:
        found = CSRF.search(self.http.get(path).text)
        assert found, f"no CSRF field on {path}"
        return found.group(1)

    def sign_up(self, name: str) -> None:
        token = self._token("/signup")
        answer = self.http.post("/signup", data={"csrf_token": token, "name": name, "password": PASSWORD,
                                                 "confirm": PASSWORD})
        assert answer.status_code == 303, f"sign-up answered {answer.status_code}"
        self.csrf = self._token("/settings")

    def log_in(self, name: str) -> None:
        token = self._token("/login")
        answer = self.http.post("/login", data={"csrf_token": token, "name": name, "password": PASSWORD})
        assert answer.status_code == 303, f"log-in answered {answer.status_code}"
        self.csrf = self._token("/settings")

    def new_game(self, game: str = "adamastor", seed: int = 7) -> str:
        answer = self.http.post(f"/games/{game}/new", data={"csrf_token": self.csrf, "seed": str(seed)})
        assert answer.status_code == 303, f"a new game answered {answer.status_code}"
        return answer.headers["location"].rsplit("/", 1)[1]

    def session(self, sid: str) -> dict:
        answer = self.http.get(f"/api/sessions/{sid}")
        assert answer.status_code == 200, f"the game answered {answer.status_code}"
        return answer.json()

    def moves(self, sid: str, count: int) -> dict:
        sv = self.session(sid)
        for _ in range(count):
            action = sv["legal_actions"][0]["id"]
            answer = self.http.post(f"/api/sessions/{sid}/actions", json={"action": action, "version": sv["version"]},
                                    headers={"X-CSRF-Token": self.csrf})
            assert answer.status_code == 200, f"a move answered {answer.status_code}: {answer.text[:200]}"
            sv = answer.json()
        return sv


# ---------------------------------------------------------------- the checks

def static_checks(report: Report) -> None:
    hadolint = (shutil.which("hadolint") or shutil.which("hadolint", path=str(Path(sys.executable).parent))
                or "/var/tmp/docker-standin/tools/bin/hadolint")
    report.attempt("hadolint: the Dockerfile is clean at the default threshold",
                   lambda: run(hadolint, "Dockerfile", cwd=ROOT).stdout.strip() or "no finding")

    def compose_config() -> str:
        env = {k: v for k, v in os.environ.items() if k != "POSTGRES_PASSWORD"}
        run("docker", "compose", "-f", "compose.yaml", "config", "--quiet", cwd=ROOT, env=env)
        refused = run("docker", "compose", "-f", "compose.scale.yaml", "config", "--quiet", cwd=ROOT, env=env,
                      check=False)
        assert refused.returncode != 0 and "POSTGRES_PASSWORD" in refused.stderr, "the scale file ran without it"
        run("docker", "compose", "-f", "compose.scale.yaml", "config", "--quiet", cwd=ROOT,
            env={**env, "POSTGRES_PASSWORD": "check"})
        return "compose.yaml valid; compose.scale.yaml valid, and refused without POSTGRES_PASSWORD"

    report.attempt("docker compose config: both deployments", compose_config)


def image_checks(report: Report, image: str, scratch: Path) -> None:
    report.attempt("the image runs as 10001:10001 (numeric, for orchestrators that verify non-root)",
                   lambda: _user(image))
    default_port = 8000
    if port_free(default_port):
        box = Container(image, port=default_port, set_port=False)
        try:
            report.attempt("HEALTHCHECK healthy on the default port 8000",
                           lambda: _healthy(box))
        finally:
            box.remove()
    else:
        report.check("HEALTHCHECK healthy on the default port 8000", True, "not run: 8000 is taken on this machine")

    data = scratch / "data"
    data.mkdir()
    os.chown(data, 10001, 10001)
    box = Container(image, port=free_port(), mounts=[f"{data}:/app/data"])
    try:
        started = time.monotonic()
        if not report.attempt("HEALTHCHECK healthy with PORT set, a bind-mounted folder owned by 10001",
                              lambda: _healthy(box) + f", in {time.monotonic() - started:.1f} s"):
            return
        report.figures.append(f"start to healthy: {time.monotonic() - started:.1f} s")
        player = Player(box.url)
        game: dict[str, str] = {}

        def play() -> str:
            player.sign_up("Ana")
            game["id"] = player.new_game()
            sv = player.moves(game["id"], 3)
            game["version"] = str(sv["version"])
            return f"account Ana, game {game['id']} at version {sv['version']}"

        if not report.attempt("/healthz, the first account's sign-up and three moves of a game", play):
            return

        def stop() -> str:
            began = time.monotonic()
            docker("stop", "-t", "10", box.name, timeout=60)
            took = time.monotonic() - began
            code = box.state(".State.ExitCode")
            assert took < 10 and code == "0", f"stopped in {took:.1f} s with exit code {code}"
            return f"stopped in {took:.1f} s, exit code 0"

        report.attempt("docker stop: a clean exit within 10 s", stop)

        def restart() -> str:
            docker("start", box.name)
            _healthy(box)
            again = Player(box.url)
            again.log_in("Ana")
            version = str(again.session(game["id"])["version"])
            assert version == game["version"], f"version {version} after the restart"
            return f"Ana logs in, game {game['id']} still at version {version}"

        report.attempt("a restart keeps the account and the game", restart)
    finally:
        box.remove()

    def wrong_owner() -> str:
        root_owned = scratch / "root-owned"
        root_owned.mkdir(mode=0o755)
        os.chown(root_owned, 0, 0)
        refused = Container(image, port=free_port(), mounts=[f"{root_owned}:/app/data"])
        try:
            stopped = refused.exited(60)
            logs = refused.logs()
            assert stopped, f"the container still runs ({refused.state('.State.Health.Status')}): {logs[-400:]}"
            assert "uid 10001" in logs and "chown -R 10001:10001" in logs, logs[-400:]
            return "it stops, saying: " + next(line for line in logs.splitlines() if "uid 10001" in line)[:160] + "…"
        finally:
            refused.remove()

    report.attempt("a root-owned data folder is refused with the owner it needs", wrong_owner)

    def elsewhere() -> str:
        box = Container(image, port=free_port(), workdir="/tmp")
        try:
            return _healthy(box) + ", " + Player(box.url).http.get("/healthz").text
        finally:
            box.remove()

    report.attempt("started from another working directory (-w /tmp)", elsewhere)


def _user(image: str) -> str:
    configured = docker("image", "inspect", "-f", "{{.Config.User}}", image)
    ran = run("docker", "run", "--rm", "--network", "host", "--entrypoint", "id", image).stdout.strip()
    assert configured == "10001:10001" and "uid=10001" in ran and "gid=10001" in ran, (configured, ran)
    return f"USER {configured}; {ran}"


def _healthy(box: Container) -> str:
    status = box.health()
    assert status == "healthy", f"health {status}: {box.logs()[-400:]}"
    answer = httpx.get(f"{box.url}/healthz", timeout=10)
    assert answer.status_code == 200, f"/healthz answered {answer.status_code}"
    return f"healthy on port {box.port}"


# ---------------------------------------------------------------- the scale deployment

def scale_checks(report: Report, image: str, scratch: Path) -> None:
    pg_image = os.environ.get("POSTGRES_IMAGE", "postgres:16-alpine")
    nginx_image = os.environ.get("NGINX_IMAGE", "nginx:1.27-alpine")
    pg_port, seal = free_port(), base64.b64encode(secrets.token_bytes(32)).decode()
    boxes: list[str] = []
    try:
        db = PREFIX + "db"
        # LANG: a UTF-8 database (the stand-in's initdb would otherwise make an SQL_ASCII one, which psycopg answers
        # in bytes); the official image is UTF-8 anyway.
        docker("run", "-d", "--name", db, "--network", "host", "-e", "LANG=C.UTF-8", "-e", "POSTGRES_USER=solo",
               "-e", "POSTGRES_PASSWORD=check-pw", "-e", "POSTGRES_DB=solo_shelf", "-e", f"PGPORT={pg_port}",
               pg_image, *([] if "standin" in pg_image else ["-c", "listen_addresses=127.0.0.1"]))
        boxes.append(db)
        if not report.attempt(f"PostgreSQL ({pg_image}) ready", lambda: _pg_ready(db, pg_port)):
            return
        url = f"postgresql+psycopg://solo:check-pw@127.0.0.1:{pg_port}/solo_shelf"
        env = {"DATABASE_URL": url, "SEAL_KEY": seal, "TRUSTED_PROXIES": "127.0.0.1"}
        began = time.monotonic()
        replicas = [Container(image, port=free_port(), env=env, name=f"{PREFIX}app{n}") for n in (1, 2)]
        boxes += [r.name for r in replicas]

        def both_up() -> str:
            for replica in replicas:
                _healthy(replica)
            took = time.monotonic() - began
            heads = docker("exec", "-e", "PGPASSWORD=check-pw", db, "psql", "-h", "127.0.0.1", "-p", str(pg_port),
                           "-U", "solo", "-d", "solo_shelf", "-tAc", "SELECT version_num FROM alembic_version")
            assert len(heads.split()) == 1, f"alembic_version holds {heads!r}"
            report.figures.append(f"two replicas started together, both healthy after {took:.1f} s")
            return f"both healthy after {took:.1f} s; the schema at one head, {heads}"

        if not report.attempt("two replicas started at the same moment on one database", both_up):
            return
        lb_port = free_port()
        conf = _nginx_conf(lb_port, [r.port for r in replicas], scratch)
        lb = PREFIX + "lb"
        docker("run", "-d", "--name", lb, "--network", "host", "-v", f"{conf}:/etc/nginx/nginx.conf:ro", nginx_image)
        boxes.append(lb)

        def through_the_balancer() -> str:
            _wait_http(f"http://127.0.0.1:{lb_port}/healthz")
            player = Player(f"http://127.0.0.1:{lb_port}")
            player.sign_up("Ana")
            sid = player.new_game("nemos_war", 3)
            began = time.monotonic()
            sv = player.moves(sid, 30)
            took = time.monotonic() - began
            served = {r.name: r.logs().count(f'"path":"/api/sessions/{sid}/actions"') for r in replicas}
            assert all(served.values()), f"moves per replica: {served}"
            report.figures.append(f"30 moves through the balancer in {took:.1f} s ({30 / took:.0f} moves/s), "
                                  f"served by the replicas {sorted(served.values())}")
            return f"version {sv['version']}; moves per replica {sorted(served.values())}"

        report.attempt("a game played through the balancer reaches both replicas", through_the_balancer)
    finally:
        for name in boxes:
            run("docker", "rm", "-f", name, check=False)


def _pg_ready(name: str, port: int) -> str:
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        ok = run("docker", "exec", name, "pg_isready", "-h", "127.0.0.1", "-p", str(port), check=False)
        if ok.returncode == 0:
            return ok.stdout.strip()
        time.sleep(1)
    raise AssertionError("pg_isready never answered")


def _nginx_conf(port: int, upstreams: list[int], scratch: Path) -> Path:
    """deploy/nginx.conf as shipped, with the replicas and the listening port moved onto loopback."""
    text = (ROOT / "deploy" / "nginx.conf").read_text()
    servers = "".join(f"server 127.0.0.1:{p} max_fails=3 fail_timeout=10s;\n        " for p in upstreams)
    assert "server app:8000 max_fails=3 fail_timeout=10s;" in text and "listen 80;" in text
    text = (text.replace("server app:8000 max_fails=3 fail_timeout=10s;\n        ", servers)
            .replace("listen 80;", f"listen 127.0.0.1:{port};"))
    conf = scratch / "nginx.conf"
    conf.write_text(text)
    conf.chmod(0o644)
    return conf


def _wait_http(url: str, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if httpx.get(url, timeout=2).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.5)
    raise AssertionError(f"{url} never answered")


# ---------------------------------------------------------------- main

def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", action="store_true", help="also run the scale deployment")
    parser.add_argument("--image", default="solo-shelf:check")
    parser.add_argument("--keep", action="store_true", help="keep the image afterwards")
    args = parser.parse_args(argv)
    if run("docker", "info", check=False, timeout=30).returncode != 0:
        print("SKIP  no Docker engine answers here (`docker info` failed): nothing was checked. On this machine, "
              "bash ../shared/tools/docker-standin.sh starts one.")
        return 3
    report = Report()
    static_checks(report)
    began = time.monotonic()
    built = report.attempt("the image builds from the working tree",
                           lambda: docker("build", "--network", "host", "-q", "-t", args.image, ".", timeout=1200)[:19])
    if built:
        size = int(docker("image", "inspect", "-f", "{{.Size}}", args.image)) / 1e6
        report.figures.append(f"image built in {time.monotonic() - began:.0f} s, {size:.0f} MB")
        with tempfile.TemporaryDirectory(prefix="docker-check-") as tmp:
            scratch = Path(tmp)
            image_checks(report, args.image, scratch)
            if args.scale:
                scale_checks(report, args.image, scratch)
    print("\n".join(["", "Figures:"] + [f"  {line}" for line in report.figures]))
    if report.failed:
        print(f"\n{len(report.failed)} check(s) failed: " + "; ".join(report.failed))
        return 1
    print("\nevery check passed")
    return 0


if __name__ == "__main__":
    os.chdir(ROOT)
    sys.exit(main())
