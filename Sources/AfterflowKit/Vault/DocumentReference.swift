import Foundation

/// How a command names a session: an id prefix (4+ characters), a path, a day (`2024-12-10`),
/// `today` or `yesterday` (the day's only session), or `last` (also `latest`: the newest session
/// of the journal, the first that `afterflow list` shows).
public struct DocumentReference: Sendable, CustomStringConvertible {
    public let text: String

    public init(_ text: String) {
        self.text = text
    }

    public var description: String { text }

    /// The words that name the newest session.
    public static let newestWords: Set<String> = ["last", "latest"]

    /// A word for a day relative to now: `today` is 0 days back, `yesterday` 1.
    static let dayWords: [String: Int] = ["today": 0, "yesterday": 1]

    /// The day `today` or `yesterday` names at `now` in `timeZone`, or nil for any other text.
    public func relativeDay(now: Date, timeZone: TimeZone) -> LocalDate? {
        guard let back = DocumentReference.dayWords[text.trimmingASCIIWhitespace().lowercased()] else { return nil }
        let today = LocalDate(now, in: timeZone)
        let civil = LocalDate.civil(fromDays: LocalDate.days(year: today.year, month: today.month, day: today.day) - back)
        return LocalDate(year: civil.year, month: civil.month, day: civil.day)
    }

    /// The reference with `today` and `yesterday` made the day they name now, so that it names the
    /// same session later (a reflection queued tonight and saved tomorrow).
    public func pinned(now: Date, timeZone: TimeZone) -> DocumentReference {
        relativeDay(now: now, timeZone: timeZone).map { DocumentReference($0.dayString) } ?? self
    }

    /// Whether the reference is a path (it has a `/` or ends in `.md`): read from disk, never
    /// looked up.
    public var isPath: Bool {
        let trimmed = text.trimmingASCIIWhitespace()
        return trimmed.contains("/") || trimmed.hasSuffix(".md")
    }

    /// The session file a path reference names, relative to `directory`, then to the vault.
    func resolvePath(in vault: Vault, from directory: String, home: String?) throws(VaultError) -> VaultEntry {
        let trimmed = text.trimmingASCIIWhitespace()
        for base in [directory, vault.root] {
            let absolute = Vault.absolute(trimmed, from: base, home: home)
            guard let relative = vault.relativePath(absolute), !relative.isEmpty, FileIO.exists(absolute) else { continue }
            let entry = VaultEntry(path: relative, bytes: try FileIO.read(absolute))
            guard entry.session != nil, !entry.isPlainNote else {
                throw VaultError(.noMatch, "\(trimmed) is not a therapy session file: " + DocumentReference.whatItIs(entry),
                                 details: DocumentReference.whereItsCommandsAre(entry, path: relative))
            }
            return entry
        }
        throw VaultError(.noMatch, "no session at \(trimmed) in the vault \(vault.root)")
    }

    /// Finds the one session `text` names and reads its file, by the rule of `RecordLookup`: a
    /// path is read at once; a day, an id prefix or `last` is answered from the index as it
    /// stands when that answer can be vouched for, else from the index brought up to date.
    public func resolve(with lookup: RecordLookup, from directory: String, now: Date, home: String? = nil) throws(VaultError) -> VaultEntry {
        if isPath { return try resolvePath(in: lookup.vault, from: directory, home: home) }
        let found = try lookup.find { (attempt) throws(VaultError) -> VaultEntry? in
            if attempt.trusting { return try quickAnswer(attempt, now: now) }
            return try resolve(in: attempt.index, from: directory, now: now, home: home)
        }
        guard let found else { throw VaultError(.noMatch, "no session matches \(quoted(text))") }
        return found
    }

