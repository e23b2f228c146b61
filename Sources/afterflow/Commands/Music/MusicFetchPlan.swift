import AfterflowKit
import Foundation

/// One session of `music fetch`: its link, and the request for it when its provider is asked.
struct MusicFetchPlan {
    var entry: VaultEntry
    var link: MusicLink?
    var request: OEmbedRequest?
    /// Why no request is made, when none is.
    var refusal: (result: MusicFetchOutcome.Result, reason: String)?

    /// `named`: the user named the session, so that a link that cannot be asked is a failure;
    /// under `--all` it is skipped.
    init(entry: VaultEntry, base: OEmbedRequest.Base?, named: Bool) {
        self.entry = entry
        guard let session = entry.session else {
            refusal = (.failed, "it is not a session")
            return
        }
        guard let music = session.music else {
            refusal = (named ? .failed : .skipped, "it has no music link")
            return
        }
        let link = MusicLink(music)
        self.link = link
        if session.diagnostics.hasErrors {
            refusal = (.failed, "it has errors; fix them first (afterflow check)")
            return
        }
        guard OEmbedRequest.isAsked(link.service) else {
            refusal = (named ? .failed : .skipped,
                       "\(link.service == .link ? "this link's site" : link.service.rawValue) has no oEmbed address afterflow asks (only Spotify, YouTube, SoundCloud and Tidal)")
            return
        }
        guard let request = OEmbedRequest(link: link, base: base) else {
            refusal = (.failed, "the link \"\(music)\" is not a web address that can be asked about")
            return
        }
        self.request = request
    }

    /// Makes the request through `helper` and writes what it learns; never throws: every problem
    /// is the outcome's reason.
    func run(helper: String?, vault: Vault) -> MusicFetchOutcome {
        var outcome = MusicFetchOutcome(path: entry.path, link: link)
        if let refusal {
            outcome.result = refusal.result
            outcome.reason = refusal.reason
            return outcome
        }
        guard let request, let helper, let link else { return outcome }
        let provider = link.service.rawValue
        let answer = OEmbedHelper.get(request.url, helper: helper)
        let data: Data
        switch answer {
        case .failure(let why):
            outcome.result = .failed
            outcome.reason = "\(provider) (\(request.host)): \(why)"
            return outcome
        case .success(let body):
            data = body
        }
        let details: MusicDetails
        do throws(MusicDetails.Unreadable) {
            details = try MusicDetails(oEmbed: data)
        } catch {
            outcome.result = .failed
            outcome.reason = "\(provider) (\(request.host)): \(error.description)"
            return outcome
        }
        outcome.details = details
        if details.isEmpty {
            outcome.result = .unchanged
            outcome.reason = "\(provider) gave no title, author or length"
            return outcome
        }
        let editor = SessionEditor(timeZone: vault.timeZone)
        let now = Clock.now
        let original = link.original
        do throws(VaultError) {
            let update = try DocumentStore(vault: vault).update(entry, now: Clock.now) { current throws(VaultError) -> Document in
                // Written only for the link that was asked about: a file whose link changed
                // meanwhile is left as it is.
                guard let session = current.session, session.music == original else {
                    throw VaultError(.changedOnDisk, "its music link changed while afterflow asked \(provider); nothing was written, run again")
                }
                if session.diagnostics.hasErrors {
                    throw VaultError(.invalid, "it has errors; fix them first (afterflow check)")
                }
                let document = editor.settingMusicDetails(details, in: current.document)
                guard document.bytes != current.document.bytes else { return current.document }
                guard !Session(document: document).diagnostics.hasErrors else {
                    throw VaultError(.invalid, "the details would make it invalid; nothing was written")
                }
                return editor.finishing(document, now: now)
            }
            outcome.path = update.path
            outcome.result = update.changed ? .updated : .unchanged
            if !update.changed { outcome.reason = "\(provider) gave the details it already has" }
        } catch {
            outcome.result = .failed
            outcome.reason = error.message
        }
        return outcome
    }
}

/// What `music fetch` did with one session.
struct MusicFetchOutcome {
    enum Result: String { case updated, unchanged, failed, skipped }

