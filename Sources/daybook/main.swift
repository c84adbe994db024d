import ArgumentParser
import DiaryCommands
import Foundation

// Exit statuses follow SPEC §5: 0 success, 1 content errors, 2 usage errors.
if Daybook.asksForLibraries() {
    print(DaybookVersion.verbose())
    exit(0)
}
do {
    var command = try Daybook.parseBuildAlone() ?? Daybook.parseAsRoot(Daybook.arranged())
    try command.run()
} catch let error as CommandError {
    StandardError.print(error.description)
    exit(error.isUsage ? 2 : 1)
} catch {
    let code = Daybook.exitCode(for: error)
    if code == .validationFailure {
        StandardError.print(Daybook.fullMessage(for: error))
        exit(2)
    }
    Daybook.exit(withError: error)
}
