"""The JSON API's routes (`/api/...`) and their schemas: thin routes that call app.shelf and map its
refusals to status codes, documented in the OpenAPI schema.

May import every layer up to app.http; never app.pages.
"""
