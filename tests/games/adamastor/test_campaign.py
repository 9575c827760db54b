"""Campaign Mode rules: each campaign card, each thing carried between voyages (upgrades, removed
encounter cards, campaign effects, the crew's scars), winning, losing and scoring, and the saves."""

from __future__ import annotations

import pytest

from games.adamastor.actions import penalty
from games.adamastor.table import hand_limit
from games.engine import IllegalAction, MalformedState
from tests.games.adamastor.campaign_kit import CAMP, ENGINE, finished, prepared, sail_and_finish, voyage_game

VOYAGE_CARDS = [k for k, c in sorted(CAMP.content.cards.items()) if c["stage"] > 0]
COMP = ENGINE.components


def bare(card: str):
    """The same voyage with every modifier stripped: the baseline a card's special rule changes."""
    c = prepared(card)
    plain = {**CAMP.next_game(CAMP.apply(c, "sail")[0]).carried, "mods": {}, "skills": []}
    return ENGINE.new_game(3, {}, plain)


def first_turn_actions(game) -> int:
    """Turn 1's actions as Classic Mode gives them: the weather's, plus one per extra-action skill."""
    extra = sum(COMP.sailing[c].skill == "extra_action" for c in game.skills)
    return COMP.weather[game.weather].actions + extra


# --- The campaign cards -------------------------------------------------------------------------


def test_the_commission_sets_patience_and_the_first_offer_is_one_b_and_one_c() -> None:
    for seed in range(12):
        c = CAMP.new_campaign(seed, {})
        assert c.patience == CAMP.content.cards["A1"]["patience"] == 2
        assert [o[0] for o in c.offered] == ["B", "C"] and c.chosen is None
        assert {a.id for a in CAMP.legal_actions(c)} == {f"card:{o}" for o in c.offered}
    offers = {tuple(CAMP.new_campaign(seed, {}).offered) for seed in range(40)}
    assert len(offers) == 4, "every pairing of a B and a C card turns up"


@pytest.mark.parametrize("card", VOYAGE_CARDS)
def test_each_voyage_card_sets_its_map_goal_and_special_rule(card: str) -> None:
    data = CAMP.content.cards[card]
    game = voyage_game(prepared(card))
    m = data["map"]
    assert game.maps_n == m["regular"] and len(game.map_ids) == m["regular"] + 1
    assert game.map_ids[: len(m["fixed"])] == m["fixed"]
    assert COMP.maps[game.map_ids[-1]].kind == "destination"
    if m["destination"]:
        assert game.map_ids[-1] == m["destination"]
    view = ENGINE.view(game)["campaign"]
    assert view["card"]["id"] == card and view["goal"]["kind"] == data["goal"]["kind"]
    assert view["goal"]["met"] == (data["goal"]["kind"] == "reach")
    base, mods = bare(card), {x["op"]: x["n"] for x in data["mods"]}
    assert game.experience == base.experience + mods.get("exp", 0)
    assert len(game.hand) == len(base.hand) + mods.get("hand", 0)
    assert len(game.traumas) == mods.get("trauma", 0)
    assert sorted(COMP.sailing[s].skill for s in game.skills) == sorted(data["skills"])
    assert sum(game.face_up) == 1 + mods.get("reveal", 0)
    assert game.actions_left == first_turn_actions(game) + mods.get("first_turn_actions", 0)
    assert len(game.discard) == -mods.get("morale", 0)
    assert view["storm_season"] == mods.get("storm_season", 0)


def test_storm_season_adds_one_navigation_cost_for_its_turns_only() -> None:
    game = voyage_game(prepared("G1"))  # a storm season of 3 turns
    base = COMP.weather[game.weather].nav_penalty
    for turn, extra in ((1, 1), (3, 1), (4, 0), (9, 0)):
        game.turn = turn
        assert penalty(COMP, game) == base + extra


def test_no_storm_season_means_no_extra_cost_even_at_setup() -> None:
    for game in (ENGINE.new_game(2, {}), voyage_game(prepared("B1"))):  # Classic, and a voyage without one
        assert game.turn == 0 and penalty(COMP, game) == COMP.weather[game.weather].nav_penalty


