/// A place in a template file: the display path given when the template was loaded, plus a
/// 1-based line and column (columns count Unicode scalars).
public struct TemplateLocation: Hashable, Sendable, CustomStringConvertible {
    public var path: String
    public var line: Int
    public var column: Int

    /// A location in `path` at `line`:`column`.
    public init(path: String, line: Int, column: Int) {
        self.path = path
        self.line = line
        self.column = column
    }

    /// `path:line:column`.
    public var description: String { "\(path):\(line):\(column)" }
}
