import AfterflowKit
import Foundation

/// The Language Server Protocol (3.17) server of `afterflow lsp`: the documents an editor has
/// open in a vault, their problems as `afterflow check` reports them, and completion of their
/// front matter. It reads the vault's files and refreshes its index; it writes nothing else.
///
/// `handle` takes one message at a time, on one thread; `run` reads them from standard input.
public final class LanguageServer {
    /// Finds the vault, searching from a folder (the editor's workspace, else an opened file's):
    /// the front end decides what `--vault` and the environment say.
    public typealias VaultLocator = (_ from: String) throws -> Vault

    /// Sends one message to the client.
    var send: (JSON) -> Void
    /// Whether the client has cancelled the request with this id.
    var isCancelled: (JSON) -> Bool = { _ in false }
    let locate: VaultLocator
    /// The time zone dates are read in.
    let timeZone: TimeZone
    /// The clock, for what a new file records (a goal's `created`) and `today`.
    public var now: () -> Date = { Date() }

    private(set) var initialized = false
    private(set) var shutdownRequested = false
    /// The folder the editor named in `initialize`.
    var workspaceRoot: String?
    var workspace: Workspace?
    /// Why no vault was found, once said.
    var vaultProblemSaid = false
    /// The documents the editor has open, by URI.
    var documents: [String: OpenDocument] = [:]
    /// The documents changed since diagnostics were last published (nil: none waiting).
    var pendingDiagnostics: Set<String>?

    public init(timeZone: TimeZone = .current, send: @escaping (JSON) -> Void = { _ in }, locate: @escaping VaultLocator) {
        self.timeZone = timeZone
        self.send = send
        self.locate = locate
    }

    /// Handles one message; the exit status once the client said `exit`, else nil.
    @discardableResult
    public func handle(_ message: Incoming) -> Int32? {
        switch message {
        case .request(let id, let method, let params):
            if isCancelled(id) {
                send(Outgoing.error(id: id, .requestCancelled, "the request was cancelled"))
            } else {
                respond(id: id, method: method, params: params)
            }
        case .notification(let method, let params):
            if method == "exit" { return shutdownRequested ? 0 : 1 }
            if initialized && !shutdownRequested { notify(method, params) }
        case .response:
            break
        case .invalid(let id, let reason):
            send(Outgoing.error(id: id, .invalidRequest, reason))
        case .unparseable:
            send(Outgoing.error(id: .null, .parseError, "the message is not JSON"))
        case .badHeader(let problem):
            log(.warning, "skipped bytes that were not a message: \(problem)")
        }
        return nil
    }

    private func respond(id: JSON, method: String, params: JSON?) {
        if method == "initialize" {
            guard !initialized else {
                send(Outgoing.error(id: id, .invalidRequest, "the server is already initialized; initialize is sent once"))
                return
            }
            initialized = true
            send(Outgoing.result(id: id, initialize(params)))
            return
        }
        guard initialized else {
            send(Outgoing.error(id: id, .serverNotInitialized, "the server is not initialized; send initialize first"))
            return
        }
        guard !shutdownRequested else {
            send(Outgoing.error(id: id, .invalidRequest, "the server is shutting down; only exit is accepted"))
            return
        }
        if method == "shutdown" {
            // The changes made before are checked first: an editor closing may still show them.
            publishPendingDiagnostics()
            shutdownRequested = true
            send(Outgoing.result(id: id, .null))
            return
        }
        guard let handler = handler(for: method) else {
            send(Outgoing.error(id: id, .methodNotFound, "\(method) is not a method this server knows"))
            return
        }
        switch handler(params) {
        case .success(let result):
            // A request cancelled while it ran gets the cancellation, not a stale answer.
            send(isCancelled(id) ? Outgoing.error(id: id, .requestCancelled, "the request was cancelled") : Outgoing.result(id: id, result))
        case .failure(let failure):
            send(Outgoing.error(id: id, failure.code, failure.message))
        }
    }

    /// A request's failure, as its error response says it.
    struct Failure: Error {
        var code: ErrorCode
        var message: String
        static func params(_ message: String) -> Failure { Failure(code: .invalidParams, message: message) }
    }

    /// The handler of a request the server answers after `initialize`.
    private func handler(for method: String) -> ((JSON?) -> Result<JSON, Failure>)? {
        switch method {
        case "textDocument/completion": return completion
        case "textDocument/hover": return hover
        case "textDocument/formatting": return formatting
        case "textDocument/documentSymbol": return documentSymbols
        case "textDocument/definition": return definition
        case "textDocument/references": return references
        case "textDocument/rename": return rename
        case "textDocument/prepareRename": return prepareRename
        case "textDocument/codeAction": return codeActions
        default: return nil
        }
    }

    private func notify(_ method: String, _ params: JSON?) {
        switch method {
        case "textDocument/didOpen": didOpen(params)
        case "textDocument/didChange": didChange(params)
        case "textDocument/didClose": didClose(params)
        case "textDocument/didSave", "workspace/didChangeWatchedFiles": filesChanged()
        default: break  // `initialized`, `$/cancelRequest`, `$/setTrace` and notifications not known
        }
    }

    /// The answer to `initialize`: what the server can do.
    private func initialize(_ params: JSON?) -> JSON {
        if let uri = params?["workspaceFolders"]?[0]?["uri"]?.string ?? params?["rootUri"]?.string {
            workspaceRoot = LanguageServer.path(ofURI: uri)
        } else if let path = params?["rootPath"]?.string {
            workspaceRoot = path
        }
        return [
            "capabilities": [
                "positionEncoding": "utf-16",
                "textDocumentSync": ["openClose": true, "change": 2, "save": ["includeText": false]],
                "completionProvider": ["triggerCharacters": [":", " ", "["], "resolveProvider": false],
                "hoverProvider": true,
                "documentFormattingProvider": true,
                "documentSymbolProvider": true,
                "definitionProvider": true,
                "referencesProvider": true,
                "renameProvider": ["prepareProvider": true],
                "codeActionProvider": ["codeActionKinds": ["quickfix", "source.fixAll"]],
            ],
            "serverInfo": ["name": "afterflow"],
        ]
    }

    enum LogLevel: Int { case error = 1, warning = 2, info = 3 }

    /// Tells the editor something it may show in its log.
    func log(_ level: LogLevel, _ message: String) {
        send(Outgoing.notification("window/logMessage", ["type": .int(level.rawValue), "message": .string(message)]))
    }

    /// The local path of a `file:` URI; nil for another scheme.
    static func path(ofURI uri: String) -> String? {
        guard let url = URL(string: uri), url.scheme == "file", !url.path.isEmpty else { return nil }
        return url.standardizedFileURL.path
    }
}
