#!/usr/bin/env python3
"""Chooses the JPEG quality of published pictures by measurement.

For each photo, the reference is the photo resized the way Daybook resizes it (libvips
`thumbnail`, kept lossless); each quality is then encoded with the options Daybook uses
(no metadata, optimised Huffman tables, progressive) and compared with the reference:
SSIM (scikit-image, colour, 7x7 window) and, when the `butteraugli` command exists,
Butteraugli's distance (below 1.0: no visible difference for most viewers).

Needs: libvips-tools (`vips`), numpy, scikit-image and pillow (pip), optionally Debian's
butteraugli. Photos: any JPEGs given as arguments (Debian's lomiri-wallpapers-16.04 ships
real photographs in /usr/share/backgrounds).

    python3 Benchmarks/pictures/jpeg-quality.py PHOTO.jpg... [--size 1600]
"""

import argparse
import os
import shutil
import statistics
import subprocess
import tempfile

import numpy
from PIL import Image
from skimage.metrics import structural_similarity

# (quality, chroma): libjpeg halves the colour resolution (4:2:0) below quality 90 unless told not to.
SETTINGS = [(q, "4:2:0") for q in (60, 70, 75, 80, 82, 85, 88)] + [(q, "4:4:4") for q in (75, 80, 85, 90, 95)]


def run(*command):
    return subprocess.run(command, check=True, capture_output=True, text=True).stdout


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("photos", nargs="+")
    parser.add_argument("--size", type=int, default=1600, help="long edge of the reference (default 1600)")
    arguments = parser.parse_args()
    has_butteraugli = shutil.which("butteraugli") is not None
    rows = {setting: {"bytes": [], "ssim": [], "butteraugli": []} for setting in SETTINGS}
    with tempfile.TemporaryDirectory() as folder:
        for photo in arguments.photos:
            reference = os.path.join(folder, "reference.png")
            run("vips", "thumbnail", photo, reference, str(arguments.size),
                "--height", str(arguments.size), "--size", "down")
            expected = numpy.asarray(Image.open(reference).convert("RGB"))
            for quality, chroma in SETTINGS:
                encoded = os.path.join(folder, f"q{quality}-{chroma[-1]}.jpg")
                run("vips", "jpegsave", reference, encoded, "--Q", str(quality), "--strip", "--optimize-coding",
                    "--interlace", "--subsample-mode", "on" if chroma == "4:2:0" else "off")
                actual = numpy.asarray(Image.open(encoded).convert("RGB"))
                rows[(quality, chroma)]["bytes"].append(os.path.getsize(encoded))
                rows[(quality, chroma)]["ssim"].append(structural_similarity(expected, actual, channel_axis=2, data_range=255))
                if has_butteraugli:
                    distance = run("butteraugli", reference, encoded).split()[0]
                    rows[(quality, chroma)]["butteraugli"].append(float(distance))
    print(f"{len(arguments.photos)} photos, long edge {arguments.size} px (means; butteraugli: mean and worst)")
    print("quality | chroma | KB | SSIM | butteraugli")
    print("---|---|---|---|---")
    for quality, chroma in SETTINGS:
        row = rows[(quality, chroma)]
        kilobytes = statistics.mean(row["bytes"]) / 1024
        distances = row["butteraugli"]
        distance = f"{statistics.mean(distances):.2f} / {max(distances):.2f}" if distances else "-"
        print(f"{quality} | {chroma} | {kilobytes:.0f} | {statistics.mean(row['ssim']):.4f} | {distance}")


if __name__ == "__main__":
    main()
