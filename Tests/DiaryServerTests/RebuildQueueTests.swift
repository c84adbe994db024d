import DaybookTestSupport
@testable import DiaryServer
import Foundation
import XCTest

final class RebuildQueueTests: XCTestCase {
    func testSavesDuringABuildGiveExactlyOneMoreBuild() {
        let counter = Counter()
        let firstStarted = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let queue = RebuildQueue {
            if counter.increment() == 1 {
                firstStarted.signal()
                release.wait()
            }
        }
        queue.start()
        let done = expectation(description: "both builds")
        done.expectedFulfillmentCount = 2
        queue.request { done.fulfill() }
        XCTAssertEqual(firstStarted.wait(timeout: .now() + 10), .success)
        for _ in 0..<5 { queue.request() }
        queue.request { done.fulfill() }
        release.signal()
        wait(for: [done], timeout: 10)
        usleep(100_000)
        XCTAssertEqual(counter.value, 2)
        queue.stop()
    }

    func testStoppingWaitsForTheRunningBuild() {
        let finished = Counter()
        let started = DispatchSemaphore(value: 0)
        let queue = RebuildQueue {
            started.signal()
            usleep(200_000)
            finished.increment()
        }
        queue.start()
        queue.request()
        XCTAssertEqual(started.wait(timeout: .now() + 10), .success)
        queue.stop()
        XCTAssertEqual(finished.value, 1)
    }
}

extension RebuildQueueTests {
    func testIdleWorkWaitsUntilNoBuildWasAskedForAWhile() {
        let builds = Counter(), idle = Counter()
        let queue = RebuildQueue(idleDelay: 1.5, whenIdle: { idle.increment() }) { builds.increment() }
        queue.start()
        // Saves 0.1 s apart: never quiet for 1.5 s.
        for _ in 0..<5 {
            queue.request()
            usleep(100_000)
        }
        XCTAssertEqual(idle.value, 0)
        let deadline = Date().addingTimeInterval(10)
        while idle.value == 0, Date() < deadline { usleep(50_000) }
        XCTAssertEqual(idle.value, 1, "done once the saves stopped")
        XCTAssertGreaterThanOrEqual(builds.value, 2)
        usleep(2_000_000)
        XCTAssertEqual(idle.value, 1, "and not again without a build")
        queue.stop()
        XCTAssertEqual(idle.value, 1)
    }

    func testStoppingDoesTheIdleWorkLeftUndone() {
        let idle = Counter()
        let queue = RebuildQueue(idleDelay: 100, whenIdle: { idle.increment() }) {}
        queue.start()
        let built = expectation(description: "built")
        queue.request { built.fulfill() }
        wait(for: [built], timeout: 10)
        XCTAssertEqual(idle.value, 0)
        queue.stop()
        XCTAssertEqual(idle.value, 1)
    }
}

final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    @discardableResult
    func increment() -> Int { lock.withLock { count += 1; return count } }
}
