"""Card art: every card draws at the size asked, faces are distinct, options change the look."""

from __future__ import annotations

import hashlib
import struct

import pygame
import pytest

from game.resources import sprite_path
from game.ui.cardart import (
    BACKS,
    CODES,
    FOUR_COLOURS,
    SUIT_COLOURS,
    CardArt,
    card_art,
    suit_symbol,
)


def fingerprint(surface: pygame.Surface) -> str:
    return hashlib.sha1(pygame.image.tobytes(surface, "RGBA")).hexdigest()


def test_the_deck_has_52_cards_and_two_jokers() -> None:
    assert len(CODES) == 54
    assert len(set(CODES)) == 54
    assert {"10H", "QS", "AC", "RJ", "BJ"} <= set(CODES)


@pytest.mark.parametrize("width", [40, 73, 120, 180])
def test_every_card_renders_at_exactly_the_size_asked(width: int) -> None:
    art = CardArt(width)
    assert art.height == round(width * 1.4)
    for code in CODES:
        assert art.face(code).get_size() == (width, art.height)
    assert art.back_surface().get_size() == (width, art.height)


def test_faces_and_back_are_cached() -> None:
    art = CardArt(60)
    assert art.face("7D") is art.face("7D")
    assert art.back_surface() is art.back_surface()
    assert card_art(60, back="red") is card_art(60, back="red")


def test_all_54_faces_are_different() -> None:
    art = CardArt(90)
    assert len({fingerprint(art.face(code)) for code in CODES}) == 54


@pytest.mark.parametrize("suit", ["S", "H", "D", "C"])
def test_jack_queen_and_king_of_a_suit_differ(suit: str) -> None:
    art = CardArt(70)
    prints = {fingerprint(art.face(rank + suit)) for rank in ("J", "Q", "K")}
    assert len(prints) == 3


def test_courts_of_one_rank_differ_between_suits() -> None:
    art = CardArt(70)
    for rank in ("J", "Q", "K"):
        assert len({fingerprint(art.face(rank + suit)) for suit in "SHDC"}) == 4


