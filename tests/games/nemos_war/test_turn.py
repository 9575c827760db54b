"""The turn: the preparation roll [6.0]–[6.4], Nemo's actions [7.0], track markers [9.0], the end [12.2]."""

from __future__ import annotations

import pytest

from tests.games.nemos_war import kit

C = kit.ENGINE.components


def prep(s, dice, turn=3):
    s.turn, s.phase, s.pending, s.queue = turn, "prep", [{"kind": "prep"}], []
    kit.rig(s, dice)
    return kit.play(s, "roll")


def test_ships_are_placed_by_each_die_face_down():
    s = kit.game()
    kit.clear_map(s)
    s = prep(s, [5, 6, 1])  # 5 + 6 = 11: also an adventure; the card's own rolls follow
    assert len(s.ships_in("io")) == 1 and len(s.ships_in("ep")) == 1
    assert not any(x in s.revealed for x in s.ships_in("io"))


def test_a_full_ocean_gets_no_ship():
    s = kit.game()
    kit.fill(s, "io")
    before = len(s.pool)
    s = prep(s, [5, 2])
    assert len(s.ships_in("io")) == 3 and len(s.ships_in("sa")) == 2 and len(s.pool) == before - 1


def test_turn_one_places_nothing_but_still_rolls_for_adventure():
    s = kit.game()
    n = sum(len(s.ships_in(o)) for o in C.oceans)
    kit.card_on_top(s, "2")
    s = prep(s, [5, 6], turn=1)
    assert sum(len(s.ships_in(o)) for o in C.oceans) == n
    assert "2" in s.pass_pile


def test_an_empty_pool_is_refilled_from_the_ship_discard():
    s = kit.game()
    kit.clear_map(s)
    s.discard, s.pool = s.pool, []
    s = prep(s, [1, 2])
    assert len(s.ships_in("na")) == 1 and len(s.ships_in("sa")) == 1
    assert len(s.discard) == 0 and len(s.pool) == 34 - 2


def test_doubles_replace_a_taken_treasure_and_bring_backlash():
    s = kit.game()
    s.treasure_at["med"] = None
    s.liberation = 7
    cup = len(s.cup)
    n = sum(len(s.ships_in(o)) for o in C.oceans)
    s = prep(s, [3, 3])
    assert s.treasure_at["med"] is not None and len(s.cup) == cup - 1
    assert s.liberation == 6, "6 < 7: liberation -1"
    assert sum(len(s.ships_in(o)) for o in C.oceans) == n, "no ship on doubles"


def test_doubles_keep_a_treasure_still_there_and_no_backlash_when_not_lower():
    s = kit.game()
    tid = s.treasure_at["med"]
    s.liberation = 6
    s = prep(s, [3, 3])
    assert s.treasure_at["med"] == tid and s.liberation == 6
    # Nothing else happens, and the log still says why no ship came (a playtest took it for a skipped step).
    assert {"m": "Doubles: no ship is placed this week."} in s.log


def test_the_adventure_roll_and_the_calendar_marker():
    s = kit.game()
    kit.card_on_top(s, "2")
    s = prep(s, [4, 5])  # 9 < 10: no adventure, the marker flips to 7+
    assert s.side == "7+" and s.deck[0] == "2"
    assert kit.ENGINE.view(s)["calendar"]["target"] == 7
    s.acted = True
    s = prep(s, [3, 4], turn=4)  # 7 >= 7: an adventure, the marker flips back to 10+
    assert s.side == "10+" and "2" in s.pass_pile


def test_historical_draws_on_odd_turns_and_every_tenth():
    s = kit.game(historical="on")
    s = prep(s, [1, 2], turn=3)
    assert s.current == ["1"] and s.top["kind"] == "test", "turn 3 is odd: card 1 is drawn"
    s.current, s.pass_pile = [], ["1"]
    s = prep(s, [1, 2], turn=4)
    assert s.deck[0] == "2", "no card on turn 4"
    s = prep(s, [1, 2], turn=10)
    assert "2" in s.pass_pile, "turn 10 draws (card 2 is played at once)"


