"""Every legal action now (`legal`), with its id as CONTRACT.md lists it and its label; perform.py does them."""

from __future__ import annotations

from games.engine import Action, Words, words, words_n
from games.nemos_war import cards, combat, flow
from games.nemos_war import rules as r
from games.nemos_war.components import COMMITMENTS, RESOURCES, Components
from games.nemos_war.state import State


def legal(c: Components, s: State) -> list[Action]:
    p = s.top
    if s.phase == "over" or p is None:
        return []
    kind = p["kind"]
    acts = _LEGAL[kind](c, s, p)
    if kind not in ("commitment", "start", "final", "rescue"):
        acts += _free(c, s)
    return acts


def _free(c: Components, s: State) -> list[Action]:
    acts = [Action(f"or:{t}", _give_up(c, t), "treasure") for t in s.collected if c.tokens[t].kind == "or"]
    if s.wreck == "held":
        acts.append(Action("wreck", words("Discard the wreck marker: liberation +1d3+1"), "treasure"))
    return acts


def _give_up(c: Components, t: str) -> Words:
    """Giving up an OR treasure says what it brings and what it costs ("Give up Ship's Stores for +1 Crew (2 VP)"),
    not the treasure's text ("2 VP, OR discard it to gain 1 Crew.", which read as a rule, not a move). The gain comes
    first: a button shows a label up to its brackets (app/ui/bar.py), and the gain is what tells two apart."""
    token = c.tokens[t]
    effects = token.raw["effects"]
    gain = effects[0] if len(effects) == 1 else {}
    if gain.get("op") == "res":
        return words("Give up {name} for +{n} {res} ({vp} VP)", name=token.name, vp=token.raw["vp"], n=gain["n"],
                     res=c.tracks[gain["res"]].name)
    if gain.get("op") == "liberation":
        return words("Give up {name} for liberation +{n} ({vp} VP)", name=token.name, vp=token.raw["vp"],
                     n=gain["n"])
    return words("Give up {name}: {text}", name=token.name, text=token.raw["text"])


def _playable(c: Components, s: State) -> list[Action]:
    out = []
    for cid in s.kept:
        card = c.cards[cid]
        if card.where is None or s.nautilus in card.where:
            out.append(Action(f"play:{cid}", words("Play {title}", title=card.title), "card"))
    return out


def _commitment(c: Components, s: State, p: dict) -> list[Action]:
    table = c.tables["commitments"]
    acts = [Action(f"commit:{k}", words("Commit to {commitment}", commitment=table[k]["name"])) for k in COMMITMENTS]
    return acts + [Action("commit:roll", words("Let Nemo decide: roll the die"))]


def _start(c: Components, s: State, p: dict) -> list[Action]:
    return [Action(f"start:{k}", words("Start in the {ocean}", ocean=o.name), "map") for k, o in c.oceans.items()]


def _prep(c: Components, s: State, p: dict) -> list[Action]:
    return [Action("roll", words("Roll the preparation dice"))]


def _action(c: Components, s: State, p: dict) -> list[Action]:
    # Nemo's action first, a kept card after it: the bar's first choice (its key 1, the one Enter presses) never
    # spends a card
    acts: list[Action] = []
    here = s.nautilus
    if s.last_rest_turn != s.turn - 1:
        acts += [Action("rest", words("Rest (1d3 weeks; the Rest table)")),
                 Action("repair", words("Repair (1d3 weeks; +1 Hull)"))]
        for key, ref in c.tables["refits"].items():
            owned = key != "seek" and s.refits.get(key)
            if not owned and ref["cost"] <= len(s.salvage) and (key != "seek" or s.deck):
                acts.append(Action(f"refit:{key}", words("Refit: {refit} ({cost} salvage)", refit=ref["name"],
                                                         cost=ref["cost"])))
    for t in s.collected:
        if c.tokens[t].kind == "vp":
            acts.append(Action(f"incite:{t}", words("Incite with {name} (worth {vp})", name=c.tokens[t].name,
                                                    vp=c.tokens[t].vp), "treasure"))
    if s.treasure_at[here] is not None or (s.refits.get("library") and s.cup):
        acts.append(Action("search", words("Search the {ocean}", ocean=r.ocean_name(c, here)), "map"))
    for dest, weeks in c.oceans[here].routes.items():
        acts.append(Action(f"move:{dest}", words_n("Sail to the {ocean} ({n} week)", "Sail to the {ocean} ({n} weeks)",
                                                   weeks, ocean=r.ocean_name(c, dest)), "map"))
    for box in combat.chain_targets(s, here):
        what = _target(c, s, box)
        acts.append(Action(f"stalk:{box}", words("Stalk {target} (+1, this ship only)", target=what), "map"))
        acts.append(Action(f"attack:{box}", words("Attack {target}", target=what), "map"))
    return acts + _playable(c, s)


