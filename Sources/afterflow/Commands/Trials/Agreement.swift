import AfterflowKit
import ArgumentParser
import Foundation

extension Afterflow {
    struct Agreement: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "agreement",
            abstract: "Interobserver agreement: a session's record against a second observer's.",
            discussion: """
                A second observer records the same session into a file of their own beside it, with 'role: reliability' and 'primary: ID' (the id of the session it checks) in its front matter. agreement pairs the two and computes every algorithm that fits each goal's measure: trial-by-trial for trials; total count, mean count-per-interval and exact count-per-interval for counts (bins from the session's start); interval-by-interval, scored-interval and unscored-interval for intervals; total duration and mean duration-per-occurrence for durations. Each figure comes with its formula and the numbers it came from; a figure under 80 % is flagged (the field's convention: 80 % or more, on at least 20 % of sessions).

                SESSION is either record: the session's (every reliability record of it is compared) or the second observer's.

                Examples:
                  afterflow agreement sam-r/2025-03-10
                  afterflow agreement sam-r/2025-03-10 --bin 20s
                  afterflow agreement last --format json | jq '.comparisons[].lowest'
                """)

        @OptionGroup var vaultOptions: VaultOptions

        @Argument(help: ArgumentHelp("The session: client (their newest), client/day, id prefix, path, or last.", valueName: "session"))
        var session: String

        @Option(help: ArgumentHelp("The width of the bins counts are compared in: 10s (the default), 1m, 30.", valueName: "length"))
        var bin: String = "10s"

        @Option(help: ArgumentHelp("text, or json for scripts.", valueName: "format"))
        var format: DataFormat = .text

        func validate() throws {
            guard IntervalLength.seconds(bin) != nil else {
                throw ValidationError("--bin must be a length like 10s, 1m or 30 (seconds), found \"\(bin.visible())\"")
            }
        }

        func run() throws {
            let practice = try QuickPractice(vaultOptions)
            let entry = try practice.trialSession(session)
            guard case .trials(let chosen) = entry.content, let client = PracticePath(entry.path).client else {
                throw usageError("\(entry.path.visible()) is not a trial session in a client's folder", command: "agreement")
            }
            let record = try withVaultErrors { try practice.store.load(client) }
            let pairs = try Self.pairs(for: chosen, path: entry.path, in: record, hints: vaultOptions.hints)
            let width = TimeInterval(IntervalLength.seconds(bin) ?? 10)
            let compared = pairs.map { pair in
                (pair, ObserverComparison(primary: pair.primary.session, reliability: pair.reliability.session, record: record, binSeconds: width))
            }
            if format == .json {
                emit(JSONValue.object([
                    ("session", .string(pairs.first?.primary.path ?? entry.path)),
                    ("comparisons", .array(compared.map { pair, comparison in
                        var fields: [(String, JSONValue)] = [("reliability", .string(pair.reliability.path)),
                                                             ("observer", pair.reliability.session.observer.map(JSONValue.string) ?? .null)]
                        if case .object(let rest) = comparison.json { fields += rest }
                        return .object(fields)
                    })),
                ]).serialized(pretty: true))
                return
            }
            let term = Terminal.current
            let style = TextStyle(colors: term.colors, unicode: term.colors)
            var lines: [String] = []
            for (pair, comparison) in compared {
                let who = [pair.primary.session.observer, pair.reliability.session.observer].map { $0 ?? "?" }
                lines.append(style.bold(pair.primary.path.visible()) + "  \(who[0].visible()) against \(who[1].visible()) (\(pair.reliability.path.visible()))")
                lines += comparison.textLines(style: style)
                lines.append("")
            }
            emit(lines.dropLast().joined(separator: "\n"))
        }

        /// The session's record and each second observer's record of it.
        static func pairs(for session: TrialSession, path: String, in record: ClientRecord, hints: Hints) throws -> [(primary: TrialSessionRecord, reliability: TrialSessionRecord)] {
            if session.role == .reliability {
                guard let id = session.primary, let primary = record.sessions.first(where: { $0.session.id == id }) else {
                    throw usageError("\(path.visible()) checks a session (primary: \(session.primary?.uuidString ?? "none")) that is not among \(record.short.visible())'s sessions; write the id of the session it checks in its primary: line", command: "agreement")
                }
                return [(primary, TrialSessionRecord(path: path, session: session))]
            }
            let reliability = session.id.map { record.reliabilityRecords(of: $0) } ?? []
            guard !reliability.isEmpty else {
                throw usageError("\(path.visible()) has no second observer's record: add one beside it with 'role: reliability' and 'primary: \(session.id?.uuidString ?? "ID")' in its front matter", command: "agreement")
            }
            return reliability.map { (TrialSessionRecord(path: path, session: session), $0) }
        }
    }
}
