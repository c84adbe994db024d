import DiaryFiles
import DiaryReader
import Foundation

/// Notices changes by listing the watched files every `interval` and comparing sizes and
/// modification times: the fallback where inotify is not available.
final class PollingWatcher: ChangeSource, @unchecked Sendable {
    private let root: String
    private let interval: TimeInterval
    private let onChange: @Sendable ([String]) -> Void
    private let stopped = NSCondition()
    private var isStopping = false
    private var isRunning = false

    init(root: String, interval: TimeInterval, onChange: @escaping @Sendable ([String]) -> Void) {
        self.root = root
        self.interval = interval
        self.onChange = onChange
    }

    func start() {
        let first = snapshot()
        isRunning = true
        let thread = Thread { [self] in
            var previous = first
            while waitOrStop(interval) {
                let current = snapshot()
                let changed = Set(previous.keys).union(current.keys).filter { previous[$0] != current[$0] }
                previous = current
                if !changed.isEmpty { onChange(changed.sorted()) }
            }
            stopped.withLock {
                isRunning = false
                stopped.broadcast()
            }
        }
        thread.name = "daybook watcher"
        thread.start()
    }

    func stop() {
        stopped.withLock {
            isStopping = true
            stopped.broadcast()
            while isRunning { stopped.wait() }
        }
    }

    /// Waits `seconds`; false when asked to stop.
    private func waitOrStop(_ seconds: TimeInterval) -> Bool {
        stopped.withLock {
            let deadline = Date().addingTimeInterval(seconds)
            while !isStopping && stopped.wait(until: deadline) {}
            return !isStopping
        }
    }

    /// Path → (size, modification time) of daybook.yml and every file under the watched folders.
    func snapshot() -> [String: [Int]] {
        var files: [String: [Int]] = [:]
        if let config = FileStatus.of(root + "/" + ConfigLoader.fileName) {
            files[ConfigLoader.fileName] = [config.size, config.modified]
        }
        for folder in DiaryWatcher.watchedFolders {
            for file in FileStatus.list(root + "/" + folder) ?? [] where DiaryWatcher.isRelevant(file.path.split(separator: "/").last.map(String.init) ?? "") {
                files[folder + "/" + file.path] = [file.size, file.modified]
            }
        }
        return files
    }
}
