import Foundation

/// A therapist's practice in the vault: one folder per client under `clients/`, with `client.md`,
/// the goals in `goals/` and the trial sessions in `sessions/YYYY/`.
extension DocumentStore {
    public var cues: CueLevels { vault.config.cueLevels }

    // MARK: - Clients

    /// The short names of the client folders (those with a `client.md`), sorted.
    public func clientShorts() -> [String] {
        guard let root = try? vault.path(PracticePath.clientsFolder),
              let names = try? FileManager.default.contentsOfDirectory(atPath: root) else { return [] }
        return names.filter { !$0.hasPrefix(".") && FileIO.exists(root + "/" + $0 + "/" + PracticePath.clientFile) }.sorted()
    }

    /// The client a command names: a short name (`maya-t`, any case), or an error naming the near ones.
    public func resolveClient(_ text: String) throws(VaultError) -> String {
        let wanted = text.trimmingASCIIWhitespace().lowercased().trimmingSuffix("/")
        let shorts = clientShorts()
        if let found = shorts.first(where: { $0.lowercased() == wanted }) { return found }
        let short = wanted.hasPrefix(PracticePath.clientsFolder + "/") ? String(wanted.dropFirst(PracticePath.clientsFolder.count + 1)) : wanted
        if let found = shorts.first(where: { $0.lowercased() == short }) { return found }
        if shorts.isEmpty {
            throw VaultError(.noMatch, "there is no client \(quoted(text)): the vault has no clients yet",
                             details: ["Add one with 'afterflow client add \"Maya Thompson\" --born 2017-03-02'."])
        }
        throw VaultError(.noMatch, "there is no client \(quoted(text))\(Suggestion.clause(for: short, among: shorts))",
                         details: ["'afterflow client list' shows the clients' short names."])
    }

    /// Reads a client's whole folder. Without `checking`, its trial sessions are read for their
    /// values alone (`TrialSession(document:checking:)`): for a caller that shows no problems.
    /// The files are read and parsed on `cores` threads (see `ParallelMap`), kept in the walk's order.
    public func load(_ short: String, checking: Bool = true, cores: Int = 1) throws(VaultError) -> ClientRecord {
        let folder = PracticePath.clientFolder(short)
        let clientPath = PracticePath.clientPath(short)
        let client = Client(document: Document(bytes: try FileIO.read(try vault.path(clientPath))))
        let paths = VaultScanner.documentPaths(in: vault, under: folder).filter { $0 != clientPath }
        let root = vault.root
        let contents = ParallelMap.map(paths, cores: cores, minimumChunk: 32) { path -> DocumentContent? in
            // Found by the walk of a folder in the vault (`vault.path` took its client.md): no
            // `..`, no empty part, nothing to check again.
            guard let bytes = try? FileIO.read(root + "/" + path) else { return nil }
            let document = Document(bytes: bytes)
            return checking ? DocumentContent(document: document) : DocumentContent(valuesOf: document)
        }
        var goals: [GoalRecord] = []
        var sessions: [TrialSessionRecord] = []
        for (path, content) in zip(paths, contents) {
            switch content {
            case .goal(let goal):
                let place = PracticePath(path)
                if place.role == .goal { goals.append(GoalRecord(short: place.goal ?? "", path: path, goal: goal)) }
            case .trials(let session):
                sessions.append(TrialSessionRecord(path: path, session: session))
            default:
                continue
            }
        }
        return ClientRecord(short: short, folder: folder, client: client, goals: goals, sessions: sessions)
    }

