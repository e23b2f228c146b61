import AfterflowKit
import Foundation

/// Hover: on a front-matter key, what it means; on a value the kind knows (a mood score, a
/// treatment), what it means; on a goal's short name in a trial line, the goal; on another
/// record's id, that record (`idHover`).
extension LanguageServer {
    func hover(_ params: JSON?) -> Result<JSON, Failure> {
        guard let uri = params?["textDocument"]?["uri"]?.string, let position = Position(params?["position"]) else {
            return .failure(.params("textDocument/hover needs a textDocument's uri and a position"))
        }
        guard let open = documents[uri] else { return .success(.null) }
        if let relative = open.relativePath, let workspace, let hover = linkHover(open: open, path: relative, position: position, workspace) {
            return .success(hover)
        }
        let line = String(open.document.line(position.line))
        guard let word = LanguageServer.word(in: line, at: position.character) else { return .success(.null) }
        let range = TextRange(start: Position(line: position.line, character: word.range.lowerBound),
                              end: Position(line: position.line, character: word.range.upperBound))
        if let relative = open.relativePath, let workspace, let hover = idHover(word.text, from: relative, range: range, workspace) {
            return .success(hover)
        }
        let place = CompletionPlace(document: open.document, line: position.line)
        var text: String?
        if let kind = place.kind, place.inFrontMatter, let colon = line.firstIndex(of: ":") {
            let key = String(line[..<colon])
            let colonOffset = line[..<colon].utf16.count
            if word.range.upperBound <= colonOffset {
                text = kind.descriptor.meaning(ofKey: key).map { "**\(key)**: \($0)" }
            } else {
                text = kind.descriptor.valueChoices(forKey: key).first { $0.value == word.text }.map { "**\(word.text)**: \($0.meaning)" }
            }
        } else if place.kind == .trials, let relative = open.relativePath {
            text = goalHover(line: line, word: word.text, path: relative)
        }
        guard let text else { return .success(.null) }
        return .success(["contents": ["kind": "markdown", "value": .string(text)], "range": range.json])
    }

    /// The goal a trial line names, when `word` is its goal: title, phase, criterion, and its
    /// latest day's percentage correct.
    private func goalHover(line: String, word: String, path: String) -> String? {
        let words = line.split(separator: " ")
        let parts = path.split(separator: "/")
        guard words.count >= 3, words[0] == "-", words[2] == word, parts.count > 2, parts[0] == "clients",
              let vault = workspace?.vault,
              let record = try? DocumentStore(vault: vault).load(String(parts[1])), let goal = record.goal(word) else { return nil }
        var lines = ["**\(goal.goal.title ?? goal.short)** (\(goal.short))"]
        if let phase = goal.goal.phase { lines.append("phase: \(phase.rawValue)") }
        if let mastery = goal.goal.mastery { lines.append("mastery: \(mastery.text)") }
        let progress = GoalProgress.make(record: record, cues: vault.config.cueLevels, goal: goal.short).first
        if let latest = progress?.rows.last, latest.tally.trials > 0 {
            lines.append("latest: \(Percent.text(latest.tally.correct, of: latest.tally.trials)) correct on \(latest.day.dayString) (\(latest.tally.correct) of \(latest.tally.trials))")
        }
        return lines.joined(separator: "\n\n")
    }

    /// On a link: each record it names, a session with its one-line summary; or that it names
    /// none. On a day written in the body (`2025-01-10`): the records of that day.
    private func linkHover(open: OpenDocument, path: String, position: Position, _ workspace: Workspace) -> JSON? {
        let at = Cursor(open: open, path: path, position: position)
        let resolver = RecordLinkResolver(paths: knownPaths(workspace))
        let document = open.document
        if let link = at.link {
            let targets = resolver.targets(of: link, from: path)
            let range = TextRange(start: document.position(line: link.location.line, utf8Column: link.location.column),
                                  end: document.position(line: link.location.line, utf8Column: link.location.column + link.length))
            return recordsHover(targets, none: "\(link.written) names no record of the vault", range: range, workspace)
        }
        guard !at.place.inFrontMatter, let word = LanguageServer.word(in: at.lineText, at: position.character),
              RecordLink.day(of: word.text) == word.text else { return nil }
        let targets = resolver.targets(ofName: word.text).filter { $0 != path }
        guard !targets.isEmpty else { return nil }
        let range = TextRange(start: Position(line: position.line, character: word.range.lowerBound),
                              end: Position(line: position.line, character: word.range.upperBound))
        return recordsHover(targets, none: "", range: range, workspace)
    }

    /// A hover listing `targets` (at most 10), each session with its title, status and first
    /// line of intention; `none` when there are none.
    private func recordsHover(_ targets: [String], none: String, range: TextRange, _ workspace: Workspace) -> JSON {
        var lines = targets.prefix(10).map { target -> String in
            let entry = text(of: target, workspace).map { VaultEntry(path: target, bytes: Array($0.utf8)) }
            guard case .session(let session)? = entry?.content else { return "`\(target)`" }
            let intention = session.intention.split(separator: "\n").first.map { " — " + $0.trimmingCharacters(in: .whitespaces) } ?? ""
            return "**\(session.displayTitle)** (\(session.status.words))\(intention)  \n`\(target)`"
        }
        if targets.count > 10 { lines.append("and \(targets.count - 10) more") }
        if targets.isEmpty { lines = [none] }
        return ["contents": ["kind": "markdown", "value": .string(lines.joined(separator: "\n\n"))], "range": range.json]
    }

    /// The word (letters, digits, `_`, `-`, `.`) at `character` (UTF-16) of `line`, with its
    /// range in UTF-16 code units.
    static func word(in line: String, at character: Int) -> (text: String, range: Range<Int>)? {
        let units = Array(line.utf16)
        func isWordUnit(_ unit: UInt16) -> Bool {
            guard let scalar = Unicode.Scalar(unit) else { return false }
            return scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "-" || scalar == "."
        }
        var start = min(max(0, character), units.count)
        var end = start
        while start > 0, isWordUnit(units[start - 1]) { start -= 1 }
        while end < units.count, isWordUnit(units[end]) { end += 1 }
        guard start < end else { return nil }
        return (String(decoding: units[start..<end], as: UTF16.self), start..<end)
    }
}
