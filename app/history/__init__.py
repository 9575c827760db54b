"""History and statistics of a player's games (issue #17): the list of every game, and the figures.

`stats` counts results per game, per option and per campaign (the /stats page and GET /api/stats);
`listing` filters and pages the games for the /history page. Both read only the player's own rows.
Replays (the state at any version) live in app/replays.py.
"""
