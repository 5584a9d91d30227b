import CairoRendering

/// The editor page's markup, style and script: plain HTML, CSS and JavaScript with no external
/// resource, working from `file://`.
enum EditorHTML {
  /// Pastel swatches for the cell colour (the first is the README's example colour).
  static let swatches = ["#FFB3BA", "#FFDFBA", "#FFFFBA", "#BAFFC9", "#BAE1FF", "#E0BBE4", "#FFFFFF", "#333333"]

  /// What the page may load: its own inline style and script, and `data:` and `blob:` images
  /// (the photos, the picked photos, the wallpaper drawn for Save PNG) and `data:` fonts (an
  /// SVG's embedded label font); nothing else, so no request leaves the page.
  static let contentSecurityPolicy =
    "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data: blob:; font-src data:; "
    + "base-uri 'none'; form-action 'none'"

  /// - Parameter images: a JSON array of the `data:` images the templates refer to by number.
  static func page(title: String, templates: String, data: String, images: String) -> String {
    let labelSwatches = (0..<4).map { index in
      "<button type=\"button\" class=\"ink\" data-ink=\"\(index)\" aria-label=\"name colour\"></button>"
    }.joined(separator: "")
    let swatchButtons = swatches.map {
      "<button type=\"button\" class=\"swatch\" data-color=\"\($0)\" style=\"background:\($0)\" aria-label=\"colour \($0)\"></button>"
    }.joined(separator: "")
    return #"""
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <meta http-equiv="Content-Security-Policy" content="\#(contentSecurityPolicy)">
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
      button, select, input[type=date], input[type=color], input[type=file], #download { min-height: 44px; min-width: 44px; box-sizing: border-box; font: inherit; }
      #download { display: inline-flex; align-items: center; }
      input[type=range] { height: 44px; flex: 1 1 120px; min-width: 0; }
      .row > label { display: inline-flex; align-items: center; gap: 6px; min-height: 44px; }
      input[type=checkbox], input[type=radio] { width: 22px; height: 22px; margin: 0; }
      .swatch, .ink { width: 44px; height: 44px; border: 1px solid #888; border-radius: 6px; margin: 0; cursor: pointer; }
      .swatch[aria-pressed="true"], .ink[aria-pressed="true"], #label-auto[aria-pressed="true"] { outline: 3px solid #0060DF; }
      input[type=file] { min-height: 44px; max-width: 100%; box-sizing: border-box; font: inherit; }
      input[type=file]::file-selector-button { min-height: 44px; font: inherit; }
      input[type=file]::-webkit-file-upload-button { min-height: 44px; font: inherit; }
      #cells rect.target { stroke: #0060DF; stroke-width: 4px; vector-effect: non-scaling-stroke; }
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
      <div class="row" id="label-colours"><span>Name colour</span> <button type="button" id="label-auto" aria-pressed="true">Auto</button> \#(labelSwatches)
      <input type="color" id="label-colour" value="#ffffff" aria-label="Name colour"></div>
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
      <fieldset id="photo-controls" hidden><legend>Photos</legend>
      <div class="row" role="radiogroup" aria-label="A tap on a cell">
      <label><input type="radio" name="tap" value="colour" checked> Tap colours a cell</label>
      <label><input type="radio" name="tap" value="photo"> Tap picks a cell for a photo</label></div>
      <div class="row"><label for="photo-input" id="photo-label">Photos for the cells in order</label>
      <input type="file" id="photo-input" accept="image/*" multiple>
      <button type="button" id="remove-photos">Remove photos</button></div>
      <p id="photo-note" class="hint" role="status"></p>
      </fieldset>
      <fieldset id="base-controls"><legend>Base</legend>
      <div class="row" id="base-colours"></div>
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
          fills: Object.assign({}, data.fills), colour: "#FFB3BA",
          // The label's colour: null for auto (autoLabel, measured as render measures it) or "#RRGGBB".
          labelColour: data.labelColor, autoLabel: null,
          // The base colour and the gradient's colours, written to the design once changed.
          base: data.background.color, baseChanged: false,
          gradient: data.background.gradient ? data.background.gradient.slice() : null, gradientChanged: false,
          // The photo each cell shows ({name, uri, picked}), as render's cell i shows images[i % n];
          // null without photos. photoTarget: the cell the next picked photo goes into.
          cellPhotos: null, photosChanged: false, photoTarget: null, tapMode: "colour"
        };
        if (data.photos && data.photos.names.length > 0) {
          const designPhotos = data.photos.names.map((name, k) => ({ name: name, uri: images[k], picked: false }));
          state.cellPhotos = data.cells.map((cell, i) => designPhotos[i % designPhotos.length]);
        }
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

        function snapshot() {
          return { fills: Object.assign({}, state.fills), cellPhotos: state.cellPhotos && state.cellPhotos.slice(),
            photosChanged: state.photosChanged };
        }

        function tap(index) {
          if (state.tapMode === "photo") {
            state.photoTarget = state.photoTarget === index ? null : index;
            update();
            return;
          }
          history.push(snapshot());
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
          if (state.labelColour) d.label.color = state.labelColour;
          if (state.baseChanged || state.gradientChanged) {
            d.background = Object.assign({}, d.background || {});
            if (state.baseChanged) d.background.color = state.base;
            if (state.gradientChanged) {
              d.background.gradient = Object.assign({}, d.background.gradient, { colors: state.gradient.slice() });
            }
          }
          if (state.photosChanged) {
            const grid = Object.assign({}, d.grid || {});
            if (state.cellPhotos) grid.images = photoNames(); else delete grid.images;
            d.grid = grid;
          }
          const groups = fillGroups();
          if (groups.length > 0) {
            const grid = Object.assign({}, d.grid || {});
            if (!grid.kind || grid.kind === "none") grid.kind = data.gridKind;
            grid.fill = groups.map((g) => g.cells.join(",") + "=" + g.colour);
            d.grid = grid;
          }
          return d;
        }

        // The cells' photo names as render's list: the shortest list whose repetition gives
        // every cell its photo (cell i shows images[i % n]).
        function photoNames() {
          const names = state.cellPhotos.map((photo) => photo.name);
          for (let n = 1; n < names.length; n++) {
            if (names.every((name, i) => name === names[i % n])) return names.slice(0, n);
          }
          return names;
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
          paintBackground(svg);
          showPhotos(svg);
          drawFills(svg);
          paintLabel();
        }

        // The label in the colour chosen, or auto's colour once measured.
        function paintLabel() {
          const label = shown.svg.querySelector(":scope > #label");
          const colour = state.labelColour || state.autoLabel;
          if (!label || !colour) return;
          for (const node of label.querySelectorAll("[fill]")) {
            node.setAttribute("fill", colour.slice(0, 7));
            if (colour.length > 7) node.setAttribute("fill-opacity", String(parseInt(colour.slice(7), 16) / 255));
            else node.removeAttribute("fill-opacity");
          }
          for (const node of label.querySelectorAll("text, tspan")) node.style.fill = colour;
        }

        // The top-level group of layer `name`, made where the design's layer order puts it
        // when the document has none.
        function layer(svg, name) {
          let group = svg.querySelector(":scope > #" + name);
          if (group) return group;
          group = document.createElementNS(svgNS, "g");
          group.id = name;
          if (data.layerOpacity[name] < 1) group.setAttribute("opacity", data.layerOpacity[name]);
          const after = data.layers.slice(data.layers.indexOf(name) + 1);
          let before = null;
          for (const child of svg.children) { if (after.includes(child.id)) { before = child; break; } }
          svg.insertBefore(group, before);
          return group;
        }

        // The base colour and the gradient's colours as set in the page.
        function paintBackground(svg) {
          if (state.baseChanged) {
            const background = layer(svg, "background");
            let rect = background.querySelector(":scope > rect:not([fill^='url('])");
            if (!rect) {
              rect = document.createElementNS(svgNS, "rect");
              rect.setAttribute("x", 0); rect.setAttribute("y", 0);
              rect.setAttribute("width", data.canvas.width); rect.setAttribute("height", data.canvas.height);
              background.insertBefore(rect, background.firstChild);
            }
            rect.setAttribute("fill", state.base);
          }
          const painted = state.gradientChanged && svg.querySelector(":scope > #background > rect[fill^='url(']");
          if (painted) {
            const id = /url\(#([^)]+)\)/.exec(painted.getAttribute("fill"))[1];
            const stops = svg.querySelector("[id='" + id + "']").querySelectorAll("stop");
            stops.forEach((stop, i) => stop.setAttribute("stop-color", state.gradient[i]));
          }
        }

        // The cells' photos: on a square grid the grid layer's first children are one element
        // per cell that render draws the cell's photo with (the page's documents have them
        // even when the design has no photos); hidden when there are none.
        function showPhotos(svg) {
          if (!data.photos) return;
          const grid = svg.querySelector(":scope > #grid");
          data.cells.forEach((cell, i) => {
            const slot = grid.children[i];
            if (!state.cellPhotos) { slot.setAttribute("display", "none"); return; }
            slot.removeAttribute("display");
            const image = slot.localName === "image" ? slot : slot.querySelector("image");
            if (image.getAttribute("href") !== state.cellPhotos[i].uri) image.setAttribute("href", state.cellPhotos[i].uri);
          });
        }

        // The fills inside the grid layer, in the design's layer order, one path per colour,
        // where the renderer draws them: over the cell photos (the layer's first
        // data.fillsAfter children), under lines and icon outlines.
        function drawFills(svg) {
          const old = svg.querySelector("#editor-fills");
          if (old) old.remove();
          const grid = layer(svg, "grid");
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
          measureLabel();
          const inks = data.inks.concat(data.accents[state.season]);
          for (const b of document.querySelectorAll(".ink")) {
            const ink = inks[Number(b.dataset.ink)];
            b.dataset.color = ink; b.style.background = ink; b.setAttribute("aria-label", "name colour " + ink);
            b.setAttribute("aria-pressed", state.labelColour === ink ? "true" : "false");
          }
          document.getElementById("label-auto").setAttribute("aria-pressed", state.labelColour ? "false" : "true");
          if (state.labelColour) document.getElementById("label-colour").value = state.labelColour.slice(0, 7).toLowerCase();
          for (const radio of document.querySelectorAll("input[name=tap]")) radio.checked = radio.value === state.tapMode;
          sayPhotos();
          for (const radio of document.querySelectorAll("input[name=season]")) radio.checked = radio.value === state.season;
          document.getElementById("date").value = state.date;
          document.getElementById("hemisphere").value = state.hemisphere;
          document.getElementById("show-label").checked = state.label;
          document.getElementById("alpha").value = String(state.alpha);
          document.getElementById("alpha-value").textContent = String(state.alpha);
          for (const rect of cells.querySelectorAll("rect")) {
            const colour = state.fills[rect.getAttribute("data-cell")];
            rect.setAttribute("aria-pressed", colour ? "true" : "false");
            rect.classList.toggle("target", state.photoTarget === Number(rect.getAttribute("data-cell")));
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
        async function rasterise() {
          await labelSettled();
          const image = await drawn(shown.svg.cloneNode(true), data.pixels.width, data.pixels.height, null);
          const canvas = document.createElement("canvas");
          canvas.width = data.pixels.width; canvas.height = data.pixels.height;
          canvas.getContext("2d").drawImage(image, 0, 0, canvas.width, canvas.height);
          return new Promise((resolve, reject) => {
            canvas.toBlob((blob) => blob ? resolve(blob) : reject(new Error("the browser could not encode the PNG")), "image/png");
          });
        }

        // `svg` (a copy of a shown document) drawn by the browser as an image of width×height
        // px, showing the points of `viewBox` (null: the whole canvas).
        function drawn(svg, width, height, viewBox) {
          svg.setAttribute("width", width);
          svg.setAttribute("height", height);
          if (viewBox) svg.setAttribute("viewBox", viewBox);
          // Prefixed attributes (inkscape:label) have no namespace in an HTML page, and would
          // make the serialised document fail to parse as XML.
          for (const node of [svg, ...svg.querySelectorAll("*")]) {
            for (const name of node.getAttributeNames()) { if (name.includes(":")) node.removeAttribute(name); }
          }
          const source = new XMLSerializer().serializeToString(svg);
          const url = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(source);
          return new Promise((resolve, reject) => {
            const image = new Image();
            image.onload = () => resolve(image);
            image.onerror = () => reject(new Error("the browser could not draw the wallpaper"));
            image.src = url;
          });
        }

        // Auto's label colour, as render picks it (data.labelRule, written from the renderer's
        // own rule): the shown document without its label layer, drawn over black at the
        // rule's scale in the window of whole pixels around the label's box; the pixels' mean
        // relative luminance looked up in the season's steps. Measured after every change.
        let labelJob = Promise.resolve();
        let labelSerial = 0;
        function measureLabel() {
          const serial = ++labelSerial;
          const rule = data.labelRule;
          const label = shown.svg.querySelector(":scope > #label");
          if (!rule || !label || state.labelColour) { labelJob = Promise.resolve(); stage.removeAttribute("data-measuring"); return; }
          stage.setAttribute("data-measuring", "label");
          const s = rule.scale, box = rule.box;
          const x0 = Math.floor(box.x * s), x1 = Math.ceil((box.x + box.width) * s);
          const y0 = Math.floor(box.y * s), y1 = Math.ceil((box.y + box.height) * s);
          const width = x1 - x0, height = y1 - y0;
          const svg = shown.svg.cloneNode(true);
          svg.querySelector(":scope > #label").remove();
          const season = state.season;
          labelJob = drawn(svg, width, height, [x0 / s, y0 / s, width / s, height / s].join(" ")).then((image) => {
            const canvas = document.createElement("canvas");
            canvas.width = width; canvas.height = height;
            const context = canvas.getContext("2d", { willReadFrequently: true });
            context.fillStyle = "#000";
            context.fillRect(0, 0, width, height);
            context.drawImage(image, 0, 0, width, height);
            const pixels = context.getImageData(0, 0, width, height).data;
            const [red, green, blue] = rule.luminance;
            let sum = 0;
            for (let i = 0; i < pixels.length; i += 4) sum += red[pixels[i]] + green[pixels[i + 1]] + blue[pixels[i + 2]];
            const luminance = sum / (width * height);
            if (serial !== labelSerial) return;
            state.autoLabel = rule.steps[season].find((step) => luminance <= step[0])[1];
            stage.setAttribute("data-label-luminance", String(luminance));
            stage.removeAttribute("data-measuring");
            paintLabel();
          }, (error) => { if (serial === labelSerial) { stage.removeAttribute("data-measuring"); saved(error.message); } });
        }
        // Resolves once the label's colour is measured for the page as it is now.
        async function labelSettled() {
          let job;
          do { job = labelJob; await job; } while (job !== labelJob);
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
          if (history.length > 0) { Object.assign(state, history.pop()); update(); }
        });
        document.getElementById("label-auto").addEventListener("click", () => { state.labelColour = null; update(); });
        for (const b of document.querySelectorAll(".ink")) {
          b.addEventListener("click", () => { state.labelColour = b.dataset.color; update(); });
        }
        document.getElementById("label-colour").addEventListener("input", (event) => {
          state.labelColour = event.target.value.toUpperCase(); update();
        });

        // The base colour (without a gradient) or the gradient's colours.
        function colourInput(id, text, value, set) {
          const row = document.getElementById("base-colours");
          const label = document.createElement("label");
          label.setAttribute("for", id); label.textContent = text;
          const input = document.createElement("input");
          input.type = "color"; input.id = id; input.value = value.slice(0, 7).toLowerCase();
          input.addEventListener("input", (event) => { set(event.target.value.toUpperCase()); update(); });
          row.append(label, " ", input, " ");
        }
        if (state.gradient) {
          state.gradient.forEach((colour, i) => colourInput("gradient-colour-" + i, "Gradient colour " + (i + 1), colour, (value) => {
            state.gradient[i] = value; state.gradientChanged = true;
          }));
        } else {
          colourInput("base-colour", "Base colour", state.base || "#FFFFFF", (value) => {
            state.base = value; state.baseChanged = true;
          });
        }

        // Photos from the device: in order over every cell (cell i shows photo i mod n), or,
        // after a tap in photo mode, the first into that cell and the others after it.
        document.getElementById("photo-controls").hidden = !data.photos;
        for (const radio of document.querySelectorAll("input[name=tap]")) {
          radio.addEventListener("change", () => {
            state.tapMode = radio.value;
            if (state.tapMode === "colour") state.photoTarget = null;
            update();
          });
        }
        function scaledPhoto(file) {
          // The photo as render draws it into a cell's square: covering it, centred, at the
          // device's scale, in a PNG of the square's pixels (drawn 1:1 in the cell).
          return new Promise((resolve, reject) => {
            const url = URL.createObjectURL(file);
            const image = new Image();
            image.onload = () => {
              URL.revokeObjectURL(url);
              const size = data.photos.pixels, side = data.photos.side * data.photos.scale;
              const canvas = document.createElement("canvas");
              canvas.width = size; canvas.height = size;
              const context = canvas.getContext("2d");
              context.imageSmoothingEnabled = true;
              context.imageSmoothingQuality = "high";
              context.beginPath(); context.rect(0, 0, side, side); context.clip();
              const k = Math.max(side / image.naturalWidth, side / image.naturalHeight);
              const w = image.naturalWidth * k, h = image.naturalHeight * k;
              context.drawImage(image, (side - w) / 2, (side - h) / 2, w, h);
              resolve(canvas.toDataURL("image/png"));
            };
            image.onerror = () => { URL.revokeObjectURL(url); reject(new Error("cannot show " + file.name)); };
            image.src = url;
          });
        }
        // A picked photo's name in the design: its file name, told apart from another photo's.
        function photoName(name, taken) {
          if (!taken.includes(name)) return name;
          const dot = name.lastIndexOf(".");
          for (let n = 2; ; n++) {
            const candidate = name.slice(0, dot) + "-" + n + name.slice(dot);
            if (!taken.includes(candidate)) return candidate;
          }
        }
        let photoMessage = "";
        function sayPhotos() {
          const note = document.getElementById("photo-note");
          const picked = [];
          for (const photo of state.cellPhotos || []) if (photo.picked && !picked.includes(photo)) picked.push(photo);
          const renamed = picked.filter((p) => p.name !== p.file);
          let text = photoMessage;
          if (state.photoTarget !== null) text = "The next photos go into cell " + state.photoTarget + " and the cells after it.";
          if (picked.length > 0) {
            text += (text ? " " : "") + "render needs " + (picked.length === 1 ? "this file" : "these files") +
              " beside the design file: " + picked.map((p) => p.name).join(", ") + "." +
              (renamed.length ? " Save " + renamed.map((p) => p.file + " as " + p.name).join(", ") + "." : "");
          }
          note.textContent = text;
        }
        document.getElementById("photo-input").addEventListener("change", async (event) => {
          const input = event.target;
          const files = Array.from(input.files);
          input.value = "";
          if (files.length === 0) return;
          const taken = (state.cellPhotos || []).map((photo) => photo.name);
          const picked = [];
          const refused = [];
          for (const file of files) {
            const extension = file.name.includes(".") ? file.name.split(".").pop().toLowerCase() : "";
            if (!data.photos.extensions.includes(extension)) { refused.push(file.name + " (render reads " + data.photos.extensions.join(", ") + ")"); continue; }
            try {
              const name = photoName(file.name, taken.concat(picked.map((p) => p.name)));
              picked.push({ name: name, file: file.name, uri: await scaledPhoto(file), picked: true });
            } catch (error) { refused.push(file.name + " (this browser cannot show it)"); }
          }
          photoMessage = refused.length ? "Not used: " + refused.join(", ") + "." : "";
          if (picked.length > 0) {
            history.push(snapshot());
            const target = state.photoTarget;
            if (target === null || !state.cellPhotos) {
              const start = target || 0;
              state.cellPhotos = data.cells.map((cell, i) => picked[((i - start) % picked.length + picked.length) % picked.length]);
            } else {
              state.cellPhotos = state.cellPhotos.slice();
              picked.forEach((photo, j) => { if (target + j < data.cells.length) state.cellPhotos[target + j] = photo; });
            }
            state.photosChanged = true;
            state.photoTarget = null;
          }
          update();
        });
        document.getElementById("remove-photos").addEventListener("click", () => {
          if (!state.cellPhotos) return;
          history.push(snapshot());
          state.cellPhotos = null; state.photosChanged = true; state.photoTarget = null;
          update();
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
