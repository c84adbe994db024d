import DaybookTestSupport
import DiaryModel
import Foundation
import XCTest

/// Every class of bad input is an error at the exact place, never a crash or a silent skip.
final class BadInputTests: XCTestCase {
    let path = "Content/2025/10/20/0930-walk.md"

    func testAnEmptyFileIsAnErrorAtItsStart() throws {
        XCTAssertEqual(try diagnostics(of: [path: ""]),
                       ["\(path):1:1: error: the file is empty; an entry starts with front matter between '---' lines"])
        XCTAssertEqual(try diagnostics(of: [path: "\n  \n"]).count, 1)
    }

    func testAFileWithoutFrontMatterSaysHowToStartOne() throws {
        XCTAssertEqual(try diagnostics(of: [path: "# Just a heading\n"]),
                       ["\(path):1:1: error: missing front matter; start the file with a '---' line, then 'date:' and 'emotion:', then '---'"])
    }

    func testAnUnclosedFrontMatterIsAnErrorAtItsOpening() throws {
        XCTAssertEqual(try diagnostics(of: [path: "---\ndate: 2025-10-20\nemotion: happy\n"]),
                       ["\(path):1:1: error: the front matter opened here is never closed; add a '---' line after it"])
    }

    func testInvalidUTF8IsLocatedAtTheFirstBadByte() throws {
        let diary = try TemporaryDiary([:])
        defer { diary.remove() }
        var bytes = Data("---\ndate: 2025-10-20\nemotion: happy\n---\nab".utf8)
        bytes.append(contentsOf: [0xC3, 0x28])
        try diary.write(bytes, to: path)
        XCTAssertEqual(diary.read().diagnostics.map(\.description),
                       ["\(path):5:3: error: the file is not UTF-8 text (byte 0xC3 at offset 42); save it as UTF-8"])
    }

    func testAYAMLSyntaxErrorIsLocatedInTheFile() throws {
        let text = "---\ndate: 2025-10-20\nemotion: [happy\ntags: walk\n---\nBody\n"
        XCTAssertEqual(try diagnostics(of: [path: text]),
                       ["\(path):3:10: error: invalid YAML: this [ list is not closed with ']', or misses a ',' between items"])
    }

    func testAYAMLSyntaxErrorGivesOnePositionTheFiles() throws {
        let cases: [(frontMatter: String, expected: String)] = [
            ("date: 2025-10-20\ntitle: Note: a walk\nemotion: happy",
             "4:12: error: invalid YAML: mapping values are not allowed in this context; put text that contains ': ' in quotes, such as title: \"Note: a walk\""),
            ("date: 2025-10-20\nemotion: happy\ntags:\n  - a\n - b",
             "7:2: error: invalid YAML: did not find expected key in the 'key: value' lines; check that the lines of the front matter line up"),
            ("date: 2025-10-20\ntitle: \"open\nemotion: happy",
             "4:8: error: invalid YAML: this quote is never closed; end the text with the same quote it starts with"),
            ("date: 2025-10-20\ntitle: @home\nemotion: happy",
             "4:8: error: invalid YAML: found character that cannot start any token; put text that starts with @, ` or % in quotes, and indent with spaces, not tabs"),
        ]
        for (frontMatter, expected) in cases {
            // A blank line before the front matter's text would shift YAML's own numbering; the file's counts.
            XCTAssertEqual(try diagnostics(of: [path: "---\n\n" + frontMatter + "\n---\nBody\n"]), ["\(path):\(expected)"])
        }
    }

    func testAKeyThatMeansEmotionStandsInForTheMissingOneInOneError() throws {
        XCTAssertEqual(try diagnostics(of: [path: entryText("date: 2025-10-20\nmood: happy")]), [
            "\(path):3:1: error: missing 'emotion'; rename 'mood' to 'emotion' (Daybook reads feelings only from 'emotion'; known: happy, sad, angry, anxious, calm, grateful, tired, excited)",
        ])
        XCTAssertEqual(try diagnostics(of: [path: entryText("created: 2025-10-20\nemotion: happy")]), [
            "\(path):2:1: error: missing 'date'; rename 'created' to 'date' (Daybook reads the date only from 'date')",
        ])
    }

    func testKeysThatMeanAKnownKeyGetItAsASuggestion() throws {
        XCTAssertEqual(try diagnostics(of: [path: entryText("date: 2025-10-20\nemotion: happy\nfeeling: calm\npictures: [a.png]\nPhotos: b.png\nweather: sunny")]), [
            "\(path):4:1: warning: unknown key 'feeling' is kept as extra data; did you mean 'emotion'?",
            "\(path):5:1: warning: unknown key 'pictures' is kept as extra data; did you mean 'images'?",
            "\(path):6:1: warning: unknown key 'Photos' is kept as extra data; did you mean 'images'?",
        ])
        XCTAssertEqual(try diagnostics(of: [path: entryText("date: 2025-10-20\nemotion: happy\nimages:\n  - path: a.png")]).first,
                       "\(path):5:5: warning: unknown key 'path' of an image is ignored; did you mean 'src'?")
        // Every entry that uses the key is told, not only the first one read.
        let second = "Content/2025/10/21/0930-walk.md"
        XCTAssertEqual(try diagnostics(of: [path: entryText("date: 2025-10-20\nemotion: happy\nfeeling: calm"),
                                            second: entryText("date: 2025-10-21\nemotion: happy\nfeeling: calm\nweather: sunny")]).sorted(), [
            "\(second):4:1: warning: unknown key 'feeling' is kept as extra data; did you mean 'emotion'?",
            "\(path):4:1: warning: unknown key 'feeling' is kept as extra data; did you mean 'emotion'?",
        ].sorted())
    }