def test_rest_repair_refit_not_on_consecutive_turns():
    s = kit.to_action(kit.game(), turn=5)
    s.res["hull"] = 5
    kit.rig(s, [3])  # 1d3 = 2 weeks
    s = kit.play(s, "repair")
    assert s.res["hull"] == 6 and s.week == 3
    s = kit.play(s, "end_turn")
    assert s.week == 4
    s = kit.to_action(s, turn=6)
    assert "rest" not in kit.ids(s) and "repair" not in kit.ids(s)
    s = kit.to_action(s, turn=7)
    assert "rest" in kit.ids(s)


@pytest.mark.parametrize("face,gain", [(3, 0), (4, 1)])
def test_the_rest_table(face, gain):
    s = kit.to_action(kit.game())
    s.res["crew"] = 5
    kit.rig(s, [1, face])
    s = kit.play(s, "rest")
    assert s.res["crew"] == 5 + gain and s.week == 2


def test_refits_cost_salvage_and_work():
    s = kit.to_action(kit.game())
    s.salvage = s.pool[-3:]
    del s.pool[-3:]
    assert "refit:armour" in kit.ids(s) and "refit:prow" in kit.ids(s)
    s = kit.play(s, "refit:prow")
    assert s.refits["prow"] is not None and len(s.salvage) == 1 and len(s.discard) == 1
    s = kit.to_action(s, turn=9)
    assert "refit:prow" not in kit.ids(s) and "refit:armour" not in kit.ids(s)
    assert "refit:seek" in kit.ids(s)
    top = s.deck[0]
    s = kit.play(s, "refit:seek")
    assert s.seek_times == 1 and not s.salvage
    if s.top and s.top["kind"] == "seek":
        s = kit.play(s, "seek:decline")
        assert top in s.gone


def test_incite():
    s = kit.to_action(kit.game())
    tid = next(t for t in s.cup if C.tokens[t].kind == "vp" and C.tokens[t].vp == 4)
    s.cup.remove(tid)
    s.collected.append(tid)
    kit.rig(s, [6])
    s = kit.play(s, f"incite:{tid}")
    assert s.liberation == 6, "6 + 4 - 5 = 5, and +1 for the natural 6"
    assert {"m": "Liberation {d}: now {now}.", "p": {"d": "+5", "now": 5}} in s.log, "the gain's own line follows"
    assert tid in s.cup and tid not in s.collected


def test_incite_natural_one_costs_a_point():
    s = kit.to_action(kit.game())
    s.liberation = 3
    tid = next(t for t in s.cup if C.tokens[t].kind == "vp" and C.tokens[t].vp == 2)
    s.cup.remove(tid)
    s.collected.append(tid)
    kit.rig(s, [1])
    s = kit.play(s, f"incite:{tid}")
    assert s.liberation == 2
    line = next(line for line in s.log if isinstance(line, dict) and line["m"].startswith("Incite with"))
    assert line["m"].endswith(": below 1, no liberation."), "a sum below 1 says what it did (nothing)"


def test_search_and_the_mysterious_library():
    s = kit.to_action(kit.game(ocean="wp"))
    tid = s.treasure_at["wp"]
    kit.rig(s, [2])
    s = kit.play(s, "search")
    assert s.treasure_at["wp"] == tid, "2: nothing found"
    s = kit.to_action(s, turn=8)
    kit.rig(s, [5])
    s = kit.play(s, "search")
    assert s.treasure_at["wp"] is None and (tid in s.collected or tid in s.spent)
    s = kit.to_action(s, turn=9)
    assert "search" not in kit.ids(s)
    s.refits["library"] = s.pool.pop()
    assert "search" in kit.ids(s)


def test_move_costs_the_route_weeks():
    s = kit.to_action(kit.game(ocean="ep"))
    assert sorted(i for i in kit.ids(s) if i.startswith("move:")) == ["move:sa", "move:wp"]
    s = kit.play(s, "move:sa")
    assert s.nautilus == "sa" and s.week == 4
    s = kit.play(s, "end_turn")
    assert s.week == 5 and s.phase == "prep" and s.turn == 6


def test_reinforcements_join_at_week_16_and_notoriety_14():
    s = kit.to_action(kit.game(ocean="ep"))
    s.week = 13
    pool = len(s.pool)
    s = kit.play(s, "move:sa")
    assert "yellow" in s.arrived and len(s.pool) == pool + 6
    s.notoriety = 13
    from games.nemos_war import rules
    rules.change_notoriety(C, s, [], 1)
    assert "blue" in s.arrived and len(s.pool) == pool + 12


