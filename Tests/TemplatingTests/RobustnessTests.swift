import XCTest
@testable import Templating

final class RobustnessTests: XCTestCase {
    /// Random templates made of template syntax fragments either render or throw; none crash.
    func testRandomTemplatesNeverCrashTheEngine() {
        let fragments = ["{{", "}}", "{%", "%}", "{#", "#}", "-", " if ", " elif ", " for x in xs ", " endif ", " endfor ",
                         " else ", " block a ", " endblock ", " extends \"p.html\" ", " include \"p.html\" ", " include \"q.html\" ",
                         "x", ".", "y", "|", " upper", " truncate", ":", "\"s\"", "'", "1", "2.5", "(", ")", "==", "<", " and ",
                         " not ", "\n", "&", "super()", "loop.index", "오늘", " default", " join", " date", ",", "\\", "}", "{"]
        var generator = SplitMix64(seed: 42)
        func randomTemplate() -> String {
            (0..<Int(generator.next() % 40)).map { _ in fragments[Int(generator.next() % UInt64(fragments.count))] }.joined()
        }
        let context: [String: TemplateValue] = ["x": ["y": "<v>"], "xs": [1, "a", ["y": 2]], "y": 3]
        var rendered = 0
        for _ in 0..<3_000 {
            let library = makeLibrary(["page.html": randomTemplate(), "p.html": randomTemplate(), "q.html": "{{ x.y }}"])
            if (try? library.render("page.html", with: context)) != nil { rendered += 1 }
            _ = library.errors.map(\.description)
        }
        XCTAssertGreaterThan(rendered, 0)
    }
}

/// A small deterministic random number generator, so failures reproduce.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