    /// The one session the index as it stands names, vouched for by its file and the file names
    /// beside it; nil when the index must be brought up to date first.
    private func quickAnswer(_ attempt: RecordLookup.Attempt, now: Date) throws(VaultError) -> VaultEntry? {
        let index = attempt.index
        let trimmed = text.trimmingASCIIWhitespace()
        if DocumentReference.newestWords.contains(trimmed.lowercased()) {
            guard let newest = try index.newestCandidate(), let date = newest.date else { return nil }
            let day = date.dayString
            // A session file named for that day or a later one that the index has not seen.
            for year in sessionYears(from: date.year, in: index.vault) {
                if try attempt.hasUnknownNames(in: "sessions/\(year)", day: day, later: true, known: [newest.path]) { return nil }
            }
            return try attempt.read(newest.path) { $0.session?.date == date && !$0.isDraft && !$0.isPlainNote }
        }
        if let day = relativeDay(now: now, timeZone: index.vault.timeZone) ?? LocalDate.parse(trimmed).flatMap({ $0.isDayOnly ? $0 : nil }) {
            let candidates = try index.candidates(onDay: day)
            guard candidates.count == 1 else { return nil }
            let known = Set(candidates.map(\.path))
            for folder in ["sessions/" + day.year.zeroPadded(4), Vault.draftsFolder] {
                if try attempt.hasUnknownNames(in: folder, day: day.dayString, known: known) { return nil }
            }
            return try attempt.read(candidates[0].path) { entry in
                guard let date = entry.session?.date, !entry.isPlainNote else { return false }
                return date.year == day.year && date.month == day.month && date.day == day.day
            }
        }
        let key = trimmed.uppercased()
        guard key.utf8.count >= 4, key.utf8.allSatisfy({ hexValue($0) != nil || $0 == UInt8(ascii: "-") }) else { return nil }
        let candidates = try index.candidates(idPrefix: key)
        guard candidates.count == 1 else { return nil }
        let bare = key.replacingOccurrences(of: "-", with: "")
        return try attempt.read(candidates[0].path) { entry in
            guard let id = entry.session?.id?.uuidString, !entry.isPlainNote else { return false }
            return id.hasPrefix(key) || id.replacingOccurrences(of: "-", with: "").hasPrefix(bare)
        }
    }

    /// The year folders of `sessions/` from `year` on.
    private func sessionYears(from year: Int, in vault: Vault) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: vault.root + "/sessions")) ?? []
        return names.filter { $0.utf8.count == 4 && Int($0).map { $0 >= year } == true }
    }

    /// Finds the one session `text` names and reads its file.
    ///
    /// `directory` is where relative paths start from (the shell's current folder), then the vault;
    /// `today` and `yesterday` are the days of `now` in the vault's time zone; a leading `~` is
    /// `home`.
    public func resolve(in source: some ReferenceSource, from directory: String, now: Date, home: String? = nil) throws(VaultError) -> VaultEntry {
        let vault = source.vault
        let trimmed = text.trimmingASCIIWhitespace()
        if DocumentReference.newestWords.contains(trimmed.lowercased()) {
            guard let newest = try source.newestCandidate() else {
                throw VaultError(.noMatch, "there is no session yet for \(quoted(trimmed)) to name",
                                 details: ["Record one with 'afterflow new'."])
            }
            return VaultEntry(path: newest.path, bytes: try FileIO.read(try vault.path(newest.path)))
        }
        if isPath { return try resolvePath(in: vault, from: directory, home: home) }
        let candidates: [ReferenceCandidate]
        var nearest: [ReferenceCandidate] = []
        let kind: String
        if let day = relativeDay(now: now, timeZone: vault.timeZone) {
            candidates = try source.candidates(onDay: day)
            if candidates.isEmpty { nearest = try source.candidates(nearDay: day, limit: 3) }
            kind = "\(trimmed.lowercased()) (\(day.dayString))"
        } else if let day = LocalDate.parse(trimmed), day.isDayOnly {
            candidates = try source.candidates(onDay: day)
            if candidates.isEmpty { nearest = try source.candidates(nearDay: day, limit: 3) }
            kind = "on \(trimmed)"
        } else {
            let key = trimmed.uppercased()
            guard key.utf8.count >= 4, key.utf8.allSatisfy({ hexValue($0) != nil || $0 == UInt8(ascii: "-") }) else {
                throw VaultError(.noMatch, "\(quoted(trimmed)) is not a session reference",
                                 details: ["Name a session by the first 4 or more characters of its id, its path, its day (2024-12-10), today, yesterday, or last for the newest."])
            }
            candidates = try source.candidates(idPrefix: key)
            kind = "with an id starting \(trimmed)"
        }
        if candidates.count == 1 {
            let path = candidates[0].path
            return VaultEntry(path: path, bytes: try FileIO.read(try vault.path(path)))
        }
        if candidates.isEmpty {
            let lines = nearest.map { "  " + $0.line }
            throw VaultError(.noMatch, "no session \(kind)", details: lines.isEmpty ? [] : ["The nearest:"] + lines)
        }
        throw VaultError(.ambiguous, "\(candidates.count) sessions \(kind); name one by a longer id prefix or its path",
                         details: candidates.sorted { $0.path < $1.path }.map { "  " + $0.line })
    }
}

