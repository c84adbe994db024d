#if os(Linux)
import DiaryFiles
import Foundation
import Glibc

/// Linux inotify: a watch on the diary root (for daybook.yml and the two folders appearing or
/// going) and on every folder under Content/ and Templates/, including folders made later.
final class InotifyWatcher: ChangeSource, @unchecked Sendable {
    private let root: String
    private let debounce: TimeInterval
    /// A burst that never goes quiet (a large copy) is still reported this often.
    private let longestWait: TimeInterval = 0.5
    /// The quiet wait after a burst of nothing but finished saves (a file closed after writing,
    /// or renamed into place): an editor's save is complete, so waiting the whole `debounce`
    /// would only delay the page.
    private let finishedSaveQuiet: TimeInterval = 0.003
    private let onChange: @Sendable ([String]) -> Void
    private var descriptor: Int32 = -1
    private var wakePipe: [Int32] = [-1, -1]
    /// Watch descriptor → folder relative to the root ("" for the root itself).
    private var folders: [Int32: String] = [:]
    private let finished = NSCondition()
    private var isRunning = false
    private var isOutOfWatches = false

    private static let fileEvents = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE)
    private static let folderMask = fileEvents | UInt32(IN_DELETE_SELF | IN_ONLYDIR | IN_EXCL_UNLINK)

    init(root: String, debounce: TimeInterval, onChange: @escaping @Sendable ([String]) -> Void) {
        self.root = root
        self.debounce = debounce
        self.onChange = onChange
    }

    func start() throws {
        descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard descriptor >= 0 else { throw WatchError("cannot watch the diary: \(String(cString: strerror(errno)))") }
        guard pipe(&wakePipe) == 0 else {
            close(descriptor)
            throw WatchError("cannot watch the diary: \(String(cString: strerror(errno)))")
        }
        guard addWatch("") else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            close(wakePipe[0])
            close(wakePipe[1])
            throw WatchError("cannot watch \(root): \(reason)")
        }
        for folder in DiaryWatcher.watchedFolders { addWatches(under: folder) }
        if isOutOfWatches {
            close(descriptor)
            close(wakePipe[0])
            close(wakePipe[1])
            throw WatchError("the system's inotify watch limit is reached (fs.inotify.max_user_watches)")
        }
        isRunning = true
        let thread = Thread { [self] in
            run()
            close(descriptor)
            close(wakePipe[0])
            finished.withLock {
                isRunning = false
                finished.broadcast()
            }
        }
        thread.name = "daybook watcher"
        thread.start()
    }

    func stop() {
        var byte: UInt8 = 1
        _ = write(wakePipe[1], &byte, 1)
        finished.withLock {
            while isRunning { finished.wait() }
        }
        close(wakePipe[1])
    }

    // MARK: - Watches

    @discardableResult
    private func addWatch(_ folder: String) -> Bool {
        let path = folder.isEmpty ? root : root + "/" + folder
        let watch = inotify_add_watch(descriptor, path, Self.folderMask)
        guard watch >= 0 else {
            if errno == ENOSPC { isOutOfWatches = true }
            return false
        }
        folders[watch] = folder
        return true
    }

    /// Watches `folder` and every visible folder below it.
    private func addWatches(under folder: String) {
        guard addWatch(folder), let directory = opendir(root + "/" + folder) else { return }
        var children: [String] = []
        while let item = readdir(directory) {
            let name = String(cString: ListedName(item).name)
            guard DiaryWatcher.isRelevant(name) else { continue }
            var info = stat()
            if stat(root + "/" + folder + "/" + name, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
                children.append(folder + "/" + name)
            }
        }
        closedir(directory)
        for child in children { addWatches(under: child) }
    }

    // MARK: - Events

    private func run() {
        var pending = Set<String>()
        var onlyFinishedSaves = true
        var firstChange = Date.distantFuture
        var lastChange = Date.distantFuture
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        func due() -> Date {
            let quiet = onlyFinishedSaves ? min(debounce, finishedSaveQuiet) : debounce
            return min(lastChange.addingTimeInterval(quiet), firstChange.addingTimeInterval(longestWait))
        }
        while true {
            var timeout: Int32 = -1
            if !pending.isEmpty {
                timeout = Int32(max(0, (due().timeIntervalSinceNow * 1000).rounded(.up)))
            }
            var polls = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
                         pollfd(fd: wakePipe[0], events: Int16(POLLIN), revents: 0)]
            let ready = poll(&polls, 2, timeout)
            if ready < 0 && errno != EINTR { return }
            if polls[1].revents != 0 { return }
            if polls[0].revents != 0 {
                let count = read(descriptor, &buffer, buffer.count)
                if count > 0 {
                    let changed = events(in: buffer[0..<count])
                    if !changed.isEmpty {
                        if pending.isEmpty {
                            firstChange = Date()
                            onlyFinishedSaves = true
                        }
                        lastChange = Date()
                        pending.formUnion(changed.map(\.path))
                        onlyFinishedSaves = onlyFinishedSaves && changed.allSatisfy(\.isFinishedSave)
                    }
                }
            }
            if !pending.isEmpty {
                if Date() >= due() {
                    onChange(pending.sorted())
                    pending = []
                }
            }
        }
    }

    /// One relevant change: its path, and whether it is a finished save of a file (closed after
    /// writing, or renamed into place) rather than a step that more may follow.
    private struct Change {
        var path: String
        var isFinishedSave: Bool
    }

    /// The relevant changes named in a buffer of `inotify_event`s, adding watches for new folders.
    private func events(in bytes: ArraySlice<UInt8>) -> [Change] {
        var changed: [Change] = []
        var offset = bytes.startIndex
        let headerSize = 16
        while offset + headerSize <= bytes.endIndex {
            func field(_ at: Int) -> UInt32 {
                UInt32(bytes[offset + at]) | UInt32(bytes[offset + at + 1]) << 8 | UInt32(bytes[offset + at + 2]) << 16 | UInt32(bytes[offset + at + 3]) << 24
            }
            let watch = Int32(bitPattern: field(0))
            let mask = field(4)
            let length = Int(field(12))
            let nameBytes = bytes[(offset + headerSize)..<min(offset + headerSize + length, bytes.endIndex)]
            let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
            offset += headerSize + length

            if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                for folder in DiaryWatcher.watchedFolders { addWatches(under: folder) }
                changed.append(Change(path: "", isFinishedSave: false))
                continue
            }
            if mask & UInt32(IN_IGNORED) != 0 {
                folders[watch] = nil
                continue
            }
            guard let folder = folders[watch], mask & Self.fileEvents != 0 else { continue }
            let isFolder = mask & UInt32(IN_ISDIR) != 0
            if folder.isEmpty {
                guard DiaryWatcher.isRelevantAtRoot(name) else { continue }
            } else {
                guard DiaryWatcher.isRelevant(name) else { continue }
            }
            let path = folder.isEmpty ? name : folder + "/" + name
            if isFolder && mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 {
                // Files may already be inside a folder moved or copied in; the rebuild finds them.
                addWatches(under: path)
            } else if !isFolder && mask & UInt32(IN_CREATE) != 0 && !isSymbolicLink(path) {
                // A new file is reported when it is closed after writing, not half written.
                continue
            }
            changed.append(Change(path: path, isFinishedSave: !isFolder && mask & UInt32(IN_CLOSE_WRITE | IN_MOVED_TO) != 0))
        }
        return changed
    }

    private func isSymbolicLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(root + "/" + path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
    }
}
#endif
