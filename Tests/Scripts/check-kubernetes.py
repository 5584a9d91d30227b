#!/usr/bin/python3
"""Checks Kubernetes YAML files offline against a JSON Schema excerpt of the Kubernetes API.

Usage: check-kubernetes.py SCHEMA.json FILE.yaml…

SCHEMA.json holds `definitions` named as in Kubernetes' OpenAPI v2 document
(`io.k8s.api.batch.v1.Job`, …) and `kinds`, mapping "apiVersion/kind" to a definition. Every
document of every file must be one of those kinds and validate against its definition (unknown
fields are errors, as `kubectl apply --validate=strict` makes them). Prints one line per file:
"NAME: Kind name, Kind name"; exits 1 naming the file, document and path of the first error.
"""
import json
import sys

import jsonschema
import yaml


def main() -> int:
    schema = json.load(open(sys.argv[1]))
    status = 0
    for path in sys.argv[2:]:
        names = []
        with open(path) as stream:
            documents = [d for d in yaml.safe_load_all(stream) if d is not None]
        for number, document in enumerate(documents, 1):
            kind = f"{document.get('apiVersion')}/{document.get('kind')}"
            definition = schema["kinds"].get(kind)
            if definition is None:
                print(f"{path}: document {number}: kind {kind} is not in the schema excerpt")
                status = 1
                continue
            validator = jsonschema.Draft7Validator(
                {"$ref": f"#/definitions/{definition}", "definitions": schema["definitions"]})
            errors = sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path))
            for error in errors[:5]:
                where = "/".join(str(p) for p in error.absolute_path)
                print(f"{path}: document {number} ({kind}) at {where or '/'}: {error.message}")
                status = 1
            names.append(f"{document['kind']} {document['metadata']['name']}")
        print(f"{path.rsplit('/', 1)[-1]}: {', '.join(names)}")
    return status


if __name__ == "__main__":
    sys.exit(main())
