import Dispatch
import Foundation

/// The checks of a therapist's practice that need more than one file, or the vault's settings:
/// what one file's typed view cannot tell.
///
/// - a trial line naming a goal that is not in the client's `goals/` folder;
/// - a cue level that is not one of the vault's (trial lines, a goal's `cue` and `counts_correct`);
/// - a goal category the vault does not know;
/// - a goal or trial session whose `client` is not the id in its folder's `client.md`;
/// - a client, goal or trial session file outside its place in `clients/<short>/`;
/// - a client folder holding goals or sessions without a `client.md`;
/// - a trial session's service not on the vault's list, and, with `audit: true`, what an audit
///   of its claim needs (`PracticeCheck+Billing`);
/// - with `concurrent_97155: false`, a 97155 session overlapping a 97153 of the same client
///   (`PracticeCheck+Concurrency`).
///
/// Each problem is located at the value or word it is about (1-based line and column, the column
/// in UTF-8 bytes), with the path filled in.
public struct PracticeCheck: Sendable {
    public var cueLevels: CueLevels
    /// Lower case.
    public var goalCategories: [String]
    /// The antecedents and consequences ABC lines may name, lower case.
    public var abcAntecedents: [String] = AbcLists.standardAntecedents
    public var abcConsequences: [String] = AbcLists.standardConsequences
    /// The services trial sessions may be billed as.
    public var services: [ServiceCode] = ServiceCode.standard
    /// Whether trial sessions are checked for what an audit needs (`audit: true`).
    public var audit = false
    /// Whether the payer pays 97155 for time a 97153 of the same client covers
    /// (`concurrent_97155:`, true unless set); when not, `check` warns at such an overlap.
    public var concurrent97155 = true
    /// The front end's clock, when it gave one (see `VaultCheck.now`).
    public var now: Date?
    /// The vault's time zone, for times written without an offset.
    public var timeZone: TimeZone = .gmt

    public static let clientsFolder = "clients"

    public init(config: VaultConfig) {
        cueLevels = config.cueLevels
        goalCategories = config.goalCategories
        abcAntecedents = config.abcAntecedents
        abcConsequences = config.abcConsequences
        services = config.services
        audit = config.audit
        concurrent97155 = config.concurrent97155
        timeZone = config.timeZone
    }

    /// Reads what the check needs from `vault`'s files and runs it: every file under `clients/`,
    /// and the files elsewhere that may name a kind (`type`), walking the whole vault and reading
    /// every file to find them (without an index; `VaultCheck` takes `diagnostics(in: store)`,
    /// which `PracticeCheckIndexTests` compares with this one). `unsaved` holds the bytes of documents not yet saved, by
    /// vault-relative path, read in place of their files (a path with no file yet is added; a
    /// draft's is left out, as drafts are).
    public static func diagnostics(in vault: Vault, replacing unsaved: [String: [UInt8]] = [:], now: Date? = nil) -> [Diagnostic] {
        let paths = withUnsaved(VaultScanner.documentPaths(in: vault), unsaved.keys)
        var check = PracticeCheck(config: vault.config)
        check.now = now
        return check.diagnostics(entries: read(paths, in: vault, replacing: unsaved), paths: paths)
    }

    /// What `diagnostics(in:replacing:now:)` reports, reading only the files that can hold those
    /// problems: every document under `clients/` (walked), and elsewhere only the documents the
    /// index holds as one of `kindsOutsideClients` (and the unsaved ones). For `VaultCheck`, whose
    /// caller has just refreshed `store`: the other files outside `clients/` are sessions and notes,
    /// which have no practice problems there, so the whole vault need not be walked and read again.
    public static func diagnostics(in store: IndexStore, replacing unsaved: [String: [UInt8]] = [:],
                                   now: Date? = nil) throws(VaultError) -> [Diagnostic] {
        let vault = store.vault
        let prefix = clientsFolder + "/"
        // The unsaved documents' paths that have no file yet are added to the walk's, as the whole
        // walk's are; those outside `clients/` are read with the kinds the index names.
        let listed = withUnsaved(VaultScanner.listedPaths(in: vault, under: clientsFolder), unsaved.keys)
        let inClients = listed.filter { $0.hasPrefix(prefix) }
        var elsewhere = Set(listed.filter { !$0.hasPrefix(prefix) })
        elsewhere.formUnion(unsaved.keys.filter { !$0.hasPrefix(prefix) && VaultScanner.isDocumentPath($0) })
        elsewhere.formUnion(try store.documentPaths(ofKinds: kindsOutsideClients).filter { !$0.hasPrefix(prefix) && VaultScanner.isDocumentPath($0) })
        var check = PracticeCheck(config: vault.config)
        check.now = now
        return check.diagnostics(entries: read(inClients + elsewhere.sorted(), in: vault, replacing: unsaved), paths: inClients)
    }

