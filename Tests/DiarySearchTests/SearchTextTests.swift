import DaybookTestSupport
@testable import DiarySearch
import XCTest

final class SearchTextTests: XCTestCase {
    /// Expected values computed with Node 20 (ICU 78, Unicode 17) by the page's own function:
    /// `s.replace(IGNORABLE, '').normalize('NFKC').toLowerCase().normalize('NFD').replace(/\p{M}/gu, '')
    ///  .normalize('NFC').replace(/ς/g, 'σ')`, white space collapsed. Compared scalar by scalar,
    /// because Swift's `==` would call canonically equivalent strings equal.
    static let nodeCases: [(String, String)] = [
        ("Café", "cafe"),
        ("CAFÉ", "cafe"),
        ("cafe\u{301}", "cafe"),
        ("Crème Brûlée", "creme brulee"),
        ("naïve Ångström", "naive angstrom"),
        ("Tiếng Việt", "tieng viet"),
        ("ø ł đ", "ø ł đ"),
        ("İstanbul", "istanbul"),
        ("ΟΔΟΣ Σίσυφος", "οδοσ σισυφοσ"),
        ("Straße ẞ", "straße ß"),
        ("ﬁnal ﬀ ﬃ", "final ff ffi"),
        ("①②③ Ⅻ ½", "123 xii 1⁄2"),
        ("ＡＢＣ１２３", "abc123"),
        ("ｶﾞｷﾞ ﾊﾝｸﾞﾙ", "カキ ハンクル"),
        ("ガギ", "カキ"),
        ("㈜ ㎏ ℃", "(주) kg °c"),
        ("K Å Ω", "k a ω"),
        ("ſ µ", "s μ"),
        ("산책했다", "산책했다"),
        ("가을 산책", "가을 산책"),
        ("\u{1109}\u{1161}\u{11AB}\u{110E}\u{1162}\u{11A8}", "산책"),
        ("ㄱㅏ ㅎㅏㄴ", "가 하\u{1102}"),
        ("한국어ＡＢＣ", "한국어abc"),
        ("ＨＡＮＧＵＬ 한글!", "hangul 한글!"),
        ("a\u{A0}b\u{3000}c\u{9}d\u{A}e\u{D}\u{A}f\u{2028}g\u{2029}h\u{85}i\u{1680}j\u{2003}k\u{202F}l\u{205F}m", "a b c d e f g h i j k l m"),
        ("  leading and trailing  ", "leading and trailing"),
        ("zero\u{200B}width soft\u{AD}hyphen bom\u{FEFF}in join\u{200D}t", "zerowidth softhyphen bomin joint"),
        ("\u{202E}bidi\u{202C}", "bidi"),
        ("❤\u{FE0F} 👍🏽 👨\u{200D}👩\u{200D}👧", "❤ 👍🏽 👨👩👧"),
        ("Ꭰ Ꮳ", "ꭰ ꮳ"),
        ("ह\u{93F}न\u{94D}द\u{940}", "हनद"),
        ("م\u{64E}ر\u{652}ح\u{64E}ب\u{64B}ا", "مرحبا"),
        ("ש\u{5B8}\u{5C1}לו\u{5B9}ם", "שלום"),
        ("ǅ Ǆ ǆ", "dz dz dz"),
        ("ΐ ΰ", "ι υ"),
        ("¨ ´", ""),
        ("ﷺ", "صلى الله عليه وسلم"),
        ("Ⓐⓑ", "ab"),
        ("x\u{301}\u{327}y", "xy"),
        ("ℌ𝔢𝔩𝔩𝔬 𝐁𝐨𝐥𝐝", "hello bold"),
        ("日本語のテキスト", "日本語のテキスト"),
        ("Ｈello\u{3000}Ｗorld", "hello world"),
        ("A\u{30A}", "a"),
        ("\u{301}leading mark", "leading mark"),
        ("IJ ĳ", "ij ij"),
        ("Ｉ ı i\u{307}", "i ı i"),
        ("Ⅸ Ⅹ", "ix x"),
        ("a\u{200B}b", "ab"),
    ]

    func testEveryCaseNormalisesExactlyAsThePageDoes() {
        for (input, expected) in Self.nodeCases {
            let output = SearchText.normalize(input)
            XCTAssertEqual(output.unicodeScalars.map(\.value), expected.unicodeScalars.map(\.value),
                           "\(input.debugDescription) gave \(output.debugDescription), the page gives \(expected.debugDescription)")
        }
    }

    func testNormalisingTwiceChangesNothing() {
        for (input, _) in Self.nodeCases {
            let once = SearchText.normalize(input)
            XCTAssertEqual(SearchText.normalize(once).unicodeScalars.map(\.value), once.unicodeScalars.map(\.value), input.debugDescription)
        }
    }

    func testLatinDiacriticsFoldAndCaseIsIgnored() {
        XCTAssertEqual(SearchText.normalize("Café CRÈME naïve"), "cafe creme naive")
    }

    func testHangulStaysInSyllables() {
        let output = SearchText.normalize("가을 산책했다")
        XCTAssertEqual(output.unicodeScalars.map(\.value), "가을 산책했다".precomposedStringWithCanonicalMapping.unicodeScalars.map(\.value))
        XCTAssertEqual(output.unicodeScalars.count, 7)
    }

    func testFullWidthAndCompatibilityFormsBecomePlainLetters() {
        XCTAssertEqual(SearchText.normalize("ＡＢＣ１２３ ﬁne ①"), "abc123 fine 1")
    }

    func testEveryRunOfWhiteSpaceIsOneSpace() {
        XCTAssertEqual(SearchText.normalize("  a\u{00A0}\u{3000}b\n\n\tc  "), "a b c")
        XCTAssertEqual(SearchText.tokens(of: " 가을\u{2028}산책 "), ["가을", "산책"])
    }

    func testTokensAreTheWordsOfTheNormalisedText() {
        for (input, expected) in Self.nodeCases {
            XCTAssertEqual(SearchText.tokens(of: input).joined(separator: " ").unicodeScalars.map(\.value),
                           expected.unicodeScalars.map(\.value), input.debugDescription)
        }
    }
}
