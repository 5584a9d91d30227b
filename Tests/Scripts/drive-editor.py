#!/usr/bin/python3
"""Drives the page `wallpaper editor` writes, in headless Chromium (DevTools protocol, cdp.py),
headless Firefox (WebDriver BiDi, bidi.py) or WebKit (WebKitWebDriver, webkit.py, under
`xvfb-run -a`): the same scenarios in each, through the page interface the three modules share.
Every http(s) and ws(s) request is blocked; prints one JSON object with what the page emitted
and showed, the browser's name and version.

Steps: pick COLOUR in the colour input, click cells 0 and 5; Tab through the page recording what
takes the focus; colour cell 2 from the keyboard and undo it; set the date to 2026-07-15 (July);
move the slider to 0.3 with the arrow keys; click the name switch off; read the design JSON and
the command; click both copy buttons and read the status line; switch to actual size and screenshot the wallpaper to SHOT.png (and, before the name
was switched off, to SHOT-label.png). Clicks and keys are real input events, not JS calls.

Saving (--save): on a phone-sized page (--phone: 390×844 CSS pixels, touch taps where the driver
has them), note the layout (the page's scroll width, controls smaller than 44 CSS pixels), the
date picker and the "Show cells" switch; pick COLOUR, tap each cell of CELLS, screenshot the
viewport to SHOT.png, switch "Show cells" off and on again (the JSON must not change), then
tap Save PNG twice: once as the page finds the browser (an <a download> click where it cannot
share files) and once with navigator.share stubbed to accept files. Both files are caught in
the page (the click's default is prevented) and returned as data: URLs with their names.

Sweeping (--sweep SPEC, a JSON object; phone-sized with --phone): taps, as a person would, every
cell that overlaps the label's box and `extra` more cells drawn from random.Random(`seed`), each
with a colour drawn from the same generator: a tap on one of the page's swatches or a value set
in the colour input (its picker is a native dialog); with `labelCells` ("#333333") the cells under
the label take that colour from the colour input instead. `labelColour` "ink:N" taps the N-th
name-colour swatch, "#RRGGBB" sets the name's colour input. Each step of `photos` gives its
`files` to the photo input, after a tap on its `cell` in photo mode when it names one. With
`tapLabelCells` false the cells under the label are not tapped. `colours` maps colour inputs
(#base-colour, #gradient-colour-0 …) to values set in them first. Then, once the label's
colour is measured, screenshots the viewport to SHOT.png and taps Save PNG (the download caught
as in --save); prints the plan, the design, the command, the saved PNG, the label's box and the
luminance the page measured behind the label.

Usage: drive-editor.py [--browser chromium|firefox|webkit] EDITOR.html COLOUR SHOT.png
       drive-editor.py [--browser ...] EDITOR.html --read
           (only what the page emits as it opens)
       drive-editor.py [--browser ...] EDITOR.html --save COLOUR CELLS SHOT.png [--phone]
           (CELLS: comma-separated cell numbers)
       drive-editor.py [--browser ...] EDITOR.html --sweep SPEC SHOT.png [--phone]
"""
import json
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))


PHONE = (390, 844)

# The browser's local date, YYYY-MM-DD.
TODAY = ("(() => { const d = new Date(); return d.getFullYear() + '-' + String(d.getMonth() + 1).padStart(2, '0')"
         " + '-' + String(d.getDate()).padStart(2, '0'); })()")

# Catches the files the page saves: an <a download> click on a blob: URL (its default
# prevented) and, once `stubShare` is called, navigator.share with files; each is kept in
# window.__saved as {how, name, type, data} with the bytes as a data: URL.
CATCH_SAVES = """(() => {
  window.__saved = [];
  const blobs = new Map();
  const create = URL.createObjectURL;
  URL.createObjectURL = function (blob) { const url = create.call(URL, blob); blobs.set(url, blob); return url; };
  function keep(how, name, blob) {
    const reader = new FileReader();
    reader.onload = () => window.__saved.push({ how: how, name: name, type: blob.type, data: reader.result });
    reader.readAsDataURL(blob);
  }
  document.addEventListener("click", (event) => {
    const link = event.target.closest ? event.target.closest("a[download]") : null;
    if (link && blobs.has(link.href)) { event.preventDefault(); keep("download", link.download, blobs.get(link.href)); }
  }, true);
  window.stubShare = () => {
    Object.defineProperty(navigator, "canShare", { configurable: true, value: (d) => !!(d && d.files && d.files.length) });
    Object.defineProperty(navigator, "share", { configurable: true,
      value: (d) => { keep("share", d.files[0].name, d.files[0]); return Promise.resolve(); } });
  };
  return true;
})()"""