    /// Writes a new client's folder and `client.md`. The short name is the first name and last
    /// initial unless given; it must be free.
    public func addClient(name: String, born: LocalDate?, short: String?, now: Date) throws(VaultError) -> (short: String, path: String) {
        let short = (short ?? Client.defaultShortName(for: name)).lowercased()
        guard Trial.isShortName(short) else {
            throw VaultError(.invalid, "the short name \(quoted(short)) must be letters, digits, - and _, starting with a letter or digit",
                             details: ["Give one with --short, like --short maya-t."])
        }
        let zone = vault.timeZone
        let text = ClientWriter.newDocument(id: UUID(), name: name, born: born, created: LocalDate(now, in: zone), timeZone: zone)
        let path = try create(Document(text), at: .client(short)) { () throws(VaultError) in
            if let taken = clientShorts().first(where: { $0.lowercased() == short }) {
                throw VaultError(.exists, "there is already a client \(taken) (\(PracticePath.clientFolder(taken))/)",
                                 details: ["Give the new client another short name with --short, like --short \(short)\(short.count < 3 ? "x" : String(short.last ?? "x"))."])
            }
        }
        return (short, path)
    }

    // MARK: - Goals

    /// Writes a new goal file in the client's `goals/`. The short name comes from the title unless given.
    public func addGoal(_ values: GoalValues, client short: String, goalShort: String?) throws(VaultError) -> (short: String, path: String) {
        let name = (goalShort ?? GoalWriter.shortName(for: values.title)).lowercased()
        guard Trial.isShortName(name) else {
            throw VaultError(.invalid, "the goal's short name \(quoted(name)) must be letters, digits, - and _, starting with a letter or digit",
                             details: ["Give one with --short, like --short s-initial."])
        }
        let text = GoalWriter.newDocument(values, timeZone: vault.timeZone)
        let placement = Placement.goal(client: short, goal: name)
        let path = try create(Document(text), at: placement) { () throws(VaultError) in
            if FileIO.exists(try vault.writablePath(placement.path(attempt: 1))) {
                throw VaultError(.exists, "\(short) already has a goal \(name) (\(placement.path(attempt: 1)))",
                                 details: ["Give the new goal another short name with --short."])
            }
        }
        return (name, path)
    }

    // MARK: - Trial sessions

    /// Writes a new trial session file, `clients/<short>/sessions/YYYY/YYYY-MM-DD-HHMM.md`, with
    /// `billing`'s values; its provider is the vault's (`provider:` in the settings) unless given.
    public func startTrials(client record: ClientRecord, date: LocalDate, location: String?, observer: String?,
                            recordedOn: TrialSession.RecordedOn, billing: SessionBilling = SessionBilling(), probe: Bool = false,
                            now: Date) throws(VaultError) -> String {
        guard let clientID = record.client.id else {
            throw VaultError(.invalid, "\(record.folder)/client.md has no id; trial sessions name their client by it",
                             details: ["Run 'afterflow fmt \(record.folder)/client.md' to give it one."])
        }
        let zone = vault.timeZone
        var billing = billing
        if billing.provider == nil { billing.provider = vault.config.provider }
        let text = TrialSessionWriter.newDocument(id: UUID(), clientID: clientID, date: date, end: nil, location: location,
                                                  observer: observer, recordedOn: recordedOn, trials: [],
                                                  created: LocalDate(now, in: zone), timeZone: zone, billing: billing, probe: probe)
        return try create(Document(text), at: .trialSession(clientFolder: record.folder, date: date))
    }

    /// The newest trial session file of a client (on `day`, a `YYYY-MM-DD`, when given), found
    /// from the file names alone (`sessions/YYYY/YYYY-MM-DD-HHMM.md` sort by time), without the index.
    public func newestSessionPath(client: String, day: String? = nil) -> String? {
        let folder = PracticePath.clientFolder(client) + "/sessions"
        guard let root = try? vault.path(folder), let years = try? FileManager.default.contentsOfDirectory(atPath: root) else { return nil }
        for year in years.filter({ !$0.hasPrefix(".") }).sorted(by: >) {
            if let day, !day.hasPrefix(year) { continue }
            let names = (try? FileManager.default.contentsOfDirectory(atPath: root + "/" + year)) ?? []
            let candidates = names.filter { $0.hasSuffix(".md") && !$0.hasPrefix(".") && (day == nil || $0.hasPrefix(day! + "-")) }
            // 2025-01-14-1500-2.md (a second session that minute) is newer than 2025-01-14-1500.md.
            // A second observer's record (role: reliability) is not the session itself.
            for name in candidates.sorted(by: { Self.sessionOrder($0) > Self.sessionOrder($1) }) {
                let path = "\(folder)/\(year)/\(name)"
                if !isReliabilityRecord(root + "/" + year + "/" + name) { return path }
            }
        }
        return nil
    }

