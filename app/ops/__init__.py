"""Running the shelf: the command line (`cli`), backups (`backup`), the bench (`bench/`).

May import everything, app.main included.
"""
