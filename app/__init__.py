"""Solo Shelf's web app, one folder per layer; each layer imports only the layers below it.

    games/ (the rules, outside app/)
    core      settings, domain errors, small primitives
    db, i18n  the database; words in the reader's language
    accounts  players, log-ins, names
    shelf     saved games without HTTP or HTML: sessions, moves, campaigns, timeline, files
    ui        HTML without routes: templating, the action bar, each game's board helpers
    http      the ASGI edge: who is asking, guards, capacity, error pages
    api, pages  JSON routes and HTML routes (never each other)
    main      create_app() wires them together (asgi.py and __main__.py are the entry points)
    ops       the command line, backups, the bench

tests/test_layers.py holds the rule.
"""
