#!/usr/bin/python3
"""Opens an HTML page in headless Chromium through the DevTools protocol (over a pipe, so no
network port and no extra Python packages), waits for it to load, and prints one JSON object:
every <img> with its naturalWidth, console errors, exceptions and failed loads, and whether a
screenshot was written.

Usage: check-gallery.py PAGE.html SCREENSHOT.png
"""
import base64
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cdp import Chromium  # noqa: E402


def main():
    page, screenshot = os.path.abspath(sys.argv[1]), sys.argv[2]
    chrome = Chromium()
    result = {}
    try:
        session = chrome.open_page("file://" + page)
        images = chrome.evaluate(
            "JSON.stringify(Array.from(document.images).map(i => "
            "({src: i.getAttribute('src'), naturalWidth: i.naturalWidth, complete: i.complete})))", session)
        links = chrome.evaluate(
            "JSON.stringify(Array.from(document.querySelectorAll('a[href]')).map(a => a.getAttribute('href')))",
            session)
        shot = chrome.send("Page.captureScreenshot", {"format": "png"}, session=session)["data"]
        with open(screenshot, "wb") as f:
            f.write(base64.b64decode(shot))
        result = {"images": json.loads(images), "links": json.loads(links), "errors": chrome.errors(),
                  "requests": chrome.requests(), "screenshot": screenshot}
    finally:
        chrome.close()
    print(json.dumps(result))


main()
