import Foundation

/// Changes a session file field by field, touching only the lines of the fields it changes.
public struct SessionEditor: Sendable {
    public let timeZone: TimeZone
    /// The treatments `treatment` may be set to: the vault's (`VaultConfig.treatments`).
    public var treatments: TreatmentCatalog
    /// The routes `administration` may be set to: the vault's (`VaultConfig.routes`).
    public var routes: RouteCatalog

    public init(timeZone: TimeZone, treatments: TreatmentCatalog = .builtIn, routes: RouteCatalog = .builtIn) {
        self.timeZone = timeZone
        self.treatments = treatments
        self.routes = routes
    }

    /// Why a value cannot be set; the message is one sentence for the user.
    public struct Rejection: Error, Sendable, CustomStringConvertible {
        public var message: String
        /// Where in the file as read the problem is, when it is the file's and not the value's
        /// (a code fence left open); nil for a value that cannot be written.
        public var location: SourceLocation?
        public var description: String { message }

        init(message: String, location: SourceLocation? = nil) {
            self.message = message
            self.location = location
        }

        /// The message for the file at `path`: `path:line:col: message` when located.
        public func message(in path: String) -> String {
            location.map { "\(path):\($0): \(message)" } ?? message
        }

        /// The refusal to write a section into `document`, when it has one.
        static func sectionWrite(into document: Document) -> Rejection? {
            document.sectionWriteRefusal.map { Rejection(message: $0.message, location: $0.location) }
        }
    }

    /// Sets every key to its value, in order (see the other `setting`); the first rejection stops it.
    public func setting(_ changes: [(key: String, value: String)], in document: Document) throws(Rejection) -> Document {
        var document = document
        for change in changes { document = try setting(change.key, to: change.value, in: document) }
        return document
    }

    /// The sections `changes` would replace or empty that hold text now, text the user wrote:
    /// `set` changes them only when told to replace them (`--replace`), keeping a copy first.
    public func replacedSections(_ changes: [(key: String, value: String)], in document: Document) -> [SessionSection] {
        var found: [SessionSection] = []
        for change in changes {
            guard let section = SessionSection(fieldName: change.key), !found.contains(section),
                  let existing = document.section(section.rawValue) else { continue }
            let old = document.text(of: existing)
            let new = FieldText.normalizingLineBreaks(change.value.trimmingASCIIWhitespace())
            if !old.isEmpty && old != new { found.append(section) }
        }
        return found
    }

    /// Sets `key` (a front-matter key or a section's field name) to `value`, validated and written in
    /// canonical form. An empty value removes an optional key or clears a section.
    public func setting(_ key: String, to value: String, in document: Document) throws(Rejection) -> Document {
        let section = SessionSection(fieldName: key)
        if let problem = FieldText.problem(field: key, text: value, multiline: section != nil) {
            throw Rejection(message: problem)
        }
        if let section {
            let text = FieldText.normalizingLineBreaks(value.trimmingASCIIWhitespace())
            if let problem = section.problem(with: text) { throw Rejection(message: problem) }
            if let refusal = Rejection.sectionWrite(into: document) { throw refusal }
            return document.settingSection(section.rawValue, text: text, order: SessionSection.order)
        }
        let trimmed = value.trimmingASCIIWhitespace()
        let order = SessionKey.order
        guard let known = SessionKey(rawValue: key) else {
            guard Self.isValidKey(key) else {
                throw Rejection(message: "'\(key)' is not a key afterflow can write; use letters, digits, '_' or '-', starting with a letter")
            }
            return document.settingFrontMatter(key, to: trimmed.isEmpty ? nil : SessionWriter.line(key, YAMLWriter.scalar(trimmed)), order: order)
        }
        func set(_ rendered: String?) -> Document {
            document.settingFrontMatter(key, to: rendered.map { SessionWriter.line(key, $0) }, order: order)
        }
        switch known {
        case .id, .created, .updated, .status, .type:
            throw Rejection(message: Self.readOnlyReason(known))
        case .date, .reminder:
            if trimmed.isEmpty {
                guard known == .reminder else { throw Rejection(message: "date cannot be empty") }
                return set(nil)
            }
            guard let date = LocalDate.parse(trimmed) else {
                throw Rejection(message: "\(key) must be a date like 2024-12-10T14:30:00-08:00, 2024-12-10 14:30 or 2024-12-10, found \(quoted(value))")
            }
            if let problem = date.yearProblem { throw Rejection(message: "\(key): \(problem)") }
            return set(date.canonical(in: timeZone))
        case .treatment:
            guard let treatment = treatments.treatment(parsing: trimmed) else {
                throw Rejection(message: treatments.unknownMessage(value))
            }
            return set(treatment.rawValue)
        case .administration:
            if trimmed.isEmpty { return set(nil) }
            guard let administration = routes.route(parsing: trimmed) else {
                throw Rejection(message: routes.unknownMessage(value))
            }
            return set(administration.rawValue)
        case .moodBefore, .moodAfter:
            if trimmed.isEmpty { return set(nil) }
            guard let mood = MoodScale.parse(trimmed) else {
                throw Rejection(message: "\(key) must be a whole number from 1 to 10, found \(quoted(value))")
            }
            return set(String(mood))
        case .dose:
            return set(trimmed.isEmpty ? nil : YAMLWriter.scalar(trimmed))
        case .music:
            let result = set(trimmed.isEmpty ? nil : YAMLWriter.scalar(trimmed))
            // Details fetched for another link describe it, not this one.
            let before = document.frontMatter?.entry("music")?.value.scalar?.text.trimmingASCIIWhitespace() ?? ""
            return before == trimmed ? result : removingMusicDetails(in: result)
        case .tags:
            let items = trimmed.split(separator: ",").map { String($0).trimmingASCIIWhitespace() }.filter { !$0.isEmpty }
            if items.isEmpty { return set(nil) }
            let indent = document.frontMatter?.entry("tags")?.blockIndent
            return document.settingFrontMatter(key, to: SessionWriter.listLines(key, items, blockIndent: indent), order: order)
        }
    }

    /// Writes the derived status and, when `now` is given, bumps `updated`. A session that has just
    /// become complete loses its reminder; nothing else changes.
    public func finishing(_ document: Document, now: Date?) -> Document {
        let session = Session(document: document)
        var result = document
        if session.recordedStatus != session.status || document.frontMatter?.entry("status") == nil {
            result = result.settingFrontMatter("status", to: ["status: \(session.status.rawValue)"], order: SessionKey.order)
        }
        if session.status == .complete, session.recordedStatus != .complete, result.frontMatter?.entry("reminder") != nil {
            result = result.settingFrontMatter("reminder", to: nil, order: SessionKey.order)
        }
        if let now {
            let stamp = LocalDate(now, in: timeZone).canonical(in: timeZone)
            result = result.settingFrontMatter("updated", to: ["updated: \(stamp)"], order: SessionKey.order)
        }
        return result
    }

    static func isValidKey(_ key: String) -> Bool {
        guard let first = key.utf8.first, (first >= 0x41 && first <= 0x5A) || (first >= 0x61 && first <= 0x7A) else { return false }
        return key.utf8.allSatisfy { b in
            (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F || b == 0x2D
        }
    }

    static func readOnlyReason(_ key: SessionKey) -> String {
        switch key {
        case .status: return "status is derived from the content; set intention, mood_before or reflections instead"
        case .id: return "id is a session's identity and never changes"
        case .created, .updated: return "\(key.rawValue) is kept by afterflow itself"
        default: return "type cannot be changed with set"
        }
    }
}
