# Solo Shelf as a self-hosted container: one process serving the app on port 8000,
# its SQLite database kept in the /app/data volume. Migrations run when the server starts.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /app

# Dependencies first, read from pyproject.toml, so this layer is rebuilt only when they change.
COPY pyproject.toml ./
RUN python -c "import tomllib; print('\n'.join(tomllib.load(open('pyproject.toml', 'rb'))['project']['dependencies']))" \
        > /tmp/requirements.txt \
    && pip install -r /tmp/requirements.txt \
    && rm /tmp/requirements.txt

# The project itself (non-editable). The source tree stays in /app because the app finds its
# templates, static files and migrations next to the `app` package, and `python -m app` run from
# /app imports that copy.
COPY . .
# The translations (app/i18n): every catalog compiled, as `make catalogs` does.
RUN pip install --no-deps . \
    && rm -rf build *.egg-info \
    && for po in app/i18n/locale/*/LC_MESSAGES/*.po games/*/locale/*/LC_MESSAGES/*.po; do \
         pybabel -q compile -i "$po" -o "${po%.po}.mo" || exit 1; done

RUN useradd --system --uid 10001 --user-group --home-dir /app --no-create-home solo \
    && mkdir -p /app/data \
    && chown solo:solo /app/data

# Accounts on: everyone who reaches the container logs in and sees only their own games
# (docs/OPERATIONS.md: the first account is the admin; set COOKIE_SECURE=1 behind HTTPS).
# ALLOWED_HOSTS: the host names the app answers to; any other Host gets 400 (DNS rebinding). Add the
# name or address players type, e.g. `docker run -e ALLOWED_HOSTS=shelf.lan,192.168.1.20,localhost ...`.
# The HEALTHCHECK below works whatever it says (/healthz answers any host).
ENV DATA_DIR=/app/data \
    DATABASE_URL=sqlite:////app/data/solo-shelf.db \
    AUTH_MODE=accounts \
    ALLOWED_HOSTS=localhost,127.0.0.1,[::1]

USER solo
VOLUME /app/data
EXPOSE 8000

# python:3.11-slim has no curl; urlopen raises (non-zero exit) on any error or non-2xx answer.
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
    CMD ["python", "-c", "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/healthz', timeout=4)"]

CMD ["python", "-m", "app", "serve", "--host", "0.0.0.0", "--port", "8000"]