    /// The kinds whose documents can have practice problems outside `clients/` (a file away from
    /// its client's folder): the kinds that have such rules, but the session, whose rule is about
    /// a file inside a client's folder.
    static let kindsOutsideClients = DocumentKind.allCases
        .filter { $0 != .session && $0.descriptor is any PracticeChecked.Type }.map(\.rawValue)

    /// The entries of `paths` the checks across files look at, on every core: each file under
    /// `clients/`, elsewhere only a file that may name a kind; plain notes left out. `unsaved`
    /// holds bytes read in place of a file's.
    private static func read(_ paths: [String], in vault: Vault, replacing unsaved: [String: [UInt8]]) -> [VaultEntry] {
        let read = ResultBox<VaultEntry?>(count: paths.count)
        let chunk = 64
        DispatchQueue.concurrentPerform(iterations: (paths.count + chunk - 1) / chunk) { c in
            for i in (c * chunk)..<min(paths.count, (c + 1) * chunk) {
                guard let bytes = unsaved[paths[i]] ?? (try? FileIO.read(vault.root + "/" + paths[i])),
                      paths[i].hasPrefix(clientsFolder + "/") || mayNameKind(bytes) else {
                    read.set(i, nil)
                    continue
                }
                read.set(i, VaultEntry(path: paths[i], bytes: bytes))
            }
        }
        return read.values.compactMap { $0 }.filter { !$0.isPlainNote }
    }

    /// `paths` and the unsaved documents' that have no file yet (not drafts), sorted.
    static func withUnsaved(_ paths: [String], _ unsaved: Dictionary<String, [UInt8]>.Keys) -> [String] {
        guard !unsaved.isEmpty else { return paths }
        let known = Set(paths)
        return (paths + unsaved.filter { VaultScanner.isDocumentPath($0) && !known.contains($0) }).sorted()
    }

    /// Whether a file's bytes hold `type` at all: one that does not is a session, whatever else.
    static func mayNameKind(_ bytes: [UInt8]) -> Bool {
        let word: [UInt8] = Array("type".utf8)
        guard bytes.count >= word.count else { return false }
        var i = 0
        while i + word.count <= bytes.count {
            if bytes[i] == word[0] && bytes[i + 1] == word[1] && bytes[i + 2] == word[2] && bytes[i + 3] == word[3] { return true }
            i += 1
        }
        return false
    }

    /// The problems of `entries` (journal files, not drafts), in path order. `paths` are every
    /// document path of the vault, read or not: a `client.md` or goal that could not be read
    /// still exists.
    public func diagnostics(entries: [VaultEntry], paths: [String]) -> [Diagnostic] {
        var found: [Diagnostic] = []
        var folders: [String: Folder] = [:]
        var byPath: [String: VaultEntry] = [:]
        for entry in entries { byPath[entry.path] = entry }
        for path in paths {
            guard let place = Place(path), place.rest.count == 2, place.rest[0] == "goals", place.rest[1].hasSuffix(".md") else { continue }
            // A goal file that could not be read is still a goal: its trials are not unknown.
            if byPath[path].map({ $0.kind == .goal }) ?? true {
                let short = String(place.rest[1].dropLast(3))
                folders[place.short, default: Folder()].goals.append(short)
                if let entry = byPath[path], case .goal(let goal) = entry.content {
                    folders[place.short, default: Folder()].measures[short] = (goal.measure, goal.steps.count)
                }
            }
        }
        var clientIDs: [UUID: String] = [:]
        for entry in entries {
            if case .client(let client) = entry.content, let place = Place(entry.path), place.isClientFile, let id = client.id {
                clientIDs[id] = entry.path
            }
        }
        for entry in entries.sorted(by: { $0.path < $1.path }) {
            // Each kind's own rules of the practice (its place, its values against the settings).
            guard let checked = entry.kind?.descriptor as? any PracticeChecked.Type else { continue }
            found += checked.practiceProblems(of: entry, check: self, folders: &folders)
        }
        for (short, folder) in folders.sorted(by: { $0.key < $1.key }) where !folder.members.isEmpty {
            found += clientOf(folder, short: short, paths: paths, clientIDs: clientIDs) + concurrencyWarnings(folder)
        }
        return found.sorted { ($0.path ?? "", $0.location) < ($1.path ?? "", $1.location) }
    }

