"""The ASGI application uvicorn serves (`app.asgi:app`)."""

import gc
import os

from app.main import create_app

app = create_app(run_migrations=os.environ.get("SOLO_SHELF_SKIP_MIGRATIONS") != "1")

# Everything built so far (modules, compiled templates, game data, the app) lives as long as the
# process: park it outside the garbage collector's reach. A full collection then walks ~13,000
# objects instead of ~150,000 (3.5 instead of 42 ms measured), and it stops every request while it runs.
gc.collect()
gc.freeze()
