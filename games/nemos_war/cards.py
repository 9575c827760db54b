"""Adventure cards: drawing, event cards [6.5], test cards with staking and emergency help [6.6]–[6.8].

A roll (test or combat) is shared: `odds`, `usable_help`, `apply_help`.
"""

from __future__ import annotations

from games.engine import Event, Words, words
from games.nemos_war import rules as r
from games.nemos_war.components import Components
from games.nemos_war.effects import run_effects
from games.nemos_war.state import State

HELP_DRM = {"professor": 2, "ned": 1}


def odds(drm: int, target: int) -> float:
    """Chance that 2d6 + drm >= target, a natural 2 always failing."""
    hits = sum(1 for a in range(1, 7) for b in range(1, 7) if a + b != 2 and a + b + drm >= target)
    return round(hits / 36, 3)


def stake_drm(c: Components, s: State, staked: list[str]) -> int:
    return sum(c.tracks[x].drm[s.res[x]] for x in staked if s.res[x] > 0)


def draw_card(c: Components, s: State, ev: list[Event], source: str) -> None:
    if not s.deck:
        r.say(s, ev, words("The adventure deck is empty."), data={"deck": 0})
        if s.historical:
            s.queue.insert(0, {"step": "end", "reason": "deck"})
        return
    cid = s.deck.pop(0)
    card = c.cards[cid]
    r.say(s, ev, words("Adventure card {label}: {title}.", label=card.raw["label"], title=card.title), reveals=True,
          kind="card", data={"card": cid, "source": source})
    if source == "seek" and not card.ending:
        s.current = [cid]
        s.pending.append({"kind": "seek", "card": cid})
        return
    resolve_card(c, s, ev, cid, source)


def resolve_card(c: Components, s: State, ev: list[Event], cid: str, source: str) -> None:
    card = c.cards[cid]
    if card.timing == "keep" and source != "play":
        s.current = []
        s.kept.append(cid)
        r.say(s, ev, words("{title} is kept to be played later.", title=card.title), data={"card": cid, "pile": "kept"})
        return
    s.current = [cid]
    if card.test is not None:
        s.pending.append({"kind": "test", "card": cid, "staked": [], "rolled": None, "source": source})
        return
    offer_outcomes(c, s, ev, cid, list(card.outcomes))


def offer_outcomes(c: Components, s: State, ev: list[Event], cid: str, outcomes: list[dict]) -> None:
    if len(outcomes) == 1:
        apply_outcome(c, s, ev, cid, outcomes[0])
    else:
        s.pending.append({"kind": "outcome", "card": cid, "options": [o["key"] for o in outcomes]})


def card_outcomes(c: Components, cid: str, passed: bool | None) -> list[dict]:
    card = c.cards[cid]
    if card.test is None:
        return list(card.outcomes)
    return list(card.test["pass"] if passed else card.test["fail"])


def apply_outcome(c: Components, s: State, ev: list[Event], cid: str, outcome: dict) -> None:
    r.say(s, ev, words("{title}: {outcome}.", title=c.cards[cid].title, outcome=outcome["label"]),
          data={"card": cid, "outcome": outcome["key"]})
    s.queue[0:0] = [{"step": "finish_card", "card": cid, "pile": outcome["pile"]}]
    run_effects(c, s, ev, list(outcome["effects"]))


def finish_card(c: Components, s: State, ev: list[Event], cid: str, pile: str) -> None:
    card = c.cards[cid]
    if cid in s.current:
        s.current.remove(cid)
    hunted = [e["ship"] for o in (card.outcomes or ()) for e in o["effects"] if e["op"] == "hunter"]
    if hunted:
        gone = any(h in s.salvage or any(h in reg for reg in s.register.values()) for h in hunted)
        pile = "pass" if gone else "fail"
    if pile == "pass":
        s.pass_pile.append(cid)
    elif pile == "fail":
        s.fail_pile.append(cid)
    elif s.cannon > 0 and cid == "4h":
        s.cannon_card.append(cid)
    else:
        s.gone.append(cid)
    if pile == "pass":
        r.say(s, ev, words("{title} goes to the Pass pile.", title=card.title), data={"card": cid, "pile": "pass"})
    elif pile == "fail":
        r.say(s, ev, words("{title} goes to the Fail pile.", title=card.title), data={"card": cid, "pile": "fail"})
    if card.ending:
        s.queue.insert(0, {"step": "end", "reason": "ending"})


