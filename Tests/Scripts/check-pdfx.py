#!/usr/bin/python3
"""Checks a PDF against the PDF/X-4 rules `wallpaper --pdfx` promises, with pikepdf (qpdf's
Python binding), independently of the code that wrote it.

Usage: check-pdfx.py FILE.pdf [--registration] [--pages N]
       check-pdfx.py --without-intent FILE.pdf COPY.pdf

The second form writes a copy without /OutputIntents, for rasterising: poppler renders a file
with an output intent through that profile (a press simulation), so comparing the art's pixels
with the RGB proof needs the same file without it.

Prints one line per failed rule and exits 1, or prints a summary and exits 0.
--registration: also require crop/registration marks drawn in a /Separation /All space.
"""
import re
import sys

import pikepdf
from pikepdf import Array, Dictionary, Name, Stream

failures = []


def fail(message):
    failures.append(message)


def walk(obj, seen, visit):
    """Calls visit on every dictionary, stream and array reachable from obj, once."""
    if isinstance(obj, (Dictionary, Stream, Array)) and obj.is_indirect:
        key = obj.objgen
        if key in seen:
            return
        seen.add(key)
    if isinstance(obj, Stream):
        visit(obj)
        # keys() and indexing, not values(): pikepdf 6 (Debian 12) reads .values as the PDF key /Values.
        for key in obj.stream_dict.keys():
            walk(obj.stream_dict[key], seen, visit)
    elif isinstance(obj, Dictionary):
        visit(obj)
        for key in obj.keys():
            walk(obj[key], seen, visit)
    elif isinstance(obj, Array):
        visit(obj)
        for item in obj:
            walk(item, seen, visit)


def is_srgb_icc(space):
    if not (isinstance(space, Array) and len(space) == 2 and space[0] == Name.ICCBased):
        return False
    profile = space[1]
    data = profile.read_bytes()
    return int(profile.get("/N", 0)) == 3 and data[16:20] == b"RGB " and data[36:40] == b"acsp"


def box(page, name):
    value = page.obj.get(name)
    return [float(v) for v in value] if value is not None else None


def inside(inner, outer):
    eps = 1e-3
    return (inner[0] >= outer[0] - eps and inner[1] >= outer[1] - eps and inner[2] <= outer[2] + eps
            and inner[3] <= outer[3] + eps)


def separation_names(resources):
    """Names in a resource dictionary's /ColorSpace that are /Separation /All."""
    names = set()
    spaces = resources.get("/ColorSpace", Dictionary()) if resources is not None else Dictionary()
    for key in spaces.keys():
        space = spaces[key]
        if (isinstance(space, Array) and len(space) == 4 and space[0] == Name.Separation
                and space[1] == Name.All and space[2] == Name.DeviceCMYK):
            names.add(key)
    return names


