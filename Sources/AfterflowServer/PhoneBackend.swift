import AfterflowKit
import Foundation

/// A refusal of the phone page's request: the HTTP status and a message for the person holding
/// the phone. Nothing was written.
public struct PhoneError: Error, Sendable {
    public var status: Int
    public var message: String

    public init(_ status: Int, _ message: String) {
        self.status = status
        self.message = message
    }

    static func bad(_ message: String) -> PhoneError { PhoneError(400, message) }
}

/// What `afterflow serve` does for the phone page, without HTTP: lists the clients, starts a trial
/// session, and writes trials, cue choices, undos and the session's end with the same library
/// calls as `afterflow log` (the vault's lock, fsync'd appends, atomic replaces), so that both
/// front ends may log into one session at once.
///
/// Each trial carries an id the page made. The ids a session has seen are kept in the vault's
/// `.afterflow/serve/<session path, / as _>.ids`, one fsync'd line per change (`ID + LINE`, `ID c LINE`,
/// `ID u`), written under the vault's lock with the session file, so that a trial the page sends
/// again (it did not hear the answer) is acknowledged without being written twice. The trial line
/// itself stays as `docs/FORMAT.md` has it: no id in it.
public final class PhoneBackend: @unchecked Sendable {
    public let store: DocumentStore
    public let neutral: Bool
    /// How far ahead of this machine's clock a trial's time may be (the phone's clock may run a
    /// little fast), in seconds.
    public static let clockSlack = 5.0
    private let lock = NSLock()

    public init(store: DocumentStore, neutral: Bool) {
        self.store = store
        self.neutral = neutral
    }

    private var zone: TimeZone { store.vault.timeZone }

    func serialized<T>(_ body: () throws(PhoneError) -> T) throws(PhoneError) -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    // MARK: - Reading

    /// `{"clients": [{"short", "badge", "goals": [{"short", "title", "cue"}]}], "cues": [...]}`:
    /// every client with active goals, by badge (first name and last initial) only.
    public func clients() -> JSONValue {
        var out: [JSONValue] = []
        for short in store.clientShorts() {
            guard let record = try? store.load(short) else { continue }
            let goals = activeGoals(record)
            out.append(.object([
                ("short", .string(short)),
                ("badge", .string(record.client.displayName.isEmpty ? short : record.client.displayName)),
                ("goals", .array(goals.map(goalJSON))),
            ]))
        }
        return .object([("clients", .array(out)), ("cues", .array(store.cues.names.map { .string($0) })),
                        ("neutral", .bool(neutral)), ("now", .int(Self.millis(Date())))])
    }

    /// What the end form offers, from the vault's settings: `{"services": [{"code", "name",
    /// "timed"}], "default_service", "places": ["11 Office", …], "participants": ["client", …]}`.
    func billingChoices() -> JSONValue {
        let config = store.vault.config
        return .object([
            ("services", .array(config.services.map { .object([("code", .string($0.code)), ("name", .string($0.name)), ("timed", .bool($0.timed))]) })),
            ("default_service", config.defaultService.map(JSONValue.string) ?? .null),
            ("places", .array(config.places.map { .string($0.text) })),
            ("participants", .array(config.participants.map(JSONValue.string))),
        ])
    }

    func activeGoals(_ record: ClientRecord) -> [GoalRecord] {
        TrialSessionLifecycle.activeGoals(of: record)
    }

    func defaultCue(_ goal: GoalRecord?) -> String {
        store.cues.defaultLevel(for: goal?.goal)
    }

    func goalJSON(_ goal: GoalRecord) -> JSONValue {
        .object([("short", .string(goal.short)), ("title", .string(goal.goal.title ?? goal.short)),
                 ("cue", .string(defaultCue(goal))), ("measure", .string(goal.goal.measure.rawValue))])
    }

    static func millis(_ date: Date) -> Int { Int((date.timeIntervalSince1970 * 1000).rounded()) }

    /// The session as the page shows it: its goals (the client's active ones and any the session
    /// has trials of), the counts per goal, when it started.
    public func session(_ path: String) throws(PhoneError) -> JSONValue {
        let path = try Self.canonical(path)
        return try serialized { () throws(PhoneError) -> JSONValue in
            let (_, session, record) = try open(path)
            return state(path: path, session: session, record: record)
        }
    }

