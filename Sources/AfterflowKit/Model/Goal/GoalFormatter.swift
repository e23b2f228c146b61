import Foundation

/// Rewrites a goal's file, or its client's, into canonical form for `fmt`: a missing or empty
/// `id` gets a new one. Every other line stays as written: keys where they are, comments, the
/// user's own keys and the body.
public struct GoalFormatter: Sendable {
    public init() {}

    /// The canonical document, or nil when the goal has errors (fix those first).
    public func format(_ goal: Goal, newID: () -> UUID = { UUID() }) -> Document? {
        guard goal.document.frontMatter != nil, !goal.diagnostics.hasErrors else { return nil }
        return GoalFormatter.fillingID(goal.document, id: goal.id, newID: newID)
    }

    /// The canonical client document, or nil when the client's file has errors.
    public func format(_ client: Client, newID: () -> UUID = { UUID() }) -> Document? {
        guard client.document.frontMatter != nil, !client.diagnostics.hasErrors else { return nil }
        return GoalFormatter.fillingID(client.document, id: client.id, newID: newID)
    }

    /// `document` with `id: <new UUID>` when it has no id (`id` nil in its typed view): an empty
    /// `id:` line is replaced where it stands, its comment kept; a missing one goes after `type`.
    static func fillingID(_ document: Document, id: UUID?, newID: () -> UUID) -> Document {
        guard id == nil else { return document }
        return document.settingFrontMatter("id", to: ["id: \(newID().uuidString.uppercased())"], order: ["type", "id"])
    }
}
