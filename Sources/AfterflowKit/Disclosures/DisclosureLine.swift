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
        var fields: [(String, JSONValue)] = [
            ("at", .string(timestamp(entry.at, timeZone: timeZone))),
            ("disclosure", .string(entry.id.uuidString)),
            ("command", .string(entry.command)),
            ("what", .string(entry.what)),
        ]
        if let count = entry.count { fields.append(("count", .int(count))) }
        if !entry.clients.isEmpty { fields.append(("clients", .array(entry.clients.map(JSONValue.string)))) }
        if !entry.records.isEmpty { fields.append(("records", .array(entry.records.map(JSONValue.string)))) }
        fields.append(("to", .string(entry.destination.kind.rawValue)))
        if let target = entry.destination.target { fields.append(("destination", .string(target))) }
        if let recipient = entry.recipient { fields.append(("recipient", .string(recipient))) }
        if let purpose = entry.purpose { fields.append(("purpose", .string(purpose))) }
        if let exempt = entry.exempt { fields.append(("exempt", .string(exempt.rawValue))) }
        if let by = entry.by { fields.append(("by", .string(by))) }
        if entry.ongoing { fields.append(("ongoing", .bool(true))) }
        if let logged = entry.logged { fields.append(("logged", .string(timestamp(logged, timeZone: timeZone)))) }
        return .object(fields)
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