    func state(path: String, session: TrialSession, record: ClientRecord) -> JSONValue {
        // Trial goals by the trial buttons; the other measures beside them (`behaviourJSON`).
        var goals = activeGoals(record).filter { $0.goal.measure == .trials }
        for trial in session.trials where !goals.contains(where: { $0.short == trial.goal }) {
            if let g = record.goal(trial.goal), g.goal.measure == .trials { goals.append(g) }
        }
        var counts: [String: (Int, Int)] = [:]
        for trial in session.trials {
            var c = counts[trial.goal] ?? (0, 0)
            c.0 += trial.success ? 1 : 0
            c.1 += 1
            counts[trial.goal] = c
        }
        let started = session.date.map { $0.epochSeconds(in: zone) * 1000 }
        return .object([
            ("path", .string(path)),
            ("client", .object([("short", .string(record.short)),
                                ("badge", .string(record.client.displayName.isEmpty ? record.short : record.client.displayName))])),
            ("day", .string(session.date?.dayString ?? "")),
            ("started", started.map { .int($0) } ?? .null),
            ("ended", .bool(session.end != nil)),
            ("probe", .bool(session.probe)),
            ("choices", billingChoices()),
            ("billing", .object([("service", session.service.map(JSONValue.string) ?? .null), ("place", session.place.map { .string($0.text) } ?? .null),
                                 ("participants", .array(session.participants.map(JSONValue.string)))])),
            ("goals", .array(goals.map(goalJSON))),
            ("cues", .array(store.cues.names.map { .string($0) })),
            ("counts", .object(counts.sorted { $0.key < $1.key }.map { ($0.key, .array([.int($0.value.0), .int($0.value.1)])) })),
            ("now", .int(Self.millis(Date()))),
            ("zone", .string(zone.identifier)),
        ] + behaviourJSON(session: session, record: record))
    }

    /// Reads a trial session of the vault, refusing anything else.
    func open(_ path: String) throws(PhoneError) -> (VaultEntry, TrialSession, ClientRecord) {
        let place = PracticePath(path)
        guard path.hasSuffix(".md"), let client = place.client, path.hasPrefix(PracticePath.clientsFolder + "/"), place.role != .goal else {
            throw PhoneError(404, "there is no trial session \(path)")
        }
        let entry: VaultEntry
        do { entry = try store.read(path) } catch { throw PhoneError(404, "there is no trial session \(path)") }
        guard case .trials(let session) = entry.content else { throw PhoneError(404, "\(path) is not a trial session") }
        return (entry, session, try goals(of: client))
    }

    /// The client's `client.md` and goals, without the sessions (all a trial needs; a client with
    /// years of sessions is not read for each trial).
    private func goals(of short: String) throws(PhoneError) -> ClientRecord {
        let folder = PracticePath.clientFolder(short)
        guard let clientPath = try? store.vault.path(PracticePath.clientPath(short)), let bytes = try? FileIO.read(clientPath) else {
            throw PhoneError(404, "there is no client \(short)")
        }
        var goals: [GoalRecord] = []
        for path in VaultScanner.documentPaths(in: store.vault, under: folder + "/goals") {
            let place = PracticePath(path)
            guard place.role == .goal, let absolute = try? store.vault.path(path), let bytes = try? FileIO.read(absolute),
                  case .goal(let goal) = DocumentContent(document: Document(bytes: bytes)) else { continue }
            goals.append(GoalRecord(short: place.goal ?? "", path: path, goal: goal))
        }
        return ClientRecord(short: short, folder: folder, client: Client(document: Document(bytes: bytes)), goals: goals, sessions: [])
    }

    // MARK: - Writing

    /// Starts a trial session of the client, recorded on the phone; a probe session (`probe:
    /// true`, as `trials start --probe` writes it) when asked.
    public func start(client text: String, probe: Bool = false) throws(PhoneError) -> JSONValue {
        try serialized { () throws(PhoneError) -> JSONValue in
            let short: String
            let record: ClientRecord
            do throws(VaultError) {
                short = try store.resolveClient(text)
                record = try store.load(short)
            } catch { throw PhoneError(404, error.message) }
            guard !activeGoals(record).isEmpty else {
                throw PhoneError(409, "\(record.client.displayName) has no active goals to log; add one with: afterflow goal add \(short) TITLE")
            }
            var start = LocalDate(Date(), in: zone)
            start.offset = nil
            let path: String
            do throws(VaultError) {
                path = try store.startTrials(client: record, date: start, location: nil, observer: nil, recordedOn: .phone, probe: probe, now: Date())
            } catch { throw PhoneError(500, "could not start the session: \(error.message)") }
            let (_, session, fresh) = try open(path)
            return state(path: path, session: session, record: fresh)
        }
    }

