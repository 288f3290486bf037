# Outlines the words of the brand SVGs: every <text> in tokens/brand-sources/*.svg becomes one <path> drawn
# from the webfont it names (Inter or Outfit, from public/fonts, at its weight), shaped by HarfBuzz so kerning
# is kept, and written to public/brand/ under the same name.
#
# Why: an SVG shown through <img> is a separate document without the page's @font-face rules, so its
# <text> asked the system for "Outfit" and "Inter". On a machine without them (every visitor's) the logo was
# drawn in the system's sans-serif (DejaVu Sans Bold on Linux, Roboto on Android), and on this machine that
# cost the page's first layout five font-matching round trips to the browser process and 1.4 MB of DejaVu
# files read. Outlines look the same everywhere and cost no font lookup.
#
# A text wider than its textLength is shrunk on both axes to fit, never squashed on one
# (lengthAdjust="spacingAndGlyphs" had narrowed "London Theatre Tickets" to 90%).
#
# Needs Debian's python3-fonttools, python3-brotli and libharfbuzz-bin (hb-shape):
#   apt-get install -y python3-fonttools python3-brotli libharfbuzz-bin
#   /usr/bin/python3 scripts/outline-brand-text.py
import html
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from fontTools.pens.svgPathPen import SVGPathPen
from fontTools.pens.transformPen import TransformPen
from fontTools.ttLib import TTFont
from fontTools.varLib import instancer

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ROOT / "tokens" / "brand-sources"
TARGET = ROOT / "public" / "brand"
WOFF2 = {"Inter": "inter-latin-wght-normal.woff2", "Outfit": "outfit-latin-wght-normal.woff2"}

workdir = Path(tempfile.mkdtemp())
ttf_files = {}
instances = {}


def ttf_file(family):
    """hb-shape reads TrueType, not WOFF2: unpack the webfont once."""
    if family not in ttf_files:
        font = TTFont(ROOT / "public" / "fonts" / WOFF2[family])
        font.flavor = None
        path = workdir / f"{family}.ttf"
        font.save(path)
        ttf_files[family] = path
    return ttf_files[family]


def instance(family, weight):
    key = (family, weight)
    if key not in instances:
        instances[key] = instancer.instantiateVariableFont(TTFont(ttf_file(family)), {"wght": weight})
    return instances[key]


def number(value):
    # 0.1 px at a 40 px logo is below a device pixel even at 3x.
    text = f"{value:.1f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def outline(attrs, text):
    family = re.match(r"\s*([A-Za-z]+)", attrs["font-family"]).group(1)
    weight = int(attrs.get("font-weight", "400"))
    size = float(attrs["font-size"])
    x0, y0 = float(attrs["x"]), float(attrs["y"])
    font = instance(family, weight)
    upem = font["head"].unitsPerEm
    shaped = json.loads(subprocess.check_output([
        "hb-shape", f"--font-file={ttf_file(family)}", f"--variations=wght={weight}",
        "--output-format=json", "--no-glyph-names", text,
    ]))
    natural = sum(g["ax"] for g in shaped) * size / upem
    fit = min(1.0, float(attrs["textLength"]) / natural) if "textLength" in attrs else 1.0
    scale = size / upem * fit
    glyph_order = font.getGlyphOrder()
    glyphs = font.getGlyphSet()
    pen = SVGPathPen(glyphs, ntos=number)
    advance = 0
    for g in shaped:
        # Font units grow upwards; SVG's y grows downwards.
        transform = (scale, 0, 0, -scale, x0 + (advance + g["dx"]) * scale, y0 - g["dy"] * scale)
        glyphs[glyph_order[g["g"]]].draw(TransformPen(pen, transform))
        advance += g["ax"]
    print(f"  {text!r}: {family} {weight}, natural width {natural:.1f} px, fitted x{fit:.3f}", file=sys.stderr)
    return f'<path d="{pen.getCommands()}" fill="{attrs["fill"]}"/>'


def convert(svg):
    def replace(match):
        attrs = dict(re.findall(r'([\w-]+)="([^"]*)"', match.group(1)))
        return outline(attrs, html.unescape(match.group(2)))

    return re.sub(r"<text([^>]*)>([^<]*)</text>", replace, svg)


for source in sorted(SOURCES.glob("*.svg")):
    print(source.name, file=sys.stderr)
    (TARGET / source.name).write_text(convert(source.read_text()))
