#!/usr/bin/env python3
"""The browser test of report.html (.ci/browser-test): checks a page Chromium rendered.

  browser-test.py DOM.html SUMMARY.md [DECISION.json]  checks the rendered DOM
  browser-test.py --png SHOT.png                       checks a screenshot is not blank

The DOM must show every arm of summary.md's `## Arms` table with every one of its cells, in one row,
exactly as summary.md prints them (summary.md is parsed here, on the test side only); with a study's
decision.json, it must name each platform's recommended arm and each flip uncertainty.md lists.
The screenshot must have enough non-white pixels and colours to be a page, not a blank or error tab.
"""
import html.parser
import json
import re
import struct
import sys
import zlib


class Cells(html.parser.HTMLParser):
    """The text of every table row of a page, cell by cell, and the page's whole text."""

    def __init__(self):
        super().__init__()
        self.rows, self.row, self.cell, self.text, self.skip = [], None, None, [], 0

    def handle_starttag(self, tag, attrs):
        if tag in ("style", "script", "svg"):
            self.skip += 1
        elif tag == "tr":
            self.row = []
        elif tag in ("td", "th") and self.row is not None:
            self.cell = []

    def handle_endtag(self, tag):
        if tag in ("style", "script", "svg"):
            self.skip -= 1
        elif tag in ("td", "th") and self.cell is not None:
            self.row.append("".join(self.cell).strip())
            self.cell = None
        elif tag == "tr" and self.row is not None:
            self.rows.append(self.row)
            self.row = None

    def handle_data(self, data):
        if self.skip:
            return
        self.text.append(data)
        if self.cell is not None:
            self.cell.append(data)


def arms_table(summary):
    """summary.md's `## Arms` table: its rows, each a list of cells, markup removed."""
    lines = summary.split("\n")
    start = lines.index("## Arms")
    rows = []
    for line in lines[start + 1:]:
        if line.startswith("## "):
            break
        if line.startswith("|"):
            cells = line.strip().strip("|").split("|")
            rows.append([cell.strip().replace("**", "").replace("`", "") for cell in cells])
        elif rows:
            break
    return rows[0], rows[2:]


def page_name(summary_path):
    return summary_path.rsplit("/", 1)[0] + "/report.html (rendered)"


def check_dom(dom_path, summary_path, decision_path=None):
    page = Cells()
    page.feed(open(dom_path, encoding="utf-8").read())
    text = re.sub(r"\s+", " ", "".join(page.text))
    header, rows = arms_table(open(summary_path, encoding="utf-8").read())
    problems = []
    if not rows:
        problems.append(f"{summary_path} has no arms")
    if header not in page.rows:
        problems.append(f"the page shows no table with the arms table's header {header}")
    for row in rows:
        if row not in page.rows:
            near = [r for r in page.rows if r and r[0] == row[0]]
            problems.append(f"arm {row[0]}: the page shows no row {row}"
                            + (f"; its rows for the arm: {near}" if near else ""))
    checked = f"{len(rows)} arm(s)"
    if decision_path:
        decision = json.load(open(decision_path, encoding="utf-8"))
        for platform, entry in decision["platforms"].items():
            arm = entry.get("recommended")
            wanted = f"{platform}: ship {arm}" if arm else f"{platform}: no arm meets the constraints"
            if wanted not in text:
                problems.append(f"the page does not say the recommendation '{wanted}'")
            for flip in entry.get("flips", []):
                wanted = f"{platform}: at {flip['parameter']}"
                if wanted not in text:
                    problems.append(f"the page does not show the flip '{wanted}'")
        flips = sum(len(entry.get("flips", [])) for entry in decision["platforms"].values())
        checked += f", each platform's recommendation and its {flips} flip(s) of {decision_path}"
    for problem in problems:
        print(f"{page_name(summary_path)}: {problem}")
    return not problems, checked


def png_pixels(path):
    """The width, height and RGB(A) rows of an 8-bit non-interlaced PNG (what Chromium writes)."""
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{path} is not a PNG")
    position, idat, width = 8, b"", None
    while position < len(data):
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        body = data[position + 8:position + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or colour not in (2, 6) or interlace:
                raise ValueError(f"{path}: unsupported PNG (depth {depth}, colour type {colour}, "
                                 f"interlace {interlace})")
            channels = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += body
        position += 12 + length
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        filter_type = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for x in range(stride):
            left = line[x - channels] if x >= channels else 0
            up = previous[x]
            corner = previous[x - channels] if x >= channels else 0
            if filter_type == 1:
                line[x] = (line[x] + left) & 255
            elif filter_type == 2:
                line[x] = (line[x] + up) & 255
            elif filter_type == 3:
                line[x] = (line[x] + (left + up) // 2) & 255
            elif filter_type == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                predictor = left if pa <= pb and pa <= pc else (up if pb <= pc else corner)
                line[x] = (line[x] + predictor) & 255
        rows.append(line)
        previous = line
    return width, height, channels, rows


def check_png(path):
    width, height, channels, rows = png_pixels(path)
    non_white, colours = 0, set()
    for line in rows:
        for x in range(0, len(line), channels):
            pixel = tuple(line[x:x + 3])
            if pixel != (255, 255, 255):
                non_white += 1
            if len(colours) < 64:
                colours.add(pixel)
    share = non_white / (width * height)
    ok = share >= 0.02 and len(colours) >= 16
    shown = f"{len(colours)}{'+' if len(colours) == 64 else ''}"
    print(f"{path}: {width}×{height}, {100 * share:.1f}% non-white pixels, {shown} colours"
          + ("" if ok else ": BLANK (a page shows at least 2% non-white pixels in 16 colours)"))
    return ok


if __name__ == "__main__":
    if sys.argv[1] == "--png":
        sys.exit(0 if all(check_png(path) for path in sys.argv[2:]) else 1)
    ok, checked = check_dom(*sys.argv[1:])
    if ok:
        print(f"{page_name(sys.argv[2])}: shows {checked}; every arm's rates as {sys.argv[2]} prints them")
    sys.exit(0 if ok else 1)
