"""The action bar: the prompt, the choices of the current decision and the last move, in one strip that stays in
view (as on Board Game Arena's status bar).

`action_bar(sv, placement)` gathers what the bar shows from a session view; templates/partials/table_bar.html draws
it. The bar offers at most nine choices, each with its number key, in the engine's order:
- a decision of six actions or fewer shows them all (six buttons fill three rows of a phone's bar, a quarter of
  its screen);
- a longer one is picked the way the table is played, the piece first: the actions drawn on one component of the
  board (a hand card and the row cards it may swap with, a die and what it may do) make one choice, which opens
  to show them (a <details>, so it works without JavaScript too), named by what their labels share ("Swap #4
  Lateen Sails for…"); if that still leaves more than six, the choices that start with the same word are one
  ("Swap…": every swap of every hand card, also offered on the cards themselves), and past nine the last choice
  holds the rest ("More choices").
- Two actions with exactly the same name are the same choice for the player (two dice of one face): the bar
  shows it once; the board still draws each where it belongs.
The last move is the log entry the newest move wrote (its `seq` is the version that move made): its lines, oldest
first; a move that logged nothing has none (the template says so).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from app.ui.placement import Placement
from games.engine import Action, one_per_label
from games.registry import get_engine

KEYED = 9   # keys 1-9 press the bar's first nine choices
MAX_CHOICES = 9
# A decision of more actions is grouped: six buttons are three rows of a phone's bar, a quarter of its screen.
SPREAD = 6


@dataclass(frozen=True)
class Choice:
    """One entry of the bar: an action, or a group of actions that opens to show them (`actions`, each with the
    words that tell it from the others in `faces`)."""

    label: str
    action: Action | None = None
    actions: tuple[Action, ...] = ()
    faces: tuple[str, ...] = ()
    more: bool = False  # the last entry of a long decision, holding the choices past the first eight
    whole: bool = False  # show the whole label: its short face would read like another choice's
    # ... or, where the labels that would read alike share their middle too, their first word and what tells this one
    # from them ("Swap … Stolen Rations (19)"; the whole face too if two would still read alike): a phone's two lines
    # of a whole label cut it before that.
    short: str = ""

    @property
    def group(self) -> bool:
        return self.action is None

    @property
    def face(self) -> str:
        """What the button shows: the label up to its explanation in brackets ("Play Hope Endures (During your
        turn: ...)" shows "Play Hope Endures"), unless two choices would then look the same; the whole label
        stays its name and its tooltip."""
        head = self.label.split(" (", 1)[0].strip()
        return head if len(head) >= 3 and not self.whole else self.label

    @property
    def rest(self) -> str:
        """What the face leaves out of the label (its explanation in brackets), or ""."""
        return self.label[len(self.face):] if self.face != self.label else ""


@dataclass(frozen=True)
class ActionBar:
    prompt: str
    choices: list[Choice]
    can_undo: bool
    over: bool
    moved: bool  # a move has been made (version > 0): there is a last move to tell
    last_move: list[str]  # every line of it: a move's answer tells them one by one (app/ui/story.py)
    undone: bool  # the last move was an undo: the bar says so in words (its log lines name raw action ids)
    actions: list[Action] = field(default_factory=list)  # every legal action, as the engine lists them
    advisable: bool = False  # the advisor can weigh these choices (two or more, in a game that deals its unseen again)
    reviewable: bool = False  # the game is over and can be reviewed (app/shelf/review.py)

    @property
    def keyed(self) -> int:
        return min(KEYED, len(self.choices))


def last_move(log_tail: list[dict[str, Any]], version: int) -> list[str]:
    """The texts the move that made `version` wrote (empty before the first move, or if it wrote none)."""
    texts = [str(line.get("text") or "") for line in log_tail or ()
             if isinstance(line, dict) and line.get("seq") == version]
    return [t for t in texts if t]


def action_bar(sv: Any, placement: Placement | None = None) -> ActionBar:
    view = sv.view if isinstance(sv.view, dict) else {}
    lines = last_move(sv.log_tail, sv.version)
    undone = any(isinstance(line, dict) and line.get("seq") == sv.version and line.get("kind") == "undo"
                 for line in sv.log_tail or ())
    if undone:
        lines = []
    actions = list(sv.legal_actions)
    return ActionBar(
        prompt=str(view.get("prompt") or ""),
        choices=choices(actions, placement),
        can_undo=bool(sv.can_undo),
        over=sv.status.over,
        moved=sv.version > 0,
        last_move=lines,
        undone=undone,
        actions=actions,
        advisable=len(actions) >= 2 and not sv.status.over and hasattr(get_engine(sv.game), "redeal"),
        reviewable=sv.status.over and hasattr(get_engine(sv.game), "redeal"),
    )


def choices(actions: list[Action], placement: Placement | None = None) -> list[Choice]:
    """The bar's entries for these actions: at most MAX_CHOICES (see the module docstring); no two show the
    same words."""
    listed = _choices(actions, placement)
    faces = [c.face for c in listed]
    alike: dict[str, list[str]] = {}
    for c in listed:
        if faces.count(c.face) > 1:
            alike.setdefault(c.face, []).append(c.label)
    tails = {c.label: _told_apart(c.face, c.label, alike[c.face]) for c in listed if c.face in alike}
    shorts = [f"{c.face.split(' ', 1)[0]} … {tails[c.label]}" if tails.get(c.label) else "" for c in listed]
    return [c if c.face not in alike else
            replace(c, whole=True, short=(short if shorts.count(short) == 1 else f"{c.face} … {tails[c.label]}")
                    if short else "")
            for c, short in zip(listed, shorts, strict=True)]


def _told_apart(face: str, label: str, labels: list[str]) -> str:
    """The end of `label` after the words it shares with `labels` (those whose faces read alike), or "" where they
    share no more than the face."""
    shared = _shared_words(labels, whole=False)
    tail = label[len(shared):].strip()
    return tail if len(shared.strip()) > len(face) else ""


def _choices(actions: list[Action], placement: Placement | None) -> list[Choice]:
    distinct = one_per_label(actions)
    if len(distinct) <= SPREAD:
        return [Choice(str(a.label), a) for a in distinct]
    groups = _by_piece(distinct, placement)
    if len(groups) > SPREAD:
        groups = _by_words(groups)
    if len(groups) > MAX_CHOICES:
        rest = [a for g in groups[MAX_CHOICES - 1:] for a in g]
        groups = groups[:MAX_CHOICES - 1] + [rest]
        return [_choice(g) for g in groups[:-1]] + [_choice(groups[-1], more=True)]
    return [_choice(g) for g in groups]


def _by_piece(actions: list[Action], placement: Placement | None) -> list[list[Action]]:
    """The actions in the engine's order, those drawn on one component of the board kept together."""
    home_of = {}
    for home, placed in (placement.homes.items() if placement else ()):
        for a in placed:
            home_of[a.id] = home
    groups: dict[Any, list[Action]] = {}
    for a in actions:
        groups.setdefault(home_of.get(a.id, ("", a.id)), []).append(a)
    # A piece whose actions share no first words (an ocean's Search, Stalk and Attack) has no name to show: its
    # actions stay choices of their own.
    return [part for g in groups.values()
            for part in ([g] if len(g) == 1 or _shared_words([str(a.label) for a in g]) else [[a] for a in g])]


