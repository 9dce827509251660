"""The table's "Hint": what the medium bot would do in your place, in words.

The suggestion comes from the medium bot given only your seat's view and your legal
actions (exactly what a bot in your chair would get), so a hint never reveals a hidden
card and never decides a rule: it is always one of the engine's legal actions.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.engine import DRAW, PASS, Action, Game, Phase, Play, Stop
from game.engine.explain_words import rank_plural
from game.ui.moves import played_words

__all__ = ["describe", "suggest"]

_SUITS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


def suggest(game: Game, seat: int, legal: Sequence[Action], seed: int = 0) -> Action | None:
    """The medium bot's choice for ``seat`` among ``legal`` (None when there is no choice)."""
    if not legal:
        return None
    from game.bots import bot_stream, make_bot

    return make_bot("medium").choose(game.view(seat), list(legal), bot_stream("hint", seed))


def describe(game: Game, action: Action, names: Sequence[str], legal: Sequence[Action] = ()) -> str:
    """The hint in a sentence, e.g. "Hint: lay 7♥ 7♠ and name hearts". Where ``legal`` (the
    actions listed) holds no other naming of the same cards, the suit is the card's own to
    name (a Tel-Aviv queen): "lay Q♦, which names diamonds", there being no choice to make."""
    if isinstance(action, Stop):
        return f"Hint: stop Macau on {names[action.target]}: they forgot to call it"
    if action == DRAW:
        if game.phase == Phase.ATTACK:
            # As far as the stock and the pile go; the rest is forgiven (RULES §2.6).
            owed, taken = game.penalty, min(game.penalty, game.drawable())
            if not taken:
                return "Hint: take the penalty: there is nothing left to draw"
            cards = "the card" if taken == 1 else f"the {taken} cards"
            return f"Hint: take {cards}" + (" (the rest is forgiven)" if taken < owed else "")
        return "Hint: draw a card"
    if action == PASS:
        if game.phase == Phase.DRAWN:
            return "Hint: keep the card you drew"
        if game.phase == Phase.SKIP:
            n = game.skips
            return f"Hint: wait out the {'missed turn' if n == 1 else f'{n} missed turns'}"
        return "Hint: pass"
    assert isinstance(action, Play)
    if action.declared is not None and any(d is not None for d in action.declared):
        join = " then " if len(action.cards) == 2 else ", "
        laid_words = played_words(action.cards, action.declared, join=join)
    else:
        laid = [card.pretty for card in action.cards]
        laid_words = " then ".join(laid) if len(laid) <= 2 else ", ".join(laid)
    if laid_words.startswith(("red joker", "black joker")):
        laid_words = "the " + laid_words  # "lay the red joker", as one says it
    text = "Hint: lay " + laid_words
    choice = action.choice
    if choice == "*":
        text += " and name a free suit"
    elif choice in _SUITS and legal and not _other_naming(action, legal):
        text += f", which names {_SUITS[choice]}"
    elif choice in _SUITS:
        text += f" and name {_SUITS[choice]}"
    elif choice == "-":
        text += " and ask for nothing"
    elif choice is not None:
        text += f" and ask for {rank_plural(choice)}"
    if action.call:
        text += ", calling Macau"
    return text


def _other_naming(action: Play, legal: Sequence[Action]) -> bool:
    """Whether ``legal`` lays the cards of ``action`` naming something else too."""
    return any(
        isinstance(a, Play)
        and a.cards == action.cards
        and a.declared == action.declared
        and a.choice != action.choice
        for a in legal
    )
