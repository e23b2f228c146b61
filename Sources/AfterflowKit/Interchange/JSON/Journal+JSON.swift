import Foundation

// The journal's records as the listing commands give them to scripts (`--format json`). Keys are
// snake_case; dates are canonical in the vault's time zone; what is missing is null.

extension Diagnostic {
    /// `path` (empty for the vault's own problems), `line`, `column`, `severity`, `message`.
    public var json: JSONValue {
        .object([
            ("path", .string(path ?? "")), ("line", .int(location.line)), ("column", .int(location.column)),
            ("severity", .string(severity.rawValue)), ("message", .string(message)),
        ])
    }
}

extension PendingReminder {
    /// `id`, the session's `date`, the `reminder`'s moment and `open`, the command that opens the
    /// session (the caller's, with its vault); `verbose` adds the treatment, path and intention.
    public func json(timeZone zone: TimeZone, open: String, verbose: Bool) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("id", .string(id.uuidString)),
            ("date", session.date.map { .string($0.canonical(in: zone)) } ?? .null),
            ("reminder", .string(LocalDate(date, in: zone).canonical(in: zone))),
            ("open", .string(open)),
        ]
        if verbose {
            members += [
                ("treatment", session.treatment.map { .string($0.rawValue) } ?? .null),
                ("path", .string(entry.path)),
                ("intention", .string(session.intention)),
            ]
        }
        return .object(members)
    }

    /// `id`, the `reminder`'s moment, and whether it is `due` at `now`.
    public func dueJSON(timeZone zone: TimeZone, now: Date) -> JSONValue {
        .object([
            ("id", .string(id.uuidString)),
            ("reminder", .string(LocalDate(date, in: zone).canonical(in: zone))),
            ("due", .bool(isDue(at: now))),
        ])
    }
}

extension Draft {
    /// `id`, `path`, `date`, `treatment`, `age_seconds`, what is `missing` (snake_case words),
    /// whether it is `planned` and `older_than_a_week`.
    public func json(timeZone zone: TimeZone) -> JSONValue {
        .object([
            ("id", session.id.map { .string($0.uuidString) } ?? .null),
            ("path", .string(entry.path)),
            ("date", session.date.map { .string($0.canonical(in: zone)) } ?? .null),
            ("treatment", session.treatment.map { .string($0.rawValue) } ?? .null),
            ("age_seconds", .int(age)),
            ("missing", .array(missing.map { .string($0.replacingOccurrences(of: " ", with: "_")) })),
            ("planned", .bool(plannedFor != nil)),
            ("older_than_a_week", .bool(isStale)),
        ])
    }
}

extension Trash.Entry {
    /// `number` (the entry's place in the list, from 1, as `trash restore` takes it), `id`,
    /// `original` path, when it was `deleted`, its `path` in the trash, whether it was `replaced`.
    public func json(number: Int) -> JSONValue {
        .object([
            ("number", .int(number)), ("id", id.map { .string($0) } ?? .null),
            ("original", .string(original)), ("deleted", .string(deleted)), ("path", .string(path)),
            ("replaced", .bool(replaced == true)),
        ])
    }
}
