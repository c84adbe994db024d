import ArgumentParser
import DiaryCommands
import Foundation
import SiteEncryption

/// `daybook keys`: the key slots of an encrypted site (SPEC §8).
struct KeysCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keys",
        abstract: "List and change the ways into the encrypted site: its password, recovery keys and passkeys.",
        discussion: """
            The site's files are encrypted under a random site key, which the unlock page publishes only \
            wrapped, in key slots: one for the password, one for each recovery key and passkey. A change of \
            the slots rebuilds the site into the output folder, which rewrites the unlock page alone; \
            `daybook deploy` then publishes it. Every change asks for the current password (DAYBOOK_PASSWORD \
            or a prompt), or a recovery key in its place.
            """,
        subcommands: [List.self, Password.self, Recovery.self, Passkey.self, Remove.self, Rotate.self]
    )

    /// `-C DIR` and `--output DIR`, shared by every keys command.
    struct Place: ParsableArguments {
        @OptionGroup var location: DiaryLocation

        @Option(help: ArgumentHelp("The output folder that holds the encrypted site (default: Output/ in the diary).", valueName: "dir"))
        var output: String?

        var command: SiteKeysCommand {
            SiteKeysCommand(root: location.root,
                            output: output.map { URL(fileURLWithPath: $0, relativeTo: location.root).standardizedFileURL })
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the key slots: id, kind, label and when each was added.")

        @OptionGroup var place: Place

        func run() throws {
            for line in try place.command.list() { print(line) }
        }
    }

    struct Password: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Change the password (the new one from DAYBOOK_NEW_PASSWORD or asked twice).",
            discussion: "Rewraps the site key: the unlock page alone changes, and the old password no longer opens the site. "
                + "Opened with a recovery key, this sets a new password for a forgotten one."
        )

        @OptionGroup var place: Place

        func run() throws {
            try KeysCommand.show(try place.command.changePassword())
        }
    }

    struct Recovery: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add a recovery key, printed once: it opens the site (and `daybook keys password`) when the password is forgotten."
        )

        @OptionGroup var place: Place

        @Option(help: "A label for `daybook keys list` (default: recovery).")
        var label: String?

        func run() throws {
            try KeysCommand.show(try place.command.addRecoveryKey(label: label))
        }
    }

    struct Passkey: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Publish a passkey slot from the code the reader's page shows after making a passkey.",
            discussion: "Then the passkey opens the site on every device it is synced to, not only the one that made it."
        )

        @OptionGroup var place: Place

        @Option(help: "A label for `daybook keys list` (default: passkey).")
        var label: String?

        @Argument(help: ArgumentHelp("The code the page showed (daybook-passkey:…).", valueName: "code"))
        var code: String

        func validate() throws {
            if PasskeyCode(text: code) == nil {
                throw ValidationError("'\(code.prefix(40))…' is not a passkey code: copy the whole line that starts with \(PasskeyCode.prefix) from the reader's page")
            }
        }

        func run() throws {
            try KeysCommand.show(try place.command.addPasskey(code: PasskeyCode(text: code)!, label: label))
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Remove a key slot: its password, recovery key or passkey no longer opens the site.",
            discussion: "The unlock page alone changes. The last password or recovery key slot stays: a build needs one. "
                + "A device that kept the site key (a remembered unlock) keeps it: `daybook keys rotate` revokes those."
        )

        @OptionGroup var place: Place

        @Argument(help: ArgumentHelp("The slot's id, as `daybook keys list` shows it.", valueName: "id"))
        var id: String

        func run() throws {
            try KeysCommand.show(try place.command.remove(slot: id))
        }
    }

    struct Rotate: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Make a new site key: every published file changes.",
            discussion: """
                The one way to revoke a device that kept the old site key: a browser that remembered the diary, \
                a copy of its storage, or anyone who read the key from it. The password stays; a recovery key is \
                replaced by a new one, printed once; passkeys must be added again from the reader's page.
                """
        )

        @OptionGroup var place: Place

        func run() throws {
            try KeysCommand.show(try place.command.rotate())
        }
    }

    /// Prints what a change says: notes on standard error, then what must be seen on standard output.
    static func show(_ outcome: SiteKeysCommand.Outcome) throws {
        for diagnostic in outcome.report.diagnostics { StandardError.print(diagnostic.description) }
        for note in outcome.notes { StandardError.print(note) }
        for line in outcome.lines { print(line) }
    }
}
