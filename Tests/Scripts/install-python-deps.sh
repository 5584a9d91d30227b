#!/usr/bin/env bash
# Installs the PyPI packages the tests use, only those that are missing: pikepdf (qpdf's Python
# binding) reads the PDF/X proofs in Tests/Scripts/check-pdfx.py; jsonschema validates designs
# against Docs/design.schema.json in Tests/Scripts/check-schema.py; websocket-client carries
# WebDriver BiDi to Firefox in Tests/Scripts/bidi.py (the editor test).
set -euo pipefail
# Each entry: the name Python imports, then the PyPI package.
for entry in pikepdf:pikepdf jsonschema:jsonschema websocket:websocket-client; do
  module="${entry%%:*}" package="${entry#*:}"
  if python3 -c "import $module" 2>/dev/null; then
    echo "install-python-deps: $package present"
  else
    python3 -m pip install --quiet "$package"
  fi
done
