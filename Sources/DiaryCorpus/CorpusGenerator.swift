import DiaryModel
import Foundation

/// Writes a synthetic diary (daybook.yml, Content/ with entries and pictures) for tests and
/// benchmarks. The same settings always give the same bytes; a shorter corpus is the first
/// days of a longer one with the same seed.
public struct CorpusGenerator {
    /// How big a diary to write.
    public struct Settings: Sendable {
        public var days: Int
        public var entriesPerDay: Int
        public var seed: UInt64
        public var firstDay: Day
        /// One entry in this many carries pictures.
        public var imagesEvery: Int
        public var distinctImages: Int

        public init(days: Int = 1095, entriesPerDay: Int = 10, seed: UInt64 = 42,
                    firstDay: Day = Day(year: 2023, month: 1, day: 1), imagesEvery: Int = 5, distinctImages: Int = 36) {
            self.days = days
            self.entriesPerDay = entriesPerDay
            self.seed = seed
            self.firstDay = firstDay
            self.imagesEvery = imagesEvery
            self.distinctImages = distinctImages
        }
    }

    /// What was written, so a test can check what a reader finds.
    public struct Summary: Equatable, Sendable {
        public var entries = 0
        public var days = 0
        /// Pictures over all entries, each counted once per entry that shows it.
        public var entryImages = 0
        public var imageFiles = 0
        public var markdownBytes = 0
        public var emotionsUsed = Set<String>()
    }

    public let settings: Settings

    public init(_ settings: Settings) {
        self.settings = settings
    }

    /// The diary's timezone: the generator writes local times for it.
    public static let timeZoneName = "Asia/Seoul"
    static let utcOffsetHours = 9

    /// Writes the corpus into `root`, which must not hold a diary yet.
    @discardableResult
    public func write(to root: URL) throws -> Summary {
        let fileManager = FileManager.default
        let content = root.appendingPathComponent("Content")
        try fileManager.createDirectory(at: content.appendingPathComponent("images"), withIntermediateDirectories: true)
        try Data(configYAML().utf8).write(to: root.appendingPathComponent("daybook.yml"))
        var summary = Summary()
        for index in 0..<settings.distinctImages {
            var colours = SeededGenerator(seed: settings.seed &+ UInt64(index) &* 7919)
            let png = SolidPNG.make(width: 64, height: 48, red: UInt8(colours.int(in: 40...230)),
                                    green: UInt8(colours.int(in: 40...230)), blue: UInt8(colours.int(in: 40...230)))
            try png.write(to: content.appendingPathComponent("images/\(imageName(index)).png"))
            summary.imageFiles += 1
        }
        var entryNumber = 0
        for dayIndex in 0..<settings.days {
            let day = Day(daysSinceEpoch: settings.firstDay.daysSinceEpoch + dayIndex)
            var random = SeededGenerator(seed: settings.seed &* 1_000_003 &+ UInt64(day.daysSinceEpoch + 100_000))
            let folder = content.appendingPathComponent(day.path)
            try fileManager.createDirectory(at: folder, withIntermediateDirectories: true)
            for minute in minutesOfDay(count: settings.entriesPerDay, using: &random) {
                entryNumber += 1
                let entry = makeEntry(day: day, minute: minute, number: entryNumber, random: &random)
                let data = Data(entry.text.utf8)
                try data.write(to: folder.appendingPathComponent(entry.fileName))
                summary.entries += 1
                summary.entryImages += entry.imageCount
                summary.markdownBytes += data.count
                summary.emotionsUsed.formUnion(entry.emotions)
            }
            summary.days += 1
        }
        return summary
    }

    func configYAML() -> String {
        var yaml = "title: 감정 일기 (synthetic)\ntimezone: \(Self.timeZoneName)\nlocale: ko_KR\nbase_url: /\npage_size: 30\nemotions:\n"
        for (id, label, emoji, color, aliases) in CorpusPhrases.emotions {
            yaml += "  - id: \(id)\n    label: \(label)\n    emoji: \"\(emoji)\"\n    color: \"\(color)\"\n    aliases: [\(aliases.joined(separator: ", "))]\n"
        }
        return yaml
    }

