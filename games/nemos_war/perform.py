"""What each action does (`perform`), once `legal` (actions.py) has listed it: the answers to pending
decisions (commitment, start, stakes and the cannon, rolls, help, sink or capture, outcomes, Seek Adventure,
losses, the final commitment), treasure tokens and the wreck, playing kept cards, ending the turn, and Nemo's one
action of the turn [7.0]: move, stalk, rest, repair, refit [7.1], incite [7.2] and search [7.3].
"""

from __future__ import annotations

from games.engine import N_, Event, words, words_n
from games.nemos_war import cards, combat, flow
from games.nemos_war import rules as r
from games.nemos_war.components import Components
from games.nemos_war.effects import gain_treasure, run_effects, use_or_token, use_wreck
from games.nemos_war.setup import committed
from games.nemos_war.state import State

TOP_LEVEL = ("prep", "action", "post")  # decisions the flow asks again when needed: answered, they are popped


def perform(c: Components, s: State, ev: list[Event], aid: str) -> None:
    """Do `aid` (already checked legal). Top-level decisions are asked again by the flow when needed."""
    if s.top["kind"] in TOP_LEVEL:
        s.pending.pop()
    head, _, arg = aid.partition(":")
    if head in _PERFORM:
        _PERFORM[head](c, s, ev, arg)
    else:
        _nemo_action(c, s, ev, head, arg)


def _commit(c: Components, s: State, ev: list[Event], arg: str) -> None:
    s.pending.pop()
    if arg == "roll":
        face = r.die(s)
        arg = next(k for k, v in c.tables["commitments"].items() if face in v["roll"])
        r.say(s, ev, words("Nemo's commitment roll: {face}.", face=face), reveals=True, kind="roll",
              data={"dice": [face], "commitment": arg})
    s.commitment = arg
    r.say(s, ev, committed(c, arg), data={"commitment": arg})


def _start_at(c: Components, s: State, ev: list[Event], arg: str) -> None:
    s.pending.pop()
    s.nautilus = arg
    s.phase = "prep"
    r.say(s, ev, words("The Nautilus starts in the {ocean}.", ocean=r.ocean_name(c, arg)),
          data={"ocean": arg, "nautilus": True})


def _stake(c: Components, s: State, ev: list[Event], arg: str) -> None:
    s.top["staked"].append(arg)


def _unstake(c: Components, s: State, ev: list[Event], arg: str) -> None:
    s.top["staked"].remove(arg)


def _cannon(c: Components, s: State, ev: list[Event], arg: str) -> None:
    s.top["cannon"] = True


def _uncannon(c: Components, s: State, ev: list[Event], arg: str) -> None:
    s.top["cannon"] = False


def _roll(c: Components, s: State, ev: list[Event], arg: str) -> None:
    if arg == "":
        flow.preparation_roll(c, s, ev)
    elif s.top["kind"] == "test":
        cards.test_roll(c, s, ev)
    else:
        combat.combat_roll(c, s, ev)


def _help_act(c: Components, s: State, ev: list[Event], arg: str) -> None:
    is_test = s.top["kind"] == "test"
    if arg == "accept":
        (cards.finish_test if is_test else combat.finish_combat)(c, s, ev)
    else:
        (cards.test_help if is_test else combat.combat_help)(c, s, ev, arg)


def _sink_act(c: Components, s: State, ev: list[Event], arg: str) -> None:
    combat.sink_or_capture(c, s, ev, capture=False)


def _capture_act(c: Components, s: State, ev: list[Event], arg: str) -> None:
    combat.sink_or_capture(c, s, ev, capture=True)


def _chain_stop(c: Components, s: State, ev: list[Event], arg: str) -> None:
    s.pending.pop()


def _outcome_act(c: Components, s: State, ev: list[Event], arg: str) -> None:
    p = s.pending.pop()
    out = next(o for o in cards.card_outcomes(c, p["card"], True) if o["key"] == arg)
    cards.apply_outcome(c, s, ev, p["card"], out)


