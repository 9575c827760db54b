"""The score [12.3] under each commitment, Scourge of the Seas, zones, passengers, -50s, options, levels [12.4]."""

from __future__ import annotations

import pytest

from games.nemos_war.scoring import level, scourge, summary
from tests.games.nemos_war import kit

C = kit.ENGINE.components


def scored(commitment):
    """A fixed end position: 2 warships (3 + 5 VP) and 2 others (2 + 2 VP) sunk, 12 adventure VP with 3 science,
    7 treasure VP and one wonder, liberation 4."""
    s = kit.game(commitment=commitment)
    kit.clear_map(s)
    s.register["wp"] = [kit.ship_of("frigate"), kit.ship_of("ironclad")]
    s.pool.remove(s.register["wp"][0])
    s.pool.remove(s.register["wp"][1])
    for sid in (kit.ship_of("passenger", dv=8, skulls=0), kit.ship_of("freighter", dv=8)):
        s.pool.remove(sid)
        s.register["na"].append(sid)
    for cid in ("17", "15", "4"):  # 4 + 5 + 3 VP, 0 + 2 + 1 science
        for lst in (s.deck, s.out):
            if cid in lst:
                lst.remove(cid)
    s.pass_pile = ["17", "15"]
    s.kept = ["4"]
    s.collected = []
    want = [("vp", 4), ("vp", 3), ("wonder", 0)]
    for kind, vp in want:
        t = next(t for t in s.cup if C.tokens[t].kind == kind and C.tokens[t].vp == vp and t not in s.collected)
        s.cup.remove(t)
        s.collected.append(t)
    s.liberation = 4
    return s


@pytest.mark.parametrize("commitment,expected", [
    ("science", {"warships": 4, "others": 0, "adventure": 24, "science": 30, "treasure": 7, "wonders": 5,
                 "liberation": 0}),
    ("explore", {"warships": 4, "others": 2, "adventure": 24, "science": 15, "treasure": 7, "wonders": 10,
                 "liberation": 4}),
    ("anti", {"warships": 8, "others": 8, "adventure": 12, "science": 0, "treasure": 3, "wonders": 0,
              "liberation": 20}),
    ("war", {"warships": 16, "others": 4, "adventure": 12, "science": 0, "treasure": 7, "wonders": 0,
             "liberation": 8}),
])
def test_the_commitment_table(commitment, expected):
    s = scored(commitment)
    lines = {x["key"]: x["points"] for x in summary(C, s)["lines"]}
    assert {k: lines[k] for k in expected} == expected
    assert lines["nemo"] == lines["crew"] == lines["hull"] == 10, "all three at the top: green zone"
    assert lines["passengers"] == 0 and lines["scourge"] == 0


def test_status_score_is_the_sum_of_its_lines():
    s = scored("war")
    st = kit.ENGINE.status(s)
    assert st.state == "in_progress" and st.score == sum(x.points for x in st.breakdown) == 77


def test_scourge_of_the_seas():
    s = kit.game()
    for o in s.register:
        s.register[o] = ["x"] * 4
    assert scourge(C, s) == 24
    s.register["io"] = ["x"] * 3
    assert scourge(C, s) == 18
    for o in s.register:
        s.register[o] = ["x"] * 9
    assert scourge(C, s) == 40


def test_zones_passengers_tragic_and_options():
    s = kit.game(pursuit="on", clear="on", pressure="on")
    s.res = {"nemo": 2, "crew": 1, "hull": 7}
    s.passengers = {"professor": False, "ned": True, "conseil": False}
    s.tragic = True
    lines = {x["key"]: x["points"] for x in summary(C, s)["lines"]}
    assert (lines["nemo"], lines["crew"], lines["hull"]) == (-5, -10, 5)
    assert lines["passengers"] == -9 and lines["tragic"] == -50
    assert (lines["pursuit"], lines["clear"], lines["pressure"]) == (20, -20, -10)


@pytest.mark.parametrize("pos,points", [(8, 10), (7, 5), (6, 0), (3, 0), (2, -5), (1, -10), (0, -10)])
def test_a_marker_scores_the_circle_it_is_on_or_beyond(pos, points):
    """[12.3]: on or above a green circle adds its VP, on or below a red circle subtracts its VP. The defeat space 0
    is below every red circle: it subtracts the lowest one's 10 (the nearest circle, so 1 is -10, not -15)."""
    s = kit.game()
    s.res = {"nemo": pos, "crew": 8, "hull": 8}
    lines = {x["key"]: x["points"] for x in summary(C, s)["lines"]}
    assert lines["nemo"] == points and lines["crew"] == lines["hull"] == 10
    assert kit.ENGINE.view(s)["resources"]["nemo"]["zone_vp"] == points


def prep(s, dice, turn=3):
    s.turn, s.phase, s.pending, s.queue = turn, "prep", [{"kind": "prep"}], []
    kit.rig(s, dice)
    return kit.play(s, "roll")


def test_a_tragic_ending_also_scores_the_lost_resource_below_the_red_zone():
    """The Hull broken by The Whales' failure: the tragic ending's -50 and the Hull track's -10 at 0."""
    s = kit.to_action(kit.game())
    s.res["hull"] = 1
    kit.card_on_top(s, "17")
    s = prep(s, [6, 6, 1, 1])  # the test roll: a natural 2
    s = kit.play(s, "test:roll", "help:accept")
    assert s.phase == "over" and s.end_reason == "tragic" and s.res["hull"] == 0
    st = kit.ENGINE.status(s)
    lines = {x.label: x.points for x in st.breakdown}
    assert lines["Hull track"] == -10 and lines["Tragic ending"] == -50
    assert lines["Nemo track"] == lines["Crew track"] == 10
    assert st.state == "lost" and st.score == sum(lines.values())
    v = kit.ENGINE.view(s)
    assert v["score"]["total"] == v["end"]["score"] == st.score
    assert v["resources"]["hull"]["zone_vp"] == v["resources"]["hull"]["defeat_vp"] == -10
    assert f"Final score {st.score}:" in " ".join(v["log"])


@pytest.mark.parametrize("total,key", [(-20, "complete_failure"), (50, "complete_failure"), (51, "failure"),
                                       (100, "failure"), (101, "insignificant"), (150, "insignificant"),
                                       (151, "success"), (200, "success"), (201, "triumph")])
def test_victory_levels(total, key):
    assert level(C, total)["key"] == key


def test_the_end_screen_has_level_and_epilogue():
    s = kit.to_action(kit.game(commitment="science"))
    s.week = 52
    s = kit.play(s, "move:ep")
    v = kit.ENGINE.view(s)
    assert v["end"]["reason"] == "week52" and v["end"]["epilogue"] == C.tables["epilogue"]["science"][
        v["end"]["level_key"]]
    assert kit.ENGINE.status(s).state in ("won", "lost", "finished") and kit.ENGINE.legal_actions(s) == []


@pytest.mark.parametrize("commitment", ["science", "anti", "war"])
def test_a_lines_count_times_its_worth_is_written_with_the_times_sign(commitment):
    """"Science 3 x 0" with a letter x, beside "×2" multipliers everywhere else (Nemo's War playtest)."""
    from app.i18n.render import say

    details = [say(x["detail"]) for x in summary(C, scored(commitment))["lines"] if x["detail"]]
    counted = [d for d in details if any(ch.isdigit() for ch in d) and ("×" in d or " x " in d)]
    assert counted, details
    assert not [d for d in counted if " x " in d], counted