    // MARK: - Goals and trials

    /// A goal's category, cue and counts_correct against the vault's settings.
    func goalValues(_ goal: Goal, path: String) -> [Diagnostic] {
        var found: [Diagnostic] = []
        guard let frontMatter = goal.document.frontMatter else { return [] }
        if let category = goal.category, !goalCategories.contains(category), let s = frontMatter.entry("category")?.value.scalar {
            let fix = Suggestion.nearest(to: category, among: goalCategories).map { "did you mean \(quoted($0))? (or add it to goal_categories in .afterflow/config.yml)" }
                ?? "write one of them, or add it to goal_categories in .afterflow/config.yml"
            found.append(Diagnostic(.error, "category \(quoted(s.text.trimmingASCIIWhitespace())) is not one of the vault's goal categories (\(goalCategories.joined(separator: ", "))); \(fix)", at: s.location, path: path))
        }
        if let cue = goal.cue, cueLevels.rank(of: cue) == nil, let s = frontMatter.entry("cue")?.value.scalar {
            found.append(unknownCue("cue", s.text, at: s.location, path: path))
        }
        if goal.countsCorrect != nil, let entry = frontMatter.entry("counts_correct") {
            for item in FrontMatterReader(document: goal.document).list(entry) where cueLevels.rank(of: item.text.trimmingASCIIWhitespace()) == nil {
                found.append(unknownCue("counts_correct", item.text, at: item.location, path: path))
            }
        }
        return found
    }

    /// Each trial's cue level against the vault's.
    func trialCues(_ session: TrialSession, path: String) -> [Diagnostic] {
        session.trials.compactMap { trial in
            guard cueLevels.rank(of: trial.cue) == nil, let line = trial.line else { return nil }
            let column = PracticeCheck.columns(of: session.document.text(ofLine: line)).cue
            return unknownCue("trial line: cue level", trial.cue, at: SourceLocation(line: line + 1, column: column), path: path)
        }
    }

    /// Each trial's goal against the goals of the client's folder.
    func trialGoals(_ session: TrialSession, path: String, client: String, goals: [String]) -> [Diagnostic] {
        session.trials.compactMap { trial in
            guard !goals.contains(trial.goal), !goals.contains(trial.goal.lowercased()), let line = trial.line else { return nil }
            let column = PracticeCheck.columns(of: session.document.text(ofLine: line)).goal
            let listed = goals.sorted()
            let known = listed.isEmpty ? "\(client) has no goals yet"
                : "\(client)'s goals are \(listed.prefix(8).joined(separator: ", "))\(listed.count > 8 ? ", …" : "")"
            let fix = Suggestion.nearest(to: trial.goal, among: listed).map { "did you mean \(quoted($0))?" }
                ?? "fix the name, or add the goal as clients/\(client)/goals/\(trial.goal).md"
            return Diagnostic(.error, "trial line: no goal \(quoted(trial.goal)) in clients/\(client)/goals/ (\(known)); \(fix)",
                              at: SourceLocation(line: line + 1, column: column), path: path)
        }
    }

    func unknownCue(_ what: String, _ text: String, at location: SourceLocation, path: String) -> Diagnostic {
        let typed = text.trimmingASCIIWhitespace()
        let near = cueLevels.level(typed) ?? Suggestion.nearest(to: typed, among: cueLevels.names)
        let fix = near.map { "did you mean \(quoted($0))? (or add it to cue_levels in .afterflow/config.yml)" }
            ?? "write one of them, or add it to cue_levels in .afterflow/config.yml"
        return Diagnostic(.error, "\(what) \(quoted(typed)) is not one of the vault's cue levels (\(cueLevels.expectedList)); \(fix)", at: location, path: path)
    }