def _seek_act(c: Components, s: State, ev: list[Event], arg: str) -> None:
    p = s.pending.pop()
    if arg == "keep":
        cards.resolve_card(c, s, ev, p["card"], "seek")
    else:
        s.current = []
        s.gone.append(p["card"])
        r.say(s, ev, words("{title} is declined and set aside.", title=c.cards[p["card"]].title),
              data={"card": p["card"]})


def _lose(c: Components, s: State, ev: list[Event], arg: str) -> None:
    s.pending.pop()
    r.change_res(c, s, ev, arg, -1)


def _final_act(c: Components, s: State, ev: list[Event], arg: str) -> None:
    s.pending.pop()
    s.commitment = arg
    r.say(s, ev, words("Final commitment: War!") if arg == "war" else
          words("Final commitment: {commitment}.", commitment=c.tables["commitments"][arg]["name"]),
          data={"commitment": arg})


def _or_act(c: Components, s: State, ev: list[Event], arg: str) -> None:
    if s.top is not None and s.top["kind"] == "rescue":
        s.pending.pop()
    use_or_token(c, s, ev, arg)


def _wreck_act(c: Components, s: State, ev: list[Event], arg: str) -> None:
    use_wreck(c, s, ev)


def _defeat(c: Components, s: State, ev: list[Event], arg: str) -> None:
    flow.end_game(c, s, ev, "tragic")


def _play(c: Components, s: State, ev: list[Event], arg: str) -> None:
    s.kept.remove(arg)
    r.say(s, ev, words("{title} is played.", title=c.cards[arg].title), data={"card": arg})
    cards.resolve_card(c, s, ev, arg, "play")


def _end_turn(c: Components, s: State, ev: list[Event], arg: str) -> None:
    flow.end_turn(c, s, ev)


def _attack_act(c: Components, s: State, ev: list[Event], arg: str) -> None:
    if s.top is not None and s.top["kind"] == "chain":
        combat.chain_attack(c, s, ev, arg)
    else:
        s.acted = True
        combat.start_combat(c, s, ev, arg, "attack")


_PERFORM = {
    "commit": _commit, "start": _start_at, "stake": _stake, "unstake": _unstake, "cannon": _cannon,
    "uncannon": _uncannon, "roll": _roll, "test": _roll, "combat": _roll, "help": _help_act, "sink": _sink_act,
    "capture": _capture_act, "chain": _chain_stop, "outcome": _outcome_act, "seek": _seek_act, "lose": _lose,
    "final": _final_act, "or": _or_act, "wreck": _wreck_act, "defeat": _defeat, "play": _play,
    "end_turn": _end_turn, "attack": _attack_act,
}


def _nemo_action(c: Components, s: State, ev: list[Event], head: str, arg: str) -> None:
    """[7.0]: the one action of the turn."""
    s.acted = True
    if head in ("rest", "repair", "refit"):
        _rest_repair_refit(c, s, ev, head, arg)
    elif head == "incite":
        _incite(c, s, ev, arg)
    elif head == "search":
        _search(c, s, ev)
    elif head == "move":
        weeks = c.oceans[s.nautilus].routes[arg]
        r.say(s, ev, words("The Nautilus moves to the {ocean}.", ocean=r.ocean_name(c, arg)),
              data={"ocean": arg, "from": s.nautilus})
        s.nautilus = arg
        r.advance_week(c, s, ev, weeks, "voyage")
    elif head == "stalk":
        combat.start_combat(c, s, ev, arg, "stalk")
    else:
        raise RuntimeError(f"unknown action {head!r}")


