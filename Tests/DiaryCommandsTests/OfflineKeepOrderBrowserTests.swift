import DaybookTestSupport
import DiaryCorpus
import Foundation
import XCTest

/// What the host's log of one "Keep offline" burst tells of an encrypted diary (SPEC §8, §13): the
/// worker fetches in an order that says nothing of dates or days. Were it the order of the pages'
/// addresses, each day's files would come one after another in the log, and the runs' lengths
/// would give back how many entries each day has.
final class OfflineKeepOrderBrowserTests: XCTestCase {
    private let password = "order password"

    func testAKeepOfAnEncryptedSiteGroupsADaysFilesNoMoreThanARandomOrderWould() throws {
        let python = try Requirement.browserPython()
        let root = temporaryFolder(self).appendingPathComponent("diary")
        let summary = try CorpusGenerator(.init(days: 200, entriesPerDay: 2)).write(to: root)
        XCTAssertEqual(summary.entries, 400)
        let build = try runDaybook(["build", "-C", root.path, "--encrypt"], environment: environment(password: password))
        XCTAssertEqual(build.status, 0, build.standardError)
        let config: [String: Any] = ["folder": root.appendingPathComponent("Output").path, "password": password, "level": "pictures"]
        let file = temporaryFolder(self).appendingPathComponent("order.json")
        try JSONSerialization.data(withJSONObject: config).write(to: file)

        let answers = try runBrowserScript(python, "offline_order.py", [file.path])

        XCTAssertNil(answers["failed"])
        XCTAssertEqual((answers["kept"] as? [String: Any])?["state"] as? String, "done")
        let addresses = try XCTUnwrap(answers["addresses"] as? [String: String])
        let log = try XCTUnwrap(answers["log"] as? [String]).filter { addresses[$0] != nil }
        let keptList = try XCTUnwrap(answers["kept_list"] as? [String])
        XCTAssertEqual(Set(log).count, log.count, "the keep fetched each file once")
        XCTAssertGreaterThan(log.count, addresses.count * 9 / 10, "all but what the first visit had kept")
        XCTAssertEqual(Set(keptList), Set(addresses.keys))

        let logDays = log.map { DayFiles.day(of: addresses[$0]!) }
        let listDays = keptList.map { DayFiles.day(of: addresses[$0]!) }
        let addressOrder = DayFiles(days: addresses.values.sorted().map(DayFiles.day(of:)))
        let random = DayFiles(days: logDays).randomOrders(2000)
        let inLog = DayFiles(days: logDays).contiguousFraction
        let inList = DayFiles(days: listDays).contiguousFraction
        print(String(format: "days whose files are contiguous: %.1f%% in the host's log, %.1f%% in the kept list, "
                     + "%.2f%% on average in 2,000 random orders (at most %.1f%%), %.1f%% in the addresses' order (%d days, %d files)",
                     inLog * 100, inList * 100, random.mean * 100, random.highest * 100, addressOrder.contiguousFraction * 100,
                     DayFiles(days: logDays).groupedDays, log.count))
        XCTAssertGreaterThan(addressOrder.contiguousFraction, 0.5, "the measure sees the addresses' order")
        XCTAssertLessThanOrEqual(inLog, random.highest, "the host's log groups days no more than a random order")
        XCTAssertLessThanOrEqual(inList, random.highest, "nor does the list the worker keeps")
    }
}

/// Files of a sequence labelled by the day they belong to (nil: no day), and how often a day's
/// files sit together in it.
private struct DayFiles {
    var days: [String?]

    /// The day a site address belongs to: a day's page and its entries' pages, and its entries' pictures.
    static func day(of address: String) -> String? {
        let parts = address.split(separator: "/")
        if parts.count >= 4, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
           parts[0...2].allSatisfy({ $0.allSatisfy(\.isNumber) }) {
            return parts[0...2].joined(separator: "-")
        }
        if parts.count == 2, parts[0] == "images", parts[1].count > 10 {
            let date = parts[1].prefix(10)
            if date.split(separator: "-").map(\.count) == [4, 2, 2] { return String(date) }
        }
        return nil
    }

    /// The days with at least two files.
    var groupedDays: Int { positions.values.filter { $0.count > 1 }.count }

    /// Of the days with at least two files, the share whose files form one unbroken run.
    var contiguousFraction: Double {
        let grouped = positions.values.filter { $0.count > 1 }
        guard !grouped.isEmpty else { return 0 }
        let runs = grouped.filter { $0.last! - $0.first! + 1 == $0.count }
        return Double(runs.count) / Double(grouped.count)
    }

    private var positions: [String: [Int]] {
        var positions: [String: [Int]] = [:]
        for (index, day) in days.enumerated() { if let day { positions[day, default: []].append(index) } }
        return positions
    }

    /// The contiguous fraction of `count` random orders of the same files (seeded, so a run is repeatable).
    func randomOrders(_ count: Int) -> (mean: Double, highest: Double) {
        var generator = SeededGenerator(seed: 53)
        let fractions = (0..<count).map { _ in DayFiles(days: days.shuffled(using: &generator)).contiguousFraction }
        return (fractions.reduce(0, +) / Double(count), fractions.max() ?? 0)
    }
}
