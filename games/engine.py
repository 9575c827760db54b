"""The contract between the web app and a game's rules.

A game is a `GameEngine`: pure functions over a state object that the engine alone understands.
The app never looks inside a state; it stores `dump(state)` (JSON-safe), shows `view(state)` and
offers `legal_actions(state)`. Every player choice is an `Action` with a stable string id; `apply`
rejects anything that is not currently legal with `IllegalAction`.

Randomness comes only from `Rng`, whose whole state is a single integer kept inside the game state,
so the same seed and the same actions always rebuild the same game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal, Protocol, runtime_checkable

StatusName = Literal["in_progress", "won", "lost", "finished"]
JSON = dict[str, Any]


class Words(str):
    """Words for a person, kept translatable: a message id, its parameters and (for plurals) a count.

    A `Words` *is* its English text (a `str`), so code and tests that compare labels keep working and an
    English page needs no work at all. The web layer renders it in the reader's language from the game's
    catalog (`app.i18n.render.say`): the message id is looked up, then every parameter is rendered too (a
    `Words` parameter recursively, a plain string through the same catalog, a number per locale).
    Placeholders use `str.format` names: `words("Buy {card} for {cost} gold", card=name, cost=2)`.
    Build them with `words` / `words_n`; `to_json` / `from_json` store them in logs and saves.
    """

    __slots__ = ("msgid", "plural", "n", "params")
    msgid: str
    plural: str | None
    n: int | None
    params: dict[str, Any]

    def __new__(cls, msgid: str, params: dict[str, Any] | None = None, plural: str | None = None,
                n: int | None = None) -> Words:
        params = dict(params or {})
        if n is not None:
            params.setdefault("n", n)
        pattern = msgid if plural is None or n == 1 else plural
        self = super().__new__(cls, pattern.format(**params) if params else pattern)
        self.msgid, self.plural, self.n, self.params = msgid, plural, n, params
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (Words, (self.msgid, self.params, self.plural, self.n))

    def __deepcopy__(self, memo: dict) -> Words:
        return self  # immutable

    def __copy__(self) -> Words:
        return self

    def to_json(self) -> JSON:
        out: JSON = {"m": self.msgid}
        if self.params:
            out["p"] = {k: v.to_json() if isinstance(v, Words) else v for k, v in self.params.items()}
        if self.plural is not None:
            out["pl"], out["n"] = self.plural, self.n
        return out

    @classmethod
    def from_json(cls, data: Any) -> Words | None:
        """The `Words` stored by `to_json`, or None when `data` is not one."""
        if not isinstance(data, dict) or not isinstance(data.get("m"), str):
            return None
        params = {}
        for k, v in (data.get("p") or {}).items():
            inner = cls.from_json(v) if isinstance(v, dict) else None
            params[k] = inner if inner is not None else v
        n = data.get("n")
        try:
            return cls(data["m"], params, data.get("pl"), n if isinstance(n, int) else None)
        except (KeyError, IndexError, ValueError):
            return None


def words(msgid: str, **params: Any) -> Words:
    """A translatable sentence with `{name}` placeholders (extracted by pybabel as a message id)."""
    return Words(msgid, params)


def words_n(singular: str, plural: str, n: int, **params: Any) -> Words:
    """A sentence with singular and plural forms chosen by `n` (also available as `{n}`)."""
    return Words(singular, params, plural, n)


def N_(text: str) -> str:
    """Marks a constant string for extraction; it is translated where it is shown (option labels, table rows)."""
    return text


def text_json(text: str) -> JSON:
    """An event or log text as stored: `{"text": ...}` plus `{"words": ...}` when it can be re-rendered."""
    out: JSON = {"text": str(text)}
    if isinstance(text, Words):
        out["words"] = text.to_json()
    return out


def reason(exc: BaseException) -> Any:
    """The words an exception was raised with, still translatable: a `Words` first argument stays one
    (`str(exc)` would flatten it to English). Say it where it is shown (app.i18n.render.say, `|t` in a page)."""
    first = exc.args[0] if exc.args else None
    return first if isinstance(first, Words) else str(exc)


class IllegalAction(ValueError):
    """Raised by `apply` when an action id is not legal now; the message says why."""


def not_text() -> IllegalAction:
    """The refusal of an action id that is not a string (every game says it the same way)."""
    return IllegalAction(words("an action id must be text"))


def game_over() -> IllegalAction:
    """The refusal of any action once the game has ended."""
    return IllegalAction(words("the game is over: no more actions"))


def not_legal(action_id: Any, prompt: Any = "") -> IllegalAction:
    """The refusal of an action id that is not among the legal ones now; `prompt` (a `Words` or text)
    says what the game waits for."""
    if prompt:
        return IllegalAction(words("{action} is not a legal action now: {prompt}", action=repr(action_id),
                                   prompt=prompt))
    return IllegalAction(words("{action} is not a legal action now", action=repr(action_id)))


class MalformedState(ValueError):
    """Raised by `load` when saved data cannot be a state of this game."""


class OptionError(ValueError):
    """Raised by `GameSpec.normalize_options` (and `new_game`) for options this game does not take; the
    message says which and why."""


@dataclass(frozen=True)
class Action:
    """One choice the player can make now.

    `id` is stable (never a position in a list: `swap:h12:r30` names cards, not slots).
    `label` is the text shown to a person; `group` tells the page where the action lives
    (for example "hand", "row", "map", "panel") so it can be drawn on the matching component.
    """

    id: str
    label: str
    group: str = "panel"

    def to_json(self) -> JSON:
        return {"id": self.id, "label": self.label, "group": self.group}


@dataclass(frozen=True)
class Event:
    """Something that happened while applying an action, for the game log.

    `reveals` is True when new information came to light (a card drawn, a die rolled, a tile
    revealed). Undo never goes back past such an event, so it can never be used to redraw.
    """

    kind: str
    text: str
    reveals: bool = False
    data: JSON = field(default_factory=dict)

    def to_json(self) -> JSON:
        return {"kind": self.kind, **text_json(self.text), "reveals": self.reveals, "data": self.data}



def one_per_label(actions: list[Action]) -> list[Action]:
    """The choices as a person sees them: actions that read the same (two dice of one face forged alike) are one
    choice, and the first stands for it. The action bar shows one button for them and the advisor weighs it once."""
    seen: set[str] = set()
    out = []
    for a in actions:
        if str(a.label) not in seen:
            seen.add(str(a.label))
            out.append(a)
    return out

@dataclass(frozen=True)
class ScoreLine:
    label: str
    points: int
    detail: str = ""


@dataclass(frozen=True)
class Status:
    """Where the game stands: `state`, the `score` (None while it means nothing) and its breakdown."""

    state: StatusName
    score: int | None = None
    breakdown: tuple[ScoreLine, ...] = ()
    reason: str = ""

    @property
    def over(self) -> bool:
        return self.state != "in_progress"

    def to_json(self) -> JSON:
        return {
            "state": self.state,
            "score": self.score,
            "breakdown": [{"label": s.label, "points": s.points, "detail": s.detail} for s in self.breakdown],
            "reason": self.reason,
        }


@dataclass(frozen=True)
class OptionSpec:
    """One option offered when a game is started (a variant, a difficulty, a chosen character)."""

    key: str
    label: str
    choices: tuple[tuple[str, str], ...]  # (value, label)
    default: str
    help: str = ""

    def to_json(self) -> JSON:
        return {
            "key": self.key,
            "label": self.label,
            "choices": [{"value": v, "label": lab} for v, lab in self.choices],
            "default": self.default,
            "help": self.help,
        }


@dataclass(frozen=True)
class GameSpec:
    slug: str
    title: str
    rules_version: int
    options: tuple[OptionSpec, ...] = ()
    summary: str = ""

    def normalize_options(self, given: JSON | None) -> JSON:
        """Fill defaults and refuse unknown keys or values, with a clear message."""
        given = dict(given or {})
        result: JSON = {}
        for opt in self.options:
            value = given.pop(opt.key, opt.default)
            if not isinstance(value, str) or value not in {v for v, _ in opt.choices}:
                allowed = ", ".join(v for v, _ in opt.choices)
                raise OptionError(words("option {option} must be one of: {allowed}", option=repr(opt.key),
                                       allowed=allowed))
            result[opt.key] = value
        if given:
            raise OptionError(words("unknown option(s) for {game}: {options}", game=self.slug,
                                   options=", ".join(sorted(given))))
        return result

    def to_json(self) -> JSON:
        return {
            "slug": self.slug,
            "title": self.title,
            "rules_version": self.rules_version,
            "options": [o.to_json() for o in self.options],
            "summary": self.summary,
        }


@runtime_checkable
class GameEngine(Protocol):
    """What every game provides. States are opaque to callers and never mutated in place by `apply`."""

    spec: GameSpec
    bots: dict[str, Bot]  # at least "random" and "heuristic"
    campaign: CampaignEngine | None  # the game's campaign mode, if it has one

    def new_game(self, seed: int, options: JSON, carried: JSON | None = None) -> Any:
        """A new game; `carried` is the setup a campaign hands over (see CampaignEngine.next_game)."""
        ...

    def legal_actions(self, state: Any) -> list[Action]: ...

    def apply(self, state: Any, action_id: str) -> tuple[Any, list[Event]]:
        """Return the new state and what happened; raise IllegalAction (state untouched) if not legal."""
        ...

    def status(self, state: Any) -> Status: ...

    def over(self, state: Any) -> bool:
        """`status(state).over` without working out the score: asked after every move of every playout."""
        ...

    def view(self, state: Any) -> JSON:
        """Everything a player may see, JSON-safe; never deck order, face-down cards or the RNG."""
        ...

    def dump(self, state: Any) -> JSON: ...

    def load(self, data: JSON) -> Any:
        """Rebuild a state from `dump` output; raise MalformedState for anything else."""
        ...

    def redeal(self, state: Any, seed: int, *, canonical: bool = False) -> Any:
        """The same position with the unseen dealt again from `seed`: a new state, the given one untouched.

        Every hidden part (the order of each face-down deck, face-down cards, hidden ships, unrevealed tiles)
        is drawn again at random from the components the player has not seen, each hidden place keeping its
        size, and the RNG is replaced by one derived from `seed`, so future rolls and shuffles differ. What the
        player has seen (discards, hand, face-up and revealed cards, cards in play or out of the game, hidden
        order the game lets the player know) keeps its place and order. `view(state)` and the ids of
        `legal_actions(state)` are the same before and after, and `load(dump(new))` rebuilds it. A copy of an
        unfinished game is redealt so it can never be a window on the original's future.

        `canonical`: each pool of unseen components is put in a fixed order before it is dealt, so that the new
        state depends only on what the player sees and on `seed`, never on the hidden order it started from (the
        advisor's deals, games/advice.py: two games that look the same get the same advice).
        """
        ...


_MASK64 = (1 << 64) - 1


class Rng:
    """SplitMix64: tiny, fast, good enough for shuffles and dice, and its state is one integer.

    Keep `rng.state` inside the game state; build `Rng(state)` when you need to draw and store
    `rng.state` back. Never use the module-level `random` in games/.
    """

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & _MASK64

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        rng = cls(seed ^ 0x5DEECE66D_2545F491)
        rng.next64()
        return rng

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def randint(self, low: int, high: int) -> int:
        """A uniform integer in [low, high], both ends included."""
        return low + self.below(high - low + 1)

    def roll(self, sides: int = 6) -> int:
        return self.randint(1, sides)

    def choice(self, items: list[Any]) -> Any:
        return items[self.below(len(items))]

    def shuffle(self, items: list[Any]) -> None:
        """Fisher-Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def deal(self, items: list[Any], canonical: bool) -> None:
        """Shuffle unseen components in place; `canonical` first sorts them (by id), so that the result does
        not depend on the order they were in (GameEngine.redeal)."""
        if canonical:
            items.sort(key=str)
        self.shuffle(items)


@dataclass(frozen=True)
class GameSetup:
    """How a campaign wants its next game started: `engine.new_game(seed, options, carried)`."""

    seed: int
    options: JSON
    carried: JSON

    def to_json(self) -> JSON:
        return {"seed": self.seed, "options": self.options, "carried": self.carried}


class CampaignEngine(Protocol):
    """A game's campaign mode: linked games with state carried from one to the next.

    The campaign state is opaque to the app, like a game state. Between games the player answers
    the campaign's own actions (upgrades, a choice of route, "set sail"); when `next_game` returns a
    setup and no game of the campaign is in progress, the app starts that game. When a game ends,
    the app hands its final state to `finish_game` in the same transaction.
    """

    spec: GameSpec  # slug = the game's slug; options = the campaign's options

    def new_campaign(self, seed: int, options: JSON, rules_version: int | None = None) -> Any:
        """A new campaign under the current rules; an engine that still deals as an older `rules_version`
        did (to replay a file or a campaign begun then) takes it, else ValueError."""
        ...

    def legal_actions(self, cstate: Any) -> list[Action]:
        """Between-games choices; none while a game is being played."""
        ...

    def apply(self, cstate: Any, action_id: str) -> tuple[Any, list[Event]]: ...

    def next_game(self, cstate: Any) -> GameSetup | None:
        """The game to start now, or None (a game is in progress, a choice is pending, or it is over)."""
        ...

    def finish_game(self, cstate: Any, game_state: Any) -> tuple[Any, list[Event]]:
        """Fold a finished game (its final state) into the campaign: results, what carries forward."""
        ...

    def status(self, cstate: Any) -> Status: ...

    def view(self, cstate: Any) -> JSON:
        """What the player may see of the campaign; never hidden order or the RNG."""
        ...

    def dump(self, cstate: Any) -> JSON: ...

    def load(self, data: JSON) -> Any: ...


class Bot(Protocol):
    """A player for simulations and tests: picks one of the legal actions."""

    name: str

    def choose(self, engine: GameEngine, state: Any, actions: list[Action], rng: Rng) -> str: ...
