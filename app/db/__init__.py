"""The database: the engine and its connections (`engine`), the tables (`models`), the migrations runner
(`migrate`), SQLite's write gate and checkpointer.

May import games/ and app.core.
"""
