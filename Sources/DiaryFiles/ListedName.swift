#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `readdir` says of one name in a folder, read where it lies. The system fills only as
/// many bytes of a `dirent` as the name needs, so a copy of the whole structure (`pointee`)
/// may read past the end of the listing's buffer, and crash when that is the end of a page.
public struct ListedName {
    private let entry: UnsafeMutablePointer<dirent>

    public init(_ entry: UnsafeMutablePointer<dirent>) {
        self.entry = entry
    }

    /// The name, NUL-terminated; valid until the next `readdir` of the same folder.
    public var name: UnsafePointer<CChar> {
        UnsafeRawPointer(entry).advanced(by: MemoryLayout<dirent>.offset(of: \dirent.d_name)!).assumingMemoryBound(to: CChar.self)
    }

    /// Whether the listing says it is a folder (false also when it does not say: a symbolic link, an unknown type).
    public var isFolder: Bool {
        UnsafeRawPointer(entry).load(fromByteOffset: MemoryLayout<dirent>.offset(of: \dirent.d_type)!, as: UInt8.self) == UInt8(DT_DIR)
    }

    /// Whether it is `.` or `..`.
    public var isDots: Bool {
        let name = self.name
        return name[0] == 0x2E && (name[1] == 0 || (name[1] == 0x2E && name[2] == 0))
    }
}
