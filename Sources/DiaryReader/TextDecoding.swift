import DiaryModel
import Foundation

/// Bytes to text, and text positions to lines and columns.
enum TextDecoding {
    /// The UTF-8 text in `data`, or an error at the first byte that is not UTF-8.
    static func decode(_ data: Data, path: String) -> Result<String, Diagnostic> {
        if let text = String(validating: data, as: UTF8.self) { return .success(text) }
        let bytes = [UInt8](data)
        var offset = 0
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        parsing: while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar): offset += scalar.count
            case .emptyInput: break parsing
            case .error: break parsing
            }
        }
        let valid = String(decoding: bytes[..<offset], as: UTF8.self)
        let location = self.location(of: valid.endIndex, in: valid[...], path: path, firstLine: 1)
        let byte = String(bytes[min(offset, bytes.count - 1)], radix: 16, uppercase: true)
        return .failure(.error(at: location, "the file is not UTF-8 text (byte 0x\(byte) at offset \(offset)); save it as UTF-8"))
    }

    /// The line and column of `index` in `text`, whose first line is line `firstLine` of the file.
    /// Columns count Unicode scalars, as YAML's do.
    static func location(of index: String.Index, in text: Substring, path: String, firstLine: Int) -> SourceLocation {
        var line = firstLine
        var column = 1
        for scalar in text.unicodeScalars[text.startIndex..<index] {
            if scalar == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return SourceLocation(path: path, line: line, column: column)
    }
}