@pytest.mark.parametrize("width", [40, 100, 130, 180])
def test_corners_are_transparent_and_the_inside_is_opaque(width: int) -> None:
    face = CardArt(width).face("5C")
    h = face.get_height()
    for corner in ((0, 0), (width - 1, 0), (0, h - 1), (width - 1, h - 1)):
        pixel = face.get_at(corner)
        assert pixel.a < 32
        # An antialiased corner keeps the border's grey, not a dark fringe.
        assert pixel.r > 100
    # Everything but the one-pixel edge and the rounded corners is fully opaque.
    inside = [
        face.get_at((x, y)).a
        for x in range(2, width - 2)
        for y in range(width // 10, h - width // 10)
    ]
    assert min(inside) == 255


def test_the_bottom_right_index_is_the_top_left_turned_round() -> None:
    face = CardArt(100).face("9H")
    w, h = face.get_size()
    corner = face.subsurface((0, 0, 20, 36))
    opposite = pygame.transform.flip(face.subsurface((w - 20, h - 36, 20, 36)), True, True)
    assert fingerprint(corner) == fingerprint(opposite)


def _has_colour_near(surface: pygame.Surface, colour: tuple[int, int, int]) -> bool:
    w, h = surface.get_size()
    for y in range(h):
        for x in range(w):
            c = surface.get_at((x, y))
            if c.a == 255 and all(abs(a - b) <= 12 for a, b in zip(c[:3], colour, strict=True)):
                return True
    return False


def test_four_colour_deck_turns_diamonds_blue_and_clubs_green() -> None:
    plain, four = CardArt(80), CardArt(80, four_colour=True)
    assert fingerprint(plain.face("4D")) != fingerprint(four.face("4D"))
    assert fingerprint(plain.face("4C")) != fingerprint(four.face("4C"))
    assert _has_colour_near(four.face("4D"), FOUR_COLOURS["D"])
    assert not _has_colour_near(plain.face("4D"), FOUR_COLOURS["D"])
    assert _has_colour_near(four.face("4C"), FOUR_COLOURS["C"])
    assert SUIT_COLOURS["D"] == SUIT_COLOURS["H"]
    # Hearts and spades keep their colours.
    assert fingerprint(plain.face("4H")) == fingerprint(four.face("4H"))


def test_large_index_changes_the_face() -> None:
    plain, large = CardArt(80), CardArt(80, large_index=True)
    for code in ("2S", "10H", "KD", "AC", "RJ"):
        assert fingerprint(plain.face(code)) != fingerprint(large.face(code))


def test_large_index_has_more_ink_in_the_corner() -> None:
    def corner_ink(art: CardArt) -> int:
        corner = art.face("8S").subsurface((0, 0, art.width // 5, art.width // 2))
        dark = 0
        for y in range(corner.get_height()):
            for x in range(corner.get_width()):
                if sum(corner.get_at((x, y))[:3]) < 300:
                    dark += 1
        return dark

    assert corner_ink(CardArt(100, large_index=True)) > 1.5 * corner_ink(CardArt(100))


@pytest.mark.parametrize("width", [60, 72, 90, 120, 160, 200])
def test_a_large_ten_stays_clear_of_its_first_pip(width: int) -> None:
    # Across the band of the corner's rank, the inked columns run "1", "0", then the top
    # left pip: three runs, the pip never touching the "0".
    face = CardArt(width, large_index=True).face("10S")
    band = range(round(0.06 * width), round(0.29 * width))

    def inked(x: int) -> bool:
        return any(sum(face.get_at((x, y))[:3]) < 300 for y in band)

    columns = [inked(x) for x in range(round(0.45 * width))]
    runs = sum(1 for i, on in enumerate(columns) if on and (i == 0 or not columns[i - 1]))
    assert runs >= 3, columns


def test_there_are_at_least_two_different_backs() -> None:
    assert len(BACKS) >= 2
    prints = {fingerprint(CardArt(60, back=back).back_surface()) for back in BACKS}
    assert len(prints) == len(BACKS)


def test_unknown_back_and_card_are_refused_with_a_reason() -> None:
    with pytest.raises(ValueError, match="unknown card back"):
        CardArt(60, back="plaid")
    with pytest.raises(ValueError, match="unknown card"):
        CardArt(60).face("1Z")


def test_suit_symbol_is_square_cached_and_coloured() -> None:
    pip = suit_symbol("H", 24, (200, 20, 40))
    assert pip.get_size() == (24, 24)
    assert pip is suit_symbol("H", 24, (200, 20, 40))
    assert pip.get_at((12, 12)).a == 255
    assert pip.get_at((0, 0)).a == 0
    shapes = {fingerprint(suit_symbol(s, 24, "black")) for s in "SHDC"}
    assert len(shapes) == 4


def test_drawing_works_after_a_display_mode_is_set() -> None:
    pygame.display.init()
    try:
        pygame.display.set_mode((200, 200))
        face = CardArt(50).face("QH")
        assert face.get_size() == (50, 70)
        assert face.get_flags() & pygame.SRCALPHA
    finally:
        pygame.display.quit()


def test_windows_icon_holds_png_images_up_to_256_pixels() -> None:
    data = sprite_path("icon", "macau.ico").read_bytes()
    reserved, kind, count = struct.unpack_from("<HHH", data)
    assert (reserved, kind) == (0, 1)
    assert count == 7
    for i in range(count):
        _, _, _, _, _, _, length, offset = struct.unpack_from("<BBBBHHII", data, 6 + 16 * i)
        assert data[offset : offset + 8] == b"\x89PNG\r\n\x1a\n"
        assert offset + length <= len(data)
    assert {data[6 + 16 * i] for i in range(count)} >= {16, 32, 48, 0}  # 0 stands for 256


def test_mac_icon_is_a_well_formed_icns() -> None:
    data = sprite_path("icon", "macau.icns").read_bytes()
    assert data[:4] == b"icns"
    assert struct.unpack(">I", data[4:8])[0] == len(data)
    kinds, at = set(), 8
    while at < len(data):
        kind, length = data[at : at + 4], struct.unpack(">I", data[at + 4 : at + 8])[0]
        assert data[at + 8 : at + 16] == b"\x89PNG\r\n\x1a\n"
        kinds.add(kind)
        at += length
    assert at == len(data)
    assert {b"ic07", b"ic08", b"ic09", b"ic10"} <= kinds


@pytest.mark.parametrize("size", [16, 24, 32, 48, 64, 128, 256, 512])
def test_icon_pngs_have_their_size(size: int) -> None:
    image = pygame.image.load(str(sprite_path("icon", f"macau_{size}.png")))
    assert image.get_size() == (size, size)


@pytest.mark.parametrize("angle", [0.0, 8.0])
def test_a_flipping_card_narrows_to_an_edge_but_keeps_its_height(angle: float) -> None:
    from game.store.settings import Settings
    from game.ui.sprites import BACK, CardImages, Flight
    from game.ui.tween import Tween, linear

    pygame.display.init()
    images = CardImages(Settings(), 100, 60)
    flight = Flight(
        BACK, (0, 0), (300, 0), Tween(0.0, 1.0, linear), a0=angle, a1=angle,
        width0=100, width1=100, flip_to="7H",
    )  # fmt: skip
    height = images.image("7H", 100).get_height()
    for now, shown in ((0.1, BACK), (0.47, BACK), (0.55, "7H"), (1.0, "7H")):
        _centre, turned, width, code = flight.at(now)
        assert width == 100 and code == shown  # the card's size stays; its face turns half way
        surface = pygame.Surface((400, 400), pygame.SRCALPHA)
        squeeze = flight.squeeze(now)
        drawn = images.blit_card(surface, code, width, (200, 200), 0, shadow=False, squeeze=squeeze)
        assert drawn.h == height  # never a thumbnail: the height is the card's
        if 0.4 < now < 0.6:
            assert drawn.w < 25  # near the edge
        images.blit_card(surface, code, width, (200, 200), turned, squeeze=squeeze)
