import CCmarkGFM
import DiaryModel
import Foundation

/// One entry body parsed by cmark-gfm (GFM tables, strikethrough, autolinks, task lists,
/// footnotes; safe mode, so raw HTML and `javascript:` links never reach the page).
///
/// cmark-gfm is not thread-safe: while it parses inlines it switches the extensions'
/// special characters on and off in process-wide tables, so two documents finishing at
/// once corrupt each other. Block parsing and HTML rendering touch no shared state, so
/// only `cmark_parser_finish` runs under `inlineLock`; the rest runs in parallel.
final class MarkdownDocument {
    /// An image in the body, `![alt](url)`.
    struct Image {
        fileprivate let node: OpaquePointer
        let url: String
        let alt: String
    }

    private static let inlineLock = NSLock()
    private static let extensions = CoreExtensions()

    private let parser: OpaquePointer
    private let root: OpaquePointer
    private let options: Int32

    /// Parses `markdown`; `features` forces extensions on (tests compare against all of them).
    init(_ markdown: Substring, features: MarkdownFeatures? = nil) {
        let features = features ?? MarkdownFeatures(of: markdown)
        options = CMARK_OPT_DEFAULT | (features.mayHaveFootnotes ? CMARK_OPT_FOOTNOTES : 0)
        let parser: OpaquePointer = cmark_parser_new(options)
        self.parser = parser
        // Extensions a body cannot use are left out: the autolink one alone costs a third of the parse.
        let wanted: [(Bool, OpaquePointer?)] = [
            (features.mayHaveTables, Self.extensions.table),
            (features.mayHaveStrikethrough, Self.extensions.strikethrough),
            (features.mayHaveAutolinks, Self.extensions.autolink),
            (features.mayHaveTaskLists, Self.extensions.tasklist),
        ]
        for case (true, let syntaxExtension?) in wanted {
            cmark_parser_attach_syntax_extension(parser, syntaxExtension)
        }
        var text = markdown
        text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { cmark_parser_feed(parser, $0.baseAddress, $0.count) }
        }
        Self.inlineLock.lock()
        root = cmark_parser_finish(parser)
        Self.inlineLock.unlock()
    }

    deinit {
        cmark_node_free(root)
        cmark_parser_free(parser)
    }

    /// Removes the first level-1 heading and returns its text, or nil when there is none.
    func takeFirstLevelOneHeading() -> String? {
        var child = cmark_node_first_child(root)
        while let node = child {
            if cmark_node_get_type(node) == CMARK_NODE_HEADING, cmark_node_get_heading_level(node) == 1 {
                let title = Self.plainText(of: node)
                cmark_node_unlink(node)
                cmark_node_free(node)
                return title
            }
            child = cmark_node_next(node)
        }
        return nil
    }

    /// Every image in reading order.
    func images() -> [Image] {
        var found: [Image] = []
        Self.walk(root) { node in
            if cmark_node_get_type(node) == CMARK_NODE_IMAGE {
                let url = cmark_node_get_url(node).map { String(cString: $0) } ?? ""
                found.append(Image(node: node, url: url, alt: Self.plainText(of: node)))
            }
        }
        return found
    }

    /// Points an image at another address.
    func setURL(_ url: String, of image: Image) {
        cmark_node_set_url(image.node, url)
    }

    /// The visible text of the body without its footnotes, and of its footnotes: text, code,
    /// link text and picture descriptions (never URLs, raw HTML or footnote markers). Inline
    /// boundaries add nothing (`마음이 **편안했다**.` reads `마음이 편안했다.`); blocks and line
    /// breaks are set apart by a space; every run of white space is one space. In UTF-8.
    func visibleText() -> (body: [UInt8], footnotes: [UInt8]) {
        var body = VisibleTextCollector()
        var footnotes = VisibleTextCollector()
        var footnoteDepth = 0
        let iterator = cmark_iter_new(root)
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            guard event != CMARK_EVENT_DONE else { break }
            guard let node = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(node)
            if type == CMARK_NODE_FOOTNOTE_DEFINITION {
                footnoteDepth += event == CMARK_EVENT_ENTER ? 1 : -1
                footnotes.separate()
                continue
            }
            if footnoteDepth > 0 {
                footnotes.visit(node, type: type)
            } else {
                body.visit(node, type: type)
            }
        }
        return (body.bytes, footnotes.bytes)
    }

    func html() -> String {
        guard let rendered = cmark_render_html(root, options, cmark_parser_get_syntax_extensions(parser)) else { return "" }
        defer { free(rendered) }
        return String(cString: rendered)
    }

    // MARK: - Walking the tree

    private static func walk(_ node: OpaquePointer, _ visit: (OpaquePointer) -> Void) {
        let iterator = cmark_iter_new(node)
        defer { cmark_iter_free(iterator) }
        while cmark_iter_next(iterator) != CMARK_EVENT_DONE {
            if let current = cmark_iter_get_node(iterator), cmark_iter_get_event_type(iterator) == CMARK_EVENT_ENTER {
                visit(current)
            }
        }
    }

    /// The text a reader sees in `node`: literals joined, line breaks as spaces.
    private static func plainText(of node: OpaquePointer) -> String {
        var text = ""
        walk(node) { inner in
            let type = cmark_node_get_type(inner)
            if type == CMARK_NODE_TEXT || type == CMARK_NODE_CODE, let literal = cmark_node_get_literal(inner) {
                text += String(cString: literal)
            } else if type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK {
                text += " "
            }
        }
        return text.trimmed
    }
}

