/// Where a session took place as claims name it: a two-digit CMS place-of-service code and its
/// name (`place: 03 School`).
public struct PlaceOfService: Sendable, Hashable {
    /// Two digits: `03`.
    public var code: String
    /// The name written after the code, else the code set's name for it; empty for a code
    /// afterflow does not know written bare.
    public var name: String

    public init(code: String, name: String) {
        self.code = code
        self.name = name
    }

    /// The codes a therapy practice uses (CMS Place of Service code set).
    public static let common: [(code: String, name: String)] = [
        ("02", "Telehealth not in the home"), ("03", "School"), ("10", "Telehealth in the home"),
        ("11", "Office"), ("12", "Home"), ("99", "Other"),
    ]

    /// Reads `03 School` or `03`: two digits from 01 to 99, then an optional name; nil for
    /// anything else.
    public init?(parsing text: String) {
        let trimmed = text.trimmingASCIIWhitespace()
        let digits = trimmed.prefix(2)
        guard digits.count == 2, digits.allSatisfy(\.isASCIIDigit), digits != "00" else { return nil }
        let rest = trimmed.dropFirst(2)
        guard rest.isEmpty || rest.first == " " else { return nil }
        let code = String(digits)
        let written = String(rest).trimmingASCIIWhitespace()
        self.code = code
        name = written.isEmpty ? (Self.common.first { $0.code == code }?.name ?? "") : written
    }

    /// `03 School`, or the code alone when it has no name.
    public var text: String { name.isEmpty ? code : "\(code) \(name)" }

    /// The expected form, for messages.
    public static let expected = "a two-digit place-of-service code and its name, like 11 Office, 03 School or 12 Home"
}
