"""Cards, suits, ranks and jokers, with the notation of the rule book (``10H``, ``TH``, ``RJ``).

Cards are interned: there is exactly one ``Card`` object per distinct card, so two copies of
the seven of hearts from two decks are the same object. Equality and hashing are by identity,
which keeps the engine's hot loops cheap.
"""

from __future__ import annotations

from typing import Final

SUITS: Final[tuple[str, ...]] = ("S", "H", "D", "C")
SUIT_NAMES: dict[str, str] = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
SUIT_SYMBOLS: dict[str, str] = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_SYMBOL_TO_SUIT: dict[str, str] = {v: k for k, v in SUIT_SYMBOLS.items()}
# Outlined symbols are accepted too when parsing.
_SYMBOL_TO_SUIT.update({"♤": "S", "♡": "H", "♢": "D", "♧": "C"})

JOKER: Final = 0
JACK: Final = 11
QUEEN: Final = 12
KING: Final = 13
ACE: Final = 14
RANKS: tuple[int, ...] = tuple(range(2, 15))
RANK_NAMES: Final[dict[int, str]] = {r: str(r) for r in range(2, 11)} | {
    JACK: "J",
    QUEEN: "Q",
    KING: "K",
    ACE: "A",
}
RANK_WORDS: dict[int, str] = {
    2: "two",
    3: "three",
    4: "four",
    5: "five",
    6: "six",
    7: "seven",
    8: "eight",
    9: "nine",
    10: "ten",
    JACK: "jack",
    QUEEN: "queen",
    KING: "king",
    ACE: "ace",
}
_RANK_FROM_TEXT: dict[str, int] = {v: k for k, v in RANK_NAMES.items()} | {"T": 10}


class NotationError(ValueError):
    """Text that is not valid card or action notation."""


def notation_text(text: object, what: str) -> str:
    """``text`` if it is a string; otherwise a ``NotationError`` saying what was expected.

    The notation readers take ``object`` so that a wrong type gets the same refusal whether
    the engine runs compiled or from source (compiled code would check ``str`` itself).
    """
    if not isinstance(text, str):
        raise NotationError(f"{what} is written as text, not {type(text).__name__} {text!r}")
    return text


def parse_rank(text: object) -> int:
    """Parse a rank token (``2``…``10``, ``T``, ``J``, ``Q``, ``K``, ``A``) to its number."""
    text = notation_text(text, "a rank (such as 7 or Q)")
    rank = _RANK_FROM_TEXT.get(text.strip().upper())
    if rank is None:
        raise NotationError(f"{text!r} is not a rank (use 2-10, T, J, Q, K or A)")
    return rank


def parse_suit(text: object) -> str:
    """Parse a suit token (``S H D C`` or ``♠ ♥ ♦ ♣``)."""
    text = notation_text(text, "a suit (S, H, D or C)")
    t = text.strip()
    suit = _SYMBOL_TO_SUIT.get(t, t.upper())
    if suit not in SUITS:
        raise NotationError(f"{text!r} is not a suit (use S, H, D or C)")
    return suit


_INTERNED: Final[dict[tuple[int, str], Card]] = {}
_BY_TEXT: Final[dict[str, Card]] = {}


