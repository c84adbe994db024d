import DiaryModel
import DiaryReader

/// Asks on a terminal which emotion a new entry has, since Daybook never picks one for the
/// writer: the diary's emotions by number, and a number, id, label or alias as the answer.
public struct EmotionPrompt {
    public let emotions: [Emotion]
    /// Reads one line of the answer; nil at the end of input.
    let readLine: () -> String?
    /// Writes text without adding a line break (the prompt goes to standard error).
    let write: (String) -> Void

    public init(emotions: [Emotion], readLine: @escaping () -> String?, write: @escaping (String) -> Void) {
        self.emotions = emotions
        self.readLine = readLine
        self.write = write
    }

    /// The chosen emotion's id. Asks again after an answer it cannot use; fails at the end of input.
    public func ask() throws -> String {
        let catalog = EmotionCatalog(emotions)
        var menu = "How did it feel?\n"
        for (index, emotion) in emotions.enumerated() {
            menu += "  \(index + 1)  \(emotion.emoji) \(emotion.label == emotion.id ? emotion.id : "\(emotion.id) (\(emotion.label))")\n"
        }
        write(menu)
        while true {
            write("Emotion (1-\(emotions.count) or a name): ")
            guard let line = readLine() else {
                write("\n")
                throw CommandError("no emotion given; pass --emotion to write an entry without being asked", isUsage: true)
            }
            let answer = line.trimmed
            if answer.isEmpty { continue }
            if let number = Int(answer), (1...emotions.count).contains(number) { return emotions[number - 1].id }
            if let emotion = catalog.emotion(named: answer) { return emotion.id }
            write("unknown emotion '\(answer)'\(Suggestion.hint(for: answer, among: catalog.allNames))\n")
        }
    }
}
