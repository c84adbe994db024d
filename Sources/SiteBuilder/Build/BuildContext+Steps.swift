/// How a step ends: the build goes on to the next step, or ends with it (nothing changed, or a
/// problem was found that the report now holds).
enum BuildStepOutcome {
    case goOn
    case endBuild
}

extension BuildContext {
    /// The build's steps, in the order `BuildStep` lists them; each is a method over the build in
    /// a file of its own under Steps/.
    mutating func run(_ step: BuildStep, retitle: (String) -> Void) throws -> BuildStepOutcome {
        switch step {
        case .checkForChanges: return checkForChanges()
        case .readEntries: return readEntries()
        case .loadTheme: return loadTheme()
        case .index: return index()
        case .processPictures: return processPictures()
        case .planPages: return planPages(retitle: retitle)
        case .render: return try render()
        case .write: return try write()
        case .searchIndex: return try searchIndex(retitle: retitle)
        case .finish: return try finish()
        }
    }

    /// A step's progress line, when it says more than the step's name.
    func title(of step: BuildStep) -> String? {
        switch step {
        case .render: return renderTitle
        case .finish: return finishTitle
        default: return nil
        }
    }
}
