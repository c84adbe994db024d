import DiaryIndex
import DiaryModel
import Foundation
import XCTest

final class URLMapTests: XCTestCase {
    private let day = Day(year: 2025, month: 3, day: 1)

    private func entry(slug: String = "0930-walk", body: EntryBody = EntryBody(html: "", text: ""), images: Int = 0) -> Entry {
        let local = LocalDateTime(day: day, hour: 9, minute: 30)
        let id = "\(day)-\(slug)"
        return Entry(id: id, slug: slug, sourcePath: "Content/\(slug).md", title: slug,
                     instant: Date(timeIntervalSince1970: TimeInterval(local.wallClockSeconds)), local: local,
                     emotionIDs: ["happy"], tags: [],
                     images: (0..<images).map {
                         EntryImage(number: $0 + 1, entryID: id, sourcePath: "Content/p\($0).JPG", fileExtension: "jpg", alt: "",
                                    caption: nil, origin: .body)
                     },
                     body: body, isDraft: false, extra: [:])
    }

    func testEveryPlaceHasThePathOfSpec3() {
        let walk = entry(images: 2)
        let places: [(URLMap.Place, String)] = [
            (.home, ""), (.entry(walk), "2025/03/01/0930-walk/"), (.day(day), "2025/03/01/"),
            (.month(year: 2025, month: 3), "2025/03/"), (.year(2025), "2025/"),
            (.archive(page: 1), "archive/"), (.archive(page: 2), "archive/page/2/"),
            (.emotions, "emotions/"), (.emotion(id: "happy", page: 1), "emotions/happy/"),
            (.emotion(id: "happy", page: 3), "emotions/happy/page/3/"),
            (.tags, "tags/"), (.tag(slug: "가을-산책", page: 1), "tags/가을-산책/"), (.tag(slug: "walk", page: 2), "tags/walk/page/2/"),
            (.gallery(page: 1), "gallery/"), (.gallery(page: 4), "gallery/page/4/"), (.search, "search/"),
            (.notFound, "404.html"), (.picture(id: walk.images[1].id, width: nil, fileExtension: "jpg"), "images/2025-03-01-0930-walk_image_2.jpg"),
            (.picture(id: walk.images[1].id, width: 320, fileExtension: "png"), "images/2025-03-01-0930-walk_image_2-320.png"),
            (.asset("assets/style.css"), "assets/style.css"), (.robots, "robots.txt"),
        ]
        for (place, path) in places {
            XCTAssertEqual(URLMap.path(of: place), path)
        }
    }

    func testAPageIsWrittenAsTheIndexOfItsFolderAndAFileAsItself() {
        XCTAssertEqual(URLMap.file(of: .home), "index.html")
        XCTAssertEqual(URLMap.file(of: .entry(entry())), "2025/03/01/0930-walk/index.html")
        XCTAssertEqual(URLMap.file(of: .emotion(id: "calm", page: 2)), "emotions/calm/page/2/index.html")
        XCTAssertEqual(URLMap.file(of: .notFound), "404.html")
        XCTAssertEqual(URLMap.file(of: .stats), "stats/index.html")
        XCTAssertEqual(URLMap.file(of: .onThisDay(OnThisDay.CalendarDay(month: 3, day: 2))), "on-this-day/03-02.json")
        XCTAssertEqual(URLMap.file(of: .picture(id: entry(images: 1).images[0].id, width: nil, fileExtension: "jpg")), "images/2025-03-01-0930-walk_image_1.jpg")
    }

    func testURLsStartWithTheBaseURLAtTheRootAndUnderASubPath() {
        let walk = entry(images: 1)
        let root = URLMap(baseURL: "/")
        let subPath = URLMap(baseURL: "/diary/")
        XCTAssertEqual(root.url(of: .home), "/")
        XCTAssertEqual(subPath.url(of: .home), "/diary/")
        XCTAssertEqual(root.url(of: .entry(walk)), "/2025/03/01/0930-walk/")
        XCTAssertEqual(subPath.url(of: .entry(walk)), "/diary/2025/03/01/0930-walk/")
        XCTAssertEqual(subPath.url(of: .picture(id: walk.images[0].id, width: 640, fileExtension: "jpg")), "/diary/images/2025-03-01-0930-walk_image_1-640.jpg")
        XCTAssertEqual(subPath.url(of: .tag(slug: "walk", page: 2)), "/diary/tags/walk/page/2/")
        XCTAssertEqual(subPath.url(of: .notFound), "/diary/404.html")
    }

    func testABodyGetsEachPictureAtItsURLEscapedAsInAnyAddressWithItsAttributes() {
        let html = "<p><img src=\"\" alt=\"a\" /><img src=\"\" alt=\"b\" /></p>\n"
        let body = EntryBody(html: html, pictures: [EntryBody.Picture(number: 2, tag: 3..<25, source: 13),
                                                    EntryBody.Picture(number: 1, tag: 25..<47, source: 35)], text: "ab")
        let walk = entry(slug: "산책", body: body, images: 2)
        let shown = { (image: EntryImage) -> (place: URLMap.Place, attributes: String) in
            (.picture(id: image.id, width: 320, fileExtension: "jpg"), " width=\"\(image.number)\"")
        }
        XCTAssertEqual(URLMap(baseURL: "/my diary/").bodyHTML(of: walk, picture: shown),
                       "<p><img src=\"/my%20diary/images/2025-03-01-%EC%82%B0%EC%B1%85_image_2-320.jpg\" width=\"2\" alt=\"a\" />"
                           + "<img src=\"/my%20diary/images/2025-03-01-%EC%82%B0%EC%B1%85_image_1-320.jpg\" width=\"1\" alt=\"b\" /></p>\n")
        XCTAssertEqual(URLMap(baseURL: "/").bodyHTML(of: entry(body: EntryBody(html: "<p>x</p>\n", text: "x")), picture: shown), "<p>x</p>\n")
    }
}
