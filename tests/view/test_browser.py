"""The player view in a real headless Chromium (Debian's chromium and chromedriver):
the page draws the order and the acting actor, follows a command within two seconds,
never holds a hidden actor or an enemy's HP, and every ruleset's demo renders on a phone
and on a TV."""

from __future__ import annotations

import json
import re
import shutil
import socket
import time
from pathlib import Path

import pytest

from shaper_gm.view.server import ViewServer
from shaper_gm.view.watch import Watcher
from tests.view.kit import RULESETS, Table, demo_copy

CHROMIUM, DRIVER = shutil.which("chromium"), shutil.which("chromedriver")
pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not (CHROMIUM and DRIVER),
                                 reason="needs Debian's chromium and chromium-driver "
                                        "(.ci/run installs them)")]
SIZES = {"phone": (360, 740), "tv": (1280, 720)}


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--no-first-run", "--disable-quic",
                f"--user-data-dir={tmp_path_factory.mktemp('chromium')}"):
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    driver.set_page_load_timeout(20)
    yield driver
    driver.quit()


def serve(path: Path, token: str | None = None) -> ViewServer:
    return ViewServer(Watcher(path), port=0, token=token).start()


def viewport(driver, width: int, height: int) -> None:
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})


def wait_for(driver, test, seconds: float = 5):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        found = driver.execute_script(test)
        if found:
            return found
        time.sleep(0.05)
    raise AssertionError(f"not within {seconds} s: {test}")


COUNT_COLOURS = """
const [png, done] = arguments;
const image = new Image();
image.onload = () => {
  const canvas = document.createElement("canvas");
  canvas.width = image.width; canvas.height = image.height;
  const paint = canvas.getContext("2d");
  paint.drawImage(image, 0, 0);
  const data = paint.getImageData(0, 0, image.width, image.height).data;
  const counts = new Map();
  for (let i = 0; i < data.length; i += 4) {
    const key = (data[i] << 16) | (data[i + 1] << 8) | data[i + 2];
    counts.set(key, (counts.get(key) || 0) + 1);
  }
  done([image.width, image.height, counts.size, data.length / 4 - Math.max(...counts.values())]);
};
image.src = "data:image/png;base64," + png;
"""


def colours(driver, png: bytes) -> tuple[int, int, int, int]:
    """(width, height, colours, pixels not of the commonest colour) of a PNG, decoded by
    the browser itself on a blank page."""
    import base64
    driver.get("about:blank")
    return tuple(driver.execute_async_script(COUNT_COLOURS, base64.b64encode(png).decode()))


def order(driver) -> list[tuple[str, bool]]:
    return [tuple(row) for row in driver.execute_script(
        "return [...document.querySelectorAll('#order li')].map("
        "li => [li.dataset.name, li.classList.contains('acting')])")]


def stream_text(port: int, token: str | None = None, seconds: float = 1.5) -> str:
    """What the event stream sends in its first `seconds`."""
    query = f"?token={token}" if token else ""
    with socket.create_connection(("127.0.0.1", port), timeout=seconds) as s:
        s.sendall(f"GET /events{query} HTTP/1.1\r\n\r\n".encode())
        data, end = b"", time.monotonic() + seconds
        try:
            while time.monotonic() < end and (chunk := s.recv(65536)):
                data += chunk
        except TimeoutError:
            pass
    return data.decode()


def test_the_page_shows_the_order_and_follows_a_command(browser, tmp_path):
    path = demo_copy(tmp_path, "shaper")
    server = serve(path)
    try:
        viewport(browser, *SIZES["tv"])
        browser.get(server.url())
        wait_for(browser, "return document.body.dataset.version")
        assert order(browser) == [("Josh", True), ("Monica", False), ("Raider", False),
                                  ("Taylor", False), ("Crossbowman", False),
                                  ("Reaver", False)]
        assert "Round 1" in browser.find_element("id", "turn").text
        version = int(browser.execute_script("return document.body.dataset.version"))
        table = Table(path)
        table.play("draw longbow", "attack raider --skill piercing-strike --roll 3,6,6 "
                   "--evade 4,6,6 --damage 6,3 --defense 1", "end")
        began = time.monotonic()
        wait_for(browser, f"return +document.body.dataset.version > {version} && "
                 "document.querySelector('#order li.acting').dataset.name == 'Monica'", 2)
        assert time.monotonic() - began < 2
        feed = browser.find_element("id", "feed").text
        assert "Josh attacks Raider (hit)" in feed and "Raider is bloodied" in feed
        table.close()
        assert browser.find_element("id", "status").text == "live"
    finally:
        server.stop()
    wait_for(browser, "return document.getElementById('status').textContent"
             ".startsWith('reconnecting… (as of ')")      # the page says it is stale


def test_a_hidden_actor_and_an_enemys_hp_are_nowhere(browser, tmp_path):
    path = demo_copy(tmp_path, "d20")
    table = Table(path)
    table.play("add ghost --as goblin --side enemies --at A1 --name Lurker --hidden",
               "damage grum 3")
    hp = table.session.state.actors["grum"].hp
    table.close()
    server = serve(path, token="token-for-test")
    try:
        browser.get(server.url())
        wait_for(browser, "return document.body.dataset.version")
        page = browser.page_source
        state = browser.execute_script(
            "return fetch('/state.json' + location.search).then(r => r.text())")
        streamed = stream_text(server.port, "token-for-test")
        assert "Grum" in page and "Grum" in state and "Grum" in streamed
        for text in (page, state, streamed):
            assert "Lurker" not in text and not re.search(r"\bghost\b", text)
            grum = next(a for a in json.loads(state)["actors"] if a["name"] == "Grum")
            assert grum["health"] == "hurt" and grum["numbers"] == []
            assert f"{hp}/" not in text and f"HP {hp}" not in text
    finally:
        server.stop()


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_demo_renders_on_a_phone_and_a_tv(browser, tmp_path, ruleset):
    path = demo_copy(tmp_path, ruleset)
    server = serve(path)
    try:
        for size, (width, height) in SIZES.items():
            viewport(browser, width, height)
            browser.get(server.url())
            wait_for(browser, "return document.querySelectorAll('#order li').length > 1")
            assert browser.execute_script("return document.querySelector('.acting')")
            assert browser.execute_script(
                "return document.documentElement.scrollWidth") <= width  # no sideways page
            shot = tmp_path / f"{ruleset}-{size}.png"
            shot.write_bytes(browser.get_screenshot_as_png())
            wide, high, many, drawn = colours(browser, shot.read_bytes())
            assert (wide, high) == (width, height)
            assert many > 20 and drawn > width * height // 50, f"{shot} looks blank"
    finally:
        server.stop()
