import Foundation

/// A trial session (`type: trials`): one sitting with a client, its trials in the order they
/// happened and the session note. A typed view onto a `Document`; reading never fails, problems
/// become `diagnostics`.
///
/// Whether each trial's goal and cue level exist is a question about the client's folder and the
/// vault's settings, answered by `PracticeCheck`, not here.
public struct TrialSession: Sendable {
    public let document: Document
    public var id: UUID?
    /// The client's id.
    public var client: UUID?
    /// When the session started.
    public var date: LocalDate?
    public var end: LocalDate?
    public var location: String?
    /// The CPT code it is billed as (`service: 97153`), as written; whether the vault bills that
    /// code is `PracticeCheck`'s question.
    public var service: String?
    /// Where it took place, as claims name it (`place: 03 School`).
    public var place: PlaceOfService?
    /// Who was there: `client`, `parent`, `teacher`, … (lower case).
    public var participants: [String] = []
    /// The rendering clinician's name and credential (`provider: J. Doe, CCC-SLP`).
    public var provider: String?
    /// Breaks in the session (`pauses: [15:20-15:25]`), in the order written.
    public var pauses: [SessionPause] = []
    /// The observer's initials (a second observer's file carries theirs).
    public var observer: String?
    public var recordedOn: RecordedOn?
    /// Whether the session probes the goals rather than teaching them (`probe: true`): its
    /// trials are reported apart from teaching trials.
    public var probe = false
    /// `reliability` for a second observer's record of a session (`primary` names it); nil for
    /// the session's own record.
    public var role: Role?
    /// The id of the session a reliability record checks.
    public var primary: UUID?
    public var created: LocalDate?
    public var updated: LocalDate?
    public var trials: [Trial] = []
    /// The behaviour events of `## Trials` (count, duration, latency, interval, ABC and task
    /// lines), in the order of their lines.
    public var events: [BehaviourEvent] = []
    /// The `## Trials` section, when there is one.
    public var trialsSection: Document.Section?
    /// The `## Notes` section's text: the session note.
    public var notes = ""
    /// Who signed the note and trials, and the seal of what they signed; nil for a draft.
    public var signature: Signature?
    /// The signed corrections and late entries of `## Addenda`, in order.
    public var addenda: [Addendum] = []
    public var diagnostics: [Diagnostic]

    /// Whose record this is: the session's (`primary`) or a second observer's (`reliability`).
    public enum Role: String, Sendable, CaseIterable {
        case primary, reliability
    }

    /// Where a trial session was recorded.
    public enum RecordedOn: String, Sendable, CaseIterable {
        case terminal, phone, script, `import`
    }

    public static let keys = ["type", "id", "client", "date", "end", "location", "service", "place", "participants", "provider", "pauses",
                              "observer", "probe", "recorded_on", "role", "primary", "created", "updated"] + Signature.keys

    public init(document: Document) {
        self.init(document: document, checking: true)
    }

    /// The values alone (`init(document:checking:)` without checking): for a caller that shows no
    /// problems, like `trial` counting the goal's trials in the file it has just written.
    public init(valuesOf document: Document) {
        self.init(document: document, checking: false)
    }