    private func imageName(_ index: Int) -> String {
        let base = CorpusPhrases.imageNames[index % CorpusPhrases.imageNames.count]
        let number = index / CorpusPhrases.imageNames.count + 1
        return base + "-" + (number < 10 ? "0\(number)" : "\(number)")
    }

    /// Distinct minutes of the day, sorted, leaning toward daytime and evening.
    private func minutesOfDay(count: Int, using random: inout SeededGenerator) -> [Int] {
        var minutes = Set<Int>()
        while minutes.count < min(count, 1440) {
            let hour = random.chance(85) ? random.int(in: 7...23) : random.int(in: 0...6)
            minutes.insert(hour * 60 + random.int(in: 0...59))
        }
        return minutes.sorted()
    }

    // MARK: - One entry

    private struct GeneratedEntry {
        var fileName: String
        var text: String
        var imageCount: Int
        var emotions: [String]
    }

    private func makeEntry(day: Day, minute: Int, number: Int, random: inout SeededGenerator) -> GeneratedEntry {
        let (korean, english) = random.pick(CorpusPhrases.englishTitles)
        let slug = Slug.make(from: english)
        let hhmm = pad(minute / 60) + pad(minute % 60)
        var frontMatter = "---\n"
        let titleStyle = random.int(in: 0...9)
        var headingTitle: String?
        switch titleStyle {
        case 0...5: frontMatter += "title: \"\(korean) (\(english))\"\n"
        case 6: frontMatter += "title: \(english): notes & thoughts\n".replacingOccurrences(of: ": notes", with: " - notes")
        case 7, 8: headingTitle = random.chance(50) ? korean : english
        default: break  // no title: the date and time stand in
        }
        frontMatter += "date: \(dateText(day: day, minute: minute, random: &random))\n"

        var emotions = [random.pick(weighted: CorpusPhrases.emotionWeights)]
        if random.chance(8) {
            let second = random.pick(weighted: CorpusPhrases.emotionWeights)
            if second != emotions[0] { emotions.append(second) }
        }
        let names = emotions.map { id -> String in
            guard random.chance(15), let emotion = CorpusPhrases.emotions.first(where: { $0.0 == id }) else { return id }
            return random.chance(50) ? emotion.1 : emotion.4[0]  // a label or an alias
        }
        frontMatter += names.count == 1 ? "emotion: \(names[0])\n" : "emotion: [\(names.joined(separator: ", "))]\n"

        let tagCount = random.int(in: 0...3)
        var tags: [String] = []
        while tags.count < tagCount {
            let tag = random.pick(CorpusPhrases.tags)
            if !tags.contains(tag) { tags.append(tag) }
        }
        if !tags.isEmpty || random.chance(30) {
            frontMatter += random.chance(80) ? "tags: [\(tags.joined(separator: ", "))]\n" : "tags: \"\(tags.joined(separator: ", "))\"\n"
        }
        if random.chance(50) { frontMatter += "weather: \(random.pick(["sunny", "cloudy", "rainy", "snowy"]))\n" }

        var imageCount = 0
        var bodyImage: String?
        if number % settings.imagesEvery == 0 {
            var chosen: [String] = []
            for _ in 0..<random.int(in: 1...3) {
                let name = imageName(random.int(in: 0...settings.distinctImages - 1))
                if !chosen.contains(name) { chosen.append(name) }
            }
            frontMatter += "images:\n"
            for name in chosen {
                if random.chance(50) {
                    frontMatter += "  - images/\(name).png\n"
                } else {
                    frontMatter += "  - src: images/\(name).png\n    alt: \"\(name) 사진\"\n"
                    if random.chance(30) { frontMatter += "    caption: \"\(CorpusPhrases.koreanSentences[0].prefix(8))\"\n" }
                }
            }
            imageCount = chosen.count
            if random.chance(30) {
                let name = imageName(random.int(in: 0...settings.distinctImages - 1))
                if !chosen.contains(name) {
                    bodyImage = name
                    imageCount += 1
                }
            }
        }
        frontMatter += "---\n\n"
        var body = headingTitle.map { "# \($0)\n\n" } ?? ""
        body += makeBody(bodyImage: bodyImage, random: &random)
        return GeneratedEntry(fileName: "\(hhmm)-\(slug).md", text: frontMatter + body, imageCount: imageCount, emotions: emotions)
    }