def _by_words(groups: list[list[Action]]) -> list[list[Action]]:
    """The choices that start with the same word gathered into one, in the order the first of them came (a piece's
    group counts by its first action's word: five hand cards' swaps become one "Swap…")."""
    out: list[list[Action]] = []
    by_verb: dict[str, list[Action]] = {}
    for g in groups:
        verb = str(g[0].label).split(" ", 1)[0]
        if verb in by_verb:
            by_verb[verb].extend(g)
        else:
            by_verb[verb] = list(g)
            out.append(by_verb[verb])
    return out


def _choice(group: list[Action], *, more: bool = False) -> Choice:
    if len(group) == 1:
        return Choice(str(group[0].label), group[0])
    labels = [str(a.label) for a in group]
    shared = "" if more else _shared_words(labels)
    faces = tuple(label[len(shared):].strip(" :—-,") or label for label in labels)
    if not shared and not more:  # nothing shared leaves every button words to read: the buttons say it all
        shared = _shared_words(labels, whole=False)
    return Choice(f"{shared.rstrip(' :—-,')}…" if shared else "", None, tuple(group), faces, more)


def _shared_words(labels: list[str], whole: bool = True) -> str:
    """The words every label starts with (whole words only), or ''; with `whole`, only as many as leave each
    label's rest readable on its own (its buttons then show the rest alone)."""
    first = labels[0].split(" ")
    n = 0
    while n < len(first) and all(label.split(" ")[:n + 1] == first[:n + 1] for label in labels):
        n += 1
    # Each button keeps words to read ("row 1, column 2", not "2" nor a bare "column 2"): the shared words stop
    # before a button would be left without them.
    while whole and n and not all(_reads(" ".join(label.split(" ")[n:])) for label in labels):
        n -= 1
    if n == 0 or n == len(first):
        return ""
    return " ".join(first[:n]) + " "


def _reads(face: str) -> bool:
    """A group's button face reads on its own: it starts with a word (or a card's "#12"), holds a word of three
    letters or more, and is more than a word and a number ("column 2")."""
    words = face.split()
    if not words or not (words[0].startswith("#") or any(ch.isalpha() for ch in words[0])):
        return False
    if not any(sum(ch.isalpha() for ch in w) >= 3 for w in words):
        return False
    return not (len(words) == 2 and not any(ch.isalpha() for ch in words[1]))
