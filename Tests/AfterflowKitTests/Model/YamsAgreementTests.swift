@testable import AfterflowKit
import Foundation
import Testing
import Yams

/// Yams, an independent YAML reader, reads what `fmt` writes for every ExampleVault session to the
/// same values as our reader. (The practice's files have their own test in TrialKindsTests.)
@Suite struct YamsAgreementTests {
    @Test(arguments: Fixtures.exampleVaultFiles.filter { $0.hasSuffix(".md") && $0.hasPrefix("sessions/") })
    func formattedExampleFilesReadTheSameInYams(_ path: String) throws {
        let zone = TimeZone(identifier: "America/Los_Angeles")!
        let session = Session(document: Document(bytes: Fixtures.exampleVaultBytes(path)))
        let formatted = try #require(SessionFormatter(timeZone: zone).format(session))
        let text = String(decoding: formatted.bytes, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
        let yaml = try #require(text.components(separatedBy: "\n---\n").first?.dropFirst(4))
        let loaded = try #require(try Yams.load(yaml: String(yaml)) as? [String: Any])
        let ours = Session(document: formatted)
        #expect(loaded["id"] as? String == ours.id?.uuidString)
        #expect(loaded["treatment"] as? String == ours.treatment?.rawValue)
        #expect(loaded["administration"] as? String == ours.administration?.rawValue)
        #expect(loaded["mood_before"] as? Int == ours.moodBefore)
        #expect(loaded["mood_after"] as? Int == ours.moodAfter)
        #expect(loaded["status"] as? String == ours.status.rawValue)
        #expect((loaded["tags"] as? [String]) ?? [] == ours.tags)
        #expect(loaded["music"] as? String == ours.music)
        if let dose = ours.dose { #expect(loaded["dose"] as? String == dose) }
        if let date = ours.date, !date.isDayOnly {
            let theirs = try #require(loaded["date"] as? Date)
            #expect(Int(theirs.timeIntervalSince1970) == date.epochSeconds(in: zone))
        }
    }
}
