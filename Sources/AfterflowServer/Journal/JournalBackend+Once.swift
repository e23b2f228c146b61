import AfterflowKit
import Foundation

extension JournalBackend {
    /// Saves an entry once: under the vault's lock, an id the ledger has seen is answered as a
    /// duplicate; otherwise `write` runs with the id its document gets (or, for a change to a
    /// session, `reuse`), between the ledger's two lines. An id left begun (the server stopped
    /// between the lines) is first looked for by `look`, which gives its path when it is on disk.
    func once(_ id: String, reuse: UUID? = nil, always: [(String, JSONValue)] = [], look: (UUID) -> String?,
              write: (UUID) throws(VaultError) -> (String, [(String, JSONValue)])) throws(PhoneError) -> JSONValue {
        try JournalLedger.check(id: id)
        return try serialized { () throws(PhoneError) -> JSONValue in
            do throws(VaultError) {
                return try vault.withLock { () throws(VaultError) -> JSONValue in
                    var ledger = try JournalLedger(vault: vault)
                    var uuid = reuse ?? UUID()
                    switch ledger.steps[id] {
                    case .done(let path):
                        return Self.answer(path: path, duplicate: true, always)
                    case .begun(let begun):
                        uuid = begun
                        if let path = look(begun) {
                            try ledger.record(id, .done(path))
                            return Self.answer(path: path, duplicate: true, always)
                        }
                    case nil:
                        try ledger.record(id, .begun(uuid))
                    }
                    let (path, extra) = try write(uuid)
                    try ledger.record(id, .done(path))
                    return Self.answer(path: path, duplicate: false, extra + always)
                }
            } catch {
                throw PhoneBackend.failure(error)
            }
        }
    }

    static func answer(path: String, duplicate: Bool, _ extra: [(String, JSONValue)]) -> JSONValue {
        .object([("ok", .bool(true)), ("duplicate", .bool(duplicate)), ("path", .string(path))] + extra)
    }

    /// The path of the document whose front matter has `id: UUID`, under these folders (and
    /// among the drafts), if any: where a write cut short may have left it.
    func document(_ uuid: UUID, under folders: [String], drafts: Bool = false) -> String? {
        let needle = Array("id: \(uuid.uuidString)".utf8), lower = Array("id: \(uuid.uuidString.lowercased())".utf8)
        var paths = folders.flatMap { VaultScanner.documentPaths(in: vault, under: $0) }
        if drafts { paths += VaultScanner.draftPaths(in: vault) }
        return paths.first { path in
            guard let absolute = try? vault.path(path), let bytes = try? FileIO.read(absolute) else { return false }
            return Self.contains(bytes, needle) || Self.contains(bytes, lower)
        }
    }

    private static func contains(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
        guard bytes.count >= needle.count, let first = needle.first else { return false }
        var i = 0
        while i <= bytes.count - needle.count {
            if bytes[i] == first, Array(bytes[i..<(i + needle.count)]) == needle { return true }
            i += 1
        }
        return false
    }

    /// The entry's time: milliseconds since 1970 from the phone, not ahead of this clock (a little
    /// slack for a phone's fast clock); whole seconds.
    func entryTime(id: String, time: Double) throws(PhoneError) -> Date {
        try JournalLedger.check(id: id)
        guard time.isFinite, time > 0, time < 1e15 else { throw PhoneError.bad("an entry's time must be milliseconds since 1970; nothing was written") }
        let date = Date(timeIntervalSince1970: (time / 1000).rounded(.down))
        let now = clock()
        if date.timeIntervalSince(now) > Self.clockSlack {
            throw PhoneError(422, "the entry's time is ahead of this computer's (\(LocalDate(date, in: zone).shortString), it is \(LocalDate(now, in: zone).shortString) here); check the phone's clock; nothing was written")
        }
        return date
    }

    /// The names as the vocabulary writes them, or a refusal naming the near ones.
    static func names(_ given: [String], from names: [String], what: String) throws(PhoneError) -> [String] {
        do throws(MoodVocabulary.UnknownName) {
            return try MoodVocabulary.canonicalNames(given, in: names)
        } catch {
            throw PhoneError(422, "\"\(error.name)\" is not one of the \(what)\(error.near.isEmpty ? "" : " (near: " + error.near.joined(separator: ", ") + ")"); nothing was written")
        }
    }

    static func check(field: String, _ text: String, multiline: Bool) throws(PhoneError) {
        if let problem = FieldText.problem(field: field, text: text, multiline: multiline) { throw PhoneError(422, problem + "; nothing was written") }
    }

    /// Nil for nothing or blanks.
    static func empty(_ text: String?) -> String? {
        guard let text, !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
        return text
    }

    static func reminder(_ text: String?) throws(PhoneError) -> ReminderChoice? {
        guard let text = empty(text) else { return nil }
        guard ["3h", "tomorrow", "none"].contains(text), let choice = ReminderChoice(parsing: text) else {
            throw PhoneError.bad("a reminder is 3h, tomorrow or none; nothing was written")
        }
        return choice
    }

    /// A refused change, in words for the phone.
    static func refusal(_ failure: SessionChange.Failure) -> PhoneError {
        switch failure {
        case .rejected(let rejection, let path, _):
            return PhoneError(422, rejection.message(in: path) + "; nothing was written")
        case .wouldReplace(let sections, _):
            return PhoneError(409, "the session already has \(sections.map(\.fieldName).joined(separator: " and ")) text; change it on the computer (afterflow set --replace); nothing was written")
        case .hasErrors(let errors, let path, _):
            return PhoneError(422, "\(path) would have errors (\(errors.first?.message ?? "")); nothing was written")
        case .vault(let error):
            return PhoneBackend.failure(error)
        }
    }
}
