"""A minimal Chrome DevTools Protocol client over a pipe (`--remote-debugging-pipe`): headless
Chromium with no network port and no Python packages beyond the standard library. Used by the
test scripts beside it; drive-editor.py drives a page through ChromiumPage, which has the same
interface as bidi.FirefoxPage."""
import base64
import json
import os
import shutil
import subprocess
import tempfile
import threading


WATCHDOG_SECONDS = 240


class Chromium:
    """Starts headless Chromium; `send` runs a command and returns its result, keeping every
    event in `events`."""

    def __init__(self, window="1400,1000"):
        to_chrome_r, to_chrome_w = os.pipe()
        from_chrome_r, from_chrome_w = os.pipe()
        profile = self.profile = tempfile.mkdtemp(prefix="cdp-chromium-")

        # Chromium reads commands from fd 3 and writes replies to fd 4.
        def child_fds():
            os.dup2(to_chrome_r, 3)
            os.dup2(from_chrome_w, 4)

        self.process = subprocess.Popen(
            ["chromium", "--headless", "--disable-gpu", "--no-sandbox", "--remote-debugging-pipe",
             "--no-first-run", "--disable-extensions", "--force-color-profile=srgb",
             "--user-data-dir=" + profile, "--window-size=" + window, "about:blank"],
            # 3 and 4 are kept open after child_fds has put the pipes there.
            pass_fds=tuple(sorted({3, 4, to_chrome_r, from_chrome_w})), preexec_fn=child_fds,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_chrome_r)
        os.close(from_chrome_w)
        # A browser that stops answering must fail the test, not hang it: after WATCHDOG_SECONDS
        # Chromium is killed, its pipe closes and read_message raises.
        self.watchdog = threading.Timer(WATCHDOG_SECONDS, self.process.kill)
        self.watchdog.daemon = True
        self.watchdog.start()
        self.out = os.fdopen(to_chrome_w, "wb", buffering=0)
        self.inp = os.fdopen(from_chrome_r, "rb", buffering=0)
        self.pending = b""
        self.events = []
        self.next_id = 0

    def read_message(self):
        while b"\0" not in self.pending:
            chunk = self.inp.read(65536)
            if not chunk:
                raise RuntimeError("chromium closed the pipe")
            self.pending += chunk
        message, self.pending = self.pending.split(b"\0", 1)
        return json.loads(message)

    def send(self, method, params=None, session=None):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        self.out.write(json.dumps(message).encode() + b"\0")
        while True:
            reply = self.read_message()
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply["result"]
            self.events.append(reply)

    def wait_for(self, method, session):
        for event in self.events:
            if event.get("method") == method and event.get("sessionId") == session:
                return
        while True:
            event = self.read_message()
            self.events.append(event)
            if event.get("method") == method and event.get("sessionId") == session:
                return

    def open_page(self, url, domains=("Page", "Runtime", "Log", "Network"), before_navigate=None):
        """A new tab showing `url`, once loaded; returns its session id."""
        target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        for domain in domains:
            self.send(domain + ".enable", session=session)
        if before_navigate:
            before_navigate(session)
        self.send("Page.navigate", {"url": url}, session=session)
        self.wait_for("Page.loadEventFired", session)
        return session

    def evaluate(self, expression, session):
        """The JSON-able value of a JavaScript expression; raises on an exception."""
        reply = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True,
                                               "awaitPromise": True}, session=session)
        if "exceptionDetails" in reply:
            raise RuntimeError(f"{expression}: {reply['exceptionDetails']}")
        return reply["result"].get("value")

    def errors(self):
        """Console errors, exceptions, error log entries and failed loads seen so far."""
        errors = []
        for event in self.events:
            method, params = event.get("method"), event.get("params", {})
            if method == "Runtime.consoleAPICalled" and params.get("type") == "error":
                errors.append("console: " + json.dumps(params.get("args")))
            elif method == "Runtime.exceptionThrown":
                errors.append("exception: " + json.dumps(params.get("exceptionDetails", {}).get("text")))
            elif method == "Log.entryAdded" and params.get("entry", {}).get("level") == "error":
                errors.append("log: " + params["entry"].get("text", ""))
            elif method == "Network.loadingFailed":
                errors.append("load failed: " + params.get("errorText", ""))
        return errors

    def requests(self):
        """Every URL a request was sent for."""
        return [e["params"]["request"]["url"] for e in self.events if e.get("method") == "Network.requestWillBeSent"]

    def close(self):
        try:
            self.send("Browser.close")
        except Exception:
            pass
        self.process.wait(timeout=60)
        shutil.rmtree(self.profile, ignore_errors=True)


