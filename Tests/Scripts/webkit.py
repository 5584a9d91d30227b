"""WebKit, the engine of iPhone Safari, driven through Debian's WebKitWebDriver (webkit2gtk-driver)
and selenium's WebKitGTK driver (python3-selenium); the browser is WebKitGTK's MiniBrowser, which
needs an X display: run under `xvfb-run -a`. Used by drive-editor.py beside it, with the same page
interface as cdp.ChromiumPage.

The page is shown in an iframe of exactly `viewport` CSS pixels inside a blank page (MiniBrowser's
window cannot be narrower than its toolbar, 447 px), and every script runs inside that frame.
http(s), ws(s) and ftp loads are blocked by a WebKit content filter and sent to a proxy on a
closed loopback port. WebDriver classic reports neither requests nor console messages: after the
load the page's console.error, uncaught errors and rejections are recorded in the page, and the
requests are the page's resource timing entries (what it fetched, data: URLs excepted).

Each run has its own cache, data and configuration folders (the XDG variables, which MiniBrowser
inherits through WebKitWebDriver), removed at the end; a session the browser fails to create
(seen now and then right after another WebKit run) is tried once more.
"""
import base64
import io
import json
import os
import shutil
import sys
import tempfile
import threading

from selenium import webdriver
from selenium.common.exceptions import SessionNotCreatedException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.actions import interaction
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.actions.pointer_input import PointerInput
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.webkitgtk.options import Options

DRIVER = "/usr/bin/WebKitWebDriver"
BROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
WATCHDOG_SECONDS = 240
KEYS = {"Tab": Keys.TAB, "Enter": Keys.ENTER, "ArrowLeft": Keys.ARROW_LEFT, " ": Keys.SPACE}
BLOCKED = [{"trigger": {"url-filter": "^" + scheme}, "action": {"type": "block"}} for scheme in ("http", "ws", "ftp")]

# Recorded in the page after it loads: console.error calls, uncaught errors and rejections.
HOOKS = """
window.__driverErrors = [];
const consoleError = console.error;
console.error = function (...args) { window.__driverErrors.push("console: " + args.map(String).join(" "));
  return consoleError.apply(console, args); };
window.addEventListener("error", (event) => window.__driverErrors.push("exception: " + event.message));
window.addEventListener("unhandledrejection", (event) => window.__driverErrors.push("rejection: " + event.reason));
"""


class WebKitPage:
    """One page in WebKitGTK: JavaScript, real pointer (mouse, or touch with `phone`) and key input
    through WebDriver actions, screenshots, errors and requests as the module says."""

    name = "webkit"

    def __init__(self, url, viewport=(1400, 1000), block_network=True, phone=False):
        for path, package in ((DRIVER, "webkit2gtk-driver"), (BROWSER, "libwebkit2gtk-4.1-0")):
            if not os.path.exists(path):
                raise SystemExit(f"error: {path} is missing; install Debian's {package}")
        self.phone = phone
        self.folder = tempfile.mkdtemp(prefix="webkit-page-")
        options = Options()
        options.binary_location = BROWSER
        options.add_argument("--automation")
        if block_network:
            rules = os.path.join(self.folder, "block.json")
            with open(rules, "w") as f:
                json.dump(BLOCKED, f)
            options.add_argument("--content-filter=" + rules)
            options.add_argument("--proxy=http://127.0.0.1:9")
        for name in ("XDG_CACHE_HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME"):
            os.environ[name] = os.path.join(self.folder, name.lower())
            os.makedirs(os.environ[name])
        try:
            self.driver = webdriver.WebKitGTK(executable_path=DRIVER, options=options)
        except SessionNotCreatedException as error:
            print(f"webkit.py: {error.msg}; trying once more", file=sys.stderr)
            self.driver = webdriver.WebKitGTK(executable_path=DRIVER, options=options)
        # A browser that stops answering must fail the test, not hang it.
        self.watchdog = threading.Timer(WATCHDOG_SECONDS, self.driver.service.stop)
        self.watchdog.daemon = True
        self.watchdog.start()
        try:
            self.driver.set_script_timeout(120)
            self.driver.set_window_size(max(800, viewport[0] + 100), viewport[1] + 200)
            frame = os.path.join(self.folder, "frame.html")
            with open(frame, "w") as f:
                f.write('<!DOCTYPE html><html><head><meta charset="utf-8"><title>frame</title>'
                        '<style>body { margin: 0; } iframe { display: block; border: 0; '
                        f'width: {viewport[0]}px; height: {viewport[1]}px; }}</style></head><body>'
                        f'<iframe id="page" src="{url}"></iframe></body></html>')
            self.driver.get("file://" + frame)
            self.driver.switch_to.frame("page")
            self.driver.execute_async_script(
                "const done = arguments[0]; if (document.readyState === 'complete') done();"
                " else window.addEventListener('load', () => done());")
            self.driver.execute_script(HOOKS)
            self.version = self.driver.capabilities.get("browserVersion")
        except Exception:
            self.close()
            raise

    def js(self, expression):
        """The JSON-able value of a JavaScript expression (awaited); raises on an exception."""
        reply = self.driver.execute_async_script(
            "const done = arguments[0];"
            f" Promise.resolve().then(() => ({expression}))"
            ".then((value) => done({value: JSON.stringify(value)}), (error) => done({error: String(error)}));")
        if "error" in reply:
            raise RuntimeError(f"{expression}: {reply['error']}")
        return None if reply.get("value") is None else json.loads(reply["value"])

    def _pointer(self, x, y, kind):
        builder = ActionBuilder(self.driver, mouse=PointerInput(kind, "finger" if kind == interaction.POINTER_TOUCH
                                                                 else "mouse"))
        builder.pointer_action.move_to_location(round(x), round(y))
        builder.pointer_action.pointer_down()
        builder.pointer_action.pointer_up()
        builder.perform()

    def click_at(self, x, y):
        """A left mouse click at viewport point (x, y), in CSS pixels (the frame sits at 0, 0)."""
        self._pointer(x, y, interaction.POINTER_MOUSE)

    def tap_at(self, x, y):
        """A finger's tap at viewport point (x, y) on a phone page (a mouse click otherwise)."""
        self._pointer(x, y, interaction.POINTER_TOUCH if self.phone else interaction.POINTER_MOUSE)

    def key(self, name):
        """Presses and releases one key: Tab, Enter, ArrowLeft or space."""
        ActionChains(self.driver).send_keys(KEYS[name]).perform()

    def screenshot(self, x, y, width, height):
        """PNG bytes of a viewport rectangle in CSS pixels (the device pixel ratio is 1)."""
        from PIL import Image
        whole = Image.open(io.BytesIO(base64.b64decode(self.driver.get_screenshot_as_base64())))
        out = io.BytesIO()
        whole.crop((round(x), round(y), round(x + width), round(y + height))).save(out, "PNG")
        return out.getvalue()

    def set_files(self, selector, paths):
        """Gives the file input at `selector` these files, as a person picking them would."""
        from selenium.webdriver.common.by import By
        self.driver.find_element(By.CSS_SELECTOR, selector).send_keys("\n".join(paths))

    def errors(self):
        return self.js("window.__driverErrors")

    def requests(self):
        return self.js("[location.href].concat(performance.getEntriesByType('resource').map((e) => e.name))")

    def close(self):
        self.watchdog.cancel()
        try:
            self.driver.quit()
        except Exception:
            pass
        shutil.rmtree(self.folder, ignore_errors=True)
