#!/usr/bin/env bash
# Pictures per second and peak memory of Daybook's picture pipeline beside vipsthumbnail and
# ImageMagick, each making a display version (long edge 1600) and thumbnails 640 and 320 pixels
# wide of every JPEG in a folder, two pictures at a time, JPEG quality 85, no metadata.
#
#   Benchmarks/pictures/bench.sh [PHOTO-FOLDER]
#
# Without a folder it makes 40 photos of 4000×3000 (quality 92, with a camera-like grain) from the
# photographs of Debian's lomiri-wallpapers-16.04. Needs libvips-tools, imagemagick and time
# (apt-get install --no-install-recommends libvips-tools imagemagick time lomiri-wallpapers-16.04).
# Runs each tool RUNS times (default 3) and prints every run: the machine may be busy.
set -euo pipefail
cd "$(dirname "$0")/../.."
work=${BENCH_DIR:-/tmp/daybook-picture-bench}
runs=${RUNS:-3}
photos=${1:-$work/photos}
mkdir -p "$work"

for tool in vips vipsthumbnail convert /usr/bin/time; do
    command -v "$tool" >/dev/null || { echo "missing $tool: see the comment at the top of $0" >&2; exit 1; }
done

if [ ! -d "$photos" ]; then
    backgrounds=/usr/share/backgrounds
    [ -f "$backgrounds/Dragonfly_by_Bolly.jpg" ] || { echo "install lomiri-wallpapers-16.04 or give a folder" >&2; exit 1; }
    echo "Making 40 photos of 4000×3000 in $photos" >&2
    mkdir -p "$photos.partial"
    scratch=$(mktemp -d)
    for band in 1 2 3; do vips gaussnoise "$scratch/n$band.v" 4000 3000 --sigma 3 --mean 0; done
    vips bandjoin "$scratch/n1.v $scratch/n2.v $scratch/n3.v" "$scratch/grain.v"
    number=0
    for name in Bridge_by_Sander_Klootwijk Dragonfly_by_Bolly Wine_by_Jakkub_Mede aitzgorri_by_Aitzol_Berasategi \
                friends_by_Aitzol_Berasategi life_by_Aitzol_Berasategi picosdeeuropa_by_Aitzol_Berasategi \
                seeding_by_Clements_Engelhardt sunset_by_Aitzol_Berasategi umang_by_Abhishek_Mudgal; do
        number=$((number + 1))
        vips thumbnail "$backgrounds/$name.jpg" "$scratch/base.v" 4000 --height 3000 --crop centre --size force
        vips add "$scratch/base.v" "$scratch/grain.v" "$scratch/sum.v"
        vips cast "$scratch/sum.v" "$scratch/photo.v" uchar
        # Four turns of each photo: forty different files.
        vips copy "$scratch/photo.v" "$photos.partial/p$number-a.jpg[Q=92]"
        vips flip "$scratch/photo.v" "$photos.partial/p$number-b.jpg[Q=92]" horizontal
        vips flip "$scratch/photo.v" "$photos.partial/p$number-c.jpg[Q=92]" vertical
        vips rot "$scratch/photo.v" "$photos.partial/p$number-d.jpg[Q=92]" d180
    done
    rm -rf "$scratch"
    mv "$photos.partial" "$photos"
fi

swift build -c release --product picture-bench >/dev/null
count=$(find "$photos" -maxdepth 1 -type f | wc -l)
megabytes=$(du -sm "$photos" | cut -f1)
echo "$count pictures, $megabytes MB, $(nproc) cores"
echo

# Prints "<pictures/s> pictures/s, <cpu> s of CPU a picture, peak <rss> MB" for a command.
measure() {
    local report
    report=$(mktemp)
    /usr/bin/time -o "$report" -f "%e %U %S %M" "$@" >/dev/null
    read -r wall user system rss <"$report"
    rm -f "$report"
    awk -v n="$count" -v w="$wall" -v u="$user" -v s="$system" -v r="$rss" \
        'BEGIN { printf "%5.2f pictures/s, %.3f s of CPU a picture, peak %d MB\n", n / w, (u + s) / n, r / 1024 }'
}

vipsthumbnail_all() {
    local out=$work/vipsthumbnail
    rm -rf "$out" && mkdir -p "$out"
    local options="Q=85,strip,optimize_coding,interlace"
    # One process per half of the pictures, one libvips thread each, like Daybook's two workers.
    for size in 1600x1600 640x 320x; do
        find "$photos" -maxdepth 1 -type f -print0 | VIPS_CONCURRENCY=1 xargs -0 -P 2 -n $(((count + 1) / 2)) \
            vipsthumbnail --size "$size" -o "$out/%s-$size.jpg[$options]"
    done
}

imagemagick_all() {
    local out=$work/imagemagick
    rm -rf "$out" && mkdir -p "$out"
    # One decode per picture, three resizes from it.
    find "$photos" -maxdepth 1 -type f -print0 | MAGICK_THREAD_LIMIT=1 xargs -0 -P 2 -I{} sh -c '
        name=$(basename "$1" .jpg)
        convert "$1" -auto-orient -strip -quality 85 -interlace JPEG \
            \( +clone -thumbnail 1600x1600 -write "$2/$name-1600.jpg" +delete \) \
            \( +clone -thumbnail 640x -write "$2/$name-640.jpg" +delete \) \
            -thumbnail 320x "$2/$name-320.jpg"' sh {} "$out"
}

for run in $(seq "$runs"); do
    echo "run $run"
    printf "  daybook (PictureLibrary, 2 workers)    " && measure .build/release/picture-bench "$photos" "$work/cache" 2
    printf "  vipsthumbnail (3 passes, 2 processes)  " && measure bash -c "$(declare -f vipsthumbnail_all); work=$work photos=$photos count=$count vipsthumbnail_all"
    printf "  ImageMagick convert -thumbnail         " && measure bash -c "$(declare -f imagemagick_all); work=$work photos=$photos imagemagick_all"
done
echo
.build/release/picture-bench "$photos" "$work/cache" 2
