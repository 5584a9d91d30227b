"""A minimal WebDriver BiDi client for headless Firefox (Debian's firefox-esr), which speaks BiDi
itself over a WebSocket on 127.0.0.1: no geckodriver. Needs websocket-client (Debian's
python3-websocket, which `make check` installs). Used by drive-editor.py beside it, with the same page
interface as cdp.ChromiumPage.

Firefox runs with a fresh temporary profile whose prefs turn off its own background traffic
(updates, telemetry, remote settings, safe browsing, captive-portal and connectivity checks) and
send any request that still leaves to a proxy on a closed loopback port; the page's own
http(s)/ws(s) requests are blocked by a BiDi network intercept, and every request the page makes
is recorded from `network.beforeRequestSent`.
"""
import base64
import json
import os
import re
import shutil
import signal
import subprocess
import tempfile
import threading

import websocket

WATCHDOG_SECONDS = 240
START_SECONDS = 90
BLOCKED_SCHEMES = ("http", "https", "ws", "wss")

# WebDriver key codes (the Unicode private-use points the WebDriver spec gives special keys).
KEYS = {"Tab": "\ue004", "Enter": "\ue007", "ArrowLeft": "\ue012", " ": " "}

PREFS = {
    # No first-run pages, default-browser prompt, updates or telemetry.
    "browser.shell.checkDefaultBrowser": False,
    "browser.startup.homepage_override.mstone": "ignore",
    "browser.aboutwelcome.enabled": False,
    "startup.homepage_welcome_url": "about:blank",
    "app.update.auto": False,
    "app.update.enabled": False,
    "datareporting.policy.dataSubmissionEnabled": False,
    "datareporting.healthreport.uploadEnabled": False,
    "toolkit.telemetry.enabled": False,
    "toolkit.telemetry.unified": False,
    "toolkit.telemetry.server": "",
    "app.normandy.enabled": False,
    "app.shield.optoutstudies.enabled": False,
    "messaging-system.rsexperimentloader.enabled": False,
    "services.settings.server": "data:,#remote-settings-dummy/v1",
    "browser.safebrowsing.malware.enabled": False,
    "browser.safebrowsing.phishing.enabled": False,
    "browser.safebrowsing.downloads.enabled": False,
    "browser.safebrowsing.update.enabled": False,
    "browser.safebrowsing.provider.mozilla.updateURL": "",
    "extensions.update.enabled": False,
    "extensions.getAddons.cache.enabled": False,
    "extensions.blocklist.enabled": False,
    "network.captive-portal-service.enabled": False,
    "network.connectivity-service.enabled": False,
    "network.trr.mode": 5,
    "network.dns.disabled": True,
    "network.dns.disablePrefetch": True,
    "network.prefetch-next": False,
    "network.http.speculative-parallel-limit": 0,
    "browser.newtabpage.enabled": False,
    "browser.newtabpage.activity-stream.feeds.system.topstories": False,
    "browser.newtabpage.activity-stream.feeds.topsites": False,
    "browser.topsites.contile.enabled": False,
    "browser.urlbar.suggest.quicksuggest.sponsored": False,
    "browser.search.update": False,
    "browser.region.network.url": "",
    "browser.region.update.enabled": False,
    "geo.provider.network.url": "",
    "media.gmp-manager.url": "",
    "media.gmp-gmpopenh264.enabled": False,
    "dom.push.connection.enabled": False,
    "identity.fxaccounts.enabled": False,
    # Anything that still tries to leave goes to a closed loopback port and fails at once.
    "network.proxy.type": 1,
    "network.proxy.http": "127.0.0.1",
    "network.proxy.http_port": 9,
    "network.proxy.ssl": "127.0.0.1",
    "network.proxy.ssl_port": 9,
    "network.proxy.share_proxy_settings": True,
    "network.proxy.no_proxies_on": "",
    "network.proxy.allow_hijacking_localhost": True,
    "network.proxy.socks_remote_dns": True,
    # Keyboard focus goes to every control and link with Tab, as in Chromium.
    "accessibility.tabfocus": 7,
}


