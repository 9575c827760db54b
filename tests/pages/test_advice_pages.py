"""The advisor on the table (issue #28 §2): the bar's "Chances?", its table, the page without JavaScript, and the
history and the replay saying where it was asked."""

from __future__ import annotations

import re
import time

HX = {"HX-Request": "true"}
WAIT_S = 90
# A game whose first decision the advisor tells apart (a best choice, alone). The deals' seed comes from the view
# (games/advice.py view_seed), so a new key in a game's view deals other games: seed 3 turned "even" when Call to
# Adventure's hand cards learned to say why they cannot be played.
SEED = 1


def new_game(client, game: str = "call_to_adventure", seed: int = SEED) -> dict:
    return client.post("/api/sessions", json={"game": game, "seed": seed}).json()


def table_until(client, sid: str, version: int, ready) -> str:
    deadline = time.monotonic() + WAIT_S
    while True:
        html = client.get(f"/play/{sid}/advice?version={version}", headers=HX).text
        if ready(html):
            return html
        assert time.monotonic() < deadline, f"the advice never got there: {html[:400]}"
        time.sleep(0.2)


def test_the_bar_offers_chances_only_where_there_is_a_choice(client, pebbles):
    s = new_game(client)
    assert len(s["legal_actions"]) >= 2
    page = client.get(f"/play/{s['id']}").text
    assert 'id="bar-advice"' in page and f'href="/play/{s["id"]}/advice"' in page
    assert 'id="advice" hidden' in page, "nothing is shown unasked"
    other = client.post("/api/sessions", json={"game": "pebbles", "seed": 1}).json()
    assert 'id="bar-advice"' not in client.get(f"/play/{other['id']}").text, "a game that cannot deal again: no advisor"


def test_the_table_gives_every_choice_its_figures_then_stops_asking(client):
    s = new_game(client)
    labels = [a["label"] for a in s["legal_actions"]]
    first = client.get(f"/play/{s['id']}/advice?version={s['version']}", headers=HX)
    assert first.status_code == 200 and first.text.startswith('<section id="advice"')
    assert 'hx-trigger="load delay:1s"' in first.text, "a table still refining asks again"
    done = table_until(client, s["id"], s["version"], lambda html: "hx-trigger" not in html)
    rows = re.findall(r'<tr class="([^"]*)">\s*<th scope="row">(.*?)</th>', done, re.S)
    assert len(rows) == len(labels)
    assert "best" in rows[0][0] and all("best" not in cls for cls, _ in rows[1:]), "the best comes first, alone"
    assert all(any(label in said for said in (r[1] for r in rows)) for label in labels)
    assert len(re.findall(r"<b>\d+%</b>", done)) == len(labels), "each choice has its chance to win"
    assert "Done." in done


def test_a_table_for_a_position_left_behind_is_put_away(client):
    s = new_game(client)
    moved = client.post(f"/api/sessions/{s['id']}/actions",
                        json={"action": s["legal_actions"][0]["id"], "version": s["version"]}).json()
    stale = client.get(f"/play/{s['id']}/advice?version={s['version']}", headers=HX)
    assert stale.text == '<div id="advice" hidden></div>'
    closed = client.get(f"/play/{s['id']}/advice?close=1&version={moved['version']}", headers=HX)
    assert closed.text == '<div id="advice" hidden></div>'


def test_without_javascript_the_page_reloads_until_done(client):
    s = new_game(client)
    page = client.get(f"/play/{s['id']}/advice")
    assert page.status_code == 200 and '<meta http-equiv="refresh" content="2">' in page.text
    assert f'href="/play/{s["id"]}"' in page.text, "a way back to the table"
    table_until(client, s["id"], s["version"], lambda html: "hx-trigger" not in html)
    assert '<meta http-equiv="refresh"' not in client.get(f"/play/{s['id']}/advice").text


def test_a_finished_or_unknown_game_has_no_advice(client, pebbles):
    s = client.post("/api/sessions", json={"game": "pebbles", "seed": 1}).json()
    client.post(f"/api/sessions/{s['id']}/actions", json={"action": "stop", "version": 0})
    answer = client.get(f"/play/{s['id']}/advice", follow_redirects=False)
    assert answer.status_code == 303 and answer.headers["location"] == f"/play/{s['id']}"
    assert client.get(f"/play/{s['id']}/advice", headers=HX).text == '<div id="advice" hidden></div>'
    assert client.get("/play/nope/advice").status_code == 404


