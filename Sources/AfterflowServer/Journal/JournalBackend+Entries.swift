import AfterflowKit
import Foundation

/// The entries the journal page saves, each once, each through its command's library call.
extension JournalBackend {
    /// A check-in (`afterflow mood SCORE NOTES --label … --association …`), typed at `time`
    /// (milliseconds since 1970).
    public func checkIn(id: String, time: Double, score: Int, labels: [String], associations: [String], notes: String) throws(PhoneError) -> JSONValue {
        let typed = try entryTime(id: id, time: time)
        guard MoodScale.range.contains(score) else { throw PhoneError(422, "the score must be a whole number from 1 to 10, found \(score); nothing was written") }
        let chosenLabels = try Self.names(labels, from: MoodVocabulary.labels, what: "labels")
        let chosenAssociations = try Self.names(associations, from: MoodVocabulary.associations, what: "associations")
        try Self.check(field: "the notes", notes, multiline: true)
        return try once(id, look: { uuid in self.document(uuid, under: [MoodWriter.folder]) }) { uuid throws(VaultError) -> (String, [(String, JSONValue)]) in
            let now = clock()
            var values = MoodValues.checkIn(score: score, notes: notes, labels: chosenLabels, associations: chosenAssociations,
                                            date: LocalDate(typed, in: zone), created: LocalDate(now, in: zone), keywords: vault.config.moodKeywords)
            values.id = uuid
            let path = try store.create(values)
            return (path, [("labels", .array(values.labels.map { .string($0) })), ("suggested_labels", .array(values.suggestedLabels.map { .string($0) })),
                           ("associations", .array(values.associations.map { .string($0) }))])
        }
    }