def main():
    args = sys.argv[1:]
    if args[0] == "--without-intent":
        pdf = pikepdf.open(args[1])
        del pdf.Root["/OutputIntents"]
        pdf.save(args[2], static_id=True)  # pikepdf 6 (Debian 12) has no deterministic_id
        return 0
    path = args[0]
    registration = "--registration" in args
    pages_wanted = int(args[args.index("--pages") + 1]) if "--pages" in args else None
    pdf = pikepdf.open(path)

    if pdf.pdf_version != "1.6":
        fail(f"header: PDF {pdf.pdf_version}, not 1.6")
    if pdf.is_encrypted:
        fail("encrypted")
    if pages_wanted is not None and len(pdf.pages) != pages_wanted:
        fail(f"{len(pdf.pages)} pages, not {pages_wanted}")

    # OutputIntent with an embedded CMYK output profile.
    intents = pdf.Root.get("/OutputIntents")
    if intents is None or len(intents) != 1:
        fail(f"OutputIntents: {intents!r}")
    else:
        intent = intents[0]
        if intent.get("/S") != Name.GTS_PDFX:
            fail(f"OutputIntent /S is {intent.get('/S')}")
        for key in ["/OutputConditionIdentifier", "/RegistryName", "/Info"]:
            if not str(intent.get(key, "")):
                fail(f"OutputIntent has no {key}")
        profile = intent.get("/DestOutputProfile")
        if not isinstance(profile, Stream):
            fail("OutputIntent has no DestOutputProfile stream")
        else:
            data = profile.read_bytes()
            if data[12:16] != b"prtr" or data[16:20] != b"CMYK" or data[36:40] != b"acsp":
                fail(f"DestOutputProfile is {data[12:16]!r}/{data[16:20]!r}, not prtr/CMYK")
            if int(profile.get("/N", 0)) != 4:
                fail("DestOutputProfile /N is not 4")

    # /Info and XMP, matching.
    info = pdf.docinfo
    if str(info.get("/Trapped")) != "/False":
        fail(f"/Info /Trapped is {info.get('/Trapped')!r}, not /False")
    if str(info.get("/GTS_PDFXVersion", "")) != "PDF/X-4":
        fail("/Info /GTS_PDFXVersion is not PDF/X-4")
    for key in ["/Title", "/Creator", "/CreationDate", "/ModDate"]:
        if not str(info.get(key, "")):
            fail(f"/Info has no {key}")
    if "/Metadata" not in pdf.Root:
        fail("no XMP metadata stream")
    else:
        meta = pdf.open_metadata()
        expected = {
            "pdfxid:GTS_PDFXVersion": "PDF/X-4",
            "pdf:Trapped": "False",
            "dc:title": str(info.get("/Title", "")),
            "xmp:CreatorTool": str(info.get("/Creator", "")),
        }
        for key, value in expected.items():
            if str(meta.get(key, "")) != value:
                fail(f"XMP {key} is {meta.get(key)!r}, not {value!r}")
        for key in ["xmpMM:DocumentID", "xmpMM:InstanceID", "xmp:CreateDate", "xmp:ModifyDate"]:
            if not str(meta.get(key, "")):
                fail(f"XMP has no {key}")
        # D:20200101000000Z in /Info is 2020-01-01T00:00:00Z in XMP.
        for info_key, xmp_key in [("/CreationDate", "xmp:CreateDate"), ("/ModDate", "xmp:ModifyDate")]:
            digits = re.sub(r"\D", "", str(info.get(info_key, "")))[:14]
            xmp_digits = re.sub(r"\D", "", str(meta.get(xmp_key, "")))[:14]
            if digits != xmp_digits:
                fail(f"{info_key} {info.get(info_key)} does not match XMP {xmp_key} {meta.get(xmp_key)}")

    # Pages: boxes, DefaultRGB, annotations, marks.
    mark_ops = 0
    for number, page in enumerate(pdf.pages, 1):
        media, bleed, trim = box(page, "/MediaBox"), box(page, "/BleedBox"), box(page, "/TrimBox")
        if trim is None:
            fail(f"page {number}: no TrimBox")
        elif not inside(trim, bleed or media) or not inside(bleed or media, media):
            fail(f"page {number}: TrimBox {trim} not inside BleedBox {bleed} inside MediaBox {media}")
        resources = page.obj.get("/Resources")
        space = resources.get("/ColorSpace", Dictionary()).get("/DefaultRGB") if resources is not None else None
        if space is None or not is_srgb_icc(space):
            fail(f"page {number}: no /DefaultRGB ICC-based sRGB space")
        group = page.obj.get("/Group")
        if group is not None and "/CS" in group and not is_srgb_icc(group.CS):
            fail(f"page {number}: transparency group /CS is {group.CS!r}")
        for annot in page.obj.get("/Annots", Array()):
            rect = [float(v) for v in annot.Rect]
            if trim and rect[0] < trim[2] and rect[2] > trim[0] and rect[1] < trim[3] and rect[3] > trim[1]:
                fail(f"page {number}: an annotation inside the trim")
        for operands, operator in pikepdf.parse_content_stream(page):
            if str(operator) in ("rg", "RG") and [str(v) for v in operands] == ["0.001", "0.002", "0.003"]:
                fail(f"page {number}: the registration sentinel is left as RGB")
        if registration:
            names = separation_names(resources)
            current = None
            for operands, operator in pikepdf.parse_content_stream(page):
                op = str(operator)
                if op in ("cs", "CS"):
                    current = operands[0] if operands and operands[0] in names else None
                elif op in ("scn", "SCN") and current is not None:
                    if [float(v) for v in operands] != [1.0]:
                        fail(f"page {number}: registration tint {operands}")
                    mark_ops += 1
            if not names:
                fail(f"page {number}: no /Separation /All colour space")

    if registration and mark_ops < 2 * len(pdf.pages):
        fail(f"only {mark_ops} registration colour operators")

    # Every resource dictionary maps DeviceRGB; no /DeviceRGB name is left anywhere; fonts
    # embedded; no JavaScript.
    seen = set()
    fonts = []

    def visit(obj):
        container = obj.stream_dict if isinstance(obj, Stream) else obj
        if isinstance(container, Array):
            for item in container:
                if item == Name.DeviceRGB:
                    fail("an array names /DeviceRGB")
            return
        for key in container.keys():
            value = container[key]
            if value == Name.DeviceRGB:
                fail(f"{key} /DeviceRGB left unmapped")
            if key in ("/JS", "/JavaScript"):
                fail("JavaScript")
        if container.get("/Type") == Name.Font:
            fonts.append(container)
        if container.get("/Subtype") == Name.Form:
            res = container.get("/Resources")
            if res is None or "/DefaultRGB" not in res.get("/ColorSpace", Dictionary()):
                fail("a form XObject's resources have no /DefaultRGB")

    walk(pdf.Root, seen, visit)
    for font in fonts:
        subtype = font.get("/Subtype")
        if subtype == Name.Type3:
            continue
        target = font.DescendantFonts[0] if subtype == Name.Type0 else font
        descriptor = target.get("/FontDescriptor")
        if descriptor is None or not any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3")):
            fail(f"font {font.get('/BaseFont')} is not embedded")

    if failures:
        for message in failures:
            print(message)
        return 1
    print(f"PDF/X-4 ok: {len(pdf.pages)} pages, {len(fonts)} fonts, {mark_ops} registration colour operators")
    return 0


if __name__ == "__main__":
    sys.exit(main())
