# Solo Shelf as a self-hosted container: one process serving the app on $PORT (8000 by default), its SQLite
# database and seal key kept in the /app/data volume. Migrations run when the server starts.
# Runs as uid:gid 10001:10001; a folder bind-mounted on /app/data must belong to them (README, Docker).
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PYTHONPATH=/app

WORKDIR /app

# The dependencies, pinned with their hashes (requirements.lock, `make lock` refreshes it): this layer is
# rebuilt only when the lock changes, and a build takes the same versions on any day.
COPY requirements.lock ./
RUN pip install --no-deps --require-hashes -r requirements.lock

# The app itself: one copy, here, with its templates, static files, migrations and catalogs beside it
# (PYTHONPATH=/app: `python -m app` finds it from any working directory). Every catalog compiled, as
# `make catalogs` does, and every module byte-compiled now (the app's user cannot write here).
COPY . .
RUN for po in ./app/i18n/locale/*/LC_MESSAGES/*.po ./games/*/locale/*/LC_MESSAGES/*.po; do \
        pybabel -q compile -i "$po" -o "${po%.po}.mo" || exit 1; \
    done \
    && python -m compileall -q ./app ./games ./migrations

RUN groupadd --system --gid 10001 solo \
    && useradd --system --uid 10001 --gid 10001 --home-dir /app --no-create-home solo \
    && mkdir -p /app/data \
    && chown 10001:10001 /app/data \
    && chmod 0700 /app/data

# Accounts on: everyone who reaches the container logs in and sees only their own games
# (docs/OPERATIONS.md: the first account is the admin; set COOKIE_SECURE=1 behind HTTPS).
# ALLOWED_HOSTS: the host names the app answers to; any other Host gets 400 (DNS rebinding). Add the
# name or address players type, e.g. `docker run -e ALLOWED_HOSTS=shelf.lan,192.168.1.20,localhost ...`.
# PORT: the port the server listens on and its health check asks (`docker run -e PORT=8462 ...`).
ENV DATA_DIR=/app/data \
    DATABASE_URL=sqlite:////app/data/solo-shelf.db \
    AUTH_MODE=accounts \
    ALLOWED_HOSTS=localhost,127.0.0.1,[::1] \
    PORT=8000

USER 10001:10001
VOLUME /app/data
EXPOSE 8000

# /healthz on $PORT (it answers any Host), every 30 s. compose.yaml asks every second while a server starts
# (`start_interval`, which the legacy builder cannot read here); `docker run --health-start-interval=1s` does too.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
    CMD ["python", "-m", "app", "healthcheck"]

CMD ["python", "-m", "app", "serve", "--host", "0.0.0.0"]
