import DiaryModel
import DiaryReader
import Foundation

/// `daybook init`: a new diary with `daybook.yml` and a first entry. Refuses to overwrite anything.
public struct DiaryInitializer {
    public let root: URL

    public init(root: URL) {
        self.root = root
    }

    /// Writes the diary and returns the paths written, relative to `root`.
    public func create(now: Date = Date(), timeZone: TimeZone = .current) throws -> [String] {
        let fileManager = FileManager.default
        for name in [ConfigLoader.fileName, ContentFiles.folderName] {
            if fileManager.fileExists(atPath: root.appendingPathComponent(name).path) {
                throw CommandError("\(root.appendingPathComponent(name).path) already exists; 'daybook init' never overwrites a diary")
            }
        }
        try fileManager.createDirectory(at: root, withIntermediateDirectories: true)
        do {
            try Data(configText(timeZone: timeZone).utf8).write(to: root.appendingPathComponent(ConfigLoader.fileName), options: .withoutOverwriting)
        } catch {
            throw CommandError("cannot write \(ConfigLoader.fileName): \(error.localizedDescription)")
        }
        let writer = EntryFileWriter(root: root)
        let entry = try writer.create(.init(title: "Hello, Daybook", tags: ["first"]), now: now)
        let url = root.appendingPathComponent(entry)
        let welcome = """
            This is your first entry. Write what happened today and how it felt.

            - Change `emotion:` above to one of the emotions in `daybook.yml`.
            - Add a new entry with `daybook new --emotion calm "A quiet evening"`.
            - Build the site with `daybook build` and open `Output/index.html`.

            """
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(welcome.utf8))
        return [ConfigLoader.fileName, entry]
    }

    func configText(timeZone: TimeZone) -> String {
        var text = """
            # Daybook site configuration. Every key is optional.
            title: My Daybook
            timezone: \(timeZone.identifier)
            locale: en_US
            base_url: /
            page_size: 30
            emotions:

            """
        for emotion in Emotion.defaults {
            text += "  - id: \(emotion.id)\n    label: \(emotion.label)\n    emoji: \"\(emotion.emoji)\"\n"
            text += "    color: \"\(emotion.color)\"\n    aliases: [\(emotion.aliases.joined(separator: ", "))]\n"
        }
        return text
    }
}