    /// Whether the file at `absolute` is a second observer's record; read only when its name
    /// is not one afterflow gives a session (`2025-01-14-1500.md`, `…-1500-2.md`).
    private func isReliabilityRecord(_ absolute: String) -> Bool {
        let stem = (absolute as NSString).lastPathComponent.dropLast(3)
        let parts = stem.split(separator: "-")
        if parts.count == 4 || (parts.count == 5 && Int(parts[4]) != nil) { return false }
        guard let bytes = try? FileIO.read(absolute) else { return false }
        return TrialSession(document: Document(bytes: bytes)).role == .reliability
    }

    private static func sessionOrder(_ name: String) -> (String, Int) {
        let stem = String(name.dropLast(3))
        let parts = stem.split(separator: "-")
        if parts.count == 5, let n = Int(parts[4]) { return (parts[0..<4].joined(separator: "-"), n) }
        return (stem, 1)
    }

    /// Adds one trial to a trial session: appended to the end of the file and fsync'd when
    /// `## Trials` is its last section (as in every file afterflow writes), else written in place
    /// after the last trial with an atomic replace. Returns the file as it now is.
    @discardableResult
    public func append(_ trial: Trial, to path: String) throws(VaultError) -> Document {
        try appendLines(to: path) { TrialAppend.plan(trial, in: $0) }
    }

    /// Adds behaviour event lines to a trial session, one after the other, as `append(_:to:)`
    /// adds a trial: appended and fsync'd when `## Trials` is the file's last section.
    @discardableResult
    public func append(_ events: [BehaviourEvent], to path: String) throws(VaultError) -> Document {
        try appendLines(to: path) { TrialAppend.plan(events, in: $0) }
    }

    private func appendLines(to path: String, plan: (Document) -> TrialAppend.Plan) throws(VaultError) -> Document {
        try vault.withLock { () throws(VaultError) -> Document in
            let absolute = try vault.writablePath(path)
            // Read for its kind and values alone: no problem of the file is shown here.
            let document = Document(bytes: try FileIO.read(absolute))
            let content = DocumentContent(valuesOf: document)
            guard case .trials = content else {
                throw VaultError(.invalid, "\(path) is not a trial session (its type is \(content.kind?.rawValue ?? "none"))")
            }
            if let fence = document.unclosedFenceWarning {
                throw VaultError(.invalid, "\(path):\(fence.location.line): a code fence opened here is never closed, so a trial added after it would not be read",
                                 details: ["Close the fence with a line of ``` and try again; nothing was written."])
            }
            let planned = plan(document)
            let result: Document
            switch planned {
            case .append(_, let document), .replace(let document): result = document
            }
            if let refusal = Self.signatureLock(path: path, before: document, after: result) { throw refusal }
            switch planned {
            case .append(let bytes, let result):
                try FileIO.append(absolute, expectingSize: document.bytes.count, bytes: bytes)
                return result
            case .replace(let result):
                try FileIO.replace(absolute, expecting: document.bytes, with: result.bytes)
                return result
            }
        }
    }

    /// Sets front-matter keys of a practice file (rendered YAML lines per key; nil removes),
    /// and `updated`; refused when the file changed since it was read.
    @discardableResult
    public func setKeys(_ keys: [(key: String, lines: [String]?)], in entry: VaultEntry, order: [String], now: Date) throws(VaultError) -> Document {
        var document = entry.document
        for (key, lines) in keys { document = document.settingFrontMatter(key, to: lines, order: order) }
        if document.bytes != entry.document.bytes {
            document = document.settingFrontMatter("updated", to: ["updated: \(LocalDate(now, in: vault.timeZone).canonical(in: vault.timeZone))"], order: order)
        }
        try save(document, over: entry, now: now)
        return document
    }
}

extension String {
    func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
