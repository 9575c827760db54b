"""Walk a bot's game and render the board from the template alone (no HTTP), so that the word checks of issue
#15 can look at every state a bot reaches quickly. Shared by the games' test_words modules."""

from __future__ import annotations

import re
from collections import deque
from datetime import UTC, datetime
from html import unescape

from app.i18n import context as i18n_context
from app.shelf.moves import SessionView, log_lines
from app.ui import table
from app.ui.templating import templates
from games.engine import Rng


def walk(engine, seed: int, bot: str, options=None):
    """(state, log tail so far) after every move of a bot's game, the log tail as the app keeps it."""
    state, rng = engine.new_game(seed, engine.spec.normalize_options(options)), Rng.from_seed(seed)
    tail = [{"seq": 1, "kind": "setup", "text": line} for line in getattr(state, "log", ())]
    yield state, tail
    seq = 1
    for _ in range(3000):
        if engine.status(state).over:
            return
        actions = engine.legal_actions(state)
        state, events = engine.apply(state, engine.bots[bot].choose(engine, state, actions, rng))
        seq += 1
        tail = (tail + log_lines(seq, "action", "x", [e.to_json() for e in events]))[-40:]
        yield state, tail


def last(steps):
    """The final (state, log tail) of a walk."""
    return deque(steps, maxlen=1)[0]


def render(engine, state, tail=(), locale: str = "en") -> str:
    """The game's board.html for this state, as the play page would draw it in `locale` ("qps": the pseudo-locale
    of tests/support/i18n_check.py)."""
    with i18n_context.using(locale, engine.spec.slug):
        return _render(engine, state, tail)


def _render(engine, state, tail) -> str:
    slug = engine.spec.slug
    view, status = engine.view(state), engine.status(state)
    actions = [] if status.over else engine.legal_actions(state)
    now = datetime.now(UTC)
    sv = SessionView(id="s1", game=slug, name="Words", version=9, status=status, view=view, legal_actions=actions,
                     log_tail=list(tail), can_undo=False, created_at=now, updated_at=now)
    context = table.board_context(sv)
    return templates.env.get_template(context["board_template"]).render(context)


def text_of(html: str) -> str:
    """The words of a page, tags dropped and spaces squeezed."""
    return " ".join(unescape(re.sub(r"<title>.*?</title>|<[^>]+>", " ", html, flags=re.S)).split())