    /// One trial, as the page made it: its id, its time (milliseconds since 1970), its goal, success
    /// or not, and its cue (the goal's default when nil). On disk, fsync'd, when this returns.
    public func trial(path: String, id: String, time millis: Double, goal: String, success: Bool, cue: String?) throws(PhoneError) -> JSONValue {
        try Self.check(id: id)
        let path = try Self.canonical(path)
        return try serialized { () throws(PhoneError) -> JSONValue in
            try locked { () throws(VaultError) -> Result<JSONValue, PhoneError> in
                    var ledger = try Ledger(store: store, session: path)
                    let entry: VaultEntry, session: TrialSession, record: ClientRecord
                    switch Result(catching: { () throws(PhoneError) in try open(path) }) {
                    case .success(let opened): (entry, session, record) = opened
                    case .failure(let error): return .failure(error)
                    }
                    if let known = ledger.current[id] {
                        // Sent again: written already, unless the server stopped between the
                        // ledger's line and the trial's (then fewer such lines are in the file).
                        if let text = known, Self.count(text, in: session) < ledger.liveCount(text) {
                            try appendAgain(text, to: path)
                        }
                        return reopen(path, duplicate: true)
                    }
                    guard let goalRecord = record.goal(goal) else {
                        return .failure(PhoneError(422, "\(record.client.displayName) has no goal \(goal); nothing was written"))
                    }
                    guard let level = store.cues.choose(cue, for: goalRecord.goal) else {
                        return .failure(PhoneError(422, "there is no cue level \(cue ?? ""); the levels are \(store.cues.expectedList); nothing was written"))
                    }
                    let time: TimeOfDay
                    switch moment(millis, of: session, what: "trial") {
                    case .success(let t): time = t
                    case .failure(let error): return .failure(error)
                    }
                    let trial = Trial(time: time, goal: goalRecord.short, success: success, cue: level)
                    _ = entry
                    // Only into an open session of today, decided before the id is kept.
                    if let refusal = TrialSessionLifecycle.refusal(TrialSessionLifecycle.acceptance(of: session, at: Date(), in: zone),
                                                                   path: path, client: record.short) {
                        return .failure(PhoneError(409, refusal.message))
                    }
                    // The id first: a server stopped between the two lines writes the trial when
                    // the page sends it again (see above), and never twice.
                    try ledger.add(id, "+", trial.lineText)
                    let written = try store.append(trial, to: path)
                    return .success(ack(path: path, session: TrialSession(document: written), record: record, duplicate: false))
            }
        }
    }

    /// Changes the cue of a trial the page logged. The line is rewritten in place (an atomic replace).
    public func cue(path: String, id: String, cue: String) throws(PhoneError) -> JSONValue {
        try Self.check(id: id)
        return try edit(path: path, id: id) { () throws(PhoneError) -> Trial? in
            guard let level = store.cues.level(cue) else {
                throw PhoneError(422, "there is no cue level \(cue); the levels are \(store.cues.expectedList); nothing was written")
            }
            return Trial(time: TimeOfDay(hour: 0, minute: 0, second: 0), goal: "", success: true, cue: level)
        }
    }

    /// Removes a trial or a behaviour event the page logged (undo).
    public func undo(path: String, id: String) throws(PhoneError) -> JSONValue {
        try Self.check(id: id)
        return try edit(path: path, id: id) { () throws(PhoneError) -> Trial? in nil }
    }

