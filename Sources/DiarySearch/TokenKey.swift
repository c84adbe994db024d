import DiaryModel
import Foundation

/// A token compared and hashed by its UTF-8 bytes: the tokens are normalised already, so
/// `String`'s own comparison (canonical equivalence) would only cost time.
struct TokenKey: Hashable {
    var text: String

    init(_ text: String) { self.text = text }

    static func == (a: TokenKey, b: TokenKey) -> Bool { UTF8Order.equal(a.text, b.text) }

    func hash(into hasher: inout Hasher) {
        var text = text
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