def test_notoriety_and_liberation_limits():
    from games.nemos_war import rules
    s = kit.game()
    rules.change_notoriety(C, s, [], 50)
    assert s.notoriety == 33 and kit.ENGINE.view(s)["notoriety"]["warship_bonus"] == 1
    rules.change_liberation(C, s, [], 12)
    v = kit.ENGINE.view(s)["liberation"]
    assert v == {"value": 12, "side": "+10", "position": 2, "max": 19}
    rules.change_liberation(C, s, [], 30)
    assert s.liberation == 19
    rules.change_liberation(C, s, [], -40)
    assert s.liberation == 0


def test_week_52_ends_the_game_but_not_the_historical_one():
    s = kit.to_action(kit.game())
    s.week = 51
    s = kit.play(s, "move:ep")
    assert s.week == 52 and s.phase == "post"
    s = kit.play(s, "end_turn")
    assert s.phase == "over" and s.end_reason == "week52"
    h = kit.to_action(kit.game(historical="on"))
    h.week = 51
    h = kit.play(h, "move:ep", "end_turn")
    assert h.phase == "prep"


def test_imperial_victory_when_every_ocean_is_full_at_the_end_of_a_turn():
    s = kit.to_action(kit.game(ocean="ep"))
    s.pool += [x for g in ("yellow", "orange") for x in s.waiting.pop(g)]
    s.arrived += ["yellow", "orange"]
    for o in C.oceans:
        kit.fill(s, o)
    s = kit.play(s, "move:wp", "end_turn")
    assert s.phase == "over" and s.end_reason == "imperial" and s.result == "lost"
    lines = {x["key"]: x["points"] for x in kit.ENGINE.view(s)["score"]["lines"]}
    assert lines["imperial"] == -50


def test_a_resource_at_zero_is_a_tragic_ending():
    s = kit.to_action(kit.game())
    s.res["hull"] = 1
    kit.card_on_top(s, "17")
    s = prep(s, [6, 6, 1, 1])  # the test roll: a natural 2
    s = kit.play(s, "test:roll", "help:accept")
    assert s.phase == "over" and s.end_reason == "tragic" and s.result == "lost"
    assert kit.ENGINE.status(s).state == "lost"


def test_an_or_treasure_can_prevent_the_defeat():
    s = kit.to_action(kit.game())
    s.res["hull"] = 1
    amber = next(t for t in C.tokens if C.tokens[t].name == "Ambergris")
    for lst in (s.cup, s.collected):
        if amber in lst:
            lst.remove(amber)
    for o, t in s.treasure_at.items():
        if t == amber:
            s.treasure_at[o] = None
    s.collected.append(amber)
    kit.card_on_top(s, "18h")  # fail: lose 1 Hull
    s = prep(s, [6, 6, 1, 1])
    s = kit.play(s, "test:roll", "help:accept")
    assert s.top["kind"] == "rescue" and kit.ids(s) == [f"or:{amber}", "defeat"]
    s = kit.play(s, f"or:{amber}")
    assert s.res["hull"] == 1 and s.phase != "over"


def test_final_commitment_is_asked_once():
    s = kit.to_action(kit.game())
    s.res["nemo"] = 5
    kit.card_on_top(s, "18")  # fail: lose 1 Crew and 1 Nemo
    s = prep(s, [6, 6, 1, 1])
    s = kit.play(s, "test:roll", "help:accept")
    assert s.top["kind"] == "final" and s.res["nemo"] == 4
    s = kit.play(s, "final:science")
    assert s.commitment == "science" and s.final_done
    assert kit.ENGINE.view(s)["commitment"]["final"]


def test_a_natural_two_always_fails():
    s = kit.to_action(kit.game())
    kit.card_on_top(s, "1")
    s = prep(s, [6, 6, 1, 1])
    s = kit.play(s)
    assert s.top["rolled"] is None
    s = kit.play(s, "stake:nemo")
    s.passengers = {"professor": True, "ned": True, "conseil": False}
    kit.rig(s, [1, 1])
    s.top["staked"] = ["nemo"]
    s = kit.play(s, "test:roll")
    assert "1" in s.fail_pile and s.notoriety == 3, "no Professor or Ned after a natural 2: failed at once"


