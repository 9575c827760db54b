"""Rules from crafted positions: traits, challenges and runes, experience and corruption, travel, acts."""

from __future__ import annotations

import pytest

from games.call_to_adventure.table import base_pool, icons
from games.engine import IllegalAction
from tests.games.call_to_adventure import kit
from tests.games.call_to_adventure.kit import by_name, do, ids

COMP = kit.COMP


def test_setup_deals_two_of_each_and_keeps_one_in_order():
    s = kit.ENGINE.new_game(5, {})
    assert [len(s.dealt[k]) for k in ("origin", "motivation", "destiny")] == [2, 2, 2]
    assert ids(s) == [f"keep:{c}" for c in s.dealt["origin"]]
    keep = s.dealt["origin"][1]
    s, _ = do(s, f"keep:{keep}")
    assert s.chars["origin"] == keep and "origin" not in s.dealt and s.dealt["motivation"]
    assert all(i.startswith("keep:") and COMP.characters[i[5:]].kind == "motivation" for i in ids(s))
    assert s.exp == 3 and s.level == 3 and len(s.hand) == 1 and COMP.heroes[s.hand[0]].kind == "hero"
    assert [len(s.rows[a]) for a in "123"] == [4, 4, 4] and s.revealed == [1]
    assert s.boss not in s.decks[str(COMP.story[s.boss].act)], "the Adversary is set aside"
    assert sorted(COMP.heroes[h].name for h in s.adv_deck) == sorted(
        h.name for h in COMP.heroes.values() if h.skull)


def test_first_game_options_deal_one_of_each_and_remove_allies_and_adversaries():
    for seed in range(20):
        s = kit.ENGINE.new_game(seed, {"deal": "first", "allies": "without"})
        assert not s.dealt and all(s.chars.values())
        assert all(COMP.characters[c].first_game for c in s.chars.values())
        in_decks = [c for a in "123" for c in s.decks[a] + s.rows[a]]
        assert all(COMP.story[c].type in ("trait", "challenge") for c in in_decks)
        assert COMP.story[s.boss].type == "adversary", "the solo Adversary is still chosen"
        assert len(s.adv_deck) == 5 and by_name("Cruel Betrayal") in s.removed


def test_trait_prerequisites_and_their_price():
    s = kit.start()  # Hunter: dex + nature; Bound by Honor: cha + justice; One with Nature: wis
    kit.row(s, 1, ["Strong Back", "Keen Eyed", "Adventurer", "Nature's Friend"])
    legal = ids(s)
    assert f"trait:{by_name('Keen Eyed')}" in legal and "trait:" + by_name("Nature's Friend") in legal
    assert f"trait:{by_name('Strong Back')}" not in legal, "no Strength icon"
    assert f"trait:{by_name('Adventurer')}" in legal
    s.exp = 0
    assert f"trait:{by_name('Adventurer')}" not in ids(s), "it costs 1 experience"
    s.exp = 3
    s2, _ = do(s, f"trait:{by_name('Adventurer')}")
    assert s2.exp == 2 and s2.placed == [["origin", by_name("Adventurer"), "top"]]
    assert icons(COMP, s2)["con"] == 1 and icons(COMP, s2)["nature"] == 2
    assert not any(i.startswith(("trait:", "challenge:")) for i in ids(s2)), "one trait or challenge a turn"


def test_path_difficulty_rises_by_one_for_a_marked_path():
    s = kit.start()
    kit.row(s, 1, ["Bandit Ambush", "Tavern Brawl", "Keen Eyed", "Bookworm"])
    ambush = by_name("Bandit Ambush")
    s_top, _ = do(s, f"challenge:{ambush}:top")
    s_bottom, _ = do(s, f"challenge:{ambush}:bottom")
    assert kit.ENGINE.view(s_top)["challenge"]["difficulty"] == 5
    assert kit.ENGINE.view(s_bottom)["challenge"]["difficulty"] == 6
    assert kit.ENGINE.view(s_bottom)["challenge"]["marked"] == 1


