"""The turn [5.0]: the preparation roll [6.0], Nemo's action phase, the calendar [11.0] and the end [12.2].

`advance` runs queued steps until the game needs the player (a pending decision) or ends. It checks, before
every step, the conditions that end the game at once and the Final Commitment [12.1].
"""

from __future__ import annotations

from games.engine import N_, Event, Words, words
from games.nemos_war import cards, combat, effects
from games.nemos_war import rules as r
from games.nemos_war.components import RESOURCES, Components
from games.nemos_war.scoring import epilogue, summary
from games.nemos_war.state import State


def advance(c: Components, s: State, ev: list[Event]) -> None:
    for _ in range(10_000):
        if s.phase == "over" or _checks(c, s, ev):
            return
        if s.pending:
            return
        if s.queue:
            run_step(c, s, ev, s.queue.pop(0))
            continue
        _next_decision(c, s, ev)
    raise RuntimeError("the turn did not settle")


def _checks(c: Components, s: State, ev: list[Event]) -> bool:
    """True when the game stops here: it ended, or a rescue or the Final Commitment is asked."""
    top = s.top
    if top is not None and top["kind"] in ("rescue", "final"):
        return True
    broken = [k for k in RESOURCES if s.res[k] <= 0]
    if broken:
        res = broken[0]
        if rescue_tokens(c, s, res):
            s.pending.append({"kind": "rescue", "resource": res})
        else:
            end_game(c, s, ev, "tragic")
        return True
    fc = c.tracks["nemo"].final_commitment
    if s.commitment and not s.final_done and s.res["nemo"] <= fc:
        s.final_done = True
        s.pending.append({"kind": "final"})
        r.say(s, ev, words("Nemo reaches the Final Commitment circle: keep or change his commitment."),
              data={"res": "nemo"})
        return True
    if s.week > c.calendar["last"] and not s.historical:
        end_game(c, s, ev, "week52")
        return True
    if s.phase != "setup" and r.ships_left(s) == 0:
        end_game(c, s, ev, "last_ship")
        return True
    return False


def rescue_tokens(c: Components, s: State, res: str) -> list[str]:
    """OR tokens that can give back the resource about to end the game [8.0]."""
    return [t for t in s.collected if c.tokens[t].kind == "or"
            and any(e["op"] == "res" and e["res"] == res and e["n"] > 0 for e in c.tokens[t].effects)]


def _next_decision(c: Components, s: State, ev: list[Event]) -> None:
    if s.phase == "setup":
        s.pending.append({"kind": "commitment" if s.commitment is None else "start"})
    elif s.phase == "prep":
        s.pending.append({"kind": "prep"})
    elif s.phase == "action" and not s.acted:
        s.pending.append({"kind": "action"})
    else:
        s.phase = "post"
        s.pending.append({"kind": "post"})


def run_step(c: Components, s: State, ev: list[Event], step: dict) -> None:
    kind = step["step"]
    if kind == "effects":
        effects.run_effects(c, s, ev, step["effects"])
    elif kind == "hunter":
        combat.hunter(c, s, ev, step["ship"])
    elif kind == "draw":
        cards.draw_card(c, s, ev, step.get("source", "draw"))
    elif kind == "finish_card":
        cards.finish_card(c, s, ev, step["card"], step["pile"])
    elif kind == "pursuit":
        combat.pursuit(c, s, ev)
    elif kind == "pursue":
        combat.pursue(c, s, ev, step["ship"], step["bonus"])
    elif kind == "adventure":
        _adventure(c, s, ev, step["total"])
    elif kind == "to_action":
        s.phase = "action"
        s.acted = False
    elif kind == "end":
        end_game(c, s, ev, step["reason"])
    else:
        raise RuntimeError(f"unknown step {kind!r}")


# --- the preparation phase ------------------------------------------------------------------------------

# The log's line for a preparation roll; the view finds this turn's roll by it (prep_roll), as the state keeps no other
# record of the dice (a field would change every saved game's state, and with it the digests of their files).
PREP_ROLL_LINE = N_("Week {week}: the preparation roll is {a} + {b} = {total}.")