def test_the_history_and_the_replay_say_where_it_was_asked(client):
    asked, plain = new_game(client, seed=5), new_game(client, seed=6)
    client.get(f"/play/{asked['id']}/advice", headers=HX)
    history = client.get("/history").text
    row = history.split(f'data-session="{asked["id"]}"', 1)[1].split("</tr>", 1)[0]
    other = history.split(f'data-session="{plain["id"]}"', 1)[1].split("</tr>", 1)[0]
    assert "data-advised" in row and "data-advised" not in other
    replay = client.get(f"/play/{asked['id']}/replay?step=0").text
    assert "data-advised" in replay and "the advisor was asked here" in replay
    assert "data-advised" not in client.get(f"/play/{plain['id']}/replay?step=0").text


def test_in_spanish(client):
    s = new_game(client)
    html = client.get(f"/play/{s['id']}/advice", headers={**HX, "Accept-Language": "es"}).text
    assert "Tus probabilidades" in html and "Probabilidad de ganar" in html
    page = client.get(f"/play/{s['id']}", headers={"Accept-Language": "es"}).text
    assert "¿Probabilidades?" in page


def _estimate(done: bool, running: list[bool], scores: list[float] | None = None) -> dict:
    """An estimate as app/shelf/advisor.py gives it: options best first, each in the running or not."""
    scores = scores or [80.0] * len(running)
    options = [{"action": f"a{i}", "label": f"Choice {i}", "best": i == 0, "playouts": 146, "win": 0.1 - i / 100,
                "win_low": 0.05, "win_high": 0.15, "margin": 0.05, "score": scores[i], "score_margin": 7.5,
                "in_running": r} for i, r in enumerate(running)]
    return {"session_id": "s", "version": 3, "seed": 1, "done": done, "deals": 146, "playouts": 146 * len(running),
            "seconds": 9.0, "options": options}


def _table(estimate: dict) -> tuple[str, list[tuple[str, str]]]:
    from app.ui.advice import even_choices
    from app.ui.templating import templates

    html = templates.get_template("partials/advice.html").render(session_id="s", advice=estimate,
                                                                 even=even_choices(estimate), page=False)
    return html, re.findall(r'<tr class="([^"]*)">\s*<th scope="row">(.*?)</th>', html, re.S)


def test_choices_the_playouts_cannot_tell_apart_are_called_even_and_none_best():
    """A playtest followed a "Best" that stood within a point of six other choices, each ± 5 points: when the estimate
    is done and several choices are still in the running, they are "about even", and none is crowned."""
    tied, rows = _table(_estimate(True, [True, True, True, False]))
    assert "3 choices are about even" in tied
    assert [("About even" in said) for _, said in rows] == [True, True, True, False]
    assert not any("Best" in said or cls.startswith("best") for cls, said in rows)
    clear, rows = _table(_estimate(True, [True, False, False, False]))
    assert "about even" not in clear.lower() and "Best" in rows[0][1], "a clear leader is the best"
    refining, rows = _table(_estimate(False, [True, True, True, True]))
    assert "Best so far" in rows[0][1] and "about even" not in refining.lower(), "not called before it is done"
    # A chance's margin is a percentage like the chance ("points" read as the game's own score, two playtests).
    assert "<b>10%</b> <small>± 5%</small>" in refining and "points" not in refining


def test_a_leader_clearly_ahead_on_the_expected_score_is_still_the_best():
    """Chances within reach of each other, but the leader's expected score clearly above the others': the best."""
    html, rows = _table(_estimate(True, [True, True, True], scores=[110.0, 80.0, 85.0]))
    assert "about even" not in html.lower() and "Best" in rows[0][1]
    html, rows = _table(_estimate(True, [True, True, True], scores=[110.0, 80.0, 104.0]))
    assert "2 choices are about even" in html and "About even" in rows[2][1] and "About even" not in rows[1][1]
