"""Issue #27 §1, the app's own Spanish: no English left where a Spanish player reads (the API's refusals of a
malformed request, a new campaign's name and its games' names), and no colons stacked in a refusal."""

from __future__ import annotations

ES = {"Accept-Language": "es"}
ENGLISH = ("Field required", "Input should", "valid integer", "Campaign", "— game")


def test_a_malformed_request_is_refused_in_spanish_field_by_field(client):
    missing = client.post("/api/sessions", json={}, headers=ES)
    assert missing.status_code == 422
    assert missing.json()["detail"] == "Petición mal formada: falta «game»."
    not_a_number = client.post("/api/sessions", json={"game": "nemos_war", "seed": "x"}, headers=ES)
    assert not_a_number.json()["detail"] == "Petición mal formada: «seed» debe ser un número entero."
    sid = client.post("/api/sessions", json={"game": "nemos_war"}, headers=ES).json()["id"]
    stale = client.post(f"/api/sessions/{sid}/actions", json={"action": "x", "version": "a"}, headers=ES)
    assert stale.status_code == 422 and "«version» debe ser un número entero" in stale.json()["detail"]
    for r in (missing, not_a_number, stale):
        assert not any(e in r.text for e in ENGLISH), r.text
    english = client.post("/api/sessions", json={}).json()["detail"]
    assert english == "malformed request: game is missing"


def test_a_campaign_started_in_spanish_is_named_in_spanish_and_so_are_its_games(client):
    cj = client.post("/api/campaigns", json={"game": "adamastor"}, headers=ES).json()
    assert cj["name"].startswith("Adamastor — Campaña · "), cj["name"]
    for _ in range(10):
        if cj["games"] or not cj["legal_actions"]:
            break
        cj = client.post(f"/api/campaigns/{cj['id']}/actions", headers=ES,
                         json={"action": cj["legal_actions"][-1]["id"], "version": cj["version"]}).json()
    assert cj["games"], "the campaign's first game began"
    assert cj["games"][0]["name"] == f"{cj['name']} — partida 1"
    assert not any(e in cj["name"] + cj["games"][0]["name"] for e in ENGLISH)


def test_the_move_panel_is_named_alike_in_every_game():
    from app.i18n.catalogs import game_slugs, translations

    said = {game: translations("es", game).gettext("Your move") for game in game_slugs()}
    assert set(said.values()) == {"Tu jugada"}, said
