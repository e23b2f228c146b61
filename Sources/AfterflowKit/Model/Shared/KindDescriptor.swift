import Foundation
import GRDB

/// Everything one kind of document says about itself, in one place: conformed to by the kind's
/// typed view in its own folder (`Model/Mood/MoodCheckIn+Kind.swift`). The registry
/// (`DocumentKind.descriptor`, in `DocumentKind.swift`) maps a `type:` value to it; reading,
/// `check`, `fmt`, the index (its table, rows, search text), `search` and references ask the
/// descriptor and never name the kinds (see docs/ARCHITECTURE.md, "Kinds").
///
/// Every requirement is static or works on the typed view the index already read: no copy of a
/// document, no allocation beyond what the kind's own row needs.
public protocol KindDescriptor: Sendable {
    /// The kind; its raw value is the `type:` value.
    static var kind: DocumentKind { get }
    /// `a mood check-in`: how a message names one document of the kind (`it is a mood check-in
    /// (type: mood)`).
    static var noun: String { get }

    /// The typed view of `document`. Never fails: what is wrong is in `diagnostics`.
    init(document: Document)
    /// The view as the registry's `DocumentContent` case.
    var content: DocumentContent { get }
    /// The view `content` holds when it is of this kind.
    init?(content: DocumentContent)
    /// Errors and warnings located at the value they are about, in file order (no path).
    var diagnostics: [Diagnostic] { get }

    /// What `fmt` writes: the canonical form, or nil when the document has errors and is left alone.
    func formatted(timeZone: TimeZone) -> Document?

    /// The index's table of this kind, one row a document, keyed by `path`, with an `id` column
    /// (duplicate ids across every kind are found through it).
    static var table: String { get }
    /// The table's `CREATE` statements (and its indexes), as the index schema holds them; empty
    /// when the table is created elsewhere (sessions: `IndexSchema`).
    static var schema: [String] { get }
    /// The statement inserting one row; nil when the rows are written elsewhere (sessions:
    /// `SessionRecord`).
    static var insertStatement: String? { get }
    /// The arguments of `insertStatement` for this document at the vault-relative `path`.
    func indexRow(path: String, timeZone: TimeZone) -> StatementArguments?

    /// The text `search` looks in (`document_text`); nil for none (a session's sections have
    /// their own full-text index).
    var searchText: String? { get }
    /// The parts of `document` a search hit's lines are looked for in, named.
    static func searchSections(of document: Document) -> [(String, Range<Int>)]

    /// The commands that work on a document of the kind at `path`, for a message that it is not
    /// what a command wanted.
    static func commandHints(path: String) -> [String]

    /// The kind's front-matter keys, in the order `fmt` writes them: what an editor completes.
    static var keys: [String] { get }
    /// What `key` means, in a short sentence (docs/FORMAT.md's wording); nil for a key the kind
    /// does not have. For an editor's completion and hover.
    static func meaning(ofKey key: String) -> String?
    /// The values `key` takes that the kind alone knows (no vault needed), each with what it
    /// means; empty for free text and for values only the vault knows (tags, cue levels).
    static func valueChoices(forKey key: String) -> [FieldChoice]
}

/// A value a front-matter key may take, and what it means, for an editor's completion.
public struct FieldChoice: Sendable, Hashable {
    public var value: String
    public var meaning: String

    public init(_ value: String, _ meaning: String) {
        self.value = value
        self.meaning = meaning
    }

    /// What the keys every kind shares mean.
    public static func sharedMeaning(ofKey key: String) -> String? {
        switch key {
        case "type": return "The kind of document: absent or session, client, goal, trials, mood or assessment."
        case "id": return "The document's UUID, unique in the vault; 'afterflow fmt' adds one when missing."
        case "date": return "When it happened: 2024-12-10T14:30:00-08:00, or a day (2024-12-10)."
        case "created": return "When the file was made; set by Afterflow."
        case "updated": return "When Afterflow last changed the file; set by every change it makes."
        case "tags": return "Words to find it by: [a, b], a block list, or one plain value."
        default: return nil
        }
    }
}

extension KindDescriptor {
    public static var schema: [String] { [] }
    public static var insertStatement: String? { nil }
    public func indexRow(path: String, timeZone: TimeZone) -> StatementArguments? { nil }
    public var searchText: String? { nil }
    public static func searchSections(of document: Document) -> [(String, Range<Int>)] { [] }
    public static func commandHints(path: String) -> [String] { [] }
    public static func meaning(ofKey key: String) -> String? { keys.contains(key) ? FieldChoice.sharedMeaning(ofKey: key) : nil }
    public static func valueChoices(forKey key: String) -> [FieldChoice] { [] }

    /// The lines after the front matter: where the notes of most kinds are.
    static func body(of document: Document) -> Range<Int> {
        (document.frontMatter.map { $0.closingLine + 1 } ?? 0)..<document.lines.count
    }

    // The same asked of a `DocumentContent` of this kind, through the registry's metatype.

    public static func diagnostics(of content: DocumentContent) -> [Diagnostic] { Self(content: content)?.diagnostics ?? [] }
    /// What `fmt` writes of `content`; nil when it has errors or is not of this kind.
    public static func formatted(_ content: DocumentContent, timeZone: TimeZone) -> Document? {
        Self(content: content)?.formatted(timeZone: timeZone)
    }
    static func indexRow(of content: DocumentContent, path: String, timeZone: TimeZone) -> StatementArguments? {
        Self(content: content)?.indexRow(path: path, timeZone: timeZone)
    }
    public static func searchText(of content: DocumentContent) -> String? { Self(content: content)?.searchText }
    public static func read(_ document: Document) -> DocumentContent { Self(document: document).content }
}

/// JSON arrays of names, as the index keeps lists (`["ocean","grief"]`).
func indexNames(_ list: [String]) -> String { JSONValue.array(list.map { .string($0) }).serialized() }
