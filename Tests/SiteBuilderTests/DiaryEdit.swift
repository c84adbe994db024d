import DaybookTestSupport
import DiaryCorpus
import Foundation
import XCTest

/// One change a diary writer makes, applied at random to a diary folder: the random-edit tests
/// of the command line and of `daybook serve` make the same edits.
enum DiaryEdit: CaseIterable {
    case addEntry, editBody, moveToAnotherDay, changeEmotion, addImage, removeImage, deleteEntry, renameEntry,
         editTemplate, editConfig, addDraft, touchWithoutChange, editTitle, editTags, editExtraKey, moveToAnotherFolder

    /// Makes the change to the diary at `root`; `step` tells apart what successive edits write.
    func apply(to root: URL, step: Int, random: inout SeededGenerator) throws {
        let entries = try entryFiles(in: root)
        let emotions = ["happy", "calm", "sad", "기쁨", "nostalgic"]
        func anyEntry() -> URL { entries[random.int(in: 0...entries.count - 1)] }
        func rewrite(_ url: URL, _ change: (String) -> String) throws {
            try change(try String(contentsOf: url, encoding: .utf8)).write(to: url, atomically: true, encoding: .utf8)
        }
        /// Sets (or, with nil, removes) a front-matter key of an entry.
        func setFrontMatter(_ key: String, to value: String?, in url: URL) throws {
            try rewrite(url) { text in
                let without = text.replacingOccurrences(of: "\n\(key): [^\n]*", with: "", options: .regularExpression)
                guard let value else { return without }
                return without.replacingOccurrences(of: "^---\n", with: "---\n\(key): \(value)\n", options: .regularExpression)
            }
        }
        switch self {
        case .addEntry, .addDraft:
            let day = random.int(in: 1...28)
            let url = root.appendingPathComponent("Content/2025/04/\(day < 10 ? "0" : "")\(day)/entry-\(step).md")
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            let draft = self == .addDraft ? "draft: true\n" : ""
            try "---\ntitle: Step \(step)\ndate: 2025-04-\(day < 10 ? "0" : "")\(day) 1\(step % 10):00\nemotion: \(random.pick(emotions))\ntags: [step\(step % 3)]\n\(draft)---\nText of step \(step).\n"
                .write(to: url, atomically: true, encoding: .utf8)
        case .editBody:
            try rewrite(anyEntry()) { $0 + "\nMore words at step \(step).\n" }
        case .moveToAnotherDay:
            try rewrite(anyEntry()) { text in
                text.replacingOccurrences(of: #"date: [^\n]+"#, with: "date: 2024-12-\(10 + step % 18) 08:00", options: .regularExpression)
            }
        case .changeEmotion:
            let emotion = random.pick(emotions)
            try rewrite(anyEntry()) { text in
                text.replacingOccurrences(of: #"emotion: [^\n]+"#, with: "emotion: \(emotion)", options: .regularExpression)
            }
        case .addImage:
            try rewrite(anyEntry()) { $0 + "\n![picture \(step)](/pictures/plum.png)\n" }
        case .removeImage:
            for url in entries where try String(contentsOf: url, encoding: .utf8).contains("](/pictures/plum.png)") {
                try rewrite(url) { $0.replacingOccurrences(of: #"!\[[^\]]*\]\(/pictures/plum.png\)"#, with: "", options: .regularExpression) }
                break
            }
        case .deleteEntry:
            guard entries.count > 2 else { return }
            try FileManager.default.removeItem(at: anyEntry())
        case .renameEntry:
            let url = anyEntry()
            try FileManager.default.moveItem(at: url, to: url.deletingLastPathComponent().appendingPathComponent("renamed-\(step).md"))
        case .moveToAnotherFolder:
            // The same name and date, so the same entry id, from another file. Only an entry without
            // pictures moves: theirs are named relative to the entry's file, which a move would break.
            let movable = try entries.filter { !(try String(contentsOf: $0, encoding: .utf8)).contains(".png") }
            guard !movable.isEmpty else { return }
            let url = movable[random.int(in: 0...movable.count - 1)]
            let folder = root.appendingPathComponent("Content/moved-\(step)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try FileManager.default.moveItem(at: url, to: folder.appendingPathComponent(url.lastPathComponent))
        case .editTemplate:
            let templates = root.appendingPathComponent("Templates")
            try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
            try "<!DOCTYPE html><title>{{ page.title }}</title><p>Lost at step \(step) in {{ site.title }}.</p>\n"
                .write(to: templates.appendingPathComponent("404.html"), atomically: true, encoding: .utf8)
        case .editConfig:
            let pageSize = random.int(in: 1...3)
            let baseURL = random.pick(["/", "/diary/", "/a/b/"])
            let changesBaseURL = random.int(in: 0...1) == 0
            try rewrite(root.appendingPathComponent("daybook.yml")) { text in
                guard changesBaseURL else {
                    return text.replacingOccurrences(of: #"page_size: \d+"#, with: "page_size: \(pageSize)", options: .regularExpression)
                }
                return text.replacingOccurrences(of: #"\nbase_url: [^\n]*"#, with: "", options: .regularExpression) + "\nbase_url: \(baseURL)\n"
            }
        case .editTitle:
            try setFrontMatter("title", to: random.pick(["Renamed at step \(step)", "조용한 밤", nil]), in: anyEntry())
        case .editTags:
            try setFrontMatter("tags", to: random.pick(["[walk]", "[봄, Walk]", "[rain, step\(step % 3)]", nil]), in: anyEntry())
        case .editExtraKey:
            try setFrontMatter("weather", to: random.pick(["sunny", "rain at step \(step)", nil]), in: anyEntry())
        case .touchWithoutChange:
            let url = anyEntry()
            try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: url.path)
        }
    }
}

/// The diary's entry files, in path order.
func entryFiles(in root: URL) throws -> [URL] {
    let enumerator = try XCTUnwrap(FileManager.default.enumerator(at: root.appendingPathComponent("Content"), includingPropertiesForKeys: nil))
    return enumerator.compactMap { $0 as? URL }.filter { $0.pathExtension == "md" }.sorted { $0.path < $1.path }
}
