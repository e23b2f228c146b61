import Foundation

/// One session of `music fetch`: its link, and the request for it when its provider is asked.
public struct MusicFetchPlan: Sendable {
    public var entry: VaultEntry
    public var link: MusicLink?
    public var request: OEmbedRequest?
    /// Why no request is made, when none is.
    public var refusal: (status: MusicFetchOutcome.Status, reason: String)?

    /// `named`: the user named the session, so that a link that cannot be asked is a failure;
    /// under `--all` it is skipped.
    public init(entry: VaultEntry, base: OEmbedRequest.Base?, named: Bool) {
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

    /// The hosts the plans' requests would contact, each once, in order.
    public static func hosts(_ plans: [MusicFetchPlan]) -> [String] {
        var hosts: [String] = []
        for request in plans.compactMap(\.request) where !hosts.contains(request.host) { hosts.append(request.host) }
        return hosts
    }

    /// A plan for every session and draft with a music link, oldest first (`music fetch --all`).
    public static func all(in store: IndexStore, base: OEmbedRequest.Base?) throws -> [MusicFetchPlan] {
        var filter = SessionFilter()
        filter.includeDrafts = true
        filter.sort = .oldest
        var plans: [MusicFetchPlan] = []
        for row in try store.sessions(filter) where row.music != nil {
            plans.append(MusicFetchPlan(entry: VaultEntry(path: row.path, bytes: try FileIO.read(try store.vault.path(row.path))), base: base, named: false))
        }
        return plans
    }

    /// What asking would send, said when the network is not allowed: nil when no plan makes a
    /// request, else the sentence, ending with `again` (the command that allows it).
    public static func consent(_ plans: [MusicFetchPlan], again: String) -> String? {
        let requests = plans.compactMap(\.request)
        guard !requests.isEmpty else { return nil }
        let count = requests.count == 1 ? "1 request" : "\(requests.count) requests, one a link,"
        return "music fetch would contact the provider: \(count) to \(hosts(plans).joined(separator: ", ")), carrying the link and nothing else; nothing was sent. "
            + "To allow it, run: \(again)"
    }

    /// Runs every plan in order (see `run`), each at the time `now` gives when it starts;
    /// `progress` is told how many have run of how many, before each and at the end.
    public static func runAll(_ plans: [MusicFetchPlan], helper: String?, vault: Vault, now: () -> Date,
                              progress: (Int, Int) -> Void = { _, _ in }) -> [MusicFetchOutcome] {
        var outcomes: [MusicFetchOutcome] = []
        for (index, plan) in plans.enumerated() {
            progress(index, plans.count)
            outcomes.append(plan.run(helper: helper, vault: vault, now: now()))
        }
        progress(plans.count, plans.count)
        return outcomes
    }

    /// Makes the request through `helper` (the `afterflow-oembed` program) and writes what it
    /// learns, updated at `now`; never throws: every problem is the outcome's reason.
    public func run(helper: String?, vault: Vault, now: Date) -> MusicFetchOutcome {
        var outcome = MusicFetchOutcome(path: entry.path, link: link)
        if let refusal {
            outcome.status = refusal.status
            outcome.reason = refusal.reason
            return outcome
        }
        guard let request, let helper, let link else { return outcome }
        let provider = link.service.rawValue
        let details: MusicDetails
        switch OEmbedHelper.get(request.url, helper: helper) {
        case .failure(let why):
            outcome.reason = "\(provider) (\(request.host)): \(why)"
            return outcome
        case .success(let body):
            do throws(MusicDetails.Unreadable) {
                details = try MusicDetails(oEmbed: body)
            } catch {
                outcome.reason = "\(provider) (\(request.host)): \(error.description)"
                return outcome
            }
        }
        outcome.details = details
        if details.isEmpty {
            outcome.status = .unchanged
            outcome.reason = "\(provider) gave no title, author or length"
            return outcome
        }
        write(details, provider: provider, vault: vault, now: now, into: &outcome)
        return outcome
    }

    /// Writes `details` into the session, only for the link that was asked about.
    private func write(_ details: MusicDetails, provider: String, vault: Vault, now: Date, into outcome: inout MusicFetchOutcome) {
        let editor = SessionEditor(timeZone: vault.timeZone)
        let original = link?.original
        do throws(VaultError) {
            let update = try DocumentStore(vault: vault).update(entry, now: now) { current throws(VaultError) -> Document in
                // A file whose link changed meanwhile is left as it is.
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
            outcome.status = update.changed ? .updated : .unchanged
            if !update.changed { outcome.reason = "\(provider) gave the details it already has" }
        } catch {
            outcome.status = .failed
            outcome.reason = error.message
        }
    }
}

/// What `music fetch` did with one session.
public struct MusicFetchOutcome: Sendable {
    public enum Status: String, Sendable, CaseIterable { case updated, unchanged, failed, skipped }

    public var path: String
    public var link: MusicLink?
    public var status: Status = .failed
    public var details: MusicDetails?
    public var reason: String?

    public init(path: String, link: MusicLink?) {
        self.path = path
        self.link = link
    }

    /// The outcome as `--format json` gives it.
    public var json: JSONValue {
        var members: [(String, JSONValue)] = [("path", .string(path))]
        if let link {
            members.append(("music", .string(link.original)))
            members.append(("music_provider", .string(link.service.slug)))
        }
        members.append(("result", .string(status.rawValue)))
        if let details {
            if let title = details.title { members.append(("music_title", .string(title))) }
            if let author = details.author { members.append(("music_author", .string(author))) }
            if let duration = details.duration { members.append(("music_duration", .int(duration))) }
        }
        if let reason { members.append(("reason", .string(reason))) }
        return .object(members)
    }

    /// "3 sessions: 1 updated, 2 skipped": how many ended each way, the ways none ended left out.
    public static func summary(_ outcomes: [MusicFetchOutcome]) -> String {
        let counts = [Status.updated, .unchanged, .failed, .skipped].compactMap { status -> String? in
            let n = outcomes.filter { $0.status == status }.count
            return n == 0 ? nil : "\(n) \(status.rawValue)"
        }
        return "\(outcomes.count) sessions: " + counts.joined(separator: ", ")
    }
}

/// Runs `afterflow-oembed`, the program beside `afterflow` that makes the one GET.
public enum OEmbedHelper {
    public static let name = "afterflow-oembed"

    public enum Answer: Equatable, Sendable {
        case success(Data)
        case failure(String)
    }

    /// The body of a 2xx answer, or why there is none.
    public static func get(_ url: String, helper: String) -> Answer {
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
