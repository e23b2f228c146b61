import AfterflowKit
import ArgumentParser
import Foundation

enum ListKind: String, ExpressibleByArgument, CaseIterable {
    case session, trials, client, goal, mood
}

/// A day range of --since/--until as inclusive local days (`2025-01-01`…`2025-01-31`).
func dayRange(since: String?, until: String?, zone: TimeZone) throws -> (since: String?, until: String?) {
    func day(_ instant: Int) -> String { LocalDate(Date(timeIntervalSince1970: TimeInterval(instant)), in: zone).dayString }
    func parse(_ text: String, _ option: String) throws -> QueryDate {
        guard let date = QueryDate(text, now: CommandClock.now, timeZone: zone) else {
            throw ValidationError("\(option) must be \(QueryDate.forms), found \"\(text.visible())\"")
        }
        return date
    }
    let range = (try since.map { day(try parse($0, "--since").start) }, try until.map { day(try parse($0, "--until").end - 1) })
    if let problem = QueryDate.orderProblem(since: since, until: until, now: CommandClock.now, timeZone: zone) { throw ValidationError(problem.visible()) }
    return range
}

/// `list --kind trials|client|goal`: the practice's documents from the index.
struct PracticeListing {
    let vaultOptions: VaultOptions
    let kind: ListKind
    let client: String?
    let since: String?
    let until: String?
    let limit: Int?
    let format: OutputFormat

    func run() throws {
        let practice = try Practice(vaultOptions)
        let short = try client.map { text in try withVaultErrors { try practice.store.resolveClient(text) } }
        let range = try dayRange(since: since, until: until, zone: practice.zone)
        let term = Terminal.current
        switch kind {
        case .session:
            return
        case .mood:
            return try MoodListingOutput(vaultOptions: vaultOptions, since: since, until: until, limit: limit, format: format).run()
        case .client:
            var clients = try withVaultErrors { try practice.index.clientListings() }
            if let short { clients = clients.filter { $0.short == short } }
            if let limit { clients = Array(clients.prefix(limit)) }
            let rows = clients.map { c -> [String] in
                let age = c.born.flatMap { Client.age(born: $0, on: practice.today) }
                return [c.short, c.displayName, age.map(String.init) ?? "", String(c.activeGoals), String(c.sessions), c.lastSession ?? "", c.path]
            }
            try output(["client", "name", "age", "active_goals", "sessions", "last_session", "path"], rows, paths: clients.map(\.path),
                       numeric: [2, 3, 4], empty: "No clients yet. Add one with: afterflow client add \"Maya Thompson\" --born 2017-03-02", term: term)
        case .goal:
            let shorts = short.map { [$0] } ?? practice.store.clientShorts()
            var rows: [[String]] = []
            var paths: [String] = []
            for s in shorts {
                let record = try withVaultErrors { try practice.store.load(s) }
                for g in record.goals {
                    rows.append([s, g.short, g.goal.currentPhase.rawValue, g.goal.category ?? "", g.goal.effectiveMastery.text, g.goal.title ?? "", g.path])
                    paths.append(g.path)
                }
            }
            if let limit { rows = Array(rows.prefix(limit)); paths = Array(paths.prefix(limit)) }
            try output(["client", "goal", "phase", "category", "mastery", "title", "path"], rows, paths: paths, numeric: [], empty: "No goals yet.", term: term)
        case .trials:
            let sessions = try withVaultErrors {
                try practice.index.trialSessions(client: short, since: range.since, until: range.until, limit: limit)
            }
            let rows = sessions.map { s -> [String] in
                let percent = Percent.whole(s.successes, of: s.trials).map(String.init) ?? ""
                return [s.date?.shortString ?? "", s.client, String(s.trials), String(s.successes), percent, s.goals.joined(separator: " "), s.location ?? "", s.path]
            }
            try output(["date", "client", "trials", "successes", "percent", "goals", "location", "path"], rows, paths: sessions.map(\.path),
                       numeric: [2, 3, 4], empty: short.map { "No trial sessions of \($0) match." } ?? "No trial sessions match.", term: term)
        }
        try practice.index.warnProblems(practice.report, hints: vaultOptions.hints)
    }

    private func output(_ header: [String], _ rows: [[String]], paths: [String], numeric: Set<Int>, empty: String, term: Terminal) throws {
        switch format {
        case .json:
            emit(JSONValue.array(rows.map { row in
                .object(zip(header, row).enumerated().map { i, pair in
                    (pair.0, numeric.contains(i) ? (Int(pair.1).map(JSONValue.int) ?? .null) : (pair.1.isEmpty ? .null : .string(pair.1)))
                })
            }).serialized(pretty: true))
        case .csv:
            emit(([CSVWriter.guardedRow(header)] + rows.map(CSVWriter.guardedRow)).joined(separator: "\n"))
        case .paths:
            // As they are for programs; on a terminal with their control characters shown (as `list` does).
            if !paths.isEmpty { emit(paths.map { term.stdoutIsTTY ? $0.visible() : $0 }.joined(separator: "\n")) }
        case .table:
            if rows.isEmpty {
                emit(empty)
                return
            }
            // The path is for scripts: the table leaves it out.
            let shown = [header.dropLast().map { $0.uppercased().replacingOccurrences(of: "_", with: " ") }] + rows.map { Array($0.dropLast()) }
            for (i, line) in TextTable.lines(shown, rightAligned: numeric).enumerated() { emit(i == 0 ? term.bold(line) : line) }
        }
    }
}