def test_kept_cards_are_played_where_they_say():
    s = kit.to_action(kit.game(ocean="na"))
    s.kept.append("6")
    s.deck.remove("6") if "6" in s.deck else s.out.remove("6")
    assert "play:6" not in kit.ids(s)
    s.nautilus = "wp"
    s.res["crew"] = 4
    s = kit.play(s, "play:6")
    assert s.res["crew"] == 6 and "6" in s.fail_pile and s.top["kind"] == "action"


def test_seek_adventure_draws_a_card_that_can_be_declined():
    s = kit.to_action(kit.game())
    s.salvage = [s.pool.pop()]
    kit.card_on_top(s, "17")
    s = kit.play(s, "refit:seek")
    assert s.top["kind"] == "seek" and kit.ENGINE.view(s)["cards"]["current"]["id"] == "17"
    s = kit.play(s, "seek:decline")
    assert "17" in s.gone and s.phase == "post"


def test_jaws_wide_open_pass_offers_the_pass_pile_or_a_nemo():
    s = kit.game()
    s.res["nemo"] = 6
    kit.card_on_top(s, "9")
    s = prep(s, [6, 6, 4, 4])
    s = kit.play(s, "test:roll")
    assert s.top["kind"] == "outcome"
    assert set(kit.ids(s)) >= {"outcome:score", "outcome:nemo"}
    s = kit.play(s, "outcome:nemo")
    assert s.res["nemo"] == 7 and "9" in s.fail_pile


def test_a_pearl_worth_ten_million_scores_unused_or_is_played_in_the_indian_ocean():
    s = kit.to_action(kit.game(ocean="io"))
    for lst in (s.deck, s.out):
        if "9h" in lst:
            lst.remove("9h")
    s.kept.append("9h")
    lines = {x["key"]: x["points"] for x in kit.ENGINE.view(s)["score"]["lines"]}
    assert lines["science"] == 0 and lines["adventure"] == C.cards["9h"].vp, "War: no value for science"
    kit.rig(s, [5, 5])
    s = kit.play(s, "play:9h", "test:roll")
    assert "9h" in s.fail_pile and len(s.collected) + len(s.spent) >= 1, "three treasures drawn"


def test_the_historical_game_ends_when_the_last_card_is_resolved():
    s = kit.game(historical="on", ending="24b")
    s.out += s.deck[:-1]
    s.deck = ["24b"]
    s = prep(s, [1, 2], turn=5)
    assert s.phase == "over" and s.end_reason == "ending"


def test_the_last_ship_sunk_ends_the_game():
    s = kit.to_action(kit.game())
    kit.clear_map(s)
    sid = kit.ship_of("mail", dv=7)
    kit.put(s, "wp.1", sid)
    s.unused += s.pool
    s.pool = []
    kit.rig(s, [6, 6])
    s = kit.play(s, "attack:wp.1", "combat:roll", "sink")
    assert s.phase == "over" and s.end_reason == "last_ship"


def test_an_ending_drawn_by_seek_adventure_cannot_be_declined():
    s = kit.to_action(kit.game())
    s.salvage = [s.pool.pop()]
    kit.card_on_top(s, "24b")
    s = kit.play(s, "refit:seek")
    assert s.phase == "over" and s.end_reason == "ending" and "24b" in s.pass_pile


def test_or_treasures_can_be_spent_at_any_decision():
    s = kit.to_action(kit.game())
    pearl = next(t for t in C.tokens if C.tokens[t].name == "Giant Pearl")
    if pearl in s.cup:
        s.cup.remove(pearl)
    for o, t in s.treasure_at.items():
        if t == pearl:
            s.treasure_at[o] = None
    s.collected.append(pearl)
    s.res["nemo"] = 6
    assert f"or:{pearl}" in kit.ids(s)
    s = kit.play(s, f"or:{pearl}")
    assert s.res["nemo"] == 7 and pearl in s.spent and s.top["kind"] == "action"


