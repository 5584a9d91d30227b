#!/usr/bin/python3
"""Drives the page `wallpaper editor` writes, in headless Chromium (DevTools protocol, cdp.py) or
headless Firefox (WebDriver BiDi, bidi.py): one scenario for both, through the page interface
the two modules share. Every http(s) and ws(s) request is blocked; prints one JSON object with
what the page emitted and showed, the browser's name and version.

Steps: pick COLOUR in the colour input, click cells 0 and 5; Tab through the page recording what
takes the focus; colour cell 2 from the keyboard and undo it; set the date to 2026-07-15 (July);
move the slider to 0.3 with the arrow keys; click the name switch off; read the design JSON and
the command; click both copy buttons and read the status line; switch to actual size and screenshot the wallpaper to SHOT.png (and, before the name
was switched off, to SHOT-label.png). Clicks and keys are real input events, not JS calls.

Usage: drive-editor.py [--browser chromium|firefox] EDITOR.html COLOUR SHOT.png
       drive-editor.py [--browser chromium|firefox] EDITOR.html --read
           (only what the page emits as it opens)
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))


def open_page(browser, url):
    if browser == "chromium":
        from cdp import ChromiumPage
        return ChromiumPage(url)
    if browser == "firefox":
        from bidi import FirefoxPage
        return FirefoxPage(url)
    raise SystemExit(f"error: --browser: '{browser}' is not allowed (chromium or firefox)")


def main():
    arguments = sys.argv[1:]
    browser = "chromium"
    if arguments[:1] == ["--browser"]:
        browser, arguments = arguments[1], arguments[2:]
    page_path, colour = os.path.abspath(arguments[0]), arguments[1]
    shot = arguments[2] if len(arguments) > 2 else None
    page = open_page(browser, "file://" + page_path)
    result = {"browser": page.name, "version": page.version}
    try:
        js = page.js
        key = page.key

        def click(selector):
            box = js(f"(() => {{ const r = document.querySelector({json.dumps(selector)}).getBoundingClientRect();"
                     " return [r.x + r.width / 2, r.y + r.height / 2]; })()")
            page.click_at(box[0], box[1])

        def screenshot(path):
            """The wallpaper at actual size (1 CSS pixel per point) as a PNG file."""
            if not js("document.getElementById('actual-size').checked"):
                click("#actual-size")
            box = js("(() => { const r = document.getElementById('stage').getBoundingClientRect();"
                     " return [r.x, r.y, r.width, r.height]; })()")
            with open(path, "wb") as f:
                f.write(page.screenshot(*box))
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
            result["errors"] = page.errors()
            result["requests"] = page.requests()
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
        result["copyStatus"] = []
        for button in ("#copy-json", "#copy-command"):
            js("document.getElementById('status').textContent = ''")
            click(button)
            # The clipboard answers asynchronously: wait for the status line (at most 5 s).
            result["copyStatus"].append(js("new Promise((done) => { let n = 0; const poll = () => {"
                                           " const t = document.getElementById('status').textContent;"
                                           " if (t || ++n > 100) done(t); else setTimeout(poll, 50); }; poll(); })"))
        result["download"] = js("[document.getElementById('download').getAttribute('href'),"
                                " document.getElementById('download').getAttribute('download')]")

        result["stageBox"] = screenshot(shot)
        result["errors"] = page.errors()
        result["requests"] = page.requests()
    finally:
        page.close()
    print(json.dumps(result))


main()
