import DiaryModel

/// An entry file cut in two: the YAML between the `---` lines, and the Markdown after them.
struct SplitEntryText {
    var yaml: Substring
    var body: Substring
    /// The file line of the body's first line. The YAML always starts on line 2.
    var bodyFirstLine: Int
}

/// Finds the front matter block at the top of an entry file.
enum FrontMatterSplitter {
    /// Splits `text`, or returns the diagnostic that explains why it cannot.
    static func split(_ text: String, path: String) -> Result<SplitEntryText, Diagnostic> {
        var rest = text[...]
        if rest.hasPrefix("\u{FEFF}") { rest = rest.dropFirst() }
        let fileStart = SourceLocation(path: path)
        guard rest.contains(where: { !$0.isWhitespace }) else {
            return .failure(.error(at: fileStart, "the file is empty; an entry starts with front matter between '---' lines"))
        }
        guard let opening = nextLine(of: rest), isFence(opening.line, allowDots: false) else {
            return .failure(.error(at: fileStart,
                                   "missing front matter; start the file with a '---' line, then 'date:' and 'emotion:', then '---'"))
        }
        rest = opening.rest
        let yamlStart = rest.startIndex
        var lineNumber = 2
        while let next = nextLine(of: rest) {
            if isFence(next.line, allowDots: true) {
                return .success(SplitEntryText(yaml: text[yamlStart..<next.line.startIndex],
                                               body: next.rest, bodyFirstLine: lineNumber + 1))
            }
            rest = next.rest
            lineNumber += 1
        }
        return .failure(.error(at: fileStart, "the front matter opened here is never closed; add a '---' line after it"))
    }

    private static func isFence(_ line: Substring, allowDots: Bool) -> Bool {
        var bytes = line.utf8[...]
        while let last = bytes.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") || last == UInt8(ascii: "\r") {
            bytes = bytes.dropLast()
        }
        return bytes.elementsEqual("---".utf8) || (allowDots && bytes.elementsEqual("...".utf8))
    }

    /// The first line of `text` without its line break, and what follows the break.
    /// Works on bytes because Swift counts "\r\n" as one Character.
    private static func nextLine(of text: Substring) -> (line: Substring, rest: Substring)? {
        guard !text.isEmpty else { return nil }
        guard let newline = text.utf8.firstIndex(of: UInt8(ascii: "\n")) else { return (text, text[text.endIndex...]) }
        return (text[..<newline], text[text.utf8.index(after: newline)...])
    }
}
