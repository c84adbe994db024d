import Foundation

/// A JSON object as `JSONSerialization` gives it, read field by field with messages that say
/// what was expected and what was found. An absent field and `null` are the same: nothing.
struct JSONFields {
    /// A field of the wrong kind: the message names the field.
    struct Mismatch: Error {
        var message: String
    }

    let object: [String: Any]

    init(_ object: [String: Any]) {
        self.object = object
    }

    /// Parses `data` as JSON; the message of a syntax error is Foundation's, which gives the line.
    static func parse(_ data: Data) throws -> Any {
        do {
            return try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            let underlying = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
            throw Mismatch(message: "not valid JSON: \(underlying ?? error.localizedDescription)")
        }
    }

    func string(_ key: String) throws -> String? {
        guard let value = present(key) else { return nil }
        guard let text = value as? String else { throw mismatch(key, "text", value) }
        return text
    }

    func requiredString(_ key: String) throws -> String {
        guard let text = try string(key) else { throw Mismatch(message: "'\(key)' is missing") }
        return text
    }

    func strings(_ key: String) throws -> [String] {
        guard let value = present(key) else { return [] }
        guard let list = value as? [Any] else { throw mismatch(key, "a list of texts", value) }
        return try list.map { item in
            guard let text = item as? String else { throw mismatch(key, "a list of texts", value) }
            return text
        }
    }

    func bool(_ key: String) throws -> Bool? {
        guard let value = present(key) else { return nil }
        if let flag = value as? Bool { return flag }
        if let number = value as? NSNumber, number == 0 || number == 1 { return number.boolValue }
        throw mismatch(key, "true or false", value)
    }

    func number(_ key: String) throws -> Double? {
        guard let value = present(key) else { return nil }
        guard let number = value as? NSNumber else { throw mismatch(key, "a number", value) }
        return number.doubleValue
    }

    func fields(_ key: String) throws -> JSONFields? {
        guard let value = present(key) else { return nil }
        guard let object = value as? [String: Any] else { throw mismatch(key, "an object { … }", value) }
        return JSONFields(object)
    }

    func list(_ key: String) throws -> [JSONFields] {
        guard let value = present(key) else { return [] }
        guard let list = value as? [Any] else { throw mismatch(key, "a list of objects", value) }
        return try list.map { item in
            guard let object = item as? [String: Any] else { throw mismatch(key, "a list of objects", value) }
            return JSONFields(object)
        }
    }

    private func present(_ key: String) -> Any? {
        guard let value = object[key], !(value is NSNull) else { return nil }
        return value
    }

    private func mismatch(_ key: String, _ expected: String, _ found: Any) -> Mismatch {
        Mismatch(message: "'\(key)' must be \(expected), found \(Self.describe(found))")
    }

    /// How a JSON value reads in a message: `the text "x"`, `a number`, `a list`.
    static func describe(_ value: Any) -> String {
        switch value {
        case let text as String: return "the text \"\(text.count > 30 ? text.prefix(29) + "…" : text)\""
        case is [Any]: return "a list"
        case is [String: Any]: return "an object"
        case is NSNull: return "null"
        case let number as NSNumber: return "the number \(number)"
        default: return "\(value)"
        }
    }
}
