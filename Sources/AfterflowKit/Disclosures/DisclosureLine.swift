import Foundation

/// One line of the disclosure log: a JSON object on one line (JSON Lines), either a disclosure or
/// the outcome of one, told apart by the `outcome` key. Keys are written in a fixed order, the
/// time first; optional keys are left out when empty. A reader ignores keys it does not know.
public enum DisclosureLine: Sendable, Equatable {
    case disclosure(Disclosure)
    case outcome(DisclosureOutcome)

    /// The line's text, without its line feed; times in `timeZone` with their offset.
    public func text(timeZone: TimeZone) -> String {
        switch self {
        case .disclosure(let entry): Self.json(entry, timeZone: timeZone).serialized()
        case .outcome(let outcome): Self.json(outcome, timeZone: timeZone).serialized()
        }
    }

    static func json(_ entry: Disclosure, timeZone: TimeZone) -> JSONValue {
        let (before, after) = fields(entry, timeZone: timeZone)
        let records: [(String, JSONValue)] = entry.records.isEmpty ? [] : [("records", .array(entry.records.map(JSONValue.string)))]
        return .object(before + records + after)
    }

    /// The entry's keys before `records` and after it, in the line's order.
    private static func fields(_ entry: Disclosure, timeZone: TimeZone) -> (before: [(String, JSONValue)], after: [(String, JSONValue)]) {
        var before: [(String, JSONValue)] = [
            ("at", .string(timestamp(entry.at, timeZone: timeZone))),
            ("disclosure", .string(entry.id.uuidString)),
            ("command", .string(entry.command)),
            ("what", .string(entry.what)),
        ]
        if let count = entry.count { before.append(("count", .int(count))) }
        if !entry.clients.isEmpty { before.append(("clients", .array(entry.clients.map(JSONValue.string)))) }
        var after: [(String, JSONValue)] = [("to", .string(entry.destination.kind.rawValue))]
        if let target = entry.destination.target { after.append(("destination", .string(target))) }
        if let recipient = entry.recipient { after.append(("recipient", .string(recipient))) }
        if let purpose = entry.purpose { after.append(("purpose", .string(purpose))) }
        if let exempt = entry.exempt { after.append(("exempt", .string(exempt.rawValue))) }
        if let by = entry.by { after.append(("by", .string(by))) }
        if entry.ongoing { after.append(("ongoing", .bool(true))) }
        if let logged = entry.logged { after.append(("logged", .string(timestamp(logged, timeZone: timeZone)))) }
        return (before, after)
    }

    /// Writes the line of `entry` with the record ids `records` hands over, one at a time, after
    /// `entry.records`, and its line feed: the bytes of `text(timeZone:)` and a line feed for the
    /// entry holding every one of those ids, without a list of them. The ids are written as they
    /// come, so an export of a hundred thousand records costs the log no memory that grows with
    /// them.
    public static func write(_ entry: Disclosure, records: DisclosureRecords, timeZone: TimeZone,
                             to output: ByteOutput) throws(VaultError) {
        let (before, after) = fields(entry, timeZone: timeZone)
        // Both parts are compact JSON objects: the head is the first without its "}", the tail
        // the second without its "{". `before` starts with "at" and `after` with "to".
        let head = String(JSONValue.object(before).serialized().dropLast())
        let tail = String(JSONValue.object(after).serialized().dropFirst())
        var first = true
        func add(_ id: String) throws(VaultError) {
            try output.write((first ? head + ",\"records\":[" : ",") + JSONValue.string(id).serialized())
            first = false
        }
        for id in entry.records { try add(id) }
        try records(add)
        try output.write((first ? head + "," : "],") + tail + "\n")
    }

    static func json(_ outcome: DisclosureOutcome, timeZone: TimeZone) -> JSONValue {
        var fields: [(String, JSONValue)] = [
            ("at", .string(timestamp(outcome.at, timeZone: timeZone))),
            ("outcome", .string(outcome.status.rawValue)),
            ("disclosure", .string(outcome.id.uuidString)),
        ]
        if let bytes = outcome.bytes { fields.append(("bytes", .int(bytes))) }
        if let sha256 = outcome.sha256 { fields.append(("sha256", .string(sha256))) }
        return .object(fields)
    }

    /// `2025-10-20T09:00:00-07:00`: the time in `timeZone`, with its offset.
    public static func timestamp(_ date: Date, timeZone: TimeZone) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = timeZone
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }

    /// Reads one line; the error says what was expected, for a diagnostic at the line.
    public static func parse(_ text: String) -> Result<DisclosureLine, LineProblem> {
        guard let data = text.data(using: .utf8),
              let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            return .failure(LineProblem("expected one JSON object on the line, found \"\(String(text.prefix(40)).visible())\""))
        }
        guard let at = (object["at"] as? String).flatMap(date) else {
            return .failure(LineProblem("expected \"at\" with a time like 2025-10-20T09:00:00-07:00"))
        }
        guard let id = (object["disclosure"] as? String).flatMap(UUID.init(uuidString:)) else {
            return .failure(LineProblem("expected \"disclosure\" with the disclosure's id (a UUID)"))
        }
        if let status = object["outcome"] {
            guard let status = (status as? String).flatMap(DisclosureOutcome.Status.init(rawValue:)) else {
                return .failure(LineProblem("expected \"outcome\" to be done or failed"))
            }
            return .success(.outcome(DisclosureOutcome(id: id, at: at, status: status, bytes: object["bytes"] as? Int,
                                                       sha256: object["sha256"] as? String)))
        }
        return entry(object, id: id, at: at).map(DisclosureLine.disclosure)
    }

    private static func entry(_ object: [String: Any], id: UUID, at: Date) -> Result<Disclosure, LineProblem> {
        guard let command = object["command"] as? String, let what = object["what"] as? String else {
            return .failure(LineProblem("expected \"command\" and \"what\" (or \"outcome\" on an outcome's line)"))
        }
        guard let kind = (object["to"] as? String).flatMap(DisclosureDestination.Kind.init(rawValue:)) else {
            let kinds = DisclosureDestination.Kind.allCases.map(\.rawValue).joined(separator: ", ")
            return .failure(LineProblem("expected \"to\" to be one of \(kinds)"))
        }
        var exempt: DisclosureExemption?
        if let text = object["exempt"] {
            guard let reason = (text as? String).flatMap(DisclosureExemption.init(rawValue:)) else {
                let reasons = DisclosureExemption.allCases.map(\.rawValue).joined(separator: ", ")
                return .failure(LineProblem("expected \"exempt\" to be one of \(reasons)"))
            }
            exempt = reason
        }
        return .success(Disclosure(id: id, at: at, command: command, what: what, count: object["count"] as? Int,
                                   clients: object["clients"] as? [String] ?? [], records: object["records"] as? [String] ?? [],
                                   destination: DisclosureDestination(kind, object["destination"] as? String),
                                   recipient: object["recipient"] as? String, purpose: object["purpose"] as? String, exempt: exempt,
                                   by: object["by"] as? String, ongoing: object["ongoing"] as? Bool ?? false,
                                   logged: (object["logged"] as? String).flatMap(date)))
    }

    private static func date(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: text)
    }

    /// What is wrong with a line that cannot be read.
    public struct LineProblem: Error, Sendable, Equatable {
        public var message: String
        init(_ message: String) { self.message = message }
    }
}
