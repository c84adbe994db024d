import Foundation
import SitePages
import ZIPFoundation

/// The icon an installed site shows on a home screen: a page with three lines of writing on a
/// background of the theme's accent colour, drawn by the build as a PNG (no image library: a
/// few shapes, each pixel sampled 4×4 times for smooth edges, compressed with zlib's DEFLATE
/// through ZIPFoundation, which the build links already).
///
/// The page stays inside the central circle a "maskable" icon keeps (radius 40% of the side), so
/// one file serves both as an ordinary icon and as one the system crops to its own shape. At
/// 512 px the PNG is about 3 KB, since rows that repeat the row above compress to almost nothing.
struct AppIcon {
    /// An opaque colour, 8 bits a channel.
    struct Colour: Hashable {
        var red: UInt8, green: UInt8, blue: UInt8

        /// `#rrggbb` or `#rgb`; nil for anything else.
        init?(hex text: String) {
            var digits = text.trimmingCharacters(in: .whitespaces)
            guard digits.hasPrefix("#") else { return nil }
            digits.removeFirst()
            if digits.count == 3 { digits = digits.map { "\($0)\($0)" }.joined() }
            guard digits.count == 6, let value = UInt32(digits, radix: 16) else { return nil }
            (red, green, blue) = (UInt8(value >> 16), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF))
        }

        var hex: String { String(format: "#%02x%02x%02x", red, green, blue) }
    }

    var background: Colour
    var paper: Colour

    /// The icon, `size` pixels square, as a PNG file: drawn once per process for each colour
    /// pair and size. Drawing samples each pixel 16 times (4 million samples at 512 px); a process
    /// that builds many sites with the same theme (the tests, `daybook serve` after a change to
    /// daybook.yml) draws each icon once.
    func png(size: Int) -> [UInt8] {
        let key = Drawn.Key(background: background, paper: paper, size: size)
        if let drawn = Drawn.shared.png(for: key) { return drawn }
        let png = drawPNG(size: size)
        Drawn.shared.keep(png, for: key)
        return png
    }

    /// The icons drawn in this process.
    private final class Drawn: @unchecked Sendable {
        struct Key: Hashable {
            var background: Colour, paper: Colour, size: Int
        }

        static let shared = Drawn()
        private let lock = NSLock()
        private var pngs: [Key: [UInt8]] = [:]

        func png(for key: Key) -> [UInt8]? {
            lock.withLock { pngs[key] }
        }

        func keep(_ png: [UInt8], for key: Key) {
            lock.withLock { pngs[key] = png }
        }
    }

    /// The icon, `size` pixels square, drawn and compressed.
    private func drawPNG(size: Int) -> [UInt8] {
        var rows: [UInt8] = []
        rows.reserveCapacity((size * 3 + 1) * size)
        var previous = [UInt8](repeating: 0, count: size * 3)
        for y in 0..<size {
            let row = pixels(row: y, size: size)
            // Filter 2 ("up"): each byte minus the one above it; repeated rows become zeros.
            rows.append(2)
            for index in row.indices { rows.append(row[index] &- previous[index]) }
            previous = row
        }
        var header: [UInt8] = []
        Self.append(UInt32(size), to: &header)
        Self.append(UInt32(size), to: &header)
        header += [8, 2, 0, 0, 0]  // 8-bit RGB, no interlace
        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        Self.appendChunk("IHDR", header, to: &file)
        Self.appendChunk("IDAT", Self.zlib(rows), to: &file)
        Self.appendChunk("IEND", [], to: &file)
        return file
    }

    // MARK: - Drawing

    /// The RGB bytes of row `y`.
    private func pixels(row y: Int, size: Int) -> [UInt8] {
        var row: [UInt8] = []
        row.reserveCapacity(size * 3)
        let samples = 4
        for x in 0..<size {
            var covered = 0
            for sy in 0..<samples {
                for sx in 0..<samples {
                    let u = (Double(x) + (Double(sx) + 0.5) / Double(samples)) / Double(size)
                    let v = (Double(y) + (Double(sy) + 0.5) / Double(samples)) / Double(size)
                    if Self.isPaper(u, v) { covered += 1 }
                }
            }
            // The lines of writing are the background showing through the page.
            let page = Double(covered) / Double(samples * samples)
            func mix(_ back: UInt8, _ front: UInt8) -> UInt8 { UInt8((Double(back) * (1 - page) + Double(front) * page).rounded()) }
            row += [mix(background.red, paper.red), mix(background.green, paper.green), mix(background.blue, paper.blue)]
        }
        return row
    }

    /// Whether the point (u, v) of the unit square is on the page and not on one of its lines.
    private static func isPaper(_ u: Double, _ v: Double) -> Bool {
        guard roundedRectangle(u, v, left: 0.29, top: 0.2, right: 0.71, bottom: 0.8, radius: 0.05) else { return false }
        let lines: [(top: Double, right: Double)] = [(0.34, 0.61), (0.46, 0.61), (0.58, 0.52)]
        return !lines.contains { roundedRectangle(u, v, left: 0.39, top: $0.top, right: $0.right, bottom: $0.top + 0.045, radius: 0.0225) }
    }

    private static func roundedRectangle(_ u: Double, _ v: Double, left: Double, top: Double, right: Double, bottom: Double,
                                         radius: Double) -> Bool {
        guard u >= left, u <= right, v >= top, v <= bottom else { return false }
        let dx = max(left + radius - u, u - (right - radius), 0)
        let dy = max(top + radius - v, v - (bottom - radius), 0)
        return dx * dx + dy * dy <= radius * radius
    }

    // MARK: - PNG

    private static func zlib(_ bytes: [UInt8]) -> [UInt8] {
        var adlerA: UInt32 = 1
        var adlerB: UInt32 = 0
        for byte in bytes {
            adlerA = (adlerA + UInt32(byte)) % 65_521
            adlerB = (adlerB + adlerA) % 65_521
        }
        var out: [UInt8] = [0x78, 0x9C]
        out += OnThisDayCalendar.deflated(bytes)
        append(adlerB << 16 | adlerA, to: &out)
        return out
    }

    private static func appendChunk(_ type: String, _ body: [UInt8], to file: inout [UInt8]) {
        append(UInt32(body.count), to: &file)
        let typed = Array(type.utf8) + body
        file += typed
        append(crc32(typed), to: &file)
    }

    private static func append(_ value: UInt32, to bytes: inout [UInt8]) {
        bytes += [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    private static let crcTable: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }
}
