import CLibraryLoader
import CVips
import DiaryFiles
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which libvips release makes this diary's pictures, remembered beside the picture cache
/// (`.daybook/pictures/libvips`) so that a build whose pictures all come from the cache can key them
/// by the release the loader would open without opening it (25–30 ms with the 68 libraries it needs).
///
/// The record is trusted only while everything that decides which file the loader opens is as it was:
/// the library file itself (an upgrade replaces it), the loader's cache (`ldconfig` rewrites it when
/// libraries come or go) and the environment variables that add folders to its search. Otherwise
/// libvips is opened, its release read, and the record written again.
struct LibvipsRecord: Equatable {
    var version: String
    var path: String
    var signature: String

    /// The release of the libvips that makes pictures in this process: the one already opened, else
    /// the one `file` remembers while it is still the loader's choice, else the one opened now (and
    /// remembered). Throws a `PictureError` when libvips cannot be opened.
    static func version(rememberedIn file: String) throws(PictureError) -> String {
        if let loaded = daybook_vips_loaded_version() { return String(cString: loaded) }
        if let record = LibvipsRecord(contentsOf: file), record.isCurrent { return record.version }
        if let failure = daybook_vips_load() {
            throw PictureError(.unavailable("cannot start libvips: \(String(cString: failure))"))
        }
        let version = String(cString: daybook_vips_loaded_version()!)
        if let path = daybook_vips_loaded_path().map({ String(cString: $0) }) {
            let record = LibvipsRecord(version: version, path: path, signature: signature(of: path))
            // Only a speed-up: without it the next build opens libvips again.
            try? FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent,
                                                     withIntermediateDirectories: true)
            try? PlainFiles.write(Array(record.text.utf8), to: file)
        }
        return version
    }

    /// Forgets the record: for when the library opened turned out to be another than it said.
    static func forget(_ file: String) {
        unlink(file)
    }

    /// Whether the loader would still open this very file, and whether this Daybook accepts its release.
    var isCurrent: Bool {
        signature == Self.signature(of: path) && Self.accepts(version)
    }

    /// Whether the headers Daybook was built with accept `version` (CLibraryLoader.h's rule).
    static func accepts(_ version: String) -> Bool {
        guard let found = LibraryVersion(version), let built = LibraryVersion(String(cString: daybook_vips_built_version()))
        else { return false }
        var message = [CChar](repeating: 0, count: 512)
        return daybook_library_version_refusal("libvips", found.c, built.c, &message, message.count) == nil
    }

    /// The facts that change when the loader's choice of `path` may: the file, the loader's cache,
    /// and the search folders the environment adds.
    static func signature(of path: String) -> String {
        func identity(_ file: String) -> String {
            var info = stat()
            guard stat(file, &info) == 0 else { return "-" }
            return "\(info.st_dev):\(info.st_ino):\(info.st_size):\(FileStatus.modificationTime(info))"
        }
        let environment = ProcessInfo.processInfo.environment
        let variables = ["LD_LIBRARY_PATH", "LD_PRELOAD", "DYLD_LIBRARY_PATH", "DYLD_FALLBACK_LIBRARY_PATH"]
            .map { "\($0)=\(environment[$0] ?? "")" }
        return ([identity(path), identity("/etc/ld.so.cache")] + variables).joined(separator: " ")
    }

    // MARK: - The file

    var text: String { "\(version)\n\(path)\n\(signature)\n" }

    init(version: String, path: String, signature: String) {
        self.version = version
        self.path = path
        self.signature = signature
    }

    init?(contentsOf file: String) {
        guard let bytes = PlainFiles.read(file) else { return nil }
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count >= 3, LibraryVersion(String(lines[0])) != nil else { return nil }
        self.init(version: String(lines[0]), path: String(lines[1]), signature: String(lines[2]))
    }
}

/// `8.14.1` as numbers.
struct LibraryVersion: Equatable {
    var major: Int
    var minor: Int
    var micro: Int

    init?(_ text: String) {
        let parts = text.split(separator: ".").map { Int($0) }
        guard parts.count == 3, let major = parts[0], let minor = parts[1], let micro = parts[2] else { return nil }
        (self.major, self.minor, self.micro) = (major, minor, micro)
    }

    var c: DaybookLibraryVersion {
        DaybookLibraryVersion(major: Int32(major), minor: Int32(minor), micro: Int32(micro))
    }
}
