import DaybookTestSupport
import DiaryModel
@testable import DiaryReader
import XCTest

final class ConfigLoaderTests: XCTestCase {
    func testAnEmptyConfigurationGivesTheDefaults() {
        let (config, problems) = ConfigLoader.load("")
        XCTAssertEqual(problems, [])
        XCTAssertEqual(config.emotions.map(\.id), ["happy", "sad", "angry", "anxious", "calm", "grateful", "tired", "excited"])
        XCTAssertEqual(config.pageSize, 30)
        XCTAssertEqual(config.baseURL, "/")
        XCTAssertEqual(config.localeIdentifier, "en_US")
    }

    func testTheFileIsReadAgainEachTimeAndAChangeIsSeen() throws {
        let diary = try TemporaryDiary([:], config: "title: First\n")
        addTeardownBlock { diary.remove() }
        XCTAssertEqual(ConfigFile.load(root: diary.root).config.title, "First")
        XCTAssertEqual(ConfigFile.load(root: diary.root).config.title, "First")
        try diary.write("title: Second\nlocale: ko_KR\n", to: "daybook.yml")
        let changed = ConfigFile.load(root: diary.root)
        XCTAssertEqual([changed.config.title, changed.config.localeIdentifier], ["Second", "ko_KR"])
        try diary.write("title: [\n", to: "daybook.yml")
        XCTAssertFalse(ConfigFile.load(root: diary.root).diagnostics.isEmpty, "a broken file is a problem, not the last good one")
        try FileManager.default.removeItem(at: diary.root.appendingPathComponent("daybook.yml"))
        XCTAssertEqual(ConfigFile.load(root: diary.root).config.title, DiaryConfig().title)
    }

    func testEveryKeyIsRead() {
        let yaml = """
            title: 나의 감정일기
            timezone: Asia/Seoul
            locale: ko_KR
            base_url: /diary
            page_size: 10
            emotions:
              - id: happy
                label: 행복
                emoji: "😊"
                color: "#f5c542"
                aliases: [joy, 기쁨]
              - nostalgic
            """
        let (config, problems) = ConfigLoader.load(yaml)
        XCTAssertEqual(problems, [])
        XCTAssertEqual(config.title, "나의 감정일기")
        XCTAssertEqual(config.timeZone.identifier, "Asia/Seoul")
        XCTAssertEqual(config.localeIdentifier, "ko_KR")
        XCTAssertEqual(config.baseURL, "/diary/")
        XCTAssertEqual(config.pageSize, 10)
        XCTAssertEqual(config.emotions.map(\.id), ["happy", "nostalgic"])
        XCTAssertEqual(config.emotions[0].aliases, ["joy", "기쁨"])
        XCTAssertEqual(config.emotions[1].label, "Nostalgic")
    }

    func testBadValuesAreLocatedErrors() {
        let yaml = "timezone: Asia/Seol\nbase_url: diary\npage_size: 0\nlocale: 42!\n"
        let (_, problems) = ConfigLoader.load(yaml)
        XCTAssertEqual(problems.map(\.description), [
            "daybook.yml:1:11: error: unknown timezone 'Asia/Seol'; use an IANA name such as 'Asia/Seoul'; did you mean 'Asia/Seoul'?",
            "daybook.yml:2:11: error: base_url must be a path such as '/' or '/diary/', found 'diary'",
            "daybook.yml:3:12: error: page_size must be 1 or more, found 0",
            "daybook.yml:4:9: error: '42!' is not a locale; write it like 'en_US' or 'ko_KR'",
        ])
    }

    func testEncryptedAddressesAreOpaqueUnlessReadableAndAnotherValueIsALocatedError() {
        XCTAssertEqual(ConfigLoader.load("").config.encryptedAddresses, .opaque)
        XCTAssertEqual(ConfigLoader.load("encrypt_addresses: readable\n").config.encryptedAddresses, .readable)
        XCTAssertEqual(ConfigLoader.load("encrypt_addresses: opaque\n").config.encryptedAddresses, .opaque)
        let (config, problems) = ConfigLoader.load("encrypt: true\nencrypt_addresses: plain\n")
        XCTAssertEqual(problems.map(\.description),
                       ["daybook.yml:2:20: error: encrypt_addresses must be 'opaque' or 'readable', found 'plain'"])
        XCTAssertEqual(config.encryptedAddresses, .opaque)
    }

    func testOfflineIsOnUnlessFalseAndANonBooleanIsALocatedError() {
        XCTAssertTrue(ConfigLoader.load("").config.offline)
        XCTAssertFalse(ConfigLoader.load("offline: false\n").config.offline)
        XCTAssertTrue(ConfigLoader.load("offline: true\n").config.offline)
        let (config, problems) = ConfigLoader.load("title: x\noffline: sometimes\n")
        XCTAssertEqual(problems.map(\.description), ["daybook.yml:2:10: error: 'offline' must be true or false, found 'sometimes'"])
        XCTAssertTrue(config.offline)
    }

