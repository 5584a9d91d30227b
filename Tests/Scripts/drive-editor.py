#!/usr/bin/env python3
"""Drives the page `wallpaper editor` writes, in headless Chromium through the DevTools protocol
(see cdp.py), with every http(s), ws(s) and ftp request blocked; prints one JSON object with what
the page emitted and showed.

Steps: pick COLOUR in the colour input, click cells 0 and 5; Tab through the page recording what
takes the focus; colour cell 2 from the keyboard and undo it; set the date to 2026-07-15 (July);
move the slider to 0.3 with the arrow keys; click the name switch off; read the design JSON and
the command; switch to actual size and screenshot the wallpaper to SHOT.png (and, before the name
was switched off, to SHOT-label.png).

Usage: drive-editor.py EDITOR.html COLOUR SHOT.png
       drive-editor.py EDITOR.html --read    (only what the page emits as it opens)
"""
import base64
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cdp import Chromium  # noqa: E402

KEYS = {"Tab": 9, "Enter": 13, "ArrowLeft": 37, " ": 32}


def main():
    page, colour = os.path.abspath(sys.argv[1]), sys.argv[2]
    shot = sys.argv[3] if len(sys.argv) > 3 else None
    chrome = Chromium()
    result = {}
    try:
        def block(session):
            chrome.send("Network.setBlockedURLs", {"urls": ["http://*", "https://*", "ws://*", "wss://*", "ftp://*"]},
                        session=session)

        session = chrome.open_page("file://" + page, before_navigate=block)

        def js(expression):
            return chrome.evaluate(expression, session)

        def click(selector):
            box = js(f"(() => {{ const r = document.querySelector({json.dumps(selector)}).getBoundingClientRect();"
                     " return [r.x + r.width / 2, r.y + r.height / 2]; })()")
            for kind in ("mousePressed", "mouseReleased"):
                chrome.send("Input.dispatchMouseEvent", {"type": kind, "x": box[0], "y": box[1], "button": "left",
                                                         "clickCount": 1}, session=session)

        def key(name):
            code = KEYS[name]
            down = {"type": "keyDown", "key": name, "code": "Space" if name == " " else name,
                    "windowsVirtualKeyCode": code, "nativeVirtualKeyCode": code}
            if name in ("Enter", " "):
                down["text"] = "\r" if name == "Enter" else " "
            chrome.send("Input.dispatchKeyEvent", down, session=session)
            chrome.send("Input.dispatchKeyEvent", {"type": "keyUp", "key": name, "code": down["code"],
                                                   "windowsVirtualKeyCode": code}, session=session)

        def screenshot(path):
            """The wallpaper at actual size (1 CSS pixel per point) as a PNG file."""
            if not js("document.getElementById('actual-size').checked"):
                click("#actual-size")
            box = js("(() => { const r = document.getElementById('stage').getBoundingClientRect();"
                     " return [r.x, r.y, r.width, r.height]; })()")
            data = chrome.send("Page.captureScreenshot", {"format": "png", "clip": {
                "x": box[0], "y": box[1], "width": box[2], "height": box[3], "scale": 1}}, session=session)["data"]
            with open(path, "wb") as f:
                f.write(base64.b64decode(data))
            return box

        def design():
            return json.loads(js("document.getElementById('design').value"))

        focused = ("(() => { const e = document.activeElement; if (!e) return null;"
                   " if (e.hasAttribute('data-cell')) return 'cell ' + e.getAttribute('data-cell');"
                   " if (e.name === 'season') return 'season';"
                   " if (e.classList.contains('swatch')) return 'swatch';"
                   " return e.id || e.tagName; })()")

        result["cellsInDOM"] = js("document.querySelectorAll('[data-cell]').length")
        if colour == "--read":
            result["design"] = js("document.getElementById('design').value")
            result["command"] = js("document.getElementById('command').textContent")
            result["errors"] = chrome.errors()
            result["requests"] = chrome.requests()
            print(json.dumps(result))
            return
        js(f"(() => {{ const c = document.getElementById('colour'); c.value = {json.dumps(colour.lower())};"
           " c.dispatchEvent(new Event('input', {bubbles: true})); })()")
        click('[data-cell="0"]')
        click('[data-cell="5"]')
        result["afterTaps"] = design().get("grid", {}).get("fill")
        result["frames"] = js("Array.from(document.querySelectorAll('#cells rect')).map(r => "
                              "[+r.getAttribute('data-cell'), +r.getAttribute('x'), +r.getAttribute('y'), "
                              "+r.getAttribute('width'), +r.getAttribute('height')])")

        # Keyboard: every control and cell takes the focus with Tab.
        reached = []
        js("document.activeElement && document.activeElement.blur()")
        for _ in range(120):
            key("Tab")
            reached.append(js(focused))
        result["tabOrder"] = reached
        js("document.activeElement && document.activeElement.blur()")
        for _ in range(120):
            key("Tab")
            if js(focused) == "cell 2":
                break
        key("Enter")
        result["afterKeyboardTap"] = design().get("grid", {}).get("fill")
        click("#undo")
        result["afterUndo"] = design().get("grid", {}).get("fill")

        js("(() => { const d = document.getElementById('date'); d.value = '2026-07-15';"
           " d.dispatchEvent(new Event('change', {bubbles: true})); })()")
        result["seasonShownAfterDate"] = js("document.querySelector('#stage > svg[data-season]').getAttribute('data-season')")
        result["seasonCheckedAfterDate"] = js("document.querySelector('input[name=season]:checked').value")

        js("(() => { const h = document.getElementById('hemisphere'); h.value = 'south';"
           " h.dispatchEvent(new Event('change', {bubbles: true})); })()")
        result["seasonShownSouth"] = js("document.querySelector('#stage > svg[data-season]').getAttribute('data-season')")
        js("(() => { const h = document.getElementById('hemisphere'); h.value = 'north';"
           " h.dispatchEvent(new Event('change', {bubbles: true})); })()")

        js("document.getElementById('alpha').focus()")
        start = float(js("document.getElementById('alpha').value"))
        for _ in range(round((start - 0.3) * 100)):
            key("ArrowLeft")
        result["artOpacity"] = js("document.querySelector('#stage > svg #art').getAttribute('opacity')")
        # With the label still shown: the design and the wallpaper at 1 CSS pixel per point.
        result["designWithLabel"] = js("document.getElementById('design').value")
        screenshot(shot.replace(".png", "-label.png"))

        click("#show-label")
        result["labelShown"] = js("!!document.querySelector('#stage > svg #label')")

        result["design"] = js("document.getElementById('design').value")
        result["command"] = js("document.getElementById('command').textContent")
        result["download"] = js("[document.getElementById('download').getAttribute('href'),"
                                " document.getElementById('download').getAttribute('download')]")

        result["stageBox"] = screenshot(shot)
        result["errors"] = chrome.errors()
        result["requests"] = chrome.requests()
    finally:
        chrome.close()
    print(json.dumps(result))


main()