    /// The 1-based columns, in UTF-8 bytes, of the goal and cue words of a line read as a trial.
    static func columns(of line: String) -> (goal: Int, cue: Int) {
        let bytes = Array(line.utf8)
        var p = 0
        func skipSpace() { while p < bytes.count, bytes[p] == 0x20 || bytes[p] == 0x09 { p += 1 } }
        func word() -> Int {
            let start = p
            while p < bytes.count, bytes[p] != 0x20, bytes[p] != 0x09 { p += 1 }
            return start
        }
        skipSpace()
        p += 1  // the item marker, - or *
        skipSpace()
        _ = word()  // the time
        skipSpace()
        let goal = word()
        skipSpace()
        _ = word()  // + or -
        skipSpace()
        let cue = word()
        return (goal + 1, cue + 1)
    }

    // MARK: - Folders

    /// A folder's goals and sessions against its `client.md`.
    func clientOf(_ folder: Folder, short: String, paths: [String], clientIDs: [UUID: String]) -> [Diagnostic] {
        let clientPath = "\(PracticeCheck.clientsFolder)/\(short)/client.md"
        guard let client = folder.client else {
            guard let first = folder.members.map(\.entry).min(by: { $0.path < $1.path }) else { return [] }
            let why = paths.contains(clientPath)
                ? "\(clientPath) is not a client's file (it has no 'type: client'), so nothing says whose goals and sessions are in clients/\(short)/; make it one"
                : "clients/\(short)/ has no client.md, so nothing says whose goals and sessions these are; add \(clientPath) ('afterflow client add NAME --short \(short)') or move this file to its client's folder"
            return [Diagnostic(.error, why, at: clientLocation(first), path: first.path)]
        }
        guard let id = client.id else { return [] }
        var found: [Diagnostic] = []
        for (entry, stated, kind) in folder.members.sorted(by: { $0.entry.path < $1.entry.path }) {
            guard let stated, stated != id else { continue }
            let folderName = kind == "goal" ? "goals" : "sessions"
            let message: String
            if let other = clientIDs[stated] {
                message = "client \(stated.uuidString) is the id of \(other), not of this folder's client (\(clientPath), id \(id.uuidString)): a \(kind) of another client; move the file to \(other.dropLast("client.md".count))\(folderName)/, or write \(id.uuidString)"
            } else {
                message = "client \(stated.uuidString) is not the id of this folder's client (\(clientPath), id \(id.uuidString)) nor of any other: a \(kind) of another client; write \(id.uuidString), or move the file to its client's \(folderName)/ folder"
            }
            found.append(Diagnostic(.error, message,
                                    at: clientLocation(entry), path: entry.path))
        }
        return found
    }

    /// Where the `client` value is, else the `type` value, else the first line.
    func clientLocation(_ entry: VaultEntry) -> SourceLocation {
        let frontMatter = entry.document.frontMatter
        return frontMatter?.entry("client")?.value.scalar?.location
            ?? frontMatter?.entry("type")?.value.scalar?.location ?? SourceLocation(line: 1, column: 1)
    }

    /// A client, goal or trial session file outside its place: at its `type` value.
    func misplaced(_ entry: VaultEntry, _ rule: String) -> Diagnostic {
        let location = entry.document.frontMatter?.entry("type")?.value.scalar?.location ?? SourceLocation(line: 1, column: 1)
        return Diagnostic(.error, "\(rule), found it at \(entry.path); move it there (a client's files are read from the client's folder)", at: location, path: entry.path)
    }

    /// What the check gathers about one client folder.
    struct Folder {
        var client: Client?
        /// Short names of the goals in `goals/`.
        var goals: [String] = []
        /// The measure and number of steps of each goal that could be read, by short name.
        var measures: [String: (measure: GoalMeasure, steps: Int)] = [:]
        /// Goals and trial sessions in their places, with the client id each states.
        var members: [(entry: VaultEntry, client: UUID?, kind: String)] = []
    }

    /// A path inside `clients/<short>/`: the short name and the parts after it.
    struct Place {
        var short: String
        var rest: [Substring]

        init?(_ path: String) {
            let parts = path.split(separator: "/")
            guard parts.count >= 3, parts[0] == Substring(PracticeCheck.clientsFolder) else { return nil }
            short = String(parts[1])
            rest = Array(parts[2...])
        }

        var isClientFile: Bool { rest == ["client.md"] }
    }
}
