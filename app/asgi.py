"""The ASGI application uvicorn serves (`app.asgi:app`): see app.main.serving_app."""

from app.main import serving_app

app = serving_app()
