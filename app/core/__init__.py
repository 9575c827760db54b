"""The ground floor: settings (`config`), the domain's errors (`errors`), fast JSON (`jsoncodec`), per-key locks.

Imports nothing from app/; may import games/ (for `Words`).
"""
