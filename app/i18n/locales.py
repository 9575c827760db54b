"""The languages of Solo Shelf and how a request's language is chosen."""

from __future__ import annotations

SUPPORTED = ("en", "es")
DEFAULT = "en"
PSEUDO = "qps"  # pseudo-locale for the untranslated-text checks (only when Settings.pseudo_locale is on)
NAMES = {"en": "English", "es": "Español"}


def pick(value: str | None, *, pseudo: bool = False) -> str | None:
    """`es`, `es-AR`, `EN` → a supported language; anything else → None."""
    if not value:
        return None
    base = value.strip().lower().replace("_", "-").split("-")[0]
    if base in SUPPORTED or (pseudo and base == PSEUDO):
        return base
    return None


def negotiate(header: str | None) -> str:
    """The best supported language of an `Accept-Language` header (q-values honoured), else English."""
    best, best_q = DEFAULT, 0.0
    for position, part in enumerate((header or "").split(",")[:20]):
        tag, _, params = part.strip().partition(";")
        q = 1.0
        for param in params.split(";"):
            key, _, val = param.strip().partition("=")
            if key == "q":
                try:
                    q = float(val)
                except ValueError:
                    q = 0.0
        lang = pick(tag)
        # Equal q: the earlier tag wins (strictly greater, and earlier tags are seen first).
        if lang and q > best_q and 0 < q <= 1:
            best, best_q = lang, q
        del position
    return best