def test_rune_pool_core_plus_one_rune_per_relevant_icon_up_to_three_special_at_the_third():
    s = kit.start()  # one dex icon (Hunter)
    ambush = by_name("Bandit Ambush")  # str, dex
    assert base_pool(COMP, s, ambush) == ["core1", "core2", "core3", "dex1"]
    kit.place(s, "origin", "Keen Eyed")  # dex
    assert base_pool(COMP, s, ambush) == ["core1", "core2", "core3", "dex1", "dex2"]
    kit.place(s, "origin", "River Crossing", "bottom")  # dex: the third icon
    assert base_pool(COMP, s, ambush)[-1] == "dex3" and COMP.runes["dex3"].special
    kit.place(s, "motivation", "Spymaster")  # a fourth dex icon: still three runes
    assert base_pool(COMP, s, ambush).count("dex3") == 1 and len(base_pool(COMP, s, ambush)) == 6
    assert base_pool(COMP, s, by_name("The Old Library")) == ["core1", "core2", "core3"], "int: none relevant"


def test_odds_are_exact_while_choosing_runes():
    s = kit.start()
    kit.row(s, 1, ["Bandit Ambush", "Tavern Brawl", "Keen Eyed", "Bookworm"])
    s, _ = do(s, f"challenge:{by_name('Bandit Ambush')}:top")  # 3 core (0/1) + dex1 (0/2) against 5
    assert kit.ENGINE.view(s)["challenge"]["odds"] == pytest.approx(1 / 16)
    s, _ = do(s, "dark")  # + dark (1/2): 6 in reach; 5 needs ... exact enumeration below
    outcomes = [c1 + c2 + c3 + d + k for c1 in (0, 1) for c2 in (0, 1) for c3 in (0, 1) for d in (0, 2)
                for k in (1, 2)]
    assert kit.ENGINE.view(s)["challenge"]["odds"] == pytest.approx(sum(o >= 5 for o in outcomes) / 32)


def test_dark_runes_cost_experience_three_a_turn_and_move_the_marker():
    s = kit.start()
    kit.row(s, 1, ["Bandit Ambush", "Tavern Brawl", "Keen Eyed", "Bookworm"])
    s.exp = 5
    s, _ = do(s, f"challenge:{by_name('Bandit Ambush')}:top", "dark", "dark", "dark")
    assert s.exp == 2 and s.pending["pool"][-3:] == ["dark1", "dark2", "dark3"]
    assert "dark" not in ids(s), "three dark runes a turn at most"
    assert kit.ENGINE.view(s)["challenge"]["dark_cost"] is None, "the panel would offer a fourth at a price"
    kit.rig(s, [0, 0, 0, 0, 0, 1, 0])  # core1..3, dex1, dark1 (+2, corruption), dark2 (+1), dark3 (+2, corruption)
    s, _ = do(s, "cast")
    assert s.level == 5, "two dark runes showed +2 and one corruption each"
    assert sum(c["value"] for c in s.pending["cast"]) == 3 + 2 + 2 + 1 + 2


def test_no_dark_rune_without_experience_or_at_the_bottom_of_the_track():
    s = kit.start()
    kit.row(s, 1, ["Bandit Ambush", "Tavern Brawl", "Keen Eyed", "Bookworm"])
    s, _ = do(s, f"challenge:{by_name('Bandit Ambush')}:top")
    assert "dark" in ids(s) and kit.ENGINE.view(s)["challenge"]["dark_cost"] == 1
    s.exp = 0
    assert "dark" not in ids(s)
    assert kit.ENGINE.view(s)["challenge"]["dark_cost"] == 1, "what the next costs, though you cannot pay it yet"
    s.exp, s.level = 3, 6
    assert "dark" not in ids(s) and kit.ENGINE.view(s)["challenge"]["dark_cost"] is None


def test_failure_discards_the_card_and_gives_one_experience():
    s = kit.start()
    brawl = by_name("Tavern Brawl")
    kit.row(s, 1, ["Bandit Ambush", "Tavern Brawl", "Keen Eyed", "Bookworm"])
    s, _ = do(s, f"challenge:{brawl}:top")
    assert s.pending["pool"] == ["core1", "core2", "core3", "cha1"]
    kit.rig(s, [1, 1, 0, 1])  # 0 + 0 + 1 + 0 = 1 against 3
    s, _ = do(s, "cast", "accept")
    assert brawl in s.discards["1"] and brawl not in s.rows["1"]
    assert s.exp == 4 and s.adv_exp == 1 and not s.placed


