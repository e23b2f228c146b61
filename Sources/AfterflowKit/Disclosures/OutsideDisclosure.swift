import Foundation

/// A disclosure made outside afterflow (a letter, a call, a form filled in by hand), recorded in
/// the same log so that a client's accounting is whole (`afterflow disclosed`): who
/// received it, why, when, and what was given, in the user's words, with no outcome line.
public enum OutsideDisclosure {
    /// The command it is logged as.
    public static let command = "disclosed"
    /// The most characters of a recipient, purpose or description: a few words, not a record.
    public static let textLimit = 200

    /// What is wrong with `text` given for `field` (`--purpose`): empty, more than one line or
    /// control characters, or too long; nil when it will do.
    public static func problem(field: String, text: String) -> String? {
        if text.trimmingCharacters(in: .whitespaces).isEmpty { return "\(field) needs a few words, found nothing" }
        if text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return "\(field) must be one line of text without control characters, found \"\(text.visible())\""
        }
        if text.count > textLimit { return "\(field) must be at most \(textLimit) characters, found \(text.count); a few words will do" }
        return nil
    }

    /// The log's entry: made at `at` (refused after `now`), recorded at `now`, of `client`'s
    /// records (a short name), to `recipient` for `purpose`; `what` says what was given.
    public static func entry(client: String, recipient: String, purpose: String, what: String, at: Date, now: Date,
                             exempt: DisclosureExemption? = nil, by: String? = nil) throws(VaultError) -> Disclosure {
        for (field, text) in [("the recipient", recipient), ("the purpose", purpose), ("what was given", what)] {
            if let problem = problem(field: field, text: text) { throw VaultError(.invalid, problem) }
        }
        guard at <= now else {
            throw VaultError(.invalid, "a disclosure is recorded once it has been made; the date given is after now")
        }
        let trimmed = { (text: String) in text.trimmingCharacters(in: .whitespaces) }
        return Disclosure(at: at, command: command, what: trimmed(what), clients: [client], destination: DisclosureDestination(.outside),
                          recipient: trimmed(recipient), purpose: trimmed(purpose), exempt: exempt, by: by, logged: now)
    }
}