    func testAWrongValueTypeIsReportedAtTheValue() throws {
        XCTAssertEqual(try diagnostics(of: [path: entryText("date: 2025-10-20\nemotion: happy\ntags: {a: 1}")]),
                       ["\(path):4:7: error: 'tags' must be a list such as [a, b] or text such as \"a, b\", found a mapping"])
        XCTAssertEqual(try diagnostics(of: [path: entryText("date: 2025-10-20\nemotion: happy\ntitle: [a, b]")]),
                       ["\(path):4:8: error: 'title' must be text, found a list"])
        XCTAssertEqual(try diagnostics(of: [path: entryText("date: 2025-10-20\nemotion: happy\ndraft: maybe")]),
                       ["\(path):4:8: error: 'draft' must be true or false, found 'maybe'"])
    }

    func testMissingDateAndEmotionAreBothReported() throws {
        XCTAssertEqual(try diagnostics(of: [path: entryText("title: Walk")]), [
            "\(path):1:1: error: missing 'date'; add a line such as 'date: 2025-10-20 09:30' to the front matter",
            "\(path):1:1: error: missing 'emotion'; add a line such as 'emotion: happy' (known: happy, sad, angry, anxious, calm, grateful, tired, excited)",
        ])
    }

    func testImpossibleDatesAreReportedAtTheValue() throws {
        XCTAssertEqual(try diagnostics(of: [path: entryText("emotion: happy\ndate: 2025-13-45")]),
                       ["\(path):3:7: error: the date '2025-13-45' does not exist: there is no month 13"])
        XCTAssertEqual(try diagnostics(of: [path: entryText("emotion: happy\ndate:   \"2025-02-30 10:00\"")]),
                       ["\(path):3:9: error: the date '2025-02-30 10:00' does not exist: February 2025 has 28 days"])
    }

    func testADuplicateKeyIsReportedAtItsSecondUse() throws {
        XCTAssertEqual(try diagnostics(of: [path: entryText("date: 2025-10-20\nemotion: happy\nemotion: sad")]),
                       ["\(path):4:1: error: the key 'emotion' is given twice; it was first set on line 3"])
    }

    func testAFrontMatterThatIsNotAMappingIsAnError() throws {
        XCTAssertEqual(try diagnostics(of: [path: entryText("- just\n- a list")]),
                       ["\(path):2:1: error: expected 'key: value' lines, found a list"])
    }

    func testEveryBadFileIsReportedInOneRun() throws {
        let found = try diagnostics(of: [
            "Content/a.md": "",
            "Content/b.md": entryText("date: 2025-10-20"),
            "Content/c.md": entryText("date: 2025-10-20\nemotion: happy"),
            "Content/d.md": "no front matter",
        ])
        XCTAssertEqual(found.map { String($0.prefix(14)) }, ["Content/a.md:1", "Content/b.md:1", "Content/d.md:1"])
    }

    func testAMissingImageIsAnErrorAtItsReference() throws {
        let text = entryText("date: 2025-10-20\nemotion: happy\nimages:\n  - photos/leaves.jpg", body: "Intro\n\nSee ![x](gone.png) here\n")
        XCTAssertEqual(try diagnostics(of: [path: text]), [
            "\(path):5:5: error: image 'photos/leaves.jpg' not found (looked for Content/2025/10/20/photos/leaves.jpg and Content/photos/leaves.jpg)",
            "\(path):9:10: error: image 'gone.png' not found (looked for Content/2025/10/20/gone.png and Content/gone.png)",
        ])
    }

    func testAnImageOutsideContentIsNeverReached() throws {
        let text = entryText("date: 2025-10-20\nemotion: happy\nimages: ../../../../daybook.yml")
        XCTAssertEqual(try diagnostics(of: [path: text]).count, 1)
    }

    func testAnImageMapWithoutSourceIsAnError() throws {
        let text = entryText("date: 2025-10-20\nemotion: happy\nimages:\n  - alt: a cat")
        XCTAssertEqual(try diagnostics(of: [path: text]), ["\(path):5:5: error: an image needs 'src', the path of its file"])
    }

    func testARemoteFrontMatterImageIsAnError() throws {
        let text = entryText("date: 2025-10-20\nemotion: happy\nimages: [\"https://example.com/a.png\"]")
        XCTAssertEqual(try diagnostics(of: [path: text]), [
            "\(path):4:10: error: the image 'https://example.com/a.png' is not a local file; save it under Content/ and name its path",
        ])
    }

