import AfterflowKit
import ArgumentParser

/// "Did you mean" for a mistyped command or value, where argument-parser gives none of its own
/// (it suggests the nearest flag already).
enum CommandSuggestions {
    /// The message for a command or subcommand that does not exist (`afterflow lst`, `afterflow
    /// export cvs`), or nil when the words before the first flag name commands.
    static func unknownCommand(in arguments: [String], root: ParsableCommand.Type) -> String? {
        var command = root
        var path = ["afterflow"]
        for argument in arguments {
            let subcommands = command.configuration.subcommands
            guard !argument.hasPrefix("-"), !subcommands.isEmpty, argument != "help" else { return nil }
            let names = subcommands.map { $0._commandName }
            if let index = names.firstIndex(of: argument) {
                command = subcommands[index]
                path.append(argument)
                continue
            }
            let prefix = path.dropFirst().joined(separator: " ")
            let typed = (prefix.isEmpty ? "" : prefix + " ") + argument
            let help = "  See '\(path.joined(separator: " ")) --help' for the commands."
            if let nearest = Suggestion.nearest(to: argument, among: names) {
                return "Error: unknown command '\(typed.visible())'. Did you mean '\((prefix.isEmpty ? "" : prefix + " ") + nearest)'?\n" + help
            }
            return "Error: unknown command '\(typed.visible())'.\n" + help
        }
        return nil
    }

    /// argument-parser's message for a value not among an option's choices (`The value 'jsn' is
    /// invalid for '--format <format>'. Please provide one of 'table', 'json', 'csv' or 'paths'.`)
    /// with the nearest choice added to its first line; nil for any other message.
    static func withNearestValue(_ message: String) -> String? {
        var lines = message.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let first = lines.first, first.hasPrefix("Error: The value '"),
              let valueEnd = first.range(of: "' is invalid for '"),
              let choices = first.range(of: "Please provide one of ") else { return nil }
        let value = String(first[first.index(first.startIndex, offsetBy: "Error: The value '".count)..<valueEnd.lowerBound])
        let names = first[choices.upperBound...].split(separator: "'", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
        guard let nearest = Suggestion.nearest(to: value, among: names) else { return nil }
        lines[0] = first + " Did you mean '\(nearest)'?"
        return lines.joined(separator: "\n")
    }
}
