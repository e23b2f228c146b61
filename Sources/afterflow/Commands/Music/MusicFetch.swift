import AfterflowKit
import ArgumentParser
import Foundation

extension Afterflow.MusicCommand {
    struct MusicFetch: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "fetch",
            abstract: "Ask the provider of each session's music link for its title, author and length (needs --online).",
            discussion: """
                The one command of afterflow that uses the network, and only when you add --online: without it, nothing is sent and it says which hosts it would contact. For each session it makes exactly one request, a GET of the provider's oEmbed address (open.spotify.com, www.youtube.com, soundcloud.com, oembed.tidal.com) that carries the link and nothing else of the session: no cookies are sent or kept, redirects are not followed, and after 3 seconds it gives up. Apple Music, Apple Podcasts, Bandcamp and other links have no such address and are never asked.

                What the provider tells is written to the session as music_title, music_author and music_duration (seconds), after music:, changing only those lines and updated. Each is optional: Spotify gives no author, Tidal may give no title, and none gives a length in practice; a detail the answer lacks is left as the file has it. A session whose request fails (no answer in 3 seconds, an HTTP error, an answer that is not JSON) is left unchanged and the reason is said; the others go on, and the exit status is 1 when any failed.

                Examples:
                  afterflow music fetch 2024-12-10           says what it would send
                  afterflow music fetch 2024-12-10 --online
                  afterflow music fetch --all --online       every session with a link
                  afterflow music fetch --all --online --format json
                  afterflow list --where music_provider=soundcloud --format json
                """)

        @OptionGroup var vaultOptions: VaultOptions

        @Argument(help: ArgumentHelp("Sessions: an id prefix (4+ characters), a path, a day (2024-12-10), today, yesterday, or last.", valueName: "ref"))
        var references: [String] = []

        @Flag(help: "Every session and draft with a music link of Spotify, YouTube, SoundCloud or Tidal (others are skipped).")
        var all = false

        @Flag(help: "Allow the network: without it nothing is sent.")
        var online = false

        @Option(help: ArgumentHelp("text (for reading) or json (one object a session).", valueName: "format"))
        var format: DataFormat = .text

        func validate() throws {
            if all && !references.isEmpty { throw ValidationError("give sessions or --all, not both") }
            if !all && references.isEmpty { throw ValidationError("name a session (like 2024-12-10 or last) or give --all") }
        }

        func run() throws {
            let base = try Self.testBase()
            let (store, report) = try vaultOptions.index()
            let vault = store.vault
            var plans: [MusicFetchPlan] = []
            if all {
                plans = try withVaultErrors { try MusicFetchPlan.all(in: store, base: base) }
            } else {
                var seen = Swift.Set<String>()
                for reference in references {
                    let entry = try withVaultErrors {
                        try DocumentReference(reference).resolve(in: store, from: FileManager.default.currentDirectoryPath, now: CommandClock.now, home: LocalPaths.home)
                    }
                    guard seen.insert(entry.path).inserted else { continue }
                    plans.append(MusicFetchPlan(entry: entry, base: base, named: true))
                }
            }
            let requests = plans.compactMap(\.request)
            let again = vaultOptions.hints.command(["music", "fetch"] + (all ? ["--all"] : references) + ["--online"])
            if !online, let consent = MusicFetchPlan.consent(plans, again: again) {
                throw usageError(consent, command: "music fetch")
            }
            var helper: String?
            if !requests.isEmpty {
                guard let found = OEmbedHelper.locate() else {
                    throw usageError("the program that makes the request, afterflow-oembed, is not next to afterflow (\(OEmbedHelper.ownFolder ?? "?")); install both with 'make install'", command: "music fetch")
                }
                helper = found
                if let base { ErrorStream.current.write("note: AFTERFLOW_OEMBED_BASE is set (for tests only): asking \(base.origin) instead of the providers") }
            }
            let bar = ProgressBar("Fetching", minimum: all ? 2 : Int.max)
            let outcomes = MusicFetchPlan.runAll(plans, helper: helper, vault: vault, now: { CommandClock.now }, progress: bar.update)
            bar.finish()
            MusicFetchOutcome.print(outcomes, format: format, vault: vault)
            if format == .text { try store.warnProblems(report, hints: vaultOptions.hints) }
            if outcomes.contains(where: { $0.status == .failed }) { throw Exit.dataProblem }
        }

        /// `AFTERFLOW_OEMBED_BASE`, read only when it is set: another scheme, host and port for
        /// every provider, for the tests' server on loopback.
        static func testBase() throws -> OEmbedRequest.Base? {
            guard let text = ProcessInfo.processInfo.environment["AFTERFLOW_OEMBED_BASE"], !text.isEmpty else { return nil }
            guard let base = OEmbedRequest.Base(text) else {
                throw usageError("AFTERFLOW_OEMBED_BASE (for tests only) must be like http://127.0.0.1:8080, found \"\(text.visible())\"; unset it to ask the providers", command: "music fetch")
            }
            return base
        }
    }
}