def test_an_encounter_goal_keeps_the_landing_closed_until_met() -> None:
    game = ENGINE.apply(voyage_game(prepared("E1")), "start:p0.1")[0]  # one land encounter first
    last = len(game.map_ids) - 1
    game.face_up = [True] * len(game.face_up)
    land_row = next(r for r in range(3) if COMP.maps[game.map_ids[last]].cells[r][3].kind == "land")
    game.ship = f"s{last}.{land_row}.2"
    from games.adamastor import navigation as nav

    assert f"s{last}.{land_row}.3" not in nav.move_costs(COMP, game, 0)
    sea = next(
        f"s0.{r}.{k}" for r in range(3) for k in range(4) if COMP.maps[game.map_ids[0]].cells[r][k].kind != "island"
    )
    game.marked = [sea]
    assert f"s{last}.{land_row}.3" not in nav.move_costs(COMP, game, 0), "a sea encounter does not count"
    island = next(
        f"s0.{r}.{k}" for r in range(3) for k in range(4) if COMP.maps[game.map_ids[0]].cells[r][k].kind == "island"
    )
    game.marked = [sea, island]
    assert f"s{last}.{land_row}.3" in nav.move_costs(COMP, game, 0)
    goal = ENGINE.view(game)["campaign"]["goal"]
    assert (goal["progress"], goal["met"], goal["n"], goal["where"]) == (1, True, 1, "land")


def test_offers_for_the_second_and_last_voyages_and_the_second_attempt() -> None:
    c, _ = sail_and_finish(prepared("B1"), "won")
    assert c.stage == 2 and len(c.offered) == 2 and {o[0] for o in c.offered} <= set("DEF") and c.chosen is None
    c, _ = CAMP.apply(c, f"card:{c.offered[0]}")
    c, _ = sail_and_finish(c, "won")
    assert c.stage == 3 and c.offered == ["G1", "G2"]
    c, _ = CAMP.apply(c, "card:G1")
    c, ev = sail_and_finish(c, "lost")
    assert (c.stage, c.voyage, c.offered, c.chosen, c.patience) == (4, 4, ["H1"], "H1", 1)
    assert any(e.reveals and e.kind == "offer" for e in ev)
    c, _ = sail_and_finish(c, "won")
    assert CAMP.status(c).state == "won" and [h["card"][0] for h in c.history] == [
        "B",
        c.history[1]["card"][0],
        "G",
        "H",
    ]


# --- Winning, losing, scoring ----------------------------------------------------------------------


def test_a_lost_voyage_is_a_setback_and_a_second_loss_ends_the_campaign() -> None:
    c, _ = sail_and_finish(prepared("B2"), "lost", encounters=3, exp=5, traumas=1)
    assert CAMP.status(c).state == "in_progress" and c.patience == 1 and c.stage == 2
    assert c.history[-1]["renown"] == 3, "a lost voyage earns 1 Renown per encounter only"
    assert c.scars == 1
    c, _ = CAMP.apply(c, f"card:{c.offered[1]}")
    c, _ = sail_and_finish(c, "lost")
    st = CAMP.status(c)
    assert st.state == "lost" and "patience" in st.reason and CAMP.legal_actions(c) == []
    assert CAMP.next_game(c) is None


def test_winning_the_last_voyage_wins_and_the_score_is_broken_down() -> None:
    c, _ = sail_and_finish(prepared("G2", renown=30, purse=4), "won", encounters=2, exp=3)
    st = CAMP.status(c)
    assert st.state == "won" and c.history[-1]["renown"] == 3 + 4 * 2
    wins = sum(h["result"] == "won" for h in c.history)
    assert [(x.label, x.points) for x in st.breakdown] == [
        ("Renown earned", 41),
        ("Voyages won", 10 * wins),
        ("Campaign completed", 20),
    ]
    assert st.score == 41 + 10 * wins + 20
    assert c.purse == 4 + 11


def test_flow_choose_buy_sail_and_illegal_actions() -> None:
    c = CAMP.new_campaign(8, {})
    with pytest.raises(IllegalAction):
        CAMP.apply(c, "sail")
    assert CAMP.next_game(c) is None
    c, _ = CAMP.apply(c, f"card:{c.offered[0]}")
    c.purse = c.renown = 5
    ids = {a.id for a in CAMP.legal_actions(c)}
    assert {"sail", "upgrade:U1", "upgrade:U3", "upgrade:U6", "upgrade:U10"} <= ids and "upgrade:U5" not in ids
    c2, _ = CAMP.apply(c, "upgrade:U1")
    assert c2.purse == 0 and c2.upgrades == ["U1"] and c.upgrades == [], "apply never touches its input"
    c3, _ = CAMP.apply(c2, "sail")
    assert CAMP.legal_actions(c3) == [] and CAMP.next_game(c3) is not None
    with pytest.raises(IllegalAction):
        CAMP.finish_game(c2, finished(voyage_game(c2), "won"))  # not sailing yet
    with pytest.raises(IllegalAction):
        CAMP.finish_game(c3, voyage_game(c2))  # not over
    other = voyage_game(prepared("B1" if c.chosen != "B1" else "B2"))
    with pytest.raises(IllegalAction):
        CAMP.finish_game(c3, finished(other, "won"))  # another voyage's game


