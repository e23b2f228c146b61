import Foundation

/// A therapy session as a kind (see `KindDescriptor`): no `type`, or `type: session`. Its index
/// rows and full-text search are its own (`SessionRecord`, `session_text`), so it has no row or
/// search text here.
extension Session: KindDescriptor {
    public static let kind = DocumentKind.session
    public static let noun = "a session"
    public var content: DocumentContent { .session(self) }

    public init?(content: DocumentContent) {
        guard case .session(let session) = content else { return nil }
        self = session
    }

    public func formatted(timeZone: TimeZone) -> Document? { SessionFormatter(timeZone: timeZone).format(self) }

    public static let table = "sessions"
}
