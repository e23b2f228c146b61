@testable import afterflow
import ArgumentParser

/// Every command of `afterflow`, found by walking the command tree rather than listed by hand, so
/// that a command added later is covered by the tests that use this without anyone remembering
/// to add it (HelpTests, NoNetworkTests, CompletionTests, DisclosureLogTests).
enum CommandTree {
    struct Command: CustomStringConvertible, Sendable {
        /// The words that run it: `["goal", "add"]`.
        let path: [String]
        /// Shown in `afterflow --help` and its group's help (git's hooks and helpers are not).
        let isShown: Bool
        /// A group of subcommands (`goal`, `export trials`) rather than a command that runs.
        let isGroup: Bool
        /// Declares that it sends records out of the vault (`DisclosingCommand`), so logs them.
        let isDisclosing: Bool
        var description: String { path.joined(separator: " ") }
    }

    /// Every command below `afterflow`, parents before their subcommands.
    static let all: [Command] = {
        var found: [Command] = []
        walk(Afterflow.self, path: [], shown: true, into: &found)
        return found
    }()

    /// The commands a person is shown.
    static var shown: [Command] { all.filter(\.isShown) }

    /// The commands that run something (not groups), shown or not.
    static var leaves: [Command] { all.filter { !$0.isGroup } }

    private static func walk(_ command: ParsableCommand.Type, path: [String], shown: Bool, into found: inout [Command]) {
        let configuration = command.configuration
        for sub in configuration.subcommands {
            let subConfiguration = sub.configuration
            let name = subConfiguration.commandName ?? "\(sub)"
            let subShown = shown && subConfiguration.shouldDisplay
            found.append(Command(path: path + [name], isShown: subShown, isGroup: !subConfiguration.subcommands.isEmpty,
                                 isDisclosing: sub is any DisclosingCommand.Type))
            walk(sub, path: path + [name], shown: subShown, into: &found)
        }
    }
}
