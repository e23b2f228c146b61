import Foundation

/// How a command names a trial session: a path (`clients/maya-t/sessions/2025/2025-01-14-1500.md`),
/// an id prefix (4+ characters), a client's short name for their newest session (`maya-t`), a
/// client and a day (`maya-t/2025-01-14`, the day's newest), or `last` (the newest of all).
public struct TrialSessionReference: Sendable, CustomStringConvertible {
    public let text: String

    public init(_ text: String) {
        self.text = text
    }

    public var description: String { text }

    /// Finds the one trial session `text` names and reads its file. A path or a client's session
    /// is found on disk; an id or `last` through `lookup`, by its rule (`RecordLookup`): from the
    /// index as it stands when the answer can be vouched for, else from the index brought up to
    /// date.
    public func resolve(practice: DocumentStore, from directory: String, lookup: RecordLookup) throws(VaultError) -> VaultEntry {
        guard needsIndex(practice: practice) else { return try resolve(practice: practice, from: directory, index: lookup.refreshed) }
        let found = try lookup.find { (attempt) throws(VaultError) -> VaultEntry? in
            if attempt.trusting { return try quickAnswer(attempt, practice: practice) }
            return try resolve(practice: practice, from: directory) { attempt.index }
        }
        guard let found else { throw VaultError(.noMatch, "no trial session matches \(quoted(text))") }
        return found
    }

    /// Whether the reference is looked up in the index (an id prefix or `last`), rather than read
    /// from the files' names (a path, a client, a client and a day).
    func needsIndex(practice: DocumentStore) -> Bool {
        let trimmed = text.trimmingASCIIWhitespace()
        if trimmed.hasSuffix(".md") { return false }
        if DocumentReference.newestWords.contains(trimmed.lowercased()) { return true }
        let first = trimmed.split(separator: "/", maxSplits: 1).first.map { String($0).lowercased() } ?? ""
        return !practice.clientShorts().contains { $0.lowercased() == first }
    }

    /// The trial session the index as it stands names (by id prefix or `last`), vouched for by its
    /// file and, for `last`, by each client's newest file name; nil when the index must be brought
    /// up to date first, or when the reference is not looked up in the index.
    private func quickAnswer(_ attempt: RecordLookup.Attempt, practice: DocumentStore) throws(VaultError) -> VaultEntry? {
        let trimmed = text.trimmingASCIIWhitespace()
        let index = attempt.index
        func isTrials(_ entry: VaultEntry) -> TrialSession? {
            if case .trials(let session) = entry.content { return session }
            return nil
        }
        if DocumentReference.newestWords.contains(trimmed.lowercased()) {
            guard let newest = try index.trialSessions(limit: 1).first, let date = newest.date else { return nil }
            // Each client's newest file by its name: one the index has not seen might be newer.
            let names = practice.clientShorts().compactMap { practice.newestSessionPath(client: $0) }.filter { $0 != newest.path }
            if !names.isEmpty, try index.knownCount(of: names) < names.count { return nil }
            return try attempt.read(newest.path) { isTrials($0)?.date == date }
        }
        let hex = trimmed.replacingOccurrences(of: "-", with: "").uppercased()
        guard hex.count >= 4, hex.allSatisfy(\.isHexDigit) else { return nil }
        let found = try index.trialSessions(idPrefix: trimmed)
        guard found.count == 1 else { return nil }
        return try attempt.read(found[0].path) { entry in
            guard let id = isTrials(entry)?.id?.uuidString.uppercased() else { return false }
            return id.replacingOccurrences(of: "-", with: "").hasPrefix(hex)
        }
    }

    /// The resolution itself, with `index` an index brought up to date (opened only for an id or
    /// `last`).
    func resolve(practice: DocumentStore, from directory: String, index: () throws(VaultError) -> IndexStore) throws(VaultError) -> VaultEntry {
        let vault = practice.vault
        let trimmed = text.trimmingASCIIWhitespace()
        func entry(_ path: String) throws(VaultError) -> VaultEntry {
            let read = try practice.read(path)
            guard case .trials = read.content else {
                throw VaultError(.noMatch, "\(path) is not a trial session: its type is \(read.kind?.rawValue ?? "missing")",
                                 details: ["A trial session has 'type: trials'; 'afterflow trials start CLIENT' makes one."])
            }
            return read
        }
        if trimmed.hasSuffix(".md") {
            for base in [directory, vault.root] {
                let absolute = Vault.absolute(trimmed, from: base)
                if let relative = vault.relativePath(absolute), !relative.isEmpty, FileIO.exists(absolute) { return try entry(relative) }
            }
            throw VaultError(.noMatch, "no trial session at \(trimmed) in the vault \(vault.root)")
        }
        if DocumentReference.newestWords.contains(trimmed.lowercased()) {
            guard let newest = try index().trialSessions(limit: 1).first else {
                throw VaultError(.noMatch, "there is no trial session yet for \(quoted(trimmed)) to name",
                                 details: ["Start one with 'afterflow trials start CLIENT'."])
            }
            return try entry(newest.path)
        }
        let parts = trimmed.split(separator: "/", maxSplits: 1).map(String.init)
        let shorts = practice.clientShorts()
        if let first = parts.first, let client = shorts.first(where: { $0.lowercased() == first.lowercased() }) {
            var day: String?
            if parts.count == 2, !DocumentReference.newestWords.contains(parts[1].lowercased()) {
                guard let parsed = LocalDate.parse(parts[1]), parsed.isDayOnly else {
                    throw VaultError(.noMatch, "\(quoted(trimmed)): after \(client)/ write a day like 2025-01-14, or last")
                }
                day = parsed.dayString
            }
            guard let newest = practice.newestSessionPath(client: client, day: day) else {
                throw VaultError(.noMatch, day.map { "\(client) has no trial session on \($0)" } ?? "\(client) has no trial session yet",
                                 details: ["Start one with 'afterflow trials start \(client)'; 'afterflow list --kind trials --client \(client)' lists them."])
            }
            return try entry(newest)
        }
        let hex = trimmed.replacingOccurrences(of: "-", with: "")
        if hex.count >= 4, hex.allSatisfy(\.isHexDigit) {
            let found = try index().trialSessions(idPrefix: trimmed)
            if found.count == 1 { return try entry(found[0].path) }
            if found.count > 1 {
                throw VaultError(.ambiguous, "\(quoted(trimmed)) names \(found.count) trial sessions",
                                 details: found.prefix(5).map { "\($0.id?.prefix(8) ?? "")  \($0.path)" } + ["Give more characters of the id."])
            }
        }
        throw VaultError(.noMatch, "no trial session matches \(quoted(trimmed))\(Suggestion.clause(for: parts.first ?? trimmed, among: shorts))",
                         details: ["Name one by client (maya-t: the newest), client and day (maya-t/2025-01-14), id prefix, path, or last."])
    }
}
