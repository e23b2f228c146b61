import AfterflowKit
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// The journal's addresses, under the token like every other: `/journal` (the page),
/// `/journal/manifest.webmanifest`, `/journal/icon.svg` and the API under `/api/journal/`;
/// and, without the token, `/journal-sw.js` (`worker()`).
struct JournalRoutes: Sendable {
    let backend: JournalBackend
    let page: JournalPage

    static func handles(_ path: String) -> Bool {
        path == "/journal" || path.hasPrefix("/journal/") || path == "/api/journal" || path.hasPrefix("/api/journal/")
    }

    /// The service worker's address: at the top, as a worker's scope is its folder's and the page is
    /// `/journal`.
    static let workerPath = "/journal-sw.js"

    /// The service worker, over HTTPS only (a browser refuses a worker elsewhere), for anyone:
    /// it is the same script for every vault and names no data, and its address stays the same
    /// whatever the token, so that a restarted server (a new token) keeps the phone's one worker.
    func worker() -> Response {
        guard backend.secure else {
            return json(404, .object([("error", .string("there is no service worker over plain HTTP; nothing is cached"))]))
        }
        return page.serviceWorker()
    }

    func respond(to request: Request, token: String) async throws(PhoneError) -> Response {
        let path = request.uri.path
        let reads: [String: () throws(PhoneError) -> Response] = [
            "/journal": { page.response() },
            "/journal/manifest.webmanifest": { page.manifest(token: token) },
            "/journal/icon.svg": { page.icon() },
            "/api/journal": { () throws(PhoneError) -> Response in json(200, try backend.overview()) },
            "/api/journal/session": { () throws(PhoneError) -> Response in
                guard let id = request.uri.queryParameters.get("id") else { throw PhoneError.bad("give the session's id: /api/journal/session?id=…") }
                return json(200, try backend.session(id: id))
            },
        ]
        let writes = ["/api/journal/mood", "/api/journal/reflect", "/api/journal/sessions", "/api/journal/session", "/api/journal/assess"]
        if request.method == .get, let read = reads[path] { return try read() }
        if request.method == .post, writes.contains(path) {
            var request = request
            let body: ByteBuffer
            do {
                body = try await request.collectBody(upTo: PhoneServer.maxBody)
            } catch {
                throw PhoneError(413, "the request's body is over \(PhoneServer.maxBody / 1024) KB; nothing was written")
            }
            return json(200, try post(path, Data(body.readableBytesView)))
        }
        if reads[path] != nil || writes.contains(path) { throw PhoneError(405, "\(request.method.rawValue) is not allowed on \(path)") }
        throw PhoneError(404, "there is nothing at \(path)")
    }

    private struct Mood: Decodable {
        var id: String, time: Double, score: Int
        var labels: [String]?, associations: [String]?, notes: String?
    }
    private struct Reflection: Decodable { var id: String, time: Double, session: String, text: String }
    private struct New: Decodable {
        var id: String, time: Double
        var treatment: String?, administration: String?, dose: String?, intention: String?, mood_before: Int?, remind: String?
    }
    private struct Change: Decodable {
        var id: String, session: String
        var environment: String?, music: String?, mood_after: Int?
    }
    private struct Answers: Decodable { var id: String, time: Double, instrument: String, answers: [Int], notes: String?, session: String? }

    private func post(_ path: String, _ data: Data) throws(PhoneError) -> JSONValue {
        switch path {
        case "/api/journal/mood":
            let m = try PhoneResponder.decode(Mood.self, data)
            return try backend.checkIn(id: m.id, time: m.time, score: m.score, labels: m.labels ?? [], associations: m.associations ?? [], notes: m.notes ?? "")
        case "/api/journal/reflect":
            let r = try PhoneResponder.decode(Reflection.self, data)
            return try backend.reflect(id: r.id, time: r.time, session: r.session, text: r.text)
        case "/api/journal/sessions":
            let n = try PhoneResponder.decode(New.self, data)
            return try backend.newSession(id: n.id, time: n.time, .init(treatment: n.treatment, administration: n.administration, dose: n.dose,
                                                                       intention: n.intention, moodBefore: n.mood_before, remind: n.remind))
        case "/api/journal/session":
            let c = try PhoneResponder.decode(Change.self, data)
            let changes: [(key: String, value: String)] = [("environment", c.environment), ("music", c.music), ("mood_after", c.mood_after.map { String($0) })]
                .compactMap { key, value in value.map { (key: key, value: $0) } }
            return try backend.change(id: c.id, session: c.session, changes: changes)
        default:
            let a = try PhoneResponder.decode(Answers.self, data)
            return try backend.assess(id: a.id, time: a.time, instrument: a.instrument, answers: a.answers, notes: a.notes ?? "", session: a.session)
        }
    }

    func json(_ status: Int, _ value: JSONValue) -> Response {
        var headers = PhonePage.commonHeaders
        headers[.contentType] = "application/json; charset=utf-8"
        return Response(status: .init(code: status), headers: headers, body: .init(byteBuffer: ByteBuffer(string: value.serialized() + "\n")))
    }
}
