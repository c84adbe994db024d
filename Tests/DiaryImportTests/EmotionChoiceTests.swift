import DaybookTestSupport
@testable import DiaryImport
import DiaryModel
import DiaryReader
import XCTest

/// How an imported entry gets one of the diary's emotions, and never a silent default.
final class EmotionChoiceTests: XCTestCase {
    /// happy (행복; joy, 기쁨), sad, calm, excited, tired: no `angry`, no `anxious`.
    let catalog = EmotionCatalog(ConfigLoader.load(TemporaryDiary.config).config.emotions)

    func testDaylioMoodsMapByTheDefaultTableThroughTheDiarysEmotions() throws {
        let choice = try EmotionChoice(catalog: catalog, defaults: EmotionChoice.daylioDefaults)
        XCTAssertEqual(try choice.emotion(mood: "rad", tags: []).get(), "excited")
        XCTAssertEqual(try choice.emotion(mood: "Good ", tags: []).get(), "happy")
        XCTAssertEqual(try choice.emotion(mood: "meh", tags: []).get(), "calm")
        // A mood named like one of the diary's emotions (id, label or alias) is that emotion.
        XCTAssertEqual(try choice.emotion(mood: "tired", tags: []).get(), "tired")
        XCTAssertEqual(try choice.emotion(mood: "기쁨", tags: []).get(), "happy")
        XCTAssertEqual(choice.emotion(mood: "average", tags: []), .failure(.unmappedMood("average")))
    }

    func testTheUsersMapComesFirstAndMayNameEmotionsByLabelOrAlias() throws {
        let choice = try EmotionChoice(catalog: catalog, map: "rad=행복, average = calm,meh=joy", defaults: EmotionChoice.daylioDefaults)
        XCTAssertEqual(try choice.emotion(mood: "rad", tags: []).get(), "happy")
        XCTAssertEqual(try choice.emotion(mood: "Average", tags: []).get(), "calm")
        XCTAssertEqual(try choice.emotion(mood: "meh", tags: []).get(), "happy")
        XCTAssertEqual(try choice.emotion(mood: "good", tags: []).get(), "happy")
    }

    func testADefaultWhoseEmotionTheDiaryLacksMapsNothing() throws {
        let calmOnly = EmotionCatalog([Emotion(id: "calm", label: "Calm", emoji: "😌", color: "#3fb68b")])
        let choice = try EmotionChoice(catalog: calmOnly, defaults: EmotionChoice.daylioDefaults)
        XCTAssertEqual(try choice.emotion(mood: "meh", tags: []).get(), "calm")
        XCTAssertEqual(choice.emotion(mood: "rad", tags: []), .failure(.unmappedMood("rad")))
    }

    func testWithoutAMoodATagNamingAnEmotionThenTheFallbackDecides() throws {
        let plain = try EmotionChoice(catalog: catalog)
        XCTAssertEqual(try plain.emotion(mood: nil, tags: ["walk", "기쁨", "calm"]).get(), "happy")
        XCTAssertEqual(plain.emotion(mood: nil, tags: ["walk"]), .failure(.nothingNamesAnEmotion))
        let withFallback = try EmotionChoice(catalog: catalog, fallback: "Tired")
        XCTAssertEqual(try withFallback.emotion(mood: nil, tags: ["walk"]).get(), "tired")
        XCTAssertEqual(try withFallback.emotion(mood: "average", tags: ["calm"]).get(), "calm")
    }

    func testAnUnknownEmotionInTheOptionsIsAUsageErrorWithASuggestion() {
        XCTAssertThrowsError(try EmotionChoice(catalog: catalog, map: "rad=exited")) { error in
            XCTAssertEqual(error as? ImportError, .usage("--map rad=exited: unknown emotion 'exited'; did you mean 'excited'? (known: happy, sad, calm, excited, tired)"))
        }
        XCTAssertThrowsError(try EmotionChoice(catalog: catalog, fallback: "angry")) { error in
            XCTAssertEqual((error as? ImportError)?.message, "--emotion angry: unknown emotion 'angry' (known: happy, sad, calm, excited, tired)")
        }
        XCTAssertThrowsError(try EmotionChoice(catalog: catalog, map: "rad")) { error in
            XCTAssertEqual((error as? ImportError)?.isUsage, true)
        }
    }
}
