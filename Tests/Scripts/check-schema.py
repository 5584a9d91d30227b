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

print(f"{len(samples)} samples valid; {len(invalid)} invalid designs rejected by schema and loader")
for failure in failures:
    print("FAIL: " + failure, file=sys.stderr)
sys.exit(1 if failures else 0)
