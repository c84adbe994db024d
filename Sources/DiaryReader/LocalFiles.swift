import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Plain POSIX file access for the hot path: Foundation's URL appending asks the disk whether
/// each path is a folder, and that alone cost more than parsing the front matter.
enum LocalFiles {
    /// The whole file at `path`, or nil when it cannot be read.
    static func read(_ path: String) -> Data? {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        var data = Data(count: Int(info.st_size))
        var total = 0
        let complete = data.withUnsafeMutableBytes { buffer -> Bool in
            while total < buffer.count {
                let count = Glibc.read(descriptor, buffer.baseAddress! + total, buffer.count - total)
                if count < 0 { return false }
                if count == 0 { break }
                total += count
            }
            return true
        }
        guard complete else { return nil }
        if total < data.count { data.removeSubrange(total...) }
        return data
    }

    /// Every regular file below `folder`, as paths relative to it prefixed with `prefix`;
    /// names starting with a dot are skipped. Nil when `folder` cannot be opened.
    static func listFiles(in folder: String, prefix: String) -> [String]? {
        guard let directory = opendir(folder) else { return nil }
        defer { closedir(directory) }
        var files: [String] = []
        while let item = readdir(directory) {
            let name = withUnsafeBytes(of: item.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard !name.hasPrefix(".") else { continue }
            let fullPath = folder + "/" + name
            var isFolder = item.pointee.d_type == UInt8(DT_DIR)
            if item.pointee.d_type == UInt8(DT_UNKNOWN) || item.pointee.d_type == UInt8(DT_LNK) {
                var info = stat()
                guard stat(fullPath, &info) == 0 else { continue }
                isFolder = (info.st_mode & S_IFMT) == S_IFDIR
            }
            if isFolder {
                files += listFiles(in: fullPath, prefix: prefix + "/" + name) ?? []
            } else {
                files.append(prefix + "/" + name)
            }
        }
        return files
    }
}
