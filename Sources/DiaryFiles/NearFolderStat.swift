#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Stats the paths of a run, in path order, each relative to its folder two levels down (a
/// diary's `2024/07`), opened once for all the paths under it: the kernel then looks up two
/// names a path instead of four or five. A nothing-changed build stats every file of Content/
/// and every folder of the output (250,000 paths at 109,500 entries), and this takes a tenth
/// off that on this machine's file system, for one open every few hundred paths.
/// Paths with fewer levels are stat'ed relative to `base` itself.
public struct NearFolderStat: ~Copyable {
    private let base: Int32
    /// The open folder of the current prefix; negative when it could not be opened.
    private var folder: Int32 = -1
    /// The current prefix (`2024/07`), NUL-terminated; empty before the first one.
    private var prefix: [CChar] = []

    /// Stats relative to the open folder `base`, which stays the caller's to close.
    public init(base: Int32) {
        self.base = base
    }

    deinit {
        if folder >= 0 { close(folder) }
    }

    /// The stat of `path` (relative to `base`, `bytes` being its bytes without the NUL) into
    /// `info`; false when it failed, or its folder two levels down could not be opened.
    public mutating func stat(_ path: UnsafePointer<CChar>, bytes: UnsafeRawBufferPointer, into info: inout stat) -> Bool {
        guard let split = Self.secondSlash(in: bytes) else { return fstatat(base, path, &info, 0) == 0 }
        if !hasPrefix(bytes, length: split) { open(prefixOf: bytes, length: split) }
        return folder >= 0 && fstatat(folder, path + split + 1, &info, 0) == 0
    }

    /// Where the second `/` of `bytes` is, when a name follows it.
    private static func secondSlash(in bytes: UnsafeRawBufferPointer) -> Int? {
        var slashes = 0
        for index in 0..<bytes.count where bytes[index] == UInt8(ascii: "/") {
            slashes += 1
            if slashes == 2 { return index + 1 < bytes.count ? index : nil }
        }
        return nil
    }

    private func hasPrefix(_ bytes: UnsafeRawBufferPointer, length: Int) -> Bool {
        guard prefix.count == length + 1 else { return false }
        return prefix.withUnsafeBytes { memcmp($0.baseAddress!, bytes.baseAddress!, length) == 0 }
    }

    private mutating func open(prefixOf bytes: UnsafeRawBufferPointer, length: Int) {
        if folder >= 0 { close(folder) }
        prefix = bytes.prefix(length).map { CChar(bitPattern: $0) } + [0]
        folder = openat(base, prefix, Self.folderFlags)
    }

    #if os(Linux)
    /// Opened only to look up names in (O_PATH, which Glibc's module does not export; its value
    /// on x86-64 and ARM): no read permission asked, nothing read.
    private static let folderFlags = 0o10_000_000 | O_DIRECTORY | O_CLOEXEC
    #else
    private static let folderFlags = O_RDONLY | O_DIRECTORY | O_CLOEXEC
    #endif
}
