"""Command line: `python -m app serve | healthcheck | simulate | replay | bench | backup | reset-password`."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from app.core.config import Settings


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m app", description="Solo Shelf")
    sub = parser.add_subparsers(dest="command", required=True)

    serve = sub.add_parser("serve", help="start the web app (migrations run first)")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=_port(), help="the port (default: $PORT, else 8000)")
    serve.add_argument("--workers", type=int, default=1)
    serve.add_argument("--asgi", default="app.asgi:app", help=argparse.SUPPRESS)  # the bench serves its own

    sim = sub.add_parser("simulate", help="play many seeded games with a bot and summarise them")
    sim.add_argument("game")
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--bot", default="heuristic")
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="a game option")
    sim.add_argument("--campaign", action="store_true", help="play whole campaigns instead of single games")
    sim.add_argument("--advisor-deals", type=int, default=8, metavar="N",
                     help="with --bot advisor: playouts per option on each decision (default 8)")

    rep = sub.add_parser("replay", help="verify an exported save file by replaying it")
    rep.add_argument("file", type=Path)

    bench = sub.add_parser("bench", help="measure speed on a fresh database with simulated players")
    _add_bench_arguments(bench)

    health = sub.add_parser("healthcheck", help="exit 0 when the server on this machine answers /healthz")
    health.add_argument("--port", type=int, default=_port(), help="the server's port (default: $PORT, else 8000)")

    back = sub.add_parser("backup", help="copy the database (DATABASE_URL) to FILE while the server runs, and its "
                                         "seal key to FILE.seal.key")
    back.add_argument("file", type=Path)
    back.add_argument("--check", action="store_true", help="then replay every saved game in the copy (SQLite)")

    reset = sub.add_parser("reset-password", help="print a one-time link that sets a new password for NAME "
                                                  "(for an admin who forgot theirs)")
    reset.add_argument("name")
    reset.add_argument("--url", default=None,
                       help="the address players open the shelf at (default: http://localhost:$PORT)")

    args = parser.parse_args(argv)
    commands = {"serve": _serve, "healthcheck": _healthcheck, "simulate": _simulate, "replay": _replay,
                "bench": _bench, "backup": _backup, "reset-password": _reset_password}
    return commands[args.command](args)


def _port() -> int:
    """The port from $PORT (one variable for the server and its health check, as the Docker image uses it)."""
    raw = os.environ.get("PORT", "").strip()
    return int(raw) if raw.isascii() and raw.isdigit() and 0 < int(raw) < 65536 else 8000


def _healthcheck(args: argparse.Namespace) -> int:
    """The container's HEALTHCHECK: /healthz on this machine's port answers 200 within 4 s."""
    import urllib.request

    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{args.port}/healthz", timeout=4) as answer:
            return 0 if answer.status == 200 else 1
    except OSError as exc:
        print(f"unhealthy: {exc}", file=sys.stderr)
        return 1


def _data_folder_problem(settings: Settings) -> str | None:
    """Why the server cannot keep its files in DATA_DIR (it must create and write them there), or None."""
    from app.db.private import private_folder

    folder = settings.data_dir.resolve()
    try:
        private_folder(folder)  # 0700 when created here: it keeps the database and the seal key
        probe = folder / f".write-test-{os.getpid()}"
        probe.write_bytes(b"")
        probe.unlink()
    except OSError as exc:
        owner = f"uid {os.getuid()}, gid {os.getgid()}"
        return (f"cannot start: the data folder {folder} is not writable by this server ({owner}): {exc.strerror}. "
                f"The folder keeps the database and the seal key; it must belong to the user the server runs as. "
                f"For a folder mounted into the Docker image (which runs as uid 10001, gid 10001): "
                f"sudo chown -R 10001:10001 <the folder on the host>")
    return None


def _add_bench_arguments(parser: argparse.ArgumentParser) -> None:
    from app.ops.bench import add_arguments

    add_arguments(parser)


def _bench(args: argparse.Namespace) -> int:
    from app.ops.bench import run

    return run(args)


def _serve(args: argparse.Namespace) -> int:
    import uvicorn

    from app.core.config import Settings
    from app.db import migrate
    from app.shelf.files import seal_key

    settings = Settings()
    needs_folder = settings.resolved_database_url().startswith("sqlite") or not settings.seal_key.get_secret_value()
    problem = _data_folder_problem(settings) if needs_folder else None
    if problem:
        print(problem, file=sys.stderr)
        return 2
    try:
        seal_key.server_key(settings)  # created here, once, before the workers start and read it
    except (seal_key.SealKeyError, OSError) as exc:
        print(f"cannot start: {exc}", file=sys.stderr)
        return 2
    migrate.upgrade(settings.resolved_database_url())
    # Workers are separate processes; the migration already ran, so they skip it.
    os.environ["SOLO_SHELF_SKIP_MIGRATIONS"] = "1"
    print(f"Solo Shelf on http://{args.host}:{args.port} (database: {_safe_url(settings)})", flush=True)
    if os.environ.get("FORWARDED_ALLOW_IPS") and not settings.trusted_proxies:
        print("FORWARDED_ALLOW_IPS is no longer read: name the proxies in TRUSTED_PROXIES instead "
              "(docs/OPERATIONS.md).", file=sys.stderr, flush=True)
    uvicorn.run(
        args.asgi,
        host=args.host,
        port=args.port,
        workers=args.workers,
        log_level="warning",
        access_log=False,  # app/http/request_log.py writes one structured line per request instead
        # uvicorn would believe X-Forwarded-For from 127.0.0.1 by default: the app itself reads the
        # forwarded headers, from TRUSTED_PROXIES only (app/http/proxies.py).
        proxy_headers=False,
        # A request's headers are bounded: 431 past 32 KiB, before the rest is read (app/http/header_limit.py).
        http="app.http.header_limit:BoundedHttpToolsProtocol",
    )
    return 0


def _safe_url(settings: Settings) -> str:
    from sqlalchemy.engine import make_url

    return make_url(settings.resolved_database_url()).render_as_string(hide_password=True)


def _simulate(args: argparse.Namespace) -> int:
    from games.registry import UnknownGame, get_engine
    from games.simulate import simulate, simulate_campaigns

    try:
        engine = get_engine(args.game)
    except UnknownGame as exc:
        print(exc, file=sys.stderr)
        return 2
    options = dict(opt.split("=", 1) for opt in args.option if "=" in opt)
    try:
        if args.campaign:
            summary = simulate_campaigns(engine, bot=args.bot, games=args.games, seed=args.seed, options=options,
                                         progress=_progress_bar)
        else:
            summary = simulate(engine, bot=args.bot, games=args.games, seed=args.seed, options=options,
                               progress=_progress_bar, advisor_deals=args.advisor_deals)
    except ValueError as exc:
        print(f"\n{exc}", file=sys.stderr)
        return 2
    print(file=sys.stderr)
    title = engine.campaign.spec.title if args.campaign else engine.spec.title
    print(f"{title}, bot {args.bot}, seeds {args.seed}..{args.seed + args.games - 1}, options {options}")
    for line in summary.lines():
        print(line)
    return 0


def _progress_bar(done: int, total: int) -> None:
    width = 40
    filled = width * done // total
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total}")
    sys.stderr.flush()


def _replay(args: argparse.Namespace) -> int:
    """Verify a save file or a campaign file by replaying it (a sealed one with this server's key)."""
    from app.shelf.files import seal_key, sealing
    from app.shelf.files.campaign_files import CAMPAIGN_FORMAT, replay_campaign
    from app.shelf.files.parser import parse_json_file
    from app.shelf.files.savefile import ReplayError, check_save

    try:
        data = parse_json_file(args.file.read_bytes())
        if sealing.is_sealed(data):
            data = _open_sealed(data)
        if isinstance(data, dict) and data.get("format") == CAMPAIGN_FORMAT:
            run = replay_campaign(data)
            status = run.cengine.status(run.cstate)
            summary = (
                f"{run.cengine.spec.title}, {len(run.games)} game(s), "
                f"{sum(len(g.actions) for g in run.games)} actions replayed, {status.state}"
            )
        else:
            checked = check_save(data)
            status = checked.engine.status(checked.state)
            summary = f"{checked.engine.spec.title}, {len(checked.actions)} actions replayed, {status.state}"
            if checked.upgraded_from is not None:
                summary += (f" (made under rules version {checked.upgraded_from}, "
                            f"replayed and scored under version {checked.engine.spec.rules_version})")
    except (OSError, ValueError, seal_key.SealKeyError) as exc:
        kind = "refused" if isinstance(exc, ReplayError | sealing.SealRefused) else "unreadable"
        print(f"{args.file}: {kind}: {exc}", file=sys.stderr)
        return 1
    score = f", score {status.score}" if status.score is not None else ""
    print(f"{args.file}: OK — {summary}{score}")
    return 0


def _open_sealed(data: dict) -> dict:
    """A sealed file opened with the key of the server this command belongs to (same DATA_DIR or SEAL_KEY)."""
    from app.core.config import Settings
    from app.shelf.files import seal_key, sealing

    settings = Settings()
    key = seal_key.existing_key(settings)
    if key is None:
        raise sealing.SealRefused(
            "this file is sealed (a game in progress keeps its seed secret) and there is no seal key here: run "
            f"this command with the DATA_DIR (no {seal_key.key_path(settings)} found) or the SEAL_KEY of the "
            "server that exported it"
        )
    try:
        return sealing.Sealer(key).open(data)
    except sealing.SealedElsewhere:
        raise sealing.SealRefused(
            "this file was sealed by another server than the one whose key is here "
            f"({'SEAL_KEY' if settings.seal_key.get_secret_value().strip() else seal_key.key_path(settings)}): "
            "run this command with the DATA_DIR or the SEAL_KEY of the server that exported it"
        ) from None


def _backup(args: argparse.Namespace) -> int:
    """A consistent copy of the live database, and its seal key beside it (app/ops/backup.py, docs/OPERATIONS.md)."""
    from app.core.config import Settings
    from app.ops.backup import BackupError, backup, backup_seal_key, check_database

    settings = Settings()
    url = settings.resolved_database_url()
    try:
        print(backup(url, args.file))
        print(backup_seal_key(settings, args.file))
    except BackupError as exc:
        print(f"backup failed: {exc}", file=sys.stderr)
        return 1
    if args.check and url.startswith("sqlite"):
        report = check_database(f"sqlite:///{args.file.resolve()}")
        print(f"check: {report.sessions} saved game(s), {report.actions} log entries replayed")
        for line in report.skipped:
            print(f"  not replayed: {line}")
        for line in report.problems:
            print(f"  PROBLEM: {line}", file=sys.stderr)
        return 0 if report.ok else 1
    return 0


def _reset_password(args: argparse.Namespace) -> int:
    """A one-time reset link for a player (app/accounts/resets.py), printed for the operator to open or hand on."""
    from sqlalchemy.orm import Session

    from app.accounts import resets
    from app.accounts.players import AccountError
    from app.core.config import Settings
    from app.db import migrate
    from app.db.engine import make_engine

    url = Settings().resolved_database_url()
    migrate.upgrade(url)
    engine = make_engine(url)
    try:
        with Session(engine) as db:
            player = resets.find_player(db, args.name)
            if player is None:
                print(f"there is no player called {args.name!r} with an account here "
                      f"(database: {_safe_url(Settings())})", file=sys.stderr)
                return 1
            try:
                secret, expires = resets.make_link(db, player_id=player.id)
            except AccountError as exc:
                print(f"no reset link for {player.name}: {exc}", file=sys.stderr)
                return 1
            name = player.name
    finally:
        engine.dispose()
    base = (args.url or f"http://localhost:{_port()}").rstrip("/")
    print(f"A password reset link for {name}: it works once, within the hour (until {expires:%H:%M} UTC).")
    print(f"Open it in a browser and choose a new password; every log-in of {name} ends and their API tokens "
          "are revoked.")
    print(base + resets.reset_path(secret))
    return 0