    /// Without `checking`, the values alone: the checks whose only result is problems (control
    /// characters, lines after the end, pauses, the events' order, the seal of a signature) are
    /// not made, so `diagnostics` holds only those met while reading. Every other property is
    /// what `init(document:)` reads.
    init(document: Document, checking: Bool) {
        self.document = document
        var reader = FrontMatterReader(document: document)
        var sawDate = false, sawClient = false, sawID = false
        if let frontMatter = document.frontMatter {
            for entry in frontMatter.entries {
                switch entry.key {
                case "id":
                    sawID = true
                    id = reader.documentID(entry)
                case "client":
                    sawClient = true
                    if reader.required(entry, example: "the client's id (the id in their client.md)") != nil { client = reader.uuid(entry) }
                case "date":
                    sawDate = true
                    if reader.required(entry, example: "when the session started, like 2025-01-14T15:00:00") != nil { date = reader.date(entry) }
                case "end": end = reader.date(entry)
                case "location": location = reader.text(entry)
                case "service": service = Self.readService(entry, reader: &reader)
                case "place":
                    if let text = reader.text(entry) {
                        place = PlaceOfService(parsing: text)
                        if place == nil, let s = entry.value.scalar { reader.error("place must be \(PlaceOfService.expected), found \(quoted(text))", at: s.location) }
                    }
                case "participants": participants = reader.list(entry).map { $0.text.trimmingASCIIWhitespace().lowercased() }.filter { !$0.isEmpty }
                case "provider": provider = reader.text(entry)?.trimmingASCIIWhitespace()
                case "pauses": pauses = SessionPause.read(entry, reader: &reader)
                case "observer": observer = reader.text(entry)
                case "probe": probe = reader.flag(entry) ?? false
                case "recorded_on":
                    if let name = reader.name(entry, from: RecordedOn.allCases.map(\.rawValue)) { recordedOn = RecordedOn(rawValue: name) }
                case "role":
                    if let name = reader.name(entry, from: Role.allCases.map(\.rawValue)) { role = Role(rawValue: name) }
                case "primary": primary = reader.uuid(entry)
                case "created": created = reader.date(entry)
                case "updated": updated = reader.date(entry)
                default: continue
                }
            }
            let top = SourceLocation(line: frontMatter.openingLine + 1, column: 1)
            if role == .reliability && primary == nil && frontMatter.entry("primary") == nil {
                reader.error("primary is missing: a reliability record names the session it checks; add a line like 'primary: 6FE27460-6DB9-53DE-9B65-178BE6599CCD' (that session's id)", at: top)
            }
            if !sawDate { reader.error("date is missing; add a line like 'date: 2025-01-14T15:00:00'", at: top) }
            if !sawClient { reader.error("client is missing; add the client's id, as in their client.md", at: top) }
            if !sawID { reader.warning("id is missing; 'afterflow fmt' adds one", at: top) }
            if let date, let end, end.epochSeconds(in: .gmt) < date.epochSeconds(in: .gmt),
               let entry = frontMatter.entry("end"), let s = entry.value.scalar {
                reader.error("end is before the session's date (\(date.shortString)); write when it ended", at: s.location)
            }
        } else if document.diagnostics.isEmpty {
            reader.error("expected front matter: the file must start with a line '---'", at: SourceLocation(line: 1, column: 1))
        }
        diagnostics = document.diagnostics + reader.diagnostics
        if checking { diagnostics += pauseProblems() }
        if let section = document.section("Trials") {
            trialsSection = section
            let read = Self.lines(of: section, in: document)
            trials = read.trials
            events = read.events
            diagnostics += read.problems
        }
        if let section = document.section("Notes") { notes = document.text(of: section) }
        guard checking else {
            readSignature(sealed: false)
            return
        }
        if let warning = document.unclosedFenceWarning { diagnostics.append(warning) }
        var sections: [(field: String, lines: Range<Int>)] = []
        for title in ["Trials", "Notes"] {
            if let section = document.section(title) { sections.append((title.lowercased(), section.content)) }
        }
        diagnostics += document.controlCharacterErrors(sections: sections)
        diagnostics += trialsAfterEnd()
        diagnostics += readSignature(sealed: true)
        diagnostics += BehaviourEvent.sequenceProblems(events) { document.text(ofLine: $0) }
        diagnostics.sort { $0.location < $1.location }
    }

