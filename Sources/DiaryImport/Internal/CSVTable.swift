import DiaryModel

/// Comma-separated values as RFC 4180 has them: fields in double quotes may hold commas,
/// line breaks and `""` for a quote; lines end in LF or CRLF; a UTF-8 byte order mark is skipped.
struct CSVTable {
    /// One record, with the file line it starts on (records can span lines).
    struct Row {
        var line: Int
        var fields: [String]
    }

    /// A quote opened and never closed: the line it opened on.
    struct UnclosedQuote: Error {
        var line: Int
    }

    var header: [String]
    var rows: [Row]

    init(parsing text: String) throws {
        var records: [Row] = []
        var fields: [String] = []
        var field = ""
        var line = 1
        var recordLine = 1
        var quoteLine = 0
        var inQuotes = false
        var afterQuote = false
        var scalars = text.unicodeScalars[...]
        if scalars.first == "\u{FEFF}" { scalars = scalars.dropFirst() }
        var iterator = scalars.makeIterator()
        var pending: Unicode.Scalar? = nil

        func endRecord() {
            fields.append(field)
            field = ""
            if !(fields.count == 1 && fields[0].isEmpty) { records.append(Row(line: recordLine, fields: fields)) }
            fields = []
        }

        while let scalar = pending ?? iterator.next() {
            pending = nil
            if inQuotes {
                if scalar == "\"" {
                    let next = iterator.next()
                    if next == "\"" {
                        field.unicodeScalars.append("\"")
                    } else {
                        inQuotes = false
                        afterQuote = true
                        pending = next
                    }
                } else if scalar == "\r" {
                    // A line break inside quotes is kept as "\n", whichever way the file ends lines.
                    let next = iterator.next()
                    if next != "\n" { pending = next }
                    line += 1
                    field.unicodeScalars.append("\n")
                } else {
                    if scalar == "\n" { line += 1 }
                    field.unicodeScalars.append(scalar)
                }
                continue
            }
            switch scalar {
            case "\"" where field.isEmpty && !afterQuote:
                inQuotes = true
                quoteLine = line
            case ",":
                fields.append(field)
                field = ""
                afterQuote = false
            case "\r":
                continue
            case "\n":
                endRecord()
                afterQuote = false
                line += 1
                recordLine = line
            default:
                field.unicodeScalars.append(scalar)
            }
        }
        if inQuotes { throw UnclosedQuote(line: quoteLine) }
        if !field.isEmpty || !fields.isEmpty { endRecord() }
        header = records.first?.fields.map { $0.trimmed } ?? []
        rows = Array(records.dropFirst())
    }

    /// The index of the first header column named any of `names` (case-insensitive).
    func column(_ names: String...) -> Int? {
        header.firstIndex { names.contains($0.lowercased()) }
    }
}

extension CSVTable.Row {
    func value(_ column: Int?) -> String {
        guard let column, column < fields.count else { return "" }
        return fields[column]
    }
}
