"""The /history and /stats pages (issue #17): every game of the player, filters, pages, links, figures, chart."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

from sqlalchemy import update

from app.db.models import GameSession
from app.shelf import history
from tests.i18n import test_app_spanish
from tests.shelf.test_stats import play_out
from tests.support.accountkit import accounts_app, sign_up

# The pseudo-locale's fixtures: an app in single mode that knows `qps`, and its stub game Tally.
single, tally = test_app_spanish.single, test_app_spanish.tally


def _sessions(html: str) -> list[str]:
    return re.findall(r'<tr data-session="([^"]+)"', html)


def _age(app, ids: list[str]) -> None:
    """Started one minute apart, in the order of `ids` (the last one is the newest)."""
    start = datetime(2026, 3, 1, tzinfo=UTC)
    with app.state.sessionmaker() as db:
        for n, sid in enumerate(ids):
            db.execute(update(GameSession).where(GameSession.id == sid)
                       .values(created_at=start + timedelta(minutes=n)))
        db.commit()


def test_every_game_newest_first_with_its_links_and_filters(app, client):
    won = [play_out(client.request, "call_to_adventure", seed) for seed in range(3)]
    nemo = client.post("/api/sessions", json={"game": "nemos_war", "seed": 4,
                                              "options": {"commitment": "war", "pursuit": "on"}}).json()["id"]
    platformer = client.post("/api/sessions", json={"game": "platformer", "seed": 5, "name": "Tower run"}).json()["id"]
    ids = [sid for sid, _, _ in won] + [nemo, platformer]
    _age(app, ids)

    page = client.get("/history")
    assert page.status_code == 200
    assert _sessions(page.text) == list(reversed(ids))
    row = page.text.split(f'data-session="{platformer}"')[1].split("</tr>")[0]
    assert f'href="/play/{platformer}"' in row and f'href="/play/{platformer}/replay"' in row
    assert 'translate="no">Tower run<' in row and "In progress" in row
    nemo_row = page.text.split(f'data-session="{nemo}"')[1].split("</tr>")[0]
    assert "Nemo&#39;s commitment: War!" in nemo_row and "Relentless Pursuit: On" in nemo_row
    first, result, score = won[0]
    first_row = page.text.split(f'data-session="{first}"')[1].split("</tr>")[0]
    version = client.get(f"/api/sessions/{first}").json()["version"]
    assert f'data-actions="{version}"' in first_row and "Ended " in first_row
    assert f'data-score="{score}"' in first_row and f'data-result="{result}"' in page.text

    by_game = client.get("/history", params={"game": "call_to_adventure"})
    assert _sessions(by_game.text) == [sid for sid, _, _ in reversed(won)]
    for wanted in ("won", "lost", "in_progress"):
        only = client.get("/history", params={"result": wanted})
        expected = [sid for sid, r, _ in reversed(won) if r == wanted]
        if wanted == "in_progress":
            expected = [platformer, nemo]
        assert _sessions(only.text) == expected, wanted
    by_option = client.get("/history", params={"option": "commitment=war"})
    assert _sessions(by_option.text) == [nemo]
    assert _sessions(client.get("/history", params={"option": "commitment=science"}).text) == []
    assert "No game matches these filters." in client.get("/history?result=finished&game=platformer").text
    # Odd values are ignored rather than refused.
    assert len(_sessions(client.get("/history?game=chess&result=maybe&page=x&option=junk").text)) == 5
    # Digits that are not 0-9 (superscripts, circled numbers) and a page number too long for int() alike.
    for odd in ("²", "③", "1¹", "9" * 5000):
        answer = client.get("/history", params={"page": odd})
        assert answer.status_code == 200 and len(_sessions(answer.text)) == 5, odd[:10]


def test_the_history_comes_in_pages(app, client, monkeypatch):
    monkeypatch.setattr(history, "PER_PAGE", 2)
    ids = [client.post("/api/sessions", json={"game": "platformer", "seed": n}).json()["id"] for n in range(5)]
    _age(app, ids)
    first = client.get("/history?game=platformer")
    assert _sessions(first.text) == [ids[4], ids[3]]
    assert 'rel="next" href="/history?game=platformer&amp;page=2"' in first.text and 'rel="prev"' not in first.text
    second = client.get("/history?game=platformer&page=2")
    assert _sessions(second.text) == [ids[2], ids[1]] and 'rel="prev"' in second.text
    last = client.get("/history?game=platformer&page=3")
    assert _sessions(last.text) == [ids[0]] and 'rel="next"' not in last.text


def test_a_campaign_s_game_links_to_its_campaign(client, pebbles):
    campaign = client.post("/api/campaigns", json={"game": "pebbles", "seed": 3, "name": "Cape run"}).json()
    sid = campaign["current_session"]
    assert sid
    row = client.get("/history").text.split(f'data-session="{sid}"')[1].split("</tr>")[0]
    assert f'href="/campaigns/{campaign["id"]}"' in row and 'translate="no">Cape run<' in row
    assert "Game 1 of" in row
    stats = client.get("/stats").text
    assert 'data-campaigns="1"' in stats


def test_the_statistics_page_shows_the_figures_and_a_chart(client):
    played = [play_out(client.request, "call_to_adventure", seed) for seed in range(3)]
    played.append(play_out(client.request, "call_to_adventure", 9, {"victory": "V5"}, bot="random"))
    page = client.get("/stats")
    assert page.status_code == 200
    section = page.text.split('id="stats-call_to_adventure"')[1].split("</section>")[0]
    figures = client.get("/api/stats?game=call_to_adventure").json()["games"]["call_to_adventure"]
    assert f'data-figure="played">{figures["played"]}<' in section
    assert f'data-figure="won">{figures["won"]}<' in section
    assert f'data-figure="best_streak">{figures["best_streak"]}<' in section
    # The chart: one dot per ended game, its caption, and the same scores as a table.
    chart = section.split('<figure class="score-chart"')[1].split("</figure>")[0]
    assert chart.count("<circle") == 4 and 'role="img"' in chart and "aria-labelledby=" in chart
    assert "Scores of your last 4 ended games of Call to Adventure" in chart
    for _, _, score in played:
        assert f"<td>{score}</td>" in chart
    # Per option: the victory card was varied.
    assert 'data-option="victory"' in section and "A Myth for All Time (hardest)" in section
    assert 'data-option="deal"' not in section
    # ... each choice with its results as a stacked bar: V5's one game, lost or won, fills it.
    v5 = section.split("A Myth for All Time (hardest)")[1].split("</tr>")[0]
    assert v5.count("<rect") == 1 and 'width="100.00"' in v5
    # Games never played are named, not drawn.
    assert 'id="stats-platformer"' not in page.text and 'href="/games/platformer"' in page.text
    nav = page.text.split("<nav")[1]
    assert 'href="/stats" aria-current="page"' in nav and 'href="/history"' in nav


def test_each_player_sees_only_their_own_history_and_figures(db_url):
    with accounts_app(db_url) as app:
        ana, bea = sign_up(app, "Ana"), sign_up(app, "Bea")
        mine, _, _ = play_out(ana.api, "call_to_adventure", 0)
        theirs = bea.api("POST", "/api/sessions", json={"game": "platformer", "seed": 1}).json()["id"]
        assert _sessions(ana.client.get("/history").text) == [mine]
        assert _sessions(bea.client.get("/history").text) == [theirs]
        assert 'id="stats-call_to_adventure"' in ana.client.get("/stats").text
        bea_stats = bea.client.get("/stats").text
        assert 'id="stats-call_to_adventure"' not in bea_stats and 'id="stats-platformer"' in bea_stats
        from fastapi.testclient import TestClient
        out = TestClient(app)
        assert out.get("/history", follow_redirects=False).status_code in (302, 303)
        assert out.get("/stats", follow_redirects=False).status_code in (302, 303)


# ---------------------------------------------------------------- every word translated (pseudo-locale)

def _clean(r, where: str) -> None:
    from tests.support.i18n_check import untranslated

    assert r.status_code == 200, where
    assert r.headers.get("content-language") == "qps", where
    found = untranslated(r.text)
    assert found == [], f"{where}: {found}"


def _tally_games(api) -> None:
    for pace in ("slow", "fast"):
        sid = api("POST", "/api/sessions", json={"game": "tally", "options": {"pace": pace}}).json()["id"]
        api("POST", f"/api/sessions/{sid}/actions", json={"action": "add", "version": 0})
        api("POST", f"/api/sessions/{sid}/actions", json={"action": "stop", "version": 1})
    api("POST", "/api/sessions", json={"game": "tally", "options": {"pace": "slow"}})


def test_the_history_and_statistics_pages_are_translated_in_single_mode(single):
    c = single
    c.get("/?lang=qps")
    _clean(c.get("/history"), "an empty history")
    _clean(c.get("/stats"), "no statistics")
    _tally_games(c.request)
    _clean(c.get("/history"), "the history")
    _clean(c.get("/history?game=tally&result=won&option=pace%3Dfast"), "a filtered history")
    _clean(c.get("/history?result=lost"), "a history with no match")
    _clean(c.get("/stats"), "the statistics")


def test_the_history_and_statistics_pages_are_translated_in_accounts_mode(db_url, tally):
    with accounts_app(db_url, pseudo_locale=True) as app:
        player = sign_up(app, "Bea")
        player.client.get("/?lang=qps")
        _tally_games(player.api)
        _clean(player.client.get("/history"), "the history")
        _clean(player.client.get("/stats"), "the statistics")


def test_the_pages_read_in_spanish(client):
    play_out(client.request, "call_to_adventure", 0)
    stats = client.get("/stats?lang=es").text
    assert "Estadísticas" in stats and "Porcentaje de victorias" in stats and "Jugadas" in stats
    history = client.get("/history?lang=es").text
    assert "Historial" in history and "Repetición" in history and "Terminó el" in history
