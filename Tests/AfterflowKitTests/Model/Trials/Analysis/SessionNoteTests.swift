import AfterflowKit
import Testing

@Suite struct SessionNoteTests {
    static func refusal(_ result: Result<Document, SessionNoteError>) -> SessionNoteError? {
        if case .failure(let error) = result { return error }
        return nil
    }

    /// Jan 21: s-initial 17 of 20 (15 independent, 2 minimal; 65 % on Jan 14), two-step 8 of 10
    /// correct (7 independent, 1 minimal; a maximal success not counted; 60 % on Jan 14),
    /// wh-questions 8 of 10, all independent, its first session.
    @Test func theDraftOfJanuary21() throws {
        let record = TrialFixture.maya()
        let session = try #require(TrialFixture.session(record, "2025-01-21-1500"))
        assertSnapshot(SessionNote.draft(for: session, record: record, cues: .standard), named: "session-note.md")
    }

    @Test func comparesWithTheLastSessionThatCounts() throws {
        let record = TrialFixture.maya()
        let short = SessionNote.draft(for: try #require(TrialFixture.session(record, "2025-02-04-1500")), record: record, cues: .standard)
        #expect(short.contains("- Produced /s/ in word-initial position in 2 of 8 trials (25 %), all independently; fewer than the 10 trials a session needs to count; down from 80 % last session.\n"))
        let after = SessionNote.draft(for: try #require(TrialFixture.session(record, "2025-02-11-1500")), record: record, cues: .standard)
        #expect(after.contains("in 16 of 20 trials (80 %), with minimal cues in 4; the same as on Jan 28, 2025 (the last session with 10+ trials).\n"))
        #expect(after.contains("- Produce /s/ in word-initial position: steady over the last 5 sessions (50 % → 80 %)") == false)
        #expect(after.contains("; mastered on 2025-02-11: 80 %+ in 3 consecutive sessions of 10+ trials.\n"))
        #expect(after.contains("- Answer wh- questions about a picture (mastered): "), "a phase other than active is named")
        let last = SessionNote.draft(for: try #require(TrialFixture.session(record, "2025-02-18-1500")), record: record, cues: .standard)
        #expect(last.contains("- Turn-taking in a board game: 9 of 13 trials correct (69 %), with moderate cues in 4; the first session on this goal.\n"),
                "a title that does not start with a known verb is used as written")
        #expect(!last.contains("Thompson"))
    }

    static let written = """
        ---
        type: trials
        date: 2025-01-21T15:00:00
        ---

        ## Notes

        ## Trials

        - 15:01:10 s-initial + independent

        """

    @Test func writesIntoAnEmptyNotesSectionAndNowhereElse() throws {
        let original = Document(Self.written)
        let document = try SessionNote.write("**S:**\n\n**P:**\n", into: original).get()
        #expect(String(decoding: document.bytes, as: UTF8.self) == """
            ---
            type: trials
            date: 2025-01-21T15:00:00
            ---

            ## Notes

            **S:**

            **P:**

            ## Trials

            - 15:01:10 s-initial + independent

            """)
        #expect(document.edits.count == 1 && document.edits[0].range == 6..<7, "only the section's blank line is replaced")
        #expect(TrialSession(document: document).trials.count == 1)
    }

    @Test func neverOverwritesTheClinician() throws {
        let record = TrialFixture.maya()
        let session = try #require(TrialFixture.session(record, "2025-01-07-1500"))
        let draft = SessionNote.draft(for: session, record: record, cues: .standard)
        #expect(Self.refusal(SessionNote.write(draft, into: session.session.document)) == .notesNotEmpty(line: 16))
        // Once written, the draft is the clinician's text too.
        let once = try SessionNote.write(draft, into: Document(Self.written)).get()
        #expect(Self.refusal(SessionNote.write(draft, into: once)) == .notesNotEmpty(line: 8))
        // A single word anywhere in the section is enough.
        let word = Self.written.replacingOccurrences(of: "## Notes\n\n", with: "## Notes\n\n\n   ok\n")
        #expect(Self.refusal(SessionNote.write(draft, into: Document(word))) == .notesNotEmpty(line: 9))
        #expect(SessionNoteError.notesNotEmpty(line: 16).description.hasPrefix("the session's notes already hold text (line 16)"))
    }

    @Test func blankLinesAreAnEmptySection() throws {
        let blank = Self.written.replacingOccurrences(of: "## Notes\n\n", with: "## Notes\n\n  \n\t\n")
        let document = try SessionNote.write("**S:**\n", into: Document(blank)).get()
        #expect(TrialSession(document: document).notes == "**S:**")
    }

    @Test func addsAMissingSectionBeforeTheTrials() throws {
        let missing = Self.written.replacingOccurrences(of: "## Notes\n\n", with: "")
        let document = try SessionNote.write("**S:**\n", into: Document(missing)).get()
        #expect(String(decoding: document.bytes, as: UTF8.self).hasSuffix("---\n\n## Notes\n\n**S:**\n\n## Trials\n\n- 15:01:10 s-initial + independent\n"))
        let bare = try SessionNote.write("**S:**\n", into: Document("---\ntype: trials\n---\n\nHello.\n")).get()
        #expect(String(decoding: bare.bytes, as: UTF8.self) == "---\ntype: trials\n---\n\nHello.\n\n## Notes\n\n**S:**\n")
    }

    @Test func refusesAfterAnUnclosedFence() {
        let fenced = "---\ntype: trials\n---\n\n```\nnot closed\n"
        #expect(Self.refusal(SessionNote.write("**S:**\n", into: Document(fenced))) == .unclosedFence(line: 5))
    }
}
