"""Setting up a game [3.0], [13.1], [14.1]: ship groups, hidden ships, markers, the adventure deck, treasures."""

from __future__ import annotations

from games.engine import Event, Rng, Words, words
from games.nemos_war import rules as r
from games.nemos_war.components import PASSENGERS, RESOURCES, Components
from games.nemos_war.state import State

RED_SUN_ENDINGS = ("24", "24a", "24b", "24c")


def new_state(c: Components, seed: int, options: dict) -> tuple[State, list[Event]]:
    s = State(seed=seed, options=dict(options), rng=Rng.from_seed(seed).state)
    ev: list[Event] = []
    s.res = {k: c.tracks[k].start for k in RESOURCES}
    s.passengers = {k: True for k in PASSENGERS}
    s.refits = {"armour": None, "prow": None, "monstrous": None, "library": None}
    _ships(c, s)
    _deck(c, s)
    _treasures(c, s)
    _commitment(c, s, ev)
    n = len(s.deck)
    r.say(s, ev, words("Historical game set up: {n} adventure cards in the draw pile; 9 hidden ships at sea.", n=n)
          if s.historical else
          words("Standard game set up: {n} adventure cards in the draw pile; 9 hidden ships at sea.", n=n))
    return s, ev


def _commitment(c: Components, s: State, ev: list[Event]) -> None:
    """[3.0] step 4 when the options fix it: a commitment, or the 1d6 roll; "choose" asks the player."""
    opt = s.options.get("commitment", "choose")
    if opt == "choose":
        return
    if opt == "roll":
        face = r.die(s)
        opt = next(k for k, v in c.tables["commitments"].items() if face in v["roll"])
        r.say(s, ev, words("Nemo's commitment roll: {face}.", face=face), reveals=True, kind="roll",
              data={"dice": [face], "commitment": opt})
    s.commitment = opt
    r.say(s, ev, committed(c, opt), data={"commitment": opt})


def committed(c: Components, key: str) -> Words:
    """"Nemo is committed to Science." ("War!" keeps its own mark and takes no full stop)."""
    name = c.tables["commitments"][key]["name"]
    if key == "war":
        return words("Nemo is committed to War!")
    return words("Nemo is committed to {commitment}.", commitment=name)


def _ships(c: Components, s: State) -> None:
    """[3.0] steps 2–3: groups by colour; the light-grey pool (plus Deadly Seas ships) shuffled; 9 hidden ships."""
    for sid in c.base_ids:
        g = c.ship(sid).group
        if g == "light_grey":
            s.pool.append(sid)
        else:
            s.waiting.setdefault(g, []).append(sid)
    frig = int(s.options.get("deadly_frigates", "0"))
    iron = int(s.options.get("deadly_ironclads", "0"))
    frigates = [x for x in c.expansion_ids if c.ship(x).cls == "armoured_frigate"]
    ironclads = [x for x in c.expansion_ids if c.ship(x).cls == "ironclad"]
    s.pool += frigates[:frig] + ironclads[:iron]
    s.unused = frigates[frig:] + ironclads[iron:]
    r.shuffle(s, s.pool)
    for key, o in c.oceans.items():
        s.boxes[key] = [None] * o.boxes
        s.register[key] = []
        for i in range(o.start_ships):
            s.boxes[key][i] = s.pool.pop()
            if s.opt_on("clear"):
                s.revealed.append(s.boxes[key][i])


def _deck(c: Components, s: State) -> None:
    """[3.0] step 5, or [14.1]–[14.2] for the Historical game. Index 0 of `deck` is the top."""
    chosen = s.options.get("ending", "random")
    endings = list(RED_SUN_ENDINGS)
    r.shuffle(s, endings)
    ending = endings[0] if chosen == "random" else chosen
    s.out = [e for e in RED_SUN_ENDINGS if e != ending]
    if s.historical:
        ordered = sorted((cd for cd in c.cards.values() if not cd.ending), key=lambda cd: cd.number)
        s.deck = [cd.id for cd in ordered] + [ending]
        return
    rest = [cd.id for cd in c.cards.values() if not cd.red_sun]
    r.shuffle(s, rest)
    s.out += rest[:12]
    bottom = rest[12:16] + [ending]
    r.shuffle(s, bottom)
    s.deck = rest[16:] + ["21"] + bottom


def _treasures(c: Components, s: State) -> None:
    """[3.0] step 6: one random face-down treasure in each ocean, the rest in the cup."""
    s.cup = list(c.tokens)
    for key in c.oceans:
        s.treasure_at[key] = r.draw_treasure(s)
    for g in ("dark_grey", "red"):
        s.waiting.setdefault(g, [])