def preparation_roll(c: Components, s: State, ev: list[Event]) -> None:
    """[6.0]: one roll of two dice serves every step of the phase."""
    a, b = r.die(s), r.die(s)
    # the chronicle's heading for everything until the next turn
    r.say(s, ev, words("Turn {n}", n=s.turn), kind="turn", data={"turn": s.turn, "week": s.week})
    r.say(s, ev, words(PREP_ROLL_LINE, week=s.week, a=a, b=b, total=a + b),
          reveals=True, kind="roll", data={"dice": [a, b], "prep": True})
    if s.turn == 1:
        r.say(s, ev, words("No ship or treasure is placed on the first turn (the setup did it)."))
    elif a != b:
        for face in (a, b):
            r.place_new_ship(c, s, ev, c.by_die[face])
    else:
        _doubles(c, s, ev, a)
    steps: list[dict] = []
    if s.opt_on("pursuit"):
        steps.append({"step": "pursuit"})
    steps += [{"step": "adventure", "total": a + b}, {"step": "to_action"}]
    s.queue[0:0] = steps


def _doubles(c: Components, s: State, ev: list[Event], face: int) -> None:
    """[6.2] replacement treasure and [6.3] imperial backlash, both for the ocean of the doubled number."""
    ocean = c.by_die[face]
    # Said even when nothing else follows: a roll that places no ship should not look like a skipped step.
    r.say(s, ev, words("Doubles: no ship is placed this week."))
    if s.treasure_at[ocean] is None:
        tid = r.draw_treasure(s)
        s.treasure_at[ocean] = tid
        if tid:
            r.say(s, ev, words("Doubles: a new hidden treasure in the {ocean}.", ocean=r.ocean_name(c, ocean)),
                  data={"ocean": ocean, "treasure": True})
    if 2 * face < s.liberation:
        r.say(s, ev, words("Doubles: imperial backlash ({roll} < {liberation}).", roll=2 * face,
                           liberation=s.liberation), data={"track": "liberation"})
        r.change_liberation(c, s, ev, -1)


def _adventure(c: Components, s: State, ev: list[Event], total: int) -> None:
    """[6.4] (or [14.3] in the Historical game: odd turns and every 10th)."""
    if s.historical:
        if s.turn % 2 == 1 or s.turn % 10 == 0:
            cards.draw_card(c, s, ev, "draw")
        return
    target = 10 if s.side == "10+" else 7
    if total >= target:
        s.side = "10+"
        r.say(s, ev, words("{total} >= {target}: an adventure! The calendar marker shows 10+.", total=total,
                           target=target), data={"track": "calendar", "adventure": True})
        cards.draw_card(c, s, ev, "draw")
    else:
        s.side = "7+"
        r.say(s, ev, words("{total} < {target}: no adventure. The calendar marker shows 7+.", total=total,
                           target=target), data={"track": "calendar", "adventure": False})


# --- the end of a turn and of the game -----------------------------------------------------------------

def end_turn(c: Components, s: State, ev: list[Event]) -> None:
    """[5.0] phase 3 and [12.2] 2): the calendar advances one week; full oceans are an imperial victory."""
    r.advance_week(c, s, ev, 1, "turn")
    if all(r.ocean_full(c, s, o) for o in c.oceans):
        end_game(c, s, ev, "imperial")
        return
    s.turn += 1
    s.phase = "prep"


def end_game(c: Components, s: State, ev: list[Event], reason: str) -> None:
    s.tragic = reason == "tragic"
    s.imperial = reason == "imperial"
    s.pending = []
    s.queue = []
    s.fail_pile.extend(s.current)  # a card left unresolved by the end of the game scores nothing
    s.current = []
    s.phase = "over"
    s.end_reason = reason
    sm = summary(c, s)
    if reason in ("tragic", "imperial"):
        s.result = "lost"
    else:
        s.result = {"success": "won", "triumph": "won", "insignificant": "finished"}.get(sm["level_key"], "lost")
    r.say(s, ev, words("{ending} Final score {total}: {level}.", ending=c.tables["endings"][reason], total=sm["total"],
                       level=sm["level"]), kind="end", data={"reason": reason, "score": sm["total"]})
    # a data text: its own message id
    r.say(s, ev, Words(epilogue(c, s, sm["level_key"])), kind="end", data={"epilogue": sm["level_key"]})