    /// The trials and events of `## Trials`, and the lines that are neither though list items.
    /// Read from the document's bytes, without a String a line: the fast reading takes
    /// well-formed trials and lines that are no list items, the careful ones the rest.
    static func lines(of section: Document.Section, in document: Document) -> (trials: [Trial], events: [BehaviourEvent], problems: [Diagnostic]) {
        var found: [Trial] = []
        found.reserveCapacity(section.content.count)
        var events: [BehaviourEvent] = []
        var problems: [Diagnostic] = []
        // The range and the lines taken out of `section` and `document` once, not a line.
        let content = section.content, lines = document.lines
        document.bytes.withUnsafeBufferPointer { bytes in
            for index in content {
                let line = lines[index]
                var reading = Trial.readFast(UnsafeBufferPointer(rebasing: bytes[line.start..<line.end]), index: index)
                if reading == nil {
                    let text = document.text(ofLine: index)
                    switch BehaviourEvent.read(line: text, index: index) {
                    case .event(let event)?:
                        events.append(event)
                        continue
                    case .malformed(let column, let expected)?:
                        reading = .malformed(column: column, expected: expected)
                    case nil:
                        reading = Trial.readCarefully(line: text, index: index)
                    }
                }
                switch reading! {
                case .trial(let trial): found.append(trial)
                case .ignored: continue
                case .malformed(let column, let expected):
                    let text = document.text(ofLine: index)
                    let prefix = String(text.unicodeScalars.prefix(column))
                    problems.append(.error("\(lineWord(text)) line: expected \(expected)", at: SourceLocation(line: index + 1, column: prefix.utf8.count + 1)))
                }
            }
        }
        return (found, events, problems)
    }

    /// Reads the signature and the addenda: their problems, and with `sealed` an error where the
    /// signed text changed after signing (see `Signature.tampering`).
    @discardableResult
    private mutating func readSignature(sealed: Bool) -> [Diagnostic] {
        let read = Signature.read(document)
        signature = read.signature
        let addenda = Addendum.entries(of: document, after: signature?.hash)
        self.addenda = addenda.entries
        return read.problems + (sealed ? signature?.tampering(in: document) ?? [] : []) + addenda.problems
    }

    /// A warning at each trial or event line whose time is after the session's `end`. A line's
    /// time is on the session's day, or on the next when it is more than 12 hours before the
    /// start (after midnight), as `TrialAppend` reads it.
    func trialsAfterEnd() -> [Diagnostic] {
        guard let date, let end, let start = date.time else { return [] }
        let ended = end.epochSeconds(in: .gmt)
        var found: [Diagnostic] = []
        let timed = trials.compactMap { t in t.line.map { ($0, t.time) } } + events.compactMap { e in e.line.map { ($0, e.time) } }
        for (line, time) in timed.sorted(by: { $0.0 < $1.0 }) {
            let nextDay = start.hour * 3600 + start.minute * 60 + start.second - time.secondsOfDay > TrialSessionLifecycle.pastMidnight
            var moment = LocalDate(year: date.year, month: date.month, day: date.day,
                                   time: .init(hour: time.hour, minute: time.minute, second: time.second))
            moment.offset = date.offset
            guard moment.epochSeconds(in: .gmt) + (nextDay ? 86_400 : 0) > ended else { continue }
            let text = document.text(ofLine: line)
            let column = (text.utf8.firstIndex { $0 != 0x20 && $0 != 0x09 }.map { text.utf8.distance(from: text.utf8.startIndex, to: $0) } ?? 0) + 3
            let word = Self.lineWord(text)
            found.append(.warning("\(word) line: \(time.text) is after the session's end (\(end.clockTime ?? end.shortString)); if the session went on, make its end: \(time.text) or later ('afterflow trials end' with --at), else correct the \(word)'s time",
                                  at: SourceLocation(line: line + 1, column: column)))
        }
        return found
    }

    /// What a diagnostic calls a line of `## Trials`: an event line when its third word is an
    /// event's, else a trial line.
    static func lineWord(_ text: String) -> String {
        var words = LineWords(text)
        for _ in 0..<3 { _ = words.next() }
        return BehaviourEvent.words.contains(words.next().text.lowercased()) ? "event" : "trial"
    }

    /// Minutes from `date` to `end`, when both are known.
    public var minutes: Int? {
        guard let date, let end else { return nil }
        return (end.epochSeconds(in: .gmt) - date.epochSeconds(in: .gmt)) / 60
    }

    /// The minutes worked, which billing counts: from `date` to `end` less the pauses, in whole
    /// minutes (seconds left over are not counted); nil without both times.
    public var billableMinutes: Int? {
        guard let date, let end else { return nil }
        let paused = pauses.reduce(0) { $0 + $1.seconds(after: date) }
        return max(0, end.epochSeconds(in: .gmt) - date.epochSeconds(in: .gmt) - paused) / 60
    }
}
