#!/usr/bin/python3
"""Judges importers' rasters of our SVG element by element (issue 39): for each element with an
`id` in the art, grid and label layers (the layer itself included), the element is rasterised
alone by rsvg-convert (its ancestors kept for their transforms and clips, everything else
removed) to get its footprint: the pixels it covers at least half as strongly as its strongest
pixel (for an opaque shape, the pixels whose centres it covers: the shape, without the outer
half of its antialiased rim), less the pixels that what is drawn after it (the rest of the
document, rasterised alone the same way) covers at least half: the element where it shows, not
the edges of a photo cell over it. Inside that footprint,
each importer's raster is compared with our PNG: the element counts as drawn when the mean
absolute difference of the red, green and blue channels is at most 2/255 and at most 1 % of
its pixels have a channel off by more than 24. A whole-picture mean hides a missing stroke
(Scribus without outlines: 0.79-0.97/255 with whole strokes gone); a footprint does not.

Usage: element-judge.py MANIFEST.json
  MANIFEST: {"cases": [{"name": ..., "svg": PLAIN.svg, "png": OURS.png,
                         "rasters": {"importer": RASTER.png, ...}}]}
  The rasters are at the PNG's pixel size (larger ones, such as LibreOffice's page, are cut to
  it at the top-left corner). Prints one JSON object per case and importer:
  {"case", "importer", "drawn", "elements", "failures": [{"id", "mean", "off", "pixels"}],
   "drawnWithRim": N}, where drawnWithRim counts the elements drawn when the footprint is every
  pixel the element touches at all (alpha > 0, the whole antialiased rim: there rasterisers
  differ at the edges of text and hairlines), and elements with an empty footprint as
  {"case", "empty": [ids]}.
"""
import copy
import json
import os
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

from PIL import Image, ImageChops, ImageStat

SVG = "{http://www.w3.org/2000/svg}"
LAYERS = ("art", "grid", "label")
KEEP = {SVG + name for name in ("defs", "title", "desc", "style", "clipPath", "linearGradient", "radialGradient")}
MEAN_LIMIT = 2.0
OFF_LIMIT = 0.01
OFF_THRESHOLD = 24

for prefix, uri in (("", "http://www.w3.org/2000/svg"), ("xlink", "http://www.w3.org/1999/xlink"),
                    ("inkscape", "http://www.inkscape.org/namespaces/inkscape")):
    ET.register_namespace(prefix, uri)


def judged_ids(root):
    """Ids of the art, grid and label layers and of every element inside them, in document order."""
    ids = []
    for layer in root:
        if layer.tag == SVG + "g" and layer.get("id") in LAYERS:
            ids += [e.get("id") for e in layer.iter() if e.get("id")]
    return ids


def alone(tree, element_id):
    """A copy of the document in which only `element_id` (and what it needs) is drawn."""
    copied = copy.deepcopy(tree)
    root = copied.getroot()
    parents = {child: parent for parent in root.iter() for child in parent}
    target = next(e for e in root.iter() if e.get("id") == element_id)
    path = [target]
    while path[-1] in parents:
        path.append(parents[path[-1]])
    on_path = set(path)
    for node in path[1:]:
        for child in list(node):
            if child not in on_path and child.tag not in KEEP:
                node.remove(child)
    return copied


def after(tree, element_id):
    """A copy of the document in which only what is drawn after `element_id` is drawn."""
    copied = copy.deepcopy(tree)
    root = copied.getroot()
    parents = {child: parent for parent in root.iter() for child in parent}
    node = next(e for e in root.iter() if e.get("id") == element_id)
    while node in parents:
        parent = parents[node]
        children = list(parent)
        # Everything before `node` (and the element itself) goes; later siblings stay.
        for child in children[:children.index(node)]:
            if child.tag not in KEEP:
                parent.remove(child)
        if node.get("id") == element_id:
            parent.remove(node)
        node = parent
    return copied


def alpha_of(document, size, folder):
    svg = os.path.join(folder, "alone.svg")
    png = os.path.join(folder, "alone.png")
    document.write(svg, xml_declaration=True, encoding="UTF-8")
    subprocess.run(["rsvg-convert", "-w", str(size[0]), "-h", str(size[1]), "-o", png, svg], check=True)
    return Image.open(png).convert("RGBA").getchannel("A")


def footprints(tree, element_id, size, folder):
    """The element's footprint (alpha at least half its peak, where what follows covers less
    than half) and every pixel it touches."""
    alpha = alpha_of(alone(tree, element_id), size, folder)
    peak = alpha.getextrema()[1]
    half = (peak + 1) // 2
    core = alpha.point(lambda a: 255 if a >= half and a > 0 else 0)
    shown = alpha_of(after(tree, element_id), size, folder).point(lambda a: 255 if a < 128 else 0)
    return ImageChops.multiply(core, shown), alpha.point(lambda a: 255 if a > 0 else 0)


def judge(difference, off, mask):
    """(mean, share off by more than OFF_THRESHOLD, pixels) of the difference inside `mask`."""
    return (sum(ImageStat.Stat(difference, mask).mean) / 3, ImageStat.Stat(off, mask).mean[0] / 255,
            mask.histogram()[255])


def drawn(mean, off_share):
    return mean <= MEAN_LIMIT and off_share <= OFF_LIMIT


def difference_images(ours, raster):
    theirs = Image.open(raster).convert("RGB")
    if theirs.size[0] < ours.size[0] or theirs.size[1] < ours.size[1]:
        raise SystemExit(f"error: {raster} is {theirs.size}, smaller than our PNG {ours.size}")
    theirs = theirs.crop((0, 0, ours.size[0], ours.size[1]))
    difference = ImageChops.difference(ours, theirs)
    red, green, blue = (band.point(lambda v: 255 if v > OFF_THRESHOLD else 0) for band in difference.split())
    return difference, ImageChops.lighter(ImageChops.lighter(red, green), blue)


def main():
    with open(sys.argv[1]) as f:
        manifest = json.load(f)
    folder = tempfile.mkdtemp(prefix="element-judge-")
    for case in manifest["cases"]:
        tree = ET.parse(case["svg"])
        ours = Image.open(case["png"]).convert("RGB")
        masks, empty = {}, []
        for element_id in judged_ids(tree.getroot()):
            core, rim = footprints(tree, element_id, ours.size, folder)
            if core.getbbox() is None:
                empty.append(element_id)
            else:
                masks[element_id] = (core, rim)
        print(json.dumps({"case": case["name"], "empty": empty}), flush=True)
        for importer, raster in case["rasters"].items():
            difference, off = difference_images(ours, raster)
            failures, with_rim = [], 0
            for element_id, (core, rim) in masks.items():
                mean, off_share, pixels = judge(difference, off, core)
                if not drawn(mean, off_share):
                    failures.append({"id": element_id, "mean": round(mean, 3), "off": round(off_share, 4),
                                     "pixels": pixels})
                with_rim += drawn(*judge(difference, off, rim)[:2])
            print(json.dumps({"case": case["name"], "importer": importer, "drawn": len(masks) - len(failures),
                              "elements": len(masks), "failures": failures, "drawnWithRim": with_rim}),
                  flush=True)


if __name__ == "__main__":
    main()