def test_success_places_the_card_under_the_current_character_showing_the_path():
    s = kit.start()
    brawl = by_name("Tavern Brawl")
    kit.row(s, 1, ["Bandit Ambush", "Tavern Brawl", "Keen Eyed", "Bookworm"])
    s, _ = do(s, f"challenge:{brawl}:bottom")
    kit.rig(s, [0, 0, 0, 0])
    s, _ = do(s, "cast", "accept")
    assert s.placed == [["origin", brawl, "bottom"]] and icons(COMP, s)["str"] == 1
    assert len(s.rows["1"]) == 3, "the row is refilled at the end of the turn"
    s, _ = do(s, "end_turn")
    assert len(s.rows["1"]) == 4 and s.adv_exp == 0, "a turn that placed a card does not feed the Adversary"


def test_a_turn_without_a_new_card_feeds_the_adversary():
    s = kit.start()
    s, _ = do(s, "end_turn")
    assert s.adv_exp == 1 and s.turn == 2


def test_origin_gives_experience_on_its_trigger():
    s = kit.start("Hunter")  # success at a challenge listing Dexterity
    kit.row(s, 1, ["Bandit Ambush", "Tavern Brawl", "Keen Eyed", "Bookworm"])
    s, _ = do(s, f"challenge:{by_name('Bandit Ambush')}:top")
    kit.rig(s, [0, 0, 0, 0])
    s, _ = do(s, "cast", "accept")
    assert s.exp == 4


def test_motivation_spends_experience_for_an_advantage_once_a_turn():
    s = kit.start(motivation="Bound by Honor")  # 1 experience: +1 before casting
    kit.row(s, 1, ["Bandit Ambush", "Tavern Brawl", "Keen Eyed", "Bookworm"])
    mot = by_name("Bound by Honor")
    assert f"power:{mot}" not in ids(s), "before_cast: only while preparing a challenge"
    s, _ = do(s, f"challenge:{by_name('Tavern Brawl')}:top", f"power:{mot}")
    assert s.exp == 2 and f"power:{mot}" not in ids(s)
    kit.rig(s, [1, 1, 1, 1])
    s, _ = do(s, "cast")
    assert kit.ENGINE.view(s)["challenge"]["total"] == 1


def test_travel_once_a_turn_for_experience_replaces_the_card_and_drops_its_ally():
    s = kit.start()
    brawl, hound = by_name("Tavern Brawl"), by_name("Loyal Hound")
    kit.row(s, 1, ["Bandit Ambush", "Tavern Brawl", "Keen Eyed", "Bookworm"])
    kit.take(s, hound)
    s.under[brawl] = hound
    s, _ = do(s, f"travel:{brawl}")
    assert s.exp == 2 and brawl in s.discards["1"] and hound in s.discards["1"] and len(s.rows["1"]) == 4
    assert not any(i.startswith("travel:") for i in ids(s)), "once a turn"
    s, _ = do(s, "end_turn")
    s.exp = 0
    assert not any(i.startswith("travel:") for i in ids(s)), "travel costs experience"


def test_no_valid_option_lets_you_refresh_a_card_for_free():
    s = kit.start()
    kit.row(s, 1, ["Strong Back", "Bookworm", "Devout", "Tough as Nails"])  # str, int, wis, con needed... wis!
    assert not any(i.startswith("refresh:") for i in ids(s)), "Devout can be gained (One with Nature: wis)"
    kit.row(s, 1, ["Strong Back", "Bookworm", "Tough as Nails", "Legend"])
    refresh = [i for i in ids(s) if i.startswith("refresh:")]
    assert len(refresh) == 4
    s, _ = do(s, refresh[0])
    assert s.exp == 3 and len(s.rows["1"]) == 4 and refresh[0][8:] in s.discards["1"]


def test_illegal_actions_are_refused_and_change_nothing():
    s = kit.start()
    before = kit.ENGINE.dump(s)
    for bad in ("cast", "trait:S1-99", "challenge:S1-01:top", "", "keep:O01", "dark", 7):
        with pytest.raises(IllegalAction):
            kit.ENGINE.apply(s, bad)
    assert kit.ENGINE.dump(s) == before
