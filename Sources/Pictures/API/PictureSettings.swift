/// How pictures are published. Every setting is part of the cache key: changing one processes every
/// picture again on the next build, and only then.
public struct PictureSettings: Hashable, Sendable {
    /// The display version's long edge at most, in pixels (`pictures.max_size`); never enlarged.
    public var maxSize: Int
    /// The thumbnails' widths, in pixels, for cards, day pages and the gallery (see `thumbnailWidths`'
    /// default for why these two).
    public var thumbnailWidths: [Int]
    /// JPEG quality, 1 to 100 (see `defaultJPEGQuality`).
    public var jpegQuality: Int
    /// Pictures with more pixels than this, all frames of an animation together, are refused before
    /// they are decoded: a 40,000×40,000 PNG of a few kilobytes would otherwise take minutes.
    public var maxPixels: Int

    /// The gallery's cells are about 160 CSS pixels wide (four to a 44rem column, two on a phone)
    /// and cards' covers 88: 320 fills both on a high-density screen. Day and entry pages show pictures
    /// in a grid of cells 328 CSS pixels wide on a desktop (two to the 42rem column) and the screen's
    /// width less 2rem on a phone (358 at 390 px), and in the body as wide as the column: 720 is 2× of
    /// the first (and of a 360-wide phone cell), 1280 covers the phone cell at 3× and the column at
    /// 1.9× on day pages, which may not load the display version; the entry page adds it for the column.
    ///
    /// Measured (Benchmarks/pictures/page-picture-bytes.py: an entry page with four photographs in its
    /// grid, headless Chromium): with 320 and 640 a phone (390 px, DPR 3) and a desktop (1280 px,
    /// DPR 2) both loaded 230 KB, the 640 files, short of 2× on both (1074 and 656 pixels wanted);
    /// with 320, 720 and 1280 the desktop loads 279 KB (720 files) and the phone 576 KB (1280 files),
    /// each picture at least twice its CSS width. With 640 and 1280 the desktop would take the 1280
    /// files for 16 missing pixels, the phone's 576 KB.
    public static let defaultThumbnailWidths = [320, 720, 1280]

    /// Chosen by measurement (Benchmarks/pictures/jpeg-quality.py, ten photographs reduced to 1600 px,
    /// progressive, colour at half resolution as libjpeg does below quality 90):
    ///
    ///     quality   75     80     82     85     88     90 (full colour)
    ///     KB        177    204    218    242    278    390
    ///     SSIM      0.954  0.959  0.962  0.966  0.970  0.979
    ///
    /// 85 is the last step before each kilobyte buys clearly less (88 costs 15% more for +0.004), and
    /// full-resolution colour at the same size is no better on average (80: 254 KB, SSIM 0.965).
    /// Thumbnails (640 px) follow the same curve: 48 KB and SSIM 0.956 at 85.
    public static let defaultJPEGQuality = 85

    public init(maxSize: Int = 1600,
                thumbnailWidths: [Int] = PictureSettings.defaultThumbnailWidths,
                jpegQuality: Int = PictureSettings.defaultJPEGQuality,
                maxPixels: Int = 256_000_000) {
        precondition(maxSize > 0 && maxPixels > 0 && (1...100).contains(jpegQuality), "invalid picture settings")
        self.maxSize = maxSize
        self.thumbnailWidths = Array(Set(thumbnailWidths.filter { $0 > 0 })).sorted()
        self.jpegQuality = jpegQuality
        self.maxPixels = maxPixels
    }

    /// Every setting and the libvips release that makes the files in one line: the settings half of a
    /// cache key. Another release may encode differently, and a cached picture must match a fresh one
    /// byte for byte, so pictures made by another libvips are made again rather than mixed.
    ///
    /// The release is that of the library the process opens (any release no older than the headers'
    /// is accepted), which `LibvipsRecord` knows without opening it while the loader's choice is
    /// unchanged, so a build whose pictures all come from the cache still never opens libvips.
    func fingerprint(libvips version: String) -> String {
        let widths = thumbnailWidths.map(String.init).joined(separator: ",")
        return "pictures-1 vips=\(version) max=\(maxSize) thumbnails=\(widths) q=\(jpegQuality) pixels=\(maxPixels)"
    }
}