class Firefox:
    """Starts headless Firefox with a fresh profile (once more if the first start-up does not
    report its BiDi port within START_SECONDS); `send` runs a BiDi command and returns its result,
    keeping every event in `events`."""

    def __init__(self):
        last = None
        for _ in range(2):
            try:
                self._start()
                return
            except Exception as error:  # a slow or broken start-up: kill it and try once more
                last = error
                self._stop()
        raise RuntimeError(f"firefox did not start twice: {last}")

    def _start(self):
        self.profile = tempfile.mkdtemp(prefix="bidi-firefox-")
        with open(os.path.join(self.profile, "user.js"), "w") as f:
            for name, value in PREFS.items():
                f.write(f"user_pref({json.dumps(name)}, {json.dumps(value)});\n")
        self.events = []
        self.next_id = 0
        self.socket = None
        self.port_found = threading.Event()
        self.port = None
        self.log = []
        environment = dict(os.environ, MOZ_HEADLESS="1", MOZ_CRASHREPORTER_DISABLE="1")
        # A process group of its own, so that its content processes are stopped with it.
        self.process = subprocess.Popen(
            ["firefox", "--headless", "--no-remote", "--profile", self.profile, "--remote-debugging-port=0",
             "--remote-allow-hosts=127.0.0.1", "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=environment,
            start_new_session=True)
        threading.Thread(target=self._read_stderr, daemon=True).start()
        # A browser that stops answering must fail the test, not hang it.
        self.watchdog = threading.Timer(WATCHDOG_SECONDS, self._kill)
        self.watchdog.daemon = True
        self.watchdog.start()
        if not self.port_found.wait(START_SECONDS) or self.port is None:
            raise RuntimeError("no BiDi port reported: " + " | ".join(self.log[-5:]))
        self.socket = websocket.create_connection(
            f"ws://127.0.0.1:{self.port}/session", timeout=WATCHDOG_SECONDS, suppress_origin=True)
        self.capabilities = self.send("session.new", {"capabilities": {"alwaysMatch": {"acceptInsecureCerts": False}}})[
            "capabilities"]

    def _read_stderr(self):
        for raw in self.process.stderr:
            line = raw.decode(errors="replace").rstrip()
            self.log.append(line)
            match = re.search(r"WebDriver BiDi listening on ws://127\.0\.0\.1:(\d+)", line)
            if match:
                self.port = int(match.group(1))
                self.port_found.set()
        self.port_found.set()

    def _kill(self):
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass

    def _stop(self):
        if getattr(self, "socket", None):
            try:
                self.socket.close()
            except Exception:
                pass
        if getattr(self, "process", None):
            self._kill()
            try:
                self.process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                pass
        if getattr(self, "watchdog", None):
            self.watchdog.cancel()
        if getattr(self, "profile", None):
            shutil.rmtree(self.profile, ignore_errors=True)

    def _receive(self):
        try:
            message = json.loads(self.socket.recv())
        except Exception as error:
            raise RuntimeError(f"firefox closed the connection: {error}") from error
        if message.get("type") == "event":
            self.events.append(message)
            params = message.get("params", {})
            if message.get("method") == "network.beforeRequestSent" and params.get("isBlocked"):
                # Fail what the intercept held; the reply to this command is not waited for.
                self.next_id += 1
                self.socket.send(json.dumps({"id": self.next_id, "method": "network.failRequest",
                                             "params": {"request": params["request"]["request"]}}))
        return message

    def send(self, method, params=None):
        self.next_id += 1
        own = self.next_id
        self.socket.send(json.dumps({"id": own, "method": method, "params": params or {}}))
        while True:
            reply = self._receive()
            if reply.get("id") == own:
                if reply.get("type") == "error":
                    raise RuntimeError(f"{method}: {reply.get('error')}: {reply.get('message')}")
                return reply["result"]

    def close(self):
        try:
            self.send("browser.close")
        except Exception:
            pass
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            pass
        self._stop()


class FirefoxPage:
    """One page in headless Firefox: JavaScript, real pointer and key input, screenshots, console
    errors and the requests the page made. The same interface as cdp.ChromiumPage."""

    name = "firefox"
    phone = False

    def __init__(self, url, viewport=(1400, 1000), block_network=True):
        self.browser = Firefox()
        try:
            send = self.browser.send
            send("session.subscribe", {"events": ["log.entryAdded", "network.beforeRequestSent",
                                                  "network.fetchError"]})
            self.context = send("browsingContext.getTree", {"maxDepth": 0})["contexts"][0]["context"]
            send("browsingContext.setViewport", {"context": self.context,
                                                 "viewport": {"width": viewport[0], "height": viewport[1]}})
            if block_network:
                send("network.addIntercept", {"phases": ["beforeRequestSent"], "urlPatterns": [
                    {"type": "pattern", "protocol": scheme} for scheme in BLOCKED_SCHEMES]})
            send("browsingContext.navigate", {"context": self.context, "url": url, "wait": "complete"})
        except Exception:
            self.browser.close()
            raise

    @property
    def version(self):
        return self.browser.capabilities.get("browserVersion")

    def js(self, expression):
        """The JSON-able value of a JavaScript expression (awaited); raises on an exception."""
        wrapped = f"(async () => JSON.stringify(await ({expression})))()"
        reply = self.browser.send("script.evaluate", {"expression": wrapped, "target": {"context": self.context},
                                                      "awaitPromise": True, "resultOwnership": "none"})
        if reply.get("type") == "exception":
            raise RuntimeError(f"{expression}: {reply['exceptionDetails'].get('text')}")
        value = reply["result"]
        return json.loads(value["value"]) if value.get("type") == "string" else None

    def click_at(self, x, y):
        """A left mouse click at viewport point (x, y), in CSS pixels."""
        self.browser.send("input.performActions", {"context": self.context, "actions": [
            {"type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"}, "actions": [
                {"type": "pointerMove", "x": round(x), "y": round(y), "origin": "viewport"},
                {"type": "pointerDown", "button": 0}, {"type": "pointerUp", "button": 0}]}]})
        self.browser.send("input.releaseActions", {"context": self.context})

    def tap_at(self, x, y):
        """A tap at viewport point (x, y): a mouse click (this driver sends no touch input)."""
        self.click_at(x, y)

    def key(self, name):
        """Presses and releases one key: Tab, Enter, ArrowLeft or space."""
        value = KEYS[name]
        self.browser.send("input.performActions", {"context": self.context, "actions": [
            {"type": "key", "id": "keyboard", "actions": [{"type": "keyDown", "value": value},
                                                          {"type": "keyUp", "value": value}]}]})

    def screenshot(self, x, y, width, height):
        """PNG bytes of a viewport rectangle in CSS pixels (the device pixel ratio is 1)."""
        data = self.browser.send("browsingContext.captureScreenshot", {
            "context": self.context, "origin": "viewport",
            "clip": {"type": "box", "x": x, "y": y, "width": width, "height": height}})["data"]
        return base64.b64decode(data)

    def errors(self):
        """Console errors, uncaught exceptions and failed loads seen so far."""
        errors = []
        for event in self.browser.events:
            method, params = event.get("method"), event.get("params", {})
            if method == "log.entryAdded" and params.get("level") == "error":
                errors.append(f"{params.get('type')}: {params.get('text')}")
            elif method == "network.fetchError":
                errors.append("load failed: " + params.get("errorText", ""))
        return errors

    def requests(self):
        """Every URL a request was sent for, as the browser reported it."""
        return [e["params"]["request"]["url"] for e in self.browser.events
                if e.get("method") == "network.beforeRequestSent"]

    def close(self):
        self.browser.close()