# Every control a finger uses, with its box when smaller than 44×44 CSS pixels (a checkbox
# or radio button is measured by the label that holds it, which takes its taps).
SMALL_TARGETS = """(() => {
  const small = [];
  for (const e of document.querySelectorAll("button, select, a, input, textarea, .row > label, [data-cell]")) {
    if (e.closest("[hidden]") || e.closest("label")) continue;
    const r = e.getBoundingClientRect();
    if (r.width < 44 || r.height < 44) small.push((e.id || e.getAttribute("data-cell") || e.textContent.trim()).slice(0, 40)
      + " " + Math.round(r.width) + "x" + Math.round(r.height));
  }
  return small;
})()"""


EXTERNAL_URLS = """(() => {
  const out = [];
  const roots = [document, ...[...document.querySelectorAll('template')].map((t) => t.content)];
  for (const root of roots) for (const e of root.querySelectorAll('*')) for (const a of e.attributes) {
    if (!/^(src|srcset|href|xlink:href|poster|data|action|formaction|background)$/i.test(a.name)) continue;
    const v = a.value.trim();
    if (!v || /^(data:|blob:|#)/i.test(v)) continue;
    out.push(e.tagName + ' ' + a.name + '=' + v.slice(0, 80));
  }
  return out;
})()"""


def open_page(browser, url, phone=False):
    viewport = PHONE if phone else (1400, 1000)
    if browser == "chromium":
        from cdp import ChromiumPage
        return ChromiumPage(url, viewport=viewport, phone=phone)
    if browser == "firefox":
        from bidi import FirefoxPage
        return FirefoxPage(url, viewport=viewport)
    if browser == "webkit":
        from webkit import WebKitPage
        return WebKitPage(url, viewport=viewport, phone=phone)
    raise SystemExit(f"error: --browser: '{browser}' is not allowed (chromium, firefox or webkit)")


def wait_for(js, expression, what):
    """Polls `expression` every 50 ms until it is truthy (at most 60 s); returns its value."""
    value = js("new Promise((done) => { let n = 0; const poll = () => { const v = (" + expression + ");"
               " if (v || ++n > 1200) done(v); else setTimeout(poll, 50); }; poll(); })")
    if not value:
        raise SystemExit(f"error: {what} did not happen within 60 s")
    return value


def save(page, colour, cells, shot):
    """The --save scenario (see the module's text); returns what it found."""
    js = page.js
    result = {}

    def tap(selector):
        box = js(f"(() => {{ const e = document.querySelector({json.dumps(selector)});"
                 " e.scrollIntoView({block: 'center', inline: 'nearest'}); const r = e.getBoundingClientRect();"
                 " return [r.x + r.width / 2, r.y + r.height / 2]; })()")
        page.tap_at(box[0], box[1])

    def design():
        return js("document.getElementById('design').value")

    result["viewport"] = js("[window.innerWidth, window.innerHeight]")
    result["scrollWidth"] = js("document.scrollingElement.scrollWidth")
    result["smallTargets"] = js(SMALL_TARGETS)
    result["date"] = js("document.getElementById('date').value")
    result["today"] = js(TODAY)
    result["showCells"] = js("[document.getElementById('show-cells').checked,"
                             " document.getElementById('cells').classList.contains('outlined')]")
    result["status"] = js("document.getElementById('status').textContent")
    js(CATCH_SAVES)
    js(f"(() => {{ const c = document.getElementById('colour'); c.value = {json.dumps(colour.lower())};"
       " c.dispatchEvent(new Event('input', {bubbles: true})); })()")
    for cell in cells:
        tap(f'[data-cell="{cell}"]')
    result["afterTaps"] = json.loads(design()).get("grid", {}).get("fill")
    result["frames"] = js("Array.from(document.querySelectorAll('#cells rect')).map(r => "
                          "[+r.getAttribute('data-cell'), +r.getAttribute('x'), +r.getAttribute('y'), "
                          "+r.getAttribute('width'), +r.getAttribute('height')])")
    js("window.scrollTo(0, 0)")
    width, height = result["viewport"]
    with open(shot, "wb") as f:
        f.write(page.screenshot(0, 0, width, height))

    before = design()
    tap("#show-cells")
    result["outlinedWhenOff"] = js("document.getElementById('cells').classList.contains('outlined')")
    result["jsonChangedByShowCells"] = design() != before
    tap("#show-cells")
    result["design"] = design()
    result["command"] = js("document.getElementById('command').textContent")

    tap("#save-png")
    wait_for(js, "window.__saved.length >= 1", "the first save")
    js("window.stubShare()")
    tap("#save-png")
    wait_for(js, "window.__saved.length >= 2", "the shared save")
    result["saved"] = js("window.__saved")
    result["saveResult"] = js("document.getElementById('save-result').textContent")
    result["designAfterSave"] = design()
    return result


