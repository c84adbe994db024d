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

final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    @discardableResult
    func increment() -> Int { lock.withLock { count += 1; return count } }
}
