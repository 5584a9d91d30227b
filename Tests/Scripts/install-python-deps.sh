#!/usr/bin/env bash
# Installs the PyPI packages the tests use, only those that are missing: pikepdf (qpdf's Python
# binding) reads the PDF/X proofs in Tests/Scripts/check-pdfx.py; jsonschema validates designs
# against Docs/design.schema.json in Tests/Scripts/check-schema.py.
set -euo pipefail
for package in pikepdf jsonschema; do
  if python3 -c "import $package" 2>/dev/null; then
    echo "install-python-deps: $package present"
  else
    python3 -m pip install --quiet "$package"
  fi
done
