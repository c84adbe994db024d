import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Hands memory the build has freed back to the system.
package enum MemoryRelease {
    /// glibc keeps freed blocks for the thread arenas that freed them, so the pages rendered on
    /// one set of threads would not be reused by the search index built on another: the peak
    /// would be their sum. `malloc_trim` gives the free pages back. Elsewhere this does nothing.
    package static func returnFreedMemory() {
        #if canImport(Glibc)
        // Looked up at run time: the Glibc module does not declare it.
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
        let mallocTrim = unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
        _ = mallocTrim(0)
        #endif
    }

    /// Keeps `values` until the process exits. A command-line build ends its process right after:
    /// freeing a large diary's millions of objects one by one would take longer than a one-entry
    /// edit's rendering (about 70 ms at 10,950 entries), where the system takes the memory back at once.
    package static func keepUntilExit(_ values: Any...) {
        lock.lock()
        keptUntilExit.append(values)
        lock.unlock()
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var keptUntilExit: [Any] = []
}
