/// The steps of a build, in the order they run. A nothing-changed build runs only the first;
/// tests and `-v` name steps by these identities, never by their progress text.
public enum BuildStep: Int, CaseIterable, Sendable, CustomStringConvertible {
    case checkForChanges = 1
    case readEntries
    case loadTheme
    case index
    case processPictures
    case planPages
    case render
    case write
    case searchIndex
    case finish

    /// The step's name in progress lines and error messages.
    public var description: String {
        switch self {
        case .checkForChanges: return "Check for changes"
        case .readEntries: return "Read entries"
        case .loadTheme: return "Load the theme"
        case .index: return "Index days, emotions, tags and pictures"
        case .processPictures: return "Process pictures"
        case .planPages: return "Plan pages"
        case .render: return "Render pages"
        case .write: return "Write files"
        case .searchIndex: return "Search index"
        case .finish: return "Remove old files and save the build cache"
        }
    }
}

/// How long one step took, and what its progress line said.
public struct BuildStepTiming: Sendable {
    public var step: BuildStep
    /// The progress line's text, such as `Render 10 of 13,133 pages`.
    public var title: String
    public var seconds: Double
    /// The processor time the process used meanwhile, on every core: above `seconds` when the
    /// step kept several cores busy. Work a step left running in the background counts in the
    /// steps it overlaps.
    public var processorSeconds: Double

    public init(step: BuildStep, title: String, seconds: Double, processorSeconds: Double = 0) {
        self.step = step
        self.title = title
        self.seconds = seconds
        self.processorSeconds = processorSeconds
    }

    /// How `-v` prints it: `  0.012s  [7/10] Render 10 of 13,133 pages (0.023s CPU)`.
    public var line: String {
        String(format: "%7.3fs  [%d/%d] %@ (%.3fs CPU)", seconds, step.rawValue, BuildStep.allCases.count, title, processorSeconds)
    }
}

/// An error a step threw, tagged with the step's name.
public struct BuildStepError: Error, CustomStringConvertible {
    public var step: BuildStep
    public var underlying: Error

    public var description: String {
        "\(step.description.lowercased()): \(underlying)"
    }
}
