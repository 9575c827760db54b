"""The ASGI edge, before and around every route: who is asking (`auth`), the guards (hosts, origin,
proxies, body limit), the request log, the reader's language (`locale`), capacity under load, error pages.

May import every layer below it: games/, core, db, i18n, accounts, shelf, ui.
"""
