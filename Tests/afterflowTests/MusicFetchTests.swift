import Foundation
import Testing

/// `music fetch`, the one command that uses the network (#14), against `oembed_server.py` on
/// loopback, which answers as each provider does and records what it is asked.
@Suite("music fetch", .serialized, .enabled(if: OEmbedServer.python != nil, "needs python3"))
struct MusicFetchTests {
    static let now = "2025-10-20T09:00:00-07:00"

    /// The session files used, with the link each is given (vault-relative path → link).
    static let links: [(path: String, link: String?)] = [
        ("sessions/2024/2024-12-10-psilocybin.md", nil),  // Spotify, as ExampleVault has it
        ("sessions/2025/2025-01-18-dmt.md", "https://www.youtube.com/watch?v=with-duration"),  // CRLF line endings
        ("sessions/2024/2024-08-30-psilocybin.md", nil),  // SoundCloud
        ("sessions/2024/2024-11-02-mescaline.md", "https://tidal.com/browse/playlist/calm-1"),
        ("sessions/2024/2024-07-14-lsd.md", "https://www.youtube.com/watch?v=fail-404"),
        ("sessions/2025/2025-03-09-psilocybin.md", "https://open.spotify.com/playlist/fail-slow"),
        ("sessions/2025/2025-06-21-other.md", "https://soundcloud.com/saltbreath/sets/fail-json"),
        ("sessions/2025/2025-09-20-psilocybin.md", "https://tidal.com/browse/track/fail-redirect"),
    ]

    /// Replaces the `music:` line of a file by hand (not through afterflow), keeping its line ending.
    static func setLink(_ link: String, in file: String) throws {
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let changed = text.replacingOccurrences(of: "(?m)^music: [^\r\n]*", with: "music: " + link, options: .regularExpression)
        guard changed != text else { throw CLIError(description: "no music: line in \(file)") }
        try changed.write(toFile: file, atomically: true, encoding: .utf8)
    }

    static func bytes(_ path: String) -> Data { FileManager.default.contents(atPath: path) ?? Data() }

    @Test("asks each provider once, writes what it answers, and leaves a failed session as it was")
    func fetchesEachProvider() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            for (path, link) in Self.links { if let link { try Self.setLink(link, in: vault + "/" + path) } }
            let before = Dictionary(uniqueKeysWithValues: Self.links.map { ($0.path, Self.bytes(vault + "/" + $0.path)) })
            let server = try OEmbedServer(logPath: sandbox.path("requests.log"))
            defer { server.stop() }
            let result = try sandbox.run(["music", "fetch"] + Self.links.map { vault + "/" + $0.path } + ["--online", "--vault", vault],
                                         environment: ["AFTERFLOW_OEMBED_BASE": server.base, "AFTERFLOW_NOW": Self.now])
            #expect(result.status == 1, "\(result)")

            // Exactly one request a link, to the provider's own path and query, without a cookie.
            let requests = server.requests()
            #expect(requests.count == Self.links.count, "\(requests.map(\.path))")
            #expect(requests.map(\.provider) == ["spotify", "youtube", "soundcloud", "tidal", "youtube", "spotify", "soundcloud", "tidal"])
            for request in requests {
                #expect(request.headers["cookie"] == nil, "\(request.path) sent \(request.headers["cookie"] ?? "")")
                #expect(request.headers["authorization"] == nil)
                #expect(!request.path.hasPrefix("/elsewhere"), "a redirect was followed")
            }
            #expect(Set(requests.map(\.link)).count == Self.links.count)

            // Spotify: a title, no author; only the new line and `updated` differ.
            let spotify = try String(contentsOfFile: vault + "/" + Self.links[0].path, encoding: .utf8)
            let original = String(decoding: before[Self.links[0].path] ?? Data(), as: UTF8.self)
            let expected = original.components(separatedBy: "\n").flatMap { line -> [String] in
                if line.hasPrefix("music: ") { return [line, "music_title: Deep Focus"] }
                if line.hasPrefix("updated: ") { return ["updated: " + Self.now] }
                return [line]
            }.joined(separator: "\n")
            #expect(spotify == expected)

