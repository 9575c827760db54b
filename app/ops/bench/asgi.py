"""The app a bench run serves (`app.ops.bench.asgi:app`): the real one, plus the bare-write route the bench
measures against (app/ops/bench/probe_route.py)."""

from app.main import serving_app
from app.ops.bench import probe_route

app = serving_app()
probe_route.install(app)
