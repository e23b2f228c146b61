import AfterflowKit
import Foundation
import HTTPTypes
import HummingbirdCore
import Hummingbird
import HummingbirdTLS
import Logging
import NIOCore
import ServiceLifecycle
import Synchronization

/// The request context: Hummingbird's, with the address the request came from (for the backoff).
public struct PhoneContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    public let remote: String
    /// The connection, watched for its client going away while a wrong token waits.
    let channel: any Channel

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remote = source.channel.remoteAddress?.ipAddress ?? "unknown"
        channel = source.channel
    }

    /// A body larger than this is refused (413) before it is read whole.
    public var maxUploadSize: Int { PhoneServer.maxBody }
}

/// `afterflow serve`: the phone page and its API over HTTP (or HTTPS with the user's certificate),
/// every request checked against the token made at start-up.
public struct PhoneServer: Sendable {
    public static let maxBody = 64 * 1024

    public let backend: PhoneBackend
    /// The journal page's (`/journal`); nil serves the therapist's page alone.
    public let journal: JournalBackend?
    public let token: String
    public let host: String
    public let port: Int
    public let tls: (cert: String, key: String)?

    public init(backend: PhoneBackend, journal: JournalBackend? = nil, host: String, port: Int, tls: (cert: String, key: String)?,
                token: String = PhoneServer.makeToken()) {
        self.backend = backend
        self.journal = journal
        self.host = host
        self.port = port
        self.tls = tls
        self.token = token
    }

    /// 128 random bits from the system's generator, as 32 hex digits.
    public static func makeToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in String(format: "%016llx", generator.next() as UInt64) }.joined()
    }

    /// Serves until SIGINT or SIGTERM. `running` is told the port once the server listens.
    public func run(running: @escaping @Sendable (Int) -> Void) async throws {
        let serverBuilder: HTTPServerBuilder
        if let tls {
            let chain: [NIOSSLCertificate]
            let key: NIOSSLPrivateKey
            do {
                chain = try NIOSSLCertificate.fromPEMFile(tls.cert)
            } catch {
                throw PhoneError(0, "could not read the certificate \(tls.cert) (\(error)); give a PEM file with --tls-cert")
            }
            do {
                key = try NIOSSLPrivateKey(file: tls.key, format: .pem)
            } catch {
                throw PhoneError(0, "could not read the private key \(tls.key) (\(error)); give a PEM file without a passphrase with --tls-key")
            }
            let configuration = TLSConfiguration.makeServerConfiguration(certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(key))
            serverBuilder = try .tls(.http1(configuration: .init(additionalChannelHandlers: [ClientWatch()])), tlsConfiguration: configuration)
        } else {
            serverBuilder = .http1(configuration: .init(additionalChannelHandlers: [ClientWatch()]))
        }
        let quiet = Logger(label: "afterflow.serve", factory: { _ in SwiftLogNoOpLogHandler() })
        let app = Application(
            responder: PhoneResponder(backend: backend, token: token, page: PhonePage(neutral: backend.neutral),
                                      journal: journal.map { JournalRoutes(backend: $0, page: JournalPage(secure: tls != nil)) }),
            server: serverBuilder,
            configuration: .init(address: .hostname(host, port: port), serverName: nil),
            onServerRunning: { channel in running(channel.localAddress?.port ?? 0) },
            logger: quiet
        )
        try await app.runService()
    }
}

/// Slows down an address that keeps sending a wrong token: the first few failures are answered at
/// once, then each waits twice as long as the one before (up to 3 s), one after another.
///
/// A wait holds nothing up: it ends at once when the server stops (Ctrl-C, SIGTERM) or when its
/// client goes away, whatever else is queued.
final class Backoff: Sendable {
    static let free = 5
    static let longest = 3.0
    private struct Record {
        var failures = 0
        var nextSlot = 0.0
        var last = 0.0
    }

    private let records = Mutex<[String: Record]>([:])

    /// How long to wait before answering this failure, in seconds.
    func failed(_ address: String) -> Double {
        let now = Date().timeIntervalSince1970
        return records.withLock { all in
            // Addresses quiet for ten minutes start again; the table stays small.
            if all.count > 10_000 { all = all.filter { now - $0.value.last < 600 } }
            var record = all[address] ?? Record()
            if now - record.last > 600 { record = Record() }
            record.failures += 1
            record.last = now
            var wait = 0.0
            if record.failures > Backoff.free {
                let delay = min(Backoff.longest, 0.1 * pow(2, Double(record.failures - Backoff.free - 1)))
                let slot = max(now, record.nextSlot) + delay
                record.nextSlot = slot
                wait = slot - now
            }
            all[address] = record
            return wait
        }
    }