            // YouTube: title, author and (this answer has one) a duration, right after music:, with
            // the file's own CRLF line endings; the rest as it was.
            let youTube = try sandbox.readText(vault + "/" + Self.links[1].path)
            let added = "music_title: Ocean Waves – 8 Hours\r\nmusic_author: Calm Water Channel\r\nmusic_duration: 4980\r\n"
            #expect(youTube.contains("music: https://www.youtube.com/watch?v=with-duration\r\n" + added))
            let youTubeBefore = String(decoding: before[Self.links[1].path] ?? Data(), as: UTF8.self)
            #expect(youTube.replacingOccurrences(of: added, with: "").replacingOccurrences(of: "(?m)^updated: [^\r\n]*", with: "", options: .regularExpression)
                    == youTubeBefore.replacingOccurrences(of: "(?m)^updated: [^\r\n]*", with: "", options: .regularExpression))
            #expect(youTube.contains("updated: \(Self.now)\r\n"))

            // SoundCloud (version a number, width a string): title and author.
            let soundCloud = frontMatterLines(try sandbox.readText(vault + "/" + Self.links[2].path))
            #expect(soundCloud.contains("music_title: Slow Water by Tidepool Sessions"))
            #expect(soundCloud.contains("music_author: Tidepool Sessions"))

            // Tidal gave no title: nothing to write, the file is as it was.
            #expect(Self.bytes(vault + "/" + Self.links[3].path) == before[Self.links[3].path])
            #expect(result.stdout.contains("Unchanged"), "\(result)")
            #expect(result.stdout.contains("Tidal gave no title, author or length"))

            // The four failures: each file byte for byte as it was, each with its reason.
            for failed in Self.links[4...] {
                #expect(Self.bytes(vault + "/" + failed.path) == before[failed.path], "\(failed.path) changed")
            }
            #expect(result.stderr.contains("2024-07-14-lsd.md: not changed: YouTube (127.0.0.1): answered HTTP 404"), "\(result)")
            #expect(result.stderr.contains("2025-03-09-psilocybin.md: not changed: Spotify (127.0.0.1): no answer within 3 seconds"), "\(result)")
            #expect(result.stderr.contains("2025-06-21-other.md: not changed: SoundCloud (127.0.0.1): the answer is not JSON"), "\(result)")
            #expect(result.stderr.contains("2025-09-20-psilocybin.md: not changed: Tidal (127.0.0.1): answered HTTP 302, a redirect to /elsewhere?url=x, not followed"), "\(result)")
            #expect(result.stdout.contains("8 sessions: 3 updated, 1 unchanged, 4 failed"), "\(result)")

            // Offline afterwards: show, list --format json, the report, and the derived provider.
            let show = try sandbox.run(["show", "2025-01-18", "--vault", vault])
            #expect(show.stdout.contains("Ocean Waves – 8 Hours · by Calm Water Channel · 1 hr 23 min"), "\(show)")
            let list = try sandbox.run(["list", "--format", "json", "--vault", vault])
            let rows = try #require(list.json as? [[String: Any]])
            let row = try #require(rows.first { ($0["path"] as? String) == Self.links[1].path })
            #expect(row["music_title"] as? String == "Ocean Waves – 8 Hours")
            #expect(row["music_author"] as? String == "Calm Water Channel")
            #expect(row["music_duration"] as? Int == 4980)
            let soundClouds = try sandbox.run(["list", "--where", "music_provider=soundcloud", "--format", "paths", "--vault", vault], directory: vault)
            #expect(Set(soundClouds.stdoutLines) == [Self.links[2].path, Self.links[6].path], "\(soundClouds)")
            let notSpotify = try sandbox.run(["list", "--where", "music_provider!=spotify", "--format", "paths", "--vault", vault], directory: vault)
            #expect(!notSpotify.stdoutLines.contains(Self.links[0].path))
            #expect(notSpotify.stdoutLines.contains(Self.links[1].path))
            let report = try sandbox.run(["export", "html", "-o", sandbox.path("report.html"), "--vault", vault])
            #expect(report.status == 0, "\(report)")
            let html = try sandbox.readText("report.html")
            #expect(html.contains("Ocean Waves – 8 Hours</a>"))
            #expect(html.contains("· Calm Water Channel</span>"))
            #expect(html.contains("· 1 hr 23 min</span>"))
        }
    }

    @Test("without --online: refuses, names the hosts, and sends nothing")
    func refusesWithoutOnline() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let server = try OEmbedServer(logPath: sandbox.path("requests.log"))
            defer { server.stop() }
            let files = sandbox.files(under: vault + "/sessions").map { vault + "/sessions/" + $0 }
            #expect(files.count > 10)
            let before = files.map { Self.bytes($0) }
            for arguments in [["--all"], ["2024-12-10"]] {
                let result = try sandbox.run(["music", "fetch"] + arguments + ["--vault", vault], environment: ["AFTERFLOW_OEMBED_BASE": server.base])
                #expect(result.status == 64, "\(result)")
                #expect(result.stderr.contains("nothing was sent"), "\(result)")
                #expect(result.stderr.contains("--online"))
                #expect(result.stdout.isEmpty)
            }
            let all = try sandbox.run(["music", "fetch", "--all", "--vault", vault])
            #expect(all.stderr.contains("13 requests, one a link, to open.spotify.com, www.youtube.com, soundcloud.com"), "\(all)")
            #expect(server.requests().isEmpty)
            #expect(files.map { Self.bytes($0) } == before)
        }
    }

    @Test("a link no provider answers for: skipped under --all, a failure when named")
    func linksThatAreNotAsked() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let server = try OEmbedServer(logPath: sandbox.path("requests.log"))
            defer { server.stop() }
            let bandcamp = vault + "/sessions/2024/2024-04-20-cannabis.md"
            let before = Self.bytes(bandcamp)
            let named = try sandbox.run(["music", "fetch", bandcamp, "--online", "--vault", vault], environment: ["AFTERFLOW_OEMBED_BASE": server.base])
            #expect(named.status == 1, "\(named)")
            #expect(named.stderr.contains("Bandcamp has no oEmbed address afterflow asks"), "\(named)")
            let all = try sandbox.run(["music", "fetch", "--all", "--online", "--format", "json", "--vault", vault],
                                      environment: ["AFTERFLOW_OEMBED_BASE": server.base])
            #expect(all.status == 0, "\(all)")
            let items = try #require(all.json as? [[String: Any]])
            #expect(items.count == 17)
            #expect(items.filter { $0["result"] as? String == "skipped" }.count == 4)
            #expect(items.filter { $0["result"] as? String == "updated" }.count == 13)
            #expect(Self.bytes(bandcamp) == before)
            #expect(server.requests().count == 13)
            #expect(!all.stderr.contains("Fetching"), "no progress bar when not on a terminal")
        }
    }

    @Test("--all shows its progress on a terminal", .enabled(if: PseudoTerminal.python != nil, "needs python3"))
    func progressOnATerminal() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let server = try OEmbedServer(logPath: sandbox.path("requests.log"))
            defer { server.stop() }
            let run = try sandbox.runOnPseudoTerminal(["music", "fetch", "--all", "--online", "--vault", vault], directory: ".",
                                                      environment: ["AFTERFLOW_OEMBED_BASE": server.base], steps: [], timeout: 120)
            #expect(run.status == 0, "\(run)")
            #expect(run.screen.contains("Fetching ░░░"), "\(run)")
            #expect(run.screen.contains("/17"), "\(run)")
            #expect(run.screen.contains("17 sessions: 13 updated, 4 skipped"), "\(run)")
        }
    }

    @Test("a file changed while the provider answers: a new link is not overwritten, another change is kept")
    func changedWhileAsking() throws {
        try withSandbox { sandbox in
            let vault = try sandbox.copyExampleVault()
            let server = try OEmbedServer(logPath: sandbox.path("requests.log"))
            defer { server.stop() }
            let file = vault + "/sessions/2024/2024-12-10-psilocybin.md"
            try Self.setLink("https://open.spotify.com/playlist/with-delay", in: file)
            let environment: [String: String?] = ["AFTERFLOW_OEMBED_BASE": server.base, "AFTERFLOW_NOW": Self.now]

            // The link is changed while the server waits: nothing is written over it.
            var running = try sandbox.start(["music", "fetch", file, "--online", "--vault", vault], directory: nil, environment: environment, stdin: nil)
            try Self.waitForRequests(1, server)
            try Self.setLink("https://youtu.be/another", in: file)
            let changed = Self.bytes(file)
            var result = running.finish(timeout: 60)
            #expect(result.status == 1, "\(result)")
            #expect(result.stderr.contains("its music link changed while afterflow asked Spotify; nothing was written"), "\(result)")
            #expect(Self.bytes(file) == changed)

            // Another line changes meanwhile: the title is written into the file as it is now.
            try Self.setLink("https://open.spotify.com/playlist/with-delay", in: file)
            running = try sandbox.start(["music", "fetch", file, "--online", "--vault", vault], directory: nil, environment: environment, stdin: nil)
            try Self.waitForRequests(2, server)
            let text = try String(contentsOfFile: file, encoding: .utf8) + "\nAdded while afterflow asked.\n"
            try text.write(toFile: file, atomically: true, encoding: .utf8)
            result = running.finish(timeout: 60)
            #expect(result.status == 0, "\(result)")
            let after = try String(contentsOfFile: file, encoding: .utf8)
            #expect(after.contains("music_title: Deep Focus"))
            #expect(after.hasSuffix("\nAdded while afterflow asked.\n"))
        }
    }

    static func waitForRequests(_ count: Int, _ server: OEmbedServer) throws {
        let deadline = Date().addingTimeInterval(60)
        while server.requests().count < count {
            guard Date() < deadline else { throw CLIError(description: "the request never came") }
            usleep(20_000)
        }
    }
}
