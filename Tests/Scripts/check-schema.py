#!/usr/bin/python3
"""Docs/design.schema.json against the samples and the loader.

Usage: check-schema.py WALLPAPER_BINARY

- the schema is a valid JSON Schema 2020-12 and equals `wallpaper schema` byte for byte;
- every Samples/*.json validates against it (with PyPI jsonschema) and renders;
- every design in Tests/Fixtures/invalid-designs is invalid for both, at the same field: the
  schema reports an error there, and `wallpaper render` exits 2 with one `error:` line naming
  that field (or one inside it) and writes nothing.
"""
import glob
import json
import os
import subprocess
import sys
import tempfile

import jsonschema

root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
binary = os.path.abspath(sys.argv[1])
schema_path = os.path.join(root, "Docs", "design.schema.json")
with open(schema_path, "rb") as handle:
    committed = handle.read()
generated = subprocess.run([binary, "schema"], check=True, capture_output=True).stdout
failures = []
if generated != committed:
    failures.append("Docs/design.schema.json differs from `wallpaper schema` (run `make schema`)")
schema = json.loads(committed)
jsonschema.Draft202012Validator.check_schema(schema)
validator = jsonschema.Draft202012Validator(schema)

samples = sorted(glob.glob(os.path.join(root, "Samples", "*.json")))
with tempfile.TemporaryDirectory() as scratch:
    for sample in samples:
        with open(sample) as handle:
            design = json.load(handle)
        errors = [error.message for error in validator.iter_errors(design)]
        if errors:
            failures.append(f"{sample}: schema says invalid: {errors}")
        if design.get("$schema") != "../Docs/design.schema.json":
            failures.append(f"{sample}: no \"$schema\": \"../Docs/design.schema.json\"")

    invalid = sorted(glob.glob(os.path.join(root, "Tests", "Fixtures", "invalid-designs", "*.json")))
    if len(invalid) < 15:
        failures.append(f"only {len(invalid)} invalid designs (at least 15)")
    for path in invalid:
        name = os.path.basename(path)
        with open(path) as handle:
            design = json.load(handle)
        error = jsonschema.exceptions.best_match(validator.iter_errors(design))
        if error is None:
            failures.append(f"{name}: the schema accepts it")
            continue
        # Where the schema objects, as the loader names fields: `layers[].name`, `season.alpha`.
        where = "".join(f"[]" if isinstance(part, int) else f".{part}" for part in error.absolute_path).lstrip(".")
        output = os.path.join(scratch, name + ".png")
        run = subprocess.run([binary, "render", path, "-o", output], capture_output=True, text=True, cwd=scratch)
        lines = run.stderr.splitlines()
        if run.returncode != 2 or len(lines) != 1 or not lines[0].startswith("error:"):
            failures.append(f"{name}: the loader gave exit {run.returncode} and stderr {run.stderr!r} (want exit 2, one error: line)")
        if os.path.exists(output):
            failures.append(f"{name}: a file was written")
            continue
        # `error: FILE:LINE: FIELD: message`: the loader's field is the schema's or inside it.
        parts = lines[0].split(": ", 3) if lines else []
        field = parts[2] if len(parts) == 4 else ""
        if where and not (field == where or field.startswith(where + ".") or field.startswith(where + "[")):
            failures.append(f"{name}: the schema objects to '{where}', the loader to '{field}'")
            continue
        print(f"invalid for both: {name}: schema at '{where or '(top level)'}': {error.message}; loader: {lines[0]}")

    # Every numeric field's bounds (issue 33): a value just outside each bound the schema states,
    # and a fraction for a whole number, must be refused by both, at that field. The loader takes
    # its bounds from the same field table, so this fails when either side drifts.
    context = {  # what a field needs beside it to be read at all
        ("background", "gradient"): {"colors": ["#000000", "#FFFFFF"]},
        ("background", "image"): {"path": "x.png"},
        ("art",): {"svg": "x.svg"},
        ("grid",): {"kind": "square", "columns": 3},
        ("layers", "[]"): {"name": "art"},
    }

    def numeric_fields(node, path):
        if not isinstance(node, dict):
            return
        if node.get("type") in ("number", "integer"):
            yield path, node
        for key, child in node.get("properties", {}).items():
            yield from numeric_fields(child, path + [key])
        if "items" in node:
            yield from numeric_fields(node["items"], path + ["[]"])
        for child in node.get("anyOf", []):
            yield from numeric_fields(child, path)

    def design_with(path, value):
        design = {"device": "iphone-8"}
        target = design
        for depth, key in enumerate(path[:-1]):
            if key == "[]":
                continue
            inner = dict(context.get(tuple(path[: depth + 1]), {}))
            if depth + 1 < len(path) and path[depth + 1] == "[]":
                inner = dict(context.get(tuple(path[: depth + 2]), {}))
                target[key] = [inner]
            else:
                target[key] = inner
            target = inner
        leaf = path[-1]
        if leaf == "[]":  # a list of numbers (grid.inset): the first element out of range
            parent = path[-2]
            target_list = [value, 0, 0, 0]
            holder = design
            for key in path[:-2]:
                holder = holder[key][0] if isinstance(holder[key], list) else holder[key]
            holder[parent] = target_list
        else:
            target[leaf] = value
        return design

    bounds_checked = 0
    for path, node in numeric_fields(schema, []):
        values = []
        if "minimum" in node:
            values.append(node["minimum"] - 1)
        if "exclusiveMinimum" in node:
            values.append(node["exclusiveMinimum"])
        if "maximum" in node:
            values.append(node["maximum"] + 1 if node["maximum"] < 2**53 else 2**53)
        if node.get("type") == "integer":
            values.append(2.5)
        where = ".".join(path).replace(".[]", "[]")
        field_name = where[:-2] if where.endswith("[]") else where
        for value in values:
            design = design_with(path, value)
            if not list(validator.iter_errors(design)):
                failures.append(f"{where} = {value}: the schema accepts it")
                continue
            design_path = os.path.join(scratch, "bounds.json")
            with open(design_path, "w") as handle:
                json.dump(design, handle)
            output = os.path.join(scratch, "bounds.png")
            run = subprocess.run([binary, "render", design_path, "-o", output], capture_output=True, text=True, cwd=scratch)
            lines = run.stderr.splitlines()
            if run.returncode != 2 or len(lines) != 1 or field_name.split("[")[0] not in lines[0]:
                failures.append(f"{where} = {value}: the loader gave exit {run.returncode} and {run.stderr!r}")
            bounds_checked += 1
    if bounds_checked < 20:
        failures.append(f"only {bounds_checked} out-of-range values tried (at least 20)")

print(f"{len(samples)} samples valid; {len(invalid)} invalid designs and {bounds_checked} out-of-range numbers rejected by schema and loader")
for failure in failures:
    print("FAIL: " + failure, file=sys.stderr)
sys.exit(1 if failures else 0)