    /// Waits `seconds`, or less: until the server shuts down, the task is cancelled, or the
    /// connection's client has gone (its input closed, or the connection closed).
    static func pause(_ seconds: Double, on channel: any Channel) async {
        let done = channel.eventLoop.makePromise(of: Void.self)
        // Completing a promise twice does nothing: whichever comes first ends the wait.
        let timer = channel.eventLoop.scheduleTask(in: .nanoseconds(Int64(seconds * 1e9))) { done.succeed() }
        channel.closeFuture.whenComplete { _ in done.succeed() }
        if let watch = try? await channel.pipeline.handler(type: ClientWatch.self).get() {
            watch.whenGone { done.succeed() }
        }
        await withTaskCancellationOrGracefulShutdownHandler {
            _ = try? await done.futureResult.get()
        } onCancelOrGracefulShutdown: {
            done.succeed()
        }
        timer.cancel()
    }
}

/// Tells when a connection's client has gone: its input closed (the client closed its end; the
/// server keeps half-closed connections open) or the connection closed.
final class ClientWatch: ChannelInboundHandler, RemovableChannelHandler, Sendable {
    typealias InboundIn = NIOAny

    private let state = Mutex<(gone: Bool, waiting: [@Sendable () -> Void])>((false, []))

    /// Runs `action` once the client has gone (at once if it has).
    func whenGone(_ action: @escaping @Sendable () -> Void) {
        let now = state.withLock { state -> Bool in
            if state.gone { return true }
            state.waiting.append(action)
            return false
        }
        if now { action() }
    }

    private func gone() {
        let waiting = state.withLock { state -> [@Sendable () -> Void] in
            state.gone = true
            defer { state.waiting = [] }
            return state.waiting
        }
        for action in waiting { action() }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let event = event as? ChannelEvent, event == .inputClosed { gone() }
        context.fireUserInboundEventTriggered(event)
    }

    func channelInactive(context: ChannelHandlerContext) {
        gone()
        context.fireChannelInactive()
    }
}

struct PhoneResponder: HTTPResponder {
    typealias Context = PhoneContext
    let backend: PhoneBackend
    let token: String
    let page: PhonePage
    let journal: JournalRoutes?
    let backoff = Backoff()

    func respond(to request: Request, context: PhoneContext) async throws -> Response {
        // The journal's service worker is the one address without the token: it holds no data,
        // and its address must not change with the token, or each start would make the phone
        // install a second worker and check the first one's address in vain.
        if let journal, request.method == .get, request.uri.path == JournalRoutes.workerPath {
            return journal.worker()
        }
        guard authorized(request) else {
            let wait = backoff.failed(context.remote)
            if wait > 0 { await Backoff.pause(wait, on: context.channel) }
            return json(401, .object([("error", .string("this address needs the token afterflow serve printed: open the address it printed (a new one at each start)"))]))
        }
        let path = request.uri.path
        do {
            if let journal, JournalRoutes.handles(path) { return try await journal.respond(to: request, token: token) }
            switch (request.method, path) {
            case (.get, "/"), (.get, "/index.html"):
                return page.response()
            case (.get, "/api/clients"):
                return json(200, backend.clients())
            case (.get, "/api/session"):
                guard let session = request.uri.queryParameters.get("path") else { throw PhoneError.bad("give the session's path: /api/session?path=clients/…") }
                return json(200, try backend.session(session))
            case (.post, "/api/sessions"), (.post, "/api/trial"), (.post, "/api/event"), (.post, "/api/cue"), (.post, "/api/undo"), (.post, "/api/end"):
                var request = request
                let body: ByteBuffer
                do {
                    body = try await request.collectBody(upTo: PhoneServer.maxBody)
                } catch {
                    throw PhoneError(413, "the request's body is over \(PhoneServer.maxBody / 1024) KB; nothing was written")
                }
                return json(200, try post(path, body))
            case (_, "/"), (_, "/index.html"), (_, "/api/clients"), (_, "/api/session"), (_, "/api/sessions"),
                 (_, "/api/trial"), (_, "/api/event"), (_, "/api/cue"), (_, "/api/undo"), (_, "/api/end"):
                throw PhoneError(405, "\(request.method.rawValue) is not allowed on \(path)")
            default:
                throw PhoneError(404, "there is nothing at \(path)")
            }
        } catch let error as PhoneError {
            return json(error.status, .object([("error", .string(error.message))]))
        }
    }

