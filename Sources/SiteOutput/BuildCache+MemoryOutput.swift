import Foundation

extension BuildCache {
    /// The cache of builds into `output`, or, with `memory`, of builds into a memory that stands
    /// in for it: kept apart from the folder's, so that a build into the folder never takes a
    /// file only the memory holds for one the folder has.
    package init(root: URL, output: URL, memory: MemoryOutput?) {
        self.init(root: root, output: memory == nil ? output : output.appendingPathComponent(Self.memoryOutputName))
    }

    /// The name under the output folder's path that a memory output's cache is keyed by.
    private static let memoryOutputName = ".daybook-memory"
}
