"""Effects of cards and treasures (the EFFECT ops of CONTRACT.md), and gaining treasure tokens [8.0].

Effects run in order. An effect that needs the player (a black-sun warship, another card) becomes a step at
the front of the queue, followed by the effects not run yet, so the order of the card is kept.
"""

from __future__ import annotations

from games.engine import Event, words
from games.nemos_war import rules as r
from games.nemos_war.components import Components
from games.nemos_war.state import State

DEFERRED = ("hunter", "draw")


def run_effects(c: Components, s: State, ev: list[Event], effects: list[dict]) -> None:
    for i, e in enumerate(effects):
        if e["op"] in DEFERRED:
            rest = list(effects[i + 1:])
            steps = [{"step": e["op"], **{k: v for k, v in e.items() if k != "op"}}]
            if rest:
                steps.append({"step": "effects", "effects": rest})
            s.queue[0:0] = steps
            return
        run_one(c, s, ev, e)


def run_one(c: Components, s: State, ev: list[Event], e: dict) -> None:
    op = e["op"]
    if op == "res":
        r.change_res(c, s, ev, e["res"], e["n"])
    elif op == "notoriety":
        r.change_notoriety(c, s, ev, e["n"])
    elif op == "liberation":
        r.change_liberation(c, s, ev, e["n"])
    elif op == "week":
        r.advance_week(c, s, ev, e["n"])
    elif op == "treasure":
        for _ in range(e["n"]):
            tid = r.draw_treasure(s)
            if tid is None:
                r.say(s, ev, words("The treasure cup is empty."))
                break
            gain_treasure(c, s, ev, tid)
    elif op == "salvage":
        for _ in range(e["n"]):
            sid = r.draw_ship(s) if len(s.salvage) < c.salvage_boxes else None
            if sid is not None:
                s.salvage.append(sid)
                r.say(s, ev, words("Salvage: a ship joins the salvage boxes: {ship}.", ship=r.ship_name(c, sid)),
                      reveals=True, data={"to": "salvage"})
    else:
        _run_map_effect(c, s, ev, e)


def _run_map_effect(c: Components, s: State, ev: list[Event], e: dict) -> None:
    op = e["op"]
    if op == "reveal":
        for sid in s.ships_in(s.nautilus):
            r.reveal(c, s, ev, sid)
    elif op == "ships":
        for _ in range(e["n"]):
            if e["where"] == "here":
                r.place_new_ship(c, s, ev, s.nautilus)
            else:
                face = r.die(s)
                r.place_new_ship(c, s, ev, c.by_die[face], {"dice": [face]})
    elif op == "remove_ship":
        hidden = [(i, x) for i, x in enumerate(s.boxes[s.nautilus]) if x is not None and x not in s.revealed]
        for i, sid in hidden[: e["n"]]:
            s.boxes[s.nautilus][i] = None
            s.discard.append(sid)
            r.say(s, ev, words("A hidden ship leaves the {ocean} for the discard pile.", ocean=r.ocean_name(c,
                               s.nautilus)), data={"box": f"{s.nautilus}.{i + 1}"})
    elif op == "cannon":
        s.cannon = 3
        r.say(s, ev, words("The cannon marker is taken: +2 against a warship, three times."), data={"cannon": 3})
    elif op == "wreck":
        face = r.die(s)
        ocean = c.by_die[face]
        s.wreck = ocean
        r.say(s, ev, words("The wreck marker goes to the {ocean}.", ocean=r.ocean_name(c, ocean)), reveals=True,
              data={"dice": [face], "ocean": ocean})
    elif op == "passenger":
        s.passengers[e["who"]] = True
        r.say(s, ev, words("{name} is back on board.", name=c.passengers[e["who"]]["name"]),
              data={"passenger": e["who"]})
    elif op == "move":
        face, old = r.die(s), s.nautilus
        s.nautilus = c.by_die[face]
        r.say(s, ev, words("The Nautilus is carried to the {ocean}.", ocean=r.ocean_name(c, s.nautilus)), reveals=True,
              data={"dice": [face], "ocean": s.nautilus, "from": old})


def gain_treasure(c: Components, s: State, ev: list[Event], tid: str) -> None:
    """[8.0]: 'discard' tokens act at once and leave the game; the others go to the collected box."""
    tok = c.tokens[tid]
    r.say(s, ev, words("Treasure: {name} — {text}", name=tok.name, text=tok.raw["text"]), reveals=True, kind="treasure",
          data={"token": tid})
    if tok.kind == "discard":
        s.spent.append(tid)
        run_effects(c, s, ev, list(tok.effects))
    else:
        s.collected.append(tid)


def use_or_token(c: Components, s: State, ev: list[Event], tid: str) -> None:
    tok = c.tokens[tid]
    s.collected.remove(tid)
    s.spent.append(tid)
    r.say(s, ev, words("{name} is given up for its benefit.", name=tok.name), data={"token": tid})
    run_effects(c, s, ev, list(tok.effects))


def use_wreck(c: Components, s: State, ev: list[Event]) -> None:
    """[3.2.2]: discard the wreck marker: liberation +1d3+1."""
    n = r.d3(s) + 1
    s.wreck = None
    r.say(s, ev, words("The wreck's riches are given away: liberation +{n} (1d3+1).", n=n), reveals=True,
          data={"dice": [n - 1], "mod": 1, "track": "liberation"})
    r.change_liberation(c, s, ev, n)
