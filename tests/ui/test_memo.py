"""memo(): board pieces rendered once per distinct argument list must be exactly what the macro draws."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from markupsafe import Markup

from app.shelf import moves
from app.ui import table, templating
from games.engine import Rng
from games.registry import all_engines

T = datetime(2026, 1, 1, tzinfo=UTC)


def _macro(source: str, name: str):  # noqa: ANN202 - a Jinja macro
    return getattr(templating.templates.env.from_string(source).module, name)


def test_memo_gives_the_macros_html_and_reuses_it() -> None:
    calls = []
    templating.templates.env.globals["_count"] = lambda: calls.append(1) or ""
    try:
        cell = _macro('{% macro cell(c, acts) %}{{ _count() }}<b title="{{ c.name }}">{{ acts | length }}</b>'
                      '{% endmacro %}', "cell")
        first = templating.memo(cell, {"name": "<x>"}, ["a"])
        again = templating.memo(cell, {"name": "<x>"}, ["a"])
        other = templating.memo(cell, {"name": "y"}, [])
    finally:
        del templating.templates.env.globals["_count"]
    assert first == Markup('<b title="&lt;x&gt;">1</b>') and again == first
    assert other == Markup('<b title="y">0</b>')
    assert len(calls) == 2  # the second call with equal arguments was not rendered again


def test_memo_renders_what_it_cannot_key_and_stays_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    echo = _macro("{% macro echo(x) %}[{{ x }}]{% endmacro %}", "echo")
    assert templating.memo(echo, object.__new__(type("Odd", (), {"__str__": lambda self: "odd"}))) == "[odd]"
    monkeypatch.setattr(templating, "MEMO_ENTRIES", 3)
    templating._MEMO.clear()
    for i in range(10):
        assert templating.memo(echo, i) == f"[{i}]"
        assert len(templating._MEMO) <= 3


@pytest.mark.slow  # seeded games drawn twice: make test runs it, make test-fast does not
@pytest.mark.parametrize("engine", all_engines(), ids=lambda e: e.spec.slug)
def test_boards_drawn_from_a_warm_cache_equal_boards_drawn_afresh(engine) -> None:  # noqa: ANN001
    """Every memoized piece depends on its arguments alone: a whole game's boards drawn with the cache warm
    from the earlier moves are the same HTML as drawn with it empty (every piece rendered afresh)."""
    bot = engine.bots["heuristic"]
    state, rng = engine.new_game(11, engine.spec.normalize_options(None)), Rng.from_seed(11)
    boards = 0
    for version in range(120):
        status = engine.status(state)
        sv = moves.SessionView("s1", engine.spec.slug, "x", version, status, engine.view(state),
                              [] if status.over else engine.legal_actions(state), [], True, T, T)
        context = table.board_context(sv)
        template = templating.templates.get_template(context["board_template"])
        warm = template.render(context)
        kept = dict(templating._MEMO)
        templating._MEMO.clear()
        fresh = template.render(context)
        templating._MEMO.update(kept)
        assert warm == fresh, f"{engine.spec.slug}: board {version} differs"
        boards += 1
        if status.over:
            break
        state, _ = engine.apply(state, bot.choose(engine, state, engine.legal_actions(state), rng))
    assert boards > 10