class Card:
    """One playing card. ``rank`` is 2..14 (jokers 0); ``suit`` is S/H/D/C (jokers: R or B).

    Get cards with ``Card.parse`` or ``Card.of``: they are interned, one object per card.
    """

    def __init__(self, rank: int, suit: str) -> None:
        if rank == JOKER:
            if suit not in ("R", "B"):
                raise NotationError(f"a joker is red (R) or black (B), not {suit!r}")
        elif rank not in RANK_NAMES or suit not in SUITS:
            raise NotationError(f"no such card: rank {rank!r} suit {suit!r}")
        self.rank: Final = rank
        self.suit: Final = suit
        self.is_joker: Final = rank == JOKER
        self.is_red: Final = suit in ("H", "D", "R")
        self.colour: Final = "red" if suit in ("H", "D", "R") else "black"
        self.code: Final = (suit + "J") if rank == JOKER else RANK_NAMES[rank] + suit
        # Sort order: by suit then rank; jokers last.
        self.order: Final = (
            100 + (0 if suit == "R" else 1) if rank == JOKER else SUITS.index(suit) * 16 + rank
        )
        # A dense index (0..53) and its bit, for set arithmetic on hands.
        idx = 52 + (0 if suit == "R" else 1) if rank == JOKER else SUITS.index(suit) * 13 + rank - 2
        self.idx: Final = idx
        self.bit: Final = 1 << idx
        self.points: Final = _points(rank, suit)

    @staticmethod
    def of(rank: object, suit: object) -> Card:
        """The card of this rank and suit (``JOKER`` with ``R``/``B`` for jokers)."""
        if isinstance(rank, int) and isinstance(suit, str):
            card = _INTERNED.get((rank, suit))
            if card is None:
                card = _INTERNED[(rank, suit)] = Card(rank, suit)
            return card
        raise NotationError(
            f"no such card: rank {rank!r} suit {suit!r} "
            "(a rank is a number 2-14, or 0 for a joker; a suit is S, H, D, C, R or B)"
        )

    def __reduce__(self) -> tuple[object, tuple[int, str]]:
        return (Card.of, (self.rank, self.suit))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    @classmethod
    def parse(cls, text: object) -> Card:
        """Parse ``7H``, ``10S``, ``TS``, ``Q♦``, ``RJ`` or ``BJ``."""
        card = _BY_TEXT.get(text) if type(text) is str else None
        if card is not None:
            return card
        text = notation_text(text, "a card (such as 7H or RJ)")
        t = text.strip()
        up = t.upper()
        if up in ("RJ", "BJ"):
            card = Card.of(JOKER, up[0])
        else:
            if len(t) < 2:
                raise NotationError(f"{text!r} is not a card (examples: 7H, 10S, QD, RJ)")
            try:
                # The suit first: in "AS!" the fault is the last character, not the rank.
                suit = parse_suit(t[-1])
                card = Card.of(parse_rank(t[:-1]), suit)
            except NotationError as exc:
                raise NotationError(f"{text!r} is not a card: {exc}") from None
        _BY_TEXT[text] = card
        return card

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card.parse({self.code!r})"

    @property
    def rank_name(self) -> str:
        """The rank in notation (``10``, ``J``…); ``joker`` for jokers."""
        return "joker" if self.is_joker else RANK_NAMES[self.rank]

    @property
    def pretty(self) -> str:
        """A human label with a suit symbol, such as ``10♥`` or ``red joker``."""
        if self.is_joker:
            return "red joker" if self.suit == "R" else "black joker"
        return RANK_NAMES[self.rank] + SUIT_SYMBOLS[self.suit]

    @property
    def named(self) -> str:
        """The card as a sentence names it: ``10♥``, and a joker with its article (``the red
        joker``), so "The red joker is no answer…" reads as "10♥ is no answer…" does."""
        return f"the {self.pretty}" if self.is_joker else self.pretty


def _points(rank: int, suit: str) -> int:
    """Card points of the rule book's scoring table (RULES §6)."""
    if rank == JOKER:
        return 140
    if rank == KING and suit == "H":
        return 150
    if rank == ACE:
        return 50
    if rank == 3:
        return 30
    if rank == 2:
        return 20
    if rank >= 10:
        return 10
    return 5


RED_JOKER = Card.of(JOKER, "R")
BLACK_JOKER = Card.of(JOKER, "B")
STANDARD_52: tuple[Card, ...] = tuple(Card.of(r, s) for s in SUITS for r in RANKS)


def parse_cards(text: object) -> list[Card]:
    """Parse a space-separated list of cards (``"7H 8S QC"``); empty text gives ``[]``."""
    text = notation_text(text, "a list of cards (such as '7H 8S')")
    return [Card.parse(tok) for tok in text.replace(",", " ").split()]


def make_pack(decks: int, jokers_per_deck: int) -> list[Card]:
    """The cards of ``decks`` decks plus jokers (alternating red and black), in a fixed order."""
    if not 1 <= decks <= 3:
        raise ValueError("the pack has 1, 2 or 3 decks")
    if not 0 <= jokers_per_deck <= 3:
        raise ValueError("a deck has 0 to 3 jokers")
    pack: list[Card] = []
    for _ in range(decks):
        pack.extend(STANDARD_52)
        pack.extend(RED_JOKER if i % 2 == 0 else BLACK_JOKER for i in range(jokers_per_deck))
    return pack


def beyond_pack(cards: list[Card], decks: int, jokers_per_deck: int) -> list[tuple[Card, int, int]]:
    """The cards that ``cards`` holds more often than the pack does: (card, times held, times
    in the pack), in the order first met. (A position may hold part of the pack only.)"""
    pack: dict[Card, int] = {}
    for card in make_pack(decks, jokers_per_deck):
        pack[card] = pack.get(card, 0) + 1
    counts: dict[Card, int] = {}
    for card in cards:
        counts[card] = counts.get(card, 0) + 1
    return [(card, k, pack.get(card, 0)) for card, k in counts.items() if k > pack.get(card, 0)]


def cards_arg(cards: object, name: str) -> list[Card]:
    """``cards`` given to a public function as a text of cards or a list of ``Card``; else
    ``NotationError`` naming the argument (the same compiled or not)."""
    if isinstance(cards, str):
        return parse_cards(cards)
    if isinstance(cards, list | tuple) and all(isinstance(c, Card) for c in cards):
        return list(cards)
    raise NotationError(f"{name} must be a list of cards or a text of cards, not {cards!r}")


def hand_points(cards: object) -> int:
    """Points left in a hand (RULES §6): a list of cards, or a text of them."""
    return sum(c.points for c in cards_arg(cards, "hand_points' cards"))
