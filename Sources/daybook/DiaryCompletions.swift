import ArgumentParser
import DiaryCommands

/// What a shell's TAB offers from the diary itself (`ShellCompletion`): argument-parser's completion
/// scripts call `daybook ---completion …` with the command line as typed, which these answer.
extension CompletionKind {
    /// The ids of the emotions in daybook.yml, for `--emotion`.
    static var diaryEmotions: CompletionKind {
        .custom { words, _, prefix in ShellCompletion.emotionIDs(commandLine: words, prefix: prefix) }
    }

    /// The names of daybook.yml's deploy targets, for `daybook deploy NAME`.
    static var diaryDeployTargets: CompletionKind {
        .custom { words, _, prefix in ShellCompletion.deployTargetNames(commandLine: words, prefix: prefix) }
    }
}