/// Gathers the visible text of a walk over a cmark tree, white space folded.
private struct VisibleTextCollector {
    private(set) var bytes: [UInt8] = []
    private var pendingSpace = false

    /// Sets what follows apart from what came before by a space.
    mutating func separate() { pendingSpace = true }

    /// Takes in one event of a walk (leaves have only one): a node's own text, or a separation
    /// where a block begins or ends, or at a line break. A picture's description is inline text,
    /// spaced as the writer spaced the picture.
    mutating func visit(_ node: OpaquePointer, type: cmark_node_type) {
        switch type {
        case CMARK_NODE_TEXT, CMARK_NODE_CODE, CMARK_NODE_CODE_BLOCK:
            if type == CMARK_NODE_CODE_BLOCK { separate() }
            if let literal = cmark_node_get_literal(node) { append(literal) }
            if type == CMARK_NODE_CODE_BLOCK { separate() }
        case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
            separate()
        case CMARK_NODE_HTML_INLINE, CMARK_NODE_HTML_BLOCK, CMARK_NODE_FOOTNOTE_REFERENCE:
            // Raw HTML is not shown (safe mode); a footnote marker is a number, not words.
            if type == CMARK_NODE_HTML_BLOCK { separate() }
        default:
            // Every type, an extension's too (tables, strikethrough), says whether it is a block:
            // CMARK_NODE_TYPE_MASK (0xC000) leaves CMARK_NODE_TYPE_BLOCK (0x8000).
            if type.rawValue & 0xC000 == 0x8000 { separate() }
        }
    }

    /// Copies each run of the literal between white space whole.
    private mutating func append(_ literal: UnsafePointer<CChar>) {
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D }
        let length = strlen(literal)
        literal.withMemoryRebound(to: UInt8.self, capacity: length) { start in
            let text = UnsafeBufferPointer(start: start, count: length)
            var offset = 0
            while offset < length {
                if isSpace(text[offset]) {
                    pendingSpace = true
                    offset += 1
                    continue
                }
                var end = offset + 1
                while end < length && !isSpace(text[end]) { end += 1 }
                if pendingSpace && !bytes.isEmpty { bytes.append(0x20) }
                pendingSpace = false
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[offset..<end]))
                offset = end
            }
        }
    }
}

/// The GFM extensions, registered once per process.
private struct CoreExtensions {
    let table: OpaquePointer?
    let strikethrough: OpaquePointer?
    let autolink: OpaquePointer?
    let tasklist: OpaquePointer?

    init() {
        cmark_gfm_core_extensions_ensure_registered()
        table = cmark_find_syntax_extension("table")
        strikethrough = cmark_find_syntax_extension("strikethrough")
        autolink = cmark_find_syntax_extension("autolink")
        tasklist = cmark_find_syntax_extension("tasklist")
    }
}

/// Cheap byte tests that rule out a GFM construct: when the character it needs is absent,
/// its extension cannot change the output.
struct MarkdownFeatures {
    var mayHaveTables = false
    var mayHaveStrikethrough = false
    var mayHaveAutolinks = false
    var mayHaveTaskLists = false
    var mayHaveFootnotes = false

    init(of markdown: Substring) {
        var text = markdown
        self = text.withUTF8 { MarkdownFeatures(bytes: $0) }
    }

    /// Looks closer only at the few bytes that can start a construct (one bit test per byte),
    /// and at the bytes just before one (`[^`, `www.`).
    init(bytes: UnsafeBufferPointer<UInt8>) {
        func isW(_ offset: Int) -> Bool { offset >= 0 && bytes[offset] | 0x20 == UInt8(ascii: "w") }
        let (marksBelow64, marksFrom64) = (Self.marksBelow64, Self.marksFrom64)
        var offset = 0
        while offset < bytes.count {
            let byte = bytes[offset]
            let marked = byte < 64 ? marksBelow64 >> byte & 1 : byte < 128 ? marksFrom64 >> (byte - 64) & 1 : 0
            if marked != 0 {
                switch byte {
                case UInt8(ascii: "|"): mayHaveTables = true
                case UInt8(ascii: "~"): mayHaveStrikethrough = true
                case UInt8(ascii: "@"), UInt8(ascii: ":"): mayHaveAutolinks = true
                case UInt8(ascii: "["): mayHaveTaskLists = true
                case UInt8(ascii: "^"): if offset > 0 && bytes[offset - 1] == UInt8(ascii: "[") { mayHaveFootnotes = true }
                default: if isW(offset - 1) && isW(offset - 2) && isW(offset - 3) { mayHaveAutolinks = true }
                }
            }
            offset += 1
        }
    }

    /// The bytes the scan stops at (`|~@:[^.`), as bits of two words: bytes 0–63 and 64–127.
    private static let marksBelow64: UInt64 = 1 << UInt64(UInt8(ascii: ":")) | 1 << UInt64(UInt8(ascii: "."))
    private static let marksFrom64: UInt64 = ["|", "~", "@", "[", "^"].reduce(0) { $0 | 1 << UInt64(UInt8(ascii: $1) - 64) }

    static let all: MarkdownFeatures = {
        var features = MarkdownFeatures(of: "")
        features.mayHaveTables = true
        features.mayHaveStrikethrough = true
        features.mayHaveAutolinks = true
        features.mayHaveTaskLists = true
        features.mayHaveFootnotes = true
        return features
    }()
}
