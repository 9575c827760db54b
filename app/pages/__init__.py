"""The HTML pages' routes: library, game pages, the board and its moves, saves, campaigns, history,
replays, look closer, accounts. What several of them share is in `common`.

May import every layer up to app.http; never app.api.
"""