class ChromiumPage:
    """One page in headless Chromium: JavaScript, real mouse, touch and key input, screenshots,
    console errors and the requests the page made. The same interface as bidi.FirefoxPage and
    webkit.WebKitPage.

    With `phone`, the page is laid out as on a phone: a `viewport` of that many CSS pixels,
    mobile layout and touch input (`tap_at` sends touch events)."""

    name = "chromium"
    KEYS = {"Tab": 9, "Enter": 13, "ArrowLeft": 37, " ": 32}

    def __init__(self, url, viewport=(1400, 1000), block_network=True, phone=False):
        self.browser = Chromium(window=f"{viewport[0]},{viewport[1]}")
        self.phone = phone
        try:
            def block(session):
                if block_network:
                    self.browser.send("Network.setBlockedURLs", {
                        "urls": ["http://*", "https://*", "ws://*", "wss://*", "ftp://*"]}, session=session)
                if phone:
                    self.browser.send("Emulation.setDeviceMetricsOverride", {
                        "width": viewport[0], "height": viewport[1], "deviceScaleFactor": 1, "mobile": True},
                        session=session)
                    self.browser.send("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 1},
                                      session=session)

            self.session = self.browser.open_page(url, before_navigate=block)
            self.version = self.browser.send("Browser.getVersion")["product"].split("/")[-1]
        except Exception:
            self.browser.close()
            raise

    def js(self, expression):
        """The JSON-able value of a JavaScript expression (awaited); raises on an exception."""
        return self.browser.evaluate(expression, self.session)

    def click_at(self, x, y):
        """A left mouse click at viewport point (x, y), in CSS pixels."""
        for kind in ("mousePressed", "mouseReleased"):
            self.browser.send("Input.dispatchMouseEvent", {"type": kind, "x": x, "y": y, "button": "left",
                                                           "clickCount": 1}, session=self.session)

    def tap_at(self, x, y):
        """A finger's tap at viewport point (x, y) on a phone page (a mouse click otherwise)."""
        if not self.phone:
            return self.click_at(x, y)
        self.browser.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]},
                          session=self.session)
        self.browser.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []}, session=self.session)

    def key(self, name):
        """Presses and releases one key: Tab, Enter, ArrowLeft or space."""
        code = self.KEYS[name]
        down = {"type": "keyDown", "key": name, "code": "Space" if name == " " else name,
                "windowsVirtualKeyCode": code, "nativeVirtualKeyCode": code}
        if name in ("Enter", " "):
            down["text"] = "\r" if name == "Enter" else " "
        self.browser.send("Input.dispatchKeyEvent", down, session=self.session)
        self.browser.send("Input.dispatchKeyEvent", {"type": "keyUp", "key": name, "code": down["code"],
                                                     "windowsVirtualKeyCode": code}, session=self.session)

    def screenshot(self, x, y, width, height):
        """PNG bytes of a viewport rectangle in CSS pixels, at 1 device pixel per CSS pixel."""
        data = self.browser.send("Page.captureScreenshot", {"format": "png", "clip": {
            "x": x, "y": y, "width": width, "height": height, "scale": 1}}, session=self.session)["data"]
        return base64.b64decode(data)

    def set_files(self, selector, paths):
        """Gives the file input at `selector` these files, as a person picking them would."""
        node = self.browser.send("Runtime.evaluate", {"expression": f"document.querySelector({json.dumps(selector)})"},
                                 session=self.session)["result"]["objectId"]
        self.browser.send("DOM.setFileInputFiles", {"files": paths, "objectId": node}, session=self.session)

    def errors(self):
        return self.browser.errors()

    def requests(self):
        return self.browser.requests()

    def close(self):
        self.browser.close()
