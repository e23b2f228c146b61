import Foundation

/// Where a practice file sits: `clients/<client>/client.md`, `clients/<client>/goals/<goal>.md`,
/// `clients/<client>/sessions/…`.
public struct PracticePath: Sendable, Hashable {
    /// The client's short name, when the file is inside a client's folder.
    public var client: String?
    /// The goal's short name, when the file is a goal file in `goals/`.
    public var goal: String?
    /// What the place is for: `client`, `goal`, `trials`, or nil outside a client folder.
    public var role: DocumentKind?

    public static let clientsFolder = "clients"
    public static let clientFile = "client.md"

    public init(_ path: String) {
        // Only paths under clients/ are split (every document's path is read while indexing).
        guard path.utf8.starts(with: "clients/".utf8) else { return }
        let parts = path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        guard parts.count >= 3, !parts[1].isEmpty else { return }
        client = String(Substring(parts[1]))
        if parts.count == 3 && parts[2].elementsEqual(PracticePath.clientFile.utf8) {
            role = .client
        } else if parts.count == 4 && parts[2].elementsEqual("goals".utf8) && parts[3].reversed().starts(with: "dm.".utf8) {
            goal = String(Substring(parts[3].dropLast(3)))
            role = .goal
        } else if parts.count >= 4 && parts[2].elementsEqual("sessions".utf8) {
            role = .trials
        }
    }

    public static func clientFolder(_ short: String) -> String { "\(clientsFolder)/\(short)" }
    public static func clientPath(_ short: String) -> String { "\(clientsFolder)/\(short)/\(clientFile)" }
    public static func goalPath(client: String, goal: String) -> String { "\(clientsFolder)/\(client)/goals/\(goal).md" }
}
