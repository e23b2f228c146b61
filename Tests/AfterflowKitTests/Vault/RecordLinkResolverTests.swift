@testable import AfterflowKit
import Testing

/// What a link names in a vault: a day's records, a file, a client, a client's goal or trial
/// session, a relative Markdown path; nothing for a name no record answers to.
struct RecordLinkResolverTests {
    static let paths = [
        "sessions/2025/2025-01-10-psilocybin.md",
        "moods/2025/2025-01-10-0830.md",
        "sessions/2025/2025-01-12-other.md",
        "clients/maya-t/client.md",
        "clients/maya-t/goals/s-initial.md",
        "clients/maya-t/sessions/2025/2025-01-14-1500.md",
    ]
    let resolver = RecordLinkResolver(paths: paths)

    func wiki(_ target: String) -> [String] {
        resolver.targets(of: RecordLink(style: .wiki, target: target, text: nil, location: .init(line: 1, column: 1),
                                        targetLocation: .init(line: 1, column: 3), length: target.utf8.count + 4),
                         from: "sessions/2025/2025-01-12-other.md")
    }

    func markdown(_ target: String, from source: String) -> [String] {
        resolver.targets(of: RecordLink(style: .markdown, target: target, text: "x", location: .init(line: 1, column: 1),
                                        targetLocation: .init(line: 1, column: 5), length: 1), from: source)
    }

    @Test func aDayNamesEveryRecordOfIt() {
        #expect(wiki("2025-01-10") == ["moods/2025/2025-01-10-0830.md", "sessions/2025/2025-01-10-psilocybin.md"])
        #expect(wiki("2025-01-11").isEmpty)
    }

    @Test func fileNamesClientsGoalsAndTrialSessions() {
        #expect(wiki("2025-01-10-Psilocybin") == ["sessions/2025/2025-01-10-psilocybin.md"])
        #expect(wiki("maya-t") == ["clients/maya-t/client.md"])
        #expect(wiki("maya-t/s-initial") == ["clients/maya-t/goals/s-initial.md"])
        #expect(wiki("maya-t/2025-01-14") == ["clients/maya-t/sessions/2025/2025-01-14-1500.md"])
        #expect(wiki("sessions/2025/2025-01-12-other.md") == ["sessions/2025/2025-01-12-other.md"])
        #expect(wiki("maya-t/blends").isEmpty)
        #expect(wiki("leo-o").isEmpty)
    }

    @Test func relativeMarkdownPaths() {
        #expect(markdown("2025-01-10-psilocybin.md", from: "sessions/2025/2025-01-12-other.md") == ["sessions/2025/2025-01-10-psilocybin.md"])
        #expect(markdown("../../clients/maya-t/goals/s-initial.md", from: "sessions/2025/x.md") == ["clients/maya-t/goals/s-initial.md"])
        #expect(markdown("2025-01-10-0830.md", from: "sessions/2025/x.md").isEmpty)
        // Three folders up from sessions/2025/ leaves the vault.
        let outside = RecordLink(style: .markdown, target: "../../../x.md", text: nil, location: .init(line: 1, column: 1),
                                 targetLocation: .init(line: 1, column: 1), length: 1)
        #expect(RecordLinkResolver.key(of: outside, from: "sessions/2025/a.md") == nil)
    }
}