# --- What carries over -----------------------------------------------------------------------------


@pytest.mark.parametrize("uid", sorted(CAMP.content.upgrades, key=lambda u: int(u[1:])))
def test_each_upgrade_applies_at_the_next_voyage(uid: str) -> None:
    up = CAMP.content.upgrades[uid]
    without = voyage_game(prepared("D2", scars=2))
    game = voyage_game(prepared("D2", scars=2, upgrades=[uid]))
    mods = {m["op"]: m["n"] for m in up["mods"]}
    assert game.experience == without.experience + mods.get("exp", 0)
    assert len(game.hand) == len(without.hand) + mods.get("hand", 0)
    assert sum(game.face_up) == sum(without.face_up) + mods.get("reveal", 0)
    assert game.actions_left == first_turn_actions(game) + mods.get("first_turn_actions", 0)
    assert hand_limit(COMP, game) == hand_limit(COMP, without) + mods.get("hand_limit", 0)
    kinds = [COMP.sailing[s].skill for s in game.skills]
    assert all(k in kinds for k in up["skills"])
    assert len(game.traumas) == (1 if "scar_cap" in up else 2)
    assert any(r["source"] == "upgrade" and r["id"] == uid for r in ENGINE.view(game)["campaign"]["rules"])
    if "enc_exp" in mods:
        from games.adamastor.effects import start_encounter

        g = ENGINE.apply(game, "start:p0.0")[0].clone()
        anchor = next(f"s0.{r}.{k}" for r in range(3) for k in range(4) if COMP.maps[g.map_ids[0]].cells[r][k].anchor)
        before = g.experience
        start_encounter(COMP, g, [], anchor)
        assert g.experience == before + 1 + mods["enc_exp"]
    if "storm_season" in mods:
        stormy = voyage_game(prepared("G1", upgrades=[uid]))
        assert ENGINE.view(stormy)["campaign"]["storm_season"] == 3 + mods["storm_season"]


def test_removed_encounter_cards_never_come_back() -> None:
    c = prepared("B1")
    game = voyage_game(c)
    assert "E45" in game.enc_deck
    c, ev = sail_and_finish(c, "won", met=("E45", "E03", "E38"))
    assert c.removed == ["E45", "E38"] and c.history[-1]["removed"] == ["E45", "E38"]
    assert any(e.kind == "removed" for e in ev)
    c, _ = CAMP.apply(c, f"card:{c.offered[0]}")
    nxt = voyage_game(c)
    assert "E45" not in nxt.enc_deck and "E38" not in nxt.enc_deck and "E03" in nxt.enc_deck
    assert len(nxt.enc_deck) == 43
    assert ENGINE.load(ENGINE.dump(nxt)) == nxt, "a save of a voyage with removed cards loads"
    assert [r["id"] for r in CAMP.view(c)["removed"]] == ["E45", "E38"]


def test_the_campaign_op_does_nothing_in_classic_mode_and_is_recorded_in_a_campaign() -> None:
    from games.adamastor.effects import run_op

    classic = ENGINE.new_game(4, {})
    before, ev = ENGINE.dump(classic), []
    run_op(COMP, classic, ev, {"op": "campaign", "effect": "pepper_fortune"})
    assert ENGINE.dump(classic) == before and ev == [] and ENGINE.view(classic)["campaign"] is None
    game = voyage_game(prepared("B1"))
    run_op(COMP, game, ev, {"op": "campaign", "effect": "pepper_fortune"})
    assert game.campaign["gained"] == ["pepper_fortune"] and ev[-1].kind == "campaign"
    assert ENGINE.view(game)["campaign"]["gained"] == [{"key": "pepper_fortune", "title": "A Fortune in Pepper"}]


def test_campaign_effects_now_next_and_for_the_campaign() -> None:
    gained = ("pepper_fortune", "fever_memory", "giants_lament", "adamastor_curse", "prester_john")
    c, _ = sail_and_finish(prepared("B1"), "won", encounters=1, exp=0, gained=gained)
    assert c.history[-1]["renown"] == 4 + 4, "pepper: +4 Renown"
    assert c.scars == 1, "fever: one scar more"
    assert c.patience == 3, "the giant's lament: one more failure forgiven"
    assert c.effects == ["adamastor_curse", "prester_john"]
    c.offered = ["D2", "F1"]  # whichever two were drawn, take D2 (it starts with 1 Experience)
    c, _ = CAMP.apply(c, "card:D2")
    game = voyage_game(c)
    assert ENGINE.view(game)["campaign"]["storm_season"] == 2 and game.experience == 1 + 1  # D2 gives 1
    rules = {r["id"] for r in ENGINE.view(game)["campaign"]["rules"] if r["source"] == "effect"}
    assert rules == {"adamastor_curse", "prester_john"}
    c, _ = sail_and_finish(c, "won", gained=("saint_thomas", "castilian_spies"))
    assert c.effects == ["prester_john", "castilian_spies"], "the curse lasted one voyage; prester john stays"
    assert c.scars == 0
    c, _ = CAMP.apply(c, "card:G1")
    assert len(voyage_game(c).discard) == 2, "castilian spies: 2 Morale less"