    func testSearchFieldsAreReadAndAWrongShapeIsALocatedError() {
        XCTAssertEqual(ConfigLoader.load("search:\n  fields: [weather, place]\n").config.searchFields, ["weather", "place"])
        XCTAssertEqual(ConfigLoader.load("search: weather\n").diagnostics.map(\.description),
                       ["daybook.yml:1:9: error: 'search' must be a mapping such as 'fields: [weather, place]'"])
        XCTAssertEqual(ConfigLoader.load("search:\n  fields:\n    - {a: 1}\n").diagnostics.map(\.description),
                       ["daybook.yml:3:7: error: each item of 'fields' must be text, found a mapping"])
    }

    func testUnknownKeysAreWarningsWithASuggestion() {
        let (_, problems) = ConfigLoader.load("titel: x\n")
        XCTAssertEqual(problems.map(\.description), ["daybook.yml:1:1: warning: unknown key 'titel' is ignored; did you mean 'title'?"])
    }

    func testKeysOtherGeneratorsUseSuggestDaybooksByMeaning() {
        let (_, problems) = ConfigLoader.load("language: ko_KR\npaginate: 10\nmoods: [calm]\nemotions:\n  - id: calm\n    icon: x\n")
        XCTAssertEqual(problems.map(\.description), [
            "daybook.yml:1:1: warning: unknown key 'language' is ignored; did you mean 'locale'?",
            "daybook.yml:2:1: warning: unknown key 'paginate' is ignored; did you mean 'page_size'?",
            "daybook.yml:3:1: warning: unknown key 'moods' is ignored; did you mean 'emotions'?",
            "daybook.yml:6:5: warning: unknown key 'icon' of an emotion is ignored; did you mean 'emoji'?",
        ])
    }

    func testEmotionProblemsAreLocated() {
        let yaml = "emotions:\n  - id: Happy Day\n  - label: no id\n  - id: calm\n    aliases: [happy]\n  - id: happy\n    color: red\n"
        let (_, problems) = ConfigLoader.load(yaml)
        XCTAssertEqual(problems.map(\.description), [
            "daybook.yml:2:9: error: the emotion id 'Happy Day' must be lower-case letters, digits and '-' such as 'happy-day'",
            "daybook.yml:3:5: error: each emotion needs an 'id', such as 'id: happy'",
            "daybook.yml:7:12: error: color must look like '#f5c542' or '#fc4', found 'red'",
            "daybook.yml:6:5: error: the emotion name 'happy' is already used by the emotion 'calm'",
        ])
    }

    func testStringsReplaceTheSiteWordsOfTheLocalesLanguage() {
        let (config, problems) = ConfigLoader.load("locale: ko_KR\nstrings:\n  stats: 기록\n  entry_count: \"{n}개\"\n")
        XCTAssertEqual(problems, [])
        XCTAssertEqual(config.strings, ["stats": "기록", "entry_count": "{n}개"])
        let words = SiteStrings.table(for: config.localeIdentifier, overrides: config.strings)
        XCTAssertEqual(words["stats"], "기록")
        XCTAssertEqual(words["archive"], "보관함", "the other words stay Korean")
        XCTAssertEqual(SiteStrings.table(for: "en_GB")["archive"], "Archive")
        XCTAssertEqual(SiteStrings.table(for: "ja_JP")["archive"], "Archive", "languages without a table use English")
    }

    func testAnUnknownStringIsAWarningAtItsKeyWithASuggestion() {
        let (config, problems) = ConfigLoader.load("title: x\nstrings:\n  stats: Numbers\n  archve: Old days\n  search: [a]\n")
        XCTAssertEqual(problems.map(\.description), [
            "daybook.yml:4:3: warning: unknown string 'archve' is ignored; did you mean 'archive'?",
            "daybook.yml:5:11: error: 'search' must be text, found a list",
        ])
        XCTAssertEqual(config.strings, ["stats": "Numbers"])
        XCTAssertEqual(ConfigLoader.load("strings: [a, b]\n").diagnostics.map(\.description),
                       ["daybook.yml:1:10: error: 'strings' must be 'key: text' lines, such as 'stats: Statistics'"])
    }

    func testEveryBuiltInStringHasBothLanguagesAndCountsHaveTheirNumber() {
        let english = SiteStrings.table(for: "en_US")
        let korean = SiteStrings.table(for: "ko_KR")
        XCTAssertEqual(Set(english.keys), Set(SiteStrings.keys))
        XCTAssertEqual(Set(korean.keys), Set(SiteStrings.keys))
        for key in SiteStrings.keys where key.hasSuffix("_count") || key == "years_ago" {
            XCTAssertTrue(english[key]!.contains("{n}") && korean[key]!.contains("{n}"), key)
        }
        XCTAssertEqual(Set(SiteStrings.keys).count, SiteStrings.keys.count, "no key twice")
    }
}
