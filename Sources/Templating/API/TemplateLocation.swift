/// A place in a template file: the display path given when the template was loaded, plus a
/// 1-based line and column (columns count Unicode scalars).
public struct TemplateLocation: Hashable, Sendable, CustomStringConvertible {
    /// The path shown for the template, such as "Templates/entry.html".
    public var path: String
    /// The line, from 1.
    public var line: Int
    /// The column, from 1, in Unicode scalars.
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
