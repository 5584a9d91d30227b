#!/usr/bin/env bash
# Installs the PyPI packages the tests use, only those that are missing: pikepdf (qpdf's Python
# binding) reads the PDF/X proofs in Tests/Scripts/check-pdfx.py.
set -euo pipefail
if python3 -c "import pikepdf" 2>/dev/null; then
  echo "install-python-deps: pikepdf present"
  exit 0
fi
python3 -m pip install --quiet pikepdf