def tap_on(page, selector):
    """A real tap (or click) at the centre of the element at `selector`, scrolled into view."""
    box = page.js(f"(() => {{ const e = document.querySelector({json.dumps(selector)});"
                  " e.scrollIntoView({block: 'center', inline: 'nearest'}); const r = e.getBoundingClientRect();"
                  " return [r.x + r.width / 2, r.y + r.height / 2]; })()")
    page.tap_at(box[0], box[1])


def set_colour_input(page, selector, colour):
    """The colour input's value set as its picker would set it (the picker is a native dialog)."""
    page.js(f"(() => {{ const c = document.querySelector({json.dumps(selector)}); c.value = {json.dumps(colour.lower())};"
            " c.dispatchEvent(new Event('input', {bubbles: true})); })()")


def label_settled(page):
    wait_for(page.js, "!document.getElementById('stage').hasAttribute('data-measuring')", "measuring the label")


def sweep(page, spec, shot):
    """The --sweep scenario (see the module's text); returns what it found."""
    js = page.js
    data = js("JSON.parse(document.getElementById('editor-data').textContent)")
    rng = random.Random(spec.get("seed", 0))
    box = data["labelRule"]["box"] if data.get("labelRule") else None
    cells = data["cells"]

    def overlaps(frame):
        return (box is not None and frame["x"] < box["x"] + box["width"] and box["x"] < frame["x"] + frame["width"]
                and frame["y"] < box["y"] + box["height"] and box["y"] < frame["y"] + frame["height"])

    under_label = [c["index"] for c in cells if overlaps(c["frame"])]
    others = [c["index"] for c in cells if c["index"] not in under_label]
    if not spec.get("tapLabelCells", True):
        under_label = []
    chosen = under_label + rng.sample(others, min(spec.get("extra", 0), len(others)))
    swatches = js("Array.from(document.querySelectorAll('.swatch')).map((b) => b.dataset.color)")
    js(CATCH_SAVES)
    result = {"plan": [], "labelBox": box, "underLabel": under_label}
    for selector, colour in spec.get("colours", {}).items():
        set_colour_input(page, selector, colour)
    if spec.get("labelColour"):
        choice = spec["labelColour"]
        if choice.startswith("ink:"):
            tap_on(page, f'.ink[data-ink="{choice[4:]}"]')
        else:
            set_colour_input(page, "#label-colour", choice)
    for cell in chosen:
        if spec.get("labelCells") and cell in under_label:
            colour, how = spec["labelCells"], "picker"
        elif rng.random() < 0.5:
            colour, how = rng.choice(swatches), "palette"
        else:
            colour, how = "#%06X" % rng.randrange(0x1000000), "picker"
        if how == "palette":
            tap_on(page, f'.swatch[data-color="{colour}"]')
        else:
            set_colour_input(page, "#colour", colour)
        tap_on(page, f'[data-cell="{cell}"]')
        result["plan"].append([cell, colour, how])
    for step in spec.get("photos", []):
        before = js("document.getElementById('design').value")
        if step.get("cell") is not None:
            tap_on(page, 'input[name="tap"][value="photo"]')
            tap_on(page, f'[data-cell="{step["cell"]}"]')
        page.set_files("#photo-input", step["files"])
        wait_for(js, f"document.getElementById('design').value !== {json.dumps(before)}", "the photos")
    label_settled(page)
    result["frames"] = js("Array.from(document.querySelectorAll('#cells rect')).map(r => "
                          "[+r.getAttribute('data-cell'), +r.getAttribute('x'), +r.getAttribute('y'), "
                          "+r.getAttribute('width'), +r.getAttribute('height')])")
    result["viewport"] = js("[window.innerWidth, window.innerHeight]")
    result["scrollWidth"] = js("document.scrollingElement.scrollWidth")
    result["smallTargets"] = js(SMALL_TARGETS)
    js("window.scrollTo(0, 0)")
    if shot:
        width, height = result["viewport"]
        with open(shot, "wb") as f:
            f.write(page.screenshot(0, 0, width, height))
    result["design"] = js("document.getElementById('design').value")
    result["command"] = js("document.getElementById('command').textContent")
    result["photoNote"] = js("document.getElementById('photo-note').textContent")
    result["luminance"] = js("document.getElementById('stage').getAttribute('data-label-luminance')")
    tap_on(page, "#save-png")
    wait_for(js, "window.__saved.length >= 1", "the save")
    result["saved"] = js("window.__saved")
    return result


