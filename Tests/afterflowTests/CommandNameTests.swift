@testable import afterflow
import ArgumentParser
import Testing

/// Every command names itself: without `commandName`, swift-argument-parser derives the name from
/// the type with `String(describing:)` while it builds the command tree, a search through every
/// protocol conformance that cost half the start-up of every command (12.6 million instructions,
/// measured with callgrind; docs/PERFORMANCE.md, "A therapist's practice").
@Suite struct CommandNameTests {
    static func walk(_ command: ParsableCommand.Type, path: String, into found: inout [String]) {
        let configuration = command.configuration
        if configuration.commandName == nil { found.append(path) }
        for sub in configuration.subcommands {
            walk(sub, path: path + " " + (sub.configuration.commandName ?? "\(sub)"), into: &found)
        }
    }

    @Test func everyCommandHasACommandName() {
        var missing: [String] = []
        Self.walk(Afterflow.self, path: "afterflow", into: &missing)
        #expect(missing.isEmpty, "without commandName: \(missing)")
    }
}
