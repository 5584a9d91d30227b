#!/usr/bin/python3
"""Rasterises SVG files in a browser, as an <img> of ZOOM CSS pixels per px of the SVG's size
(device pixel ratio 1, so the browser draws the vector at that size): one browser session for
all files. Used by Tests/InteropTests/ElementJudgeTests.swift.

Usage: svg-shots.py chromium|firefox|webkit ZOOM WIDTH HEIGHT FILE.svg...
  WIDTH, HEIGHT: the viewport in CSS pixels, at least the largest zoomed SVG's size.
  Each FILE.svg is drawn to FILE.svg.BROWSER.png. WebKit needs an X display (xvfb-run -a).
"""
import json
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

# Loads the file as an image, shows it alone at the page's top-left corner, and waits two
# frames so that it is painted before the screenshot.
SHOW = """new Promise((resolve, reject) => {
  const image = new Image();
  image.onload = () => {
    const size = [Math.round(image.naturalWidth * %s), Math.round(image.naturalHeight * %s)];
    image.style.display = "block";
    image.style.width = size[0] + "px";
    image.style.height = size[1] + "px";
    document.body.replaceChildren(image);
    requestAnimationFrame(() => requestAnimationFrame(() => resolve(size)));
  };
  image.onerror = () => reject(new Error("cannot load " + image.src));
  image.src = %s;
})"""


def page(browser, url, viewport):
    if browser == "chromium":
        from cdp import ChromiumPage
        shown = ChromiumPage(url, viewport=viewport)
        # Headless Chromium's window is no taller than its screen: the viewport is set exactly.
        shown.browser.send("Emulation.setDeviceMetricsOverride", {
            "width": viewport[0], "height": viewport[1], "deviceScaleFactor": 1, "mobile": False},
            session=shown.session)
        return shown
    if browser == "firefox":
        from bidi import FirefoxPage
        return FirefoxPage(url, viewport=viewport)
    if browser == "webkit":
        from webkit import WebKitPage
        return WebKitPage(url, viewport=viewport)
    raise SystemExit(f"error: browser: '{browser}' is not allowed (chromium, firefox or webkit)")


def main():
    if len(sys.argv) < 6:
        raise SystemExit(__doc__)
    browser, zoom = sys.argv[1], float(sys.argv[2])
    width, height, files = int(sys.argv[3]), int(sys.argv[4]), sys.argv[5:]
    folder = tempfile.mkdtemp(prefix="svg-shots-")
    blank = os.path.join(folder, "blank.html")
    with open(blank, "w") as f:
        f.write('<!DOCTYPE html><html><head><meta charset="utf-8"><style>html, body { margin: 0; '
                'background: white; overflow: hidden; }</style></head><body></body></html>')
    shown = page(browser, "file://" + blank, (width, height))
    try:
        for path in files:
            size = shown.js(SHOW % (zoom, zoom, json.dumps("file://" + os.path.abspath(path))))
            with open(f"{path}.{browser}.png", "wb") as out:
                out.write(shown.screenshot(0, 0, size[0], size[1]))
        print(f"{browser} {getattr(shown, 'version', '')}: {len(files)} files")
    finally:
        shown.close()


if __name__ == "__main__":
    main()