def main():
    arguments = sys.argv[1:]
    browser = "chromium"
    if arguments[:1] == ["--browser"]:
        browser, arguments = arguments[1], arguments[2:]
    phone = "--phone" in arguments
    arguments = [a for a in arguments if a != "--phone"]
    page_path, colour = os.path.abspath(arguments[0]), arguments[1]
    shot = arguments[2] if len(arguments) > 2 else None
    page = open_page(browser, "file://" + page_path, phone=phone)
    result = {"browser": page.name, "version": page.version}
    try:
        if colour == "--sweep":
            result.update(sweep(page, json.loads(arguments[2]), arguments[3] if len(arguments) > 3 else None))
            result["errors"] = page.errors()
            result["requests"] = page.requests()
            print(json.dumps(result))
            return
        if colour == "--save":
            result.update(save(page, arguments[2], [int(c) for c in arguments[3].split(",")], arguments[4]))
            result["errors"] = page.errors()
            result["requests"] = page.requests()
            print(json.dumps(result))
            return
        js = page.js
        key = page.key

        def click(selector):
            box = js(f"(() => {{ const e = document.querySelector({json.dumps(selector)});"
                     " e.scrollIntoView({block: 'center', inline: 'nearest'}); const r = e.getBoundingClientRect();"
                     " return [r.x + r.width / 2, r.y + r.height / 2]; })()")
            page.click_at(box[0], box[1])

        def screenshot(path):
            """The wallpaper at actual size (1 CSS pixel per point), without the page's cell
            outlines, as a PNG file."""
            if not js("document.getElementById('actual-size').checked"):
                click("#actual-size")
            if js("document.getElementById('show-cells').checked"):
                click("#show-cells")
            js("window.scrollTo(0, 0)")
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
            result["status"] = js("(document.getElementById('status') || {}).textContent")
            result["date"] = js("(document.getElementById('date') || {}).value")
            result["today"] = js(TODAY)
            # The Save PNG button as a person sees it: displayed, visible, its size in CSS px.
            result["savePNG"] = js("(() => { const b = document.getElementById('save-png'); if (!b) return null;"
                                   " const r = b.getBoundingClientRect(), s = getComputedStyle(b);"
                                   " return [s.display, s.visibility, Math.round(r.width), Math.round(r.height)]; })()")
            # Every URL the page could ask for, in the live document and its templates: attributes
            # that load something, other than data:, blob: and #fragment (a browser that blocks the
            # network, as WebKit's content filter does, lists no blocked request).
            result["externalURLs"] = js(EXTERNAL_URLS)
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
