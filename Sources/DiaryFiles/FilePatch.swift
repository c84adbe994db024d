import Foundation

/// Bytes written over parts of a file, in place: for a large file of which a few short stretches
/// change, where writing it whole again would copy tens of megabytes.
public enum FilePatch {
    /// Writes each patch (a place in the file, and bytes as many as those it replaces) over the
    /// file at `path`, if it is still the file `identity` names, then moves its modification time
    /// on so that its identity is a new one. False when it is another file now or a write failed:
    /// then it may hold some of the patches, and must be written whole.
    public static func write(_ patches: [(offset: Int, bytes: [UInt8])], to path: String, ifStill identity: FileIdentity) -> Bool {
        let descriptor = open(path, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, FileIdentity(info) == identity else { return false }
        for patch in patches {
            let written = patch.bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, off_t(patch.offset)) }
            guard written == patch.bytes.count else { return false }
        }
        // Within one tick of its clock the kernel may leave the time as it was.
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let modified = max(Int(now.tv_sec) * 1_000_000_000 + Int(now.tv_nsec), identity.modified + 1)
        var times = [timespec(tv_sec: 0, tv_nsec: leaveAsItIs),
                     timespec(tv_sec: modified / 1_000_000_000, tv_nsec: modified % 1_000_000_000)]
        return futimens(descriptor, &times) == 0
    }

    /// `UTIME_OMIT`, which Swift does not import: the access time stays as it is.
    private static let leaveAsItIs = (1 << 30) - 2
}