@pytest.mark.parametrize(
    ("result", "traumas", "scars"), [("won", 2, 0), ("won", 3, 1), ("won", 8, 2), ("lost", 0, 1), ("lost", 7, 3)]
)
def test_the_crews_scars_follow_the_traumas_held_and_carry_as_traumas(result: str, traumas: int, scars: int) -> None:
    c, _ = sail_and_finish(prepared("B2", patience=2), result, traumas=traumas)
    assert c.scars == scars and CAMP.view(c)["crew"] == {"scars": scars, "carried": scars}
    c, _ = CAMP.apply(c, f"card:{c.offered[0]}")
    assert len(voyage_game(c).traumas) == scars + sum(
        m["n"] for m in CAMP.content.cards[c.chosen]["mods"] if m["op"] == "trauma"
    )


# --- Views and saves ---------------------------------------------------------------------------


def test_view_shows_revealed_cards_and_hides_the_rest() -> None:
    c = CAMP.new_campaign(21, {})
    v = CAMP.view(c)
    assert (
        [o["id"] for o in v["offered"]] == c.offered and v["patience"] == 2 and v["renown"] == {"purse": 0, "earned": 0}
    )
    assert [x["face_up"] for x in v["voyages"]] == [False, False, False]
    assert "rng" not in repr(v) and str(c.rng) not in repr(v)
    assert all(u["affordable"] is False for u in v["upgrades"]) and len(v["upgrades"]) == 10
    c, _ = CAMP.apply(c, f"card:{c.offered[0]}")
    assert CAMP.view(c)["voyages"][0]["card"]["id"] == c.chosen


def test_campaign_dump_load_round_trip_and_refusals() -> None:
    c, _ = sail_and_finish(prepared("B1"), "won", met=("E41",), gained=("prester_john",))
    data = CAMP.dump(c)
    assert CAMP.load(data) == c
    for card in ("G1", "H1"):
        assert CAMP.load(CAMP.dump(prepared(card))) == prepared(card)
    import json

    assert CAMP.load(json.loads(json.dumps(data))) == c
    for bad in (
        {**data, "upgrades": ["U99"]},
        {**data, "removed": ["E01"]},
        {**data, "phase": "sailing"},
        {**data, "chosen": "Z9"},
        {**data, "patience": -1},
        {k: v for k, v in data.items() if k != "rng"},
        {**data, "effects": ["pepper_fortune"]},
        {**data, "phase": "prepare", "offered": [], "chosen": None},
        {**data, "history": []},
        "nonsense",
    ):
        with pytest.raises(MalformedState):
            CAMP.load(bad)


def test_voyage_game_saves_round_trip_and_bad_campaign_parts_are_refused() -> None:
    game = voyage_game(prepared("F1", upgrades=["U5"], removed=["E40"]))
    data = ENGINE.dump(game)
    assert ENGINE.load(data) == game
    for bad in (
        {**data, "campaign": {**data["campaign"], "mods": {"wings": 1}}},
        {**data, "campaign": {**data["campaign"], "removed": []}},
        {**data, "campaign": "yes"},
    ):
        with pytest.raises(MalformedState):
            ENGINE.load(bad)
    classic = ENGINE.dump(ENGINE.new_game(1, {}))
    old = {k: v for k, v in classic.items() if k != "campaign"}
    assert ENGINE.load(old) == ENGINE.load(classic), "saves from before Campaign Mode still load"
    with pytest.raises(ValueError):
        ENGINE.new_game(1, {}, {"voyage": 1})


def test_the_rules_reference_lists_every_campaign_card_upgrade_and_effect(client) -> None:
    from html import unescape

    page = unescape(client.get("/games/adamastor/rules").text)  # the page as an English reader gets it
    section = page[page.index('<section id="campaign"') :]  # the section may carry attributes (tabindex)
    for cid, card in CAMP.content.cards.items():
        assert card["title"] in section, cid
        if card["stage"]:
            assert f"<td>{cid}</td>" in section
    for uid, up in CAMP.content.upgrades.items():
        assert f"<td>{uid}</td><td>{up['title']}</td><td>{up['cost']}</td>" in section
    for eff in CAMP.content.effects.values():
        assert eff["title"] in section and eff["text"] in section