/// A session a reference might mean, with what the user needs to tell candidates apart.
public struct ReferenceCandidate: Sendable {
    public var path: String
    public var id: String?
    public var date: LocalDate?
    public var treatment: Treatment?

    /// `6F1C2A8E  2024-12-10 14:30  Psilocybin  sessions/2024/2024-12-10-psilocybin.md`.
    public var line: String {
        let shortID = id.map { String($0.prefix(8)) } ?? "(no id) "
        return "\(shortID)  \(date?.shortString ?? "?")  \(treatment?.displayName ?? "?")  \(path)"
    }
}

/// Where references are looked up: the files themselves (`VaultCatalog`) or the index.
public protocol ReferenceSource {
    var vault: Vault { get }
    func candidates(onDay day: LocalDate) throws(VaultError) -> [ReferenceCandidate]
    func candidates(nearDay day: LocalDate, limit: Int) throws(VaultError) -> [ReferenceCandidate]
    /// Sessions whose id starts with `prefix` (upper case; hyphens optional).
    func candidates(idPrefix prefix: String) throws(VaultError) -> [ReferenceCandidate]
    /// The newest session of the journal (drafts in `.afterflow/drafts/` left out), by the
    /// instant of its date, as `afterflow list` orders them; nil when there is none.
    func newestCandidate() throws(VaultError) -> ReferenceCandidate?
}

extension VaultCatalog: ReferenceSource {
    private var all: [ReferenceCandidate] {
        entries.compactMap { entry in
            entry.session.map { ReferenceCandidate(path: entry.path, id: $0.id?.uuidString, date: $0.date, treatment: $0.treatment) }
        }
    }

    public func candidates(onDay day: LocalDate) -> [ReferenceCandidate] {
        all.filter { $0.date.map { $0.year == day.year && $0.month == day.month && $0.day == day.day } ?? false }
    }

    public func candidates(nearDay day: LocalDate, limit: Int) -> [ReferenceCandidate] {
        let target = LocalDate.days(year: day.year, month: day.month, day: day.day)
        return all.compactMap { candidate in candidate.date.map { (candidate, abs(LocalDate.days(year: $0.year, month: $0.month, day: $0.day) - target)) } }
            .sorted { $0.1 < $1.1 }.prefix(limit).map(\.0)
    }

    public func newestCandidate() -> ReferenceCandidate? {
        let zone = vault.timeZone
        let dated = entries.compactMap { entry -> (ReferenceCandidate, Int)? in
            guard !entry.isDraft, let session = entry.session, let date = session.date else { return nil }
            return (ReferenceCandidate(path: entry.path, id: session.id?.uuidString, date: date, treatment: session.treatment),
                    date.epochSeconds(in: zone))
        }
        return dated.min { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0.path < $1.0.path }?.0
    }

    public func candidates(idPrefix prefix: String) -> [ReferenceCandidate] {
        let bare = prefix.replacingOccurrences(of: "-", with: "")
        return all.filter { candidate in
            guard let id = candidate.id else { return false }
            return id.hasPrefix(prefix) || id.replacingOccurrences(of: "-", with: "").hasPrefix(bare)
        }
    }
}

extension DocumentReference {
    /// `it is a trial session (type: trials)`, `it has no front matter`…: for messages.
    static func whatItIs(_ entry: VaultEntry) -> String {
        switch entry.content {
        case .note: return "it has no front matter"
        case .foreign: return "it is not an afterflow document (it has no afterflow type and stands outside afterflow's folders \(DocumentKind.folders.map { $0 + "/" }.joined(separator: ", ")))"
        case .other(let type): return "its type is \(quoted(type))"
        default: return "it is \(entry.kind?.descriptor.noun ?? "a document")"
        }
    }

    /// The commands that work on the kind a file is.
    static func whereItsCommandsAre(_ entry: VaultEntry, path: String) -> [String] {
        entry.kind?.descriptor.commandHints(path: path) ?? []
    }
}