def _rest_repair_refit(c: Components, s: State, ev: list[Event], head: str, arg: str) -> None:
    """[7.1]: 1d3 weeks; rest rolls the other die on the Rest table; repair +1 Hull; refit buys an upgrade."""
    s.last_rest_turn = s.turn
    weeks = r.d3(s)
    line = {"rest": words_n("Rest: the 1d3 roll gives {n} week.", "Rest: the 1d3 roll gives {n} weeks.", weeks),
            "repair": words_n("Repair: the 1d3 roll gives {n} week.", "Repair: the 1d3 roll gives {n} weeks.", weeks),
            "refit": words_n("Refit: the 1d3 roll gives {n} week.", "Refit: the 1d3 roll gives {n} weeks.", weeks)}
    r.say(s, ev, line[head], reveals=True, kind="roll", data={"dice": [weeks], "weeks": weeks, "action": head})
    r.advance_week(c, s, ev, weeks)
    if head == "rest":
        face = r.die(s)
        row = c.tables["rest"][str(face)]
        r.say(s, ev, words("Rest table {face}: {text}", face=face, text=row["text"]), reveals=True, kind="roll",
              data={"dice": [face], "table": "rest"})
        if row["crew"]:
            r.change_res(c, s, ev, "crew", row["crew"])
    elif head == "repair":
        r.change_res(c, s, ev, "hull", 1)
    else:
        _refit(c, s, ev, arg)


def _refit(c: Components, s: State, ev: list[Event], key: str) -> None:
    ref = c.tables["refits"][key]
    paid = [s.salvage.pop() for _ in range(ref["cost"])]
    if key == "seek":
        s.seek_times += 1
        s.discard.extend(paid)
        r.say(s, ev, words("Refit: Seek Adventure."), data={"refit": key})
        cards.draw_card(c, s, ev, "seek")
        return
    s.refits[key] = paid[0]
    s.discard.extend(paid[1:])
    r.say(s, ev, words("Refit: the Nautilus gains {refit}.", refit=ref["name"]), data={"refit": key})


INCITE_GAINS = N_("Incite with {name} (worth {vp}): rolled {roll}; {roll} + {vp} - 5 = {gain}.")  # then "Liberation +n"
INCITE_FAILS = N_("Incite with {name} (worth {vp}): rolled {roll}; {roll} + {vp} - 5 = {gain}: below 1, no liberation.")


def _incite(c: Components, s: State, ev: list[Event], tid: str) -> None:
    """[7.2]: 1d6 + the treasure's value - 5 to liberation if >= 1; a natural 6 +1, a natural 1 -1."""
    tok = c.tokens[tid]
    s.collected.remove(tid)
    roll = r.die(s)
    gain = roll + tok.vp - 5
    # A sum below 1 says so: nothing follows it in the log (a playtest could not tell what the sum had done).
    line = words(INCITE_GAINS if gain >= 1 else INCITE_FAILS, name=tok.name, vp=tok.vp, roll=roll, gain=gain)
    r.say(s, ev, line, reveals=True, kind="roll",
          data={"dice": [roll], "token": tid, **({"mod": tok.vp - 5} if tok.vp != 5 else {})})
    if gain >= 1:
        r.change_liberation(c, s, ev, gain)
    if roll == 6:
        r.change_liberation(c, s, ev, 1)
    if roll == 1:
        r.change_liberation(c, s, ev, -1)
    s.cup.append(tid)


def _search(c: Components, s: State, ev: list[Event]) -> None:
    """[7.3]: 1d6 on the Search table; the Mysterious Library searches an ocean with no treasure."""
    here = s.nautilus
    face = r.die(s)
    row = c.tables["search"][str(face)]
    r.say(s, ev, words("Search in the {ocean}: rolled {face}. {text}", ocean=r.ocean_name(c, here), face=face,
                       text=row["text"]), reveals=True, kind="roll",
          data={"dice": [face], "ocean": here, "found": bool(row["found"])})
    if row["found"]:
        tid = s.treasure_at[here]
        s.treasure_at[here] = None
        if tid is None:
            tid = r.draw_treasure(s)
        if s.wreck == here:
            s.wreck = "held"
            r.say(s, ev, words("The wreck marker is taken too."), data={"ocean": here})
        if tid is not None:
            gain_treasure(c, s, ev, tid)
    run_effects(c, s, ev, list(row["effects"]))
