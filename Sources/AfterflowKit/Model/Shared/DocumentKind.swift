import Foundation

/// The registry of kinds: the kinds of document a vault holds, named by the front matter's `type`
/// key, each mapped to its descriptor (`KindDescriptor`, conformed to in the kind's folder under
/// `Model/`). A file without `type` (or with `type: session`) in afterflow's folders is a therapy
/// session, as every file was before there were other kinds. This is the one place that maps
/// `type` to a kind, the only `switch` over the kinds, and what tells afterflow's documents from
/// other tools' notes (`isAfterflowDocument`).
///
/// A new kind is a case here (its `type:` value), a case of `DocumentContent` below, a line in
/// `descriptor`, and its folder: see docs/ARCHITECTURE.md, "Kinds".
public enum DocumentKind: String, Sendable, CaseIterable, Hashable {
    case session
    case client
    case goal
    case trials
    case mood
    case assessment

    /// What the kind says about itself: its typed view, problems, formatter, index table and
    /// rows, search text, and how messages name it.
    public var descriptor: any KindDescriptor.Type {
        switch self {
        case .session: return Session.self
        case .client: return Client.self
        case .goal: return Goal.self
        case .trials: return TrialSession.self
        case .mood: return MoodCheckIn.self
        case .assessment: return Assessment.self
        }
    }

    /// The kinds this version reads with a typed view: all of them.
    public static let typed = Set(allCases)

    /// The kind a front matter's `type` value names, or nil for a type afterflow does not know.
    /// `type` is compared without case and surrounding space; absent means `session`.
    public init?(typeValue: String?) {
        guard let value = typeValue?.trimmingASCIIWhitespace().lowercased(), !value.isEmpty else {
            self = .session
            return
        }
        self.init(rawValue: value)
    }

    /// The `type` value of a document, or nil when it has no front matter.
    public static func typeValue(of document: Document) -> String? {
        document.frontMatter?["type"]?.scalar?.text
    }

    /// `session, client, goal, trials, mood, assessment`: for messages.
    public static var expectedList: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// The top-level folders afterflow writes its documents in; `.afterflow/` (drafts, trash) too.
    public static let folders = ["sessions", "moods", "assessments", "clients"]

    /// Keys only a therapy session has (`treatment` is required): a file without `type` that holds
    /// one is a session wherever it stands, as a session moved out of `sessions/` is.
    static let sessionKeys = ["treatment", "administration", "dose", "mood_before", "mood_after"]

    /// Whether the vault-relative `path` stands in one of afterflow's folders.
    public static func isAfterflowFolder(_ path: String) -> Bool {
        guard let first = path.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: true).first,
              path.contains("/") else { return false }
        return first == Substring(Vault.stateFolder) || folders.contains(String(first))
    }

    /// Whether `document` at the vault-relative `path` is afterflow's: it stands in afterflow's
    /// folders, or its `type` is one afterflow knows, or it holds a session's own key. Any other
    /// Markdown file (an Obsidian, Hugo or Jekyll note in `notes/` or at the vault's root) is
    /// another tool's: never written, never named by a reference, not checked, still searched.
    public static func isAfterflowDocument(_ document: Document, path: String) -> Bool {
        if isAfterflowFolder(path) { return true }
        guard let frontMatter = document.frontMatter else { return namesAfterflowInLines(document) }
        if let type = typeValue(of: document)?.trimmingASCIIWhitespace().lowercased(), DocumentKind(rawValue: type) != nil {
            return true
        }
        return sessionKeys.contains { frontMatter[$0] != nil }
    }

    /// For a front matter never closed, which cannot be read: whether one of its first lines is a
    /// session's key or a `type` afterflow knows, so that a broken session is still reported.
    private static func namesAfterflowInLines(_ document: Document) -> Bool {
        guard !document.diagnostics.isEmpty else { return false }
        for index in 0..<min(document.lines.count, 200) {
            let line = document.text(ofLine: index)
            guard let colon = line.firstIndex(of: ":") else { continue }
            let key = String(line[..<colon]).trimmingASCIIWhitespace()
            let value = String(line[line.index(after: colon)...]).trimmingASCIIWhitespace().lowercased()
            if sessionKeys.contains(key) || (key == "type" && DocumentKind(rawValue: value) != nil) { return true }
        }
        return false
    }
}

/// A document read as its kind: the typed view the `type` key asks for.
public enum DocumentContent: Sendable {
    case session(Session)
    case client(Client)
    case goal(Goal)
    case trials(TrialSession)
    case mood(MoodCheckIn)
    case assessment(Assessment)
    /// An unknown `type`.
    case other(String)
    /// A Markdown file without front matter: a plain note, not an afterflow document.
    case note
    /// Another tool's Markdown file (Obsidian, Hugo, Jekyll): front matter without an afterflow
    /// `type` or a session's key, outside afterflow's folders (see `isAfterflowDocument`).
    case foreign

    /// Reads `document` as the kind its `type` names. With the vault-relative `path` the file
    /// stands at, a file that is not afterflow's is `foreign`; without it, every file with front
    /// matter is read as afterflow's (a file a command was handed by its kind).
    public init(document: Document, path: String? = nil) {
        if document.frontMatter == nil && document.diagnostics.isEmpty {
            self = .note
            return
        }
        if let path, !DocumentKind.isAfterflowDocument(document, path: path) {
            self = .foreign
            return
        }
        let type = DocumentKind.typeValue(of: document)
        guard let kind = DocumentKind(typeValue: type) else {
            self = .other(type?.trimmingASCIIWhitespace().lowercased() ?? "")
            return
        }
        self = kind.descriptor.read(document)
    }

    /// `init(document:)` for a caller that wants the values alone: a trial session is read
    /// without the checks whose only result is problems (`TrialSession(document:checking:)`).
    public init(valuesOf document: Document) {
        if document.frontMatter != nil, DocumentKind(typeValue: DocumentKind.typeValue(of: document)) == .trials {
            self = .trials(TrialSession(document: document, checking: false))
        } else {
            self.init(document: document)
        }
    }

    /// The kind of the view held (the registry's other line for each kind).
    public var kind: DocumentKind? {
        switch self {
        case .session: return .session
        case .client: return .client
        case .goal: return .goal
        case .trials: return .trials
        case .mood: return .mood
        case .assessment: return .assessment
        case .other(let type): return DocumentKind(rawValue: type)
        case .note, .foreign: return nil
        }
    }

    /// The typed view's problems, errors and warnings, in file order (no path).
    public func diagnostics(of document: Document) -> [Diagnostic] {
        switch self {
        case .note, .foreign: return []
        case .other(let type):
            var diagnostics = document.diagnostics
            if DocumentKind(rawValue: type) == nil, let entry = document.frontMatter?.entry("type") {
                diagnostics.append(.warning("type \(quoted(type)) is not one afterflow knows; expected one of \(DocumentKind.expectedList) (or leave type out for a session)", at: entry.valueLocation))
            }
            return diagnostics
        default:
            return kind?.descriptor.diagnostics(of: self) ?? []
        }
    }
}