    /// The entry's local time, written in one of the accepted forms; one in ten carries a UTC
    /// offset that names the same moment from another zone, sometimes on another calendar day.
    private func dateText(day: Day, minute: Int, random: inout SeededGenerator) -> String {
        let local = LocalDateTime(day: day, hour: minute / 60, minute: minute % 60)
        switch random.int(in: 0...19) {
        case 0:
            let utc = LocalDateTime(wallClockSeconds: local.wallClockSeconds - Self.utcOffsetHours * 3600)
            return "\(utc.day)T\(pad(utc.hour)):\(pad(utc.minute)):00Z"
        case 1:
            let newYork = LocalDateTime(wallClockSeconds: local.wallClockSeconds - (Self.utcOffsetHours + 5) * 3600)
            return "\(newYork.day)T\(pad(newYork.hour)):\(pad(newYork.minute)):00-05:00"
        case 2...7:
            return "\(day)T\(pad(local.hour)):\(pad(local.minute)):00+09:00"
        case 8...9:
            return "\(day) \(pad(local.hour)):\(pad(local.minute)):00"
        default:
            return "\(day) \(pad(local.hour)):\(pad(local.minute))"
        }
    }

    private func makeBody(bodyImage: String?, random: inout SeededGenerator) -> String {
        var paragraphs: [String] = []
        let paragraphCount = random.int(in: 3...8)
        for index in 0..<paragraphCount {
            var sentences: [String] = []
            for _ in 0..<random.int(in: 2...7) { sentences.append(decorate(sentence(random: &random), random: &random)) }
            var paragraph = sentences.joined(separator: " ")
            if index == 0, random.chance(36) {
                paragraph += random.chance(50) ? " 참고: https://example.com/diary/\(random.int(in: 1...999))" : " See www.example.org/notes too."
            }
            paragraphs.append(paragraph)
            switch random.int(in: 0...99) {
            case 0..<12: paragraphs.append("## \(random.pick(["오후", "Evening", "생각", "Later"]))")
            case 12..<20: paragraphs.append("> " + sentence(random: &random))
            case 20..<26: paragraphs.append((1...random.int(in: 2...4)).map { _ in "- " + sentence(random: &random) }.joined(separator: "\n"))
            case 26..<28: paragraphs.append((1...3).map { "\($0). " + sentence(random: &random) }.joined(separator: "\n"))
            case 28..<30: paragraphs.append("- [x] 빨래하기\n- [ ] call mom\n- [ ] 장보기")
            case 30..<31: paragraphs.append("| 시간 | 한 일 |\n|---|---|\n| 09:00 | 산책 |\n| 13:00 | lunch & <coffee> |")
            case 31..<32: paragraphs.append("```swift\nlet mood = \"calm\" // 오늘의 기분\nprint(mood)\n```")
            case 32..<33: paragraphs.append("오늘의 한 줄[^1].\n\n[^1]: 각주는 이렇게 쓴다.")
            default: break
            }
        }
        if let bodyImage {
            let path = random.chance(50) ? "../../../images/\(bodyImage).png" : "images/\(bodyImage).png"
            paragraphs.insert("![\(bodyImage) 풍경](\(path))", at: min(1, paragraphs.count))
        }
        return paragraphs.joined(separator: "\n\n") + "\n"
    }

    private func sentence(random: inout SeededGenerator) -> String {
        switch random.int(in: 0...9) {
        case 0...4: return random.pick(CorpusPhrases.koreanSentences) + "."
        case 5...7: return random.pick(CorpusPhrases.englishSentences) + "."
        default: return random.pick(CorpusPhrases.mixedSentences) + "."
        }
    }

    private func decorate(_ sentence: String, random: inout SeededGenerator) -> String {
        switch random.int(in: 0...29) {
        case 0...3: return "*\(sentence)*"
        case 4...5: return "**\(sentence)**"
        case 6...7: return "~~\(sentence)~~"
        case 8:
            let (text, url) = random.pick(CorpusPhrases.links)
            return sentence + " [\(text)](\(url))"
        case 9: return sentence + " `mood = \"ok\"`"
        case 10: return sentence + " 1 < 2 & 3 > 2"
        default: return sentence
        }
    }

    private func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
