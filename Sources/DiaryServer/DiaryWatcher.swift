import DiaryReader
import Foundation

/// Watches what a build reads — `Content/`, `Templates/` and `daybook.yml` — and reports each
/// burst of saves once, after `debounce` of quiet, so an editor's write-and-rename is one change.
/// Uses inotify on Linux and a cheap stat poll elsewhere.
public final class DiaryWatcher: @unchecked Sendable {
    /// How changes are noticed.
    public enum Mechanism: Sendable {
        /// Linux inotify: every folder under Content/ and Templates/, plus the diary root.
        case inotify
        /// Compare sizes and modification times every `interval` seconds.
        case polling(interval: TimeInterval)

        /// inotify on Linux, a 300 ms poll elsewhere.
        public static var preferred: Mechanism {
            #if os(Linux)
            return .inotify
            #else
            return .polling(interval: 0.3)
            #endif
        }
    }

    /// The folders a build reads, relative to the diary root.
    static let watchedFolders = [ContentFiles.folderName, "Templates"]

    let root: URL
    let mechanism: Mechanism
    let debounce: TimeInterval
    /// Called on the watcher's thread with the changed paths, relative to the diary root.
    let onChange: @Sendable ([String]) -> Void
    private var source: ChangeSource?

    public init(root: URL, mechanism: Mechanism = .preferred, debounce: TimeInterval = 0.04,
                onChange: @escaping @Sendable ([String]) -> Void) {
        self.root = root.standardizedFileURL.resolvingSymlinksInPath()
        self.mechanism = mechanism
        self.debounce = debounce
        self.onChange = onChange
    }

    /// Starts watching on a thread of its own.
    public func start() throws {
        switch mechanism {
        case .inotify:
            #if os(Linux)
            let watcher = InotifyWatcher(root: root.path, debounce: debounce, onChange: onChange)
            do {
                try watcher.start()
                source = watcher
            } catch {
                // Out of inotify watches (a huge diary, or many other watchers): poll instead.
                let poller = PollingWatcher(root: root.path, interval: 0.3, onChange: onChange)
                poller.start()
                source = poller
            }
            #else
            throw WatchError("inotify is only available on Linux")
            #endif
        case .polling(let interval):
            let watcher = PollingWatcher(root: root.path, interval: interval, onChange: onChange)
            watcher.start()
            source = watcher
        }
    }

    /// Stops watching and waits for the watcher's thread to end.
    public func stop() {
        source?.stop()
        source = nil
    }

    /// Whether a change to `name` (a file or folder name) can matter to a build: hidden files
    /// (which the reader skips, and where vim, Emacs and others keep swap and lock files) and
    /// backups do not.
    static func isRelevant(_ name: String) -> Bool {
        !(name.isEmpty || name.hasPrefix(".") || name.hasSuffix("~") || name.hasSuffix(".swp") || name.hasSuffix(".swx")
          || name == "4913" || (name.hasPrefix("#") && name.hasSuffix("#")) || name.hasSuffix(".daybook-tmp"))
    }

    /// Whether a change in the diary root itself matters: only daybook.yml and the watched folders.
    static func isRelevantAtRoot(_ name: String) -> Bool {
        name == ConfigLoader.fileName || watchedFolders.contains(name)
    }
}

/// A watcher could not start.
public struct WatchError: Error, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
}

/// One way of noticing changes.
protocol ChangeSource: AnyObject {
    func stop()
}
