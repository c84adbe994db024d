import DiaryModel
import DiaryReader
import Foundation

/// `daybook import dayone|jrnl|daylio`: reads an export whole, works out every file to write,
/// then writes them (SPEC §11). An unreadable export writes nothing; an entry without an
/// emotion is reported and left out; an entry an earlier import wrote is skipped.
public struct DiaryImporter {
    /// The apps Daybook imports from, by the name the command line uses.
    public enum Format: String, CaseIterable, Sendable {
        case dayOne = "dayone"
        case jrnl
        case daylio

        /// The app's own name, as its users know it.
        public var appName: String {
            switch self {
            case .dayOne: return "Day One"
            case .jrnl: return "jrnl"
            case .daylio: return "Daylio"
            }
        }
    }

    public struct Options: Sendable {
        /// The emotion for entries nothing else gives one (`--emotion`).
        public var emotion: String?
        /// Mood → emotion pairs (`--map rad=excited,good=happy`), Daylio only.
        public var moodMap: String?
        /// Report what would be written and write nothing.
        public var dryRun: Bool

        public init(emotion: String? = nil, moodMap: String? = nil, dryRun: Bool = false) {
            self.emotion = emotion
            self.moodMap = moodMap
            self.dryRun = dryRun
        }
    }

    public let root: URL
    public let config: DiaryConfig

    public init(root: URL, config: DiaryConfig) {
        self.root = root
        self.config = config
    }

    /// Imports the export at `url` (named `displayName` in messages).
    public func run(_ format: Format, from url: URL, displayName: String, options: Options) throws -> ImportReport {
        let emotions = try EmotionChoice(catalog: EmotionCatalog(config.emotions), map: options.moodMap, fallback: options.emotion,
                                         defaults: format == .daylio ? EmotionChoice.daylioDefaults : [],
                                         tagWord: format == .daylio ? "activity" : "tag")
        let (entries, exportFiles) = try readEntries(format, from: url, displayName: displayName)
        let plan = ImportPlan(entries, emotions: emotions, existing: ImportedIDs.scan(root: root)) { path in
            FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path)
        }
        if !options.dryRun {
            try ImportWriter(root: root).write(plan) { source in
                guard let exportFiles else { throw CocoaError(.fileReadNoSuchFile) }
                return try exportFiles.data(at: source)
            }
        }
        return plan.report(isDryRun: options.dryRun)
    }

    /// The export's entries, and its files when it has pictures. An export this format cannot read
    /// that another app wrote is a usage error naming the command that reads it.
    private func readEntries(_ format: Format, from url: URL, displayName: String) throws -> ([ImportedEntry], ExportFiles?) {
        do {
            switch format {
            case .dayOne where url.pathExtension.lowercased() == "json":
                // The journal's JSON itself: its photos are in `photos/` beside it.
                let files = try ExportFiles(at: url.deletingLastPathComponent(), displayName: displayName)
                return (try DayOneExport.read(files, displayName: displayName, fallbackTimeZone: config.timeZone,
                                              journal: url.lastPathComponent), files)
            case .dayOne:
                let files = try ExportFiles(at: url, displayName: displayName)
                return (try DayOneExport.read(files, displayName: displayName, fallbackTimeZone: config.timeZone), files)
            case .jrnl:
                return (try JrnlExport.entries(fromJSON: try read(url, displayName), file: displayName), nil)
            case .daylio:
                let data = try read(url, displayName)
                guard let text = String(data: data, encoding: .utf8) else {
                    throw ImportError(file: displayName, "not UTF-8 text; Daylio's CSV export is UTF-8")
                }
                return (try DaylioExport.entries(fromCSV: text, file: displayName), nil)
            }
        } catch let error as ImportError {
            guard let actual = ExportKind.format(of: url), actual != format else { throw error }
            throw ImportError(file: displayName, "this is \(actual.appName)'s export, not \(format.appName)'s; "
                              + "import it with 'daybook import \(actual.rawValue) \(displayName)'", isUsage: true)
        }
    }

    private func read(_ url: URL, _ displayName: String) throws -> Data {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
            throw ImportError(file: displayName, "no such file")
        }
        guard !isFolder.boolValue else { throw ImportError(file: displayName, "a folder; give the export file itself") }
        do {
            return try Data(contentsOf: url)
        } catch {
            throw ImportError(file: displayName, "cannot read it: \(error.localizedDescription)")
        }
    }
}
