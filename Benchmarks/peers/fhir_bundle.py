#!/usr/bin/env python3
"""The `export fhir` peer: a Python FHIR R4 bundle builder, as a user would write it with PyYAML
and the standard library: every mood check-in as an Observation (the score, its labels as notes)
and every assessment as a QuestionnaireResponse with its total, in one collection Bundle on
standard output.

    fhir_bundle.py VAULT
"""
import json
import pathlib
import sys
import uuid

import yaml

Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def records(folder):
    for path in sorted(folder.rglob("*.md")):
        text = path.read_text(encoding="utf-8")
        if not text.startswith("---"):
            continue
        head = text[3:].split("\n---", 1)[0]
        meta = yaml.load(head, Loader=Loader) or {}
        yield path, meta


def observation(meta):
    return {
        "resourceType": "Observation",
        "id": str(meta.get("id") or uuid.uuid4()).lower(),
        "status": "final",
        "category": [{"coding": [{"system": "http://terminology.hl7.org/CodeSystem/observation-category", "code": "survey"}]}],
        "code": {"text": "Mood check-in (0-10)"},
        "effectiveDateTime": str(meta.get("date")),
        "valueInteger": meta.get("score"),
        "note": [{"text": ", ".join(map(str, meta.get("labels") or []))}] if meta.get("labels") else [],
    }


def response(meta):
    return {
        "resourceType": "QuestionnaireResponse",
        "id": str(meta.get("id") or uuid.uuid4()).lower(),
        "status": "completed",
        "questionnaire": str(meta.get("instrument", "")),
        "authored": str(meta.get("date")),
        "item": [{"linkId": "total", "answer": [{"valueInteger": meta.get("total", meta.get("score"))}]}],
    }


def main(vault):
    root = pathlib.Path(vault)
    entries = [{"fullUrl": f"urn:uuid:{uuid.uuid4()}", "resource": observation(meta)}
               for _, meta in records(root / "moods")]
    entries += [{"fullUrl": f"urn:uuid:{uuid.uuid4()}", "resource": response(meta)}
                for _, meta in records(root / "assessments")]
    json.dump({"resourceType": "Bundle", "type": "collection", "entry": entries}, sys.stdout)
    print()


if __name__ == "__main__":
    main(sys.argv[1])