    func testABodyImageAtAnotherHostIsAWarningAtItsAddressUnlessStrict() throws {
        let text = entryText("date: 2025-10-20\nemotion: happy", body: """
            The sea today.

            Look: ![the sea](https://example.org/sea.jpg "at dawn") and
            ![](//cdn.example.org/b.png), but ![dot](data:image/png;base64,AAAA) is inline.

            [gull]: http://example.net/gull.gif
            ![a gull][gull]

            """)
        let warning = "is at another host, which would learn who reads the diary; the site's policy keeps browsers from loading it: save it under Content/ and name its path"
        XCTAssertEqual(try diagnostics(of: [path: text]), [
            "\(path):7:18: warning: the image 'https://example.org/sea.jpg' \(warning)",
            "\(path):8:5: warning: the image '//cdn.example.org/b.png' \(warning)",
            "\(path):10:9: warning: the image 'http://example.net/gull.gif' \(warning)",
        ])
        XCTAssertEqual(try diagnostics(of: [path: text], strict: true).first,
                       "\(path):7:18: error: the image 'https://example.org/sea.jpg' \(warning)")
    }

    func testATagWithoutLettersIsAnError() throws {
        XCTAssertEqual(try diagnostics(of: [path: entryText("date: 2025-10-20\nemotion: happy\ntags: [walk, \"!!\"]")]),
                       ["\(path):4:14: error: the tag '!!' has no letters or digits to make a URL from"])
    }

    func testATagOrEmotionTooLongForAFileNameIsAnErrorAtItsLine() throws {
        let long = String(repeating: "a", count: 300)
        let text = entryText("date: 2025-10-20\nemotion: [happy, \(long)]\ntags:\n  - walk\n  - \(long)")
        XCTAssertEqual(try diagnostics(of: [path: text]), [
            "\(path):3:18: error: the emotion '\(String(repeating: "a", count: 39))…' is too long to make a URL from: its URL part is 300 bytes, and a file name holds at most 255; shorten it",
            "\(path):6:5: error: the tag '\(String(repeating: "a", count: 39))…' is too long to make a URL from: its URL part is 300 bytes, and a file name holds at most 255; shorten it",
        ])
        // 85 Korean syllables are 255 bytes: the longest that fits.
        let korean = String(repeating: "가", count: 85)
        XCTAssertEqual(try diagnostics(of: [path: entryText("date: 2025-10-20\nemotion: happy\ntags: [\(korean)]")]), [])
    }

    func testAFileNameWithoutLettersIsAnError() throws {
        XCTAssertEqual(try diagnostics(of: ["Content/!!!.md": entryText("date: 2025-10-20\nemotion: happy")]),
                       ["Content/!!!.md:1:1: error: the file name gives an empty slug; name the file with letters or digits, such as '0930-walk.md'"])
    }

    func testTwoEntriesWithTheSameIdAreOneErrorNamingBoth() throws {
        let found = try diagnostics(of: [
            "Content/2025/10/20/walk.md": entryText("date: 2025-10-20\nemotion: happy"),
            "Content/other/2025-10-20-Walk.md": entryText("date: 2025-10-20 18:00\nemotion: sad"),
        ])
        XCTAssertEqual(found, [
            "Content/other/2025-10-20-Walk.md:1:1: error: the entry id '2025-10-20-walk' is also the id of Content/2025/10/20/walk.md:1:1; rename one of the two files",
        ])
    }

    func testAnEntryWhosePictureIsMissingStillHoldsItsIdAgainstAnother() throws {
        let walk = "Content/2025/10/20/walk.md"
        let other = "Content/other/2025-10-20-Walk.md"
        let duplicate = "\(other):1:1: error: the entry id '2025-10-20-walk' is also the id of \(walk):1:1; rename one of the two files"
        // The entry with the missing picture listed first, then second: the duplicate is found in the same run.
        XCTAssertEqual(try diagnostics(of: [walk: entryText("date: 2025-10-20\nemotion: happy\nimages: [gone.png]"),
                                            other: entryText("date: 2025-10-20 18:00\nemotion: sad")]), [
            "\(walk):4:10: error: image 'gone.png' not found (looked for Content/2025/10/20/gone.png and Content/gone.png)",
            duplicate,
        ])
        XCTAssertEqual(try diagnostics(of: [walk: entryText("date: 2025-10-20\nemotion: happy"),
                                            other: entryText("date: 2025-10-20 18:00\nemotion: sad\nimages: [gone.png]")]), [
            duplicate,
            "\(other):4:10: error: image 'gone.png' not found (looked for Content/other/gone.png and Content/gone.png)",
        ])
    }

    func testAnUnknownEmotionIsAWarningWithASuggestion() throws {
        let found = try diagnostics(of: [path: entryText("date: 2025-10-20\nemotion: hapy")])
        XCTAssertEqual(found, ["\(path):3:10: warning: unknown emotion 'hapy'; did you mean 'happy'? (known: happy, sad, angry, anxious, calm, grateful, tired, excited)"])
        let strict = try diagnostics(of: [path: entryText("date: 2025-10-20\nemotion: hapy")], strict: true)
        XCTAssertEqual(strict, [found[0].replacingOccurrences(of: "warning:", with: "error:")])
    }
}
