@testable import AfterflowKit
import Foundation
import PropertyBased
import Testing

@Suite struct SessionFormatterTests {
    let formatter = SessionFormatter(timeZone: TimeZone(identifier: "America/Los_Angeles")!)

    @Test func theCanonicalFileIsLeftAlone() throws {
        let bytes = Fixtures.bytes("valid", "canonical.md")
        let formatted = try #require(formatter.format(Session(document: Document(bytes: bytes))))
        #expect(formatted.bytes == bytes)
    }

    @Test func handEditsBecomeCanonicalKeepingCommentsAndTheUsersKeys() throws {
        let bytes = Fixtures.bytes("valid", "comments-unknown-keys-order.md")
        let formatted = try #require(formatter.format(Session(document: Document(bytes: bytes))))
        let text = String(decoding: formatted.bytes, as: UTF8.self)
        #expect(text.hasPrefix("""
            ---
            id: 0A1B2C3D-4E5F-4A6B-8C7D-9E0F1A2B3C4D
            date: 2024-07-14T10:00:00-07:00
            # written by hand
            treatment: lsd   # the app's display name
            mood_before: 6
            status: needs-reflection
            facilitator: Maya
            ---
            # LSD • Jul 14, 2024

            """))
    }

    @Test func aMissingIdIsAddedAndAHandWrittenDateGetsItsOffset() throws {
        let session = Session(parsing: "---\ndate: 2025-02-14 10:00\ntreatment: Ketamine\nmood_before: '4'\n---\n## Intention\n\nBe kind.\n")
        let id = UUID(uuidString: "00000000-0000-4000-8000-000000000001")!
        let formatted = try #require(formatter.format(session, newID: { id }))
        #expect(String(decoding: formatted.bytes, as: UTF8.self) == """
            ---
            id: 00000000-0000-4000-8000-000000000001
            date: 2025-02-14T10:00:00-08:00
            treatment: ketamine
            mood_before: 4
            status: needs-reflection
            ---
            ## Intention

            Be kind.

            """)
    }

    @Test func filesWithErrorsAreNotFormatted() {
        // A treatment that is not a name is an error of the file (one the vault lacks is check's).
        #expect(formatter.format(Session(parsing: "---\ndate: 2024-12-10\ntreatment: magic mushrooms\n---\n")) == nil)
    }

    @Test(arguments: Fixtures.names(in: "valid"))
    func formattingIsIdempotentAndKeepsMeaning(_ name: String) throws {
        let session = Session(document: Document(bytes: Fixtures.bytes("valid", name)))
        let once = try #require(formatter.format(session))
        let twice = try #require(formatter.format(Session(document: once)))
        #expect(twice.bytes == once.bytes)
        let after = Session(document: once)
        #expect(after.diagnostics.isEmpty, "\(after.diagnostics)")
        #expect(after.treatment == session.treatment)
        #expect(after.moodBefore == session.moodBefore)
        #expect(after.tags == session.tags)
        #expect(after.dose == session.dose)
        #expect(after.intention == session.intention)
        #expect(after.reflections == session.reflections)
        #expect(after.document.hasBOM == session.document.hasBOM)
        #expect(after.document.lineEnding == session.document.lineEnding)
    }
}