    /// A quick reflection on the session with id `session` (`afterflow reflect ID TEXT`): a
    /// timestamped entry at the end of its Reflections, the reminder cleared; the file is read
    /// again under the lock, so an edit made meanwhile on the computer is kept beside it.
    public func reflect(id: String, time: Double, session: String, text: String) throws(PhoneError) -> JSONValue {
        let typed = try entryTime(id: id, time: time)
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw PhoneError(422, "the reflection is empty; nothing was written") }
        let entry = try serialized { () throws(PhoneError) -> VaultEntry in try find(session: session) }
        guard let sessionID = entry.session?.id else { throw Self.gone }
        let line = SessionEditor(timeZone: zone).reflectionEntry(FieldText.normalizingLineBreaks(trimmed), at: typed)
        let look: (UUID) -> String? = { _ in
            guard let current = try? self.store.read(entry.path), current.session?.reflections.contains(line) == true else { return nil }
            return entry.path
        }
        return try once(id, reuse: sessionID, look: look) { _ throws(VaultError) -> (String, [(String, JSONValue)]) in
            let update = try store.addReflection(trimmed, typedAt: typed, prepend: false, to: entry, now: clock())
            return (update.path, [("status", .string(Session(document: update.document).status.rawValue))])
        }
    }

    /// What the page's new-session form gives, as `afterflow new` takes it.
    public struct NewSession: Sendable {
        public var treatment: String?
        public var administration: String?
        public var dose: String?
        public var intention: String?
        public var moodBefore: Int?
        /// `3h`, `tomorrow` or `none` (nil: none).
        public var remind: String?

        public init(treatment: String?, administration: String?, dose: String?, intention: String?, moodBefore: Int?, remind: String?) {
            (self.treatment, self.administration, self.dose, self.intention, self.moodBefore, self.remind) = (treatment, administration, dose, intention, moodBefore, remind)
        }
    }

    /// A new session dated when it was typed (`afterflow new --date … --treatment … --intention …
    /// --mood-before …`): into the journal with an intention and a mood before, else a draft.
    public func newSession(id: String, time: Double, _ form: NewSession) throws(PhoneError) -> JSONValue {
        let typed = try entryTime(id: id, time: time)
        var given = SessionValues.Typed()
        given.treatment = try Self.empty(form.treatment).map { text throws(PhoneError) -> String in
            let known = vault.config.treatments
            guard known.treatment(parsing: text) != nil else {
                throw PhoneError(422, "there is no treatment \(text); the treatments are \(known.expectedList), or add it to treatments in .afterflow/config.yml; nothing was written")
            }
            return text
        }
        given.administration = try Self.empty(form.administration).map { text throws(PhoneError) -> String in
            let known = vault.config.routes
            guard known.route(parsing: text) != nil else {
                throw PhoneError(422, "there is no route \(text); the routes are \(known.expectedList), or add it to routes in .afterflow/config.yml; nothing was written")
            }
            return text
        }
        if let mood = form.moodBefore, !MoodScale.range.contains(mood) {
            throw PhoneError(422, "the mood before must be a whole number from 1 to 10, found \(mood); nothing was written")
        }
        given.moodBefore = form.moodBefore
        given.dose = Self.empty(form.dose)
        given.intention = Self.empty(form.intention)
        try Self.check(field: "the dose", given.dose ?? "", multiline: false)
        try Self.check(field: "the intention", given.intention ?? "", multiline: true)
        if let intention = given.intention, let problem = SessionSection.intention.problem(with: intention) { throw PhoneError(422, problem + "; nothing was written") }
        var minute = LocalDate(typed, in: zone)
        minute.time?.second = 0
        given.date = minute
        let choice = try Self.reminder(form.remind)
        return try once(id, look: { uuid in self.document(uuid, under: ["sessions"], drafts: true) }) { uuid throws(VaultError) -> (String, [(String, JSONValue)]) in
            let now = clock()
            var values = SessionValues(given, config: vault.config, now: now, timeZone: zone)
            values.id = uuid
            if let choice, values.status != .complete {
                values.reminder = try? ReminderSchedule(timeZone: zone, now: typed).date(for: choice)
            }
            let (path, document) = try store.create(values, now: now)
            let session = Session(document: document)
            return (path, [("session", .string(uuid.uuidString)), ("status", .string(session.status.rawValue)), ("words", .string(session.status.words)),
                           ("draft", .bool(Vault.isDraft(path)))])
        }
    }

    /// The session's later fields, as `afterflow set ID environment=… music=… mood_after=…`
    /// does: a section that holds text already is not replaced.
    public func change(id: String, session: String, changes: [(key: String, value: String)]) throws(PhoneError) -> JSONValue {
        try JournalLedger.check(id: id)
        let allowed: Set<String> = ["environment", "music", "mood_after"]
        let changes = changes.filter { !$0.value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
        guard !changes.isEmpty else { throw PhoneError(422, "nothing to change; give the setting, a music link or the mood after") }
        for change in changes where !allowed.contains(change.key) { throw PhoneError.bad("the page changes environment, music and mood_after only, not \(change.key)") }
        let entry = try serialized { () throws(PhoneError) -> VaultEntry in try find(session: session) }
        guard let sessionID = entry.session?.id else { throw Self.gone }
        let change = SessionChange(vault: vault, changes: changes, policy: .set(replace: false))
        // A refusal leaves the id begun: the same change sent again is tried again.
        return try once(id, reuse: sessionID, look: { _ in nil }) { _ throws(VaultError) -> (String, [(String, JSONValue)]) in
            do throws(SessionChange.Failure) {
                guard case .updated(let done) = try change.apply(to: entry, now: clock()) else { return (entry.path, [("changed", .bool(false))]) }
                return (done.update.path, [("changed", .bool(true))])
            } catch {
                if case .vault(let error) = error { throw error }
                throw VaultError(.invalid, Self.refusal(error).message)
            }
        }
    }

    /// A questionnaire (`afterflow assess INSTRUMENT --answers … [--session ID]`): any instrument of
    /// the vault's catalogue, answered on its scale, saved through the same library call as
    /// `assess`; a PHQ-9 whose item 9 is above 0 answers with the vault's crisis line, as the
    /// terminal shows it. `session`, the id of a journal session the answers are about.
    public func assess(id: String, time: Double, instrument name: String, answers: [Int], notes: String, session: String? = nil) throws(PhoneError) -> JSONValue {
        let typed = try entryTime(id: id, time: time)
        let catalog = InstrumentCatalog(vault: vault)
        guard let instrument = catalog.instrument(id: name) else {
            throw PhoneError(422, "there is no questionnaire \(name); they are \(catalog.all.map(\.id).joined(separator: ", ")); nothing was written")
        }
        var answer = AssessmentAnswer(date: LocalDate(typed, in: zone), instrument: instrument, answers: answers, created: LocalDate(typed, in: zone))
        if let problem = answer.problem { throw PhoneError(422, problem + "; nothing was written") }
        try Self.check(field: "the notes", notes, multiline: true)
        answer.notes = notes
        if let session {
            let entry = try serialized { () throws(PhoneError) -> VaultEntry in try find(session: session) }
            guard let sessionID = entry.session?.id else { throw Self.gone }
            answer.session = sessionID.uuidString.uppercased()
        }
        let safety: [(String, JSONValue)] = answer.needsSafetyMessage
            ? [("safety", .array(AssessmentSafety.lines(crisisLine: vault.config.crisisLine).map { .string($0) }))] : []
        return try once(id, always: safety, look: { uuid in self.document(uuid, under: [AssessmentWriter.folder]) }) { uuid throws(VaultError) -> (String, [(String, JSONValue)]) in
            var values = answer
            values.id = uuid
            values.created = LocalDate(clock(), in: zone)
            let path = try store.create(values)
            var extra: [(String, JSONValue)] = [("result", .string(JournalInstruments.result(values)))]
            if let standard = values.standard, let total = values.total, let band = values.band {
                extra += [("total", .int(total)), ("maximum", .int(standard.maximum)), ("band", .string(band.words))]
            }
            return (path, extra)
        }
    }
}