# --- the roll of a test or a combat ----------------------------------------------------------------------

def usable_help(s: State, rolled: dict) -> list[str]:
    out = [w for w in ("professor", "ned") if s.passengers[w] and rolled["natural"] != 2]
    if s.passengers["conseil"]:
        out.append("conseil")
    return out


def roll_dice(s: State, drm: int, target: int) -> dict:
    a, b = r.die(s), r.die(s)
    total = a + b + drm
    return {"dice": [a, b], "natural": a + b, "drm": drm, "help_drm": 0, "total": total,
            "passed": a + b != 2 and total >= target}


def roll_data(rolled: dict, target: int, **more: object) -> dict:
    """A test or attack roll as event data: both dice, the modifier (staked resources, stalking, the cannon,
    help...; omitted when 0), the target to reach (`need`) and whether it passed (a natural 2 always fails)."""
    mod = rolled["drm"] + rolled["help_drm"]
    data = {"dice": list(rolled["dice"]), "need": target, "passed": rolled["passed"], **more}
    if mod:
        data["mod"] = mod
    return data


def apply_help(c: Components, s: State, ev: list[Event], rolled: dict, who: str, target: int,
               data: dict | None = None) -> None:
    """[6.8]: the Professor +2, Ned Land +1, Conseil a new roll; each leaves the game, its VP lost.
    `data`: what the roll concerns (its card or box), for the event that says the help."""
    s.passengers[who] = False
    name = c.passengers[who]["name"]
    if who == "conseil":
        a, b = r.die(s), r.die(s)
        rolled["dice"] = [a, b]
        rolled["natural"] = a + b
    else:
        rolled["help_drm"] += HELP_DRM[who]
    rolled["total"] = rolled["natural"] + rolled["drm"] + rolled["help_drm"]
    rolled["passed"] = rolled["natural"] != 2 and rolled["total"] >= target
    told = roll_data(rolled, target, passenger=who, **(data or {}))
    if who == "conseil":
        r.say(s, ev, words("{name} helps: the dice are rolled again: {a} + {b}.", name=name, a=a, b=b), reveals=True,
              kind="roll", data=told)
    else:
        r.say(s, ev, words("{name} helps: +{n}.", name=name, n=HELP_DRM[who]), data=told)


def describe_roll(rolled: dict, target: int) -> Words:
    a, b = rolled["dice"]
    p = {"a": a, "b": b, "drm": r.signed(rolled["drm"]), "total": rolled["total"], "target": target}
    if rolled["passed"]:
        return words("rolled {a} + {b}, modifier {drm}: {total} against {target}: success.", **p)
    if rolled["natural"] == 2:
        return words("rolled {a} + {b}, modifier {drm}: {total} against {target}: a natural 2 always fails.", **p)
    return words("rolled {a} + {b}, modifier {drm}: {total} against {target}: failure.", **p)


# --- tests -----------------------------------------------------------------------------------------------

def test_roll(c: Components, s: State, ev: list[Event]) -> None:
    p = s.top
    card = c.cards[p["card"]]
    target = card.test["target"]
    p["rolled"] = roll_dice(s, stake_drm(c, s, p["staked"]), target)
    r.say(s, ev, words("{title}: {roll}", title=card.title, roll=describe_roll(p["rolled"], target)), reveals=True,
          kind="roll", data=roll_data(p["rolled"], target, card=p["card"]))
    if p["rolled"]["passed"] or not usable_help(s, p["rolled"]):
        finish_test(c, s, ev)


def test_help(c: Components, s: State, ev: list[Event], who: str) -> None:
    p = s.top
    target = c.cards[p["card"]].test["target"]
    apply_help(c, s, ev, p["rolled"], who, target, {"card": p["card"]})
    if p["rolled"]["passed"] or not usable_help(s, p["rolled"]):
        finish_test(c, s, ev)


def finish_test(c: Components, s: State, ev: list[Event]) -> None:
    """[6.7.3]: staked resources come back on a pass and are lost on a fail, on top of the card's penalty."""
    p = s.pending.pop()
    passed = p["rolled"]["passed"]
    cid = p["card"]
    title = c.cards[cid].title
    r.say(s, ev, words("{title}: test passed.", title=title) if passed else words("{title}: test failed.", title=title),
          data={"card": cid, "passed": passed})
    if not passed:
        for res in p["staked"]:
            r.change_res(c, s, ev, res, -1)
    offer_outcomes(c, s, ev, cid, card_outcomes(c, cid, passed))
