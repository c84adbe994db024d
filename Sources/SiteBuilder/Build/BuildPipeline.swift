import Foundation
import SiteOutput

/// Runs a build's steps: numbers each for the progress line (`[6/8] Render 10 of 13,133 pages`),
/// times it for `-v`, and tags whatever it throws with its name.
struct BuildPipeline {
    private(set) var timings: [BuildStepTiming] = []
    private let progress: (String) -> Void

    init(progress: @escaping (String) -> Void) {
        self.progress = progress
    }

    /// Runs `body` as `step`; `title` replaces the step's name in the progress line.
    mutating func run<Result>(_ step: BuildStep, _ title: String? = nil, _ body: () throws -> Result) throws -> Result {
        try run(step, title) { _ in try body() }
    }

    /// Runs `body` as `step`; `body` may retitle the step as it goes (the search index's
    /// update falling back to a full index shows as the same step again).
    mutating func run<Result>(_ step: BuildStep, _ title: String? = nil,
                              retitling body: ((String) -> Void) throws -> Result) throws -> Result {
        let progress = self.progress
        var title = title ?? step.description
        var started = Date()
        var startedCPU = Self.processorSeconds()
        var timings: [BuildStepTiming] = []
        func timing() -> BuildStepTiming {
            BuildStepTiming(step: step, title: title, seconds: Date().timeIntervalSince(started),
                            processorSeconds: Self.processorSeconds() - startedCPU)
        }
        func announce(_ text: String) {
            progress("[\(step.rawValue)/\(BuildStep.allCases.count)] \(text)")
        }
        announce(title)
        defer {
            timings.append(timing())
            self.timings += timings
        }
        do {
            var retitled = false
            return try body { newTitle in
                // The first new title only names what the step turned out to do; a later one
                // starts a second part of it (a fallback), timed on its own.
                if retitled {
                    timings.append(timing())
                    started = Date()
                    startedCPU = Self.processorSeconds()
                }
                retitled = true
                title = newTitle
                announce(newTitle)
            }
        } catch let error as BuildStepError {
            throw error
        } catch let failure as OutputWriter.WriteFailure {
            throw BuildStepError(step: .write, underlying: failure.underlying)
        } catch let error as BuildError where error.isUsage {
            throw error
        } catch {
            throw BuildStepError(step: step, underlying: error)
        }
    }

    /// The processor time the process has used so far, on every core (user and system).
    static func processorSeconds() -> Double {
        var usage = rusage()
        #if canImport(Glibc)
        let process = RUSAGE_SELF.rawValue
        #else
        let process = RUSAGE_SELF
        #endif
        guard getrusage(process, &usage) == 0 else { return 0 }
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1_000_000 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// A count as people read it: 13,133.
    static func count(_ number: Int) -> String {
        var grouped = ""
        for (position, digit) in String(number).reversed().enumerated() {
            if position > 0, position % 3 == 0, digit != "-" { grouped.append(",") }
            grouped.append(digit)
        }
        return String(grouped.reversed())
    }
}
