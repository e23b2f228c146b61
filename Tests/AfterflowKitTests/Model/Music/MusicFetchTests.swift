@testable import AfterflowKit
import Foundation
import Testing

@Suite struct MusicFetchTests {
    static func entry(music: String?) -> VaultEntry {
        var text = sessionText(id: "11111111-2222-3333-4444-555555555555")
        if let music { text = text.replacingOccurrences(of: "status: needs-reflection\n", with: "status: needs-reflection\nmusic: \(music)\n") }
        return VaultEntry(path: "sessions/2024/a.md", bytes: Array(text.utf8))
    }

    @Test("a session without a link is skipped under --all and a failure when named")
    func withoutLink() {
        let all = MusicFetchPlan(entry: Self.entry(music: nil), base: nil, named: false)
        let named = MusicFetchPlan(entry: Self.entry(music: nil), base: nil, named: true)
        #expect(all.refusal?.status == .skipped && named.refusal?.status == .failed && all.request == nil)
    }

    @Test("a link whose provider has no oEmbed address is not asked")
    func notAsked() {
        let plan = MusicFetchPlan(entry: Self.entry(music: "https://music.apple.com/us/album/blue-waves/1440857781"), base: nil, named: false)
        #expect(plan.request == nil && plan.refusal?.status == .skipped)
    }

    @Test("a Spotify link makes one request to its provider's host")
    func asksSpotify() {
        let plan = MusicFetchPlan(entry: Self.entry(music: "https://open.spotify.com/playlist/37i9dQZF1DX4dyzvuaRJ0n"), base: nil, named: true)
        #expect(plan.refusal == nil && plan.request?.host == "open.spotify.com")
    }

    @Test("each host is named once, in the order of the plans")
    func hostsOnce() {
        let spotify = MusicFetchPlan(entry: Self.entry(music: "https://open.spotify.com/playlist/a"), base: nil, named: true)
        let youTube = MusicFetchPlan(entry: Self.entry(music: "https://www.youtube.com/watch?v=k3Yp9WqZ2fE"), base: nil, named: true)
        #expect(MusicFetchPlan.hosts([spotify, youTube, spotify]) == ["open.spotify.com", "www.youtube.com"])
    }

    @Test("a refused plan runs without a request and keeps its reason")
    func refusedRun() throws {
        let vault = try TemporaryVault()
        let outcome = MusicFetchPlan(entry: Self.entry(music: nil), base: nil, named: true).run(helper: nil, vault: try vault.vault, now: Date())
        #expect(outcome.status == .failed && outcome.reason == "it has no music link")
    }

    @Test("a helper that cannot start fails the session with the reason")
    func helperMissing() throws {
        let vault = try TemporaryVault()
        let plan = MusicFetchPlan(entry: Self.entry(music: "https://open.spotify.com/playlist/a"), base: nil, named: true)
        let outcome = plan.run(helper: "/nonexistent/afterflow-oembed", vault: try vault.vault, now: Date())
        #expect(outcome.status == .failed && outcome.reason?.hasPrefix("Spotify (open.spotify.com): could not start /nonexistent/afterflow-oembed") == true)
    }

    @Test("the summary counts each result, leaving out those none had")
    func summary() {
        var a = MusicFetchOutcome(path: "a.md", link: nil), b = MusicFetchOutcome(path: "b.md", link: nil)
        a.status = .updated
        b.status = .skipped
        #expect(MusicFetchOutcome.summary([a, b, b]) == "3 sessions: 1 updated, 2 skipped")
    }

    @Test("json carries the result and the reason")
    func json() {
        var outcome = MusicFetchOutcome(path: "a.md", link: nil)
        outcome.reason = "why"
        #expect(outcome.json == .object([("path", .string("a.md")), ("result", .string("failed")), ("reason", .string("why"))]))
    }
}

extension MusicFetchTests {
    @Test("nothing to ask means no consent to ask for")
    func consentWithoutRequests() {
        #expect(MusicFetchPlan.consent([MusicFetchPlan(entry: Self.entry(music: nil), base: nil, named: true)], again: "x") == nil)
    }

    @Test("the consent counts the requests and names each host once")
    func consentCountsRequests() {
        let plans = ["https://open.spotify.com/playlist/a", "https://open.spotify.com/playlist/b"].map {
            MusicFetchPlan(entry: Self.entry(music: $0), base: nil, named: true)
        }
        #expect(MusicFetchPlan.consent(plans, again: "afterflow music fetch --all --online")
                == "music fetch would contact the provider: 2 requests, one a link, to open.spotify.com, carrying the link and nothing else; nothing was sent. To allow it, run: afterflow music fetch --all --online")
    }

    @Test("runAll runs every plan in order and reports progress before each and at the end")
    func runAllReportsProgress() throws {
        let vault = try TemporaryVault()
        let plans = [MusicFetchPlan(entry: Self.entry(music: nil), base: nil, named: true), MusicFetchPlan(entry: Self.entry(music: nil), base: nil, named: false)]
        var steps: [[Int]] = []
        let outcomes = MusicFetchPlan.runAll(plans, helper: nil, vault: try vault.vault, now: { Date() }) { steps.append([$0, $1]) }
        #expect(steps == [[0, 2], [1, 2], [2, 2]] && outcomes.map(\.status) == [.failed, .skipped])
    }
}
