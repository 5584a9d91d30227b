#!/usr/bin/env python3
"""Opens an HTML page in headless Chromium through the DevTools protocol (over a pipe, so no
network port and no extra Python packages), waits for it to load, and prints one JSON object:
every <img> with its naturalWidth, console errors, exceptions and failed loads, and whether a
screenshot was written.

Usage: check-gallery.py PAGE.html SCREENSHOT.png
"""
import base64
import json
import os
import subprocess
import sys
import tempfile


def main():
    page, screenshot = os.path.abspath(sys.argv[1]), sys.argv[2]
    to_chrome_r, to_chrome_w = os.pipe()
    from_chrome_r, from_chrome_w = os.pipe()
    profile = tempfile.mkdtemp(prefix="gallery-chromium-")
    # Chromium reads commands from fd 3 and writes replies to fd 4.
    def child_fds():
        os.dup2(to_chrome_r, 3)
        os.dup2(from_chrome_w, 4)

    chrome = subprocess.Popen(
        ["chromium", "--headless", "--disable-gpu", "--no-sandbox", "--remote-debugging-pipe",
         "--no-first-run", "--disable-extensions", "--user-data-dir=" + profile,
         "--window-size=1400,1000", "about:blank"],
        # 3 and 4 are kept open after child_fds has put the pipes there.
        pass_fds=tuple(sorted({3, 4, to_chrome_r, from_chrome_w})), preexec_fn=child_fds,
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(to_chrome_r)
    os.close(from_chrome_w)
    out = os.fdopen(to_chrome_w, "wb", buffering=0)
    inp = os.fdopen(from_chrome_r, "rb", buffering=0)
    pending = b""
    events = []
    next_id = [0]

    def read_message():
        nonlocal pending
        while b"\0" not in pending:
            chunk = inp.read(65536)
            if not chunk:
                raise RuntimeError("chromium closed the pipe")
            pending += chunk
        message, pending = pending.split(b"\0", 1)
        return json.loads(message)

    def send(method, params=None, session=None):
        next_id[0] += 1
        message = {"id": next_id[0], "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        out.write(json.dumps(message).encode() + b"\0")
        while True:
            reply = read_message()
            if reply.get("id") == next_id[0]:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply["result"]
            events.append(reply)

    def wait_for(method, session):
        for event in events:
            if event.get("method") == method and event.get("sessionId") == session:
                return
        while True:
            event = read_message()
            events.append(event)
            if event.get("method") == method and event.get("sessionId") == session:
                return

    result = {}
    try:
        target = send("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        for domain in ("Page", "Runtime", "Log", "Network"):
            send(domain + ".enable", session=session)
        send("Page.navigate", {"url": "file://" + page}, session=session)
        wait_for("Page.loadEventFired", session)
        images = send("Runtime.evaluate", {
            "expression": "JSON.stringify(Array.from(document.images).map(i => "
                          "({src: i.getAttribute('src'), naturalWidth: i.naturalWidth, complete: i.complete})))",
            "returnByValue": True}, session=session)["result"]["value"]
        links = send("Runtime.evaluate", {
            "expression": "JSON.stringify(Array.from(document.querySelectorAll('a[href]')).map(a => a.getAttribute('href')))",
            "returnByValue": True}, session=session)["result"]["value"]
        shot = send("Page.captureScreenshot", {"format": "png"}, session=session)["data"]
        with open(screenshot, "wb") as f:
            f.write(base64.b64decode(shot))
        errors = []
        for event in events:
            method, params = event.get("method"), event.get("params", {})
            if method == "Runtime.consoleAPICalled" and params.get("type") == "error":
                errors.append("console: " + json.dumps(params.get("args")))
            elif method == "Runtime.exceptionThrown":
                errors.append("exception: " + json.dumps(params.get("exceptionDetails", {}).get("text")))
            elif method == "Log.entryAdded" and params.get("entry", {}).get("level") == "error":
                errors.append("log: " + params["entry"].get("text", ""))
            elif method == "Network.loadingFailed":
                errors.append("load failed: " + params.get("errorText", ""))
        requests = [e["params"]["request"]["url"] for e in events if e.get("method") == "Network.requestWillBeSent"]
        result = {"images": json.loads(images), "links": json.loads(links), "errors": errors,
                  "requests": requests, "screenshot": screenshot}
    finally:
        try:
            send("Browser.close")
        except Exception:
            pass
        chrome.wait(timeout=60)
    print(json.dumps(result))


main()
