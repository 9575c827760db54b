"""The ASGI application uvicorn serves (`app.asgi:app`)."""

import os

from app.main import create_app

app = create_app(run_migrations=os.environ.get("SOLO_SHELF_SKIP_MIGRATIONS") != "1")
