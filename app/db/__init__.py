"""The database: the engine and its connections (`engine`), the tables (`models`), the migrations runner
(`migrate`), SQLite's write gate and checkpointer, and the private modes of the files it creates (`private`).

May import games/ and app.core.
"""