    var path: String
    var link: MusicLink?
    var result: Result = .failed
    var details: MusicDetails?
    var reason: String?

    static func print(_ outcomes: [MusicFetchOutcome], format: DataFormat, vault: Vault) {
        switch format {
        case .json:
            let items = outcomes.map { outcome -> JSONValue in
                var members: [(String, JSONValue)] = [("path", .string(outcome.path))]
                if let link = outcome.link {
                    members.append(("music", .string(link.original)))
                    members.append(("music_provider", .string(link.service.slug)))
                }
                members.append(("result", .string(outcome.result.rawValue)))
                if let details = outcome.details {
                    if let title = details.title { members.append(("music_title", .string(title))) }
                    if let author = details.author { members.append(("music_author", .string(author))) }
                    if let duration = details.duration { members.append(("music_duration", .int(duration))) }
                }
                if let reason = outcome.reason { members.append(("reason", .string(reason))) }
                return .object(members)
            }
            emit(JSONValue.array(items).serialized(pretty: true))
        case .text:
            let err = ErrorStream.current
            for outcome in outcomes {
                let path = vault.shownPath(outcome.path)
                switch outcome.result {
                case .updated:
                    var parts: [String] = []
                    if let title = outcome.details?.title { parts.append("title \"\(title)\"") }
                    if let author = outcome.details?.author { parts.append("author \"\(author)\"") }
                    if let length = outcome.details?.durationText { parts.append("length \(length)") }
                    emit("Updated \(path): \(parts.joined(separator: ", ").visible())")
                case .unchanged:
                    emit("Unchanged \(path): \((outcome.reason ?? "").visible())")
                case .skipped:
                    emit("Skipped \(path): \((outcome.reason ?? "").visible())")
                case .failed:
                    err.write(err.style("error:", "1;31") + " \(path): not changed: \((outcome.reason ?? "").visible())")
                }
            }
            if outcomes.count > 1 {
                let counts = [Result.updated, .unchanged, .failed, .skipped].compactMap { result -> String? in
                    let n = outcomes.filter { $0.result == result }.count
                    return n == 0 ? nil : "\(n) \(result.rawValue)"
                }
                emit("\(outcomes.count) sessions: " + counts.joined(separator: ", "))
            }
        }
    }
}

/// Runs `afterflow-oembed`, the program beside `afterflow` that makes the one GET.
enum OEmbedHelper {
    static let name = "afterflow-oembed"

    /// The folder of the running `afterflow`.
    static var ownFolder: String? {
        var buffer = [CChar](repeating: 0, count: 4097)
        let count = readlink("/proc/self/exe", &buffer, 4096)
        var path: String?
        if count > 0 {
            path = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        } else {
            path = Bundle.main.executableURL?.resolvingSymlinksInPath().path
        }
        guard let path, let slash = path.lastIndex(of: "/") else { return nil }
        return String(path[..<slash])
    }

    /// `afterflow-oembed` in the folder of the running `afterflow`, and nowhere else.
    static func locate() -> String? {
        guard let folder = ownFolder else { return nil }
        let candidate = folder + "/" + name
        return access(candidate, X_OK) == 0 ? candidate : nil
    }

    enum Answer {
        case success(Data)
        case failure(String)
    }

    /// The body of a 2xx answer, or why there is none.
    static func get(_ url: String, helper: String) -> Answer {
        let out = Pipe()
        let err = Pipe()
        let running: ChildProcess.Running
        do {
            running = try ChildProcess(helper, [url], input: .null, output: .pipe(out), error: .pipe(err)).start()
        } catch {
            return .failure("could not start \(helper): \(error.reason)")
        }
        // Small answers: stderr is read after stdout, and is never more than a line.
        let body = out.fileHandleForReading.readDataToEndOfFile()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let status = running.wait().status
        switch status {
        case 0: return .success(body)
        case 2: return .failure("answered \(message)")
        case 3: return .failure(message.isEmpty ? "no answer within 3 seconds" : message)
        default: return .failure(message.isEmpty ? "the request failed (status \(status))" : message)
        }
    }
}
