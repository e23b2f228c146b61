import Mustache

/// A text value of the report's template context.
///
/// Plain `String`s work in mustache too, but each `{{#name}}` section over one makes the renderer
/// look names up in it by reflection (`Mirror`) and each `{{name}}` goes through
/// `String(describing:)`; this type answers both directly, which keeps a 1,000-session report
/// about three times faster. `{{name}}` still escapes it for HTML; `{{{name}}}` does not.
public struct ReportText: Sendable, Equatable, CustomStringConvertible, MustacheCustomRenderable, MustacheParent {
    public let text: String

    public init(_ text: String) {
        self.text = text
    }

    public var description: String { text }
    public var renderText: String { text }
    public var isNull: Bool { false }
    /// A text has no named parts: names inside its section are looked up further out.
    public func child(named: String) -> Any? { nil }
}