    /// A cue change (`change` gives the new level as its cue) or an undo (nil), of trial `id`.
    private func edit(path: String, id: String, change: () throws(PhoneError) -> Trial?) throws(PhoneError) -> JSONValue {
        let wanted = try change()
        let path = try Self.canonical(path)
        return try serialized { () throws(PhoneError) -> JSONValue in
            try locked { () throws(VaultError) -> Result<JSONValue, PhoneError> in
                    var ledger = try Ledger(store: store, session: path)
                    let entry: VaultEntry, session: TrialSession, record: ClientRecord
                    switch Result(catching: { () throws(PhoneError) in try open(path) }) {
                    case .success(let opened): (entry, session, record) = opened
                    case .failure(let error): return .failure(error)
                    }
                    guard let known = ledger.current[id] else {
                        return .failure(PhoneError(404, "this session has no trial with id \(id); nothing was changed"))
                    }
                    guard let text = known else {
                        if wanted == nil { return .success(ack(path: path, session: session, record: record, duplicate: true)) }
                        return .failure(PhoneError(409, "that trial was undone; its cue cannot be changed"))
                    }
                    // The last line holding the trial or event, as the ledger knows it.
                    let line = Self.lines(text, in: session).last
                    if let wanted {
                        guard let trial = Self.trial(text) else {
                            return .failure(PhoneError(409, "that is a behaviour event, not a trial: only a trial has a cue to change; nothing was changed"))
                        }
                        var changed = trial
                        changed.cue = wanted.cue
                        if changed.cue == trial.cue { return .success(ack(path: path, session: session, record: record, duplicate: true)) }
                        if let line {
                            let edited = entry.document.replacingLines(line..<(line + 1), with: [changed.lineText])
                            try store.replace(path, expecting: entry.document, with: edited)
                        } else if Self.count(changed.lineText, in: session) == 0 {
                            return .failure(PhoneError(409, "the trial \(trial.lineText) is no longer in \(path) (edited by hand?); nothing was changed"))
                        }
                        try ledger.add(id, "c", changed.lineText)
                    } else {
                        // Removed only when the file has as many such lines as the ledger says
                        // are live: else an earlier undo removed it and stopped before its line.
                        if let line, Self.count(text, in: session) >= ledger.liveCount(text) {
                            let edited = entry.document.replacingLines(line..<(line + 1), with: [])
                            try store.replace(path, expecting: entry.document, with: edited)
                        }
                        try ledger.add(id, "u", nil)
                    }
                    return reopen(path, duplicate: false)
            }
        }
    }

    /// Writes the session's end (now) with the service, place and participants chosen (checked
    /// by the rules `trials end` checks them by, `SessionBilling.parse`), and returns its summary
    /// (as `afterflow summary --format json`).
    public func end(path: String, service: String? = nil, place: String? = nil, participants: [String] = []) throws(PhoneError) -> JSONValue {
        let path = try Self.canonical(path)
        let billing: SessionBilling
        do throws(SessionBilling.InputError) {
            billing = try SessionBilling.parse(service: service, place: place, participants: participants, provider: nil,
                                               services: store.vault.config.services)
        } catch {
            throw PhoneError(422, error.message + "; the session was not ended")
        }
        return try serialized { () throws(PhoneError) -> JSONValue in
            let (entry, _, _) = try open(path)
            do throws(VaultError) {
                // Sent again (the answer was lost), or ended elsewhere: the end stays as it is,
                // and the values chosen are added as `trials end` adds them to an ended session.
                _ = try store.endTrials(entry, at: nil, now: Date(), ifEnded: billing.frontMatterLines.isEmpty ? .keep : .addBilling, billing: billing)
            } catch {
                throw Self.failure(error)
            }
            let (_, session, record) = try open(path)
            let summary = TrialSummary(session: session, record: record, cues: store.cues)
            return .object([("summary", summary.json), ("session", state(path: path, session: session, record: record))])
        }
    }

    // MARK: - Helpers

    /// Runs `body` holding the vault's lock: its refusal or a failed write, as the page is told.
    func locked(_ body: () throws(VaultError) -> Result<JSONValue, PhoneError>) throws(PhoneError) -> JSONValue {
        let outcome: Result<JSONValue, PhoneError>
        do {
            outcome = try store.vault.withLock(body)
        } catch {
            throw Self.failure(error)
        }
        return try outcome.get()
    }

    /// The acknowledgement, with the session as it now is on disk.
    func reopen(_ path: String, duplicate: Bool) -> Result<JSONValue, PhoneError> {
        Result { () throws(PhoneError) -> JSONValue in
            let (_, session, record) = try open(path)
            return ack(path: path, session: session, record: record, duplicate: duplicate)
        }
    }

