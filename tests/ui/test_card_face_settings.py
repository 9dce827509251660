"""Every card face drawn during play follows both card-face settings (four colours, large
indices): the hand, the joker chooser's tiles and the round board's cards left."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.engine import PRESETS, Card, Game, Play
from game.store.settings import Settings
from game.ui.cardart import card_art
from game.ui.choosers import CardChooser
from tests.ui.tablekit import Harness

FACES = Settings(animation_speed="off", hand_sort="none", four_colour=True, large_index=True)


def same(a: pygame.Surface, b: pygame.Surface) -> bool:
    return a.get_size() == b.get_size() and pygame.image.tobytes(a, "RGBA") == pygame.image.tobytes(
        b, "RGBA"
    )


class _Recorder(pygame.Surface):
    """A surface that remembers every image blitted on it."""

    images: list[pygame.Surface]

    def blit(self, source: pygame.Surface, dest: object, *args: object) -> pygame.Rect:  # type: ignore[override]
        self.images.append(source)
        return super().blit(source, dest, *args)  # type: ignore[arg-type]


def test_the_joker_chooser_shows_its_cards_with_large_indices() -> None:
    game = Game.from_position(
        PRESETS["hungarian"],
        hands=["RJ 5D 9C", "2C 4D 9H KD", "5C 6C 8D 9D", "3H 5S 6S 10C"],
        pile="5H 7H",
        stock="QH KC 4S 8C 10D JS",
    )
    h = Harness(game)
    h.table.settings = FACES
    h.drag_to_pile("RJ")
    chooser = h.stack.top
    assert isinstance(chooser, CardChooser)
    for i, option in enumerate(chooser.options):
        code, pic = chooser.faces[i], chooser.pictures[i]
        assert code is not None and pic is not None
        wanted = card_art(pic.get_width(), four_colour=True, large_index=True).face(code)
        plain = card_art(pic.get_width(), four_colour=True).face(code)
        assert same(pic, wanted) and not same(pic, plain), option.caption


@pytest.mark.parametrize("size", [(960, 600), (1280, 800)])
def test_the_round_board_shows_the_cards_left_with_large_indices(
    size: tuple[int, int], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from game.ui.matchtable import MatchTable
    from game.ui.roundend import RoundEndOverlay
    from game.ui.setup import SeatSpec, TableSetup

    monkeypatch.setenv("MACAU_HOME", str(tmp_path))
    pygame.display.init()
    pygame.font.init()
    game = Game.from_position(PRESETS["polish"], hands=["7H", "8C 6S 10S 4H"], pile="5H")
    game.apply(Play((Card.parse("7H"),)), 0)
    setup = TableSetup("polish", (SeatSpec("You"), SeatSpec("Ada", "easy")))
    table = MatchTable(setup, game, settings=FACES, seed=3, deal=False)
    board = RoundEndOverlay(table)
    board.resize(size)
    surface = _Recorder(size)
    surface.images = []
    board.draw(surface)
    left = ("8C", "6S", "10S", "4H")
    faces = [img for img in surface.images if img.get_height() > img.get_width() > 12]
    shown = [
        code
        for code in left
        for img in faces
        if same(img, card_art(img.get_width(), four_colour=True, large_index=True).face(code))
    ]
    assert sorted(shown) == sorted(left)


def test_how_to_play_shows_its_cards_with_large_indices(monkeypatch: pytest.MonkeyPatch) -> None:
    from game.ui import howto

    pygame.font.init()
    rules = PRESETS["polish"]
    plain = howto.render_page(rules, 900, four_colour=True)
    large = howto.render_page(rules, 900, four_colour=True, large_index=True)
    assert plain.get_size() == large.get_size() and not same(plain, large)
    # The screen draws its page anew when the setting changes.
    settings = [FACES]
    monkeypatch.setattr(howto, "settings_of", lambda scene: settings[0])
    screen = howto.HowToScreen(preset="polish")
    screen.resize((1280, 800))
    first = screen._page()
    settings[0] = Settings(four_colour=True)
    assert screen._page() is not first


def test_the_menus_fan_of_cards_shows_large_indices(monkeypatch: pytest.MonkeyPatch) -> None:
    from game.ui import menu

    asked: list[dict[str, object]] = []

    def recording(width: int, **options: object) -> object:
        asked.append(options)
        return card_art(width, **options)  # type: ignore[arg-type]

    monkeypatch.setattr(menu, "settings_of", lambda scene: FACES)
    monkeypatch.setattr(menu, "card_art", recording)
    pygame.font.init()
    main = menu.MainMenu()
    main.resize((1280, 800))
    main.draw(pygame.Surface((1280, 800)))
    assert asked and all(o == {"four_colour": True, "large_index": True} for o in asked)