def _target(c: Components, s: State, box: str) -> Words:
    sid = r.box_ship(s, box)
    where = r.box_words(c, box)
    if sid in s.revealed:
        return words("the {ship} in {box}", ship=r.ship_name(c, sid), box=where)
    return words("the hidden ship in {box}", box=where)


def _post(c: Components, s: State, p: dict) -> list[Action]:
    return [Action("end_turn", words("End the turn"))] + _playable(c, s)


def _stakes(c: Components, s: State, p: dict, allowed: tuple[str, ...], one: bool) -> list[Action]:
    acts = []
    for res in allowed:
        name = c.tracks[res].name
        if res in p["staked"]:
            acts.append(Action(f"unstake:{res}", words("Take back the {res} stake", res=name), "track"))
        elif s.res[res] > 0 and not (one and p["staked"]):
            drm = c.tracks[res].drm[s.res[res]]
            acts.append(Action(f"stake:{res}", words("Stake {res} (+{drm} to the roll)", res=name, drm=drm), "track"))
    return acts


def _help(c: Components, s: State, p: dict) -> list[Action]:
    acts = [Action(f"help:{w}", words("{name}: {help}", name=c.passengers[w]["name"], help=c.passengers[w]["label"]),
                   "passenger") for w in cards.usable_help(s, p["rolled"])]
    return [Action("help:accept", words("Accept the result"))] + acts  # taking the roll as it is spends nothing


def _test(c: Components, s: State, p: dict) -> list[Action]:
    if p["rolled"] is not None:
        return _help(c, s, p)
    help_ = tuple(c.cards[p["card"]].test["help"])
    return _stakes(c, s, p, help_, one=False) + [Action("test:roll", words("Roll for the test"))]


def _combat(c: Components, s: State, p: dict) -> list[Action]:
    if p["rolled"] is not None:
        return _help(c, s, p)
    acts = _stakes(c, s, p, RESOURCES, one=True)
    if s.cannon > 0 and c.ship(p["ship"]).warship:
        acts.append(Action("uncannon" if p["cannon"] else "cannon",
                           words("Hold the cannon back") if p["cannon"] else words("Fire the cannon (+2)"), "card"))
    return acts + [Action("combat:roll", words("Roll the attack"))]


def _sink(c: Components, s: State, p: dict) -> list[Action]:
    acts = [Action("sink", words("Sink the {ship}", ship=r.ship_name(c, p["ship"])))]
    if p["can_capture"]:
        acts.append(Action("capture", words("Capture it (a salvage point; the action ends)")))
    return acts


def _chain(c: Components, s: State, p: dict) -> list[Action]:
    acts = [Action(f"attack:{b}", words("Attack {target} (notoriety +1)", target=_target(c, s, b)), "map")
            for b in combat.chain_targets(s, p["ocean"])]
    return acts + [Action("chain:stop", words("Stop attacking"))]


def _outcome(c: Components, s: State, p: dict) -> list[Action]:
    outs = {o["key"]: o for o in cards.card_outcomes(c, p["card"], True)}
    return [Action(f"outcome:{k}", outs[k]["label"], "card") for k in p["options"]]


def _seek(c: Components, s: State, p: dict) -> list[Action]:
    title = c.cards[p["card"]].title
    return [Action("seek:keep", words("Take on {title}", title=title), "card"),
            Action("seek:decline", words("Decline {title}", title=title), "card")]


def _pressure(c: Components, s: State, p: dict) -> list[Action]:
    return [Action(f"lose:{k}", words("Lose 1 {res}", res=c.tracks[k].name), "track") for k in RESOURCES]


def _final(c: Components, s: State, p: dict) -> list[Action]:
    table = c.tables["commitments"]
    return [Action(f"final:{k}", (words("Keep the {commitment} commitment", commitment=table[k]["name"])
                                  if k == s.commitment else
                                  words("Change the commitment to {commitment}", commitment=table[k]["name"])))
            for k in COMMITMENTS]


def _rescue(c: Components, s: State, p: dict) -> list[Action]:
    acts = [Action(f"or:{t}", words("Give up {name} to stay afloat", name=c.tokens[t].name), "treasure")
            for t in flow.rescue_tokens(c, s, p["resource"])]
    return acts + [Action("defeat", words("Accept the defeat"))]


_LEGAL = {
    "commitment": _commitment, "start": _start, "prep": _prep, "action": _action, "post": _post,
    "test": _test, "combat": _combat, "sink": _sink, "chain": _chain, "outcome": _outcome, "seek": _seek,
    "pressure": _pressure, "final": _final, "rescue": _rescue,
}