def test_a_captured_black_sun_warship_sends_its_card_to_the_pass_pile():
    s = kit.to_action(kit.game())
    kit.card_on_top(s, "22")
    s.phase, s.pending, s.turn = "prep", [{"kind": "prep"}], 2
    kit.rig(s, [6, 6, 6, 6, 6, 6])
    s = kit.play(s, "roll", "combat:roll", "capture")
    assert "S60" in s.salvage and "22" in s.pass_pile


def test_giving_up_a_treasure_says_what_it_costs_and_brings():
    """The bar offered "Give up Ship's Stores: 2 VP, OR discard it to gain 1 Crew." (the treasure's text) for
    turns on end; it now says the move: what is given up and what it brings."""
    s = kit.to_action(kit.game())
    for tid in [t for t in C.tokens if C.tokens[t].kind == "or"]:
        if tid in s.cup:
            s.cup.remove(tid)
        s.collected.append(tid)
    labels = {a.id: str(a.label) for a in kit.ENGINE.legal_actions(s) if a.id.startswith("or:")}
    assert labels == {"or:T24": "Give up Ambergris for +1 Hull (3 VP)",
                      "or:T25": "Give up Giant Pearl for +1 Nemo (4 VP)",
                      "or:T26": "Give up Ship's Stores for +1 Crew (2 VP)",
                      "or:T27": "Give up Letter of Credit for liberation +2 (3 VP)"}
    # A button shows its label up to the brackets: the gain is on its face (the bar showed "Give up Giant Pearl")
    from app.ui.bar import choices

    faces = [c.face for c in choices([a for a in kit.ENGINE.legal_actions(s) if a.id.startswith("or:")])]
    assert sorted(faces) == ["Give up Ambergris for +1 Hull", "Give up Giant Pearl for +1 Nemo",
                             "Give up Letter of Credit for liberation +2", "Give up Ship's Stores for +1 Crew"]


def test_a_voyage_and_the_turns_end_say_why_the_calendar_moves():
    """A voyage and the end of its turn logged "The calendar advances 1 week: week 10. The calendar advances 1 week:
    week 11." (Nemo's War playtest): one step, it seemed, written twice. The voyage's weeks and the turn's end say
    which they are. The heuristic bot's first 150 moves of seeds 1-3."""
    from games.engine import Rng

    eng, seen = kit.ENGINE, set()
    for seed in (1, 2, 3):
        s, rng = kit.game(seed), Rng.from_seed(seed)
        for _ in range(150):
            if eng.status(s).over:
                break
            action = eng.bots["heuristic"].choose(eng, s, eng.legal_actions(s), rng)
            s, events = eng.apply(s, action)
            texts = [str(e.text) for e in events if e.data.get("track") == "calendar"]
            if action.startswith("move:"):
                seen.add("voyage")
                assert any(t.startswith("The voyage takes") for t in texts), (action, texts)
            if any(t.startswith("End of the turn: the calendar advances") for t in texts):
                seen.add("turn")
            assert not any(t.startswith("The calendar advances") for t in texts if action.startswith("move:")), texts
    assert seen == {"voyage", "turn"}, seen


def test_a_decisions_first_choice_spends_nothing():
    """The first choice (the bar's key 1, the one Enter presses) was Professor Aronnax's help (5 VP) after a missed
    roll, and "Play The Iron Cigar" (a kept card, for nothing at full Hull) before every action (Nemo's War
    playtest). Accepting the roll, Nemo's own actions and ending the turn come first; the heuristic bot's seeds 1-4."""
    from games.engine import Rng

    eng, seen = kit.ENGINE, set()
    for seed in (1, 2, 3, 4):
        s, rng = kit.game(seed), Rng.from_seed(seed)
        for _ in range(400):
            if eng.status(s).over:
                break
            ids = [a.id for a in eng.legal_actions(s)]
            if any(i.startswith(("help:", "play:")) for i in ids) and len(ids) > 1:
                first = ids[0]
                assert first == "help:accept" or not first.startswith(("help:", "play:")), ids
                seen |= {i.split(":")[0] for i in ids if i.startswith(("help:", "play:"))}
            s, _ = eng.apply(s, eng.bots["heuristic"].choose(eng, s, eng.legal_actions(s), rng))
    assert seen == {"help", "play"}, seen