    func ack(path: String, session: TrialSession, record: ClientRecord, duplicate: Bool) -> JSONValue {
        .object([("ok", .bool(true)), ("duplicate", .bool(duplicate)), ("session", state(path: path, session: session, record: record))])
    }

    static func failure(_ error: VaultError) -> PhoneError {
        let status = error.kind == .changedOnDisk ? 409 : (error.kind == .invalid ? 409 : 503)
        return PhoneError(status, "not written: \(error.message)")
    }

    /// The session's path spelled one way (`clients/…`, without `./` or `//`), so that the ledger
    /// of its trials is one file however the page spells it.
    static func canonical(_ path: String) throws(PhoneError) -> String {
        do {
            return try Vault.canonicalPath(path)
        } catch {
            throw PhoneError(404, "there is no trial session \(path)")
        }
    }

    static func check(id: String) throws(PhoneError) {
        guard (8...64).contains(id.utf8.count), id.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x41 && $0 <= 0x5A) || $0 == 0x2D || $0 == 0x5F }) else {
            throw .bad("a trial's id must be 8 to 64 letters, digits, - or _; nothing was written")
        }
    }

    static func trial(_ text: String) -> Trial? {
        if case .trial(let t) = Trial.read(line: text) { return t }
        return nil
    }

    /// The 0-based lines of `session` whose trial or event is the canonical line `text`, in order.
    static func lines(_ text: String, in session: TrialSession) -> [Int] {
        (session.trials.filter { $0.lineText == text }.compactMap(\.line)
            + session.events.filter { $0.lineText == text }.compactMap(\.line)).sorted()
    }

    static func count(_ text: String, in session: TrialSession) -> Int {
        lines(text, in: session).count
    }

    /// Appends the trial or event line `text` (a ledger's) again: the server stopped between
    /// the ledger's line and the session's.
    func appendAgain(_ text: String, to path: String) throws(VaultError) {
        if let trial = Self.trial(text) {
            _ = try store.append(trial, to: path)
        } else if case .event(let event)? = BehaviourEvent.read(line: text) {
            _ = try store.append([event], to: path)
        }
    }

    static func clock(_ date: Date, _ zone: TimeZone) -> String {
        TimeOfDay(LocalDate(date, in: zone)).text
    }
}

/// The ids of the trials the phone page sent to one session: `.afterflow/serve/<its path>.ids`,
/// lines `ID + LINE` (written), `ID c LINE` (its cue changed), `ID u` (undone), appended and
/// fsync'd. Read and written under the vault's lock.
struct Ledger {
    static let folder = Vault.stateFolder + "/serve"
    let path: String
    private var size: Int
    /// The trial line each id now stands for; nil for an undone one.
    private(set) var current: [String: String?] = [:]

    init(store: DocumentStore, session: String) throws(VaultError) {
        let name = session.unicodeScalars.map { s -> String in
            let v = s.value
            let plain = (v >= 0x30 && v <= 0x39) || (v >= 0x61 && v <= 0x7A) || (v >= 0x41 && v <= 0x5A) || v == 0x2D
            return plain ? String(s) : "_"
        }.joined()
        path = try store.vault.writablePath(Ledger.folder + "/" + name + ".ids")
        if FileIO.exists(path) {
            let bytes = try FileIO.read(path)
            size = bytes.count
            for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
                let parts = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
                guard parts.count >= 2 else { continue }
                let id = String(parts[0])
                switch parts[1] {
                case "+", "c": current[id] = parts.count == 3 ? String(parts[2]) : nil
                case "u": current[id] = .some(nil)
                default: continue
                }
            }
        } else {
            size = -1
        }
    }

    /// How many live ids stand for this line.
    func liveCount(_ text: String) -> Int {
        current.values.filter { $0 == text }.count
    }

    mutating func add(_ id: String, _ op: String, _ text: String?) throws(VaultError) {
        let line = Array((id + " " + op + (text.map { " " + $0 } ?? "") + "\n").utf8)
        if size < 0 {
            try FileIO.createDirectories(String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)]))
            try FileIO.create(path, contents: line)
            size = line.count
        } else {
            try FileIO.append(path, expectingSize: size, bytes: line)
            size += line.count
        }
        current[id] = .some(text)
    }
}
