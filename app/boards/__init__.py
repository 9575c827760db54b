"""Where each game draws its actions on its board: one module per game, registered in app/web.py."""