    private struct StartBody: Decodable {
        var client: String
        var probe: Bool?
    }
    private struct TrialBody: Decodable {
        var session: String
        var id: String
        var time: Double
        var goal: String
        var success: Bool
        var cue: String?
    }
    private struct EventBody: Decodable {
        var session: String
        var id: String
        var time: Double
        var goal: String
        var words: [String]
        var cue: String?
    }
    private struct CueBody: Decodable {
        var session: String
        var id: String
        var cue: String
    }
    private struct IDBody: Decodable {
        var session: String
        var id: String
    }
    private struct EndBody: Decodable {
        var session: String
        var service: String?
        var place: String?
        var participants: [String]?
    }

    private func post(_ path: String, _ body: ByteBuffer) throws(PhoneError) -> JSONValue {
        let data = Data(body.readableBytesView)
        switch path {
        case "/api/sessions":
            let start = try Self.decode(StartBody.self, data)
            return try backend.start(client: start.client, probe: start.probe ?? false)
        case "/api/trial":
            let t = try Self.decode(TrialBody.self, data)
            return try backend.trial(path: t.session, id: t.id, time: t.time, goal: t.goal, success: t.success, cue: t.cue)
        case "/api/event":
            let e = try Self.decode(EventBody.self, data)
            return try backend.event(path: e.session, id: e.id, time: e.time, goal: e.goal, words: e.words, cue: e.cue)
        case "/api/cue":
            let c = try Self.decode(CueBody.self, data)
            return try backend.cue(path: c.session, id: c.id, cue: c.cue)
        case "/api/undo":
            let u = try Self.decode(IDBody.self, data)
            return try backend.undo(path: u.session, id: u.id)
        default:
            let end = try Self.decode(EndBody.self, data)
            return try backend.end(path: end.session, service: end.service, place: end.place, participants: end.participants ?? [])
        }
    }

    /// Reads the body as `T`, or says what is wrong with it.
    static func decode<T: Decodable>(_ type: T.Type, _ data: Data) throws(PhoneError) -> T {
        do {
            return try JSONDecoder().decode(T.self, from: data)
        } catch let DecodingError.keyNotFound(key, _) {
            throw PhoneError.bad("the request needs \"\(key.stringValue)\"; nothing was written")
        } catch let DecodingError.typeMismatch(expected, context) {
            throw PhoneError.bad("\"\(context.codingPath.map(\.stringValue).joined(separator: "."))\" must be \(describe(expected)); nothing was written")
        } catch let DecodingError.valueNotFound(expected, context) {
            throw PhoneError.bad("\"\(context.codingPath.map(\.stringValue).joined(separator: "."))\" must be \(describe(expected)), not null; nothing was written")
        } catch {
            throw PhoneError.bad("the request's body is not a JSON object; nothing was written")
        }
    }

    static func describe(_ type: Any.Type) -> String {
        if type == Bool.self { return "true or false" }
        if type == Double.self { return "a number (milliseconds since 1970)" }
        if type == String.self { return "a string" }
        if type == [String].self || type == [Any].self { return "a list of strings" }
        return "an object"
    }

    private func authorized(_ request: Request) -> Bool {
        var given: String?
        if let header = request.headers[.authorization], header.hasPrefix("Bearer ") {
            given = String(header.dropFirst(7))
        } else {
            given = request.uri.queryParameters.get("token")
        }
        guard let given else { return false }
        // Compared in full, whatever the first difference, so the time taken tells nothing.
        let a = Array(given.utf8), b = Array(token.utf8)
        var difference = a.count ^ b.count
        for i in 0..<b.count { difference |= Int((i < a.count ? a[i] : 0) ^ b[i]) }
        return difference == 0
    }

    private func json(_ status: Int, _ value: JSONValue) -> Response {
        var headers = PhonePage.commonHeaders
        headers[.contentType] = "application/json; charset=utf-8"
        return Response(status: .init(code: status), headers: headers,
                        body: .init(byteBuffer: ByteBuffer(string: value.serialized() + "\n")))
    }
}
