import CairoRendering

/// The editor page's markup, style and script: plain HTML, CSS and JavaScript with no external
/// resource, working from `file://`.
enum EditorHTML {
  /// Pastel swatches for the cell colour (the first is the README's example colour).
  static let swatches = ["#FFB3BA", "#FFDFBA", "#FFFFBA", "#BAFFC9", "#BAE1FF", "#E0BBE4", "#FFFFFF", "#333333"]

  /// - Parameter images: a JSON array of the `data:` images the templates refer to by number.
  static func page(title: String, templates: String, data: String, images: String) -> String {
    let swatchButtons = swatches.map {
      "<button type=\"button\" class=\"swatch\" data-color=\"\($0)\" style=\"background:\($0)\" aria-label=\"colour \($0)\"></button>"
    }.joined(separator: "")
    return #"""
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>\#(MarkupText.escaped(title))</title>
      <style>
      body { font: 16px/1.4 system-ui, sans-serif; margin: 0; display: flex; flex-wrap: wrap; gap: 16px; padding: 16px; background: #EEE; color: #111; }
      #stage { position: relative; width: min(100%, 86vh * var(--aspect)); aspect-ratio: var(--aspect); flex: none; align-self: flex-start; box-shadow: 0 2px 8px #0004; background: repeating-conic-gradient(#CCC 0 25%, #FFF 0 50%) 0 0 / 16px 16px; touch-action: manipulation; }
      #stage > svg { position: absolute; inset: 0; width: 100%; height: 100%; display: block; }
      #cells rect { fill: transparent; cursor: pointer; outline: none; -webkit-tap-highlight-color: transparent; }
      #cells.outlined rect { stroke: #8888; stroke-width: 1px; vector-effect: non-scaling-stroke; }
      #cells rect:hover { stroke: #0008; stroke-width: 1; }
      #cells rect:focus-visible { stroke: #0060DF; stroke-width: 3; }
      #cells text { display: none; font: bold 12px system-ui, sans-serif; fill: #000; stroke: #FFF; stroke-width: 3; paint-order: stroke; pointer-events: none; }
      #cells.numbered text { display: inline; }
      #panel { flex: 1 1 300px; min-width: 0; max-width: 560px; display: flex; flex-direction: column; gap: 12px; }
      fieldset { min-width: 0; margin: 0; border: 1px solid #BBB; border-radius: 6px; background: #FFF; }
      legend { font-weight: 600; }
      button, select, input[type=date], input[type=color], #download { min-height: 44px; min-width: 44px; box-sizing: border-box; font: inherit; }
      #download { display: inline-flex; align-items: center; }
      input[type=range] { height: 44px; flex: 1 1 120px; min-width: 0; }
      .row > label { display: inline-flex; align-items: center; gap: 6px; min-height: 44px; }
      input[type=checkbox], input[type=radio] { width: 22px; height: 22px; margin: 0; }
      .swatch { width: 44px; height: 44px; border: 1px solid #888; border-radius: 6px; margin: 0; cursor: pointer; }
      .swatch[aria-pressed="true"] { outline: 3px solid #0060DF; }
      #save-png { font-weight: 600; padding: 0 20px; }
      :focus-visible { outline: 3px solid #0060DF; outline-offset: 2px; }
      textarea { width: 100%; box-sizing: border-box; font: 12px/1.3 ui-monospace, monospace; }
      #command { display: block; white-space: pre-wrap; overflow-wrap: anywhere; font: 12px/1.3 ui-monospace, monospace; background: #F6F6F6; padding: 6px; }
      .row { display: flex; align-items: center; gap: 8px; flex-wrap: wrap; margin: 4px 0; }
      .hint { margin: 0; color: #444; font-size: 14px; }
      </style>
      </head>
      <body>
      <div id="stage" role="group" aria-label="Wallpaper"></div>
      <div id="panel">
      <fieldset id="save"><legend>Wallpaper</legend>
      <div class="row"><button type="button" id="save-png">Save PNG</button> <output id="save-result" for="save-png"></output></div>
      <p class="hint">On an iPhone: Save PNG, then Save Image; in Photos, Use as Wallpaper.</p>
      </fieldset>
      <fieldset id="season-controls"><legend>Season</legend>
      <div class="row" role="radiogroup" aria-label="Season">
      <label><input type="radio" name="season" value="spring"> Spring</label>
      <label><input type="radio" name="season" value="summer"> Summer</label>
      <label><input type="radio" name="season" value="autumn"> Autumn</label>
      <label><input type="radio" name="season" value="winter"> Winter</label>
      </div>
      <div class="row"><label for="date">Date</label> <input type="date" id="date">
      <label for="hemisphere">Hemisphere</label> <select id="hemisphere"><option value="north">north</option><option value="south">south</option></select></div>
      <div class="row"><label><input type="checkbox" id="show-label" role="switch"> Show the season's name</label></div>
      <div class="row"><label for="alpha">Art opacity</label> <input type="range" id="alpha" min="0" max="1" step="0.01"> <output id="alpha-value" for="alpha"></output></div>
      </fieldset>
      <fieldset id="grid-controls"><legend>Grid cells</legend>
      <p id="grid-help">Tap a cell to colour it with the current colour; tap it again to clear it (Tab to a cell, then Enter or Space).</p>
      <div class="row"><label for="colour">Colour</label> <input type="color" id="colour" value="#ffb3ba"> \#(swatchButtons)</div>
      <div class="row"><button type="button" id="undo">Undo</button>
      <label><input type="checkbox" id="show-cells" role="switch" checked> Show cells</label>
      <label><input type="checkbox" id="numbers"> Show cell numbers</label>
      <label><input type="checkbox" id="actual-size"> Actual size (1 point = 1 CSS pixel)</label></div>
      </fieldset>
      <fieldset><legend>Design</legend>
      <textarea id="design" rows="14" readonly aria-label="Design JSON"></textarea>
      <div class="row"><a id="download" href="#" download="design.json">Download JSON</a>
      <button type="button" id="copy-json">Copy JSON</button></div>
      <p>Command:</p><code id="command"></code>
      <div class="row"><button type="button" id="copy-command">Copy command</button></div>
      <p id="status" role="status"></p>
      </fieldset>
      </div>
      \#(templates)
      <script type="application/json" id="editor-data">\#(data)</script>
      <script type="application/json" id="editor-images">\#(images)</script>
      <script>
      "use strict";
      (function () {
        const data = JSON.parse(document.getElementById("editor-data").textContent);
        const images = JSON.parse(document.getElementById("editor-images").textContent);
        // The SVG namespace, taken from an embedded document so that the page names no URL.
        const svgNS = document.querySelector("template").content.firstElementChild.namespaceURI;
        const stage = document.getElementById("stage");
        // The date picker starts at the design's date, or today's (the viewer's local date).
        const now = new Date();
        const today = now.getFullYear() + "-" + String(now.getMonth() + 1).padStart(2, "0") + "-" +
          String(now.getDate()).padStart(2, "0");
        const state = {
          season: data.season, mode: data.date ? "date" : "name", date: data.date || today,
          hemisphere: data.hemisphere, alpha: data.alpha, label: data.labelVisible,
          fills: Object.assign({}, data.fills), colour: "#FFB3BA"
        };
        // A design that named no season took today's: the page's today, like its date picker.
        if (data.seasonFromToday) state.season = data.months[state.hemisphere][now.getMonth()];
        const history = [];
        stage.style.setProperty("--aspect", data.canvas.width + " / " + data.canvas.height);

        // The tappable cells, numbered as --fill and `wallpaper cells` number them.
        const cells = document.createElementNS(svgNS, "svg");
        cells.id = "cells";
        cells.setAttribute("viewBox", "0 0 " + data.canvas.width + " " + data.canvas.height);
        cells.setAttribute("preserveAspectRatio", "none");
        for (const cell of data.cells) {
          const f = cell.frame;
          const rect = document.createElementNS(svgNS, "rect");
          rect.setAttribute("x", f.x); rect.setAttribute("y", f.y);
          rect.setAttribute("width", f.width); rect.setAttribute("height", f.height);
          rect.setAttribute("data-cell", cell.index);
          rect.setAttribute("tabindex", "0");
          rect.setAttribute("role", "button");
          rect.setAttribute("aria-label", "cell " + cell.index + ", row " + cell.row + ", column " + cell.column);
          rect.addEventListener("click", () => tap(cell.index));
          rect.addEventListener("keydown", (event) => {
            if (event.key === "Enter" || event.key === " ") { event.preventDefault(); tap(cell.index); }
          });
          cells.appendChild(rect);
          const text = document.createElementNS(svgNS, "text");
          text.setAttribute("x", f.x + f.width / 2); text.setAttribute("y", f.y + f.height / 2);
          text.setAttribute("text-anchor", "middle"); text.setAttribute("dominant-baseline", "central");
          text.textContent = cell.index;
          cells.appendChild(text);
        }
        if (data.cells.length === 0) {
          document.getElementById("grid-controls").hidden = true;
        }
        // Hairline outlines of the cells, in the page only (they are not in the wallpaper's SVG).
        cells.classList.add("outlined");

        function tap(index) {
          history.push(Object.assign({}, state.fills));
          if (state.fills[index] && state.fills[index].toUpperCase() === state.colour.toUpperCase()) {
            delete state.fills[index];
          } else {
            state.fills[index] = state.colour.toUpperCase();
          }
          update();
        }

        // Fills grouped by colour, in order of each colour's first cell: "0,5=#FFB3BA".
        function fillGroups() {
          const groups = [];
          const indices = Object.keys(state.fills).map(Number).sort((a, b) => a - b);
          for (const index of indices) {
            const colour = state.fills[index];
            let group = groups.find((g) => g.colour === colour);
            if (!group) { group = { colour: colour, cells: [] }; groups.push(group); }
            group.cells.push(index);
          }
          return groups;
        }

        function design() {
          const d = JSON.parse(JSON.stringify(data.base));
          const season = Object.assign({}, d.season || {});
          if (state.mode === "date" && state.date) {
            season.date = state.date;
            season.hemisphere = state.hemisphere;
          } else {
            season.name = state.season;
          }
          season.alpha = state.alpha;
          d.season = season;
          d.label = Object.assign({}, d.label || {}, { visible: state.label });
          const groups = fillGroups();
          if (groups.length > 0) {
            const grid = Object.assign({}, d.grid || {});
            if (!grid.kind || grid.kind === "none") grid.kind = data.gridKind;
            grid.fill = groups.map((g) => g.cells.join(",") + "=" + g.colour);
            d.grid = grid;
          }
          return d;
        }

        function quote(value) {
          const text = String(value);
          return /^[A-Za-z0-9_.,:=+\/@%-]+$/.test(text) ? text : "'" + text.replace(/'/g, "'\\''") + "'";
        }

        // The equivalent `wallpaper render` command line, or null when a field has no flag.
        function command(d, output) {
          const words = ["wallpaper", "render"];
          const missing = [];
          function walk(value, path) {
            const key = path.join(".");
            const spec = data.flags[key];
            if (value !== null && typeof value === "object" && !Array.isArray(value)) {
              for (const k of Object.keys(value)) walk(value[k], path.concat([k]));
              return;
            }
            if (!spec) { missing.push(key); return; }
            if (spec.switch !== undefined) {
              if (value === spec.switch) words.push(spec.flag);
              return;
            }
            if (Array.isArray(value)) {
              if (spec.repeat) { for (const v of value) words.push(spec.flag, quote(v)); }
              else words.push(spec.flag, quote(value.join(",")));
              return;
            }
            words.push(spec.flag, quote(value));
          }
          walk(d, []);
          if (missing.length > 0) return { text: null, missing: missing };
          words.push("-o", quote(output));
          return { text: words.join(" "), missing: [] };
        }

        let shown = null;
        function show() {
          const key = state.season + "-" + (state.label ? "label" : "nolabel");
          if (!shown || shown.key !== key) {
            const copy = document.getElementById("svg-" + key).content.firstElementChild.cloneNode(true);
            for (const image of copy.querySelectorAll("[data-editor-image]")) {
              image.setAttribute("href", images[Number(image.getAttribute("data-editor-image"))]);
              image.removeAttribute("data-editor-image");
            }
            copy.setAttribute("data-season", state.season);
            copy.setAttribute("aria-hidden", "true");
            copy.removeAttribute("width"); copy.removeAttribute("height");
            copy.setAttribute("preserveAspectRatio", "none");
            if (shown) shown.svg.remove();
            stage.insertBefore(copy, cells);
            shown = { key: key, svg: copy };
          }
          const svg = shown.svg;
          const art = svg.querySelector(":scope > #art");
          if (art) art.setAttribute("opacity", String(state.alpha * data.layerOpacity.art));
          const label = svg.querySelector(":scope > #label");
          if (label) {
            const colour = data.labelColors[state.season][Math.round(state.alpha * 100)];
            for (const node of label.querySelectorAll("[fill]")) {
              node.setAttribute("fill", colour.slice(0, 7));
              if (colour.length > 7) node.setAttribute("fill-opacity", String(parseInt(colour.slice(7), 16) / 255));
            }
            for (const node of label.querySelectorAll("text, tspan")) node.style.fill = colour;
          }
          drawFills(svg);
        }

        // The fills inside the grid layer, in the design's layer order, one path per colour,
        // where the renderer draws them: over the cell photos (the layer's first
        // data.fillsAfter children), under lines and icon outlines.
        function drawFills(svg) {
          const old = svg.querySelector("#editor-fills");
          if (old) old.remove();
          let grid = svg.querySelector(":scope > #grid");
          if (!grid) {
            grid = document.createElementNS(svgNS, "g");
            grid.id = "grid";
            if (data.layerOpacity.grid < 1) grid.setAttribute("opacity", data.layerOpacity.grid);
            const after = data.layers.slice(data.layers.indexOf("grid") + 1);
            let before = null;
            for (const child of svg.children) { if (after.includes(child.id)) { before = child; break; } }
            svg.insertBefore(grid, before);
          }
          const group = document.createElementNS(svgNS, "g");
          group.id = "editor-fills";
          for (const g of fillGroups()) {
            const path = document.createElementNS(svgNS, "path");
            path.setAttribute("d", g.cells.map((i) => {
              const f = data.cells[i].frame;
              return "M" + f.x + " " + f.y + "h" + f.width + "v" + f.height + "h" + (-f.width) + "Z";
            }).join(""));
            path.setAttribute("fill", g.colour);
            group.appendChild(path);
          }
          grid.insertBefore(group, grid.children[data.fillsAfter] || null);
        }

        function update() {
          show();
          for (const radio of document.querySelectorAll("input[name=season]")) radio.checked = radio.value === state.season;
          document.getElementById("date").value = state.date;
          document.getElementById("hemisphere").value = state.hemisphere;
          document.getElementById("show-label").checked = state.label;
          document.getElementById("alpha").value = String(state.alpha);
          document.getElementById("alpha-value").textContent = String(state.alpha);
          for (const rect of cells.querySelectorAll("rect")) {
            const colour = state.fills[rect.getAttribute("data-cell")];
            rect.setAttribute("aria-pressed", colour ? "true" : "false");
          }
          for (const b of document.querySelectorAll(".swatch")) {
            b.setAttribute("aria-pressed", b.dataset.color === state.colour.toUpperCase() ? "true" : "false");
          }
          document.getElementById("undo").disabled = history.length === 0;
          const d = design();
          const json = JSON.stringify(d, null, 2) + "\n";
          document.getElementById("design").value = json;
          const name = d.name || "wallpaper";
          const link = document.getElementById("download");
          link.setAttribute("href", "data:application/json;charset=utf-8," + encodeURIComponent(json));
          link.setAttribute("download", name + ".json");
          const c = command(d, name + ".png");
          document.getElementById("command").textContent =
            c.text || "(no flag for " + c.missing.join(", ") + ": render the JSON with `wallpaper render " + name + ".json -o " + name + ".png`)";
          document.getElementById("copy-command").disabled = !c.text;
          prepareShare();
        }

        // The PNG: the shown wallpaper's SVG, as it is now, drawn by the browser at the
        // device's pixel size (points × scale) and encoded as PNG.
        function rasterise() {
          const svg = shown.svg.cloneNode(true);
          svg.setAttribute("width", data.pixels.width);
          svg.setAttribute("height", data.pixels.height);
          // Prefixed attributes (inkscape:label) have no namespace in an HTML page, and would
          // make the serialised document fail to parse as XML.
          for (const node of [svg, ...svg.querySelectorAll("*")]) {
            for (const name of node.getAttributeNames()) { if (name.includes(":")) node.removeAttribute(name); }
          }
          const source = new XMLSerializer().serializeToString(svg);
          const url = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(source);
          return new Promise((resolve, reject) => {
            const image = new Image();
            image.onload = () => {
              const canvas = document.createElement("canvas");
              canvas.width = data.pixels.width; canvas.height = data.pixels.height;
              canvas.getContext("2d").drawImage(image, 0, 0, canvas.width, canvas.height);
              canvas.toBlob((blob) => blob ? resolve(blob) : reject(new Error("the browser could not encode the PNG")), "image/png");
            };
            image.onerror = () => reject(new Error("the browser could not draw the wallpaper"));
            image.src = url;
          });
        }

        function pngName() { return (design().name || "wallpaper") + "-" + data.device + ".png"; }

        // Sharing must start within the tap (iPhone Safari refuses it after a slow wait), so
        // where the browser can share files the PNG is made ahead, after each change.
        function canShareFiles() {
          return !!(navigator.canShare && navigator.share) &&
            navigator.canShare({ files: [new File([new Uint8Array(0)], "probe.png", { type: "image/png" })] });
        }
        let prepared = null;
        let preparing = 0;
        function prepareShare() {
          if (!canShareFiles()) return;
          const key = document.getElementById("design").value;
          if (prepared && prepared.key === key) return;
          clearTimeout(preparing);
          preparing = setTimeout(() => {
            rasterise().then((blob) => {
              if (document.getElementById("design").value === key) {
                prepared = { key: key, file: new File([blob], pngName(), { type: "image/png" }) };
              }
            }, (error) => { saved(error.message); });
          }, 250);
        }

        function saved(text) { document.getElementById("save-result").textContent = text; }

        async function savePNG() {
          const key = document.getElementById("design").value;
          const size = data.pixels.width + "×" + data.pixels.height + " px";
          try {
            if (canShareFiles()) {
              const file = prepared && prepared.key === key ? prepared.file :
                new File([await rasterise()], pngName(), { type: "image/png" });
              prepared = { key: key, file: file };
              await navigator.share({ files: [file] });
              saved(file.name + ", " + size);
              return;
            }
            const blob = await rasterise();
            const link = document.createElement("a");
            link.href = URL.createObjectURL(blob);
            link.download = pngName();
            link.hidden = true;
            document.body.appendChild(link);
            link.click();
            link.remove();
            setTimeout(() => URL.revokeObjectURL(link.href), 60000);
            saved(link.download + ", " + size);
          } catch (error) {
            if (error.name === "AbortError") return;
            saved(error.name === "NotAllowedError" ? "Tap Save PNG again to share." : "Not saved: " + error.message);
          }
        }
        document.getElementById("save-png").addEventListener("click", savePNG);

        for (const radio of document.querySelectorAll("input[name=season]")) {
          radio.addEventListener("change", () => { state.season = radio.value; state.mode = "name"; update(); });
        }
        function fromDate() {
          const value = document.getElementById("date").value;
          const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
          if (!match) return;
          state.date = value; state.mode = "date";
          state.season = data.months[state.hemisphere][Number(match[2]) - 1];
          update();
        }
        document.getElementById("date").addEventListener("change", fromDate);
        document.getElementById("hemisphere").addEventListener("change", (event) => {
          state.hemisphere = event.target.value;
          if (state.mode === "date") fromDate(); else update();
        });
        document.getElementById("show-label").addEventListener("change", (event) => { state.label = event.target.checked; update(); });
        document.getElementById("alpha").addEventListener("input", (event) => {
          state.alpha = Math.round(Number(event.target.value) * 100) / 100; update();
        });
        document.getElementById("colour").addEventListener("input", (event) => { state.colour = event.target.value.toUpperCase(); update(); });
        for (const b of document.querySelectorAll(".swatch")) {
          b.addEventListener("click", () => {
            state.colour = b.dataset.color;
            document.getElementById("colour").value = b.dataset.color.toLowerCase();
            update();
          });
        }
        document.getElementById("undo").addEventListener("click", () => {
          if (history.length > 0) { state.fills = history.pop(); update(); }
        });
        document.getElementById("show-cells").addEventListener("change", (event) => cells.classList.toggle("outlined", event.target.checked));
        document.getElementById("numbers").addEventListener("change", (event) => cells.classList.toggle("numbered", event.target.checked));
        document.getElementById("actual-size").addEventListener("change", (event) => {
          stage.classList.toggle("actual", event.target.checked);
          stage.style.width = event.target.checked ? data.canvas.width + "px" : "";
          stage.style.height = event.target.checked ? data.canvas.height + "px" : "";
        });
        // The status line: what the last action did, then the design's note, if any.
        function say(text) {
          document.getElementById("status").textContent = [text, data.note].filter(Boolean).join(" ");
        }
        function copy(text) {
          const done = () => { say("Copied."); };
          const fallback = () => {
            const area = document.createElement("textarea");
            area.value = text; document.body.appendChild(area); area.select();
            try { document.execCommand("copy"); done(); } catch (e) { say("Select the text and copy it."); }
            area.remove();
          };
          if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(text).then(done, fallback);
          else fallback();
        }
        document.getElementById("copy-json").addEventListener("click", () => copy(document.getElementById("design").value));
        document.getElementById("copy-command").addEventListener("click", () => copy(document.getElementById("command").textContent));
        stage.appendChild(cells);
        say("");
        update();
      })();
      </script>
      </body>
      </html>

      """#
  }
}
